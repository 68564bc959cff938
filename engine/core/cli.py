"""The commands every game has: ``python -m engine --game G score [--preset P] FILE`` and
``python -m engine --game G rules [--preset P] [--json]``, read from the game's descriptor.

A game lists them in its descriptor's ``commands`` as ``"engine.core.cli:score"`` and
``"engine.core.cli:rules"``; ``engine.__main__`` calls them with the descriptor and the arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.core.messages import EngineError
from engine.core.presets import options_of


def _read_json(name: str) -> Any:
    text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    return json.loads(text)


def score(descriptor: Any, argv: list[str]) -> int:
    """Score one summary (or a JSON list of them) by the game's schedule; exit 1 naming the field."""
    parser = argparse.ArgumentParser(
        prog=f"python -m engine --game {descriptor.id} score", description="score hand summaries"
    )
    parser.add_argument(
        "file", nargs="?", default="-", help="a JSON file of one summary or a list ('-': stdin)"
    )
    parser.add_argument(
        "--preset", help=f"the rules (default: the summary's own, else {descriptor.default_preset})"
    )
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the output JSON")
    args = parser.parse_args(argv)
    try:
        data: Any = _read_json(args.file)
    except (OSError, ValueError) as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        rules = None if args.preset is None else descriptor.resolve_rules(args.preset, None)
    except EngineError as exc:
        print(f"error: --preset: {exc}", file=sys.stderr)
        return 1
    many = isinstance(data, list)
    out: list[Any] = []
    for i, summary in enumerate(data if many else [data]):
        try:
            out.append(descriptor.score(summary, rules))
        except EngineError as exc:
            print(f"error: {f'[{i}] ' if many else ''}{exc}", file=sys.stderr)
            return 1
    json.dump(out if many else out[0], sys.stdout, indent=args.indent, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def rules(descriptor: Any, argv: list[str]) -> int:
    """List the game's presets and every option's value in each, with what the option means."""
    parser = argparse.ArgumentParser(
        prog=f"python -m engine --game {descriptor.id} rules", description="the presets and their options"
    )
    parser.add_argument("--preset", choices=sorted(descriptor.presets), help="show this preset only")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)
    names = [args.preset] if args.preset else list(descriptor.presets)
    table = {name: options_of(descriptor.presets[name]) for name in names}
    docs = descriptor.option_docs
    if args.json:
        print(
            json.dumps(
                {
                    "game": descriptor.id,
                    "default_preset": descriptor.default_preset,
                    "presets": {name: descriptor.preset_docs.get(name, "") for name in names},
                    "options": [
                        {
                            "name": opt,
                            "description": docs.get(opt, ""),
                            "values": {p: table[p][opt] for p in names},
                        }
                        for opt in table[names[0]]
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    print(f"{descriptor.names['en']}: presets (default {descriptor.default_preset})")
    for name in names:
        print(f"  {name}: {descriptor.preset_docs.get(name, '')}")
    print("options:")
    for opt in table[names[0]]:
        values = "  ".join(f"{p}={json.dumps(table[p][opt], ensure_ascii=False)}" for p in names)
        print(f"  {opt}: {values}\n      {docs.get(opt, '')}")
    return 0
