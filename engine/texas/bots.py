"""The rule bot of Texas Tarock: each decision from what its seat knows (its own cards, the cards played or
shown, the auction and the announcements), with the game's common tactics:

- bid from hand strength (trumps, high trumps and honours, Kings, voids): Prever with a very strong hand, No
  Trick with a hand that can hardly win a trick, else Povenost when it must open;
- refuse a talon card that would spoil a two-trumps or no-trumps bonus; in Prever take the first three when
  they help, else look at the second three;
- discard to void short suits (never a King or honour; a trump only when forced, the lowest);
- call a King it lacks in a suit it holds (the XIX or the highest trump it lacks);
- declare every holding it has; announce Pagat only with a long, high trump hand; Contra with a strong hand;
- play: lead winners and draw trumps with a long trump hand; as an opponent lead the called King's suit; give
  points to a trick a partner surely wins; win cheaply when it can, keeping the XXI from the Skys; dump low
  cards otherwise; keep the Pagat for the last trick; in No Trick the declarer ducks under the trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.texas.cards import KINGS, PACK_FOUR_HIGH, POINTS, QUEENS, RANKS, SUIT

if TYPE_CHECKING:
    from engine.texas.live import LiveTexas

LOW_TRUMPS = frozenset(("II", "III", "IV", "V", "VI", "VII", "VIII", "IX"))
ALL = frozenset(PACK_FOUR_HIGH.cards)
HIGH = frozenset(("XVII", "XVIII", "XIX", "XX", "XXI", "SKIZ"))


#: the strength from which the bot bids Prever (about one hand in ten has such a seat)
PREVER = 16.5


def strength(cards: list[str]) -> float:
    """A rough strength of a hand for bidding."""
    trumps = [c for c in cards if SUIT[c] == "T"]
    suits = {SUIT[c] for c in cards if SUIT[c] != "T"}
    score = len(trumps) + sum(1 for c in trumps if c in HIGH)
    score += 2 * sum(1 for c in ("XXI", "SKIZ") if c in cards)
    score += 1.5 * sum(1 for c in cards if c in KINGS) + 0.5 * sum(1 for c in cards if c in QUEENS)
    score += 1.5 * (4 - len(suits))
    return score


def weak(cards: list[str]) -> bool:
    """A hand for No Trick: hardly a card that must win a trick (no King, at most a Queen, two low trumps)."""
    trumps = [c for c in cards if SUIT[c] == "T"]
    if len(trumps) > 2 or any(c not in LOW_TRUMPS for c in trumps):
        return False
    if any(c in KINGS for c in cards) or sum(1 for c in cards if c in QUEENS) > 1:
        return False
    return sum(1 for c in cards if c[1:] == "R") <= 2


def rule_move(h: LiveTexas, rng: Any) -> str:
    seat = h.turn
    assert seat is not None
    phase = h.phase
    if phase == "auction":
        return _bid(h, seat)
    if phase == "call":
        return "call " + _call(h, seat)
    if phase == "throw":
        return "play on" if strength(h.hands[seat]) >= 22 else "throw in"
    if phase == "talon":
        return _talon(h, seat)
    if phase == "announcements":
        return _say(h, seat)
    return "play " + _card(h, seat)


def _bid(h: LiveTexas, seat: str) -> str:
    codes = h.bid_codes()
    cards = h.hands[seat]
    if "prever" in codes and strength(cards) >= PREVER:
        return "prever"
    if "no_trick" in codes and weak(cards):
        return "no_trick"
    if "pass" in codes:
        return "pass"
    return "povenost" if "povenost" in codes else codes[0]


def _call(h: LiveTexas, seat: str) -> str:
    options = h.callable_cards()
    hand = h.hands[seat]
    lacking = [c for c in options if c not in hand]
    if not lacking:
        return options[0]
    if len(lacking) == 1 or SUIT[lacking[0]] == "T":
        return lacking[0]

    # a King (or a Queen) of a suit it holds, the most points in it first
    def held(card: str) -> tuple[int, int]:
        mine = [c for c in hand if SUIT[c] == SUIT[card]]
        return (1 if mine else 0, sum(POINTS[c] for c in mine))

    return max(lacking, key=held)


def _talon(h: LiveTexas, seat: str) -> str:
    what, _s, count = h.pending
    if what == "offer":
        return "refuse"
    if what == "prever":
        first, second = h.talon[:3], h.talon[3:]
        if not h.exposed:
            return "talon first" if _worth(first) >= 5 else "talon next"
        return "talon back" if _worth(first) > _worth(second) + 4 else "talon second"
    return "discard " + " ".join(_discard(h, seat, count))


def _worth(cards: list[str]) -> int:
    return sum(3 if SUIT[c] == "T" else POINTS[c] for c in cards) + sum(3 for c in cards if c in KINGS)


def _discard(h: LiveTexas, seat: str, count: int) -> list[str]:
    free, trumps = h.discardable(seat)
    hand = h.hands[seat]
    if len(free) < count:
        keep = {h.called} if h.called else set()
        low = [c for c in reversed(trumps) if c not in keep] + [c for c in trumps if c in keep]
        return free + low[: count - len(free)]
    length = {s: sum(1 for c in hand if SUIT[c] == s) for s in "HDCS"}
    has_king = {s: any(k in hand for k in KINGS if k[0] == s) for s in "HDCS"}
    # void the shortest suits without a King first; within a suit the most points first (they count for us)
    order = sorted(free, key=lambda c: (has_king[SUIT[c]], length[SUIT[c]], SUIT[c], -POINTS[c]))
    return order[:count]


def _say(h: LiveTexas, seat: str) -> str:
    codes = h.say_codes(seat)
    for code in codes:
        if code.startswith("declare "):
            return code
    cards = h.hands[seat]
    trumps = [c for c in cards if SUIT[c] == "T"]
    high = sum(1 for c in trumps if c in HIGH)
    side = h.side(seat)
    if "announce pagat" in codes and len(trumps) >= 9 and high >= 3:
        return "announce pagat"
    if "announce king" in codes and len(trumps) >= 9 and high >= 3:
        return "announce king"
    if (
        "announce valat" in codes
        and len(trumps) >= 11
        and {"SKIZ", "XXI", "XX"} <= set(trumps)
        and all(c in KINGS for c in cards if SUIT[c] != "T")
        and (side == "declarer" and h.contract == "prever")
    ):
        return "announce valat"
    if "kontra game" in codes and h.contract != "no_trick":
        level = h.kontra.get("game", 0)
        if side == "opponents" and level == 0 and len(trumps) >= 7 and high >= 3:
            return "kontra game"
        if side == "declarer" and level == 1 and len(trumps) >= 9 and high >= 4:
            return "kontra game"
    if (
        "kontra pagat" in codes
        and side != h.side(h.announced["pagat"])
        and h.kontra.get("pagat", 0) == 0
        and {"SKIZ", "XXI"} <= set(trumps)
        and len(trumps) >= 7
    ):
        return "kontra pagat"
    return "pass"


# --- the play ---------------------------------------------------------------------------------------------
def _mate(h: LiveTexas, seat: str, other: str) -> bool | None:
    """Whether ``seat`` knows ``other`` to be on its side (True), against it (False), or does not know."""
    if other == seat:
        return True
    if h.contract in ("prever", "no_trick"):
        return (seat == h.declarer) == (other == h.declarer)
    declarer, holder = h.declarer, h.holder
    if seat == declarer:
        if h.partner_public or holder == declarer:
            return other == holder
        return None
    if seat == holder:
        return other == declarer
    # an opponent: the declarer is against it; the partner only once public
    if other == declarer:
        return False
    if h.partner_public and holder is not None:
        return other != holder
    if holder == declarer and h.partner_public:
        return True
    return None


def _unseen(h: LiveTexas, seat: str) -> set[str]:
    """The cards ``seat`` has not seen: not its own, not played, not shown."""
    play = h.play
    assert play is not None
    seen = set(play.hands[seat])
    for _l, cards, _w in play.tricks:
        seen.update(cards)
    seen.update(c for _s, c in play.trick)
    seen.update(h.exposed)
    seen.update(h.discards.get(seat, ()))
    for cards in h.discards.values():
        seen.update(c for c in cards if SUIT[c] == "T")
    if seat == h.declarer and h.contract == "prever":
        seen.update(h.looked)
    return ALL - seen


class Tops:
    """The highest card ``seat`` has not seen, of the trumps and of each suit: what may still beat a card."""

    def __init__(self, power: dict[str, int], unseen: set[str]) -> None:
        self.power = power
        top = dict.fromkeys("THDCS", 0)
        for c in unseen:
            s, p = SUIT[c], power[c]
            if p > top[s]:
                top[s] = p
        self.top = top

    def sure(self, card: str) -> bool:
        """No unseen card beats ``card`` (a suit card: none higher in its suit, and no trump out)."""
        p, top = self.power[card], self.top
        if p >= 100:
            return top["T"] < p
        return top[SUIT[card]] < p and top["T"] == 0


def _card(h: LiveTexas, seat: str) -> str:
    legal = h.playable(seat)
    if len(legal) == 1:
        return legal[0]
    play = h.play
    assert play is not None
    if h.contract == "no_trick":
        return _no_trick_card(h, seat, legal)
    pack = h.pack
    rank = RANKS[pack.name]
    unseen = _unseen(h, seat)
    tops = Tops(h.power, unseen)
    hand = play.hands[seat]
    if not play.trick:
        return _lead(h, seat, legal, hand, unseen, tops)
    cards = [c for _s, c in play.trick]
    best_i = pack.winner(cards)
    best_seat, best = play.trick[best_i]
    last = len(play.trick) == 3
    mate = _mate(h, seat, best_seat)
    winners = [c for c in legal if pack.beats(c, best)]
    if mate and (last or tops.sure(best)):
        return _smear(legal)
    if winners:
        safe = [c for c in winners if tops.sure(c)]
        points = sum(POINTS[c] for c in cards)
        if last:
            return min(winners, key=lambda c: (c == "I", rank[c] if SUIT[c] == "T" else -50, POINTS[c]))
        if safe:
            return min(safe, key=lambda c: rank[c])
        risky = [c for c in winners if c not in ("XXI", "I")]
        if risky and (points >= 4 or SUIT[risky[-1]] != "T") and mate is not True:
            return max(risky, key=lambda c: rank[c])
    return _dump(legal)


def _smear(legal: list[str]) -> str:
    """A card for a partner's sure trick: the most points, never the Skys or the XXI when there is another."""

    def key(c: str) -> tuple[int, int]:
        if c in ("SKIZ", "XXI"):
            return (-10, 0)
        if SUIT[c] == "T":
            return (POINTS[c] if c == "I" else 0, -int(c != "I"))
        return (POINTS[c] - (3 if c in KINGS else 0), 1)

    return max(legal, key=key)


def _dump(legal: list[str]) -> str:
    """The cheapest card to lose: no points, no honour, a low trump before a suit card of points."""

    def key(c: str) -> tuple[int, int, int]:
        honour = c in ("SKIZ", "XXI", "I")
        return (int(honour), POINTS[c], 1 if SUIT[c] == "T" else 0)

    options = [c for c in legal if c != "I"] or legal
    return min(reversed(options), key=key)


def _lead(h: LiveTexas, seat: str, legal: list[str], hand: list[str], unseen: set[str], tops: Tops) -> str:
    trumps = [c for c in legal if SUIT[c] == "T"]
    plain = [c for c in legal if SUIT[c] != "T"]
    ours = h.side(seat) == "declarer"
    led = {SUIT[cards[0]] for _l, cards, _w in h.play.tricks} if h.play else set()
    sure = [c for c in trumps if tops.sure(c) and c != "I"]
    if sure and (len(trumps) >= 5 or (ours and len(trumps) >= 4)) and tops.top["T"]:
        return sure[0]
    kings = [c for c in plain if c in KINGS and SUIT[c] not in led]
    if kings:
        return kings[0]
    if not ours and h.called in KINGS and h.called in unseen:
        suit = [c for c in plain if SUIT[c] == SUIT[h.called]]
        if suit:
            return suit[-1]
    if plain:
        length = {s: sum(1 for c in hand if SUIT[c] == s) for s in "HDCS"}
        return min(plain, key=lambda c: (POINTS[c] >= 4, length[SUIT[c]], POINTS[c]))
    low = [c for c in trumps if c not in ("I", "XXI", "SKIZ")]
    if low:
        return low[-1]
    return trumps[0] if trumps[0] != "I" or len(trumps) == 1 else trumps[-2]


def _no_trick_card(h: LiveTexas, seat: str, legal: list[str]) -> str:
    play = h.play
    assert play is not None
    pack = h.pack
    strength = RANKS[pack.name]
    if seat != h.declarer or not play.trick:
        # the opponents and a leading declarer play their lowest card (a suit pip before a trump)
        return min(legal, key=lambda c: (SUIT[c] == "T", strength[c]))
    cards = [c for _s, c in play.trick]
    best = cards[pack.winner(cards)]
    under = [c for c in legal if not pack.beats(c, best)]
    if under:
        return max(under, key=lambda c: (SUIT[c] == "T", strength[c]))
    return min(legal, key=lambda c: (SUIT[c] == "T", strength[c]))
