"""Each game's typo threshold (its descriptor's ``plausible_payment``) stands above what its own plausible
summaries pay, generated from the registry: a fresh sample (seeds apart from the documented run of
``benchmarks/plausible_payments_games.py``) stays below it at its 99.9th percentile, while an extra digit
typed on a big hand (the 99th percentile) is still queried."""

from __future__ import annotations

import pytest

from benchmarks.plausible_payments_games import main, measure
from engine.games import GAMES

SUMMARY_GAMES = [g for g, d in GAMES.items() if d.sample_summary and g != "hungarian"]


@pytest.mark.parametrize("game_id", SUMMARY_GAMES)
def test_the_threshold_stays_above_a_fresh_sample_of_plausible_hands(game_id: str) -> None:
    sample = measure(game_id, 150, first_seed=50_000)
    threshold = GAMES[game_id].plausible_payment
    assert sample.quantile(0.999) < threshold, (game_id, sample.quantile(0.999), threshold)
    assert sample.quantile(0.99) * 10 > threshold, "an extra digit typed on a big hand must be queried"


def test_the_benchmark_script_prints_each_games_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--summaries", "40", "--games", "talon", "cego"]) == 0
    out = capsys.readouterr().out
    for shown in ("talon", "cego", "p99.9"):
        assert shown in out
