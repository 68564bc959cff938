"""The 54-card pack as three-handed Slovenian tarok plays it, precomputed for speed: each card's key (its
suit letter, or ``T`` for a tarok), its strength within that key, its points in thirds (each card's points
less two thirds: a pile is counted in threes, pagat "Card values") and who wins a trick.

Sources: pagat.com "Slovenian Tarok" (https://www.pagat.com/tarot/sltarok.html, mirror
https://gambiter.com/cards/tarot/sltarok.html), "Cards" and "Play of the cards": the Škis is the highest
tarok; red suits rank K Q C J 1 2 3 4, black K Q C J 10 9 8 7; the three trula cards and the kings are worth
5, queens 4, cavaliers 3, jacks 2, every other card 1, counted in threes (70 in the pack); a trick holding
the Škis, the Mond and the Pagat is won by the Pagat (the "emperor's trick", ``Rules.emperor_trick``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.tarot import BLACK, HONOURS, MOND, PACK_54, PAGAT, SKIZ, SUITS, TAROKKS

PACK = PACK_54
TRUMP = "T"
#: every card of the pack, in hand order (the Škis first)
CARDS: tuple[str, ...] = tuple(PACK.order(PACK.cards))
#: card -> its key: a suit letter or ``T`` (a tarok)
KEY: dict[str, str] = {c: (TRUMP if PACK.is_trump(c) else c[0]) for c in CARDS}
#: card -> its strength within its key (taroks: I = 1 .. XXI = 21, Škis = 22; suits: 4 is 1 .. K is 8)
STRENGTH: dict[str, int] = {t: i + 1 for i, t in enumerate((*TAROKKS, SKIZ))}
for _suit in SUITS:
    _ranks = PACK.black_ranks if _suit in BLACK else PACK.red_ranks
    for _i, _r in enumerate(_ranks):
        STRENGTH[_suit + _r] = len(_ranks) - _i
#: card -> its rank in a trick: a tarok above every suit card (a suit card beats only its own suit)
RANK: dict[str, int] = {c: STRENGTH[c] + (100 if KEY[c] == TRUMP else 0) for c in CARDS}
#: card -> its points
POINTS: dict[str, int] = {c: PACK.points(c) for c in CARDS}
#: card -> its points in thirds, less two thirds (a pile's points are the sum over three, rounded)
THIRDS: dict[str, int] = {c: 3 * POINTS[c] - 2 for c in CARDS}
KINGS: tuple[str, ...] = tuple(s + "K" for s in SUITS)
TRULA: tuple[str, ...] = (SKIZ, MOND, PAGAT)
#: cards that may never be discarded: the kings and the trula (pagat "Exchange with the talon")
NOT_DISCARDABLE: frozenset[str] = frozenset((*KINGS, *HONOURS))
#: the order a hand shows its cards in
ORDER: dict[str, int] = {c: i for i, c in enumerate(CARDS)}


def pile_points(cards: Sequence[str]) -> int:
    """The card points of a pile counted in threes, rounded to the nearest whole point."""
    return (sum(THIRDS[c] for c in cards) + 1) // 3


def beats(card: str, best: str, colour: bool = False) -> bool:
    """Whether ``card`` played after ``best`` (the trick's best so far) beats it; ``colour``: a colour valat,
    where taroks win only a tarok trick."""
    k, b = KEY[card], KEY[best]
    if k == b:
        return STRENGTH[card] > STRENGTH[best]
    return k == TRUMP and not colour


def winner(cards: Sequence[str], colour: bool = False, emperor: bool = True) -> int:
    """The index of the card that wins the trick ``cards`` (the lead first)."""
    if emperor and PAGAT in cards and MOND in cards and SKIZ in cards:
        return cards.index(PAGAT)
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], colour):
            best = i
    return best


def ordered(cards: Sequence[str]) -> list[str]:
    """``cards`` in hand order."""
    return sorted(cards, key=ORDER.__getitem__)
