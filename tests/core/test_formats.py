"""Dealing order, doubled rounds and table places (pure functions, no database)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.hungarian.deals import active_positions, deal_sequence
from engine.hungarian.rules import get_rules
from tournaments.core.formats import FormatError, rank_table, validate_format

PAGAT = get_rules("pagat")
TOURNAMENT = get_rules("tournament")


def test_it_seats_the_first_bidder_at_the_dealers_right_and_sits_out_a_five_table_dealer() -> None:
    assert active_positions("ABCD", "A") == ("B", "C", "D", "A")
    assert active_positions("ABCDE", "C") == ("D", "E", "A", "B")


def test_it_passes_the_deal_to_the_right_after_each_hand() -> None:
    dealers = [deal_sequence("ABCD", "B", ["played"] * k, PAGAT).dealer for k in range(6)]
    assert dealers == ["B", "C", "D", "A", "B", "C"]


def test_it_redeals_and_doubles_the_next_round_after_a_passed_out_hand_under_pagat() -> None:
    # "The bidding": the same player deals again and the next four deals (4 players) are doubled.
    kinds = ["played", "passed_out"]
    deal = deal_sequence("ABCD", "A", kinds, PAGAT)
    assert deal.dealer == "B"  # A dealt hand 1, B dealt the passed-out hand 2 and deals again
    stakes = [deal_sequence("ABCD", "A", kinds + ["played"] * k, PAGAT).stake for k in range(6)]
    assert stakes == [2, 2, 2, 2, 1, 1]


def test_it_quadruples_where_two_doubled_rounds_overlap() -> None:
    kinds = ["passed_out", "played", "annulled"]  # hands 2..5 doubled, 4..7 doubled
    stakes = [deal_sequence("ABCD", "A", kinds + ["played"] * k, PAGAT).stake for k in range(6)]
    # next deals are numbers 4, 5, 6, 7, 8, 9
    assert stakes == [4, 4, 2, 2, 1, 1]


def test_it_never_doubles_and_passes_the_deal_on_under_the_tournament_rules() -> None:
    deal = deal_sequence("ABCDE", "A", ["passed_out", "annulled"], TOURNAMENT)
    assert (deal.dealer, deal.stake) == ("C", 1)


def test_it_extends_instead_of_overlapping_with_the_extra_round_variation() -> None:
    rules = PAGAT.replace(doubled_rounds="extra_round")
    kinds = ["passed_out", "played", "annulled"]
    stakes = [deal_sequence("ABCD", "A", kinds + ["played"] * k, rules).stake for k in range(8)]
    # doubled 2..5, then one more round 6..9: never x4
    assert stakes == [2, 2, 2, 2, 2, 2, 1, 1]


def test_it_plays_a_quadrupled_round_after_a_throw_in_during_a_doubled_round() -> None:
    rules = PAGAT.replace(doubled_rounds="quadruple_round")
    kinds = ["passed_out", "played", "annulled"]
    stakes = [deal_sequence("ABCD", "A", kinds + ["played"] * k, rules).stake for k in range(6)]
    assert stakes == [4, 4, 4, 4, 1, 1]


def test_it_shares_tied_places_equally() -> None:
    places = rank_table({"A": 10, "B": 3, "C": 3, "D": -16}, [10, 8, 6, 4])
    assert places["A"].table_points == 10
    assert places["A"].won_table
    assert places["B"].table_points == places["C"].table_points == 7
    assert places["B"].place == Fraction(5, 2)
    assert places["D"].table_points == 4


def test_it_gives_a_five_table_fifth_place_the_fourth_places_points() -> None:
    places = rank_table({"A": 9, "B": 4, "C": 0, "D": -5, "E": -8}, [10, 8, 6, 4, 4])
    assert [places[p].table_points for p in "ABCDE"] == [10, 8, 6, 4, 4]


def test_it_counts_a_shared_first_place_as_a_table_win_for_both() -> None:
    places = rank_table({"A": 5, "B": 5, "C": -5, "D": -5}, [10, 8, 6, 4])
    assert places["A"].won_table
    assert places["B"].won_table
    assert places["A"].table_points == 9
    assert places["C"].table_points == 5


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"rounds_planned": 0}, "rounds_planned"),
        ({"table_points_4": [4, 6, 8, 10]}, "table_points_4"),
        ({"table_points_5": [10, 8, 6]}, "table_points_5"),
        ({"pairing_methods": ["random", "dutch"]}, "pairing_methods"),
        ({"tiebreaks": ["total", "coin_toss"]}, "tiebreaks"),
        ({"rules_preset": "nope"}, "rules_preset"),  # issue 21 §7: not under rules_options
        ({"rules_preset": "pagat", "rules_options": {"nope": 1}}, "rules_options"),
        ({"deals_per_round_4": 0}, "deals_per_round_4"),
        ({"deals_per_round_5": 501}, "deals_per_round_5"),
    ],
)
def test_it_names_the_field_of_an_invalid_format(values: dict, field: str) -> None:
    with pytest.raises(FormatError) as err:
        validate_format({"game": "hungarian", **values})
    assert err.value.field == field


@pytest.mark.parametrize("game", [None, "", "skat"])
def test_a_format_of_no_game_names_the_game(game: str | None) -> None:
    with pytest.raises(FormatError) as err:
        validate_format({"game": game, "rules_preset": "tournament"})
    assert err.value.field == "game"  # there is no default game to check it against
