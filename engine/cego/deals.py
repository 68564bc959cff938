"""Who deals, who plays: Cego at Ichenheim (17.3) is a three-player game; at a table of four the dealer
takes no part in the play "but wins and loses equally with the defenders". Four-handed Cego (17.4) is the
other game: all four play, nobody sits out (the preset ``four_handed``, ``Rules.all_four_play``). The deal
passes on after every hand (the first bidder, Vorhand, sits at the dealer's right, the next position:
positions are in anticlockwise order), and no hand is thrown in: if all pass, Vorhand must play Cego
(17.4) or announce a Räuber at a four-seat table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cego.rules import Rules, resolve_rules
from engine.core.deals import rotating_deal
from engine.core.descriptor import Deal

TABLE_SIZES = (3, 4)
#: the most that play one deal: the four of 17.4's four-handed game (three at 17.3's tables)
PLAYERS_PER_DEAL = 4
THREE_HANDED = 3


def sitting_out(positions: Sequence[str], dealer: str, rules: Any = None) -> tuple[str, ...]:
    """17.3: the dealer of a four-seat table sits out; nobody at three; nobody in 17.4's four-handed game
    (``rules.all_four_play``)."""
    rules = rules if isinstance(rules, Rules) else resolve_rules(rules)
    if rules.all_four_play or len(positions) <= THREE_HANDED:
        return ()
    return (dealer,)


def sitting_out_shares(rules: Any) -> str:
    """17.3: the sitting-out dealer "wins and loses equally with the defenders"."""
    return "opponents"


def deal(positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Any) -> Deal:
    """The next deal after hands of ``previous_kinds``: the deal passes on after each of them; who sits out
    as ``rules`` say (17.3's dealer at four, or nobody in 17.4's four-handed game)."""
    rules = rules if isinstance(rules, Rules) else resolve_rules(rules)
    return rotating_deal(
        positions, first_dealer, previous_kinds, sitting_out=lambda p, d: sitting_out(p, d, rules)
    )
