"""The commands every game has: ``python -m engine --game G score [--preset P] FILE`` and
``python -m engine --game G rules [--preset P] [--json]``, read from the game's descriptor; and for a game
played move by move (``descriptor.live``), ``play [--seed N] [--preset P] [--bots rule|random] [--json]``
and ``replay FILE``.

A game lists them in its descriptor's ``commands`` as ``"engine.core.cli:score"`` and
``"engine.core.cli:rules"``; ``engine.__main__`` calls them with the descriptor and the arguments.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine.core.live import LiveDeal
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


def play(descriptor: Any, argv: list[str]) -> int:
    """Bots play one whole hand of a game played live (``descriptor.live``), narrated move by move or as
    the JSON hand record (``--json``), which ``replay`` reads back. The same seed, preset, seats and bots
    always give the same output."""
    parser = argparse.ArgumentParser(
        prog=f"python -m engine --game {descriptor.id} play", description="bots play one whole hand"
    )
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    parser.add_argument("--preset", default=descriptor.default_preset, choices=sorted(descriptor.presets))
    parser.add_argument(
        "--seats",
        type=int,
        default=descriptor.players_per_deal,
        help="how many play the hand (default: a full deal)",
    )
    parser.add_argument("--bots", choices=("rule", "random"), default="rule", help="which bots play")
    parser.add_argument("--json", action="store_true", help="print the hand record instead of the narration")
    args = parser.parse_args(argv)
    if descriptor.live is None:
        print(f"error: {descriptor.id} is not played move by move", file=sys.stderr)
        return 2
    seats = tuple("ABCDEFGH"[: args.seats])
    rng = random.Random(f"{args.seed}:{args.bots}")
    try:
        rules_value = descriptor.resolve_rules(args.preset, None)
        hand = descriptor.live.start(LiveDeal(seed=args.seed, rules=rules_value, seats=seats))
        dealt = {s: hand.seat_view(s)["hand"] for s in seats}
        moves: list[str] = []
        while not hand.done:
            seat = hand.to_move()
            code = hand.bot_move(args.bots, rng)
            hand.apply(code)
            moves.append(f"  {seat}: {code}")
        record, summary, payments = hand.record(), hand.summary(), hand.payments()
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        json.dump(record, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print(f"{descriptor.names['en']}, {args.preset}, seed {args.seed}, {args.bots} bots")
    print("Deal:")
    for s in seats:
        print(f"  {s}: {' '.join(dealt[s]) or '-'}")
    print("Moves:")
    print("\n".join(moves))
    print("Summary:", json.dumps(summary, ensure_ascii=False, sort_keys=True))
    print("Payments:", "  ".join(f"{s} {payments[s]:+d}" for s in payments))
    return 0


def replay(descriptor: Any, argv: list[str]) -> int:
    """Replay a hand record (a JSON file, '-' for stdin): print its summary and payments as JSON, or exit
    1 naming the first thing wrong (a field, or the move that breaks a rule)."""
    parser = argparse.ArgumentParser(
        prog=f"python -m engine --game {descriptor.id} replay", description="replay a hand record"
    )
    parser.add_argument("file", nargs="?", default="-", help="a JSON hand record ('-': stdin)")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print the output JSON")
    args = parser.parse_args(argv)
    try:
        data: Any = _read_json(args.file)
    except (OSError, ValueError) as exc:
        print(f"error: {args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        result = descriptor.replay(data)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    out = {"summary": result.summary, "payments": result.payments}
    json.dump(out, sys.stdout, indent=args.indent, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
