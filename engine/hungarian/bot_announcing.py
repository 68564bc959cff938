"""What the rule bot reads from the auction, and its bolder announcements (issue 33 §4 "Better bots").

``Reading`` works out, from one seat's view only, where the honours and the promised tarokks lie. The pagat
text's "Advice on tactics", "Bidding" ends: "Anyone who bids must have at least one of the three honours, so
if two or three people have bid, you already have useful information about the position of these cards";
"Conventions: cue bids and the yielded game" adds that a cue bid shows its tarokk (the step's ``shows``), a
yield the XX and a high honour, and that a called cue bidder without a high honour must announce
pagátultimó at once. Together with the cards played so far that often places the XXI or the skíz.

The announcement tactics ("Advice on tactics", "Announcements" and "Play") decide four kings, volát and the
XXI catch, and the kontra of them. Each announced bonus pays double and costs as much when it fails, so a
bonus worth announcing must succeed more often than the silent one alone would pay for: about two times in
three (four kings: +1 more when made, -2 when not; XXI catch: +21 more, -42; volát: +3 more over an announced
double game or +3 over a silent volát, against -6). The thresholds below were set from self-play
(benchmarks/bot_study.py prints how often each is announced and made).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from engine.hungarian.cards import KINGS, PAGAT, SKIZ, XVIII, XXI

HONOUR_ORDER = (SKIZ, XXI, PAGAT)
_BIDDING_MEANINGS = frozenset(("bid", "cue", "hold"))


def _steps(view: Any) -> list[Any]:
    """The auction with its meanings (``SeatView.auction``); empty for a view that lacks them."""
    return list(getattr(view, "auction", None) or ())


def _who_played(view: Any) -> dict[int, int]:
    """Each card played so far -> the seat that played it."""
    out: dict[int, int] = {}
    for leader, cards, _winner in view.tricks:
        for i, card in enumerate(cards):
            out[card] = (leader + i) % 4
    for seat, card in view.trick:
        out[card] = seat
    return out


def _out_of_tarokks(view: Any) -> set[int]:
    """Seats that showed they have no tarokk left (a suit card played to a tarokk lead)."""
    out: set[int] = set()
    tricks = [[((leader + i) % 4, c) for i, c in enumerate(cards)] for leader, cards, _w in view.tricks]
    if view.trick:
        tricks.append(list(view.trick))
    for plays in tricks:
        if plays[0][1] < 22:
            out.update(seat for seat, card in plays[1:] if card >= 22)
    return out


def honour_bidders(view: Any) -> set[int]:
    """Seats whose bids show an honour: every bid, hold and cue bid but a fourth hand's trial three."""
    steps = _steps(view)
    seats: set[int] = set()
    for i, step in enumerate(steps):
        if step.meaning not in _BIDDING_MEANINGS:
            continue
        trial = i == 3 and all(s.meaning == "pass" for s in steps[:3])  # maybe without an honour
        if not trial:
            seats.add(step.seat)
    return seats


def known_partner(view: Any) -> int | None:
    """The declarer's partner, when my view knows it (the call was forced, the called card was played or the
    partner's side has shown)."""
    declarer, mate = view.declarer, view.partner_known_to_me
    if declarer is None or view.called is None or mate is None:
        return None
    if view.seat == declarer:
        return mate
    if mate == declarer:
        return view.seat
    return ({0, 1, 2, 3} - {view.seat, mate, declarer}).pop()  # I am an opponent: the fourth seat


def high_honour_holders(view: Any) -> set[int]:
    """The called cue bidder or yielder holds a high honour, unless its side announced pagátultimó: "a
    player who has yielded or whose invitation has been accepted [...] holds no high honour, they must
    announce pagátultimó at the first opportunity" (the pagat text on Kégl's rules; "Cue bids")."""
    partner = known_partner(view)
    if partner is None or partner not in (getattr(view, "cue_bidder", None), getattr(view, "yielder", None)):
        return set()
    if any(a[0] == "announce" and a[1] == "pagat_ultimo" for _s, a in view.announcements):
        return set()
    return {partner}


def shown_cards(view: Any) -> dict[int, int]:
    """Tarokks whose holder I know, not mine: the called card while its holder is known (after a cue bid or
    a yield the declarer must call the card shown, so the holder is known from the call)."""
    partner = known_partner(view)
    if partner is None or partner == view.seat or view.called in _who_played(view):
        return {}
    return {view.called: partner}


def forced_call(view: Any) -> int | None:
    """The card the declarer must call after a yield (the XX) or another seat's cue bid in force (its card:
    "If the bidding is eventually won by a player other than the one who made the cue bid, the declarer must
    call the tarokk shown by the cue bid"), else None."""
    declarer = view.declarer
    yielder = getattr(view, "yielder", None)
    cue_bidder = getattr(view, "cue_bidder", None)
    for step in _steps(view):
        if step.shows is None or step.seat == declarer:
            continue
        if (step.meaning == "yield" and step.seat == yielder) or (
            step.meaning == "cue" and step.seat == cue_bidder
        ):
            return step.shows
    return None


class Reading:
    """Where the honours not in my hand can be and how many tarokks each other seat may still hold, as far
    as the auction, the declarations and the play tell (see the module)."""

    __slots__ = ("bounds", "holders", "me", "shown")

    def __init__(self, view: Any) -> None:
        self.me: int = view.seat
        mine = set(view.hand)
        played = _who_played(view)
        empty = _out_of_tarokks(view)
        others = [s for s in range(4) if s != self.me]
        unknown = [h for h in HONOUR_ORDER if h not in mine and h not in played]
        candidates = [[s for s in others if s not in empty] or others for _h in unknown]
        owner = {h: s for h, s in played.items() if h in HONOUR_ORDER}
        bidders = honour_bidders(view) - {self.me}
        high = high_honour_holders(view) - {self.me}
        options: list[tuple[int, ...]] = []
        for needs_high, needs_honour in ((True, True), (False, True), (False, False)):
            options = [
                combo
                for combo in itertools.product(*candidates)
                if self._fits(
                    dict(zip(unknown, combo, strict=True)) | owner,
                    bidders if needs_honour else (),
                    high if needs_high else (),
                )
            ]
            if options:
                break
        self.holders: dict[int, frozenset[int]] = {
            h: frozenset(combo[i] for combo in options) for i, h in enumerate(unknown)
        }
        self.shown = shown_cards(view)
        self.bounds = self._tarokk_bounds(view, mine, played, empty)

    @staticmethod
    def _fits(where: dict[int, int], bidders: Iterable[int], high: Iterable[int]) -> bool:
        held = set(where.values())
        if any(s not in held for s in bidders):
            return False
        return all(where.get(SKIZ) == s or where.get(XXI) == s for s in high)

    def _tarokk_bounds(
        self, view: Any, mine: set[int], played: dict[int, int], empty: set[int]
    ) -> dict[int, int]:
        """The most tarokks each other seat may hold now: the tarokks out of sight (not mine, not played,
        not discarded) less those the others surely hold (declared 8 or 9, honours and shown cards placed
        with them), and no more than its cards."""
        me = self.me
        counts = view.discarded_tarokks.get("counts", {})
        discarded = sum(1 for c in view.my_discard if c < 22)
        discarded += sum(n for seat, n in counts.items() if int(seat) != me)
        pool = 22 - sum(1 for c in mine if c < 22) - sum(1 for c in played if c < 22) - discarded
        played_tarokks = dict.fromkeys(range(4), 0)
        for card, seat in played.items():
            if card < 22:
                played_tarokks[seat] += 1
        least = dict.fromkeys(range(4), 0)
        for seat, action in view.announcements:
            if action[0] == "declare" and seat != me:
                least[seat] = max(least[seat], action[1] - played_tarokks[seat])
        known: dict[int, int] = dict.fromkeys(range(4), 0)
        for card in range(22):
            seats = self.possible(card)
            if len(seats) == 1:
                known[next(iter(seats))] += 1
        played_now = {seat for seat, _card in view.trick}
        size = len(view.hand) + (me in played_now)
        bounds = {}
        for seat in range(4):
            if seat == me:
                continue
            others = sum(max(least[o], known[o]) for o in range(4) if o not in (me, seat))
            bounds[seat] = 0 if seat in empty else max(0, min(pool - others, size - (seat in played_now)))
        return bounds

    def possible(self, card: int) -> frozenset[int]:
        """The other seats that may hold ``card`` now (empty once it is played or when it is mine)."""
        if card in self.holders:
            return self.holders[card]
        if card in self.shown:
            return frozenset((self.shown[card],))
        return frozenset()

    def tarokk_bound(self, seat: int) -> int:
        """The most tarokks ``seat`` (not me) may hold now."""
        return self.bounds.get(seat, 0)

    def holder(self, card: int) -> int | None:
        """The seat known to hold ``card`` (not me), or None."""
        seats = self.possible(card)
        return next(iter(seats)) if len(seats) == 1 else None


# --- announcing -----------------------------------------------------------------------------------------


def _tarokks(cards: Iterable[int]) -> list[int]:
    return sorted((c for c in cards if c < 22), reverse=True)


def top_run(cards: Sequence[int], gone: Iterable[int] = ()) -> int:
    """How many of my tarokks are the highest ones left, counting down from the skíz (``gone``: tarokks
    out of play, e.g. my own discard), i.e. my tarokk tricks that no one can beat."""
    held = set(cards)
    gone = set(gone)
    run = 0
    for c in range(SKIZ, -1, -1):
        if c in held:
            run += 1
        elif c not in gone:
            break
    return run


def four_kings_wanted(cards: Sequence[int], declarer_side: bool | None) -> bool:
    """Four kings ("Announcements": "You certainly do not want kings in your hand [...]; four kings is most
    likely to make when both partners have some high tarokks accompanied by cards in only one or at most
    two suits"): on the declarer's side, no king and no suit card at all, and four or more tarokks from the
    XVIII up. In self-play of the 2025 bot (8,000 deals) such hands made four kings 86% of 59 times; with
    three high tarokks 66% of 154, with one suit at most 36%: not the two in three the announcement needs."""
    if declarer_side is not True or KINGS.intersection(cards) or any(c >= 22 for c in cards):
        return False
    return sum(c >= XVIII for c in cards) >= 4


def volat_wanted(cards: Sequence[int], gone: Iterable[int], declarer_side: bool | None) -> bool:
    """Volát only with overwhelming strength ("Assessing the strength of a hand": the count of the top
    tarokks; "Announcements": the double game can spare one cheap trick, volát none): on the declarer's
    side, eight tarokks or more with the top six of them unbeatable (skíz, XXI, XX, XIX, XVIII, XVII, or
    those left), and any other card a king."""
    if declarer_side is not True:
        return False
    tarokks = _tarokks(cards)
    spare = [c for c in cards if c >= 22 and c not in KINGS]
    return len(tarokks) >= 8 and not spare and top_run(cards, gone) >= 6


def xxi_catch_wanted(
    cards: Sequence[int], reading: Reading, enemies: set[int], called: int | None, declarer: bool
) -> bool:
    """The XXI catch ("Play", "Catching the XXI": the skíz on my side, the XXI with an opponent; "the cards
    will often lie in such a way that there is very little chance of the XXI being caught"). In self-play
    the catch came off in at most a quarter of the hands where the auction placed the XXI with an opponent,
    whatever the seats and tarokks, far below the two in three the announcement needs; so it is announced
    only when the count leaves the XXI bare: I hold the skíz and whoever may hold the XXI holds no other
    tarokk (the others declared or showed the rest), so that the skíz led catches it. That holder is an
    opponent if I know it, or if I declared and called another tarokk, which it cannot hold."""
    if SKIZ not in cards:
        return False
    holders = reading.possible(XXI)
    if not holders or any(reading.tarokk_bound(s) > 1 for s in holders):
        return False
    not_my_partner = declarer and called is not None and called != XXI
    return all(s in enemies or not_my_partner for s in holders)


def kontra_wanted(
    bonus: str, cards: Sequence[int], reading: Reading, friends: set[int], enemies: set[int], declared: int
) -> bool | None:
    """Kontra of four kings and of the XXI catch ("Announcements", "Kontra"); ``declared`` is the most
    tarokks the announcers of the item declared (0: none). None leaves the decision to the older rules.

    The XXI catch fails for sure when the skíz is on my side or their XXI is on theirs: kontra. Four kings:
    "The announcement of four kings is often used as a general encouragement [...] the opponents should be
    on the lookout for an opportunity to kontra it. This will often be possible when the opponent with
    longer tarokks has a couple of high ones which might win a late tarokk trick": the older rule (a king
    and five tarokks) stands, but an announcer who declared nine tarokks has no suit for a king to escape
    on (as this bot announces it: it still made four kings two times in three against that kontra), so
    then the kontra also wants two tarokks from the XVIII up."""
    if bonus == "xxi_catch":
        skiz, xxi = reading.possible(SKIZ), reading.possible(XXI)
        if SKIZ in cards or (skiz and skiz <= friends):
            return True
        return bool(xxi) and xxi <= enemies
    if bonus == "four_kings" and declared >= 9:
        tarokks = _tarokks(cards)
        high = sum(c >= XVIII for c in tarokks)
        return bool(KINGS.intersection(cards)) and len(tarokks) >= 5 and high >= 2
    return None
