"""The schedules of 18.13 (King called, Taylor) and 19.16 (XIX called, Taylor and West), item by item."""

from __future__ import annotations

from typing import Any

import pytest

from engine.texas.scoring import score_summary
from tests.engine.texas.conftest import summary


def pay(preset: str, **fields: Any) -> dict[str, int]:
    return score_summary(summary(rules=preset, **fields))["payments"]


def items(preset: str, **fields: Any) -> list[dict[str, Any]]:
    return score_summary(summary(rules=preset, **fields))["items"]


def team(declarers: tuple[str, ...], value: int) -> dict[str, int]:
    """Payments of a communal item worth ``value`` to the declarer's side, paid pairwise."""
    opponents = [s for s in "DCBA" if s not in declarers]
    out = {s: -value for s in opponents}
    for s in declarers:
        out[s] = value * len(opponents) // len(declarers)
    return {s: out[s] for s in "DCBA"}


# 18.13 -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("points", "sign"), [(54, 1), (106, 1), (53, -1), (0, -1)])
def test_taylor_king_povenost_is_one_game_point_paid_pairwise(points: int, sign: int) -> None:
    # 18.13: "The value of a Povenost or No Trick game is 1 game point"; the declarer needs 54
    assert pay("taylor_king", card_points=points) == team(("D", "B"), sign)


def test_a_declarer_who_called_his_own_king_is_paid_by_each_opponent() -> None:
    assert pay("taylor_king", partner=None) == {"D": 3, "C": -1, "B": -1, "A": -1}
    assert pay("taylor_king", partner=None, card_points=40) == {"D": -3, "C": 1, "B": 1, "A": 1}


@pytest.mark.parametrize(("made", "declarer"), [(True, 3), (False, -3)])
def test_taylor_king_no_trick(made: bool, declarer: int) -> None:
    got = pay("taylor_king", contract="no_trick", partner=None, card_points=None, made=made)
    assert got == {"D": declarer, "C": -declarer // 3, "B": -declarer // 3, "A": -declarer // 3}


@pytest.mark.parametrize(
    ("talon", "no_trick_bid", "value"),
    [("first", False, 1), ("first", True, 2), ("second", False, 2), ("second", True, 2), ("back", False, 4)],
)
@pytest.mark.parametrize(("points", "sign"), [(70, 1), (30, -1)])
def test_taylor_king_prever_by_talon_choice(
    talon: str, no_trick_bid: bool, value: int, points: int, sign: int
) -> None:
    # 18.13: first three 1, "or 2 if No Trick had been bid by anyone"; second three 2; back 4
    got = pay(
        "taylor_king",
        contract="prever",
        partner=None,
        talon=talon,
        no_trick_bid=no_trick_bid,
        card_points=points,
    )
    assert got == {"D": 3 * sign * value, "C": -sign * value, "B": -sign * value, "A": -sign * value}


@pytest.mark.parametrize(("level", "factor"), [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16)])
def test_contra_re_supre_mort_double_the_game(level: int, factor: int) -> None:
    got = items("taylor_king", kontra={"game": level})
    assert got == [{"name": "game", "team": "declarer", "won": True, "value": factor, "kontra": level}]
    assert pay("taylor_king", kontra={"game": level}, stake=3) == team(("D", "B"), 3 * factor)


@pytest.mark.parametrize(
    ("bonus", "kontra", "net"),
    [
        ({"side": "declarer", "announced": False, "made": True}, 0, 2),
        ({"side": "declarer", "announced": True, "made": True}, 0, 4),
        ({"side": "declarer", "announced": True, "made": False}, 0, -4),
        ({"side": "opponents", "announced": True, "made": False}, 0, 4),
        ({"side": "opponents", "announced": False, "made": True}, 0, -2),
        ({"side": "declarer", "announced": True, "made": True}, 1, 8),
        ({"side": "opponents", "announced": True, "made": True}, 2, -16),
    ],
)
@pytest.mark.parametrize("preset", ["taylor_king", "taylor_xix", "west_xix"])
def test_pagat_on_the_last_trick(bonus: dict[str, Any], kontra: int, net: int, preset: str) -> None:
    # 18.13: 2, or 4 if announced; an unsuccessful announcement 4; 19.16 the same (announcing doubles)
    got = pay(preset, card_points=54, bonuses={"pagat": bonus}, kontra={"pagat": kontra})
    game = 1 if preset == "taylor_king" else 2  # 19.16: (1 + 10) x 2 = 22, rounded to 20
    assert got == team(("D", "B"), game + net)


@pytest.mark.parametrize("preset", ["taylor_king", "taylor_xix"])
def test_an_unannounced_pagat_captured_on_the_last_trick_costs_its_side_2(preset: str) -> None:
    captured = {"side": "opponents", "announced": False, "made": True}
    got = items(preset, card_points=54, bonuses={"pagat_captured": captured})
    assert got[1] == {"name": "pagat_captured", "team": "opponents", "won": True, "value": 2, "kontra": 0}
    assert pay(preset, card_points=54, bonuses={"pagat_captured": captured}, partner=None) == (
        {"D": -3, "C": 1, "B": 1, "A": 1} if preset == "taylor_king" else {"D": 0, "C": 0, "B": 0, "A": 0}
    )


@pytest.mark.parametrize(
    ("bonus", "kontra", "net"),
    [
        ({"side": "declarer", "announced": False, "made": True}, 0, 2),
        ({"side": "declarer", "announced": True, "made": True}, 0, 4),
        ({"side": "declarer", "announced": True, "made": False}, 0, -4),
        ({"side": "declarer", "announced": True, "made": False}, 1, -8),
    ],
)
def test_the_called_king_on_the_last_trick(bonus: dict[str, Any], kontra: int, net: int) -> None:
    # 18.13: "The same values attach to winning the last trick with the called King in it"
    got = pay("taylor_king", bonuses={"king": bonus}, kontra={"king": kontra})
    assert got == team(("D", "B"), 1 + net)


def test_an_unannounced_king_lost_scores_nothing_unless_an_option_says_so() -> None:
    lost = {"king": {"side": "declarer", "announced": False, "made": False}}
    assert pay("taylor_king", bonuses=lost) == team(("D", "B"), 1)
    captured = {"king_captured": {"side": "opponents", "announced": False, "made": True}}
    rules = {"preset": "taylor_king", "options": {"king_captured_value": 2}}
    assert pay(rules, bonuses=captured) == team(("D", "B"), 1 - 2)


def test_the_xxi_captured_by_the_skys_costs_2_in_taylor_king() -> None:
    xxi = {"xxi_captured": {"side": "declarer", "announced": False, "made": True}}
    assert pay("taylor_king", card_points=40, bonuses=xxi) == team(("D", "B"), -1 + 2)


@pytest.mark.parametrize(
    ("preset", "announced", "value"),
    [("taylor_king", False, 20), ("taylor_king", True, 40), ("west_xix", True, 40)],
)
def test_valat_replaces_the_game_and_the_pagat(preset: str, announced: bool, value: int) -> None:
    bonuses = {
        "valat": {"side": "declarer", "announced": announced, "made": True},
        "pagat": {"side": "declarer", "announced": False, "made": True},
    }
    got = items(preset, card_points=106, bonuses=bonuses)
    assert got == [{"name": "valat", "team": "declarer", "won": True, "value": value, "kontra": 0}]


def test_an_announced_valat_lost_pays_40_and_opponents_may_make_one() -> None:
    lost = {"valat": {"side": "declarer", "announced": True, "made": False}}
    assert pay("taylor_xix", card_points=80, bonuses=lost) == team(("D", "B"), -40)
    theirs = {"valat": {"side": "opponents", "announced": False, "made": True}}
    assert pay("taylor_xix", card_points=0, bonuses=theirs, partner=None) == {
        "D": -60,
        "C": 20,
        "B": 20,
        "A": 20,
    }


def test_a_contra_on_valat_is_its_own_in_19_16_and_the_games_in_18_13() -> None:
    valat = {"valat": {"side": "declarer", "announced": True, "made": True}}
    assert (
        items("taylor_xix", card_points=106, bonuses=valat, kontra={"valat": 1, "game": 2})[0]["value"] == 80
    )
    assert items("taylor_king", card_points=106, bonuses=valat, kontra={"game": 2})[0]["value"] == 160


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("tarockee", 2),
        ("velki", 4),
        ("trul", 2),
        ("pane", 2),
        ("trul_pane", 4),
        ("krale", 4),
        ("rosane_pane", 6),
        ("spjst", 10),
        ("two_trumps", 2),
        ("no_trumps", 4),
    ],
)
@pytest.mark.parametrize("seat", ["A", "B"])
def test_a_declared_holding_is_paid_by_each_other_player_on_either_side(
    word: str, value: int, seat: str
) -> None:
    got = pay("taylor_king", card_points=54, declarations={word: [seat]})
    expected = team(("D", "B"), 1)
    for s in expected:
        expected[s] += 3 * value if s == seat else -value
    assert got == expected
    if word not in ("two_trumps", "no_trumps"):  # the same values in 19.16
        got = pay("taylor_xix", card_points=54, declarations={word: [seat]})
        assert got[seat] - team(("D", "B"), 2)[seat] == 3 * value


def test_several_seats_may_declare_and_the_game_does_not_touch_the_holdings() -> None:
    got = items("taylor_king", card_points=20, declarations={"two_trumps": ["A", "C"], "trul": ["D"]})
    assert [(i["name"], i.get("seat"), i["value"]) for i in got] == [
        ("game", None, 1),
        ("two_trumps", "A", 2),
        ("two_trumps", "C", 2),
        ("trul", "D", 2),
    ]


# 19.16 ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "value", "won"),
    [
        (53, 2, False),  # (0 + 10) x 2 = 20: both sides 53, the declarer's side loses
        (54, 2, True),  # 22 -> 20
        (60, 3, True),  # 34 -> 30
        (62, 4, True),  # 38 -> 40
        (106, 13, True),  # 126 -> 130
        (40, 5, False),  # 46 -> 50
        (0, 13, False),
    ],
)
def test_19_16_povinost_by_the_difference_from_53(points: int, value: int, won: bool) -> None:
    got = items("taylor_xix", card_points=points)
    assert got == [{"name": "game", "team": "declarer", "won": won, "value": value, "kontra": 0}]


@pytest.mark.parametrize(
    ("points", "talon", "value", "won"),
    [
        (59, "first", 5, True),  # 19.16's example: (6 + 10) x 3 = 48, rounded to 50
        (58, "first", 5, True),  # 45: "5 being rounded up"
        (57, "first", 4, True),  # 42 -> 40
        (59, "back", 5, True),  # a won Prever is not multiplied
        (42, "second", 12, False),  # 19.16's example: (11 + 10) x 3 = 63 -> 60, doubled
        (42, "back", 18, False),  # tripled
        (42, "first", 6, False),
    ],
)
def test_19_16_prever_by_the_difference_and_the_talon(points: int, talon: str, value: int, won: bool) -> None:
    got = pay("taylor_xix", contract="prever", partner=None, talon=talon, card_points=points)
    sign = 1 if won else -1
    assert got == {"D": 3 * sign * value, "C": -sign * value, "B": -sign * value, "A": -sign * value}


@pytest.mark.parametrize(("points", "sign"), [(80, 1), (42, -1)])
def test_west_prever_back_on_the_first_three_is_12(points: int, sign: int) -> None:
    # 19.16 variants: "the score for the game when declarer took the first three cards of the talon after
    # seeing the second three is 12 game points"
    got = pay("west_xix", contract="prever", partner=None, talon="back", card_points=points)
    assert got == {"D": 36 * sign, "C": -12 * sign, "B": -12 * sign, "A": -12 * sign}
    second = pay("west_xix", contract="prever", partner=None, talon="second", card_points=42)
    assert second == pay("taylor_xix", contract="prever", partner=None, talon="second", card_points=42)


def test_west_uni_is_2_and_two_trumps_is_no_bonus() -> None:
    assert pay("west_xix", declarations={"no_trumps": ["A"]})["A"] == 6 - 3
    assert pay("taylor_xix", declarations={"no_trumps": ["A"]})["A"] == 12 - 3


def test_west_a_declarer_who_drew_the_called_xix_throws_in_and_pays_2_to_each() -> None:
    got = score_summary(
        {"seats": ["D", "C", "B", "A"], "rules": "west_xix", "kind": "called_from_talon", "declarer": "C"}
    )
    assert got["payments"] == {"D": 2, "C": -6, "B": 2, "A": 2}
    assert got["items"] == [
        {"name": "called_from_talon", "team": "declarer", "won": False, "value": 2, "kontra": 0}
    ]


def test_the_stake_multiplies_everything() -> None:
    fields = {"declarations": {"trul": ["A"]}, "kontra": {"game": 1}, "card_points": 70}
    one, three = pay("taylor_xix", **fields), pay("taylor_xix", stake=3, **fields)
    assert three == {s: 3 * v for s, v in one.items()}


def test_a_sitting_out_seat_is_named_and_pays_nothing() -> None:
    got = pay("taylor_king", sitting_out="E")
    assert got == {**team(("D", "B"), 1), "E": 0}


def test_the_presets_differ_where_the_texts_do() -> None:
    same = {"card_points": 80}
    assert pay("taylor_king", **same) != pay("taylor_xix", **same) == pay("west_xix", **same)
