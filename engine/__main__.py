"""``python -m engine --game GAME COMMAND ...``: score, replay, play, rules of GAME.

``--game`` may come before or after the command. Every command names its game, except ``replay FILE``,
whose record names its own (``engine.games.game_of_stored``: a record of version 1 is Hungarian). A missing
or unknown game is an error (exit 2), as is a command the game does not have.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from engine.games import GAMES, TABLE_MARKERS, UnknownGame, game, game_of_stored, games_table


def _take_game(argv: list[str]) -> tuple[str | None, list[str]]:
    """The ``--game`` value (None when not given) and the arguments without it."""
    rest: list[str] = []
    chosen: str | None = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--game" and i + 1 < len(argv):
            chosen = argv[i + 1]
            i += 2
            continue
        if arg.startswith("--game="):
            chosen = arg.partition("=")[2]
        else:
            rest.append(arg)
        i += 1
    return chosen, rest


def games(argv: list[str]) -> int:
    """``python -m engine games``: the games table (Markdown); ``--readme FILE`` writes it into FILE between
    the table's markers (``engine.games.TABLE_MARKERS``)."""
    table = games_table()
    if argv[:1] != ["--readme"] or len(argv) != 2:
        print(table)
        return 0
    path = Path(argv[1])
    text = path.read_text(encoding="utf-8")
    start, end = TABLE_MARKERS
    if start not in text or end not in text:
        print(f"error: {path} has no games table's markers", file=sys.stderr)
        return 1
    before, rest = text.split(start, 1)
    _old, after = rest.split(end, 1)
    path.write_text(f"{before}{start}\n{table}\n{end}{after}", encoding="utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["games"]:
        return games(argv[1:])
    game_id, argv = _take_game(argv)
    if game_id is None:
        game_id = _record_game(argv)
    if game_id is None:
        print(f"error: name the game: --game {{{','.join(GAMES)}}}", file=sys.stderr)
        return 2
    try:
        descriptor = game(game_id)
    except UnknownGame as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    commands = descriptor.commands
    if not argv or argv[0] not in commands:
        print(
            f"usage: python -m engine [--game {{{','.join(GAMES)}}}] {{{','.join(commands)}}} [args...]",
            file=sys.stderr,
        )
        return 2
    target = commands[argv[0]]
    if ":" in target:  # a command every game shares (engine.core.cli): it is told the game
        module_name, _sep, function = target.partition(":")
        return getattr(importlib.import_module(module_name), function)(descriptor, argv[1:])
    return importlib.import_module(target).main(argv[1:])


def _record_game(argv: list[str]) -> str | None:
    """The game of the record that ``replay FILE`` reads (a record names its game); None for any other
    command, or a file that cannot be read (``--game`` is then needed)."""
    files = [arg for arg in argv[1:] if not arg.startswith("-")]
    if argv[:1] != ["replay"] or len(files) != 1 or files[0] == "-":
        return None
    try:
        record = json.loads(Path(files[0]).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    found = game_of_stored(record)
    return found if isinstance(found, str) else None


if __name__ == "__main__":
    sys.exit(main())
