"""The cards and the rules of play of Cego (Ichenheim), for live play: the deal, the contracts' shapes (what
the declarer keeps of his hand before taking the Blinde) and which cards a seat may play.

Sources: Dummett & McLeod supplement 17.3 (three-handed Cego at Ichenheim) and 17.4 (four-handed Cego and
its Räuber, with the erratum to the Geregelte Räuber), completed from pagat.com's Cego page
(https://www.pagat.com/tarot/cego.html: "Players", "Deal", "The Games", "The Play") and David Parlett's
Penguin Book of Card Games (Cego: "One Blank", "Two Blanks", "Two Different", "Cego for three"). Where
these are silent the choice is marked ``choice:`` here, and is an option of ``engine.cego.rules.Rules``
where the play can sensibly go either way.

Cards are ``engine.core.tarot``'s names (``PACK_54``): the Trocks I..XXI and the Gstieß ``SKIZ``; suit
cards are the suit letter and the rank, the empty cards (Brettli) the red A, 2, 3, 4 and black 10, 9, 8, 7.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.tarot import COURTS, MOND, PACK_54, PAGAT, SKIZ
from engine.core.trickhand import TrickPlay

PACK = PACK_54
CARDS: tuple[str, ...] = PACK.cards
#: the suit letter of a suit card; None for a Trock
SUIT: dict[str, str | None] = {c: PACK.suit(c) for c in CARDS}
TROCKS: frozenset[str] = frozenset(c for c in CARDS if SUIT[c] is None)
POINTS: dict[str, int] = {c: PACK.points(c) for c in CARDS}
#: the empty cards (Brettli): the pips, worth no more than a card
EMPTY: frozenset[str] = frozenset(c for c in CARDS if SUIT[c] is not None and c[1:] not in COURTS)
KINGS: frozenset[str] = frozenset(c for c in CARDS if SUIT[c] is not None and c[1:] == "K")
HONOURS: frozenset[str] = frozenset((SKIZ, MOND, PAGAT))
#: a Trock's rank (I = 1 .. XXI = 21, SKIZ 22); a suit card's rank within its suit (1 the lowest)
RANK: dict[str, int] = {}
for _i, _c in enumerate(CARDS[:22]):
    RANK[_c] = _i + 1
for _c in CARDS[22:]:
    _same = [d for d in CARDS[22:] if d[0] == _c[0]]
    RANK[_c] = len(_same) - _same.index(_c)
#: how a card ranks in a trick: a Trock 100 + its rank, a suit card its rank within the suit
STRENGTH: dict[str, int] = {c: (100 + RANK[c]) if c in TROCKS else RANK[c] for c in CARDS}
#: the order a hand is shown in (``TarotPack.order``)
ORDER: dict[str, int] = {c: i for i, c in enumerate(PACK.order(CARDS))}

#: the contracts the first round of bidding offers (17.3: Ulti and Solodu "can be bid instead of Solo in
#: the first round of bidding"; 17.4: Piccolo, Bettel and Ulti), lowest first. choice: the texts give no
#: order among them; this one follows their values (Solo's multiplier 1, Piccolo 10, Bettel 15, Ulti 20,
#: Solodu 64)
SPECIALS: tuple[str, ...] = ("solo", "piccolo", "bettel", "ulti", "solodu")
#: the contracts played with the Blinde, bid in the second round, lowest first (pagat "The Games"; the
#: multipliers of ``Rules`` rise in this order). Vorhand's bid of Cego is compulsory (17.4: "the first
#: player's compulsory bid of Cego")
BLIND: tuple[str, ...] = ("cego", "eine_leere", "zwei_leere", "zwei_verschiedene", "kleiner_mann")
#: the contracts whose declarer keeps empty cards that he shows and leads (17.3)
LEERE: frozenset[str] = frozenset(("eine_leere", "zwei_leere", "zwei_verschiedene"))
#: the contracts won or lost by tricks, not card points
FIXED: frozenset[str] = frozenset(("ulti", "solodu", "piccolo", "bettel"))
NEGATIVE: frozenset[str] = frozenset(("piccolo", "bettel"))


#: the cards the three-handed game of 51 cards takes out: the diamond 4 and the black 7s, the lowest empty
#: card of three suits (de.wikipedia "Cego", 2004 version, "Geben": "bei drei Spielern werden die Karo 4
#: die Pik 7 und die Kreuz 7 aus dem Spiel genommen"; ``engine.cego.rules.Rules.three_handed_pack``)
STRIPPED: tuple[str, ...] = ("D4", "C7", "S7")
#: the cards of each pack, in ``CARDS`` order
PACKS: dict[str, tuple[str, ...]] = {"54": CARDS, "51": tuple(c for c in CARDS if c not in STRIPPED)}


def shape(active: int, pack: str = "54") -> tuple[int, int]:
    """The hand size and the Blinde's size with ``active`` players dealt ``pack`` ("54" or "51" cards).

    Four: 11 each and 10 to the Blinde (pagat "Deal"; 17.4 gives the Blinde to the last trick of a Räuber).
    Three: 13 each (every text that gives the three-handed deal), the rest to the Blinde: 12 of the 51 cards
    (de.wikipedia "Cego", 2004 version, "Geben"; the default, ``Rules.three_handed_pack``), 15 of the whole
    pack, the declarer who takes them discarding down to 13 (``keeps``).
    """
    hand = 11 if active == 4 else 13
    return hand, len(PACKS[pack]) - active * hand


def deal(seed: int, active: int, pack: str = "54") -> tuple[list[list[str]], list[str]]:
    """The hands of ``active`` players (Vorhand first) and the Blinde, ``pack`` shuffled by ``seed``.

    The pack is put in the order of one random key per card (``random.Random(seed)``, drawn in the pack's
    order): the same seed always gives the same deal, at a third of the cost of ``random.shuffle``
    (replays deal every hand again)."""
    key = random.Random(seed).random
    cards = sorted(PACKS[pack], key=lambda _c: key())
    hand, _blinde = shape(active, pack)
    hands = [cards[i * hand : (i + 1) * hand] for i in range(active)]
    return hands, cards[active * hand :]


def keeps(contract: str) -> int:
    """How many cards of his own hand the declarer of a blind contract keeps (pagat "The Games"; Parlett
    "One Blank", "Two Blanks", "Two Different"): one in Cego, Eine Leere and Kleiner Mann, two in the
    Zwei contracts."""
    return 2 if contract in ("zwei_leere", "zwei_verschiedene") else 1


def keep_options(contract: str, hand: Sequence[str]) -> list[tuple[str, ...]]:
    """What the declarer of ``contract`` may keep of ``hand``, each in hand order.

    Cego: any one card. Eine Leere: one genuine empty card (17.3: "must be genuine empty cards (Brettli)",
    so no court card named empty as Parlett allows); Zwei Leere: two empty cards of one suit; Zwei
    Verschiedene: two empty cards of different suits; Kleiner Mann (not an Ichenheim contract): choice: the
    Trock 1, the "kleiner Mann" itself."""
    ordered = sorted(hand, key=ORDER.__getitem__)
    if contract == "cego":
        return [(c,) for c in ordered]
    if contract == "kleiner_mann":
        return [(PAGAT,)] if PAGAT in hand else []
    empties = [c for c in ordered if c in EMPTY]
    if contract == "eine_leere":
        return [(c,) for c in empties]
    pairs = [(a, b) for i, a in enumerate(empties) for b in empties[i + 1 :]]
    if contract == "zwei_leere":
        return [(a, b) for a, b in pairs if a[0] == b[0]]
    if contract == "zwei_verschiedene":
        return [(a, b) for a, b in pairs if a[0] != b[0]]
    return []


def may_keep(contract: str, hand: Sequence[str], kept: tuple[str, ...]) -> bool:
    """Whether ``kept`` (in hand order) is one of ``keep_options(contract, hand)``, checked directly."""
    if len(kept) != keeps(contract) or not all(c in hand for c in kept):
        return False
    if contract == "cego":
        return True
    if contract == "kleiner_mann":
        return kept == (PAGAT,)
    if not all(c in EMPTY for c in kept):
        return False
    if contract == "eine_leere":
        return True
    a, b = kept
    if ORDER[a] >= ORDER[b]:
        return False
    return (a[0] == b[0]) == (contract == "zwei_leere") and contract in ("zwei_leere", "zwei_verschiedene")


def may_bid(contract: str, hand: Sequence[str]) -> bool:
    """Whether ``hand`` may bid ``contract``: a blind contract needs the cards it keeps, Ulti the Trock 1
    ("win the last trick with Trock I", 17.3)."""
    if contract == "cego":
        return bool(hand)
    if contract == "kleiner_mann":
        return PAGAT in hand
    if contract in BLIND:
        suits = [c[0] for c in hand if c in EMPTY]
        if contract == "eine_leere":
            return bool(suits)
        if contract == "zwei_verschiedene":
            return len(set(suits)) >= 2
        return len(suits) > len(set(suits))  # zwei_leere: two of one suit
    if contract == "ulti":
        return PAGAT in hand
    return True


def discardable(cards: Sequence[str], kept: Sequence[str], n: int) -> list[str]:
    """The cards of ``cards`` the declarer may discard after taking the Blinde (``n`` of them).

    choice: the texts say only that the declarer lays his hand away (the Legage, pagat "Introduction") and
    takes the Blinde; as in the tarot games of the supplement (18.10) he may not lay away a King or an
    honour (the Gstieß, 21 and 1), nor the empty cards he showed to lead them (17.3); a Trock laid away is
    shown to the table. Should fewer than ``n`` cards be left, the Kings and then the honours may go too."""
    shown = set(kept)
    plain = [c for c in cards if c not in shown and c not in KINGS and c not in HONOURS]
    if len(plain) >= n:
        return sorted(plain, key=ORDER.__getitem__)
    return sorted((c for c in cards if c not in shown), key=ORDER.__getitem__)


def raeuber_cards(hand: Sequence[str], trick_number: int, rule: str) -> list[str]:
    """The cards ``hand`` may play to trick ``trick_number`` (0, 1, 2) of a Räuber, before any overtaking.

    17.4 and the Geregelte Räuber erratum: "In the first three tricks all players must play Trocks if they
    can, and the Gstieß, 21 and 1 must be played to the first, second and third tricks respectively. These
    rules take priority over the normal requirement to follow suit"; an honour "that must be saved for a
    later trick" is no Trock to play now. Unable to play a Trock, a player plays a suit card but not a King
    (``rule`` "no_kings", 17.4) or an empty card ("brettli", the erratum), else what he can."""
    forced = (SKIZ, MOND, PAGAT)[trick_number]
    if forced in hand:
        return [forced]
    saved = {MOND, PAGAT} if trick_number == 0 else {PAGAT} if trick_number == 1 else set()
    trocks = [c for c in hand if c in TROCKS and c not in saved]
    if trocks:
        return trocks
    suited = [c for c in hand if c not in TROCKS]
    allowed = [c for c in suited if (c in EMPTY if rule == "brettli" else c not in KINGS)]
    return allowed or suited or list(hand)


def beats(a: str, b: str) -> bool:
    """Whether ``a`` played after ``b`` beats it (as ``TarotPack.beats``, from the tables above)."""
    sa, sb = STRENGTH[a], STRENGTH[b]
    if sa > 100:
        return sb < 100 or sa > sb
    return sb < 100 and a[0] == b[0] and sa > sb


def winner(cards: Sequence[str]) -> int:
    """The index of the card that wins the trick ``cards`` (the lead first)."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best]):
            best = i
    return best


def follows(hand: Sequence[str], trick: Sequence[str], must_overtake: bool = False) -> list[str]:
    """``TarotPack.follows(hand, trick, must_overtake=...)`` (follow the suit led, a Trock led by a Trock;
    unable to, play a Trock; unable to, anything; and, ``must_overtake``, beat the trick when one may), in
    the hand's own order."""
    if not trick:
        return list(hand)
    led = SUIT[trick[0]]
    allowed = [c for c in hand if SUIT[c] == led]
    if not allowed:
        allowed = [c for c in hand if c in TROCKS] or list(hand)
    if must_overtake:
        best = trick[winner(trick)]
        higher = [c for c in allowed if beats(c, best)]
        if higher:
            return higher
    return allowed


class CegoPlay(TrickPlay):
    """``TrickPlay`` keeping count of the cards left and the seat to move, so that a replay asks them in
    constant time."""

    def __init__(self, seats: Sequence[str], hands: dict[str, list[str]], leader: str) -> None:
        super().__init__(PACK, seats, hands, leader)
        self.left = sum(len(h) for h in self.hands.values())
        self.index = {s: i for i, s in enumerate(self.seats)}
        self.lead_at = self.index[leader]

    @property
    def done(self) -> bool:
        return self.left == 0

    def to_move(self) -> str | None:
        if self.left == 0:
            return None
        seats = self.seats
        return seats[(self.lead_at + len(self.trick)) % len(seats)]

    def play(self, seat: str, card: str) -> str | None:
        self.hands[seat].remove(card)
        self.left -= 1
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < len(self.seats):
            return None
        cards = tuple([c for _s, c in trick])
        won = trick[winner(cards)][0]
        self.tricks.append((trick[0][0], cards, won))
        self.trick = []
        self.leader = won
        self.lead_at = self.index[won]
        return won


#: a card's worth counted in threes, in thirds: three times its points less two (``TarotPack.thirds``)
THIRDS: dict[str, int] = {c: 3 * POINTS[c] - 2 for c in CARDS}


def pile_thirds(cards: Sequence[str]) -> int:
    """The card points of ``cards`` counted in threes, in thirds (``TarotPack.thirds``)."""
    return sum(map(THIRDS.__getitem__, cards))


def rounded(thirds: int) -> int:
    """A declarer's count in thirds as whole card points: choice: one card over a group of three counts
    nothing, two count a point (the nearest whole point), so the declarer's and the defenders' counts add up
    to the pack's 70 (69 with the three-handed 51 cards)."""
    whole, rest = divmod(thirds, 3)
    return whole + (rest == 2)


__all__ = [
    "BLIND",
    "CARDS",
    "EMPTY",
    "FIXED",
    "HONOURS",
    "KINGS",
    "LEERE",
    "NEGATIVE",
    "ORDER",
    "PACK",
    "PACKS",
    "POINTS",
    "RANK",
    "SPECIALS",
    "STRENGTH",
    "STRIPPED",
    "SUIT",
    "THIRDS",
    "TROCKS",
    "CegoPlay",
    "beats",
    "deal",
    "discardable",
    "follows",
    "keep_options",
    "keeps",
    "may_bid",
    "may_keep",
    "pile_thirds",
    "raeuber_cards",
    "rounded",
    "shape",
    "winner",
]
