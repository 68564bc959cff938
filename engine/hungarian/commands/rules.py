"""``python -m engine rules [--preset NAME] [--json] [--set name=value ...]``: the rule options.

Without ``--set``: every option with its value per preset (or for one preset) and a one-line description,
then the choices the tournament preset makes where the 2018 rules are silent. With ``--set``: validate an
override of the chosen preset (default pagat) and print the resulting rules, or a clear error (exit 1).
Values are JSON (``true``, ``3``, ``[2, 4]``); anything that is not JSON is taken as a string.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.hungarian.rules import (
    FAMILY_SILENT_CHOICES,
    OPTION_DOCS,
    PRESET_DOCS,
    PRESETS,
    TOURNAMENT_SILENT_CHOICES,
    RulesError,
    get_rules,
)


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine rules", description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=sorted(PRESETS), help="show (or override) this preset only")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="override an option")
    args = parser.parse_args(argv)

    if args.set:
        options: dict[str, Any] = {}
        for item in args.set:
            name, sep, text = item.partition("=")
            if not sep or not name:
                print(f"error: --set {item!r}: expected NAME=VALUE", file=sys.stderr)
                return 1
            options[name.strip()] = _value(text.strip())
        try:
            rules = get_rules(args.preset or "pagat", **options)
        except RulesError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        if args.json:
            print(
                json.dumps({"preset": args.preset or "pagat", "options": rules.options()}, ensure_ascii=False)
            )
        else:
            for name, value in rules.options().items():
                mark = "  (set)" if name in options else ""
                print(f"{name} = {_show(value)}{mark}")
        return 0

    presets = [args.preset] if args.preset else list(PRESETS)
    table = {name: PRESETS[name].options() for name in presets}
    if args.json:
        print(
            json.dumps(
                {
                    "options": [
                        {
                            "name": opt,
                            "description": OPTION_DOCS[opt],
                            "values": {p: table[p][opt] for p in presets},
                        }
                        for opt in table[presets[0]]
                    ],
                    "tournament_silent_choices": TOURNAMENT_SILENT_CHOICES,
                    "presets": {p: PRESET_DOCS[p] for p in presets},
                    "family_silent_choices": FAMILY_SILENT_CHOICES,
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return 0
    print("presets:")
    for name in presets:
        print(f"  {name}: {PRESET_DOCS[name]}")
    print("options:")
    for opt in table[presets[0]]:
        if opt == "name":
            continue
        values = "  ".join(f"{p}={_show(table[p][opt])}" for p in presets)
        print(f"{opt}: {values}\n    {OPTION_DOCS[opt]}")
    print("\nWhere the tournament rules (C) are silent, the tournament preset follows pagat:")
    for key, text in TOURNAMENT_SILENT_CHOICES.items():
        print(f"  {key}: {text}")
    print("\nWhere the family text (hungarian-tarokk-family.txt) is silent, its presets choose:")
    for key, text in FAMILY_SILENT_CHOICES.items():
        print(f"  {key}: {text}")
    return 0
