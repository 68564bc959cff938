"""benchmarks/engine_bench.py runs and prints every figure (a smoke run; the figures are not asserted)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[2] / "benchmarks" / "engine_bench.py"


def test_it_prints_the_three_figures_the_breakdown_and_the_strength() -> None:
    out = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--strength", "4", "--breakdown"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    for line_start in ("(a) random self-play", "(b) replay of", "(c) score_summary of", "strength (pagat"):
        assert any(line.startswith(line_start) for line in out.splitlines()), out
    assert "announcements" in out
    assert "hands/s" in out


def test_it_prints_every_games_figures() -> None:
    """Figure (d): every game's every preset, with its replays, bot hands and the decision's p95."""
    from engine.games import GAMES

    out = subprocess.run(
        [sys.executable, str(BENCH), "--games", "--quick"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    for descriptor in GAMES.values():
        for preset in descriptor.presets:
            line = next((x for x in out.splitlines() if x.startswith(f"(d) {descriptor.id}/{preset}:")), "")
            assert "replays" in line, out
            assert "p95" in line, out
