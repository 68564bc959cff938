"""Malformed Talon summaries: every one a FieldError naming the field, never another exception."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.messages import FieldError
from engine.games import game
from engine.talon.rules import PRESETS
from engine.talon.scoring import score_summary
from tests.engine.talon.helpers import bonus, hand

TALON = game("talon")


@pytest.mark.parametrize(
    ("summary", "path", "code"),
    [
        ([], "summary", "not_an_object"),
        ({"kind": "played"}, "seats", "required"),
        ({"seats": ["A"]}, "seats", "seat_count"),
        ({"seats": list("ABCDEFG")}, "seats", "seat_count"),
        ({"seats": ["A", "A", "B"]}, "seats", "seats_distinct_list"),
        ({"seats": ["A", "\x00", "B"]}, "seats.1", "seat_label"),
        (hand(4, stake=0), "stake", "integer_range"),
        (hand(4, stake=10**40), "stake", "integer_range"),
        (hand(4, sitting_out="E"), "sitting_out", "talon_nobody_sits_out"),
        (hand(4, kind="won"), "kind", "one_of"),
        (hand(4, rules="nope"), "rules", "unknown_preset"),
        (hand(4, rules={"preset": "standard", "options": {"x": 1}}), "rules", "unknown_options"),
        (hand(4, contract="solo", declarer="A", card_points=50, extra=1), "summary", "unknown_keys"),
        (hand(4, declarer="A", card_points=50), "contract", "required"),
        (hand(4, contract="tapper", declarer="A", card_points=50), "contract", "not_at_size"),
        (hand(5, contract="duo", declarer="A", card_points=50), "contract", "not_at_size"),
        (hand(2, contract="solo", declarer="A", card_points=50), "contract", "not_at_size"),
        (hand(4, contract="solo", declarer="Z", card_points=50), "declarer", "unknown_seat"),
        (hand(3, contract="solo", declarer="A", partner="B", card_points=50), "partner", "not_at_size"),
        (hand(4, contract="solo", declarer="A", card_points=107), "card_points", "integer_range"),
        (hand(4, contract="solo", declarer="A", card_points=True), "card_points", "integer_range"),
        (hand(2, contract="straw_man", declarer="A", card_points=50), "declarer", "no_declarer"),
        (hand(4, contract="solo", declarer="A", card_points=50, bonuses=[]), "bonuses", "not_an_object"),
        (
            hand(4, contract="solo", declarer="A", card_points=50, bonuses={"trull": bonus()}),
            "bonuses",
            "unknown_keys",
        ),
        (
            hand(
                4,
                contract="solo",
                declarer="A",
                card_points=50,
                bonuses={"valat": {"side": "us", "made": True}},
            ),
            "bonuses.valat.side",
            "one_of",
        ),
        (
            hand(4, contract="solo", declarer="A", card_points=50, bonuses={"valat": {"side": "declarer"}}),
            "bonuses.valat.made",
            "required",
        ),
        (
            hand(4, contract="solo", declarer="A", card_points=50, bonuses={"valat": bonus()}),
            "card_points",
            "valat_points",
        ),
        (
            hand(4, contract="solo", declarer="A", card_points=50, bonuses={"valat": bonus("opponents")}),
            "card_points",
            "valat_points",
        ),
        (
            hand(4, contract="solo", declarer="A", card_points=50, handfuls={"A": 13}),
            "handfuls.A",
            "integer_range",
        ),
        (
            hand(4, contract="solo", declarer="A", card_points=50, handfuls={"A": 12, "B": 12}),
            "handfuls",
            "too_many_tarocks",
        ),
        (hand(4, kind="misere", seat_points={"A": 100}), "seat_points.B", "required"),
        (hand(4, kind="misere", seat_points=dict.fromkeys("ABCD", 26)), "seat_points", "points_sum"),
        (hand(4, kind="surrendered", contract="solo", declarer="A"), "contract", "solo_talon_hidden"),
        (hand(5, kind="surrendered", contract="tapper", declarer="A"), "kind", "not_at_size"),
        (hand(4, kind="annulled", contract="solo"), "summary", "unknown_keys"),
    ],
)
def test_a_malformed_summary_names_its_field(summary: Any, path: str, code: str) -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(summary)
    assert (caught.value.where[0], caught.value.code) == (path, code)


def test_the_declarer_named_as_partner_plays_alone() -> None:
    """2.0, 4.0: calling a card of one's own hand is playing alone."""
    alone = score_summary(hand(4, contract="solo", declarer="A", partner="A", card_points=50))
    assert alone["payments"] == {"A": -12, "B": 4, "C": 4, "D": 4}
    assert alone["declarers"] == ["A"]


def test_take_needs_the_take_or_pass_rule() -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(hand(2, contract="take", declarer="A", card_points=60), PRESETS["advanced"])
    assert caught.value.code == "not_in_rules"


def test_an_explicit_rules_argument_wins_but_the_summarys_own_spec_is_checked() -> None:
    summary = hand(2, contract="take", declarer="A", card_points=60, rules="introductory")
    with pytest.raises(FieldError):
        score_summary(summary)
    assert score_summary(summary, "standard")["payments"] == {"A": 2, "B": -2}
    with pytest.raises(FieldError):
        score_summary(dict(summary, rules=5), "standard")


def _valid(rng: random.Random, size: int) -> dict[str, Any]:
    rules = TALON.resolve_rules(rng.choice(list(PRESETS)))
    deal = TALON.deal(list("ABCDEF"[:size]), "A", [], rules)
    summary = TALON.sample_summary(rng, rules, deal)
    return {**summary, "seats": list(deal.active), "rules": rules.name}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KEYS = st.sampled_from(
    [
        "seats",
        "stake",
        "kind",
        "rules",
        "sitting_out",
        "contract",
        "declarer",
        "partner",
        "card_points",
        "seat_points",
        "bonuses",
        "kontra",
        "handfuls",
    ]
)


def _outcome(summary: Any) -> None:
    try:
        result = score_summary(summary)
    except FieldError:
        return
    assert sum(result["payments"].values()) == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_value_scores_or_is_a_field_error(value: Any) -> None:
    _outcome(value)


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6), KEYS, JSON, st.booleans())
def test_a_mutated_valid_summary_scores_or_is_a_field_error(
    seed: int, size: int, key: str, value: Any, nested: bool
) -> None:
    summary = copy.deepcopy(_valid(random.Random(seed), size))
    target = summary
    if nested:  # into a nested object of the summary where there is one
        inner = [k for k, v in summary.items() if isinstance(v, dict)]
        if inner:
            target = summary[inner[0]]
            if target and all(isinstance(v, dict) for v in target.values()):
                target = next(iter(target.values()))
    target[key if target is summary else random.Random(seed).choice([*target, key])] = value
    _outcome(summary)


def test_deep_nesting_and_huge_numbers_are_field_errors() -> None:
    deep: Any = 1
    for _ in range(10000):
        deep = [deep]
    for bad in (
        hand(4, contract="solo", declarer="A", card_points=deep),
        hand(4, contract="solo", declarer="A", card_points=10**400),
        hand(4, contract="solo", declarer="A", card_points=50, kontra={"contract": 10**400}),
        hand(4, contract="solo", declarer="A", card_points=50, handfuls=deep),
        {"seats": deep},
    ):
        with pytest.raises(FieldError):
            score_summary(bad)


@pytest.mark.parametrize("size", [3, 4])
def test_only_the_forehand_plays_preference_at_three_and_four(size: int) -> None:
    """1.3 (and its chart's note *), 2.0: "The preference contract is only available to the forehand who is
    not allowed to pass": the others must bid duo or higher. A's preference scores; B's is refused at
    ``declarer``, played or surrendered."""
    need = {3: 48, 4: 54}[size]
    won = score_summary(hand(size, contract="preference", declarer="A", card_points=need))
    assert won["payments"]["A"] == size - 1
    with pytest.raises(FieldError) as caught:
        score_summary(hand(size, contract="preference", declarer="B", card_points=need))
    assert (caught.value.path, caught.value.code) == ("declarer", "preference_forehand_only")
    assert caught.value.message.params == {"seat": "A", "size": size}
    # a duo by the second seat is a higher bid: anyone may make it
    assert score_summary(hand(size, contract="duo", declarer="B", card_points=need))["payments"]["B"] > 0
    if size == 4:  # 2.0: the called king in the talon; only the forehand can have bid preference
        with pytest.raises(FieldError) as caught:
            score_summary(hand(4, kind="surrendered", contract="preference", declarer="C"))
        assert (caught.value.path, caught.value.code) == ("declarer", "preference_forehand_only")
        surrendered = score_summary(hand(4, kind="surrendered", contract="preference", declarer="A"))
        assert surrendered["payments"] == {"A": -3, "B": 1, "C": 1, "D": 1}


@pytest.mark.parametrize("size", [5, 6])
def test_anyone_plays_preference_at_five_and_six(size: int) -> None:
    """3.0, 4.0: "The forehand is allowed to pass and, therefore, all three ... contracts are available to
    all players"."""
    need = {5: 60, 6: 66}[size]
    got = score_summary(hand(size, contract="preference", declarer="C", card_points=need))
    assert got["payments"]["C"] == 2 * (size - 1)


def test_the_sample_summaries_never_give_preference_to_another_seat() -> None:
    """The demo's bots (``sample_summary``) enter only what the engine accepts: at three and four every
    sampled preference is the forehand's."""
    from engine.core.descriptor import Deal

    rng = random.Random(7)
    seen = 0
    for size in (3, 4):
        seats = tuple("ABCDEF"[:size])
        for number in range(400):
            deal = Deal(number + 1, seats[-1], seats, 1)
            summary = TALON.sample_summary(rng, PRESETS["standard"], deal)
            if summary.get("contract") == "preference":
                seen += 1
                assert summary["declarer"] == "A"
            score_summary({**summary, "seats": list(seats)}, PRESETS["standard"])
    assert seen > 20
