"""The rating made for tables of 3 to 6 (issue 24 §3, first part): a table's places move each player's skill
estimate the way a ranking should, and its uncertainty shrinks with play; the simulated seasons of
``benchmarks/rating_study.py`` recover the hidden order better with more tournaments."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tournaments.ratings.compute import new_rating, rate_round, rate_tournament

STUDY = Path(__file__).resolve().parents[2] / "benchmarks" / "rating_study.py"


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_a_tables_places_order_the_new_ratings(size: int) -> None:
    seats = [f"p{i}" for i in range(size)]
    after = rate_round({}, [[(p, place) for place, p in enumerate(seats, start=1)]])
    ordinals = [after[p].ordinal for p in seats]
    assert ordinals == sorted(ordinals, reverse=True)
    assert ordinals[0] > new_rating().ordinal > ordinals[-1]
    assert all(after[p].sigma < new_rating().sigma for p in seats)  # one table says something of everyone


def test_shared_places_rate_alike_and_the_unseated_keep_theirs() -> None:
    before = {"x": new_rating()}
    after = rate_round(before, [[("a", 1), ("b", 2.5), ("c", 2.5), ("d", 4)]])
    assert after["b"] == after["c"]
    assert after["x"] == before["x"]
    assert rate_round(before, [[("x", 1)]])["x"] == before["x"]  # a table of one tells nothing


def test_beating_a_strong_player_counts_more_than_beating_a_newcomer() -> None:
    rounds = [[[("s", 1), (f"n{r}", 2), (f"m{r}", 3)]] for r in range(6)]  # s wins six tables
    strong = rate_tournament({}, rounds)["s"]
    against_strong = rate_round({"s": strong}, [[("a", 1), ("s", 2), ("n", 3)]])["a"]
    against_new = rate_round({}, [[("a", 1), ("m", 2), ("n", 3)]])["a"]
    assert against_strong.mu > against_new.mu


def test_more_tournaments_recover_the_hidden_order_better() -> None:
    spec = importlib.util.spec_from_file_location("rating_study", STUDY)
    study = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(study)
    runs = [study.season(24, 10, seed) for seed in range(4)]
    mean = {name: [sum(run[name][k] for run in runs) / 4 for k in range(3)] for name in runs[0]}
    assert mean["rating"][0] < mean["rating"][1] < mean["rating"][2]
    assert mean["rating"][2] > 0.7
    assert study.kendall_tau([1, 2, 3], [3, 2, 1]) == -1.0
    assert study.kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0


def test_with_uneven_attendance_the_rating_beats_summed_table_points() -> None:
    spec = importlib.util.spec_from_file_location("rating_study", STUDY)
    study = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(study)
    runs = [study.season(24, 10, seed, attendance=0.5, swiss=True) for seed in range(3)]
    rating = sum(run["rating"][2] for run in runs) / 3
    table_points = sum(run["table points"][2] for run in runs) / 3
    assert rating > table_points + 0.2  # summed table points reward turning up
