"""Who deals: three play every hand, nobody sits out, and the deal passes on after each hand (pagat).
A hand thrown in because a player holds no tarok (``annulled``; pagat) is dealt again by the same dealer
(our choice: the texts do not say who redeals). No hand changes the stake: radelci are marked per player,
carried from hand to hand (``engine.slovenian.carry``), and double their holders' scores only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.deals import rotating_deal
from engine.core.descriptor import Deal

TABLE_SIZES: tuple[int, ...] = (3,)
PLAYERS_PER_DEAL = 3
THROWN_IN: frozenset[str] = frozenset({"annulled"})


def sitting_out(positions: Sequence[str], dealer: str, rules: Any = None) -> tuple[str, ...]:
    """Nobody sits out at a table of three."""
    return ()


def sitting_out_shares(rules: Any) -> str | None:
    """Nobody sits out, so nobody shares a score."""
    return None


def deal_sequence(
    positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Any
) -> Deal:
    """The next deal after hands of ``previous_kinds``: the seats after the dealer, in the table's order,
    the first of them the first bidder (the one who must open with Trojka at Bled, 16.8)."""
    return rotating_deal(positions, first_dealer, previous_kinds, thrown_in=THROWN_IN)
