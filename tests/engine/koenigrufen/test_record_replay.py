"""Königrufen records: a bot hand's record replays to the live hand's summary and payments (2,000 hands a
preset), the descriptor scores that summary to the same payments, every payment sums to zero; mutated and
garbage records are refused with the game's errors only (Hypothesis); the record's schema."""

from __future__ import annotations

import copy
import dataclasses
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
from engine.koenigrufen.game import DESCRIPTOR as KR
from engine.koenigrufen.live import KoenigrufenError, start
from engine.koenigrufen.record import bot_record, lean_replay, play_hand, record_rules, replay
from engine.koenigrufen.rules import PRESETS

SCHEMA = (
    Path(__file__).resolve().parents[3] / "engine" / "schemas" / "koenigrufen" / "hand-record.schema.json"
)
HANDS_PER_PRESET = 2000


@pytest.mark.parametrize("preset", list(PRESETS))
def test_bot_hands_replay_to_their_summary_and_payments(preset: str) -> None:
    plain = PRESETS[preset]
    joined = dataclasses.replace(plain, fahren_dealer_plays_live=True)  # 18.11: the dealer joins a Fahren
    kinds: set[str] = set()
    for seed in range(HANDS_PER_PRESET):
        dealer = "E" if seed % 5 == 0 else None  # a five-seat table now and then
        rules = joined if seed % 10 == 0 else plain
        hand = play_hand(seed, rules, dealer=dealer)
        record = hand.record()
        replayed = replay(record)
        assert replayed.summary == hand.summary()
        assert replayed.payments == hand.payments()
        assert KR.score(replayed.summary, rules)["payments"] == replayed.payments
        assert sum(replayed.payments.values()) == 0
        kinds.add(hand.contract or "")
    assert {"rufer", "trischaken"} <= kinds


def test_bot_record_is_the_descriptors_and_matches_the_schema() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    for seed in range(30):
        record = KR.bot_record(seed, "raiffeisen", ["N", "E", "S", "W"], 2)
        jsonschema.validate(record, schema)
        assert record["game"] == "koenigrufen"
        assert record["stake"] == 2
        assert record["seats"] == ["N", "E", "S", "W"]
        assert KR.replay(record).payments == replay(record).payments
        assert json.loads(json.dumps(record)) == record
    five = bot_record(3, None, ["A", "B", "C", "D", "E"])
    assert five["dealer"] == "E"
    assert five["seats"] == ["A", "B", "C", "D"]
    jsonschema.validate(five, schema)


def test_record_rules_reads_a_spec_and_names_the_record() -> None:
    assert record_rules(None) is PRESETS["wiener_tarockcup"]
    assert record_rules({"preset": "vacha_lk", "options": {"kaiserstich": False}}).kaiserstich is False
    with pytest.raises(KoenigrufenError) as caught:
        record_rules("nonsense")
    assert caught.value.where[0] == "rules"


def test_a_replay_names_the_move_it_refuses() -> None:
    record = bot_record(4)
    bad = copy.deepcopy(record)
    i = next(i for i, m in enumerate(bad["moves"]) if m["code"].startswith("play "))
    bad["moves"][i]["code"] = "play XXII"
    with pytest.raises(KoenigrufenError) as caught:
        replay(bad)
    assert caught.value.where[0] == f"moves[{i}].code"
    bad = copy.deepcopy(record)
    bad["moves"][0]["seat"] = "B"
    with pytest.raises(KoenigrufenError) as caught:
        replay(bad)
    assert caught.value.where[0] == "moves[0].seat"
    with pytest.raises(KoenigrufenError) as caught:
        replay({**record, "moves": record["moves"][:-1]})
    assert caught.value.code == "record_unfinished"
    with pytest.raises(KoenigrufenError) as caught:
        replay({**record, "game": "hungarian"})
    assert caught.value.where[0] == "game"
    with pytest.raises(KoenigrufenError) as caught:
        replay({**record, "seats": ["A", "B", "C"]})
    assert caught.value.where[0] == "seats"


RECORDS = [bot_record(seed, preset) for seed in range(6) for preset in PRESETS]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(
        ["play XXI", "play I", "pass", "mein spiel", "bid dreier", "discard HK", "take 1", "hold"]
    ),
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def mutated(draw: Any) -> Any:
    record = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    how = draw(st.integers(0, 7))
    moves = record["moves"]
    if how == 0:
        key = draw(st.sampled_from(sorted(record)))
        record[key] = draw(JUNK)
    elif how == 1 and moves:
        i = draw(st.integers(0, len(moves) - 1))
        moves[i]["code"] = draw(SCALARS)
    elif how == 2 and moves:
        i = draw(st.integers(0, len(moves) - 1))
        moves[i] = draw(JUNK)
    elif how == 3 and moves:
        i = draw(st.integers(0, len(moves) - 1))
        del moves[i]
    elif how == 4 and moves:
        i = draw(st.integers(0, len(moves) - 1))
        moves.insert(i, copy.deepcopy(moves[draw(st.integers(0, len(moves) - 1))]))
    elif how == 5:
        spec = st.fixed_dictionaries({"preset": st.sampled_from(list(PRESETS)), "options": JUNK})
        record["rules"] = draw(st.one_of(JUNK, spec))
    elif how == 6:
        record["seed"] = draw(st.integers(min_value=0, max_value=2**63 - 1))
    else:
        return draw(JUNK)
    return record


def _core(record: Any) -> Any:
    return replay_record(record, start, record_rules, KoenigrufenError)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_fuzzed_records_are_refused_with_engine_errors_only(record: Any) -> None:
    lean = lean_replay(record)
    refused: EngineError | None = None
    try:
        result = replay(record)
    except EngineError as exc:
        refused = exc
    if refused is not None:
        if refused.where[0] == "game":  # another game's record, refused before any replay
            return
        assert lean is None
        with pytest.raises(EngineError) as core:
            _core(record)
        assert str(core.value) == str(refused)
        return
    assert sum(result.payments.values()) == 0
    core_result = _core(record)  # the lean path accepts only what the core replay accepts, alike
    assert (core_result.summary, core_result.payments) == (result.summary, result.payments)


def test_the_lean_replay_is_the_core_replay() -> None:
    for seed in range(150):
        record = bot_record(seed, list(PRESETS)[seed % 3], ["A", "B", "C", "D", "E"] if seed % 4 else "ABCD")
        lean, core = lean_replay(record), _core(record)
        assert lean is not None
        assert (lean.summary, lean.payments, lean.hand.codes) == (
            core.summary,
            core.payments,
            core.hand.codes,
        )
        assert lean.hand.public_view() == core.hand.public_view()


def test_the_rule_bot_plays_the_same_hand_from_the_same_seed() -> None:
    assert bot_record(99) == bot_record(99)
    rng = random.Random(1)
    assert play_hand(5, bots=("random",), rng=rng).done
