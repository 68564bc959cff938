"""Any input: a result whose payments sum to zero, or a FieldError naming a field; never another exception."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.messages import FieldError
from engine.games import game

KR = game("koenigrufen")
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
WORDS = st.sampled_from(
    [
        "A",
        "B",
        "E",
        "rufer",
        "bettler",
        "trischaken",
        "played",
        "declarer",
        "opponents",
        "pagat",
        "valat",
        "\x00",
    ]
)
VALUES = JSON | WORDS | st.integers(-3, 80) | st.just(10**400)


def _valid(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    preset = rng.choice(sorted(KR.presets))
    seats = "ABCDE" if seed % 3 == 0 else "ABCD"
    deal = KR.deal(seats, "A", [], None)
    summary = KR.sample_summary(rng, KR.presets[preset], deal)
    summary |= {"seats": list(deal.active), "rules": preset}
    if deal.sitting_out:
        summary["sitting_out"] = deal.sitting_out[0]
    return summary


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _check(summary: Any) -> None:
    try:
        result = KR.score(summary)
    except FieldError as exc:
        where = exc.where
        str(exc)
    else:
        assert sum(result["payments"].values()) == 0
        return
    assert where
    assert isinstance(where[0], str)


@given(JSON)
@settings(max_examples=300, deadline=None)
def test_any_json_value(value: Any) -> None:
    _check(value)


@given(st.integers(0, 10_000), st.data())
@settings(max_examples=400, deadline=None)
def test_a_valid_summary_with_one_value_changed(seed: int, data: st.DataObject) -> None:
    summary = _valid(seed)
    _check(copy.deepcopy(summary))
    paths = _paths(summary)
    path = data.draw(st.sampled_from(paths))
    mutated = copy.deepcopy(summary)
    value = data.draw(VALUES)
    if not path:
        mutated = value
    else:
        target = mutated
        for key in path[:-1]:
            target = target[key]
        if data.draw(st.booleans()) and isinstance(target, dict):
            target.pop(path[-1], None)
        else:
            target[path[-1]] = value
    _check(mutated)


@given(st.integers(0, 10_000), st.text(max_size=10), VALUES)
@settings(max_examples=200, deadline=None)
def test_a_valid_summary_with_a_key_added(seed: int, key: str, value: Any) -> None:
    summary = _valid(seed)
    summary[key] = value
    _check(summary)


def test_odd_options_in_the_summarys_own_rules() -> None:
    bettler = {"seats": list("ABCD"), "contract": "bettler", "declarer": "B", "won": True}
    more = {"more_declarers": [{"declarer": "C", "contract": "piccolo", "won": True}]}
    for options in (
        {"simultaneous": [1, 2]},
        {"simultaneous": ["piccolo", "bettler"], "contract_values": {"bettler": 3}},
        {"contract_values": {}},
        {"max_kontra": 0},
        {"valat": "nope"},
        {"first_player_only": [7]},
    ):
        _check({**bettler, **more, "rules": {"preset": "vacha_lk", "options": options}})
        _check({**bettler, "rules": {"preset": "vacha_lk", "options": options}})
        assert KR.max_payment(KR.presets["vacha_lk"]) > 0


def test_deep_nesting_and_huge_numbers() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    for bad in (
        deep,
        {"seats": deep},
        {"seats": list("ABCD"), "contract": "rufer", "declarer": "A", "won": True, "stake": 10**5000},
    ):
        _check(bad)
