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
