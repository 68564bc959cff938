"""Who deals, who plays and for what stake: the deal sequence of a Hungarian Tarokk table.

"Choice of seats, dealing": the deal passes to the right after each hand. "The players": at a table of
five the dealer sits out. "The bidding": after a passed-out (or annulled) hand the same player deals again
and the next round of deals (4 or 5, the table size) is doubled; overlapping doubled rounds quadruple.
Variations: without doubling the deal simply passes on; ``extra_round`` appends doubled rounds instead of
overlapping them; ``quadruple_round`` plays a full round at x4 after a throw-in during a doubled round,
never more. ``next_hand`` (the Hungarian family, hungarian-tarokk-family.txt): a passed-out hand passes
the deal on ("Auction": "the hand is thrown in and deal moves to the next player"), an annulled one is
dealt again by the same dealer and that new hand is doubled ("Annulment"; annulled again, doubled again).
Positions A..E are in anticlockwise seat order, so the player "to the dealer's right", who bids
first, is the next position. (The tournament system computes the same in ``tournaments/formats.py`` until
phase 2 of issue 22 makes it call this.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.descriptor import Deal
from engine.hungarian.rules import Rules

#: hands after which the same player deals again (when the rules double rounds)
THROWN_IN = frozenset({"passed_out", "annulled"})
#: players in each deal; a fifth at the table (the dealer) sits out
PLAYERS_PER_DEAL = 4
TABLE_SIZES = (4, 5)


def active_positions(positions: Sequence[str], dealer: str) -> tuple[str, ...]:
    """Active players in anticlockwise order from the dealer's right (the first bidder)."""
    n = len(positions)
    d = positions.index(dealer)
    order = tuple(positions[(d + k) % n] for k in range(1, n + 1))
    return order[:PLAYERS_PER_DEAL]


def sitting_out(positions: Sequence[str], dealer: str, rules: Any = None) -> tuple[str, ...]:
    """Who sits out a deal: the dealer of a 5-seat table, nobody at four."""
    return (dealer,) if len(positions) > PLAYERS_PER_DEAL else ()


def sitting_out_shares(rules: Rules) -> str | None:
    """Whose score the sitting-out dealer shares: with ``five_player_dealer_weeps_laughs`` (sír-nevet) the
    opponents' (the dealer wins or loses what each opponent does, settled with the declarer); otherwise
    nobody's (pagat "The scoring": "the dealer neither wins nor loses")."""
    return "opponents" if rules.five_player_dealer_weeps_laughs else None


def deal_sequence(
    positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Rules
) -> Deal:
    """The next deal at a table of ``positions`` whose first deal was ``first_dealer``'s, after hands of
    ``previous_kinds`` (each a summary ``kind``: played, passed_out ...)."""
    n = len(positions)
    dealer_index = positions.index(first_dealer)
    if rules.doubled_rounds == "next_hand":
        annulled = 0  # annulled hands since the last played or passed-out one
        for kind in previous_kinds:
            if kind == "annulled":
                annulled += 1
            else:
                annulled = 0
                dealer_index = (dealer_index + 1) % n
        dealer = positions[dealer_index]
        return Deal(
            len(previous_kinds) + 1,
            dealer,
            active_positions(positions, dealer),
            2**annulled,
            sitting_out(positions, dealer),
        )
    doubled_until: list[int] = []  # for "overlap": the last deal number each doubled round covers
    extended_until = 0  # for extra_round / quadruple_round: the last deal number at raised stakes
    level = 1
    for number, kind in enumerate(previous_kinds, start=1):
        thrown_in = kind in THROWN_IN and rules.doubled_rounds != "none"
        if not thrown_in:
            dealer_index = (dealer_index + 1) % n
            continue
        if rules.doubled_rounds == "overlap":
            doubled_until.append(number + n)
        elif rules.doubled_rounds == "extra_round":
            extended_until = max(extended_until, number) + n
        elif rules.doubled_rounds == "quadruple_round":
            in_raised = number <= extended_until
            level = 4 if in_raised else 2
            extended_until = number + n
    number = len(previous_kinds) + 1
    if rules.doubled_rounds == "overlap":
        stake = 2 ** sum(1 for last in doubled_until if number <= last)
    elif rules.doubled_rounds in ("extra_round", "quadruple_round"):
        stake = (2 if rules.doubled_rounds == "extra_round" else level) if number <= extended_until else 1
    else:
        stake = 1
    dealer = positions[dealer_index]
    return Deal(number, dealer, active_positions(positions, dealer), stake, sitting_out(positions, dealer))
