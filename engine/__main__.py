"""``python -m engine [--game GAME] COMMAND ...``: score, replay, play, rules (of GAME, default hungarian).

``--game`` may come before or after the command; an unknown game is an error (exit 2), as is a command
the game does not have.
"""

from __future__ import annotations

import importlib
import sys

from engine.games import DEFAULT_GAME, GAMES, UnknownGame, game


def _take_game(argv: list[str]) -> tuple[str, list[str]]:
    """The ``--game`` value (default ``DEFAULT_GAME``) and the arguments without it."""
    rest: list[str] = []
    chosen = DEFAULT_GAME
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


if __name__ == "__main__":
    sys.exit(main())
