"""Rule presets against the texts, option validation, and ``python -m engine rules``."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.hungarian.rules import (
    KEGL,
    OPTION_DOCS,
    PAGAT,
    PRESETS,
    TOURNAMENT,
    TOURNAMENT_SILENT_CHOICES,
    Rules,
    RulesError,
    get_rules,
)

ROOT = Path(__file__).resolve().parents[2]


def test_it_takes_the_pagat_main_text_scores_as_defaults() -> None:
    # "The scoring" tables: trull 1/2, four kings 1/2, pagátultimó 5/10, XXI-catch 21/42, 8 tarokks 1,
    # 9 tarokks 2; mordkontra the highest level; a failed trial three pays the game value (1).
    assert (PAGAT.trull_values, PAGAT.four_kings_values) == ((1, 2), (1, 2))
    assert (PAGAT.pagat_ultimo_values, PAGAT.xxi_catch_values) == ((5, 10), (21, 42))
    assert (PAGAT.eight_tarokks_value, PAGAT.nine_tarokks_value) == (1, 2)
    assert PAGAT.max_kontra == 5
    assert PAGAT.trial_three_payment == 1
    assert not PAGAT.declared_tarokks_team_item
    assert not PAGAT.silent_trull_with_volat
    assert PAGAT.silent_four_kings_with_silent_double_game


def test_it_follows_the_bga_list_for_kegl() -> None:
    # "the bidder without an honour pays 2 points to each opponent"; "A team that scores for silent double
    # game cannot also score for silent four kings"; the ultimó pot: 2 each per abandoned hand, 8 for a trial
    # three; annulment only with "the XXI alone, no tarokks or four kings ... before the discard".
    assert KEGL.trial_three_payment == 2
    assert not KEGL.silent_four_kings_with_silent_double_game
    assert KEGL.ultimo_pot
    assert (KEGL.ultimo_pot_abandon_payment, KEGL.ultimo_pot_trial_three_payment) == (2, 8)
    assert KEGL.annulment_holdings == frozenset({"xxi_alone", "no_tarokks", "four_kings"})
    assert KEGL.annul_timing == "before_discard"
    assert not KEGL.xx_discardable
    assert not KEGL.free_call_after_tarokk_discard


def test_it_follows_the_2018_tournament_rules() -> None:
    assert TOURNAMENT.doubled_rounds == "none"  # T 5
    assert (TOURNAMENT.penalty_min, TOURNAMENT.penalty_max) == (5, 10)  # T 7
    assert TOURNAMENT.trial_three_payment == 3  # T 22
    assert TOURNAMENT.lone_declarer_by_discard_takes_all_discards  # T 31
    assert TOURNAMENT.declared_tarokks_team_item  # T 35
    assert TOURNAMENT.max_kontra == 4  # T 43
    assert not TOURNAMENT.kontra_raises_game_threshold  # T 47
    # T 46: the bonus values are pagat's.
    assert TOURNAMENT.trull_values == PAGAT.trull_values
    assert TOURNAMENT.pagat_ultimo_values == PAGAT.pagat_ultimo_values
    assert TOURNAMENT.xxi_catch_values == PAGAT.xxi_catch_values
    assert TOURNAMENT.four_kings_values == PAGAT.four_kings_values
    assert "silent_trull_with_volat" in TOURNAMENT_SILENT_CHOICES  # T 49


def test_it_describes_every_option() -> None:
    assert set(OPTION_DOCS) == {f.name for f in dataclasses.fields(Rules)}


def test_it_overrides_and_validates_options() -> None:
    assert get_rules("tournament", max_kontra=5).max_kontra == 5
    assert get_rules("pagat", four_kings_values=[2, 4]).four_kings_values == (2, 4)
    assert get_rules("kegl") is KEGL
    for bad in (
        {"max_kontra": 6},
        {"max_kontra": "3"},
        {"silent_trull_with_volat": 1},
        {"trull_values": [1]},
        {"trial_three_payment": -1},
        {"penalty_min": 11},
        {"annulment_holdings": ["xx_alone"]},
        {"no_such_option": True},
    ):
        with pytest.raises(RulesError):
            get_rules("pagat", **bad)
    with pytest.raises(RulesError):
        get_rules("bridge")


def test_it_rejects_a_cue_bid_rule_that_would_leave_the_jump_bidder_without_a_call() -> None:
    # T 17 (the cue bidder may only pass) against rules that make a jump bidder without the shown card keep
    # the auction: the bidder could neither pass nor bid.
    with pytest.raises(RulesError, match=r"cue_bid_withdrawn_bidder_passes.*cue_bid_only_if_other_declarer"):
        get_rules("tournament", cue_bid_only_if_other_declarer=True)
    with pytest.raises(RulesError, match=r"cue_bid_withdrawn_bidder_passes.*kegl"):
        get_rules("kegl", cue_bid_withdrawn_bidder_passes=True)
    assert get_rules("tournament").cue_bid_withdrawn_bidder_passes


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "--game", "hungarian", "rules", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_it_lists_options_per_preset_on_the_command_line() -> None:
    listing = _cli()
    assert listing.returncode == 0
    assert "max_kontra: pagat=5  kegl=5  tournament=4" in listing.stdout
    assert "T 47" in listing.stdout  # the tournament's silent choices
    data = json.loads(_cli("--json", "--preset", "tournament").stdout)
    values = {o["name"]: o["values"]["tournament"] for o in data["options"]}
    assert values["trial_three_payment"] == 3
    assert all(o["description"] for o in data["options"])
    assert set(data["tournament_silent_choices"]) == set(TOURNAMENT_SILENT_CHOICES)


def test_it_validates_overrides_on_the_command_line() -> None:
    ok = _cli("--preset", "tournament", "--set", "max_kontra=3", "--json")
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["options"]["max_kontra"] == 3
    bad = _cli("--set", "max_kontra=9")
    assert bad.returncode == 1
    assert bad.stderr.startswith("error: max_kontra:")
    unknown = _cli("--set", "bogus=1")
    assert unknown.returncode == 1
    assert "bogus" in unknown.stderr


def test_it_names_every_preset() -> None:
    assert {name: rules.name for name, rules in PRESETS.items()} == {n: n for n in PRESETS}


def test_it_writes_rules_back_as_a_summary_spec() -> None:
    from engine.hungarian.summary import resolve_rules

    assert TOURNAMENT.spec() == "tournament"
    custom = get_rules("kegl", four_kings_values=(2, 4), max_kontra=3)
    assert custom.spec() == {"preset": "kegl", "options": {"four_kings_values": [2, 4], "max_kontra": 3}}
    assert resolve_rules(custom.spec()) == custom


def test_it_sets_the_raise_yield_and_free_call_options_per_the_texts() -> None:
    # T 11: "take fewer talon cards (3→2→1→0)"; pagat's variation: "increase the bid to two or one".
    assert (TOURNAMENT.sole_bidder_may_raise, TOURNAMENT.sole_bidder_raise_max) == (True, 0)
    assert (PAGAT.sole_bidder_may_raise, PAGAT.sole_bidder_raise_max) == (False, 1)
    # pagat "Yielded game" and T 21: the XX and a high honour; the BGA list: no high honour needed.
    assert PAGAT.yield_requires_high_honour
    assert TOURNAMENT.yield_requires_high_honour
    assert not KEGL.yield_requires_high_honour
    # T 30: "If a tarokk has been discarded and the declarer holds the XX"; pagat: any declarer.
    assert TOURNAMENT.free_call_needs_xx
    assert not PAGAT.free_call_needs_xx
    for bad in (-1, 3):
        with pytest.raises(RulesError, match="sole_bidder_raise_max"):
            get_rules("tournament", sole_bidder_raise_max=bad)
