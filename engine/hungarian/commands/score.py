"""``python -m engine score [--preset P] [FILE|-]``: score one hand summary, or a JSON list of them, and
print the result.

Exit 0 with the output JSON (one object, or a list in the input's order); exit 1 with
``error: [index] <field>: <reason>`` on stderr when the input is not JSON or a summary is invalid.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.hungarian.commands import read_json
from engine.hungarian.rules import PRESETS
from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine score", description=__doc__.splitlines()[0])
    parser.add_argument(
        "file", nargs="?", default="-", help="a JSON file of one summary or a list ('-': stdin)"
    )
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the output JSON")
    parser.add_argument(
        "--preset", choices=list(PRESETS), help="score by this preset (default: the summary's own rules)"
    )
    args = parser.parse_args(argv)
    rules = None if args.preset is None else PRESETS[args.preset]
    try:
        data: Any = read_json(args.file)
    except (OSError, ValueError) as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        if isinstance(data, list):
            out: Any = []
            for i, summary in enumerate(data):
                try:
                    out.append(score_summary(summary, rules))
                except SummaryError as exc:
                    print(f"error: [{i}] {exc.path}: {exc.reason}", file=sys.stderr)
                    return 1
        else:
            out = score_summary(data, rules)
    except SummaryError as exc:
        print(f"error: {exc.path}: {exc.reason}", file=sys.stderr)
        return 1
    json.dump(out, sys.stdout, indent=args.indent, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
