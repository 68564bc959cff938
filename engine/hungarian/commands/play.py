"""``python -m engine play``: bots play one whole hand, narrated for people or as the JSON hand record.

Same seed, bots and rules give the same output, so a narrated hand can be quoted in a bug report.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.core.scoring import kontra_name
from engine.hungarian.bots import BOTS, make_bots, play_hand
from engine.hungarian.cards import card_name, trick_winner
from engine.hungarian.rules import PRESETS, get_rules
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import Action, Hand

LABELS = "ABCD"
BID_NAMES = {3: "three", 2: "two", 1: "one", 0: "solo"}
PHASE_TITLES = {
    "bidding": "Auction",
    "raise": "Raise",
    "annul": "Annulment",
    "discard": "Talon and discards",
    "announcements": "Call and announcements",
    "play": "Play",
}


def _cards(cards: Any) -> str:
    return " ".join(card_name(c) for c in sorted(cards, reverse=True)) or "-"


def _item_name(item: Any) -> str:
    if item == "game":
        return "the game"
    team, bonus = item
    return f"the {team}' {bonus}" if team.endswith("s") else f"the {team}'s {bonus}"


class Narrator:
    """Collects a hand's moves (through ``play_hand``'s ``on_move``) and renders them as text."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.dealt: dict[int, list[int]] = {}
        self.talon_shown = False
        self.phase: str | None = None
        self.kontras: dict[str, int] = {}
        self.trick: list[tuple[int, int]] = []
        self.tricks = 0

    def __call__(self, hand: Hand, seat: int, action: Action) -> None:
        phase = hand.phase
        if not self.dealt:
            self.dealt = {s: sorted(hand.view(s).hand) for s in range(4)}
            self.lines.append("Deal:")
            self.lines.extend(f"  {LABELS[s]}: {_cards(self.dealt[s])}" for s in range(4))
        if phase != self.phase:
            if self.phase == "bidding":
                view = hand.view(seat)
                self.lines.append(f"Declarer: {LABELS[view.declarer]}, bid {BID_NAMES[view.bid]}")
            self.phase = phase
            self.lines.append(f"{PHASE_TITLES.get(phase, phase)}:")
        if not self.talon_shown and phase in ("annul", "discard", "announcements", "play"):
            self.talon_shown = True
            for s in range(4):
                drawn = hand.view(s).talon_received
                if drawn:
                    self.lines.append(f"  {LABELS[s]} takes {_cards(drawn)} from the talon")
        if action[0] == "play":
            self._play(seat, action[1])
        else:
            self.lines.append(f"  {LABELS[seat]}: {self._describe(action)}")

    def _play(self, seat: int, card: int) -> None:
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            self.tricks += 1
            winner = self.trick[trick_winner([c for _s, c in self.trick])][0]
            plays = "  ".join(f"{LABELS[s]} {card_name(c):>4}" for s, c in self.trick)
            self.lines.append(f"  {self.tricks}. {plays}  -> {LABELS[winner]}")
            self.trick = []

    def _describe(self, action: Any) -> str:
        kind, arg = action[0], action[1]
        if kind == "bid":
            return BID_NAMES.get(arg, str(arg))
        if kind in ("hold", "pass", "no_raise", "no_annul"):
            return kind.replace("_", " ")
        if kind == "raise":
            return f"raises to {BID_NAMES.get(arg, arg)}"
        if kind == "annul":
            return f"annuls ({arg})"
        if kind == "discard":
            return f"discards {_cards(arg)}"
        if kind == "declare":
            return f"declares {arg} tarokks"
        if kind == "call":
            return f"calls the {card_name(arg)}"
        if kind == "announce":
            return f"announces {arg}"
        if kind == "kontra":
            key = repr(tuple(arg) if isinstance(arg, list) else arg)
            level = self.kontras.get(key, 0)
            self.kontras[key] = level + 1
            return f"{kontra_name(level + 1)} {_item_name(arg)}"
        return f"{kind} {arg}"


def _result_lines(summary: dict[str, Any], scored: dict[str, Any]) -> list[str]:
    """The outcome, each scored item and the payments, from the summary and its scoring."""
    lines = []
    if summary.get("kind") == "played":
        result = summary.get("result", {})
        partner = summary.get("partner")
        team = f"{summary['declarer']} with {partner}" if partner else f"{summary['declarer']} alone"
        lines.append(
            f"Result: {team} took {result.get('declarer_card_points')} card points "
            f"in {result.get('declarer_tricks')} tricks"
        )
    else:
        lines.append(f"Result: {str(summary.get('kind', 'not played')).replace('_', ' ')}")
    for item in scored.get("items", []):
        kontra = item.get("kontra", 0)
        details = [item.get("team", "")] + (["announced"] if item.get("announced") else [])
        if kontra:
            details.append(kontra_name(kontra))
        outcome = "won" if item.get("won") else "lost"
        described = ", ".join(d for d in details if d)
        lines.append(f"  {item['name']} ({described}): {outcome}, {item.get('value')}")
    payments = scored["payments"]
    lines.append("Payments: " + ", ".join(f"{label} {value:+d}" for label, value in sorted(payments.items())))
    return lines


def narrate(seed: int, bot_names: list[str], preset: str) -> tuple[str, Hand]:
    """The human-readable account of hand ``seed`` and the finished hand."""
    rules = get_rules(preset)
    narrator = Narrator()
    hand = play_hand(seed, make_bots(bot_names), rules=rules, on_move=narrator)
    head = f"Hand {seed}, rules {rules.name}, bots " + ", ".join(
        f"{LABELS[s]} {name}" for s, name in enumerate(bot_names)
    )
    summary = hand.summary()
    tail = _result_lines(summary, score_summary(summary, rules))
    return "\n".join([head, *narrator.lines, *tail]), hand


def main(argv: list[str]) -> int:
    """Play one hand with bots; print it (or its JSON hand record with ``--json``)."""
    parser = argparse.ArgumentParser(prog="python -m engine play", description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="deal and bot seed (default 1)")
    parser.add_argument(
        "--bots",
        default="rule,random,rule,random",
        help=f"four of {', '.join(BOTS)}, comma-separated, seats A..D (one name: all four seats)",
    )
    parser.add_argument("--rules", default="pagat", choices=sorted(PRESETS), help="rules preset")
    parser.add_argument("--json", action="store_true", help="print the hand record as JSON")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.bots.split(",")]
    if len(names) == 1:
        names *= 4
    try:
        make_bots(names)
    except ValueError as exc:
        parser.error(str(exc))
    text, hand = narrate(args.seed, names, args.rules)
    if args.json:
        print(json.dumps(hand.record(), indent=2, ensure_ascii=False))
    else:
        print(text)
    return 0
