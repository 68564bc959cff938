"""Hand records of three-handed Slovenian tarok: the envelope (``engine.core.record``) with the ``dealer``,
the ``carry`` (the radelci the hand was dealt with: ``engine.slovenian.carry``) and the ``moves``
(``engine.core.trickhand``; engine/schemas/slovenian/hand-record.schema.json), replayed by ``replay`` (both
ways read the envelope with ``record_deal``, so the carry reaches the hand, which checks it when dealt);
``bot_record`` plays a whole hand with the rule bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.live import LiveDeal
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.trickhand import Replayed, record_deal, replay_record
from engine.slovenian.live import TarokError, TarokHand, start
from engine.slovenian.rules import PRESETS, Rules, resolve_rules

_RULES_CACHE: dict[str, Rules] = {}


def record_rules(spec: Any) -> Rules:
    """The rules a record's ``rules`` spec names (None: the default preset); raises TarokError naming
    ``rules``. Cached by the spec's text: a replay resolves the same few specs again and again."""
    if type(spec) is str and spec in PRESETS:
        return PRESETS[spec]
    try:
        key = repr(spec)
    except (RecursionError, ValueError):  # nested too deeply, or an integer too long to print
        key = ""
    rules = _RULES_CACHE.get(key) if key else None
    if rules is None:
        try:
            rules = resolve_rules(spec)
        except RulesError as exc:
            raise TarokError("rules", exc) from None
        except RecursionError:
            raise TarokError(
                "rules", Message("rules_spec", _("must be a preset name or an object {preset, options}"))
            ) from None
        if key and len(_RULES_CACHE) < 256:
            _RULES_CACHE[key] = rules
    return rules


def replay(record: Any) -> Replayed:
    """Replay a hand record: ``.summary`` and ``.payments`` of the hand, or TarokError naming the first
    thing wrong (a field, or the move that breaks a rule).

    A regular record (as ``TarokHand.record`` writes it) takes a fast way, ``_fast_replay``; anything it
    does not take, and every record with something wrong, is replayed by ``replay_record``, which names
    the error (so both ways give the same answer: tests/engine/slovenian/test_record_replay.py)."""
    done = _fast_replay(record)
    if done is not None:
        return done
    return replay_record(record, start, record_rules, TarokError)


def _fast_replay(record: Any) -> Replayed | None:
    """The replay of a regular, legal record without the generic per-move checks' cost (a dict record,
    dict moves with their seat to move and codes the hand lists); None when anything is irregular or
    refused: ``replay_record`` then replays it and names what is wrong."""
    if type(record) is not dict or type(record.get("seats")) is not list or len(record["seats"]) != 3:
        return None
    try:
        deal, moves = record_deal(record, record_rules, TarokError)
        hand = TarokHand(deal)
        i, n = 0, len(moves)
        while i < n:
            if hand.play is not None:
                i = hand.fast_plays(moves, i)
                if i == n:
                    break
                if hand.play is not None and not hand.done:
                    return None  # a play the fast way would not take: the base's checks name it
            move = moves[i]
            if type(move) is not dict or len(move) != 2 or "code" not in move:
                return None
            if move.get("seat") != hand.to_move() or hand.done:
                return None
            hand.apply(move["code"])
            i += 1
    except EngineError:
        return None
    if not hand.done:
        return None
    return Replayed(hand=hand, summary=hand.summary(), payments=hand.payments())


def bot_record(seed: int, rules: Any, seats: Sequence[str], stake: int = 1) -> dict[str, Any]:
    """A hand dealt by ``seed`` and played to the end by the rule bots: its record."""
    rules = rules if isinstance(rules, Rules) else record_rules(rules)
    hand = TarokHand(LiveDeal(seed=seed, rules=rules, seats=tuple(seats), stake=stake))
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(hand.rule_bot(rng))
    return hand.record()


__all__ = ["bot_record", "record_rules", "replay"]
