"""The cards of Texas Tarock: the 54-card pack with the Texas order of the red pips, the deal, and the
holdings a player declares (18.13, 19.16).

The pack is ``engine.core.tarot``'s 54 cards by the same names (``XXI``, ``SKIZ`` for the Skys, ``HR`` for
the Rider, ``HJ`` for the Walker), but 18.13 and 19.16 rank the red pips "K, Q, C, J, 4, 3, 2, A" (the 4
highest, where Königrufen's PACK_54 has the ace highest); 19.16's variants rank them "K, Q, C, J, A, 4, 3,
2" (``Rules.red_order``). Card points are the usual ones, counted singly: 106 in the pack (18.13).

The deal (18.13, 19.16: "the dealer first puts six cards face down on the table to form the talon, and then
gives out two rounds of six cards to each player", counter-clockwise from his right-hand neighbour, the
first bidder): the shuffled pack's first six cards are the talon, then twelve cards to each seat from the
first bidder on. How the cards are cut or tapped (dealt 1, 2, 3, 4, 6 or 12 at a time) changes nothing a
seeded shuffle does not already make random, so it is not asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from engine.core.tarot import COURTS, HONOURS, PACK_54, TarotPack

PACK_FOUR_HIGH = TarotPack(
    "54-texas", red_ranks=(*COURTS, "4", "3", "2", "A"), black_ranks=PACK_54.black_ranks
)
PACK_ACE_HIGH = TarotPack(
    "54-texas-ace", red_ranks=(*COURTS, "A", "4", "3", "2"), black_ranks=PACK_54.black_ranks
)
PACKS: Mapping[str, TarotPack] = {"four_high": PACK_FOUR_HIGH, "ace_high": PACK_ACE_HIGH}
KINGS: tuple[str, ...] = ("HK", "DK", "CK", "SK")
QUEENS: tuple[str, ...] = ("HQ", "DQ", "CQ", "SQ")
#: each pack's cards by strength within their suit (the trumps apart), higher is stronger
RANKS: Mapping[str, Mapping[str, int]] = {
    pack.name: {c: -i for i, c in enumerate(pack.order(pack.cards))} for pack in PACKS.values()
}
#: each pack's cards' power in a trick: a trump 100 and more, a suit card its rank within the suit (1-8)
POWERS: dict[str, dict[str, int]] = {
    pack.name: {
        c: (100 + i if pack.is_trump(c) else 0)
        for i, c in enumerate(c for c in pack.cards if pack.is_trump(c))
    }
    for pack in PACKS.values()
}
for _pack in PACKS.values():
    for _suit in "HDCS":
        _ranks = _pack.red_ranks if _suit in "HD" else _pack.black_ranks
        for _i, _r in enumerate(_ranks):
            POWERS[_pack.name][_suit + _r] = len(_ranks) - _i
#: the talon, then each seat's hand (18.13)
SIZES: tuple[int, ...] = (6, 12, 12, 12, 12)
#: the suit of each card; "T" for the trumps (the Skys included)
SUIT: Mapping[str, str] = {c: ("T" if PACK_54.is_trump(c) else c[0]) for c in PACK_54.cards}
POINTS: Mapping[str, int] = {c: PACK_54.points(c) for c in PACK_54.cards}
#: the cards that may never be discarded: Kings and the three honours ("the usual rules": 18.10)
NEVER_DISCARD: frozenset[str] = frozenset((*KINGS, *HONOURS))


@lru_cache(maxsize=4096)
def dealt(red_order: str, seed: int) -> tuple[tuple[str, ...], ...]:
    """The talon in the order it was dealt (its first four, or three, are taken first: never sorted), and
    the four hands (from the first bidder on) in hand order. Kept for the last seeds dealt: a replay deals
    the same seed again and again."""
    pack = PACKS[red_order]
    cards = pack.shuffled(seed)
    talon = tuple(cards[: SIZES[0]])
    at, hands = SIZES[0], []
    for n in SIZES[1:]:
        hands.append(tuple(pack.order(cards[at : at + n])))
        at += n
    return (talon, *hands)


#: the trumps (the Skys included) as a set: counting a hand's is an intersection
TRUMPS: frozenset[str] = frozenset(c for c, suit in SUIT.items() if suit == "T")
#: each card's share of a hand's tally (``holdings``): 1 a trump, 100 an honour (a trump too), 10,000 a King
_TALLY: dict[str, int] = {
    c: (1 if SUIT[c] == "T" else 0) + (100 if c in HONOURS else 0) + (10_000 if c in KINGS else 0)
    for c in SUIT
}


def trumps_in(cards: Iterable[str]) -> int:
    """How many trumps ``cards`` hold (each card once, as in a hand)."""
    return len(TRUMPS.intersection(cards))


def holdings(cards: Iterable[str], words: Iterable[str]) -> list[str]:
    """The holdings of ``cards`` that may be declared among ``words`` (the rules' holdings): the highest of
    each kind (18.13: the number of trumps; the 5-point cards), since none may declare a smaller one
    (19.16)."""
    allowed = words if type(words) is tuple else set(words)  # a rules' few words: a tuple is searched fast
    tally = sum(map(_TALLY.__getitem__, cards))  # one pass: trumps, honours and Kings as base-100 digits
    trumps, honours, kings = tally % 100, tally // 100 % 100, tally // 10_000
    out: list[str] = []
    by_trumps = (
        "velki" if trumps >= 10 else
        "tarockee" if trumps >= 8 else
        "two_trumps" if 1 <= trumps <= 2 else
        "no_trumps" if trumps == 0 else None
    )  # fmt: skip
    if by_trumps in allowed:
        out.append(by_trumps)
    # the 5-point cards, the highest first: SPJST 10, Rosane Pane 6, Krale and Trul Pane 4, Pane and Trul 2
    if honours + kings < 3:  # none of the 5-point holdings below (the replay's usual case)
        return out
    for word, held in (
        ("spjst", honours == 3 and kings == 4),
        ("rosane_pane", kings == 4 and 1 <= honours <= 2),
        ("krale", kings == 4 and honours == 0),
        ("trul_pane", honours == 3 and 1 <= kings <= 3),
        ("pane", kings in (2, 3) and honours + kings >= 4 and honours < 3),
        ("trul", honours == 3 and kings == 0),
    ):
        if held and word in allowed:
            out.append(word)
            break
    return out


__all__ = [
    "KINGS",
    "NEVER_DISCARD",
    "PACKS",
    "PACK_ACE_HIGH",
    "PACK_FOUR_HIGH",
    "POINTS",
    "POWERS",
    "QUEENS",
    "RANKS",
    "SIZES",
    "SUIT",
    "TRUMPS",
    "dealt",
    "holdings",
    "trumps_in",
]
