"""Who deals, who sits out and at what stake (18.11): the deal passes on after every hand; at a five-seat
table the dealer sits out (except that they play a Fahren, which the summary records, not the deal); after
a Fahren (a Trischaken) the next hands, as many as there are seats, are at double stakes, and a Fahren
among them adds as many again and does not itself count among them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.deals import rotating_deal
from engine.core.descriptor import Deal
from engine.koenigrufen.rules import Rules, resolve_rules

TABLE_SIZES: tuple[int, ...] = (4, 5)
PLAYERS_PER_DEAL = 4
TRISCHAKEN = "trischaken"


def sitting_out(positions: Sequence[str], dealer: str, rules: Any = None) -> tuple[str, ...]:
    """18.11: at five the dealer sits out."""
    return (dealer,) if len(positions) == 5 else ()


def sitting_out_shares(rules: Any) -> str | None:
    """The seat sitting out neither wins nor loses (18.11 says nothing of sharing)."""
    return None


def doubled_hands_left(previous_kinds: Sequence[str], seats: int) -> int:
    """How many double-stake hands remain after ``previous_kinds`` (18.11)."""
    left = 0
    for kind in previous_kinds:
        if kind == TRISCHAKEN:
            left += seats  # "an additional four or five double stake hands are added"
        elif left:
            left -= 1
    return left


def deal(
    positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Any = None
) -> Deal:
    """The next deal after hands of ``previous_kinds`` (``"played"`` or ``"trischaken"``)."""
    rules = rules if isinstance(rules, Rules) else resolve_rules(rules)
    n = len(positions)

    def stake(kinds: Sequence[str]) -> int:
        return 2 if rules.fahren_doubles and doubled_hands_left(kinds, n) else 1

    return rotating_deal(positions, first_dealer, previous_kinds, sitting_out=sitting_out, stake=stake)
