"""Königrufen hand records: ``replay(record)`` (``engine.core.trickhand.replay_record`` with the game's
error and rules) and ``bot_record``, a hand played to the end by the rule bots.

A record (engine/schemas/koenigrufen/hand-record.schema.json, version 1) is the envelope (``game``
"koenigrufen", ``version``, ``rules``, ``seats``: the four players from the first player on, ``stake``,
``seed``), the ``dealer`` (at a five-seat table the fifth label, who plays a Fahren) and the ``moves``,
each ``{"seat", "code"}`` in the codes of ``engine.koenigrufen.live``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.live import LiveDeal
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.trickhand import Replayed, record_deal, replay_record
from engine.koenigrufen.live import GAME_ID, KoenigrufenError, KoenigrufenHand, start
from engine.koenigrufen.rules import Rules, resolve_rules


def record_rules(spec: Any) -> Rules:
    """The rules a record's ``rules`` spec names (None: the default preset); KoenigrufenError naming
    ``rules`` otherwise."""
    try:
        return resolve_rules(spec)
    except EngineError as exc:
        raise KoenigrufenError("rules", exc) from None


def replay(record: Any) -> Replayed:
    """Replay a hand record: ``.summary``, ``.payments`` (and ``.hand``); raises KoenigrufenError.

    ``engine.core.trickhand.replay_record`` is the replay; a well-formed record (plain dicts and lists, every
    move legal) is first played on a lean path making exactly its checks, and whatever that path would not
    accept goes to ``replay_record`` itself, which names the error (the two agree:
    tests/engine/koenigrufen/test_record_replay.py). The lean path saves the core loop's per-move costs."""
    if isinstance(record, Mapping) and record.get("game", GAME_ID) != GAME_ID:
        raise KoenigrufenError(
            "game",
            Message(
                "kr_record_game", _("names another game; this replay reads %(value)s records"), value=GAME_ID
            ),
        )
    fast = lean_replay(record)
    if fast is not None:
        return fast
    return replay_record(record, start, record_rules, KoenigrufenError)


def lean_replay(record: Any) -> Replayed | None:
    """``replay_record``'s result for a record it accepts, its checks made cheaply; None for anything it
    might refuse (it then says why)."""
    if type(record) is not dict:
        return None
    try:
        deal, moves = record_deal(record, record_rules, KoenigrufenError)
        hand = start(deal)
        apply, count, i = hand._apply, len(moves), 0  # ``apply`` less its shortcut for a card
        while i < count:
            phase = hand.phase
            if phase == "play":
                i = hand.checked_plays(moves, hand.fast_plays(moves, i))
                if i >= count:
                    break
            elif phase == "announcements":
                i = hand.fast_passes(moves, i)
                if i >= count:
                    break
                if hand.phase == "play":
                    continue
            move = moves[i]
            if type(move) is not dict or len(move) != 2 or "code" not in move:
                return None
            mover = hand._mover
            if mover is None or move.get("seat") != mover:
                return None
            apply(move["code"])
            i += 1
    except EngineError:
        return None
    if not hand.done:
        return None
    return Replayed(hand=hand, summary=hand.summary(), payments=hand.payments())


def play_hand(
    seed: int,
    rules: Any = None,
    seats: Sequence[str] = ("A", "B", "C", "D"),
    stake: int = 1,
    dealer: str | None = None,
    bots: Sequence[str] = ("rule",),
    rng: random.Random | None = None,
) -> KoenigrufenHand:
    """A hand dealt by ``seed`` played to the end by ``bots`` (one kind per seat, or one for all)."""
    rules = rules if isinstance(rules, Rules) else record_rules(rules)
    hand = start(LiveDeal(seed=seed, rules=rules, seats=tuple(seats), stake=stake, dealer=dealer))
    rng = rng or random.Random(seed)
    kinds = dict(
        zip([*seats, dealer or ""], [*bots] * 6 if len(bots) == 1 else [*bots, bots[0]], strict=False)
    )
    while not hand.done:
        seat = hand.to_move()
        hand.apply(hand.bot_move(kinds.get(seat, bots[0]), rng))  # type: ignore[arg-type]
    return hand


def bot_record(
    seed: int, rules: Any = None, seats: Sequence[str] = ("A", "B", "C", "D"), stake: int = 1
) -> dict[str, Any]:
    """A hand dealt by ``seed`` and played to the end by the rule bots, as its record."""
    seats = list(seats)
    dealer = seats[4] if len(seats) == 5 else None
    return play_hand(seed, rules, seats[:4], stake, dealer).record()


__all__ = ["bot_record", "play_hand", "record_rules", "replay"]
