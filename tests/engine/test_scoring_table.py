"""The BASIC GAME SCORE MULTIPLIERS table of pagat "The scoring", row by row, column by column, every bid.

Expected values are the table's multipliers times the basic game score of the bid (three 1, two 2, one 3,
solo 4). Each column is tested at both ends of its card-point range where it has two ends.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.hungarian.scoring import score_summary
from tests.engine.conftest import Builder

GAME = {"three": 1, "two": 2, "one": 3, "solo": 4}
DRAW = {"three": 3, "two": 2, "one": 1, "solo": 0}  # cards the declarer discards

# Rows of the table: (label, game_kontra, announcements, multipliers for the six columns
# no trick | 23 or fewer | 24-47 | 48-70 | 71 or more | all tricks).
ROWS: list[tuple[str, int, list[dict[str, Any]], tuple[int, ...]]] = [
    ("nothing", 0, [], (-3, -2, -1, +1, +2, +3)),
    ("double game", 0, [{"team": "declarer", "bonus": "double_game"}], (-7, -6, -5, -4, +4, +7)),
    ("volat", 0, [{"team": "declarer", "bonus": "volat"}], (-9, -8, -7, -6, -6, +6)),
    (
        "double game, volat",
        0,
        [{"team": "declarer", "bonus": "double_game"}, {"team": "declarer", "bonus": "volat"}],
        (-13, -12, -11, -10, -2, +10),
    ),
    ("kontra the game", 1, [], (-5, -4, -2, +2, +4, +5)),
    (
        "kontra the game; opponents announce double",
        1,
        [{"team": "opponents", "bonus": "double_game"}],
        (-9, -6, +2, +6, +8, +9),
    ),
    (
        "double game; opponents kontra the double",
        0,
        [{"team": "declarer", "bonus": "double_game", "kontra": 1}],
        (-11, -10, -9, -8, +8, +11),
    ),
    (
        "double game; opponents kontra the double and the game",
        1,
        [{"team": "declarer", "bonus": "double_game", "kontra": 1}],
        (-13, -12, -10, -6, +10, +13),
    ),
]


def _column_results(bid: str) -> list[list[dict[str, Any]]]:
    """Representative results for each column (possible card points for the tricks and the bid)."""
    own = DRAW[bid]
    sweep_opp = {"trull": "opponents", "four_kings": "opponents"}  # every trick: all honours and kings
    sweep_decl = {"trull": "declarer", "four_kings": "declarer"}
    return [
        # no trick: only the declarer's discards, here each worth 1 point
        [{"declarer_card_points": own, "declarer_tricks": 0, **sweep_opp}],
        [
            {"declarer_card_points": 15, "declarer_tricks": 2},
            {"declarer_card_points": 23, "declarer_tricks": 3},
        ],
        [
            {"declarer_card_points": 24, "declarer_tricks": 3},
            {"declarer_card_points": 47, "declarer_tricks": 4},
        ],
        [
            {"declarer_card_points": 48, "declarer_tricks": 4},
            {"declarer_card_points": 70, "declarer_tricks": 6},
        ],
        [
            {"declarer_card_points": 71, "declarer_tricks": 6},
            {"declarer_card_points": 84, "declarer_tricks": 8},
        ],
        # all tricks: everything but the opponents' discards, each worth 1 point here
        [{"declarer_card_points": 94 - (6 - own), "declarer_tricks": 9, **sweep_decl}],
    ]


CASES = [
    pytest.param(
        bid,
        kontra,
        anns,
        column,
        result,
        mults[column] * GAME[bid],
        id=f"{bid}-{label}-col{column}-{result['declarer_card_points']}pts",
    )
    for bid in GAME
    for label, kontra, anns, mults in ROWS
    for column, results in enumerate(_column_results(bid))
    for result in results
]


@pytest.mark.parametrize(("bid", "game_kontra", "announcements", "column", "result", "expected"), CASES)
def test_it_scores_every_cell_of_the_multiplier_table(
    summary: Builder,
    bid: str,
    game_kontra: int,
    announcements: list[dict[str, Any]],
    column: int,
    result: dict[str, Any],
    expected: int,
) -> None:
    data = summary(bid=bid, game_kontra=game_kontra, announcements=announcements, result=result)
    payments = score_summary(data)["payments"]
    # Two against two: declarer B and partner C each receive the net, opponents A and D each pay it.
    assert payments == {"A": -expected, "B": expected, "C": expected, "D": -expected}


@pytest.mark.parametrize(("bid", "game_kontra", "announcements", "column", "result", "expected"), CASES[::7])
def test_it_triples_the_table_for_a_lone_declarer(
    summary: Builder,
    bid: str,
    game_kontra: int,
    announcements: list[dict[str, Any]],
    column: int,
    result: dict[str, Any],
    expected: int,
) -> None:
    data = summary(bid=bid, game_kontra=game_kontra, announcements=announcements, result=result, partner=None)
    payments = score_summary(data)["payments"]
    # "The scoring": a lone declarer is paid the net score by each of the three (value x 3).
    assert payments == {"A": -expected, "B": 3 * expected, "C": -expected, "D": -expected}


def test_it_scores_game_double_and_volat_as_alternatives_without_announcements(summary: Builder) -> None:
    # "if the bid is two and the declarer's team takes 75 card points, the payment of 4 points for double
    # game replaces the 2 points for game; it is not additional."
    out = score_summary(summary(bid="two", result={"declarer_card_points": 75, "declarer_tricks": 7}))
    assert out["payments"]["B"] == 4
    assert [i["name"] for i in out["items"]] == ["double_game"]


def test_it_scores_the_silent_value_table(summary: Builder) -> None:
    # Table "Bid | Basic game score | Silent double game | Silent volát | Announced double | Announced volát"
    table = {
        "three": (1, 2, 3, 4, 6),
        "two": (2, 4, 6, 8, 12),
        "one": (3, 6, 9, 12, 18),
        "solo": (4, 8, 12, 16, 24),
    }
    for bid, (basic, silent_double, silent_volat, ann_double, ann_volat) in table.items():
        volat = {
            "declarer_card_points": 94 - (6 - DRAW[bid]),
            "declarer_tricks": 9,
            "trull": "declarer",
            "four_kings": "declarer",
        }
        assert score_summary(summary(bid=bid))["payments"]["B"] == basic
        assert (
            score_summary(summary(bid=bid, result={"declarer_card_points": 80, "declarer_tricks": 7}))[
                "payments"
            ]["B"]
            == silent_double
        )
        assert score_summary(summary(bid=bid, result=volat))["payments"]["B"] == silent_volat
        dg = summary(
            bid=bid,
            announcements=[{"team": "declarer", "bonus": "double_game"}],
            result={"declarer_card_points": 80, "declarer_tricks": 7},
        )
        assert score_summary(dg)["payments"]["B"] == ann_double
        vo = summary(bid=bid, announcements=[{"team": "declarer", "bonus": "volat"}], result=volat)
        assert score_summary(vo)["payments"]["B"] == ann_volat
