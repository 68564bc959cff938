"""Anything a family preset's summary may hold, scored: a result whose payments sum to zero, or a
FieldError naming the field - never another exception (Hypothesis: arbitrary JSON values in the family's
new places, and valid family summaries mutated)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.messages import FieldError
from engine.hungarian.family import FAMILY_BONUSES, trick_conflict
from engine.hungarian.rules import PRESETS
from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import _POINT_BOUNDS, _POINT_BOUNDS_46, BID_DRAW

FAMILY = ["family_basic", "palatine", "magus", "emperor"]
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.text(max_size=8)
    | st.sampled_from(FAMILY_BONUSES),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
TEAM = st.sampled_from(["declarer", "opponents"])


def consistent(made: dict[str, Any], tricks: int | None) -> dict[str, Any]:
    """``made`` without the bonuses that cannot be made with those before them (two cards winning one
    trick, two teams winning one trick: ``family.trick_conflict``)."""
    credited: list[tuple[str, int]] = []
    out: dict[str, Any] = {}
    for name, value in made.items():
        teams = value if isinstance(value, list) else [] if value is None else [value]
        trial = credited + [(name, ["declarer", "opponents"].index(team)) for team in teams]
        if trick_conflict(trial, tricks) is None:
            credited, out[name] = trial, value
    return out


@st.composite
def family_summaries(draw: st.DrawFn) -> dict[str, Any]:
    """A valid played hand under a family preset, with announced and made family bonuses."""
    preset = draw(st.sampled_from(FAMILY))
    rules = PRESETS[preset]
    last = rules.tricks_per_hand
    tricks = draw(st.integers(3, last - 3))
    names = [entry[0] for entry in rules.family_bonuses]
    made: dict[str, Any] = {}
    anns: list[dict[str, Any]] = []
    if names:
        for name in draw(st.lists(st.sampled_from(names), max_size=4, unique=True)):
            if name in ("first_five", "first_six", "first_seven", "first_eight"):
                continue
            made[name] = draw(st.one_of(TEAM, st.just(["declarer", "opponents"]), st.none()))
        made = consistent(made, rules.tricks_per_hand if rules.pack_size == 42 else None)
        for name in draw(st.lists(st.sampled_from(names), max_size=3, unique=True)):
            anns.append({"team": draw(TEAM), "bonus": name, "kontra": draw(st.integers(0, rules.max_kontra))})
    bid = draw(st.sampled_from(["three", "two", "one", "solo"]))
    low, high = (_POINT_BOUNDS if last == 9 else _POINT_BOUNDS_46)[BID_DRAW[bid]][tricks]
    return {
        "rules": preset,
        "seats": ["A", "B", "C", "D"],
        "stake": draw(st.sampled_from([1, 2, 4])),
        "bid": bid,
        "declarer": "A",
        "partner": draw(st.sampled_from([None, "B", "C"])),
        "game_kontra": draw(st.integers(0, rules.max_kontra)),
        "announcements": anns,
        "result": {
            "declarer_card_points": draw(st.integers(low, high)),
            "declarer_tricks": tricks,
            "bonuses": made,
        },
    }


def _scores_or_names_a_field(data: Any) -> None:
    try:
        result = score_summary(data)
    except FieldError as exc:
        where = exc.where
    else:
        assert sum(result["payments"].values()) == 0
        return
    assert where
    assert isinstance(where[0], str)


@settings(max_examples=300, deadline=None)
@given(family_summaries())
def test_valid_family_summaries_score_zero_sum(data: dict[str, Any]) -> None:
    result = score_summary(copy.deepcopy(data))
    assert sum(result["payments"].values()) == 0
    names = {item["name"] for item in result["items"]}
    assert names <= {"game", "double_game", "volat", *FAMILY_BONUSES}


@settings(max_examples=400, deadline=None)
@given(family_summaries(), st.sampled_from(["bonuses", "announcements", "rules", "tricks", "kontra"]), JSON)
def test_any_value_in_the_family_fields_is_scored_or_named(
    data: dict[str, Any], where: str, value: Any
) -> None:
    if where == "bonuses":
        if isinstance(value, dict) and value:
            data["result"]["bonuses"] = value
        else:
            data["result"]["bonuses"][FAMILY_BONUSES[0]] = value
    elif where == "announcements":
        data["announcements"].append({"team": "declarer", "bonus": value, "kontra": 0})
        data["announcements"].append(value)
    elif where == "rules":
        data["rules"] = {"preset": data["rules"], "options": {"family_bonuses": value}}
    elif where == "tricks":
        data["result"]["declarer_tricks"] = value
    else:
        data["announcements"].append({"team": "opponents", "bonus": "owl", "kontra": value})
    _scores_or_names_a_field(data)


@settings(max_examples=200, deadline=None)
@given(JSON, st.sampled_from(FAMILY))
def test_any_json_value_as_a_family_summary(value: Any, preset: str) -> None:
    if isinstance(value, dict):
        value.setdefault("rules", preset)
    _scores_or_names_a_field(value)
