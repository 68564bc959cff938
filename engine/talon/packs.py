"""Talon's packs by table size (talon.txt 1.1, 2.0, 3.0, 4.0, 8.2) and the deal from a seed (1.2, 8.2).

Every suit ranks K Q R(cavalier) J 10 .. 2 A (1.1); the smaller tables strip the pips from below: three
keep K..10 (42 cards), two and four K..7 (54), five K..4 (66), six the whole 78. The fool (``SKIZ``) is
tarock 22, the highest trump (1.5). Card points are counted card by card (1.1: 94, 106, 118, 130 in all).

The deal: at three to six the top six cards are the talon (kept in their order: preference and duo take
the first, middle or last cards of it, 1.3), then two rounds of six cards to each player from the
forehand on (1.2). At two each player gets three groups of five, then three straw men of four cards each,
face down (8.2). The shuffle is ``TarotPack.shuffled(seed)``; the cut and the deal are fixed by the seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.core.tarot import COURTS, PACK_78, SKIZ, TarotPack

_PIPS = ("10", "9", "8", "7", "6", "5", "4", "3", "2", "A")


def _stripped(name: str, lowest: str) -> TarotPack:
    ranks = (*COURTS, *_PIPS[: _PIPS.index(lowest) + 1])
    return TarotPack(name, ranks, ranks)


PACK_42_TALON = _stripped("42-talon", "10")
PACK_54_TALON = _stripped("54-talon", "7")
PACK_66_TALON = _stripped("66-talon", "4")
#: size -> the pack
PACKS: dict[int, TarotPack] = {
    2: PACK_54_TALON,
    3: PACK_42_TALON,
    4: PACK_54_TALON,
    5: PACK_66_TALON,
    6: PACK_78,
}
#: the oudlers (1.1) and the kings
OUDLERS: frozenset[str] = frozenset(("I", "XXI", SKIZ))
KINGS: tuple[str, ...] = ("HK", "DK", "CK", "SK")
#: the tarocks a declarer at six may call: any but the oudlers (4.0), the highest first
CALLABLE_TAROCKS: tuple[str, ...] = tuple(f for f in reversed(PACK_78.cards[1:20]))
#: a card's "suit" for following: its suit letter, or "T" for the tarocks and the fool
SUIT_OF: dict[str, str] = {c: ("T" if PACK_78.is_trump(c) else c[0]) for c in PACK_78.cards}
POINTS: dict[str, int] = {c: PACK_78.points(c) for c in PACK_78.cards}
#: a card's strength: within its suit (suit cards), above every suit card (tarocks, the fool 122)
STRENGTH: dict[str, int] = {c: PACK_78._strength[c] for c in PACK_78.cards}
HAND_CARDS = 12
STRAW_HAND = 15
STRAW_MEN = 3
STRAW_DEPTH = 4


@lru_cache(maxsize=4096)
def deal_cards(seed: int, size: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The deal of ``seed`` at ``size``: (each seat's cards from the forehand on, the talon in its order).

    At two the "talon" is empty and each seat's pile is its 15 cards followed by its three straw men, four
    cards each, top first. Cached: a live server replays a hand from its seed at every move."""
    cards = PACKS[size].shuffled(seed)
    if size == 2:
        piles: list[list[str]] = [[], []]
        for group in range(6):  # three groups of five each, in turn
            piles[group % 2].extend(cards[group * 5 : group * 5 + 5])
        for i in range(2):
            piles[i].extend(cards[30 + i * 12 : 42 + i * 12])
        return tuple(tuple(p) for p in piles), ()
    talon = tuple(cards[:6])
    piles = [[] for _ in range(size)]
    for group in range(2 * size):  # two rounds of six, from the forehand on
        at = 6 + group * 6
        piles[group % size].extend(cards[at : at + 6])
    return tuple(tuple(p) for p in piles), talon


#: the cards of each "suit" of ``SUIT_OF``
SUIT_CARDS: dict[str, frozenset[str]] = {
    suit: frozenset(c for c, s in SUIT_OF.items() if s == suit) for suit in ("T", "H", "D", "C", "S")
}
_PAGAT = frozenset(("I",))


def annuls(cards: tuple[str, ...] | list[str]) -> bool:
    """Whether a hand annuls the deal: no tarocks, or a dry pagat (the fool counts as a tarock, 1.2)."""
    trumps = SUIT_CARDS["T"].intersection(cards)
    return not trumps or trumps == _PAGAT


def suit_counts(cards: tuple[str, ...] | list[str]) -> dict[str, int]:
    """How many cards of each "suit" (``SUIT_OF``: "T" the tarocks) ``cards`` hold."""
    out = dict.fromkeys(SUIT_CARDS, 0)
    suit_of = SUIT_OF
    for c in cards:
        out[suit_of[c]] += 1
    return out


#: a card's place in a hand as ``TarotPack.order`` shows it (the tarocks from the fool down, then each suit
#: from its top): the same order in every pack of ``PACKS``, which strip pips from below
ORDER_KEY: dict[str, tuple[int, int]] = {c: PACK_78._sort_key(c) for c in PACK_78.cards}


def order(cards: Iterable[str]) -> list[str]:
    """``cards`` as a hand shows them: ``TarotPack.order`` of any pack of ``PACKS``."""
    return sorted(cards, key=ORDER_KEY.__getitem__)


__all__ = [
    "CALLABLE_TAROCKS",
    "KINGS",
    "OUDLERS",
    "PACKS",
    "POINTS",
    "STRENGTH",
    "SUIT_CARDS",
    "SUIT_OF",
    "annuls",
    "deal_cards",
    "order",
    "suit_counts",
]
