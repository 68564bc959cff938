"""The replay's short way (``engine.texas.record._replayed``, ``LiveTexas.replay_moves``) against the long one
(``engine.core.trickhand.replay_record`` through ``LiveTexas.apply``): the same finished hand for every record
of rule and random bots (No Tricks and kept cards included), and for broken records the same error, word for
word, or the same result."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine.core.trickhand import replay_record
from engine.texas.live import LiveTexas, TexasError, start
from engine.texas.record import _replayed, play_hand, record_rules, replay
from engine.texas.rules import PRESETS

SEATS = ("D", "C", "B", "A")


def long_way(record: Any) -> Any:
    return replay_record(record, start, record_rules, TexasError)


def state(hand: LiveTexas) -> dict[str, Any]:
    """What a finished hand holds, the play's and the suits' counts included."""
    out = {k: v for k, v in vars(hand).items() if k not in ("play", "_counts", "_choices")}
    play = hand.play
    if play is not None:
        out["play"] = (play.hands, play.trick, play.tricks, play.leader)
    out["counts"] = hand.counts
    return out


def records(preset: str, n: int) -> list[dict[str, Any]]:
    rules = PRESETS[preset]
    out = []
    for seed in range(n):
        out.append(play_hand(seed, rules, SEATS).record())
        out.append(play_hand(seed, rules, SEATS, bots=("random",)).record())
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_short_way_gives_the_long_ways_hand(preset: str) -> None:
    for record in records(preset, 150):
        short = _replayed(copy.deepcopy(record))
        assert short is not None
        long = long_way(record)
        assert state(short.hand) == state(long.hand)
        assert short.summary == long.summary
        assert short.payments == long.payments


def outcome(replayer: Any, record: Any) -> Any:
    try:
        done = replayer(record)
    except TexasError as exc:
        return ("error", str(exc))
    return ("done", done.summary, done.payments, state(done.hand))


@pytest.mark.parametrize("preset", list(PRESETS))
def test_broken_records_fail_as_the_long_way_says(preset: str) -> None:
    rng = random.Random(preset)
    for record in records(preset, 12):
        moves = record["moves"]
        for _ in range(40):
            broken = copy.deepcopy(record)
            i = rng.randrange(len(moves))
            what = rng.randrange(7)
            if what == 0:  # another seat
                broken["moves"][i]["seat"] = rng.choice(SEATS)
            elif what == 1:  # another move's code, a card most often
                broken["moves"][i]["code"] = rng.choice(moves)["code"]
            elif what == 2:  # a move left out
                del broken["moves"][i]
            elif what == 3:  # a move twice
                broken["moves"].insert(i, dict(moves[i]))
            elif what == 4:  # a code that is not a text, or spaced oddly
                broken["moves"][i]["code"] = rng.choice([None, 7, ["play"], " " + moves[i]["code"] + " "])
            elif what == 5:  # a move with a key more, or one less
                broken["moves"][i] = rng.choice([{**moves[i], "x": 1}, {"seat": moves[i]["seat"]}])
            else:  # the last moves cut off
                del broken["moves"][i:]
            assert outcome(replay, copy.deepcopy(broken)) == outcome(long_way, broken)
