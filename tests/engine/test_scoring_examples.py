"""Every worked example of the pagat text and the tournament rules, computed by hand in the comments.

The neutral hand (conftest.BASE) is a three (game value 1) won by B and C with 60 card points: the game
alone pays +1 to each of B and C and -1 to each of A and D.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.hungarian.rules import get_rules
from engine.hungarian.scoring import score, score_summary
from engine.hungarian.summary import SummaryError, parse_summary
from tests.engine.conftest import Builder


def net(out: dict[str, Any], seat: str = "B") -> int:
    return out["payments"][seat]


def items(out: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [i for i in out["items"] if i["name"] == name]


def test_it_scores_the_kontrad_double_game_example(summary: Builder) -> None:
    # "if the bid is two, the declarer announces double game, the opponents kontra the double game and the
    # game, and the declarer's team takes 52 card points, the score is -6 times 2, that is 12 points paid to
    # the opponents. This is made up of 4 points won by the declarer's team for the kontra'd game and 16
    # points won by the opponents for the kontra'd announcement of double game."
    data = summary(
        bid="two",
        game_kontra=1,
        announcements=[{"team": "declarer", "bonus": "double_game", "kontra": 1}],
        result={"declarer_card_points": 52, "declarer_tricks": 5},
    )
    out = score_summary(data)
    assert out["payments"] == {"A": 12, "B": -12, "C": -12, "D": 12}
    assert {(i["name"], i["won"], i["value"]) for i in out["items"]} == {
        ("game", True, 4),
        ("double_game", False, 16),
    }


def test_it_scores_the_issue_sample_summary() -> None:
    data = {
        "rules": "pagat",
        "seats": ["A", "B", "C", "D"],
        "kind": "played",
        "stake": 1,
        "bid": "two",
        "declarer": "B",
        "partner": "C",
        "game_kontra": 1,
        "announcements": [
            {"team": "declarer", "bonus": "double_game", "kontra": 2},
            {"team": "opponents", "bonus": "pagat_ultimo", "kontra": 0},
        ],
        "declarations": [{"seat": "A", "tarokks": 8, "declared": True}],
        "result": {
            "declarer_card_points": 52,
            "declarer_tricks": 7,
            "trull": "declarer",
            "four_kings": None,
            "pagat_last_trick": {"team": "opponents", "won": False},
            "xxi_catch": None,
        },
    }
    # Team items for B/C: kontra'd game won +2*2 = +4; rekontra'd double game lost -4*2*4 = -32; the
    # opponents' announced ultimó lost +10 (no silent 5 as well: the opponents announced it); silent trull
    # +1. Net +4 - 32 + 10 + 1 = -17 per pair: B, C -17; A, D +17.
    # A's declared 8 tarokks: A +3, each of B, C, D -1.  A: 17 + 3 = 20; B, C: -18; D: 17 - 1 = 16.
    assert score_summary(data)["payments"] == {"A": 20, "B": -18, "C": -18, "D": 16}


def test_it_pays_the_four_kings_examples(summary: Builder) -> None:
    # "if four kings are announced but the opposing team manages to capture all four kings, the successful
    # team scores 3 points for this - 2 points for the failed announcement plus 1 point for their own silent
    # four kings."
    out = score_summary(
        summary(
            announcements=[{"team": "declarer", "bonus": "four_kings"}], result={"four_kings": "opponents"}
        )
    )
    assert sum(i["value"] for i in items(out, "four_kings")) == 3
    assert net(out) == 1 - 3  # game +1, four kings -3

    # "team A announces four kings, but team B kontras this and also announces four kings. Now if either
    # side actually takes all four kings they will score 6 points; if the kings are split both announcements
    # will be lost, and team B's net score for the two announcements will be 2 points."
    anns = [
        {"team": "declarer", "bonus": "four_kings", "kontra": 1},
        {"team": "opponents", "bonus": "four_kings"},
    ]
    for taker, declarer_net in (("declarer", 1 + 6), ("opponents", 1 - 6), (None, 1 - 2)):
        out = score_summary(summary(announcements=anns, result={"four_kings": taker}))
        assert net(out) == declarer_net, taker


@pytest.mark.parametrize(("preset", "expected"), [("pagat", 4), ("kegl", 3)])
def test_it_makes_giving_up_a_trick_better_than_volat_in_a_three(
    summary: Builder, preset: str, expected: int
) -> None:
    # "it is better to give up one trick and make double game, trull and four kings for 4 points (2 + 1 +
    # 1), rather than to win every trick and make volát, which is worth only 3 points."
    # kegl (BGA list): "A team that scores for silent double game cannot also score for silent four kings":
    # 2 + 1 = 3.
    honours_kings = {"trull": "declarer", "four_kings": "declarer"}
    volat = summary(rules=preset, result={"declarer_card_points": 91, "declarer_tricks": 9, **honours_kings})
    one_trick_less = summary(
        rules=preset, result={"declarer_card_points": 85, "declarer_tricks": 8, **honours_kings}
    )
    assert net(score_summary(volat)) == 3
    assert net(score_summary(one_trick_less)) == expected


def test_it_doubles_along_the_kontra_chain_of_a_one(summary: Builder) -> None:
    # "if the contract is a 'one' the game is worth 3 to begin with; with kontra it is worth 6, with rekontra
    # 12, with szubkontra 24, with hirskontra 48 and with mordkontra 96."
    for level, value in enumerate((3, 6, 12, 24, 48, 96)):
        assert net(score_summary(summary(bid="one", game_kontra=level))) == value


def test_it_stops_the_tournament_chain_at_hirskontra(summary: Builder) -> None:
    # T 43: kontra x2, rekontra x4, szubkontra x8, hirskontra x16; no higher level.
    assert net(score_summary(summary(rules="tournament", bid="one", game_kontra=4))) == 48
    with pytest.raises(SummaryError) as exc:
        score_summary(summary(rules="tournament", bid="one", game_kontra=5))
    assert exc.value.path == "game_kontra"


def test_it_pays_declared_tarokks_per_pagat_and_per_tournament(summary: Builder) -> None:
    # T 35: "8 tarokks held by A, with B as A's partner: pagat gives A +3, B -1, C -1, D -1; C gives A +1,
    # B +1, C -1, D -1."  Measured as the difference a declaration makes to the same hand.
    for preset, expected in (
        ("pagat", {"A": 3, "B": -1, "C": -1, "D": -1}),
        ("tournament", {"A": 1, "B": 1, "C": -1, "D": -1}),
    ):
        plain = summary(rules=preset, declarer="A", partner="B")
        declared = summary(
            rules=preset,
            declarer="A",
            partner="B",
            declarations=[{"seat": "A", "tarokks": 8, "declared": True}],
        )
        before, after = score_summary(plain)["payments"], score_summary(declared)["payments"]
        assert {seat: after[seat] - before[seat] for seat in before} == expected, preset


def test_it_pays_nine_tarokks_two_from_each_other_player(summary: Builder) -> None:
    # "2 points from each for 9 tarokks": D (an opponent) +6, each other -2, on top of the game (+-1).
    out = score_summary(summary(declarations=[{"seat": "D", "tarokks": 9}]))
    assert out["payments"] == {"A": -1 - 2, "B": 1 - 2, "C": 1 - 2, "D": -1 + 6}


def test_it_claims_undeclared_tarokks_from_the_partner_only(summary: Builder) -> None:
    # "If you have 8 or 9 tarokks and do not declare them ... you can still claim payment for them from your
    # partner at the end of the hand, but not from the opponents."  C (partner of B) has 8: C +1, B -1.
    out = score_summary(summary(declarations=[{"seat": "C", "tarokks": 8, "declared": False}]))
    assert out["payments"] == {"A": -1, "B": 1 - 1, "C": 1 + 1, "D": -1}
    # Tournament (team item): nothing for undeclared tarokks.
    out = score_summary(
        summary(rules="tournament", declarations=[{"seat": "C", "tarokks": 8, "declared": False}])
    )
    assert out["payments"] == {"A": -1, "B": 1, "C": 1, "D": -1}


def test_it_scores_pagat_ultimo_outcomes_of_item_50(summary: Builder) -> None:
    # Silent, the pagát wins the last trick: +5 to its side.
    assert (
        net(score_summary(summary(result={"pagat_last_trick": {"team": "declarer", "won": True}}))) == 1 + 5
    )
    # Silent, played to the last trick and lost: its side pays 5 (even if the partner took that trick).
    assert (
        net(score_summary(summary(result={"pagat_last_trick": {"team": "declarer", "won": False}}))) == 1 - 5
    )
    # Not played to the last trick: no silent score.
    assert net(score_summary(summary())) == 1
    # Announced and made: 10; kontra'd: 20.
    ann = [{"team": "declarer", "bonus": "pagat_ultimo", "kontra": 1}]
    assert (
        net(
            score_summary(
                summary(announcements=ann, result={"pagat_last_trick": {"team": "declarer", "won": True}})
            )
        )
        == 1 + 20
    )
    # The other side announced ultimó and failed while the pagát's own side also failed silently: both
    # entries are scored: B/C receive 10 for the failed announcement and pay 5 for their silent failure.
    opp = [{"team": "opponents", "bonus": "pagat_ultimo"}]
    out = score_summary(
        summary(announcements=opp, result={"pagat_last_trick": {"team": "declarer", "won": False}})
    )
    assert net(out) == 1 + 10 - 5
    assert len(items(out, "pagat_ultimo")) == 2


@pytest.mark.parametrize(
    ("result", "detail"),
    [
        ({"pagat_last_trick": {"team": "declarer", "won": False}}, "beaten"),
        ({"pagat_last_trick": None, "pagat_team": "declarer"}, "not played to the last trick"),
        ({"pagat_last_trick": None, "pagat_team": "opponents"}, "did not hold"),
        ({"pagat_last_trick": {"team": "opponents", "won": True}}, "did not hold"),
    ],
)
def test_it_fails_an_announced_ultimo_in_each_of_the_three_ways(
    summary: Builder, result: dict[str, Any], detail: str
) -> None:
    # "If announced it can fail in three different ways: the pagát is beaten by a higher tarokk in the last
    # trick; the holder of the pagát is forced to play it before the last trick; (unusual) the team that
    # announced pagátulti do not hold the pagát at all."
    out = score_summary(summary(announcements=[{"team": "declarer", "bonus": "pagat_ultimo"}], result=result))
    announced = [i for i in items(out, "pagat_ultimo") if i["announced"]]
    assert announced[0]["won"] is False
    assert announced[0]["value"] == 10
    assert detail in announced[0]["detail"]


def test_it_scores_xxi_catch_silent_announced_and_failed(summary: Builder) -> None:
    # Silent 21; announced 42; "if the XXI escapes ... the team which announced the catch have to pay 42".
    assert net(score_summary(summary(result={"xxi_catch": "declarer"}))) == 1 + 21
    ann = [{"team": "opponents", "bonus": "xxi_catch"}]
    assert net(score_summary(summary(announcements=ann, result={"xxi_catch": "opponents"}))) == 1 - 42
    assert net(score_summary(summary(announcements=ann))) == 1 + 42
    # An opponent's announced catch fails, but the declarer's side catches the XXI silently: 42 + 21.
    assert net(score_summary(summary(announcements=ann, result={"xxi_catch": "declarer"}))) == 1 + 42 + 21


def test_it_scores_trull_silent_and_announced(summary: Builder) -> None:
    # Trull: 1 silent, 2 announced; announced and lost: 2 to the other side.
    assert net(score_summary(summary(result={"trull": "opponents"}))) == 1 - 1
    ann = [{"team": "declarer", "bonus": "trull", "kontra": 2}]
    assert net(score_summary(summary(announcements=ann, result={"trull": "declarer"}))) == 1 + 2 * 4
    assert net(score_summary(summary(announcements=ann))) == 1 - 2 * 4


def test_it_keeps_announced_trull_and_four_kings_with_volat(summary: Builder) -> None:
    # "A team which wins all the tricks scores nothing for silent trull or silent four kings. Announced
    # trull or four kings are scored as usual."  Bid three, silent volát 3 + announced trull 2 = 5.
    sweep = {"declarer_card_points": 91, "declarer_tricks": 9, "trull": "declarer", "four_kings": "declarer"}
    out = score_summary(summary(announcements=[{"team": "declarer", "bonus": "trull"}], result=sweep))
    assert net(out) == 3 + 2


def test_it_applies_the_stake_to_every_item(summary: Builder) -> None:
    # Doubled round: everything x2. Game 1 + silent trull 1 + silent ultimó 5 = 7, x2 = 14.
    data = summary(
        stake=2, result={"trull": "declarer", "pagat_last_trick": {"team": "declarer", "won": True}}
    )
    assert net(score_summary(data)) == 14


@pytest.mark.parametrize(("preset", "each"), [("pagat", 1), ("kegl", 2), ("tournament", 3)])
def test_it_charges_a_failed_trial_three(preset: str, each: int) -> None:
    # pagat "the bidder must pay the value of the game to each other player (i.e. 1 point each ...)";
    # BGA/kegl "pays 2 points to each opponent" (without the ultimó pot); T 22: 3 to each.
    rules = get_rules(preset, ultimo_pot=False) if preset == "kegl" else get_rules(preset)
    data = {"seats": ["A", "B", "C", "D"], "kind": "trial_three_failed", "bid": "three", "declarer": "D"}
    assert score_summary(data, rules)["payments"] == {"A": each, "B": each, "C": each, "D": -3 * each}


def test_it_scores_nothing_for_passed_out_and_annulled_hands() -> None:
    for kind in ("passed_out", "annulled"):
        out = score_summary({"seats": ["A", "B", "C", "D"], "kind": kind, "stake": 2})
        assert out == {"payments": {"A": 0, "B": 0, "C": 0, "D": 0}, "items": []}


def test_it_bounds_renonsz_penalties_as_item_7() -> None:
    # T 7: the offender pays each other player 5..10; two offenders each pay double, 10..20.
    one = {
        "rules": "tournament",
        "seats": ["A", "B", "C", "D"],
        "kind": "penalty",
        "offenders": ["B"],
        "amount": 7,
    }
    assert score_summary(one)["payments"] == {"A": 7, "B": -21, "C": 7, "D": 7}
    two = dict(one, offenders=["B", "C"], amount=12)
    # A and D receive 12 from each offender; B and C each pay 12 to each of A and D.
    assert score_summary(two)["payments"] == {"A": 24, "B": -24, "C": -24, "D": 24}
    for offenders, amount in ((["B"], 4), (["B"], 11), (["B", "C"], 9), (["B", "C"], 21)):
        with pytest.raises(SummaryError) as exc:
            score_summary(dict(one, offenders=offenders, amount=amount))
        assert exc.value.path == "amount"


def test_it_leaves_the_sitting_out_dealer_at_zero(summary: Builder) -> None:
    # "When there are five players the payments are only between the four active players".
    out = score_summary(summary(sitting_out="E"))
    assert out["payments"] == {"A": -1, "B": 1, "C": 1, "D": -1, "E": 0}


def test_it_lets_the_dealer_weep_or_laugh_with_the_defenders(summary: Builder) -> None:
    # sír-nevet: "the dealer ... loses or wins the same amount as the opponents of the declarer".
    rules = get_rules("pagat", five_player_dealer_weeps_laughs=True)
    out = score_summary(summary(sitting_out="E"), rules)
    assert out["payments"]["E"] == out["payments"]["A"] == -1
    assert sum(out["payments"].values()) == 0


def test_it_charges_talon_honours_to_the_dealer(summary: Builder) -> None:
    # "anyone who received an honour from the talon must pay the dealer ... 3 points for the skíz, 2 points
    # for the XXI, and 1 point for the pagát."  A received the skíz and C the pagát.
    rules = get_rules("pagat", five_player_talon_honour_payment=True)
    out = score_summary(summary(sitting_out="E", talon_honours={"A": ["skiz"], "C": ["pagat"]}), rules)
    assert out["payments"] == {"A": -1 - 3, "B": 1, "C": 1 - 1, "D": -1, "E": 3 + 1}


def test_it_runs_the_kegl_ultimo_pot(summary: Builder) -> None:
    # "For every hand that is abandoned because of four passes ... each player pays 2 to the pot."
    out = score_summary(
        {"rules": "kegl", "seats": ["A", "B", "C", "D"], "kind": "passed_out", "ultimo_pot": 8}
    )
    # Pot money is reported apart from the (zero-sum) payments between players.
    assert out["payments"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert out["ultimo_pot"] == {"before": 8, "after": 16, "payments": {"A": -2, "B": -2, "C": -2, "D": -2}}
    # "this player pays 8 to the pot instead of 2 to each opponent"
    out = score_summary(
        {
            "rules": "kegl",
            "seats": ["A", "B", "C", "D"],
            "kind": "trial_three_failed",
            "bid": "three",
            "declarer": "D",
            "ultimo_pot": 0,
        }
    )
    assert out["payments"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert out["ultimo_pot"] == {"before": 0, "after": 8, "payments": {"D": -8}}
    # "If pagátultimó is announced and made, the team that made it shares the contents of the pot."
    made = summary(
        rules="kegl",
        ultimo_pot=16,
        announcements=[{"team": "declarer", "bonus": "pagat_ultimo"}],
        result={"pagat_last_trick": {"team": "declarer", "won": True}},
    )
    out = score_summary(made)
    assert out["payments"] == {"A": -11, "B": 11, "C": 11, "D": -11}  # game 1 + ultimó 10
    assert out["ultimo_pot"] == {"before": 16, "after": 0, "payments": {"B": 8, "C": 8}}  # 16 / 2 each
    # "If it is announced and fails the team shares the cost of doubling the pot."
    failed = summary(
        rules="kegl", ultimo_pot=16, announcements=[{"team": "declarer", "bonus": "pagat_ultimo"}]
    )
    out = score_summary(failed)
    assert out["payments"] == {"A": 9, "B": -9, "C": -9, "D": 9}  # game 1 - ultimó 10
    assert out["ultimo_pot"] == {"before": 16, "after": 32, "payments": {"B": -8, "C": -8}}  # 16 / 2 each
    # "A silent pagátultimó, won or lost, has no effect on the ultimó pot."
    silent = summary(
        rules="kegl", ultimo_pot=16, result={"pagat_last_trick": {"team": "declarer", "won": True}}
    )
    assert score_summary(silent)["ultimo_pot"] == {"before": 16, "after": 16, "payments": {}}


def test_it_offers_a_typed_lower_level_score(summary: Builder) -> None:
    parsed = parse_summary(summary(bid="solo"))
    result = score(parsed, parsed.rules)  # type: ignore[arg-type]
    assert result.payments == {"A": -4, "B": 4, "C": 4, "D": -4}
    assert result.items == [
        {"name": "game", "team": "declarer", "announced": False, "kontra": 0, "won": True, "value": 4}
    ]
