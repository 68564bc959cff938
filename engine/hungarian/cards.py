"""The 42-card Hungarian Tarokk pack as small integers, and hands as bitmasks.

A card is an ``int`` 0..41 (see docs/engine-api-contract.md): ``0..20`` are the tarokks I (pagát) .. XXI,
``21`` is the skíz, and the suit cards are ``22 + 5*suit + rank`` with suits H, D, C, S and ranks K, Q, R
(rider), J, A/10 (ace in the red suits, ten in the black ones; "The cards"). A higher tarokk index beats a
lower one; within a suit a *lower* rank index is the higher card. Hands are ``int`` bitmasks (``1 << card``)
so that legal-move generation is mask arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.cards import Pack
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown

#: 22 tarokks (I..XXI and the skíz) and four suits of five ("The cards")
PACK = Pack("hungarian", trumps=22, suit_cards=5)
N_CARDS = PACK.size
PAGAT = 0
XVII = 16
XVIII = 17
XIX = 18
XX = 19
XXI = 20
SKIZ = 21

SUIT_LETTERS = "HDCS"
RANK_LETTERS = ("K", "Q", "R", "J")
HEARTS, DIAMONDS, CLUBS, SPADES = range(4)

_ROMAN = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip


def _name(c: int) -> str:
    if c < 21:
        return _ROMAN[c]
    if c == SKIZ:
        return "SKIZ"
    suit, rank = divmod(c - 22, 5)
    letter = SUIT_LETTERS[suit]
    if rank < 4:
        return letter + RANK_LETTERS[rank]
    return letter + ("A" if suit < 2 else "10")


NAMES: tuple[str, ...] = tuple(_name(c) for c in range(N_CARDS))
POINTS: tuple[int, ...] = tuple(
    (5 if c in (PAGAT, XXI, SKIZ) else 1) if c < 22 else (5, 4, 3, 2, 1)[(c - 22) % 5] for c in range(N_CARDS)
)
HONOURS: frozenset[int] = frozenset((SKIZ, XXI, PAGAT))
KINGS: frozenset[int] = frozenset(22 + 5 * s for s in range(4))

# Masks used by the state machine.
TAROKK_MASK = (1 << 22) - 1
HONOUR_MASK = (1 << PAGAT) | (1 << XXI) | (1 << SKIZ)
HIGH_HONOUR_MASK = (1 << XXI) | (1 << SKIZ)
KING_MASK = sum(1 << k for k in KINGS)
SUIT_MASKS: tuple[int, ...] = tuple(0b11111 << (22 + 5 * s) for s in range(4))
FULL_MASK = (1 << N_CARDS) - 1
#: the cards' suit (-1 for tarokks), indexed by card
SUIT_OF: tuple[int, ...] = tuple(-1 if c < 22 else (c - 22) // 5 for c in range(N_CARDS))
#: the mask of cards that must be played to follow the card led, indexed by card
FOLLOW_MASK: tuple[int, ...] = tuple(
    SUIT_MASKS[SUIT_OF[c]] if c >= 22 else TAROKK_MASK for c in range(N_CARDS)
)

_BY_NAME: dict[str, int] = {n: c for c, n in enumerate(NAMES)}
_BY_NAME.update({"IIII": 3, "SKÍZ": SKIZ, "SKYS": SKIZ, "H4": 26, "D4": 31, "CT": 36, "ST": 41})


def card_name(c: int) -> str:
    """The card's short name: ``I``..``XXI``, ``SKIZ``, ``HK``, ``DA``, ``C10``, ``SJ``."""
    return NAMES[c]


def card_or_value(c: Any) -> str:
    """A card's name, or any other value shown short: what an error message says of a claimed card."""
    return NAMES[c] if isinstance(c, int) and 0 <= c < N_CARDS else shown(c)


class CardError(EngineError):
    """An unknown card name (a ValueError, as ``parse_card`` has always raised)."""


def parse_card(s: str) -> int:
    """The card named ``s``, case-insensitive; ``IIII`` is accepted for IV, ``H4``/``D4`` for the red aces.
    Raises CardError (a ValueError) for anything else, a non-string too."""
    try:
        return _BY_NAME[s.strip().upper()]
    except (KeyError, AttributeError):
        raise CardError(
            Message("unknown_card_name", _("unknown card name %(value)s"), value=shown(s))
        ) from None


def is_tarokk(c: int) -> bool:
    """The skíz counts as a tarokk (it is the highest one)."""
    return c < 22


def suit_of(c: int) -> int:
    """0..3 for H, D, C, S; -1 for a tarokk."""
    return SUIT_OF[c]


#: ``1 << card``, indexed by card
BIT: tuple[int, ...] = tuple(1 << c for c in range(N_CARDS))
#: the cards and the card points of each value of each 7-bit slice of a mask (cards ``7 * i`` ..
#: ``7 * i + 6``): six lookups instead of a loop per card (engine speed, benchmarks/engine_bench.py)
SLICE_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(base + i for i in range(7) if v >> i & 1) for v in range(128)) for base in range(0, 42, 7)
)
_SLICE_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(POINTS[c] for c in cards) for cards in table) for table in SLICE_CARDS
)
_C0, _C1, _C2, _C3, _C4, _C5 = SLICE_CARDS
_P0, _P1, _P2, _P3, _P4, _P5 = _SLICE_POINTS


def mask(cards: Iterable[int]) -> int:
    """The bitmask of a collection of cards."""
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def cards_of(m: int) -> list[int]:
    """The cards of a bitmask, ascending."""
    return [
        *_C0[m & 127],
        *_C1[m >> 7 & 127],
        *_C2[m >> 14 & 127],
        *_C3[m >> 21 & 127],
        *_C4[m >> 28 & 127],
        *_C5[m >> 35 & 127],
    ]


def points_of(m: int) -> int:
    """Card points in a mask (the pack totals 94, "The cards")."""
    return (
        _P0[m & 127]
        + _P1[m >> 7 & 127]
        + _P2[m >> 14 & 127]
        + _P3[m >> 21 & 127]
        + _P4[m >> 28 & 127]
        + _P5[m >> 35 & 127]
    )


def count(m: int) -> int:
    """Number of cards in a mask."""
    return m.bit_count()


def beats(a: int, b: int, led: int) -> bool:
    """Whether card ``a`` beats card ``b`` in a trick whose first card was ``led`` ("The play")."""
    if a < 22:
        return b >= 22 or a > b
    if b < 22:
        return False
    lead_suit = SUIT_OF[led]
    if SUIT_OF[a] != lead_suit:
        return False
    return SUIT_OF[b] != lead_suit or a < b


def trick_winner(cards: list[int]) -> int:
    """Index (0..3) within ``cards`` of the card that wins the trick; the first card is the lead."""
    best = 0
    led = cards[0]
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led):
            best = i
    return best
