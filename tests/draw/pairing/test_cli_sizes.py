"""``--sizes``: the command line draws at the table sizes it is given, the preferred first."""

from __future__ import annotations

import json

import pytest

from tests.draw.pairing.test_cli import run, schedule


@pytest.mark.parametrize("method", ["balanced", "random", "swiss"])
def test_it_draws_at_the_sizes_it_is_given(method: str) -> None:
    data = schedule(61, 3, method, "7", "--sizes", "3,4")
    assert set(data) == {"rounds"}
    for tables in data["rounds"]:
        assert sorted(len(t) for t in tables) == [3] * 19 + [4]
        assert sorted(p for t in tables for p in t) == list(range(1, 62))


def test_it_lists_the_byes_the_sizes_need() -> None:
    data = schedule(50, 2, "swiss", "7", "--sizes", "3")
    assert [len(b) for b in data["byes"]] == [2, 2]
    assert all(len(t) == 3 for tables in data["rounds"] for t in tables)
    assert "byes" not in schedule(50, 2, "random", "7", "--sizes", "6,5")


def test_the_default_sizes_are_four_and_five() -> None:
    args = ("schedule", "--players", "22", "--rounds", "2", "--method", "random", "--seed", "d")
    assert run(*args).stdout == run(*args, "--sizes", "4,5").stdout
    fives_first = json.loads(run(*args, "--sizes", "5,4").stdout)  # 22 = 2 x 5 + 3 x 4 either way
    assert fives_first == json.loads(run(*args).stdout)
    args = ("schedule", "--players", "24", "--rounds", "1", "--method", "random", "--seed", "d")
    assert sorted(len(t) for t in json.loads(run(*args, "--sizes", "5,4").stdout)["rounds"][0]) == [
        4,
        5,
        5,
        5,
        5,
    ]


@pytest.mark.parametrize("sizes", ["", "3,x", "1", "7", "4,4", "3;4"])
def test_it_rejects_sizes_it_cannot_seat(sizes: str) -> None:
    result = run("schedule", "--players", "12", "--rounds", "1", "--seed", "1", "--sizes", sizes)
    assert result.returncode == 2
    assert "--sizes" in result.stderr
