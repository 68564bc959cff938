"""Radelci across hands (engine.slovenian.carry): a hand dealt with the table's carry marks the holders'
radelci and the scorer doubles them, its record keeps the carry and replays to the same summary and
payments, ``carry_next`` earns and crosses them off hand after hand, and a wrong carry is refused naming
``carry``."""

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

from engine.core.live import LiveDeal
from engine.core.messages import EngineError, FieldError
from engine.core.trickhand import replay_record
from engine.slovenian.carry import carry_next
from engine.slovenian.game import DESCRIPTOR
from engine.slovenian.live import TarokError, start
from engine.slovenian.record import record_rules, replay
from engine.slovenian.rules import MOST_RADELCI, resolve_rules

from .conftest import SEATS, announced, hand, played_out, silent

CLASSIC = resolve_rules("classic")
RECORD_SCHEMA = jsonschema.Draft202012Validator(
    json.loads(
        (Path(__file__).resolve().parents[3] / "engine/schemas/slovenian/hand-record.schema.json").read_text()
    )
)


def dealt(seed: int, carry: dict[str, Any], rules: Any = CLASSIC) -> Any:
    return start(LiveDeal(seed=seed, rules=rules, seats=tuple(SEATS), stake=1, dealer="C", carry=carry))


def _core(record: Any) -> Any:
    return replay_record(record, start, record_rules, TarokError)


# --- a hand dealt with radelci ---------------------------------------------------------------------------
def test_a_carried_radelc_doubles_its_holders_score_and_the_record_replays_to_it() -> None:
    seen = set()
    for seed in range(60):
        kind = "rule" if seed % 3 else "random"
        plain = played_out(dealt(seed, {}), kind, seed)
        marked = played_out(dealt(seed, {"radelci": {"A": 2}}), kind, seed)
        assert marked.codes == plain.codes  # the carry changes the score, not the play
        summary, before = marked.summary(), plain.summary()
        if summary["kind"] != "played":
            assert "radelci" not in summary
            continue
        assert summary == {**before, "radelci": ["A"]}
        record = marked.record()
        assert record["carry"] == {"radelci": {"A": 2}}
        assert "carry" not in plain.record()
        RECORD_SCHEMA.validate(record)
        replayed = replay(record)
        assert (replayed.summary, replayed.payments) == (summary, marked.payments())
        assert DESCRIPTOR.score(replayed.summary, CLASSIC)["payments"] == replayed.payments
        again = _core(record)
        assert (again.summary, again.payments) == (replayed.summary, replayed.payments)
        doubled = DESCRIPTOR.score(summary, CLASSIC)["scores"]
        single = DESCRIPTOR.score(before, CLASSIC)["scores"]
        if summary["contract"] == "klop":
            assert doubled == {**single, "A": 2 * single["A"]}
            seen.add("klop")
        elif summary["declarer"] == "A" and "mond_captured" not in summary:
            assert marked.payments() == {s: 2 * v for s, v in plain.payments().items()}
            if any(plain.payments().values()):  # a game and a bonus may cancel out
                seen.add("declarer")
        elif "mond_captured" not in summary:  # an opponent's radelc leaves the declarer's game alone
            assert marked.payments() == plain.payments()
            seen.add("opponent")
    assert seen == {"klop", "declarer", "opponent"}


def test_the_holders_are_named_in_seat_order_and_a_thrown_in_hand_names_none() -> None:
    hand_ = played_out(dealt(4, {"radelci": {"C": 1, "A": 3}}), "rule", 4)
    assert tuple(hand_.held_radelci) == ("A", "C")
    if hand_.summary()["kind"] == "played":
        assert hand_.summary()["radelci"] == ["A", "C"]
    annul = dealt(0, {"radelci": {"B": 1}})
    annul.phase, annul._turn = "annul", "A"  # a seat without a tarok throws the hand in
    annul.apply("annul")
    assert annul.summary() == {"seats": SEATS, "stake": 1, "rules": "classic", "kind": "annulled"}
    assert annul.payments() == dict.fromkeys(SEATS, 0)


# --- carry_next ------------------------------------------------------------------------------------------
KLOP = hand(contract="klop", klop_points={"A": 0, "B": 35, "C": 35})  # A +70, B and C -35 each


def test_radelci_are_earned_after_klop_berac_and_valat_and_crossed_off_by_a_won_game() -> None:
    carry: dict[str, Any] = {}
    steps = [
        (KLOP, {"A": 1, "B": 1, "C": 1}),  # pagat: after a Klop every player gets one
        (hand(contract="trojka", declarer="A", card_points=40), {"B": 1, "C": 1}),  # A won: crossed off
        (hand(contract="dvojka", declarer="B", card_points=30), {"B": 1, "C": 1}),  # B lost: kept
        (hand(contract="berac", declarer="C", made=True), {"A": 1, "B": 2, "C": 1}),  # crossed, then earned
        (hand(kind="annulled"), {"A": 1, "B": 2, "C": 1}),  # thrown in: as they were
        (hand(contract="odprti_berac", declarer="B", made=False), {"A": 2, "B": 3, "C": 2}),
        (hand(contract="barvni_valat", declarer="A", made=True), {"A": 2, "B": 4, "C": 3}),
        (hand(contract="valat", declarer="B", made=True), {"A": 3, "B": 4, "C": 4}),
        (hand(contract="solo", declarer="C", card_points=50), {"A": 3, "B": 4, "C": 3}),
        (hand(contract="enojka", declarer="A", card_points=20), {"A": 3, "B": 4, "C": 3}),
    ]
    for summary, after in steps:
        carry = carry_next(carry, {**summary, "rules": "classic"}, CLASSIC)
        assert carry == {"radelci": after}, summary
    # a Valat made as a bonus earns them too, and the declarer who made it crossed one off first
    silent_valat = hand(contract="trojka", declarer="A", card_points=70, bonuses={"valat": silent()})
    assert carry_next(carry, silent_valat, CLASSIC) == {"radelci": {"A": 3, "B": 5, "C": 4}}
    lost_valat = hand(
        contract="trojka", declarer="A", card_points=70, bonuses={"valat": announced(made=False)}
    )  # the announced Valat failed, the game of 36+ points won
    assert carry_next(carry, lost_valat, CLASSIC) == {"radelci": {"A": 2, "B": 4, "C": 3}}
    opponents_valat = hand(
        contract="trojka", declarer="A", card_points=0, bonuses={"valat": silent(side="opponents")}
    )
    assert carry_next(carry, opponents_valat, CLASSIC) == {"radelci": {"A": 4, "B": 5, "C": 4}}


def test_the_last_radelc_crossed_off_leaves_an_empty_carry_and_the_options_cross_more() -> None:
    one = {"radelci": {"A": 1}}
    assert carry_next(one, hand(contract="trojka", declarer="A", card_points=50), CLASSIC) == {}
    lost = hand(contract="trojka", declarer="A", card_points=20)
    assert carry_next(one, lost, CLASSIC) == one
    harsh = resolve_rules("classic", {"radelci_lost_crossed": True})
    assert carry_next(one, lost, harsh) == {}
    held = {"radelci": {"A": 2, "B": 1}}  # in KLOP A took no trick (+70), B and C lost points
    assert carry_next(held, KLOP, CLASSIC) == {"radelci": {"A": 3, "B": 2, "C": 1}}
    kind = resolve_rules("classic", {"radelci_klop_crossed": True})
    assert carry_next(held, KLOP, kind) == {"radelci": {"A": 2, "B": 2, "C": 1}}
    full = {"radelci": dict.fromkeys(SEATS, MOST_RADELCI)}
    assert carry_next(full, KLOP, CLASSIC) == full  # our bound: no more than MOST_RADELCI


def test_without_the_radelci_option_nothing_is_carried_and_the_descriptor_names_carry_next() -> None:
    assert DESCRIPTOR.carry_next is carry_next
    assert carry_next({}, KLOP, resolve_rules("bled")) == {}
    assert carry_next({}, {**KLOP, "rules": "classic"}) == {"radelci": dict.fromkeys(SEATS, 1)}
    assert carry_next({}, KLOP, "classic") == {"radelci": dict.fromkeys(SEATS, 1)}


def test_a_scored_sequence_of_live_hands_carries_what_carry_next_says() -> None:
    carry: dict[str, Any] = {}
    rng = random.Random(5)
    earned = crossed = 0
    for seed in range(40):
        live = played_out(dealt(seed, carry), "rule" if seed % 2 else "random", seed)
        summary = live.summary()
        held = carry.get("radelci", {})
        assert summary.get("radelci", []) == [s for s in SEATS if s in held]
        after = DESCRIPTOR.carry_next(carry, summary, CLASSIC)
        total_before, total_after = sum(held.values()), sum(after.get("radelci", {}).values())
        earned += total_after > total_before
        crossed += total_after < total_before
        replayed = replay(live.record())
        assert replayed.payments == DESCRIPTOR.score(summary, CLASSIC)["payments"] == live.payments()
        carry = after if rng.random() < 0.9 else {}
    assert earned
    assert crossed


# --- refused carries -------------------------------------------------------------------------------------
BAD_CARRIES = [
    ({"radelci": {"Z": 1}}, "sl_carry_seat"),
    ({"radelci": {"A": 0}}, "sl_carry_radelci"),
    ({"radelci": {"A": 1.5}}, "sl_carry_radelci"),
    ({"radelci": {"A": True}}, "sl_carry_radelci"),
    ({"radelci": {"A": MOST_RADELCI + 1}}, "sl_carry_radelci"),
    ({"radelci": ["A"]}, "sl_carry_radelci"),
    ({"radelci": None}, "sl_carry_radelci"),
    ({"points": {"A": 1}}, "sl_carry_keys"),
]


@pytest.mark.parametrize(("carry", "code"), BAD_CARRIES)
def test_a_wrong_carry_is_refused_naming_carry(carry: dict[str, Any], code: str) -> None:
    with pytest.raises(TarokError) as caught:
        dealt(1, carry)
    assert (caught.value.where[0], caught.value.code) == ("carry", code)
    with pytest.raises(FieldError) as refused:
        carry_next(carry, KLOP, CLASSIC)
    assert (refused.value.path, refused.value.code) == ("carry", code)
    record = {**played_out(dealt(1, {}), "rule", 1).record(), "carry": carry}
    for way in (replay, _core):
        with pytest.raises(TarokError) as caught:
            way(record)
        assert (caught.value.where[0], caught.value.code) == ("carry", code)


def test_radelci_are_refused_where_the_rules_keep_none_and_a_carry_must_be_an_object() -> None:
    bled = resolve_rules("bled")
    with pytest.raises(TarokError) as caught:
        dealt(1, {"radelci": {"A": 1}}, bled)
    assert (caught.value.where[0], caught.value.code) == ("carry", "option_off")
    with pytest.raises(TarokError) as caught:
        dealt(1, ["radelci"])  # type: ignore[arg-type]
    assert (caught.value.where[0], caught.value.code) == ("carry", "sl_carry_keys")
    dealt(1, {}, bled)  # an empty carry is no carry
    record = {**played_out(dealt(1, {}), "rule", 1).record(), "carry": [1]}
    with pytest.raises(TarokError) as caught:
        replay(record)
    assert caught.value.where[0] == "carry"  # the envelope's own check (engine.core.trickhand)


KEYS = st.sampled_from([*SEATS, "D", "radelci"])
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 120) | st.floats(allow_nan=False) | st.sampled_from(SEATS),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=8,
)
BASE_RECORDS = [played_out(dealt(seed, {}), "rule", seed).record() for seed in range(4)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASE_RECORDS), JSONISH | st.fixed_dictionaries({"radelci": JSONISH}))
def test_any_carry_is_read_or_refused_naming_carry_and_both_replays_agree(record: Any, carry: Any) -> None:
    record = {**copy.deepcopy(record), "carry": carry}
    try:
        ours = replay(record)
    except EngineError as exc:
        error = exc
    else:
        error = None
    if error is not None:
        assert isinstance(error, TarokError)
        assert error.where[0] == "carry", error
        with pytest.raises(TarokError) as caught:
            _core(record)
        assert (str(caught.value), caught.value.code) == (str(error), error.code)
        return
    theirs = _core(record)
    assert (ours.summary, ours.payments) == (theirs.summary, theirs.payments)
    assert ours.payments == DESCRIPTOR.score(ours.summary, CLASSIC)["payments"]
    held = carry.get("radelci") if isinstance(carry, dict) else None
    if ours.summary["kind"] == "played":
        assert ours.summary.get("radelci", []) == [s for s in SEATS if held and s in held]
