"""Texas Tarock hand records (``engine/schemas/texas/hand-record.schema.json``, version 1): the envelope
(game, version, rules, seats, stake, seed), the ``dealer`` and the ``moves``, each ``{"seat", "code"}`` in
the live codes (``engine.texas.live``). ``replay`` deals from the seed and applies every move
(``engine.core.trickhand.replay_record``); ``bot_record`` plays a whole hand with the rule bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.live import LiveDeal
from engine.core.messages import EngineError
from engine.core.rules import RulesError
from engine.core.trickhand import Replayed, record_deal, replay_record
from engine.texas.live import LiveTexas, TexasError, start
from engine.texas.rules import Rules, resolve_rules


def record_rules(spec: Any) -> Rules:
    """The rules a record's ``rules`` spec names; TexasError naming ``rules`` otherwise."""
    try:
        return resolve_rules(spec)
    except RulesError as exc:
        raise TexasError("rules", exc) from None
    except (TypeError, ValueError) as exc:  # an option value the checks let through but the rules refuse
        raise TexasError("rules", str(exc)) from None


def replay(record: Any) -> Replayed:
    """Replay a record: ``.summary``, ``.payments`` and the finished ``.hand``; TexasError names the first
    thing wrong.

    A record as the engine writes it goes the short way (``_replayed``), which checks every move as the
    hand's ``apply`` does; anything it does not plainly accept (an odd envelope, a move out of turn, a code
    it would refuse) is replayed again from the start by ``engine.core.trickhand.replay_record``, which
    names the first thing wrong. Both give the same hand for every record the short way accepts."""
    replayed = _replayed(record)
    if replayed is not None:
        return replayed
    return replay_record(record, start, record_rules, TexasError)


def _replayed(record: Any) -> Replayed | None:
    """The replay of a well-formed record, or None for anything else (``replay`` then goes the long way).
    The envelope is read by ``record_deal``, as ``replay_record`` reads it (here four seats only)."""
    seats = record.get("seats") if type(record) is dict else None
    if type(seats) is not list or len(seats) != 4:
        return None
    try:
        deal, moves = record_deal(record, record_rules, TexasError)
        hand = start(deal)
    except (EngineError, TypeError, ValueError):
        return None
    if not hand.replay_moves(moves):
        return None
    return Replayed(hand=hand, summary=hand.summary(), payments=hand.payments())


def play_hand(
    seed: int, rules: Any, seats: Sequence[str], stake: int = 1, bots: Sequence[str] = ("rule",)
) -> LiveTexas:
    """A hand dealt by ``seed`` and played to the end by ``bots`` (one kind, or one per seat in order)."""
    hand = start(LiveDeal(seed=seed, rules=rules, seats=tuple(seats), stake=stake))
    rng = random.Random(seed)
    kinds = dict(zip(hand.seats, list(bots) * 4 if len(bots) == 1 else bots, strict=False))
    while not hand.done:
        seat = hand.turn
        assert seat is not None
        hand.apply(hand.bot_move(kinds[seat], rng))
    return hand


def bot_record(seed: int, rules: Any, seats: Sequence[str], stake: int = 1) -> dict[str, Any]:
    """The record of a hand dealt by ``seed`` and played to the end by the rule bots."""
    return play_hand(seed, rules, seats, stake).record()


__all__ = ["bot_record", "play_hand", "record_rules", "replay"]
