"""pagat "Variations in the scoring", one option at a time (bid three unless said: game value 1)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.hungarian.rules import get_rules
from engine.hungarian.scoring import score_summary
from tests.engine.conftest import Builder

SWEEP = {"declarer_card_points": 91, "declarer_tricks": 9, "trull": "declarer", "four_kings": "declarer"}
DOUBLE = {"declarer_card_points": 80, "declarer_tricks": 7}


def net(data: dict[str, Any], **options: Any) -> int:
    return score_summary(data, get_rules("pagat", **options))["payments"]["B"]


def test_it_multiplies_silent_double_and_volat_by_the_game_kontras(summary: Builder) -> None:
    # "a kontra'd game with silent volát scores 6 times the game (3 * 2), rather than 5 times. Also a
    # rekontra'd game with silent double game would score 8 times the game (4 * 2), rather than six times
    # (4 + 2)."  ("4" there is the rekontra'd game, 1 x 4; "2" the silent double game.)
    volat = summary(game_kontra=1, result=SWEEP)
    assert net(volat) == 5
    assert net(volat, kontra_multiplies_silent_double_volat=True) == 6
    double = summary(game_kontra=2, result=DOUBLE)
    assert net(double) == 6
    assert net(double, kontra_multiplies_silent_double_volat=True) == 8


def test_it_raises_the_opponents_threshold_after_kontra(summary: Builder) -> None:
    # "if the opponents say kontra to the game, the number of card points they need to win is increased from
    # 47 to 48: if the card points divide 47-47 the declarer's side win."
    split = {"declarer_card_points": 47, "declarer_tricks": 4}
    assert net(summary(result=split)) == -1
    assert net(summary(game_kontra=1, result=split)) == -2
    assert net(summary(game_kontra=1, result=split), kontra_raises_game_threshold=True) == 2
    assert net(summary(result=split), kontra_raises_game_threshold=True) == -1  # only after a kontra


def test_it_excludes_the_unkontrad_game_when_double_or_volat_is_announced(summary: Builder) -> None:
    # "if double game is announced or made, the basic game cannot be scored by either side unless it is
    # kontra'd."  Declarer announces double game, takes 40: main rules -4 - 1 = -5; variation -4.
    dg = summary(
        announcements=[{"team": "declarer", "bonus": "double_game"}],
        result={"declarer_card_points": 40, "declarer_tricks": 4},
    )
    assert net(dg) == -5
    assert net(dg, exclusive_game_double_volat=True) == -4
    # "if volát is announced or made, neither side can score an unannounced double game, nor an unkontra'd
    # basic game."  Declarer announces volát, takes 20: main -6 - 2 (silent double) = -8; variation -6.
    vo = summary(
        announcements=[{"team": "declarer", "bonus": "volat"}],
        result={"declarer_card_points": 20, "declarer_tricks": 2},
    )
    assert net(vo) == -8
    assert net(vo, exclusive_game_double_volat=True) == -6
    # A kontra'd game is still scored: -6 - 2 (kontra'd game) = -8.
    vo_k = summary(
        game_kontra=1,
        announcements=[{"team": "declarer", "bonus": "volat"}],
        result={"declarer_card_points": 20, "declarer_tricks": 2},
    )
    assert net(vo_k, exclusive_game_double_volat=True) == -8


def test_it_denies_the_opponents_silent_double_without_kontra(summary: Builder) -> None:
    # "the opponents of declarer cannot score silent double game or volát if they did not kontra the game"
    # (they keep the plain game).
    low = {"declarer_card_points": 20, "declarer_tricks": 2}
    assert net(summary(result=low)) == -2
    assert net(summary(result=low), opponents_silent_double_volat_need_kontra=True) == -1
    assert net(summary(game_kontra=1, result=low), opponents_silent_double_volat_need_kontra=True) == -2 - 2
    # The declarer's side is not affected.
    assert net(summary(result=DOUBLE), opponents_silent_double_volat_need_kontra=True) == 2


def test_it_allows_silent_trull_or_four_kings_with_volat_when_asked(summary: Builder) -> None:
    # "Some players allow a silent trull to be scored along with volát, but not a silent four kings."
    assert net(summary(result=SWEEP)) == 3
    assert net(summary(result=SWEEP), silent_trull_with_volat=True) == 3 + 1
    assert (
        net(summary(result=SWEEP), silent_trull_with_volat=True, silent_four_kings_with_volat=True) == 3 + 2
    )


def test_it_uses_the_alternative_bonus_values(summary: Builder) -> None:
    # "four kings score 2 silent and 4 announced; pagátulti scores 6 silent and 12 announced; XXI-catch
    # scores 30 silent and 60 announced".
    assert net(summary(result={"four_kings": "declarer"}), four_kings_values=(2, 4)) == 1 + 2
    assert (
        net(
            summary(
                announcements=[{"team": "declarer", "bonus": "four_kings"}], result={"four_kings": "declarer"}
            ),
            four_kings_values=(2, 4),
        )
        == 1 + 4
    )
    assert (
        net(
            summary(result={"pagat_last_trick": {"team": "declarer", "won": True}}),
            pagat_ultimo_values=(6, 12),
        )
        == 1 + 6
    )
    assert (
        net(
            summary(
                announcements=[{"team": "opponents", "bonus": "xxi_catch"}], result={"xxi_catch": "opponents"}
            ),
            xxi_catch_values=(30, 60),
        )
        == 1 - 60
    )


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        # T 48: C's tournament scores the pagat table, a kontra'd game next to an announced double game
        # included: "Double game; opponents kontra the double and the game", 48-70 column: -6.
        (
            {"game_kontra": 1, "announcements": [{"team": "declarer", "bonus": "double_game", "kontra": 1}]},
            -6,
        ),
        # Announced double that ends 48-70 gives -4g, at 24-47 -5g (T 48).
        ({"announcements": [{"team": "declarer", "bonus": "double_game"}]}, -4),
    ],
)
def test_it_scores_the_tournament_like_the_pagat_table(
    summary: Builder, row: dict[str, Any], expected: int
) -> None:
    data = summary(rules="tournament", bid="two", **row)
    assert score_summary(data)["payments"]["B"] == expected * 2


def test_it_scores_the_lone_declarer_value_of_the_bid_in_the_tournament(summary: Builder) -> None:
    # T 31/33: the called card was discarded: the declarer plays alone, the game is kontra'd, all six
    # discards count for the declarer, and the game keeps the bid's value. A solo won: 4 x 2 (kontra) from
    # each of three: +24, -8 each.
    data = summary(
        rules="tournament",
        bid="solo",
        partner=None,
        called_card_discarded=True,
        game_kontra=1,
        result={"declarer_card_points": 60, "declarer_tricks": 4},
    )
    assert score_summary(data)["payments"] == {"A": -8, "B": 24, "C": -8, "D": -8}
