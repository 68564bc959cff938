"""The cards and the play of Königrufen, precomputed for speed: each card's suit, strength and points in
thirds, who may play what to a trick and who wins it.

Sources (cited where each rule is applied):
- Dummett & McLeod, supplement 18.10 (/work/shared/rules/dummett-mcleod-supplement.txt): the Kaiserstich
  ("the Pagat beats the Sküs and Mond when all three cards are played to the same trick ... in Farbensolo
  and Farbendreier the Pagat only wins the trick if a trump was led"); Trischaken "Tarock von oben
  hinunter" (a player with Tarocks must always lead his highest; the others "head the trick if able to").
- ebepe.com, "Kings Tarock" (http://ebepe.com/html/tarock_e.html, sections 2 and 3): follow suit; void,
  play a Tarock; without one, anything; no obligation to win the trick but in the negative games.
- tarock-konigrufen8.webnode.at, "Farben-Dreier" (https://tarock-konigrufen8.webnode.at/farben-dreier):
  in a colour game the tarocks lose their power over the suits ("sie sind einfach die fünfte Farbe"); a
  player void in the suit led must still play a tarock; suit cards are led while one has them (also
  https://tarockapp.at/, "Farbendreier": "Man darf keine Tarock ausspielen, solange man noch Farbkarten
  hat"); the remark "Der Pagat muss nicht als letztes Tarock gespielt werden" there is the source of the
  Pagat-last rule of the negative games and Trischaken (``Rules.pagat_last_negative``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.tarot import MOND, PACK_54, PAGAT, SKIZ, TAROKKS

PACK = PACK_54
CARDS: tuple[str, ...] = PACK.cards
#: each card's points counted in threes: its points less two thirds (``engine.core.thirds``)
THIRDS: dict[str, int] = {c: 3 * PACK.points(c) - 2 for c in CARDS}
POINTS: dict[str, int] = {c: PACK.points(c) for c in CARDS}
TAROCK: dict[str, bool] = {c: PACK.is_trump(c) for c in CARDS}
#: the suit letter of a suit card, "T" for a tarock (the colour games' fifth suit)
SUIT: dict[str, str] = {c: ("T" if PACK.is_trump(c) else c[0]) for c in CARDS}
_TRUMPS = (*TAROKKS, SKIZ)
STRENGTH: dict[str, int] = {t: 100 + i for i, t in enumerate(_TRUMPS)}
for _s in ("H", "D", "C", "S"):
    _ranks = PACK.red_ranks if _s in ("H", "D") else PACK.black_ranks
    for _i, _r in enumerate(_ranks):
        STRENGTH[_s + _r] = len(_ranks) - _i
KINGS: tuple[str, ...] = ("HK", "DK", "CK", "SK")
QUEENS: tuple[str, ...] = ("HQ", "DQ", "CQ", "SQ")
HONOURS: frozenset[str] = frozenset((PAGAT, MOND, SKIZ))
#: the bird of each bonus and the trick (0-based, of 12) it must win: the last, the last but one ...
BIRD_CARD: dict[str, str] = {"pagat": "I", "uhu": "II", "kakadu": "III", "quapil": "IV"}
BIRD_TRICK: dict[str, int] = {"pagat": 11, "uhu": 10, "kakadu": 9, "quapil": 8}
#: the suits' names as the messages say them
SUIT_NAMES: dict[str, str] = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades", "T": "tarocks"}


#: each card's place in a hand as ``PACK.order`` sorts it (the trumps from the Sküs down, then each suit)
_PLACE: dict[str, int] = {c: i for i, c in enumerate(PACK.order(CARDS))}


def order(cards: Sequence[str]) -> list[str]:
    """``cards`` in hand order (``PACK.order``, by a precomputed key)."""
    return sorted(cards, key=_PLACE.__getitem__)


def beats(a: str, b: str, colour: bool) -> bool:
    """Whether ``a`` played after ``b`` beats it; in a colour game (``colour``) a tarock beats only a lower
    tarock (the tarocks are a fifth suit)."""
    if TAROCK[a]:
        if TAROCK[b]:
            return STRENGTH[a] > STRENGTH[b]
        return not colour
    return not TAROCK[b] and a[0] == b[0] and STRENGTH[a] > STRENGTH[b]


def winner_index(cards: Sequence[str], colour: bool, kaiserstich: bool) -> int:
    """The index of the card that wins ``cards`` (the lead first), with the Kaiserstich (18.10)."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], colour):
            best = i
    all_three = SKIZ in cards and MOND in cards and PAGAT in cards
    if kaiserstich and all_three and (not colour or TAROCK[cards[0]]):
        return cards.index(PAGAT)
    return best


def thirds_of(cards: Sequence[str]) -> int:
    return sum(THIRDS[c] for c in cards)


__all__ = [
    "BIRD_CARD",
    "BIRD_TRICK",
    "CARDS",
    "HONOURS",
    "KINGS",
    "PACK",
    "POINTS",
    "QUEENS",
    "STRENGTH",
    "SUIT",
    "SUIT_NAMES",
    "TAROCK",
    "THIRDS",
    "beats",
    "order",
    "thirds_of",
    "winner_index",
]
