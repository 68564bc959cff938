"""Helpers of the Slovenian Tarok tests."""

from __future__ import annotations

from typing import Any

SEATS = ["A", "B", "C"]


def hand(**fields: Any) -> dict[str, Any]:
    """A summary at the table A, B, C (A bids first) with ``fields``."""
    return {"seats": list(SEATS), **fields}


def silent(side: str = "declarer", made: bool = True) -> dict[str, Any]:
    return {"side": side, "announced": False, "made": made}


def announced(side: str = "declarer", made: bool = True) -> dict[str, Any]:
    return {"side": side, "announced": True, "made": made}


# --- live play ------------------------------------------------------------------------------------------
def deal_of(seed: int = 0, preset: str = "bled", stake: int = 1, **options: Any) -> Any:
    """The live deal of ``seed`` at the table A, B, C (A bids first) under ``preset`` with ``options``."""
    from engine.core.live import LiveDeal
    from engine.slovenian.rules import resolve_rules

    return LiveDeal(seed=seed, rules=resolve_rules(preset, options or None), seats=tuple(SEATS), stake=stake,
                    dealer="C")  # fmt: skip


def new_hand(seed: int = 0, preset: str = "bled", **options: Any) -> Any:
    from engine.slovenian.live import start

    return start(deal_of(seed, preset, **options))


def played_out(hand: Any, kind: str = "rule", seed: int = 0) -> Any:
    """``hand`` played to its end by the bots ``kind``."""
    import random

    rng = random.Random(seed)
    while not hand.done:
        hand.apply(hand.bot_move(kind, rng))
    return hand


def rigged(
    cards: dict[str, list[str]], talon: list[str] | None = None, preset: str = "bled", **options: Any
) -> Any:
    """A hand at step 0 dealt as ``cards`` (seat -> some of its cards; the rest of each 16 and of the
    6-card ``talon`` filled from the pack in order), for the rules' own tests (it replays from no seed)."""
    from engine.slovenian.cards import CARDS

    hand = new_hand(0, preset, **options)
    used = {c for cs in cards.values() for c in cs} | set(talon or [])
    rest = [c for c in CARDS if c not in used]
    full = {}
    for s in SEATS:
        mine = list(cards.get(s, []))
        while len(mine) < 16:
            mine.append(rest.pop())
        full[s] = mine
    pile = list(talon or [])
    while len(pile) < 6:
        pile.append(rest.pop())
    assert not rest
    hand.hands = full
    hand.talon = pile
    hand.phase, hand._turn = "bidding", "A"
    return hand
