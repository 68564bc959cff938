"""``python -m tournaments.draw.pairing schedule ...``: JSON on stdout, the same for the same arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=hash_seed)
    return subprocess.run(
        [sys.executable, "-m", "tournaments.draw.pairing", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def schedule(players: int, rounds: int, method: str, seed: str = "7", *extra: str) -> dict:
    result = run(
        "schedule",
        "--players",
        str(players),
        "--rounds",
        str(rounds),
        "--method",
        method,
        "--seed",
        seed,
        *extra,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def assert_rounds(data: dict, players: int, rounds: int) -> None:
    assert len(data["rounds"]) == rounds
    for number, tables in enumerate(data["rounds"]):
        assert all(len(t) in (4, 5) for t in tables)
        seated = [p for t in tables for p in t]
        byes = data["byes"][number] if "byes" in data else []
        assert sorted(seated + byes) == list(range(1, players + 1))


@pytest.mark.parametrize("method", ["balanced", "random", "swiss"])
def test_it_prints_every_player_once_per_round(method: str) -> None:
    data = schedule(22, 4, method)
    assert set(data) == {"rounds"}
    assert_rounds(data, 22, 4)


def test_it_prints_a_repeat_free_balanced_schedule() -> None:
    data = schedule(28, 9, "balanced", "2024")
    assert_rounds(data, 28, 9)
    pairs = Counter(
        tuple(sorted((a, b))) for tables in data["rounds"] for t in tables for a in t for b in t if a < b
    )
    assert max(pairs.values()) == 1


def test_it_prints_the_same_schedule_for_the_same_arguments() -> None:
    args = ("schedule", "--players", "30", "--rounds", "5", "--method", "balanced", "--seed", "s")
    first, second = run(*args, hash_seed="1"), run(*args, hash_seed="2")
    assert first.returncode == 0
    assert first.stdout == second.stdout
    for method in ("random", "swiss"):
        a = run(
            "schedule", "--players", "17", "--rounds", "3", "--method", method, "--seed", "x", hash_seed="3"
        )
        b = run(
            "schedule", "--players", "17", "--rounds", "3", "--method", method, "--seed", "x", hash_seed="4"
        )
        assert a.stdout == b.stdout
    assert schedule(30, 5, "balanced", "other") != json.loads(first.stdout)


def test_it_adds_byes_only_when_the_field_needs_them() -> None:
    data = schedule(7, 3, "balanced")
    assert set(data) == {"rounds", "byes"}
    assert [len(b) for b in data["byes"]] == [2, 2, 2]
    assert_rounds(data, 7, 3)
    assert "byes" in schedule(11, 2, "swiss")
    assert "byes" not in schedule(12, 2, "swiss")


def test_it_reports_statistics_on_stderr_only_when_asked() -> None:
    result = run("schedule", "--players", "16", "--rounds", "5", "--seed", "1", "--stats")
    assert result.returncode == 0
    assert "0 repeated meetings" in result.stderr
    json.loads(result.stdout)


def test_it_rejects_bad_arguments() -> None:
    assert run("schedule", "--players", "0", "--rounds", "2", "--seed", "1").returncode == 2
    assert (
        run("schedule", "--players", "8", "--rounds", "2", "--seed", "1", "--method", "magic").returncode == 2
    )
    assert run("draw").returncode == 2
