"""A tarot pack by name, for the games that play tricks live (issue 34): cards are the record's words
("XXI", "SKIZ", "HK", "S10", "DA"), and a ``TarotPack`` knows each one's suit, rank and card points, deals
a shuffled pack from a seed, says which cards of a hand may follow to a trick and who wins it.

The names are the Hungarian engine's (``engine.hungarian.cards``), so that a phone draws every game's cards
alike: the tarokks I..XXI and the SKIZ (Sküs, Škis, the Fool: the highest trump, 22, in every game here);
a suit card is the suit's letter (H, D red; C, S black) and its rank: K, Q, R (the cavalier, "Reiter"),
J, then the pips. In the Austrian and Hungarian packs the red pips rank A (ace, "1"), 2, 3, 4 from the
highest, the black 10, 9, 8, 7; Talon's French pack ranks every suit K..J, 10 .. 2, A (talon.txt 1.1).

Card points (all the texts agree: pagat "Card values", talon.txt 1.1, supplement 18.10): the three
honours and the kings 5, queens 4, cavaliers 3, jacks 2, any other card 1. They are counted in threes
(each group of three cards scores its points less 2): ``engine.core.thirds`` keeps a count exact in thirds.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown

#: the tarokks, the pagat first, and the skíz (the highest trump)
TAROKKS: tuple[str, ...] = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip
PAGAT, MOND, SKIZ = "I", "XXI", "SKIZ"
#: the honours (trull): pagat, XXI and skíz
HONOURS: frozenset[str] = frozenset((PAGAT, MOND, SKIZ))
RED: tuple[str, ...] = ("H", "D")
BLACK: tuple[str, ...] = ("C", "S")
SUITS: tuple[str, ...] = (*RED, *BLACK)
COURTS: tuple[str, ...] = ("K", "Q", "R", "J")
#: the points of a court card; an honour is 5, any other card 1
COURT_POINTS: Mapping[str, int] = {"K": 5, "Q": 4, "R": 3, "J": 2}


class CardError(EngineError):
    """A card name the pack does not have: ``CardError(where, message)``."""


@dataclass(frozen=True)
class TarotPack:
    """A pack: its suits' ranks from the highest (red and black apart), every tarokk and the skíz."""

    name: str
    red_ranks: tuple[str, ...]
    black_ranks: tuple[str, ...]
    cards: tuple[str, ...] = field(init=False)
    _index: Mapping[str, int] = field(init=False, repr=False)
    _strength: Mapping[str, int] = field(init=False, repr=False)
    _points: Mapping[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        trumps = (*TAROKKS, SKIZ)
        suited = [s + r for s in SUITS for r in (self.red_ranks if s in RED else self.black_ranks)]
        cards = (*trumps, *suited)
        strength = {t: 100 + i for i, t in enumerate(trumps)}  # I = 100 .. SKIZ = 121
        for s in SUITS:
            ranks = self.red_ranks if s in RED else self.black_ranks
            for i, r in enumerate(ranks):
                strength[s + r] = len(ranks) - i  # within a suit only
        points = (
            {c: 1 for c in trumps}
            | {c: COURT_POINTS.get(c[1:], 1) for c in suited}
            | dict.fromkeys(HONOURS, 5)
        )
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(cards)})
        object.__setattr__(self, "_strength", strength)
        object.__setattr__(self, "_points", points)

    # --- cards ---------------------------------------------------------------------------------------
    def __contains__(self, card: object) -> bool:
        return card in self._index

    def suit(self, card: str) -> str | None:
        """The suit letter of a suit card; None for a tarokk or the skíz."""
        return None if self.is_trump(card) else card[0]

    def is_trump(self, card: str) -> bool:
        return self._strength[card] >= 100

    def points(self, card: str) -> int:
        """The card's points (5, 4, 3, 2 or 1)."""
        return self._points[card]

    def thirds(self, cards: Iterable[str]) -> int:
        """The card points of ``cards`` in thirds, counted in threes: each card's points less ⅔."""
        return sum(3 * self._points[c] - 2 for c in cards)

    def order(self, cards: Iterable[str]) -> list[str]:
        """``cards`` as a hand shows them: the trumps from the skíz down, then each suit from its top."""
        return sorted(cards, key=self._sort_key)

    def _sort_key(self, card: str) -> tuple[int, int]:
        if self.is_trump(card):
            return (0, -self._strength[card])
        return (1 + SUITS.index(card[0]), -self._strength[card])

    def parse(self, name: Any, where: str | Message = "card") -> str:
        """The card ``name`` names; ``CardError`` for anything else."""
        if type(name) is str and name in self._index:
            return name
        raise CardError(
            where, Message("unknown_card", _("%(value)s is no card of this pack"), value=shown(name))
        )

    def trumps(self, cards: Iterable[str]) -> list[str]:
        return [c for c in cards if self.is_trump(c)]

    # --- dealing -------------------------------------------------------------------------------------
    def shuffled(self, seed: int) -> list[str]:
        """The pack shuffled by ``seed`` (the same seed always gives the same order)."""
        cards = list(self.cards)
        random.Random(seed).shuffle(cards)
        return cards

    def deal(self, seed: int, sizes: Sequence[int]) -> list[list[str]]:
        """The shuffled pack cut into piles of ``sizes`` (the seats' hands and the talon, as the game says),
        each in the order dealt: a talon's order is part of the deal where a contract takes its first or
        its last cards (``order`` sorts a hand to show it); ``sizes`` must add up to the pack."""
        if sum(sizes) != len(self.cards):
            raise ValueError(f"{sum(sizes)} cards dealt from a pack of {len(self.cards)}")
        cards = self.shuffled(seed)
        piles, at = [], 0
        for n in sizes:
            piles.append(cards[at : at + n])
            at += n
        return piles

    # --- tricks --------------------------------------------------------------------------------------
    def beats(self, a: str, b: str) -> bool:
        """Whether ``a``, played after ``b``, beats it: a trump beats any suit card and a lower trump; a
        suit card beats only a lower card of its own suit (so never a card of the suit led when it is of
        another)."""
        if self.is_trump(a):
            return not self.is_trump(b) or self._strength[a] > self._strength[b]
        return not self.is_trump(b) and a[0] == b[0] and self._strength[a] > self._strength[b]

    def winner(self, trick: Sequence[str]) -> int:
        """The index in ``trick`` (the card led first) of the card that wins it."""
        best = 0
        for i in range(1, len(trick)):
            if self.beats(trick[i], trick[best]):
                best = i
        return best

    def follows(
        self,
        hand: Collection[str],
        trick: Sequence[str],
        *,
        must_trump: bool = True,
        must_overtake: bool = False,
    ) -> list[str]:
        """The cards of ``hand`` that may go to ``trick`` (cards played so far, the lead first) under the
        common rule: follow the suit led (a trump led is followed by a trump); unable to, play a trump
        (``must_trump``); unable to, anything. ``must_overtake`` (Räuber, Bettler and the negative games of
        18.10): of the cards allowed, one that beats the trick so far when there is one."""
        if not trick:
            return self.order(hand)
        led = trick[0]
        lead_suit = self.suit(led)
        allowed = [
            c for c in hand if self.suit(c) == lead_suit and (lead_suit is not None or self.is_trump(c))
        ]
        if not allowed and must_trump:
            allowed = self.trumps(hand)
        if not allowed:
            allowed = list(hand)
        if must_overtake:
            best = trick[self.winner(trick)]
            higher = [c for c in allowed if self.beats(c, best)]
            if higher:
                allowed = higher
        return self.order(allowed)


#: the 54-card pack of Königrufen, Cego, Slovenian tarok and Texas Tarock (18.10, 17.3, 18.14, 19.16)
PACK_54 = TarotPack("54", red_ranks=(*COURTS, "A", "2", "3", "4"), black_ranks=(*COURTS, "10", "9", "8", "7"))
#: the 42-card pack of Hungarian tarokk: the red suits keep the ace, the black the 10 (Talon for three keeps
#: the 10 of every suit: ``TarotPack("42-talon", (*COURTS, "10"), (*COURTS, "10"))``)
PACK_42 = TarotPack("42", red_ranks=(*COURTS, "A"), black_ranks=(*COURTS, "10"))
#: the 78-card French-suited pack of Talon (talon.txt 1.1): every suit K..J, 10 down to the ace
_PIPS_78 = ("10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
PACK_78 = TarotPack("78", red_ranks=(*COURTS, *_PIPS_78), black_ranks=(*COURTS, *_PIPS_78))

__all__ = [
    "BLACK",
    "HONOURS",
    "MOND",
    "PACK_42",
    "PACK_54",
    "PACK_78",
    "PAGAT",
    "RED",
    "SKIZ",
    "SUITS",
    "TAROKKS",
    "CardError",
    "TarotPack",
]
