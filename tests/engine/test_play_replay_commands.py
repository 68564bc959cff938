"""``python -m engine --game G play|replay`` for every game the registry plays live (issue 34): the bots play
a hand, narrated or as its record; the record replays to the same summary and payments; a record with an
illegal move is refused naming the move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.games import GAMES

LIVE_GAMES = [g.id for g in GAMES.values() if g.live is not None]
#: the games whose records list their moves (Hungarian's name them by section: tests/engine/test_play_cli.py)
MOVE_RECORDS = [g for g in LIVE_GAMES if g != "hungarian"]


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def replay_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, record: Any) -> tuple[int, str, str]:
    """``replay FILE`` of ``record``: the record names its game."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return run(capsys, ["replay", str(path)])


def test_every_game_is_played_live() -> None:
    assert set(LIVE_GAMES) == set(GAMES)


@pytest.mark.parametrize("game_id", LIVE_GAMES)
def test_bots_play_a_hand_and_its_record_replays(
    game_id: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, narrated, err = run(capsys, ["--game", game_id, "play", "--seed", "7"])
    assert code == 0, err
    assert "Deal:" in narrated
    assert "Payments:" in narrated
    code, out, err = run(capsys, ["--game", game_id, "play", "--seed", "7", "--json"])
    assert code == 0, err
    record = json.loads(out)
    assert record.get("game", "hungarian") == game_id  # a Hungarian record of version 1 names none
    code, out, err = replay_file(capsys, tmp_path, record)
    assert code == 0, err
    replayed = json.loads(out)
    result = GAMES[game_id].replay(record)
    assert replayed["payments"] == result.payments
    if game_id != "hungarian":  # the generic narration (Hungarian has its own: tests/engine/test_play_cli.py)
        assert replayed["summary"] == result.summary
        assert f"Summary: {json.dumps(result.summary, ensure_ascii=False, sort_keys=True)}" in narrated


@pytest.mark.parametrize("game_id", MOVE_RECORDS)
def test_a_record_with_an_illegal_move_is_refused_naming_it(
    game_id: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _code, out, _err = run(capsys, ["--game", game_id, "play", "--seed", "11", "--json"])
    record = json.loads(out)
    moves = record["moves"]
    last = len(moves) - 1
    moves[last] = {"seat": moves[last]["seat"], "code": "play NOCARD"}
    code, _out, err = replay_file(capsys, tmp_path, record)
    assert code == 1
    assert f"moves[{last}]" in err
