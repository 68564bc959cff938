"""The rule bot of three-handed Slovenian tarok: ``rule_move(hand, rng)``, the code it sends for the seat to
move, decided from what that seat may know (its cards, the talon as shown, its own discard, the cards
played, the auction and the announcements).

Its tactics, the common ones of the game (pagat "Strategy" and the three-handed game's practice):

* bidding from the hand's strength: taroks, the trula, high taroks, kings, voids and short suits; Berač
  from a hand of low cards; the first bidder's forced Trojka, then Klop from a weak hand when both others
  passed (16.8 Bled);
* the talon group worth most to the hand (taroks, kings, points; the Mond never left behind), and a discard
  that voids a short suit, keeps the taroks and never touches a king or a trula card (the rules forbid it);
* Trula / Kralji announced when held, Pagat ultimo from a long tarok hand; kontra on a weak declarer;
* the play: lead kings early and short suits, draw taroks as a strong declarer, trump in when void, beat
  the trick cheaply when it is worth it, give points to a partner's trick, keep the Pagat for the last trick
  when Pagat ultimo is announced, keep the Mond away from the Škis, and duck in Klop and the beggars.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.tarot import MOND, PAGAT, SKIZ
from engine.slovenian.cards import KEY, KINGS, NOT_DISCARDABLE, POINTS, STRENGTH, TRUMP, beats, winner

if TYPE_CHECKING:
    from engine.slovenian.live import TarokHand

#: the strength each contract needs (``_strength``), lowest first; Berač goes by ``_beggar``
NEEDS: dict[str, float] = {
    "trojka": 14.0,
    "dvojka": 16.5,
    "enojka": 19.0,
    "solo_trojka": 20.0,  # played as Trojka, at a higher value: a stronger hand than Enojka's
    "solo_dvojka": 21.0,
    "solo_enojka": 22.0,
    "solo": 23.0,
    "barvni_valat": 99.0,
    "valat": 29.0,
}


def _strength(cards: list[str]) -> float:
    """A hand's worth for a positive game: taroks, honours, high taroks, kings and queens, short suits."""
    taroks = [c for c in cards if KEY[c] == TRUMP]
    value = 1.0 * len(taroks)
    for c in taroks:
        s = STRENGTH[c]
        if c == SKIZ:
            value += 3.5
        elif c == MOND:
            value += 3.0
        elif c == PAGAT:
            value += 0.5 if len(taroks) >= 7 else -0.5
        elif s >= 17:
            value += 0.8
    for suit in "HDCS":
        held = [c for c in cards if KEY[c] == suit]
        if not held:
            value += 2.0
        elif len(held) == 1:
            value += 1.0
        for c in held:
            if c[1] == "K":
                value += 2.0
            elif c[1] == "Q":
                value += 0.7
    return value


def _beggar(cards: list[str]) -> bool:
    """A hand fit for Berač: at most two taroks, all low, and no suit card above the jack but in a long
    suit."""
    taroks = [c for c in cards if KEY[c] == TRUMP]
    if len(taroks) > 2 or any(STRENGTH[c] > 6 for c in taroks):
        return False
    for suit in "HDCS":
        held = [c for c in cards if KEY[c] == suit]
        if any(STRENGTH[c] >= 6 for c in held) and len(held) < 6:
            return False
    return True


def _wanted(hand: TarokHand, cards: list[str]) -> list[str]:
    """The contracts the bot would play with ``cards``, lowest first."""
    playable = hand.ladder
    power = _strength(cards)
    out = [c for c, need in NEEDS.items() if c in playable and power >= need]
    if "berac" in playable and _beggar(cards):
        out.append("berac")
    return sorted(out, key=hand.ladder.index)


def rule_move(hand: TarokHand, rng: Any) -> str:
    """The rule bot's code for the seat to move."""
    phase = hand.phase
    seat: str = hand.to_move()  # type: ignore[assignment]
    if phase == "play":
        return "play " + _card(hand, seat)
    codes = hand._codes() if phase != "discard" else []
    if phase == "annul":
        return "annul"
    if phase == "bidding":
        return _bid(hand, seat, codes)
    if phase == "choose":
        wanted = _wanted(hand, hand.hands[seat])
        options = [c[5:] for c in codes]
        best = [c for c in options if c in wanted and c != "klop"]
        if best:
            return "game " + best[-1]
        return "game klop" if "klop" in options else codes[0]
    if phase == "klop_kontra":
        cards = hand.hands[seat]
        high = sum(1 for c in cards if POINTS[c] >= 3 or (KEY[c] == TRUMP and STRENGTH[c] >= 15))
        return "kontra klop" if high == 0 else "pass"
    if phase == "talon":
        return _take(hand, seat, codes)
    if phase == "discard":
        return _discard(hand, seat)
    return _announce(hand, seat, codes)


def _bid(hand: TarokHand, seat: str, codes: list[str]) -> str:
    wanted = _wanted(hand, hand.hands[seat])
    bids = [c for c in codes if c != "pass"]
    if "pass" not in codes:  # the forced opening (16.8 Bled): the lowest bid
        return bids[0]
    for code in bids:  # the cheapest bid it would play
        if code[4:] in wanted:
            return code
    return "pass"


def _take(hand: TarokHand, seat: str, codes: list[str]) -> str:
    groups = hand.groups or []
    cards = hand.hands[seat]

    def worth(group: list[str]) -> float:
        value = _strength(cards + group) - _strength(cards)
        value += sum(POINTS[c] for c in group) * 0.3
        if MOND in group:
            value += 20  # leaving the Mond in the talon costs 21 (pagat)
        return value

    best = max(range(len(groups)), key=lambda i: (worth(groups[i]), -i))
    return codes[best]


def _discard(hand: TarokHand, seat: str) -> str:
    from engine.slovenian.live import TALON_TAKEN

    n = TALON_TAKEN[hand.contract]  # type: ignore[index]
    cards = list(hand.hands[seat])
    chosen: list[str] = []
    for _ in range(n):
        counts = {s: sum(1 for c in cards if KEY[c] == s) for s in "HDCS"}
        candidates = [c for c in cards if c not in NOT_DISCARDABLE]

        pick = min(candidates, key=lambda c, counts=counts: _discard_cost(c, cards, counts))
        chosen.append(pick)
        cards.remove(pick)
    return " ".join(["discard", *chosen])


def _discard_cost(card: str, cards: list[str], counts: dict[str, int]) -> tuple[float, int]:
    """How dear a card is to discard: keep the taroks (a low one only when nothing else goes); void a short
    suit (a suit with its king is kept), its higher-pointed card first (it counts for the declarer)."""
    if KEY[card] == TRUMP:
        return (100.0 + STRENGTH[card], 0)
    kings_here = 1 if card[0] + "K" in cards else 0
    return (counts[card[0]] + 3 * kings_here, -POINTS[card])


def _announce(hand: TarokHand, seat: str, codes: list[str]) -> str:
    cards = hand.hands[seat]
    side = hand.team(seat)
    taroks = [c for c in cards if KEY[c] == TRUMP]
    for code in codes:
        head, _sep, what = code.partition(" ")
        if head == "announce":
            if what == "trula" and all(c in cards for c in (SKIZ, MOND, PAGAT)):
                return code
            if what == "kralji" and all(k in cards for k in KINGS):
                return code
            if what == "pagat_ultimo" and side == "declarer" and len(taroks) >= 10 and SKIZ in cards:
                return code
        elif (
            code == "kontra game"
            and side == "opponents"
            and len(taroks) >= 9
            and SKIZ in cards
            and MOND in cards
            and hand.contract in ("trojka", "dvojka")
        ):
            return code
    return "pass"


# --- the play ---------------------------------------------------------------------------------------------
def _card(hand: TarokHand, seat: str) -> str:
    legal = hand._legal_cards(seat)
    if len(legal) == 1:
        return legal[0]
    contract = hand.contract
    play = hand.play
    trick = play.trick  # type: ignore[union-attr]
    if contract == "klop":
        return _duck(legal, trick, want_win=False)
    if contract in ("berac", "odprti_berac"):
        if seat == hand.declarer:
            return _duck(legal, trick, want_win=False)
        return _against_beggar(hand, seat, legal, trick)
    return _positive(hand, seat, legal, trick)


def _best(trick: list[tuple[str, str]], colour: bool = False) -> tuple[str, str]:
    cards = tuple(c for _s, c in trick)
    return trick[winner(cards, colour)]


def _low(cards: list[str]) -> str:
    """The cheapest card to give away: fewest points, then the lowest."""
    return min(cards, key=lambda c: (POINTS[c], KEY[c] == TRUMP, STRENGTH[c]))


def _duck(legal: list[str], trick: list[tuple[str, str]], want_win: bool) -> str:
    """Klop and the declarer's beggar: stay under the trick if possible (the highest card that does), else
    take it with the highest card (it is lost anyway)."""
    if not trick:
        # lead the lowest card of a suit, a tarok only when nothing else
        suits = [c for c in legal if KEY[c] != TRUMP]
        pool = suits or legal
        return min(pool, key=lambda c: (STRENGTH[c], POINTS[c]))
    best = _best(trick)[1]
    under = [c for c in legal if not beats(c, best)]
    if under:
        return max(under, key=lambda c: (STRENGTH[c] if KEY[c] == KEY[best] else POINTS[c] * 10, POINTS[c]))
    if len(trick) == 2:
        return max(legal, key=lambda c: (POINTS[c], STRENGTH[c]))  # the trick is ours: shed the points
    return max(legal, key=lambda c: STRENGTH[c])


def _against_beggar(hand: TarokHand, seat: str, legal: list[str], trick: list[tuple[str, str]]) -> str:
    """Make the beggar take a trick: lead low, stay under his card, never beat it for him."""
    declarer = hand.declarer
    if not trick:
        return min(legal, key=lambda c: (STRENGTH[c], KEY[c] == TRUMP))
    by, best = _best(trick)
    if by == declarer:
        under = [c for c in legal if not beats(c, best)]
        if under:
            return max(under, key=lambda c: STRENGTH[c])
    return min(legal, key=lambda c: STRENGTH[c])


def _seen(hand: TarokHand) -> set[str]:
    play = hand.play
    out = {c for _l, cards, _w in play.tricks for c in cards}  # type: ignore[union-attr]
    out.update(c for _s, c in play.trick)  # type: ignore[union-attr]
    return out


def _positive(hand: TarokHand, seat: str, legal: list[str], trick: list[tuple[str, str]]) -> str:
    colour = hand.contract == "barvni_valat"
    side = hand.team(seat)
    mine = hand.play.hands[seat]  # type: ignore[union-attr]
    seen = _seen(hand)
    keep_pagat = hand.announced.get("pagat_ultimo") == side and PAGAT in mine and len(mine) > 1
    pool = [c for c in legal if c != PAGAT] if keep_pagat and len(legal) > 1 else legal
    skis_out = SKIZ not in seen and SKIZ not in mine
    if skis_out and MOND in pool and len(pool) > 1:
        pool = [c for c in pool if c != MOND]  # keep the Mond away from an outstanding Škis
    if not trick:
        return _lead(hand, seat, pool, mine, seen)
    by, best = _best(trick, colour)
    friend = hand.team(by) == side and by != seat
    last = len(trick) == 2
    if friend:
        safe = (
            last
            or (KEY[best] == TRUMP and STRENGTH[best] >= 19)
            or (KEY[best] != TRUMP and best[1] == "K" and KEY[best] == KEY[trick[0][1]])
        )
        if safe:  # give points to the partner's trick
            unbeating = [c for c in pool if not beats(c, best, colour) and c not in (SKIZ, MOND, PAGAT)]
            if unbeating:
                return max(unbeating, key=lambda c: (POINTS[c], -STRENGTH[c]))
        return _low(pool)
    winners = [c for c in pool if beats(c, best, colour)]
    if winners:
        points = sum(POINTS[c] for _s, c in trick)
        cheapest = min(winners, key=lambda c: (KEY[c] == TRUMP, STRENGTH[c]))
        if last or points >= 5 or KEY[cheapest] != TRUMP:
            if not last and KEY[cheapest] == TRUMP:  # a third player still to come: win it well
                high = [c for c in winners if KEY[c] == TRUMP and STRENGTH[c] >= 15 and c != MOND]
                if high and points >= 5:
                    return min(high, key=lambda c: STRENGTH[c])
            return cheapest
    return _low(pool)


def _lead(hand: TarokHand, seat: str, pool: list[str], mine: list[str], seen: set[str]) -> str:
    taroks = [c for c in pool if KEY[c] == TRUMP]
    out_taroks = 22 - sum(1 for c in seen if KEY[c] == TRUMP) - sum(1 for c in mine if KEY[c] == TRUMP)
    if hand.team(seat) == "declarer" and taroks and out_taroks > 0 and len(taroks) * 2 >= len(mine):
        return max(taroks, key=lambda c: STRENGTH[c]) if SKIZ in taroks or MOND in taroks else taroks[0]
    kings = [c for c in pool if KEY[c] != TRUMP and c[1] == "K"]
    if kings:
        return kings[0]
    suits = [c for c in pool if KEY[c] != TRUMP]
    if suits:
        counts = {s: sum(1 for c in mine if KEY[c] == s) for s in "HDCS"}
        return min(suits, key=lambda c: (counts[c[0]], POINTS[c], STRENGTH[c]))
    return min(pool, key=lambda c: STRENGTH[c])
