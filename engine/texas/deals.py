"""Who deals and who plays: four at a table, dealing and playing counter-clockwise (18.13, 19.16: "the turn
to deal passes to the right after each hand"; "the player to dealer's right opens the bidding").

Seats are listed clockwise (A-B-C-D), so the deal moves A, D, C, B and the dealer's right-hand neighbour
is the first to bid. Both texts let the holder of the trump II open the first hand of a session and deal
the second; the tournament draws the first dealer instead, so every hand follows the usual rotation (our
choice: the II-holder is not known before the cards are dealt). A hand thrown in by a declarer who drew
the called XIX (19.16 variants) has been paid for, so the deal passes on as after any hand (our choice).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.deals import rotating_deal
from engine.core.descriptor import Deal

TABLE_SIZES: tuple[int, ...] = (4,)
PLAYERS_PER_DEAL = 4


def sitting_out(positions: Sequence[str], dealer: str, rules: Any = None) -> tuple[str, ...]:
    """Nobody sits out: the game is for four."""
    return ()


def sitting_out_shares(rules: Any) -> str | None:
    return None


def deal_sequence(
    positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Any
) -> Deal:
    """The next deal: the dealer moves one seat to the right after every hand; the active seats start with
    the dealer's right-hand neighbour (the first to bid)."""
    return rotating_deal(positions, first_dealer, previous_kinds, sitting_out=sitting_out, direction=-1)
