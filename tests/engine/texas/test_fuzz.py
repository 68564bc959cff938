"""Any JSON at all, and valid summaries with a field changed: a result whose payments sum to zero, or a
FieldError naming the field -- never another exception."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.messages import FieldError
from engine.games import game
from engine.texas.rules import PRESETS

TEXAS = game("texas")
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
KEYS = st.sampled_from(
    [
        "seats", "stake", "sitting_out", "rules", "kind", "contract", "declarer", "partner", "talon",
        "no_trick_bid", "card_points", "made", "bonuses", "kontra", "declarations", "bonuses.pagat",
        "bonuses.pagat.side", "bonuses.valat.made", "kontra.game", "kontra.pagat", "declarations.trul",
        "declarations.two_trumps", "seats.0", "rules.preset", "rules.options",
    ]
)  # fmt: skip
INTERESTING = st.sampled_from(
    [None, True, 0, 1, -1, 53, 54, 106, 2**70, "", "A", "E", "\x00", [], {}, [[[]]]]
)


def _valid(seed: int) -> dict[str, Any]:
    preset = list(PRESETS)[seed % 3]
    rules = PRESETS[preset]
    deal = TEXAS.deal(("A", "B", "C", "D"), "A", [], rules)
    sample = TEXAS.sample_summary(random.Random(seed), rules, deal)
    return {**sample, "seats": list(deal.active), "rules": preset}


def _check(summary: Any) -> None:
    try:
        result = TEXAS.score(summary)
    except FieldError:
        return
    assert sum(result["payments"].values()) == 0


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_value(value: Any) -> None:
    _check(value)


@settings(max_examples=300)
@given(st.dictionaries(KEYS, JSON | INTERESTING, max_size=6))
def test_any_mapping_of_its_keys(value: dict[str, Any]) -> None:
    _check(value)


@settings(max_examples=600)
@given(st.integers(0, 10_000), st.lists(st.tuples(KEYS, JSON | INTERESTING), min_size=1, max_size=3))
def test_a_valid_summary_with_fields_changed(seed: int, changes: list[tuple[str, Any]]) -> None:
    summary = _valid(seed)
    for path, value in changes:
        node: Any = summary
        *parents, last = path.split(".")
        for part in parents:
            if isinstance(node, dict) and isinstance(node.get(part), dict):
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                node = None
                break
        if isinstance(node, dict):
            node[last] = copy.deepcopy(value)
        elif isinstance(node, list) and last.isdigit() and int(last) < len(node):
            node[int(last)] = copy.deepcopy(value)
    _check(summary)


def test_deep_nesting_and_huge_numbers_are_field_errors() -> None:
    deep: Any = []
    for _ in range(10_000):
        deep = [deep]
    for summary in (
        deep,
        {"seats": deep},
        {**_valid(1), "card_points": 10**400},
        {**_valid(2), "kontra": deep},
    ):
        _check(summary)
