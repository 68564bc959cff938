"""``python -m engine play``: deterministic narration with the payments, and the JSON hand record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.hungarian.bots import make_bots, play_hand
from engine.hungarian.commands import play
from engine.hungarian.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
BOTS = "rule,random,rule,random"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert play.main(list(args)) == 0
    return capsys.readouterr().out


def test_it_prints_the_same_hand_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--seed", "7", "--bots", BOTS)
    assert run(capsys, "--seed", "7", "--bots", BOTS) == first
    assert run(capsys, "--seed", "8", "--bots", BOTS) != first


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_it_narrates_the_whole_hand_with_its_payments(preset: str, capsys: pytest.CaptureFixture) -> None:
    out = run(capsys, "--seed", "7", "--bots", BOTS, "--rules", preset)
    hand = play_hand(7, make_bots(BOTS.split(",")), rules=PRESETS[preset])
    assert "Deal:" in out
    assert "Auction:" in out
    payments = out.splitlines()[-1]
    assert payments.startswith("Payments: ")
    for label, value in hand.payments().items():
        assert f"{label} {value:+d}" in payments
    if hand.phase == "done" and "Play:" in out:
        assert out.count(" -> ") == 9


def test_it_prints_the_hand_record_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads(run(capsys, "--seed", "3", "--bots", "random,random,rule,rule", "--json"))
    assert record == play_hand(3, make_bots(["random", "random", "rule", "rule"])).record()


def test_it_seats_one_named_bot_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--seed", "5", "--bots", "rule")
    assert out.splitlines()[0].endswith("A rule, B rule, C rule, D rule")
    assert out == run(capsys, "--seed", "5", "--bots", "rule,rule,rule,rule")


def test_it_rejects_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        play.main(["--bots", "rule,clever,rule,rule"])
    assert "clever" in capsys.readouterr().err


def test_it_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "--game", "hungarian", "play", "--seed", "7", "--bots", BOTS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].startswith("Payments: ")
