"""Who deals and who plays (1.2, 8.2): the deal passes to the left after each hand and the player on the
dealer's left is the forehand; every seat plays at every size (nobody sits out); a hand annulled for a
player without tarocks or with a dry pagat (1.2, 8.2), or passed out at five or six (3.0), is dealt again
by the same dealer. The text knows no stakes: every deal is played at stake 1."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.deals import rotating_deal
from engine.core.descriptor import Deal
from engine.talon.summary import THROWN_IN

#: every seat plays: the most that play one deal are the six of the largest table
PLAYERS_PER_DEAL = 6


def sitting_out(positions: Sequence[str], dealer: str, rules: Any = None) -> tuple[str, ...]:
    """Nobody sits out in Talon."""
    return ()


def sitting_out_shares(rules: Any) -> str | None:
    """Nobody sits out, so nobody shares a score."""
    return None


def deal_sequence(
    positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Any
) -> Deal:
    """The next deal after hands of ``previous_kinds`` (positions listed clockwise, to the left)."""
    return rotating_deal(
        positions, first_dealer, previous_kinds, sitting_out=sitting_out, thrown_in=THROWN_IN
    )
