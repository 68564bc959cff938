"""The schedule of three-handed Slovenian Tarok, case by case from the texts: 16.8 Bled (Dummett-McLeod
Supplement), pagat's base game, the TZS competition rules for bonus values and the kontra ladder."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.messages import FieldError
from engine.slovenian.rules import resolve_rules
from engine.slovenian.scoring import difference, item_payments, score, score_summary
from engine.slovenian.summary import parse_summary

from .conftest import announced, hand, silent

CLASSIC = resolve_rules("classic")
BLED = resolve_rules("bled")


def pay(summary: dict[str, Any], rules: Any = None) -> dict[str, int]:
    return score_summary(summary, rules)["payments"]


def declarer_score(summary: dict[str, Any], rules: Any = None) -> int:
    return score_summary(summary, rules)["scores"]["A"]


@pytest.mark.parametrize(
    ("points", "rounded"),
    [(35, 0), (36, 0), (37, 0), (38, 5), (40, 5), (42, 5), (43, 10), (70, 35), (0, 35), (32, 5), (33, 0)],
)
def test_the_difference_from_35_is_rounded_to_the_nearest_5(points: int, rounded: int) -> None:
    assert difference(points, 5) == rounded
    assert difference(points, 1) == abs(points - 35)


@pytest.mark.parametrize(
    ("contract", "value"), [("trojka", 10), ("dvojka", 20), ("enojka", 30), ("solo", 80)]
)
def test_bled_values_plus_the_difference_won_and_lost(contract: str, value: int) -> None:
    # 16.8 Bled: Trojka 10, Dvojko 20, Enojko 30, Solo 80, the difference from 35 "simply added"
    won = hand(contract=contract, declarer="A", card_points=48)
    assert declarer_score(won) == value + 15
    assert pay(won) == {"A": 2 * (value + 15), "B": -(value + 15), "C": -(value + 15)}
    lost = hand(contract=contract, declarer="B", card_points=29)
    assert pay(lost) == {"A": value + 5, "B": -2 * (value + 5), "C": value + 5}


def test_exactly_35_loses_and_36_wins() -> None:
    assert declarer_score(hand(contract="trojka", declarer="A", card_points=35)) == -10
    assert declarer_score(hand(contract="trojka", declarer="A", card_points=36)) == 10


def test_classic_solo_scores_its_value_only_and_bled_solo_adds_the_difference() -> None:
    summary = hand(contract="solo", declarer="A", card_points=60)
    assert declarer_score(summary, CLASSIC) == 80
    assert declarer_score(summary, BLED) == 80 + 25
    with pytest.raises(FieldError, match="bonuses"):
        score_summary({**summary, "bonuses": {"trula": silent()}}, CLASSIC)
    assert declarer_score({**summary, "bonuses": {"trula": silent()}}, BLED) == 105 + 10


@pytest.mark.parametrize("made", [True, False])
def test_bera_is_won_or_lost_outright_for_70(made: bool) -> None:
    summary = hand(contract="berac", declarer="C", made=made)
    sign = 1 if made else -1
    assert pay(summary) == {"A": -70 * sign, "B": -70 * sign, "C": 140 * sign}
    with pytest.raises(FieldError, match="card_points"):
        score_summary({**summary, "card_points": 40})
    with pytest.raises(FieldError, match="made"):
        score_summary(hand(contract="berac", declarer="C"))


@pytest.mark.parametrize(("contract", "value"), [("odprti_berac", 90), ("barvni_valat", 125), ("valat", 500)])
def test_the_base_games_higher_contracts_are_classic_only(contract: str, value: int) -> None:
    summary = hand(contract=contract, declarer="A", made=False)
    assert declarer_score(summary, CLASSIC) == -value
    assert declarer_score({**summary, "made": True}, CLASSIC) == value
    with pytest.raises(FieldError, match="contract"):
        score_summary(summary, BLED)  # 16.8 Bled lists only Trojka .. Solo


@pytest.mark.parametrize(("name", "full"), [("trula", 20), ("kralji", 20), ("pagat_ultimo", 50)])
def test_bonuses_silent_half_announced_full_won_and_lost_by_either_side(name: str, full: int) -> None:
    base = hand(contract="trojka", declarer="A", card_points=40)  # won: 10 + 5
    cases = [
        (silent("declarer"), full // 2),
        (silent("opponents"), -full // 2),
        (silent("declarer", made=False), 0),  # a silent bonus not made scores nothing
        (announced("declarer"), full),
        (announced("declarer", made=False), -full),
        (announced("opponents"), -full),
        (announced("opponents", made=False), full),
    ]
    for bonus, worth in cases:
        assert declarer_score({**base, "bonuses": {name: bonus}}) == 15 + worth, bonus


def test_kontra_doubles_the_game_up_to_mort() -> None:
    base = hand(contract="dvojka", declarer="A", card_points=30)  # lost: -(20 + 5)
    for level, factor in enumerate([1, 2, 4, 8, 16]):
        result = score_summary({**base, "kontra": level})
        assert result["scores"]["A"] == -25 * factor
        assert result["items"][0]["kontra"] == level
    with pytest.raises(FieldError, match="kontra"):
        score_summary({**base, "kontra": 5})
    with pytest.raises(FieldError, match="kontra"):
        score_summary({**base, "kontra": 2}, resolve_rules("bled", {"max_kontra": 1}))


def test_kontra_on_an_announced_bonus_only() -> None:
    base = hand(
        contract="trojka", declarer="A", card_points=40, bonuses={"pagat_ultimo": announced(made=False)}
    )
    assert declarer_score({**base, "bonus_kontra": {"pagat_ultimo": 1}}) == 15 - 100
    assert declarer_score({**base, "kontra": 1, "bonus_kontra": {"pagat_ultimo": 2}}) == 30 - 200
    with pytest.raises(FieldError, match=r"bonus_kontra\.trula"):
        score_summary({**base, "bonuses": {"trula": silent()}, "bonus_kontra": {"trula": 1}})
    with pytest.raises(FieldError, match=r"bonus_kontra\.kralji"):
        score_summary({**base, "bonus_kontra": {"kralji": 1}})


def test_a_valat_replaces_the_game_and_the_other_bonuses() -> None:
    bonuses = {"trula": silent(), "kralji": announced(), "valat": announced()}
    base = hand(contract="enojka", declarer="A", card_points=70, bonuses=bonuses)
    result = score_summary(base)
    assert [it["name"] for it in result["items"]] == ["valat"]
    assert result["scores"]["A"] == 500
    silent_valat = {**base, "bonuses": {"valat": silent()}, "kontra": 1}
    assert declarer_score(silent_valat) == 250 * 2  # TZS B1.14: 250 plus the kontras said
    lost = {**base, "card_points": 60, "bonuses": {"valat": announced(made=False)}}
    assert declarer_score(lost) == 30 + 25 - 500
    against = {**base, "card_points": 0, "bonuses": {"valat": silent("opponents")}}
    assert declarer_score(against) == -250


def test_a_captured_mond_costs_its_holder_21() -> None:
    result = score_summary(hand(contract="trojka", declarer="A", card_points=40, mond_captured="B"))
    assert result["scores"] == {"A": 15, "B": -21, "C": 0}
    assert result["payments"] == {"A": 30 + 21, "B": -15 - 42, "C": -15 + 21}
    with pytest.raises(FieldError, match="mond_captured"):
        score_summary(hand(contract="berac", declarer="A", made=True, mond_captured="B"))


def klop(points: dict[str, int], rules: Any = None, **extra: Any) -> dict[str, int]:
    return score_summary(hand(contract="klop", klop_points=points, **extra), rules)["scores"]


def test_klop_each_loses_his_card_points_and_a_clean_player_wins_70() -> None:
    assert klop({"A": 20, "B": 30, "C": 20}) == {"A": -20, "B": -30, "C": -20}
    assert klop({"A": 0, "B": 35, "C": 35}, CLASSIC) == {"A": 70, "B": -35, "C": -35}
    assert klop({"A": 0, "B": 34, "C": 36}, CLASSIC) == {"A": 0, "B": 0, "C": -70}  # over half: only he
    assert klop({"A": 1, "B": 34, "C": 35}, CLASSIC) == {"A": -1, "B": -34, "C": -35}  # 35 is not over half


def test_klopecki_at_bled_35_or_more_loses_70_and_the_others_nothing() -> None:
    # 16.8 Bled: "If a player takes 35 or more points he loses 140 game points if there was a Kontra"
    assert klop({"A": 35, "B": 20, "C": 15}) == {"A": -70, "B": 0, "C": 0}
    assert klop({"A": 35, "B": 20, "C": 15}, kontra_by="B") == {"A": -140, "B": 0, "C": 0}


def test_klopecki_kontra_doubles_the_losses() -> None:
    # 16.8 Bled: "the number of game points lost by each player is normally double"
    assert klop({"A": 10, "B": 30, "C": 30}, kontra_by="A") == {"A": -20, "B": -60, "C": -60}
    # our reading: the kontra doubles losses, not a clean player's 70
    assert klop({"A": 0, "B": 34, "C": 34}, kontra_by="A") == {"A": 70, "B": -68, "C": -68}


def test_klopecki_the_kontra_sayer_with_the_most_points_pays_double_alone() -> None:
    # 16.8 Bled: "he loses twice this number ... while the others lose only the number ... they took"
    assert klop({"A": 30, "B": 25, "C": 15}, kontra_by="A") == {"A": -60, "B": -25, "C": -15}
    assert klop({"A": 30, "B": 30, "C": 10}, kontra_by="B") == {"A": -30, "B": -60, "C": -10}  # a tie: most


def test_klop_kontra_is_bled_only_and_the_points_must_add_up() -> None:
    with pytest.raises(FieldError, match="kontra_by"):
        klop({"A": 10, "B": 30, "C": 30}, CLASSIC, kontra_by="A")
    with pytest.raises(FieldError, match="klop_points"):
        klop({"A": 10, "B": 30, "C": 20})
    with pytest.raises(FieldError, match=r"klop_points\.C"):
        klop({"A": 10, "B": 30})
    with pytest.raises(FieldError, match="declarer"):
        klop({"A": 10, "B": 30, "C": 30}, declarer="A")


def test_radelci_double_their_holders_score_in_classic_only() -> None:
    summary = hand(contract="dvojka", declarer="A", card_points=50, radelci=["A", "B"])
    assert declarer_score(summary, CLASSIC) == 2 * 35
    with pytest.raises(FieldError, match="radelci"):
        score_summary(summary, BLED)
    assert klop({"A": 10, "B": 30, "C": 30}, CLASSIC, radelci=["B"]) == {"A": -10, "B": -60, "C": -30}
    assert score_summary(hand(contract="berac", declarer="A", made=True), CLASSIC)["radelci_earned"] is True
    assert (
        score_summary(hand(contract="trojka", declarer="A", card_points=50), CLASSIC)["radelci_earned"]
        is False
    )
    assert "radelci_earned" not in score_summary(hand(contract="berac", declarer="A", made=True))


def test_the_stake_multiplies_every_payment_and_item() -> None:
    summary = hand(
        contract="enojka", declarer="B", card_points=44, bonuses={"trula": silent()}, mond_captured="C"
    )
    one, three = score_summary(summary), score_summary({**summary, "stake": 3})
    assert three["payments"] == {seat: 3 * v for seat, v in one["payments"].items()}
    assert [it["value"] for it in three["items"]] == [3 * it["value"] for it in one["items"]]


def test_an_annulled_hand_moves_nothing() -> None:
    assert pay(hand(kind="annulled")) == {"A": 0, "B": 0, "C": 0}
    with pytest.raises(FieldError, match="contract"):
        pay(hand(kind="annulled", contract="trojka"))


def test_the_summarys_own_rules_apply_unless_rules_are_given() -> None:
    summary = hand(contract="solo", declarer="A", card_points=60, rules="classic")
    assert declarer_score(summary) == 80
    assert declarer_score(summary, BLED) == 105
    spec = {"preset": "bled", "options": {"difference_rounding": 1}}
    assert declarer_score(hand(contract="trojka", declarer="A", card_points=38, rules=spec)) == 13
    with pytest.raises(FieldError, match="rules"):
        score_summary(hand(contract="trojka", declarer="A", card_points=38, rules="vienna"))
    with pytest.raises(FieldError, match="rules"):
        score_summary(
            hand(kind="annulled", rules={"preset": "bled", "options": {"contract_values": {"x": 1}}})
        )


@pytest.mark.parametrize(
    "summary",
    [
        hand(
            contract="trojka",
            declarer="A",
            card_points=44,
            bonuses={"trula": silent(), "kralji": announced(made=False)},
            bonus_kontra={"kralji": 2},
            kontra=1,
            mond_captured="A",
        ),
        hand(contract="klop", klop_points={"A": 0, "B": 40, "C": 30}, kontra_by="C"),
        hand(contract="klop", klop_points={"A": 20, "B": 25, "C": 25}, kontra_by="C"),
        hand(contract="berac", declarer="B", made=False, kontra=3),
        hand(contract="solo", declarer="C", card_points=20, bonuses={"valat": silent("opponents")}),
    ],
)
def test_the_items_payments_add_up_to_the_hands(summary: dict[str, Any]) -> None:
    parsed = parse_summary(summary, BLED)
    result = score(parsed, BLED)
    moved = [item_payments(it, parsed, BLED, parsed.seats) for it in result["items"]]
    assert all(sum(m.values()) == 0 for m in moved)
    assert {p: sum(m[p] for m in moved) for p in parsed.seats} == result["payments"]
    assert sum(result["payments"].values()) == 0
