"""Talon's rule bot: it plays from what its seat may know (its own cards, the table's public information)
and keeps to the game's common tactics.

* Bidding from hand strength (``strength``: tarocks, the two high oudlers, the pagat, kings, queens, voids,
  measured against the average hand of the table size): the highest contract the hand is worth; in the
  multiple round auction one step at a time, holding where seniority allows; the forehand's weak
  preference becomes a misère where the rules allow; at two, take with a better than average hand.
* The call: at four the king of its longest suit it lacks; at six the highest tarock it lacks.
* The talon: the group worth the most (card points, tarocks); the discard voids its shortest suits and
  banks high points (queens, cavaliers), never a king or an oudler, tarocks only when forced (the lowest).
* Announcements: a handful when held; pagat ultimo with the pagat and many tarocks (then it keeps the pagat
  for the last trick); all three with the three oudlers; a contra of the contract with a strong hand.
* The play: a partner's trick is given points; an opponent's trick is taken with the cheapest card that
  wins it when it is worth it, else the cheapest card goes; void, it trumps in; the pagat is kept back;
  in a misère it ducks with its highest card that loses, and leads low.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.talon.packs import KINGS, OUDLERS, POINTS, STRENGTH, SUIT_OF
from engine.talon.tables import CONTRACTS, HANDFUL_MINIMA

if TYPE_CHECKING:
    from engine.talon.live import TalonHand

#: the average ``strength`` of a dealt hand at each size (2,000 deals each; the two-player hand is 15 cards)
AVERAGE: dict[int, float] = {2: 11.4, 3: 12.1, 4: 9.35, 5: 7.6, 6: 6.45}
#: the strength (a multiple of the average) each contract needs
THRESHOLDS: dict[int, dict[str, float]] = {
    2: {"take": 1.15},
    3: {"preference": 0.0, "duo": 1.3, "uno": 1.55, "solo": 1.95},
    4: {"preference": 0.0, "duo": 1.3, "uno": 1.55, "solo": 1.95},
    5: {"tapper": 1.3, "preference": 1.6, "solo": 2.1},
    6: {"tapper": 1.2, "preference": 1.5, "solo": 2.0},
}
#: the tarocks a hand needs to announce pagat ultimo
PAGAT_TAROCKS: dict[int, int] = {3: 9, 4: 8, 5: 7, 6: 6}


def strength(cards: list[str] | tuple[str, ...]) -> float:
    """A hand's strength for bidding: each tarock 1 (XVI and up 1.5), the mond and the fool 3 more, the pagat
    0.5 more, a king 1.5, a queen 0.5, a void 1."""
    s = 0.0
    suits = {"H": 0, "D": 0, "C": 0, "S": 0}
    for c in cards:
        suit = SUIT_OF[c]
        if suit == "T":
            s += 1.5 if STRENGTH[c] >= 115 else 1.0
            if c in ("XXI", "SKIZ"):
                s += 3
            elif c == "I":
                s += 0.5
        else:
            suits[suit] += 1
            rank = c[1:]
            s += 1.5 if rank == "K" else 0.5 if rank == "Q" else 0.0
    return s + sum(1 for v in suits.values() if v == 0)


def ratio(hand: TalonHand, seat: str) -> float:
    return strength(hand.hands[seat]) / AVERAGE[hand.n]


def best_contract(hand: TalonHand, seat: str) -> str | None:
    """The highest contract the seat's hand is worth, or None."""
    r = ratio(hand, seat)
    best = None
    for contract, need in THRESHOLDS[hand.n].items():
        if r >= need:
            best = contract
    return best


def rule_move(hand: TalonHand, rng: Any) -> str:
    """The rule bot's code for the seat to move."""
    seat = hand.turn
    assert seat is not None
    return _MOVES[hand.phase](hand, seat)


# --- the auction ------------------------------------------------------------------------------------------
def _bid(hand: TalonHand, seat: str) -> str:
    codes = {c.code for c in hand.choices()}
    want = best_contract(hand, seat)
    if hand.n == 2:
        return "take" if want == "take" else "pass"
    contracts = CONTRACTS[hand.n]
    top = -1 if want is None else contracts.index(want)
    if "pass" not in codes and want is None:
        want, top = contracts[0], 0  # the forehand must bid: the lowest
    if hand.rules.multiple_round_auction:
        if "hold" in codes and hand.level <= top:
            return "hold"
        for c in contracts:
            if c in codes and contracts.index(c) <= top:
                return c  # one step at a time
        return "pass" if "pass" in codes else next(c for c in contracts if c in codes)
    if want is not None and want in codes:
        return want
    return "pass" if "pass" in codes else next(c for c in contracts if c in codes)


def _raise(hand: TalonHand, seat: str) -> str:
    codes = {c.code for c in hand.choices()}
    r = ratio(hand, seat)
    if "misere" in codes and r < 0.7:
        return "misere"
    want = best_contract(hand, seat)
    if want is not None and f"raise {want}" in codes:
        return f"raise {want}"
    return "no raise"


def _call(hand: TalonHand, seat: str) -> str:
    cards = hand.hands[seat]
    if hand.n == 4:
        lacking = [k for k in KINGS if k not in cards]
        if not lacking:
            return "call none"
        return "call " + max(lacking, key=lambda k: (sum(1 for c in cards if c[0] == k[0]), k))
    for t in ("XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII", "XII", "XI", "X"):
        if t not in cards:
            return f"call {t}"
    return "call none"


def _surrender(hand: TalonHand, seat: str) -> str:
    return "surrender" if ratio(hand, seat) < 0.9 else "play alone"


def _worth(card: str) -> float:
    return POINTS[card] + (2.0 if SUIT_OF[card] == "T" else 0.0) + (3.0 if card in OUDLERS else 0.0)


def _talon(hand: TalonHand, seat: str) -> str:
    choices = hand.choices()
    return max(choices, key=lambda ch: sum(_worth(c) for c in ch.code.split(" ")[1:])).code


def _discard(hand: TalonHand, seat: str) -> str:
    k = len(hand.taken)
    plain, tarocks = hand._discard_pool(seat)
    if len(plain) <= k:
        low = sorted(tarocks, key=lambda c: STRENGTH[c])[: k - len(plain)]
        return " ".join(["discard", *plain, *low])
    cards = hand.hands[seat]
    length = {s: sum(1 for c in cards if SUIT_OF[c] == s) for s in "HDCS"}
    kings = {c[0] for c in cards if c in KINGS}
    # a suit without its king that can be voided first (the shortest), then the most points
    ranked = sorted(plain, key=lambda c: (c[0] in kings, length[c[0]], -POINTS[c], STRENGTH[c]))
    return " ".join(["discard", *ranked[:k]])


# --- announcements ------------------------------------------------------------------------------------------
def _announce(hand: TalonHand, seat: str) -> str:
    codes = [c.code for c in hand.choices()]
    cards = hand.hands[seat]
    tarocks = sum(1 for c in cards if SUIT_OF[c] == "T")
    mine = hand.side(seat)
    r = ratio(hand, seat)
    n = hand.n
    for code in codes:
        word, _sep, arg = code.partition(" ")
        if word == "declare" and (mine == "declarer" or r >= 1.0):
            return code
        if word == "announce":
            if arg == "pagat_ultimo" and tarocks >= PAGAT_TAROCKS[n] and r >= 1.2:
                return code
            if arg == "king_ultimo" and tarocks >= PAGAT_TAROCKS[n]:
                return code
            if arg == "all_three" and all(o in cards for o in OUDLERS) and tarocks >= HANDFUL_MINIMA[n][0]:
                return code
            if arg == "valat" and r >= 3.2:
                return code
        if code == "contra contract":
            level = hand.kontra.get("contract", 0)
            if (level == 0 and r >= 1.6) or (level == 1 and r >= 2.0):
                return code
    return "pass"


# --- the play -----------------------------------------------------------------------------------------------
def _play(hand: TalonHand, seat: str) -> str:
    allowed = hand._allowed(seat)
    if len(allowed) == 1:
        return "play " + allowed[0]
    play = hand.play
    assert play is not None
    trick = play.trick
    if hand.misere:
        return "play " + _misere_card(hand, allowed, [c for _s, c in trick])
    # the pagat is kept back (for the last trick, where it may win the ultimo)
    options = [c for c in allowed if c != "I"] or allowed
    if not trick:
        return "play " + _lead(hand, seat, options)
    pack = hand.pack
    if hand.trick_best < 0:  # only the excuse was led (8.1): the next card leads
        return "play " + _lead(hand, seat, options)
    best_seat, best = trick[hand.trick_best]
    mine = hand.side(seat)
    friend = hand.knows_side(seat, best_seat) and hand.side(best_seat) == mine and best_seat != seat
    last = len(trick) == hand.n - 1
    points = sum(POINTS[c] for _s, c in trick)
    winners = [c for c in options if pack.beats(c, best) and not (hand.wild and c == "SKIZ")]
    if hand.wild and "SKIZ" in options and not friend and not winners:
        return "play SKIZ"  # 8.1: the excuse comes back; nothing goes to the opponents' trick
    if friend and (
        last or STRENGTH[best] >= 119 or (SUIT_OF[best] != "T" and best[1:] == "K" and len(trick) > 1)
    ):
        # the partner's trick: give it points (but not an oudler that could be kept)
        return "play " + max(options, key=lambda c: (POINTS[c] if c not in OUDLERS else 0, -STRENGTH[c]))
    if winners:
        if last:
            return "play " + min(
                winners, key=lambda c: (c in OUDLERS and c != "SKIZ", STRENGTH[c], POINTS[c])
            )
        if points >= 6 or SUIT_OF[trick[0][1]] != "T":
            # a trick worth taking: win it high enough (the fool or the mond wins for sure)
            safe = [c for c in winners if c in ("SKIZ", "XXI") or (SUIT_OF[c] != "T" and c[1:] == "K")]
            if safe and points >= 6:
                return "play " + min(safe, key=lambda c: STRENGTH[c])
            return "play " + max(
                winners, key=lambda c: (c not in OUDLERS, STRENGTH[c] if SUIT_OF[c] == "T" else 0)
            )
    # cannot (or need not) win: the cheapest card
    return "play " + min(options, key=lambda c: (POINTS[c], c in OUDLERS, STRENGTH[c]))


def _lead(hand: TalonHand, seat: str, options: list[str]) -> str:
    mine = hand.side(seat)
    tarocks = [c for c in options if SUIT_OF[c] == "T"]
    suits = [c for c in options if SUIT_OF[c] != "T"]
    if mine == "declarer" and len(tarocks) * 2 >= len(options) and tarocks:
        plain = [c for c in tarocks if c not in OUDLERS]
        return max(plain or tarocks, key=lambda c: STRENGTH[c])
    kings = [c for c in suits if c[1:] == "K"]
    if kings:
        return kings[0]
    if suits:
        length = {s: sum(1 for c in suits if c[0] == s) for s in "HDCS"}
        return min(suits, key=lambda c: (length[c[0]], POINTS[c], STRENGTH[c]))
    return min(tarocks or options, key=lambda c: STRENGTH[c])


def _misere_card(hand: TalonHand, allowed: list[str], trick: list[str]) -> str:
    pack = hand.pack
    if not trick:
        return min(allowed, key=lambda c: (STRENGTH[c], POINTS[c]))
    best = trick[pack.winner(trick)]
    losers = [c for c in allowed if not pack.beats(c, best)]
    if losers:
        return max(losers, key=lambda c: (POINTS[c], STRENGTH[c]))
    return max(allowed, key=lambda c: (STRENGTH[c], POINTS[c]))


_MOVES = {
    "annul": lambda hand, seat: "annul",
    "bidding": _bid,
    "raise": _raise,
    "call": _call,
    "surrender": _surrender,
    "talon": _talon,
    "discard": _discard,
    "announcements": _announce,
    "play": _play,
}

__all__ = ["AVERAGE", "THRESHOLDS", "best_contract", "rule_move", "strength"]
