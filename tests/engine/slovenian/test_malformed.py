"""Any malformed summary is a FieldError naming a field, never another exception (Hypothesis)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.messages import FieldError
from engine.slovenian.game import DESCRIPTOR
from engine.slovenian.rules import PRESETS

SEATS = ("A", "B", "C")
KEYS = [
    "seats",
    "stake",
    "sitting_out",
    "rules",
    "kind",
    "contract",
    "declarer",
    "card_points",
    "made",
    "kontra",
    "bonuses",
    "bonus_kontra",
    "mond_captured",
    "klop_points",
    "kontra_by",
    "radelci",
    "extra",
]
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["A", "B", "C", "klop", "trojka", "bled", "classic", "trula", "declarer", "\x00"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(KEYS), children, max_size=5)
    ),
    max_leaves=12,
)


def _check(summary: Any) -> None:
    error: FieldError | None = None
    try:
        result = DESCRIPTOR.score(summary)
    except FieldError as exc:
        error = exc
    if error is not None:
        assert error.where, error  # names a field
        return
    assert sum(result["payments"].values()) == 0


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_value_scores_or_is_a_field_error(value: Any) -> None:
    _check(value)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(KEYS), json_values, max_size=8))
def test_any_object_of_known_keys_scores_or_is_a_field_error(value: Any) -> None:
    _check(value)


def _valid(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    preset = rng.choice(list(PRESETS))
    deal = DESCRIPTOR.deal(SEATS, "A", [], PRESETS[preset])
    summary = DESCRIPTOR.sample_summary(rng, PRESETS[preset], deal)
    summary.update(seats=list(deal.active), rules=preset)
    return summary


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10_000), st.data(), json_values)
def test_a_mutated_valid_summary_scores_or_is_a_field_error(seed: int, data: Any, new: Any) -> None:
    summary = copy.deepcopy(_valid(seed))
    path = data.draw(st.sampled_from(_paths(summary)))
    target = summary
    for step in path[:-1]:
        target = target[step]
    if data.draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = new
    _check(summary)


def test_huge_and_deep_values_are_field_errors() -> None:
    base = {"seats": ["A", "B", "C"], "contract": "trojka", "declarer": "A", "card_points": 40}
    deep: Any = []
    for _ in range(10_000):
        deep = [deep]
    for key, value in [("card_points", 10**400), ("stake", 10**30), ("bonuses", deep), ("declarer", "A\x00")]:
        with pytest.raises(FieldError) as caught:
            DESCRIPTOR.score({**base, key: value})
        assert caught.value.where[0].startswith(key)


def test_every_message_of_the_kit_is_reached() -> None:
    """Each of the kit's own message codes is what some input gets (engine/slovenian's corpus)."""
    from engine.core.rules import RulesError
    from engine.slovenian.rules import resolve_rules

    base = {"seats": ["A", "B", "C"]}
    trojka = {**base, "contract": "trojka", "declarer": "A", "card_points": 40}
    klop = {**base, "contract": "klop", "klop_points": {"A": 10, "B": 30, "C": 30}}
    cases = {
        "three_seats": {"seats": ["A", "B"]},
        "seats_distinct_list": {"seats": ["A", "A", "B"]},
        "nobody_sits_out": {**trojka, "sitting_out": "D"},
        "not_in_kind": {**base, "kind": "annulled", "declarer": "A"},
        "not_in_contract": {**trojka, "made": True},
        "option_off": {**trojka, "radelci": []},
        "kontra_silent": {**trojka, "bonus_kontra": {"trula": 1}},
        "klop_total": {**klop, "klop_points": {"A": 0, "B": 0, "C": 0}},
    }
    for code, summary in cases.items():
        with pytest.raises(FieldError) as caught:
            DESCRIPTOR.score(summary)
        assert caught.value.code == code, (code, caught.value)
    with pytest.raises(RulesError) as caught_rules:
        resolve_rules("bled", {"bonus_values": {"trula": 1}})
    assert caught_rules.value.code == "value_table"
