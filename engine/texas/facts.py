"""What a Texas Tarock hand says happened, for statistics (the descriptor's ``hand_facts``): the contract,
the declarer and the called partner, whether the declarer's side won as the scorer decides it (the game,
or a Valat in its place: 19.16), the bonuses as the summary gives them, and each seat's declarations
(18.13, 19.16: scored whoever wins the game)."""

from __future__ import annotations

from typing import Any

from engine.core.facts import HandFacts, bonus_rows, played, won_by_items
from engine.texas.rules import Rules
from engine.texas.scoring import score_items
from engine.texas.summary import parse_summary


def hand_facts(summary: Any, rules: Rules | None = None) -> HandFacts:
    """The facts of one hand summary; raises FieldError as ``score`` does."""
    hand = parse_summary(summary, rules)
    won = won_by_items(score_items(hand), ("game", "valat", "called_from_talon"))
    return played(
        kind=hand.kind,
        contract=hand.contract,
        declarer=hand.declarer,
        partners=(hand.partner,),
        won=bool(won),
        seats=hand.seats,
        bonuses=bonus_rows(hand.bonuses),
        seat_bonuses=[
            (word, seat, True, True) for word, seats in hand.declarations.items() for seat in seats
        ],
    )
