"""``python -m engine replay [FILE|-]``: replay a hand record, print the derived summary, the payments and the
auction with what each bid meant."""

from __future__ import annotations

import argparse
import json
import sys

from engine.hungarian.commands import read_json
from engine.hungarian.record import ReplayError, auction_record, replay


def main(argv: list[str]) -> int:
    """Exit 0 with ``{"summary": ..., "payments": ..., "auction": ...}`` on stdout (the auction as the record
    writes it, each step with its meaning); 1 with the illegal step on stderr."""
    parser = argparse.ArgumentParser(prog="python -m engine replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default="-", help="hand record JSON (default: standard input)")
    args = parser.parse_args(argv)
    try:
        record = read_json(args.file)
    except (OSError, ValueError) as exc:
        print(f"replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        result = replay(record)
    except ReplayError as exc:
        print(f"replay: illegal record: {exc}", file=sys.stderr)
        return 1
    json.dump(
        {"summary": result.summary, "payments": result.payments, "auction": auction_record(result.hand)},
        sys.stdout,
        indent=2,
        ensure_ascii=False,
    )
    sys.stdout.write("\n")
    return 0
