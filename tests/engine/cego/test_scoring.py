"""Cego (Ichenheim) scoring from the rules text, Dummett & McLeod supplement 17.3 and 17.4."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cego.rules import PRESETS, resolve_rules
from engine.cego.scoring import max_payment, score_summary
from engine.core.messages import FieldError

THREE = ["A", "B", "C"]


def played(contract: str, declarer: str = "A", **extra: Any) -> dict[str, Any]:
    return {"seats": THREE, "contract": contract, "declarer": declarer, **extra}


def pay(summary: dict[str, Any], rules: Any = None) -> dict[str, int]:
    result = score_summary(summary, rules)
    assert sum(result["payments"].values()) == 0
    return result["payments"]


# 17.3: won: 1 per 5 points or part over 35; lost: 1 per 5 points or part below 36 (26-30 lost is 2)
@pytest.mark.parametrize(
    ("points", "base", "won"),
    [
        (36, 1, True),
        (40, 1, True),
        (41, 2, True),
        (45, 2, True),
        (46, 3, True),
        (69, 7, True),  # all the 51 cards of the three-handed game (17.3 gives no deal; see rules.py)
        (35, 1, False),  # the Bürgermeister
        (31, 1, False),
        (30, 2, False),
        (26, 2, False),
        (25, 3, False),
        (0, 8, False),
    ],
)
def test_the_base_value_counts_five_points_or_part(points: int, base: int, won: bool) -> None:
    item = score_summary(played("solo", card_points=points))["items"][0]
    assert (item["base"], item["won"], item["multiplier"]) == (base, won, 1)
    sign = 1 if won else -1
    assert pay(played("solo", card_points=points)) == {
        "A": 2 * sign * base,
        "B": -sign * base,
        "C": -sign * base,
    }


@pytest.mark.parametrize(
    ("contract", "multiplier"),
    [("cego", 2), ("eine_leere", 3), ("zwei_leere", 4), ("zwei_verschiedene", 5), ("solo", 1)],
)
@pytest.mark.parametrize(("points", "base"), [(47, 3), (28, -2)])
def test_each_contract_multiplies_the_base(contract: str, multiplier: int, points: int, base: int) -> None:
    value = base * multiplier
    assert pay(played(contract, "B", card_points=points)) == {"A": -value, "B": 2 * value, "C": -value}


def test_solo_is_multiplier_one_won_or_lost_but_an_option_may_double_the_loss() -> None:
    # 17.3: "The multiplier for Solo is 1, irrespective of whether the game is won or lost"
    assert pay(played("solo", card_points=30))["A"] == -4
    doubled = resolve_rules("ichenheim", {"solo_lost": 2})
    assert pay(played("solo", card_points=30), doubled)["A"] == -8
    assert pay(played("solo", card_points=50), doubled)["A"] == 6


@pytest.mark.parametrize(
    ("side", "points", "sign"), [("declarer", 69, 1), ("opponents", 4, -1), ("opponents", None, -1)]
)
def test_all_tricks_is_base_eight(side: str, points: int | None, sign: int) -> None:
    extra = {"all_tricks": side} | ({} if points is None else {"card_points": points})
    # 17.3: "If either side takes all the tricks the base value is 8 game points"; Zwei Leere x4
    assert pay(played("zwei_leere", "C", **extra)) == {"A": -32 * sign, "B": -32 * sign, "C": 64 * sign}


def test_all_tricks_must_fit_the_card_points() -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(played("cego", all_tricks="declarer", card_points=30))
    assert caught.value.where[0] == "all_tricks"
    with pytest.raises(FieldError):
        score_summary(played("cego", all_tricks="opponents", card_points=40))


@pytest.mark.parametrize(("contract", "value"), [("ulti", 20), ("solodu", 64)])
@pytest.mark.parametrize("made", [True, False])
def test_ulti_and_solodu_are_paid_per_defender(contract: str, value: int, made: bool) -> None:
    # 17.3: Ulti "20 game points to or from each defender"; Solodu "64 game points per defender"
    sign = 1 if made else -1
    assert pay(played(contract, made=made)) == {"A": 2 * value * sign, "B": -value * sign, "C": -value * sign}


def test_the_sitting_out_dealer_wins_and_loses_with_the_defenders() -> None:
    # 17.3: "the dealer takes no part in the play, but wins and loses equally with the defenders"
    four = played("eine_leere", card_points=52, sitting_out="D")  # base 4 x 3 = 12
    assert pay(four) == {"A": 36, "B": -12, "C": -12, "D": -12}
    assert pay(played("ulti", "B", made=False, sitting_out="D")) == {"A": 20, "B": -60, "C": 20, "D": 20}


@pytest.mark.parametrize(("contract", "value"), [("piccolo", 10), ("bettel", 15), ("ulti", 20)])
@pytest.mark.parametrize("made", [True, False])
def test_four_handed_special_games(contract: str, value: int, made: bool) -> None:
    # 17.4: "Piccolo is worth 10 game points, Bettel 15 and Ulti 20"
    sign = 1 if made else -1
    assert pay(played(contract, "C", made=made, sitting_out="D")) == {
        "A": -value * sign,
        "B": -value * sign,
        "C": 3 * value * sign,
        "D": -value * sign,
    }


@pytest.mark.parametrize("contract", ["piccolo", "bettel"])
def test_the_four_handed_games_are_not_played_at_three_seats_or_in_the_strict_preset(contract: str) -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(played(contract, made=True))
    assert caught.value.where[0] == "contract"
    assert caught.value.code == "contract_not_played"
    with pytest.raises(FieldError):
        score_summary(played(contract, made=True, sitting_out="D"), PRESETS["ichenheim_three_handed"])
    assert pay(played(contract, made=True), resolve_rules("ichenheim", {"four_handed_specials": "always"}))


def test_kleiner_mann_is_not_an_ichenheim_contract_unless_an_option_gives_it_a_multiplier() -> None:
    with pytest.raises(FieldError):
        score_summary(played("kleiner_mann", card_points=40))
    assert pay(played("kleiner_mann", card_points=40), resolve_rules(None, {"kleiner_mann": 6}))["A"] == 12


def raeuber(points: dict[str, int], tricks: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {
        "seats": THREE,
        "sitting_out": "D",
        "kind": "raeuber",
        "seat_points": points,
        "seat_tricks": tricks,
        **extra,
    }


@pytest.mark.parametrize(
    ("tricks", "value"),
    [({"A": 5, "B": 4, "C": 4}, 5), ({"A": 7, "B": 6, "C": 0}, 10), ({"A": 13, "B": 0, "C": 0}, 20)],
)
def test_the_raeuber_loser_pays_each_opponent_doubled_per_player_without_a_trick(
    tricks: dict[str, int], value: int
) -> None:
    # 17.4: "The player who takes most points is the loser, and must pay 5 game points to each opponent.
    # This is doubled to 10 points if any player wins no trick, and doubled again to 20 if two players take
    # no trick."
    points = {s: (0 if not n else p) for (s, n), p in zip(tricks.items(), (40, 20, 10), strict=True)}
    points["A"] += 69 - sum(points.values())  # three play the 51 cards: 69 card points
    assert pay(raeuber(points, tricks)) == {"A": -2 * value, "B": value, "C": value, "D": 0}
    paid = resolve_rules(None, {"raeuber_dealer_paid": True})
    assert pay(raeuber(points, tricks), paid) == {"A": -3 * value, "B": value, "C": value, "D": value}


def test_a_raeuber_tie_for_most_points() -> None:
    tie = raeuber({"A": 30, "B": 30, "C": 9}, {"A": 5, "B": 5, "C": 3}, stake=2)
    assert pay(tie) == {"A": -10, "B": -10, "C": 20, "D": 0}
    assert pay(tie, resolve_rules(None, {"raeuber_tie": "none"})) == dict.fromkeys("ABCD", 0)


def test_the_raeuber_is_checked() -> None:
    for bad, path in [
        (raeuber({"A": 30, "B": 30, "C": 8}, {"A": 5, "B": 5, "C": 3}), "seat_points"),
        (raeuber({"A": 30, "B": 30, "C": 10}, {"A": 5, "B": 5, "C": 3}), "seat_points"),  # 70: not 51 cards
        (raeuber({"A": 40, "B": 29, "C": 0}, {"A": 0, "B": 0, "C": 0}), "seat_tricks"),
        (raeuber({"A": 40, "B": 24, "C": 5}, {"A": 7, "B": 6, "C": 0}), "seat_points.C"),
        (raeuber({"A": 40, "B": 29}, {"A": 7, "B": 6, "C": 0}), "seat_points.C"),
        (raeuber({"A": 40, "B": 29, "C": 0}, {"A": 7, "B": 6, "C": 0}, contract="solo"), "contract"),
        ({**raeuber({"A": 40, "B": 29, "C": 0}, {"A": 7, "B": 6, "C": 0}), "sitting_out": None}, "kind"),
    ]:
        with pytest.raises(FieldError) as caught:
            score_summary(bad)
        assert caught.value.where[0] == path, bad
    unchecked = resolve_rules(None, {"raeuber_card_total": 0})
    assert pay(raeuber({"A": 30, "B": 30, "C": 8}, {"A": 5, "B": 5, "C": 3}), unchecked)["C"] == 10


WHOLE_PACK = resolve_rules("ichenheim", {"three_handed_pack": "54"})


def test_the_card_points_at_three_are_the_packs() -> None:
    """Three play 51 cards by default, 69 card points in threes; with the whole pack (the option), 70."""
    with pytest.raises(FieldError) as caught:
        score_summary(played("solo", card_points=70))
    assert caught.value.where[0] == "card_points"
    assert pay(played("solo", card_points=70), WHOLE_PACK) == {"A": 14, "B": -7, "C": -7}
    assert pay(played("cego", "B", all_tricks="declarer", card_points=70), WHOLE_PACK)["B"] == 32
    # 17.3's 36 to win stays with either pack (points_to_win)
    for rules in (None, WHOLE_PACK):
        assert pay(played("solo", card_points=36), rules)["A"] == 2
        assert pay(played("solo", card_points=35), rules)["A"] == -2
    # four active players always hold the whole pack
    four = {"seats": ["A", "B", "C", "D"], "contract": "solo", "declarer": "A", "card_points": 70}
    assert pay(four, PRESETS["four_handed"])["A"] == 21


def test_the_raeuber_at_three_adds_up_to_the_packs_points() -> None:
    tricks = {"A": 5, "B": 4, "C": 4}
    fifty_one = raeuber({"A": 30, "B": 30, "C": 9}, tricks)
    whole = raeuber({"A": 30, "B": 30, "C": 10}, tricks)
    assert pay(fifty_one)["C"] == 10
    assert pay(whole, WHOLE_PACK)["C"] == 10
    for summary, rules in ((whole, None), (fifty_one, WHOLE_PACK)):
        with pytest.raises(FieldError) as caught:
            score_summary(summary, rules)
        assert caught.value.where[0] == "seat_points"
        assert caught.value.code == "card_points_total"


def test_the_four_handed_raeuber_takes_each_players_count_in_thirds() -> None:
    """17.4's Räuber with all four playing: four-card tricks and the Blinde's ten cards leave piles that
    are no multiple of three, so a player's own count in threes may end in a third (engine/core/thirds.py);
    the table's counts add up to 70 exactly, and the most points are compared exactly."""
    rules = PRESETS["four_handed"]
    thirds = {
        "seats": ["A", "B", "C", "D"],
        "kind": "raeuber",
        "seat_tricks": {"A": 4, "B": 3, "C": 2, "D": 2},
    }
    points = {"A": "23 1/3", "B": "23,33", "C": "23⅓", "D": 0}  # 70 in all, typed three ways
    with pytest.raises(FieldError) as caught:
        score_summary({**thirds, "seat_points": {**points, "D": 1}}, rules)  # 71: not the pack
    assert caught.value.where[0] == "seat_points"
    tied = pay({**thirds, "seat_points": points}, rules)
    assert tied["D"] > 0  # the three tied for most pay D
    one_loser = {"A": "23 2/3", "B": "23 1/3", "C": 23, "D": 0}  # A has a third more than B
    paid = pay({**thirds, "seat_points": one_loser}, rules)
    assert paid["A"] < 0
    assert paid["B"] == paid["C"] == paid["D"] > 0
    scored = score_summary({**thirds, "seat_points": one_loser}, rules)
    assert scored["items"][0]["card_points"] == "23 2/3"


def test_the_stake_multiplies_every_payment() -> None:
    assert pay(played("solodu", made=True, stake=3, sitting_out="D"))["A"] == 3 * 3 * 64


def test_max_payment_bounds_the_largest_hands() -> None:
    rules = PRESETS["ichenheim"]
    assert max_payment(rules) == 3 * 64
    assert abs(pay(played("solodu", made=False, sitting_out="D"))["A"]) <= max_payment(rules)
    assert abs(pay(played("zwei_verschiedene", all_tricks="declarer", sitting_out="D"))["A"]) <= max_payment(
        rules
    )
    assert max_payment(resolve_rules(None, {"solodu": 10})) == 3 * 40  # 8 x Zwei Verschiedene


@pytest.mark.parametrize(
    ("summary", "path"),
    [
        ({"seats": THREE, "contract": "solo", "declarer": "A"}, "card_points"),
        (played("solo", card_points=40, made=True), "made"),
        (played("ulti", card_points=40, made=True), "card_points"),
        (played("ulti"), "made"),
        (played("solo", "D", card_points=40), "declarer"),
        (played("bock", card_points=40), "contract"),
        (played("solo", card_points=71), "card_points"),
        (played("solo", card_points=40, seat_tricks={}), "seat_tricks"),
        (played("solo", card_points=40, stake=0), "stake"),
        (played("solo", card_points=40, sitting_out="A"), "sitting_out"),
        (played("solo", card_points=40, rules="bräunlingen"), "rules"),
        (played("solo", card_points=40, rules={"preset": "ichenheim", "options": {"solo": "x"}}), "rules"),
        ({"seats": ["A", "B"], "contract": "solo"}, "seats"),
        ({"seats": ["A", "A", "B"], "contract": "solo"}, "seats"),
        ({"seats": ["A", "B", "C\x00"], "contract": "solo"}, "seats.2"),
        (played("solo", card_points=40, trull=True), "summary"),
    ],
)
def test_malformed_summaries_name_the_field(summary: dict[str, Any], path: str) -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(summary)
    assert caught.value.where[0] == path
