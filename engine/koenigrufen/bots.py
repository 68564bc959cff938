"""The rule bot of Königrufen: plain, legal and sensible, from what its seat may know (its own cards, the
table's public information; the partner only once public or when it is the partner itself).

- Bidding from hand strength: tarocks, the high tarocks (XVI and up), honours, Kings and voids; the weakest
  hands try a negative contract, the first player with a poor hand a Trischaken. A further declarer joins
  a negative contract (LK's simultaneous ones) only with a hand fit for it: no high tarock, no King, few
  court cards (``negative_fit``).
- Kontra of a Trischaken: a player whose hand holds little that wins tricks (no Sküs or Mond, at most one
  high tarock, few Kings and court cards) expects someone else to be the loser and doubles.
- Calling a King it lacks, in the suit where it holds most cards (the partner's King then wins a trick of
  it); the talon half with the most tarocks and points; discards that void a suit and bank points.
- Play: trump in when void, schmier points onto a trick the partner holds, win cheaply what is worth it,
  keep the Pagat for the last trick, duck in negative contracts and Trischaken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.koenigrufen.play import (
    BIRD_CARD,
    KINGS,
    POINTS,
    STRENGTH,
    SUIT,
    TAROCK,
    THIRDS,
    beats,
    order,
)
from engine.koenigrufen.rules import CALLING, NEGATIVE

if TYPE_CHECKING:
    from engine.koenigrufen.live import KoenigrufenHand


def strength(hand: list[str]) -> dict[str, int]:
    tarocks = [c for c in hand if TAROCK[c]]
    suits = {s: [c for c in hand if SUIT[c] == s] for s in "HDCS"}
    return {
        "tarocks": len(tarocks),
        "high": sum(1 for c in tarocks if STRENGTH[c] >= 115),  # XVI and up
        "honours": sum(1 for c in hand if c in ("I", "XXI", "SKIZ")),
        "kings": sum(1 for k in KINGS if k in hand),
        "voids": sum(1 for s in suits.values() if not s),
        "courts": sum(1 for c in hand if not TAROCK[c] and c[1] in "KQ"),
        "low_tarocks": sum(1 for c in tarocks if STRENGTH[c] < 108),  # I..VIII
    }


def _wish(hand: list[str], first: bool) -> list[str]:
    """The contracts the hand would play, best first."""
    s = strength(hand)
    t, high, kings, voids = s["tarocks"], s["high"], s["kings"], s["voids"]
    out = []
    if t >= 12 and high >= 6:
        out.append("solodreier")
    if t >= 10 and high >= 4 and voids >= 1:
        out.append("dreier")
    if t <= 3 and kings >= 3 and s["courts"] >= 6:
        out.append("farbendreier")
    if t >= 9 and high >= 4 and kings >= 1:
        out.append("solorufer")
    if t >= 8 and "I" in hand and high >= 3:
        out.append("pagatrufer")
    if t <= 2 and s["courts"] <= 1 and s["high"] == 0 and not kings:
        out.append("bettler")
    if t <= 3 and s["courts"] <= 2 and s["high"] == 0 and not kings:
        out.append("piccolo")
    return out


def negative_fit(hand: list[str]) -> list[str]:
    """The negative contracts ``hand`` could play, the dearest first: Bettler with no trick to fear,
    Piccolo with one to spare, Zwiccolo with two."""
    s = strength(hand)
    t, high, kings, courts = s["tarocks"], s["high"], s["kings"], s["courts"]
    out = []
    if t <= 2 and courts <= 1 and high == 0 and not kings:
        out.append("bettler")
    if t <= 3 and courts <= 2 and high == 0 and not kings:
        out.append("piccolo")
    if t <= 4 and courts <= 3 and high <= 1 and kings <= 1 and "XXI" not in hand and "SKIZ" not in hand:
        out.append("zwiccolo")
    return out


def _join(hand: KoenigrufenHand, seat: str, codes: tuple[str, ...]) -> str:
    for contract in negative_fit(hand.hands[seat]):
        code = "join " + contract
        if code in codes:
            return code
    return "pass"


def _trischaken_safe(cards: list[str]) -> bool:
    """A Trischaken hand unlikely to take the most points: nothing that must win a trick."""
    s = strength(cards)
    return (
        s["high"] <= 1 and "XXI" not in cards and "SKIZ" not in cards and s["kings"] <= 1 and s["courts"] <= 3
    )


def _bid(hand: KoenigrufenHand, seat: str, codes: tuple[str, ...]) -> str:
    cards = hand.hands[seat]
    first = seat == hand.seats[0]
    for contract in _wish(cards, first):
        code = "bid " + contract
        if code in codes:
            return code
    if "hold" in codes:
        bid = hand.rules.bid_order[hand.high]
        if bid in _wish(cards, first):
            return "hold"
    if "mein spiel" in codes:
        return "mein spiel"
    return "pass"


def _contract(hand: KoenigrufenHand, seat: str, codes: tuple[str, ...]) -> str:
    cards = hand.hands[seat]
    s = strength(cards)
    for contract in _wish(cards, True):
        if "bid " + contract in codes:
            return "bid " + contract
    if s["tarocks"] >= 9 and s["high"] >= 4 and "bid sechserdreier" in codes:
        return "bid sechserdreier"
    if s["tarocks"] <= 3 and s["high"] == 0 and "bid trischaken" in codes:
        return "bid trischaken"
    if "bid rufer" in codes:
        return "bid rufer"
    return codes[0]


def _call(hand: KoenigrufenHand, seat: str, codes: tuple[str, ...]) -> str:
    cards = hand.hands[seat]
    best, best_key = codes[0], None
    for code in codes:
        card = code[5:]
        if card in cards:
            continue
        length = sum(1 for c in cards if SUIT[c] == card[0])
        key = (card in KINGS, 0 < length <= 3, length)
        if best_key is None or key > best_key:
            best, best_key = code, key
    return best


def _talon(hand: KoenigrufenHand, seat: str) -> str:
    def value(cards: tuple[str, ...]) -> int:
        score = sum(4 if TAROCK[c] else 0 for c in cards) + sum(POINTS[c] for c in cards)
        if hand.called in cards:
            score -= 6  # taking the called King means playing alone
        return score

    return "take 1" if value(hand.talon[:3]) >= value(hand.talon[3:]) else "take 2"


def _discard(hand: KoenigrufenHand, seat: str) -> str:
    first, second = hand._discard_classes()
    n = hand._taken()
    cards = hand.hands[seat]
    lengths = {s: sum(1 for c in cards if SUIT[c] == s) for s in "HDCST"}
    if len(first) >= n:
        pool = sorted(first, key=lambda c: (lengths[SUIT[c]], -POINTS[c], STRENGTH[c]))
        chosen = pool[:n]
    else:
        rest = sorted(second, key=lambda c: STRENGTH[c])
        chosen = first + rest[: n - len(first)]
    return " ".join(["discard", *order(chosen)])


def _announce(hand: KoenigrufenHand, seat: str, codes: tuple[str, ...]) -> str:
    cards = hand.hands[seat]
    if hand.contract == "trischaken":  # 16.19: Kontra (the others), Retour (the first player)
        return "kontra game" if "kontra game" in codes and _trischaken_safe(cards) else "pass"
    s = strength(cards)
    team = hand.team(seat)
    if "announce trull" in codes and all(c in cards for c in ("I", "XXI", "SKIZ")):
        return "announce trull"
    if "announce pagat" in codes and s["tarocks"] >= 10 and s["high"] >= 4 and team == "declarer":
        return "announce pagat"
    if "kontra game" in codes and team == "opponents" and s["tarocks"] >= 9 and s["high"] >= 4:
        return "kontra game"
    return "pass"


def _allies(hand: KoenigrufenHand, seat: str) -> set[str]:
    """The seats ``seat`` knows to be on its side."""
    declarer = hand.declarer
    if hand.contract == "trischaken" or hand.contract in NEGATIVE:
        if seat == declarer:
            return {seat}
        return {s for s in hand.seats if s != declarer}
    if seat == declarer:
        return {seat, hand.partner} if hand.partner_public and hand.partner else {seat}
    if seat == hand.partner:
        return {seat, declarer}  # type: ignore[arg-type]
    if hand.partner_public or hand.contract not in CALLING:
        return {s for s in hand.seats if hand.team(s) == "opponents"}
    return {seat}


def _play(hand: KoenigrufenHand, seat: str) -> str:
    allowed = hand.allowed(seat)
    if len(allowed) == 1:
        return "play " + allowed[0]
    contract = hand.contract
    trick = hand.trick
    cards = hand.hands[seat]
    colour = hand.colour
    left = len(cards)
    if contract == "trischaken" or contract in NEGATIVE:
        return "play " + _duck(hand, seat, allowed)
    # keep the Pagat (and an announced bird) for the last trick
    keep = [c for c in allowed if c != "I" or left == 1]
    if keep and left > 1:
        allowed = keep
    if not trick:
        # lead: cash a King of a suit nobody has trumped yet, else a low tarock or the lowest suit card
        kings = [c for c in allowed if c in KINGS and c != hand.called]
        if kings:
            return "play " + kings[0]
        suits = [c for c in allowed if not TAROCK[c]]
        if hand.team(seat) == "declarer" and sum(1 for c in cards if TAROCK[c]) >= 7:
            tarocks = [c for c in allowed if TAROCK[c]]
            if tarocks:
                return "play " + max(tarocks, key=STRENGTH.__getitem__)
        if suits:
            return "play " + min(suits, key=lambda c: (POINTS[c], STRENGTH[c]))
        return "play " + min(allowed, key=STRENGTH.__getitem__)
    best_seat, best_card = trick[hand.best]
    allies = _allies(hand, seat)
    last = len(trick) == hand.trick_size - 1
    if best_seat in allies and (
        last or (TAROCK[best_card] and STRENGTH[best_card] >= 116) or best_card in KINGS
    ):
        # schmier: give the partner's trick the most points, not a high tarock
        return "play " + max(allowed, key=lambda c: (POINTS[c] if not TAROCK[c] else 0, -STRENGTH[c]))
    winning = [c for c in allowed if beats(c, best_card, colour)]
    points = sum(POINTS[c] for _s, c in trick)
    if winning and (last or points >= 4 or (TAROCK[trick[0][1]] is False and not TAROCK[best_card])):
        return "play " + min(winning, key=lambda c: (STRENGTH[c] if TAROCK[c] else 0, POINTS[c], STRENGTH[c]))
    losing = [c for c in allowed if c not in winning] or allowed
    return "play " + min(losing, key=lambda c: (POINTS[c], STRENGTH[c]))


def _duck(hand: KoenigrufenHand, seat: str, allowed: list[str]) -> str:
    """Negative contracts and Trischaken: stay under the trick, shed high and heavy cards."""
    trick = hand.trick
    colour = hand.colour
    declarer = hand.declarer
    declarers = {declarer, *hand.owners.values()} if hand.owners else {declarer}
    if hand.contract in NEGATIVE and seat not in declarers:
        # the opponents want a declarer to take a trick: lowest cards, keep the low ones to duck under
        if trick and trick[hand.best][0] in declarers:
            under = [c for c in allowed if not beats(c, trick[hand.best][1], colour)]
            if under:
                return max(under, key=lambda c: (THIRDS[c], STRENGTH[c]))
        return min(allowed, key=STRENGTH.__getitem__)
    if not trick:
        return min(allowed, key=lambda c: STRENGTH[c] if TAROCK[c] else STRENGTH[c] - 50)
    best = trick[hand.best][1]
    under = [c for c in allowed if not beats(c, best, colour)]
    if under:
        return max(under, key=lambda c: (THIRDS[c], STRENGTH[c]))
    return min(allowed, key=lambda c: (THIRDS[c], STRENGTH[c]))


def rule_move(hand: KoenigrufenHand, rng: Any) -> str:
    """The rule bot's code for the seat to move."""
    seat: str = hand.to_move()  # type: ignore[assignment]
    phase = hand.phase
    if phase == "play":
        return _play(hand, seat)
    codes = hand.codes_now()
    if phase == "auction":
        return _bid(hand, seat, codes)
    if phase == "contract":
        return _contract(hand, seat, codes)
    if phase == "join":
        return _join(hand, seat, codes)
    if phase == "call":
        return _call(hand, seat, codes)
    if phase == "talon":
        return _talon(hand, seat)
    if phase == "discard":
        return _discard(hand, seat)
    if phase == "announcements":
        return _announce(hand, seat, codes)
    return codes[0]


__all__ = ["BIRD_CARD", "negative_fit", "rule_move", "strength"]
