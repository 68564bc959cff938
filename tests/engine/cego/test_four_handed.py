"""Four-handed Cego (supplement 17.4), its own preset ``four_handed``: all four play, nobody sits out, the
ordinary contracts scored as at three (17.3), Piccolo 10, Bettel 15 and Ulti 20, and the Räuber."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cego.rules import PRESETS
from engine.cego.scoring import max_payment, score_summary
from engine.core.messages import FieldError
from engine.games import game

CEGO = game("cego")
FOUR = PRESETS["four_handed"]


def four(**fields: Any) -> dict[str, Any]:
    """A hand at a four-handed table: B (Vorhand) first, A the dealer playing last."""
    return {"seats": ["B", "C", "D", "A"], "rules": "four_handed", **fields}


def test_the_preset_deals_four_active_seats_and_nobody_sits_out() -> None:
    """17.4: the Räuber comes when "the other three players pass again over the first player's compulsory
    bid": four play, the dealer too."""
    deal = CEGO.deal("ABCD", "A", [], FOUR)
    assert (deal.dealer, deal.active, deal.sitting_out) == ("A", ("B", "C", "D", "A"), ())
    assert CEGO.deal("ABCD", "A", ["played", "raeuber"], FOUR).active == ("D", "A", "B", "C")
    assert CEGO.sitting_out("ABCD", "A", FOUR) == ()
    # 17.3's table of four keeps its dealer out; so does the default when no rules are given
    assert CEGO.sitting_out("ABCD", "A", PRESETS["ichenheim"]) == ("A",)
    assert CEGO.sitting_out("ABCD", "A", None) == ("A",)
    assert CEGO.sitting_out("ABC", "A", FOUR) == ()


def test_its_format_is_tables_of_four() -> None:
    assert CEGO.formats["four_handed"] == {
        "scoring": "game_points",
        "table_sizes": [4],
        "deals_per_round": {4: 24},
        "rounds": 2,
    }
    assert CEGO.preset_docs["four_handed"]
    assert CEGO.option_docs["all_four_play"]
    assert "four_handed" in CEGO.labels


def test_a_point_contract_is_paid_by_each_of_three_defenders() -> None:
    """17.4: "The play and scoring of the ordinary contracts is the same as in the three-handed game":
    a Solo (x1) with 47 card points is 12 over 35, base 3, from each of the three other players."""
    got = score_summary(four(contract="solo", declarer="C", card_points=47))
    assert got["payments"] == {"B": -3, "C": 9, "D": -3, "A": -3}
    lost = score_summary(four(contract="cego", declarer="A", card_points=30))  # 6 below 36: base 2, x2
    assert lost["payments"] == {"B": 4, "C": 4, "D": 4, "A": -12}


@pytest.mark.parametrize(("contract", "value"), [("piccolo", 10), ("bettel", 15), ("ulti", 20)])
def test_the_three_special_contracts(contract: str, value: int) -> None:
    """17.4: "Piccolo is worth 10 game points, Bettel 15 and Ulti 20"."""
    made = score_summary(four(contract=contract, declarer="D", made=True))["payments"]
    assert made == {"B": -value, "C": -value, "D": 3 * value, "A": -value}


def test_solodu_is_not_a_four_handed_contract() -> None:
    """17.4 names three special contracts; Solodu is 17.3's three-handed one."""
    with pytest.raises(FieldError) as caught:
        score_summary(four(contract="solodu", declarer="B", made=True))
    assert (caught.value.path, caught.value.code) == ("contract", "contract_not_played")


def test_the_raeuber_loser_pays_each_of_three_opponents() -> None:
    """17.4: the most card points "must pay 5 game points to each opponent ... doubled to 10 if any player
    wins no trick"."""
    points = {"B": 30, "C": 20, "D": 20, "A": 0}
    tricks = {"B": 5, "C": 3, "D": 2, "A": 0}
    got = score_summary(four(kind="raeuber", seat_points=points, seat_tricks=tricks))
    assert got["payments"] == {"B": -30, "C": 10, "D": 10, "A": 10}
    assert max(map(abs, got["payments"].values())) <= max_payment(FOUR)


@pytest.mark.parametrize(
    ("summary", "path", "code"),
    [
        (
            four(contract="solo", declarer="B", card_points=40, sitting_out="E"),
            "sitting_out",
            "all_four_play",
        ),
        (
            {"seats": ["B", "C", "D", "A"], "contract": "solo", "declarer": "B", "card_points": 40},
            "seats",
            "seats_three",
        ),  # 17.3's table: three play
        (four(seats=["B", "C", "D", "B"], contract="solo", declarer="B"), "seats", "seats_distinct_list"),
    ],
)
def test_what_the_four_handed_game_refuses(summary: dict[str, Any], path: str, code: str) -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(summary)
    assert (caught.value.path, caught.value.code) == (path, code)


def test_a_three_seat_table_under_the_preset_plays_three_handed() -> None:
    got = score_summary(
        {
            "seats": ["B", "C", "A"],
            "rules": "four_handed",
            "contract": "solo",
            "declarer": "B",
            "card_points": 47,
        }
    )
    assert got["payments"] == {"B": 6, "C": -3, "A": -3}
