"""Trischaken settled by card points (18.10, WTC) and the five-seat Fahren (18.11)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.messages import FieldError
from engine.koenigrufen.scoring import score_summary


def trischaken(points: dict[str, int], preset: str = "wiener_tarockcup", **more: Any) -> dict[str, Any]:
    return {"rules": preset, "kind": "trischaken", "seats": list(points), "card_points": points, **more}


def pay(points: dict[str, int], **more: Any) -> dict[str, int]:
    return score_summary(trischaken(points, **more))["payments"]


def test_the_loser_pays_one_to_each_opponent() -> None:
    assert pay({"A": 10, "B": 30, "C": 20, "D": 10}) == {"A": 1, "B": -3, "C": 1, "D": 1}


def test_doubled_when_the_first_player_loses() -> None:
    assert pay({"A": 30, "B": 10, "C": 20, "D": 10}) == {"A": -6, "B": 2, "C": 2, "D": 2}


def test_doubled_for_a_buergermeister_with_36_or_more() -> None:
    assert pay({"A": 10, "B": 36, "C": 14, "D": 10}) == {"A": 2, "B": -6, "C": 2, "D": 2}
    assert pay({"A": 10, "B": 35, "C": 15, "D": 10}) == {"A": 1, "B": -3, "C": 1, "D": 1}


def test_a_first_player_buergermeister_pays_four_each() -> None:
    assert pay({"A": 40, "B": 10, "C": 10, "D": 10}) == {"A": -12, "B": 4, "C": 4, "D": 4}


def test_tied_losers_each_pay_one() -> None:
    """18.10: "If two or three players tie for most points, they each pay 1 game point" (to each player
    not tied, the kit's reading; no doubling, also for the first player)."""
    assert pay({"A": 25, "B": 25, "C": 10, "D": 10}) == {"A": -2, "B": -2, "C": 2, "D": 2}
    assert pay({"A": 20, "B": 20, "C": 20, "D": 10}) == {"A": -1, "B": -1, "C": -1, "D": 3}


def test_a_jungfrau_wins_three_from_the_loser_and_the_others_are_quits() -> None:
    assert pay({"A": 10, "B": 30, "C": 30 - 1, "D": 0}, jungfrau=["D"]) == {"A": 0, "B": -3, "C": 0, "D": 3}


def test_a_buergermeister_pays_a_jungfrau_six_or_two_jungfrauen_three_each() -> None:
    assert pay({"A": 10, "B": 40, "C": 20, "D": 0}, jungfrau=["D"]) == {"A": 0, "B": -6, "C": 0, "D": 6}
    two = pay({"A": 0, "B": 40, "C": 30, "D": 0}, jungfrau=["A", "D"])
    assert two == {"A": 3, "B": -6, "C": 0, "D": 3}


def test_tied_losers_pay_a_jungfrau_three_each() -> None:
    assert pay({"A": 35, "B": 35, "C": 0, "D": 0}, jungfrau=["C"]) == {"A": -3, "B": -3, "C": 6, "D": 0}


def test_lk_doubles_the_trischaken_value() -> None:
    assert pay({"A": 10, "B": 30, "C": 20, "D": 10}, preset="vacha_lk") == {"A": 2, "B": -6, "C": 2, "D": 2}
    assert pay({"A": 10, "B": 30, "C": 29, "D": 0}, preset="vacha_lk", jungfrau=["D"])["D"] == 6


def test_a_jungfrau_has_no_card_points_and_points_do_not_exceed_70() -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(trischaken({"A": 10, "B": 30, "C": 20, "D": 5}, jungfrau=["D"]))
    assert (caught.value.where[0], caught.value.code) == ("card_points.D", "jungfrau_points")
    with pytest.raises(FieldError) as total:
        score_summary(trischaken({"A": 30, "B": 30, "C": 20, "D": 0}))
    assert (total.value.where[0], total.value.code) == ("card_points", "card_points_total")


def test_no_kontra_on_trischaken_by_these_rules() -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(trischaken({"A": 10, "B": 30, "C": 20, "D": 10}, kontra=1))
    assert caught.value.code == "no_kontra"
    allowed = {"preset": "wiener_tarockcup", "options": {"trischaken_kontra": True}}
    summary = trischaken({"A": 10, "B": 30, "C": 20, "D": 10}, kontra=1) | {"rules": allowed}
    assert score_summary(summary)["payments"]["B"] == -6


def test_the_dealer_plays_a_fahren_at_a_five_seat_table() -> None:
    """18.11: at five the dealer sits out, except in a Fahren; the table lists the dealer among seats."""
    points = {"B": 10, "C": 30, "D": 10, "E": 10, "A": 10}
    listed = score_summary(trischaken(points, sitting_out="A"))
    assert listed["payments"] == {"B": 1, "C": -4, "D": 1, "E": 1, "A": 1}
    assert score_summary(trischaken(points)) == listed
    with pytest.raises(FieldError) as caught:
        score_summary(
            trischaken(
                points, rules={"preset": "wiener_tarockcup", "options": {"fahren_dealer_plays": False}}
            )
        )
    assert caught.value.code == "dealer_plays_not"


def test_a_four_player_trischaken_at_a_five_seat_table_leaves_the_dealer_quits() -> None:
    result = score_summary(trischaken({"B": 10, "C": 30, "D": 20, "E": 10}, sitting_out="A"))
    assert result["payments"] == {"B": 1, "C": -3, "D": 1, "E": 1, "A": 0}


def test_a_played_hand_has_four_seats_and_the_sitting_out_seat_does_not_play() -> None:
    base = {"contract": "rufer", "declarer": "A", "won": True}
    with pytest.raises(FieldError) as five:
        score_summary({**base, "seats": list("ABCDE")})
    assert five.value.where[0] == "seats"
    with pytest.raises(FieldError) as plays:
        score_summary({**base, "seats": list("ABCD"), "sitting_out": "A"})
    assert (plays.value.where[0], plays.value.code) == ("sitting_out", "sitting_out_plays")
    result = score_summary({**base, "seats": list("ABCD"), "sitting_out": "E", "partner": "B"})
    assert result["payments"] == {"A": 1, "B": 1, "C": -1, "D": -1, "E": 0}
