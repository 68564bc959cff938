"""Playing Talon hands live for the tests: bots, arranged deals, and the oracle of what a seat may know."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from engine.core.live import LiveDeal
from engine.talon.live import TalonHand, start
from engine.talon.packs import PACKS, SUIT_OF
from engine.talon.rules import PRESETS, Rules

SEATS = "ABCDEF"
CARD_NAMES = frozenset(PACKS[6].cards)
WORD = re.compile(r"[A-Za-z0-9]+")


def seats(size: int) -> tuple[str, ...]:
    return tuple(SEATS[:size])


def new(seed: int, rules: Rules | str = "standard", size: int = 4, stake: int = 1) -> TalonHand:
    if isinstance(rules, str):
        rules = PRESETS[rules]
    return start(LiveDeal(seed, rules, seats(size), stake, "Z"))


def played(seed: int, rules: Rules | str = "standard", size: int = 4, bot: str = "rule") -> TalonHand:
    """A hand played to its end by ``bot`` ("rule", "random" or "mixed")."""
    hand = new(seed, rules, size)
    rng = random.Random(seed)
    while not hand.done:
        kind = bot if bot != "mixed" else rng.choice(("rule", "random"))
        hand.apply(hand.bot_move(kind, rng))
    return hand


def first(size: int, rules: Rules | str, test: Any, start_seed: int = 0, bot: str = "rule") -> TalonHand:
    """The first hand from ``start_seed`` on, played by the rule bot step by step, at which ``test(hand)``
    holds (checked before each move and at the end)."""
    for seed in range(start_seed, start_seed + 5000):
        hand = new(seed, rules, size)
        rng = random.Random(seed)
        while True:
            if test(hand):
                return hand
            if hand.done:
                break
            hand.apply(hand.bot_move(bot, rng))
    raise AssertionError("no such hand")


def at_play(
    hands: dict[str, list[str]], rules: Rules | str = "introductory", *, misere: bool = False
) -> TalonHand:
    """A hand whose play starts with ``hands`` (seats A.. from the forehand), no declarer: a misère when
    ``misere``, else a preference of A with nothing discarded (for the rules of play only)."""
    size = len(hands)
    hand = new(next(s for s in range(100) if new(s, rules, size).phase != "annul"), rules, size)
    hand.hands = {s: list(cards) for s, cards in hands.items()}
    if misere:
        hand._start_misere()
    else:
        hand.declarer, hand.contract = "A", "preference"
        hand._start_play()
    return hand


def named(value: Any) -> set[str]:
    """The card names in a JSON value (its keys included)."""
    return CARD_NAMES.intersection(WORD.findall(json.dumps(value, ensure_ascii=False)))


def known(hand: TalonHand, seat: str | None) -> set[str]:
    """The cards whose place ``seat`` (None: a spectator) may know, from the hand's state alone."""
    cards: set[str] = set()
    if hand.play is not None:
        cards |= {c for _leader, trick, _winner in hand.play.tricks for c in trick}
        cards |= {c for _s, c in hand.play.trick}
    if hand.talon_open:
        cards |= set(hand.talon)
    cards |= {c for c in hand.discards if SUIT_OF[c] == "T"}
    cards |= set(hand.laid_out.values())
    for tops in hand.tops.values():
        cards |= set(tops)
    for shown in hand.shown.values():
        cards |= set(shown)
    if seat is not None:
        cards |= set(hand.dealt[seat]) | set(hand.hands[seat])
        if seat == hand.declarer:
            cards |= set(hand.discards)
    return cards


def view_cards(view: dict[str, Any]) -> set[str]:
    """The cards a view names where it places them: all but the called card (named, not placed), the
    seat's own choices, and the result once the hand is over."""
    rest = {k: v for k, v in view.items() if k not in ("called", "choices", "result")}
    rest["announcements"] = [a for a in view["announcements"] if not a["say"].startswith("call ")]
    return named(rest)
