"""The games are found, not listed (issue 34 §2): the registry finds every kit by looking, and README.md's
games table is the one ``python -m engine games`` writes from the kits."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from engine.games import GAMES, TABLE_MARKERS, games_table, kits

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_shows_the_table_the_kits_make() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start, end = TABLE_MARKERS
    shown = text.split(start, 1)[1].split(end, 1)[0].strip()
    assert shown == games_table(), "run: .venv/bin/python -m engine games --readme README.md"
    for game_id in GAMES:
        assert f"`{game_id}`" in shown


def test_a_new_package_is_a_new_game_without_a_list_to_edit(tmp_path: Path) -> None:
    """A copy of a kit under a new name, in a copy of the engine, is registered by itself."""
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", engine, ignore=shutil.ignore_patterns("__pycache__"))
    (engine / "texas2").mkdir()
    for module in (ROOT / "engine" / "texas").glob("*.py"):
        text = module.read_text(encoding="utf-8").replace("engine.texas", "engine.texas2")
        (engine / "texas2" / module.name).write_text(text, encoding="utf-8")
    game_py = engine / "texas2" / "game.py"
    game_py.write_text(
        game_py.read_text(encoding="utf-8").replace('ID = "texas"', 'ID = "texas2"'), encoding="utf-8"
    )
    shutil.copytree(engine / "schemas" / "texas", engine / "schemas" / "texas2")
    out = subprocess.run(
        [sys.executable, "-c", "from engine.games import GAMES; print(' '.join(GAMES))"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert sorted(out) == sorted([*GAMES, "texas2"])  # (in its order: the copy keeps texas's)
    assert [g.id for g in kits()] == list(GAMES)
