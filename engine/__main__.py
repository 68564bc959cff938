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

from engine.games import GAMES, UnknownGame, game, game_of_stored


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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
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
