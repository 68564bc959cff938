"""``python -m engine COMMAND ...``: score, replay, play, rules."""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "score": "engine.hungarian.commands.score",
    "replay": "engine.hungarian.commands.replay",
    "play": "engine.hungarian.commands.play",
    "rules": "engine.hungarian.commands.rules",
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in COMMANDS:
        print(f"usage: python -m engine {{{','.join(COMMANDS)}}} [args...]", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[argv[0]])
    return module.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
