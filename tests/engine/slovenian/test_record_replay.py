"""Hand records of Slovenian tarok: what the live hand writes replays to the same summary and payments, the
descriptor scores them alike, the fast replay answers as ``replay_record`` does, and no record, however
mangled, raises anything but the engine's errors."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.messages import EngineError
from engine.core.trickhand import replay_record
from engine.slovenian.game import DESCRIPTOR
from engine.slovenian.live import TarokError, start
from engine.slovenian.record import bot_record, record_rules, replay
from engine.slovenian.rules import PRESETS

from .conftest import SEATS, deal_of, played_out

RECORD_SCHEMA = jsonschema.Draft202012Validator(
    json.loads(
        (Path(__file__).resolve().parents[3] / "engine/schemas/slovenian/hand-record.schema.json").read_text()
    )
)
HANDS = 2000


def _core(record: Any) -> Any:
    return replay_record(record, start, record_rules, TarokError)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bot_hands_replay_to_their_summary_and_the_descriptor_scores_them_alike(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(preset)
    contracts: set[str] = set()
    for seed in range(HANDS):
        if seed % 4 == 3:  # a quarter with random bots: the contracts the rule bot never bids
            hand = played_out(start(deal_of(seed, preset)), "random", seed)
            record = hand.record()
            live = (hand.summary(), hand.payments())
        else:
            record = bot_record(seed, rules, SEATS, rng.choice((1, 1, 2)))
            live = None
        replayed = DESCRIPTOR.replay(record)
        if live is not None:
            assert (replayed.summary, replayed.payments) == live
        scored = DESCRIPTOR.score(replayed.summary, rules)
        assert scored["payments"] == replayed.payments
        assert sum(replayed.payments.values()) == 0
        contracts.add(replayed.summary.get("contract", "annulled"))
        if seed % 200 == 0:
            RECORD_SCHEMA.validate(record)
            again = _core(record)
            assert (again.summary, again.payments) == (replayed.summary, replayed.payments)
    assert {"klop", "trojka", "dvojka"} <= contracts


def test_bot_record_is_the_same_hand_for_the_same_seed() -> None:
    one = bot_record(11, PRESETS["bled"], SEATS, 1)
    assert one == bot_record(11, "bled", SEATS, 1)
    assert one["game"] == "slovenian"
    assert one["version"] == 1
    assert one["seats"] == SEATS
    assert one["rules"] == "bled"
    assert one["moves"][0] == {"seat": "A", "code": "bid trojka"}


def test_a_record_with_options_names_them_and_replays_by_them() -> None:
    rules = DESCRIPTOR.resolve_rules("bled", {"emperor_trick": False, "klop_limit": 36})
    record = bot_record(3, rules, SEATS, 1)
    assert record["rules"] == {"preset": "bled", "options": {"emperor_trick": False, "klop_limit": 36}}
    assert replay(record).hand.rules == rules


def _records() -> list[dict[str, Any]]:
    out = [bot_record(seed, PRESETS[p], SEATS, 1) for seed in range(6) for p in sorted(PRESETS)]
    for seed in range(6):
        out.append(played_out(start(deal_of(seed, "classic")), "random", seed).record())
    return out


RECORDS = _records()


def _same_answer(record: Any) -> None:
    """``replay`` answers ``record`` as ``replay_record`` does: the same result, or the same error."""
    try:
        ours = replay(record)
    except EngineError as exc:
        error = exc
    else:
        theirs = _core(record)
        assert (ours.summary, ours.payments) == (theirs.summary, theirs.payments)
        return
    assert isinstance(error, TarokError), type(error)
    with pytest.raises(EngineError) as caught:
        _core(record)
    assert (str(caught.value), caught.value.code) == (str(error), error.code)


def test_broken_records_are_refused_naming_the_field_or_the_move() -> None:
    record = copy.deepcopy(RECORDS[0])
    cases = {
        "record": [],
        "version": {**record, "version": 2},
        "seed": {**record, "seed": -1},
        "seats": {**record, "seats": ["A", "B"]},
        "stake": {**record, "stake": 0},
        "rules": {**record, "rules": "nope"},
        "moves": {**record, "moves": record["moves"][:-1]},
        "moves[0].seat": {**record, "moves": [{"seat": "B", "code": "pass"}, *record["moves"][1:]]},
        "moves[0].code": {**record, "moves": [{"seat": "A", "code": "pass"}, *record["moves"][1:]]},
        "moves[1]": {**record, "moves": [record["moves"][0], ["B", "pass"], *record["moves"][2:]]},
    }
    for field, broken in cases.items():
        with pytest.raises(TarokError) as caught:
            replay(broken)
        assert str(caught.value.where[0]) == field, (field, caught.value)
        _same_answer(broken)
    with pytest.raises(TarokError) as caught:
        replay(cases["moves[0].code"])
    assert caught.value.where[1].code == "step_move_seat"  # the step, then the rule


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**65), 2**65)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
CODES = st.sampled_from(
    ["pass", "bid trojka", "bid solo", "game klop", "kontra klop", "take 1", "take 9", "discard HK",
     "announce trula", "kontra game", "play XXI", "play I", "play HK", "annul", "play  SKIZ", " pass "]
)  # fmt: skip


@st.composite
def mutated(draw: Any) -> Any:
    record = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    how = draw(st.integers(0, 7))
    moves = record["moves"]
    if how == 0:
        record[draw(st.sampled_from(sorted(record)))] = draw(JSONISH)
    elif how == 1:
        i = draw(st.integers(0, len(moves) - 1))
        moves[i]["code"] = draw(CODES | st.text(max_size=10))
    elif how == 2:
        i = draw(st.integers(0, len(moves) - 1))
        moves[i] = draw(JSONISH)
    elif how == 3:
        i, j = draw(st.integers(0, len(moves) - 1)), draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == 4:
        del moves[draw(st.integers(0, len(moves) - 1)) :]
    elif how == 5:
        moves.append({"seat": draw(st.sampled_from(SEATS)), "code": draw(CODES)})
    elif how == 6:
        i = draw(st.integers(0, len(moves) - 1))
        moves[i]["seat"] = draw(st.sampled_from([*SEATS, "D", None, 1]))
    else:
        return draw(JSONISH)
    return record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_any_mangled_record_raises_only_engine_errors_and_both_replays_agree(record: Any) -> None:
    try:
        result = replay(record)
    except TarokError:
        pass
    else:
        assert sum(result.payments.values()) == 0
    _same_answer(record)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["preset", "options", "x"]), JSONISH, max_size=3) | JSONISH)
def test_any_rules_spec_is_read_or_refused_naming_rules(spec: Any) -> None:
    record = {**RECORDS[0], "rules": spec}
    where = "read"
    try:
        replay(record)
    except TarokError as exc:
        where = str(exc.where[0])
    assert where in ("read", "rules", "moves") or where.startswith("moves[")


def _rebuilt(deal: Any, codes: list[str]) -> Any:
    hand = start(deal)
    for code in codes:
        hand.apply(code)
    return hand


def test_the_short_ways_of_apply_accept_exactly_what_the_bases_apply_accepts() -> None:
    from engine.core.trickhand import TrickHand

    tried = 0
    for seed in range(8):
        deal = deal_of(seed, "classic" if seed % 2 else "bled")
        hand = start(deal)
        rng = random.Random(seed)
        while not hand.done:
            listed = [c.code for c in hand.choices() if not c.pick]
            candidates = {
                *listed[:6],
                "pass",
                "play XXI",
                "play HK",
                "play I",
                "bid trojka",
                "take 1",
                "annul",
            }
            candidates |= {"kontra game", "announce trula", "game klop", "kontra klop", " pass", "play  SKIZ"}
            for code in sorted(candidates):
                fast, base = _rebuilt(deal, hand.codes), _rebuilt(deal, hand.codes)
                outcomes = []
                for way, target in ((_subclass_apply, fast), (TrickHand.apply, base)):
                    try:
                        way(target, code)
                        outcomes.append(("ok", target.codes[-1], target.to_move()))
                    except EngineError as exc:
                        outcomes.append(("refused", str(exc), target.step))
                assert outcomes[0] == outcomes[1], (code, outcomes)
                tried += 1
            hand.apply(hand.bot_move("random" if seed % 3 else "rule", rng))
    assert tried > 400


def _subclass_apply(hand: Any, code: str) -> None:
    hand.apply(code)
