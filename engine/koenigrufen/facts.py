"""What a Königrufen hand says happened, for statistics (the descriptor's ``hand_facts``): the summary
already names each declarer's contract and whether they won it, and each bonus's side, announcement and
result (18.10); a Trischaken has no declarer."""

from __future__ import annotations

from typing import Any

from engine.core.facts import DeclarerFact, HandFacts, bonus_rows, played, without_declarer
from engine.koenigrufen.rules import Rules
from engine.koenigrufen.summary import parse


def hand_facts(summary: Any, rules: Rules | None = None) -> HandFacts:
    """The facts of one hand summary; raises FieldError as ``score`` does."""
    s = parse(summary, rules)
    if s.kind != "played" or not s.games:
        return without_declarer(s.kind, s.kind, s.seats)
    first = s.games[0]
    return played(
        kind=s.kind,
        contract=first.contract,
        declarer=first.declarer,
        partners=(s.partner,),
        won=first.won,
        seats=s.seats,
        bonuses=bonus_rows(s.bonuses),
        more=[DeclarerFact(g.declarer, g.contract, g.won) for g in s.games[1:]],
    )
