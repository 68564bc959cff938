"""Packs, cards and tricks as every tarot game has them: building blocks a game's own card module uses.

A tarot pack is a run of trumps (the tarokks, with the skíz/Excuse among them or apart) and four suits of
court cards and pips. Games differ in how many pips a suit keeps (Hungarian: 42 cards, 5 cards a suit;
Königrufen and Slovenian tarok: 54, 8 a suit; Cego: 54; the 78-card French pack) and in the order of the
pips in red and black suits, so a pack is described by numbers, and the rules of a trick by two functions:
which cards follow the card led, and which card beats which. A game keeps its own fast representation
(Hungarian: integers and bitmasks) and may check it against these generic rules in its tests.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

#: the suits of a tarot pack, in the order the engines number them
SUITS: tuple[str, ...] = ("hearts", "diamonds", "clubs", "spades")


@dataclass(frozen=True)
class Pack:
    """How many cards of each kind a game's pack has; ``size`` is their total."""

    name: str
    trumps: int  # tarokks, the skíz/Excuse included when it is a trump (Hungarian: I..XXI and the skíz)
    suit_cards: int  # cards in each of the four suits
    excuse_apart: bool = False  # the Excuse is not a trump (the French game), counted in ``trumps`` still

    @property
    def size(self) -> int:
        return self.trumps + len(SUITS) * self.suit_cards


def legal_follows(
    hand: Collection[int],
    led: int,
    suit_of: Callable[[int], int | None],
    must_trump: bool = True,
) -> list[int]:
    """The cards of ``hand`` that may be played to a trick led by ``led`` under the common tarot rule:
    follow the suit led (a trump lead is followed by trumps; ``suit_of`` is None for a trump); unable
    to, play a trump (``must_trump``); unable to, anything."""
    lead_suit = suit_of(led)
    same = [c for c in hand if suit_of(c) == lead_suit]
    if same:
        return same
    if must_trump:
        trumps = [c for c in hand if suit_of(c) is None]
        if trumps:
            return trumps
    return list(hand)


def trick_winner(cards: Sequence[int], beats: Callable[[int, int, int], bool]) -> int:
    """The index in ``cards`` (the first card led) of the card that wins the trick, where ``beats(a, b, led)``
    says whether card ``a`` beats card ``b`` in a trick led by ``led``."""
    best = 0
    led = cards[0]
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], led):
            best = i
    return best
