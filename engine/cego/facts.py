"""What a Cego hand says happened, for statistics (the descriptor's ``hand_facts``): the declarer's
contract and whether it was won as the scorer decides it (17.3: over 35 card points, or ``made``); a
Räuber (17.4, everybody passed) has no declarer. Cego has no bonuses."""

from __future__ import annotations

from typing import Any

from engine.cego.rules import Rules
from engine.cego.scoring import score
from engine.cego.summary import parse_summary
from engine.core.facts import HandFacts, played, without_declarer, won_by_items


def hand_facts(summary: Any, rules: Rules | None = None) -> HandFacts:
    """The facts of one hand summary; raises FieldError as ``score`` does."""
    hand = parse_summary(summary, rules)
    if hand.kind != "played" or hand.declarer is None or hand.contract is None:
        return without_declarer(hand.kind, hand.kind, hand.seats)
    won = won_by_items(score(hand)["items"], (hand.contract,))
    return played(
        kind=hand.kind,
        contract=hand.contract,
        declarer=hand.declarer,
        partners=(),
        won=bool(won),
        seats=hand.seats,
    )
