"""What a Slovenian tarok hand says happened, for statistics (the descriptor's ``hand_facts``): the
declarer's contract and whether it was won as the scorer decides it (over 35 card points, ``made``, or a
Valat that replaces the game: pagat, TZS B1.14), and the bonuses (trula, kralji, pagat ultimo, valat) as
the summary gives them; a Klop has no declarer."""

from __future__ import annotations

from typing import Any

from engine.core.facts import HandFacts, bonus_rows, played, without_declarer, won_by_items
from engine.slovenian.rules import Rules
from engine.slovenian.scoring import score
from engine.slovenian.summary import parse_summary, rules_of


def hand_facts(summary: Any, rules: Rules | None = None) -> HandFacts:
    """The facts of one hand summary; raises FieldError as ``score`` does."""
    rules = rules_of(summary, rules)
    s = parse_summary(summary, rules)
    if s.kind != "played" or s.declarer is None or s.contract is None:
        return without_declarer(s.kind, s.contract if s.kind == "played" else None, s.seats)
    won = won_by_items(score(s, rules)["items"], ("game", "valat"))
    return played(
        kind=s.kind,
        contract=s.contract,
        declarer=s.declarer,
        partners=(),
        won=bool(won),
        seats=s.seats,
        bonuses=bonus_rows(s.bonuses or {}),
    )
