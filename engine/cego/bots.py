"""The rule bot of live Cego (``CegoHand.rule_bot``): it decides from what its seat may know (its own cards,
the auction, the cards shown and played), never from another seat's hand or the Blinde unseen.

- The first round: a Solo from the number of Trocks, the high Trocks (XVII and up), the Kings and the void
  suits; Ulti with the Trock 1 and many Trocks; Solodu with nothing but Trocks and the top ones; Bettel and
  Piccolo (four-handed specials) with low cards only (one high card for Piccolo).
- The Blinde: the declarer's Legage counts for him, so a hand rich in card points bids, the higher
  contracts needing more; Vorhand's compulsory Cego, and a Räuber instead of it with a poor hand.
- Keeping and laying away: keep the best Trock in Cego; lay away the short suits' cards, the high points
  first (they are safe in the Legage), never a Trock while a suit card may go.
- The play: win a trick cheaply when last to play, take it with a master card, give points to a partner's
  trick that will stand, throw the cheapest card when the trick is lost, trump when void (the rules force
  it); in Piccolo and Bettel the declarer ducks with his highest card that does not win, the defenders
  keep him on top; in the Räuber everybody ducks and throws his points into others' tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.cego import play as P

if TYPE_CHECKING:
    from engine.cego.live import CegoHand

RANK, POINTS, SUIT, TROCKS = P.RANK, P.POINTS, P.SUIT, P.TROCKS


def _trocks(cards: Sequence[str]) -> list[str]:
    return [c for c in cards if c in TROCKS]


def _voids(cards: Sequence[str]) -> int:
    return 4 - len({SUIT[c] for c in cards if SUIT[c] is not None})


def _points(cards: Sequence[str]) -> int:
    return P.rounded(P.pile_thirds(cards))


def special_wish(cards: Sequence[str], hand_size: int) -> list[str]:
    """The special contracts this hand would play, best first."""
    trocks = _trocks(cards)
    high = sum(1 for c in trocks if RANK[c] >= 17)
    kings = sum(1 for c in cards if c in P.KINGS)
    strength = len(trocks) + 0.5 * high + 0.5 * kings + 0.7 * _voids(cards)
    wish = []
    if len(trocks) >= hand_size - 1 and P.SKIZ in cards and P.MOND in cards and high >= 5:
        wish.append("solodu")
    if P.PAGAT in cards and len(trocks) >= hand_size - 4 and high >= 3:
        wish.append("ulti")
    high_cards = [c for c in cards if RANK[c] >= (8 if c in TROCKS else 5)]
    if not high_cards and len(trocks) <= 3:
        wish.append("bettel")
    if len(high_cards) == 1 and len(trocks) <= 3:
        wish.append("piccolo")
    if strength >= (11 if hand_size >= 13 else 9.5):
        wish.append("solo")
    return wish


def blind_value(cards: Sequence[str], hand_size: int) -> int:
    """What the hand's Legage is worth to a declarer of a blind contract, in card points."""
    keep = max(cards, key=lambda c: (c in TROCKS, RANK[c]))
    rest = [c for c in cards if c != keep]
    return _points(rest) + len(_trocks(cards)) // 3


def _base(hand: CegoHand) -> int:
    """The Legage's worth a blind bid wants (measured on bot hands: at three with the whole pack the
    declarer holds 16 cards for 13 and lays away 12, a strong position; with the three-handed 51 cards he
    plays the Blinde's 12 and the card he kept, and wins about half his blind contracts; at four 10 of
    his 11 go to the Legage and he plays the Blinde's 10 blind, a weak one)."""
    return 14 if hand.hand_size >= 13 else 18


def _bid(hand: CegoHand, seat: str) -> str:
    choices = [c.code for c in hand.choices()]
    cards = hand.hands[seat]
    if hand.phase == "specials":
        for contract in special_wish(cards, hand.hand_size):
            if contract in choices:
                return contract
        return "pass"
    value = blind_value(cards, hand.hand_size)
    base = _base(hand)
    bids = [c for c in choices if c != "pass"]
    if hand.high is None:  # Vorhand's compulsory bid: the highest the hand is worth, else Cego
        best = "cego"
        for contract in bids:
            if value >= base + 3 * P.BLIND.index(contract):
                best = contract
        return best
    for contract in bids:  # the lowest bid over the last, if the hand is worth it
        if value >= base + 3 * P.BLIND.index(contract):
            return contract
        break
    return "pass"


def _keep(hand: CegoHand, seat: str) -> str:
    codes = [c.code for c in hand.choices()]
    cards = hand.hands[seat]
    if hand.contract == "cego":
        best = max(cards, key=lambda c: (c in TROCKS, RANK[c], POINTS[c]))
        return f"keep {best}"
    if hand.contract == "zwei_leere":
        counts = {s: sum(1 for c in cards if c in P.EMPTY and SUIT[c] == s) for s in "HDCS"}
        return max(codes, key=lambda code: counts[code.split()[1][0]])
    return codes[0]


def _discard(hand: CegoHand, seat: str) -> str:
    choice = hand.choices()[0]
    cards = hand.hands[seat]
    length = {s: sum(1 for c in cards if SUIT[c] == s) for s in "HDCS"}
    ranked = sorted(
        choice.cards, key=lambda c: (c in TROCKS, length.get(SUIT[c] or "", 99), -POINTS[c], RANK[c])
    )
    return " ".join(["discard", *ranked[: choice.pick]])


def _team(hand: CegoHand, seat: str) -> str:
    if hand.contract == "raeuber":
        return seat
    return "declarer" if seat == hand.declarer else "defenders"


def _master(card: str, mine: Sequence[str], gone: set[str]) -> bool:
    """Whether no card outside ``mine`` and ``gone`` can beat ``card``."""
    if card in TROCKS:
        return all(RANK[t] <= RANK[card] or t in gone or t in mine for t in TROCKS)
    suit = SUIT[card]
    for c in P.CARDS:
        if c in gone or c in mine:
            continue
        if c in TROCKS or (SUIT[c] == suit and RANK[c] > RANK[card]):
            return False
    return True


def _cheap(cards: Sequence[str]) -> str:
    """The card that costs least to give away: fewest points, then lowest."""
    return min(cards, key=lambda c: (POINTS[c] + (3 if c in P.HONOURS else 0), c in TROCKS, RANK[c]))


def _lowest(cards: Sequence[str]) -> str:
    return min(cards, key=lambda c: (c in TROCKS, RANK[c], POINTS[c]))


def _highest(cards: Sequence[str]) -> str:
    return max(cards, key=lambda c: (c in TROCKS, RANK[c]))


def play_card(hand: CegoHand, seat: str) -> str:
    """The card the rule bot plays for ``seat``."""
    game = hand.play
    assert game is not None
    legal = hand.legal_cards(seat)
    if len(legal) == 1:
        return legal[0]
    mine = game.hands[seat]
    trick = [c for _s, c in game.trick]
    gone = {c for _l, cards, _w in game.tricks for c in cards} | set(trick)
    contract = hand.contract
    last = len(trick) == len(hand.seats) - 1
    if not trick:
        return _lead(hand, seat, legal, mine, gone)
    best_i = P.winner(trick)
    best = trick[best_i]
    best_seat = game.trick[best_i][0]
    winners = [c for c in legal if P.beats(c, best)]
    losers = [c for c in legal if c not in winners]
    if contract == "raeuber":
        if losers:
            return max(losers, key=lambda c: (POINTS[c], RANK[c]))  # throw points into another's trick
        return _cheap(winners)
    if contract in P.NEGATIVE:
        if seat == hand.declarer:
            won = game.tricks_won()[seat]
            if contract == "piccolo" and won == 0 and winners and len(mine) <= 3:
                return _highest(winners)
            if losers:
                return _highest(losers)
            return _highest(winners)
        if best_seat == hand.declarer and losers:
            return _highest(losers)
        return _lowest(legal)
    partner = _team(hand, best_seat) == _team(hand, seat)
    if partner and (last or _master(best, mine, gone)):
        keep = [c for c in legal if c not in (P.SKIZ, P.MOND)] or legal
        return max(keep, key=lambda c: (POINTS[c], -RANK[c] if c in TROCKS else RANK[c]))
    if winners:
        if last:
            return min(winners, key=lambda c: (c in TROCKS, RANK[c], POINTS[c]))
        masters = [c for c in winners if _master(c, mine, gone)]
        if masters:
            return min(masters, key=lambda c: (c in TROCKS, RANK[c]))
        if sum(POINTS[c] for c in trick) >= 5:
            return _highest(winners)
    return _cheap(legal)


def _lead(hand: CegoHand, seat: str, legal: list[str], mine: Sequence[str], gone: set[str]) -> str:
    contract = hand.contract
    if contract == "raeuber" or (contract in P.NEGATIVE and seat == hand.declarer):
        return _lowest(legal)
    if contract in P.NEGATIVE:
        return _lowest(legal)
    trocks = _trocks(legal)
    if seat == hand.declarer:
        out = [t for t in TROCKS if t not in gone and t not in mine]
        masters = [t for t in trocks if _master(t, mine, gone)]
        if out and masters:
            return max(masters, key=RANK.__getitem__)
        suited = [c for c in legal if c not in TROCKS]
        if suited:
            length = {s: sum(1 for c in mine if SUIT[c] == s) for s in "HDCS"}
            return min(suited, key=lambda c: (length[SUIT[c] or "H"], POINTS[c], RANK[c]))
        return min(trocks, key=RANK.__getitem__)
    kings = [c for c in legal if c in P.KINGS and _master(c, mine, gone)]
    if kings:
        return kings[0]
    suited = [c for c in legal if c not in TROCKS]
    if suited:
        length = {s: sum(1 for c in mine if SUIT[c] == s) for s in "HDCS"}
        return min(suited, key=lambda c: (-length[SUIT[c] or "H"], POINTS[c], RANK[c]))
    return min(legal, key=lambda c: (POINTS[c], RANK[c]))


def _raeuber_choice(hand: CegoHand, seat: str) -> str:
    cards = hand.hands[seat]
    return "raeuber" if blind_value(cards, hand.hand_size) < _base(hand) - 3 else "cego"


def rule_move(hand: CegoHand, rng: Any) -> str:
    """The rule bot's code for the seat to move."""
    seat = hand.to_move()
    assert seat is not None
    phase = hand.phase
    if phase == "play":
        return f"play {play_card(hand, seat)}"
    if phase in ("specials", "auction"):
        return _bid(hand, seat)
    if phase == "raeuber":
        return _raeuber_choice(hand, seat)
    if phase == "keep":
        return _keep(hand, seat)
    return _discard(hand, seat)


__all__ = ["blind_value", "play_card", "rule_move", "special_wish"]
