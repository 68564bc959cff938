"""Computer players for live play, self-play and benchmarks.

A bot sees exactly what its seat may see: ``choose`` gets the seat's ``SeatView`` (own cards plus public
information, docs/engine-api-contract.md), never the ``Hand``, so a bot cannot cheat. Bots return one of
``view.legal``; legality itself is the state machine's job.

``RandomBot`` picks uniformly among the legal actions (the baseline and the benchmark load).
``RuleBot`` follows the pagat text's "Advice on tactics": it values a hand by its tarokks (count and height),
honours and suit shape, bids to a height that hand supports, cue-bids and yields only with the promised
cards, discards to create voids, announces only well-founded bonuses, says kontra when an announcement is
sure or likely to fail, and in the play tries to catch or save the XXI, to save or make the pagát, to give
points to its partner and to keep them from the opponents.

Since issue 33 §4 it also reads the auction (engine/hungarian/bot_announcing.py: every bidder holds an
honour, a called cue bidder or yielder a high honour, the tarokks left are counted), which places the skíz
and the XXI: the XXI is played while no enemy skíz can follow it, the skíz waits only for an enemy XXI and
is led when the count leaves the XXI bare, and the partners of the skíz and of the XXI lead tarokks from
the side that catches or saves it. It announces four kings, volát and the XXI catch where the tactics and
self-play support them (and plays for an announced volát). ``BaselineRuleBot`` (``BOTS["rule-2025"]``) is
the bot before that, move for move; benchmarks/bot_study.py measures the two against each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from engine.hungarian.bot_announcing import (
    Reading,
    forced_call,
    four_kings_wanted,
    kontra_wanted,
    volat_wanted,
    xxi_catch_wanted,
)
from engine.hungarian.cards import (
    KINGS,
    PAGAT,
    POINTS,
    SKIZ,
    SUIT_OF,
    XIX,
    XVIII,
    XX,
    XXI,
    beats,
    trick_winner,
)
from engine.hungarian.rules import PAGAT as PAGAT_RULES
from engine.hungarian.rules import Rules
from engine.hungarian.state import Action, Hand, SeatView

HIGH_HONOURS = frozenset((SKIZ, XXI))
HONOUR_SET = frozenset((SKIZ, XXI, PAGAT))


class Bot(Protocol):
    """Anything that picks one of its seat's legal actions from that seat's view alone."""

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One action from ``view.legal``."""
        ...


class RandomBot:
    """Uniform over the legal actions: the baseline a real strategy has to beat."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)


# --- hand assessment ------------------------------------------------------------------------------------


def tarokks_of(cards: Iterable[int]) -> list[int]:
    """The tarokks (skíz included) among ``cards``, highest first."""
    return sorted((c for c in cards if c < 22), reverse=True)


def suit_lengths(cards: Iterable[int]) -> list[int]:
    """Number of cards held in each of the four suits."""
    lengths = [0, 0, 0, 0]
    for c in cards:
        if c >= 22:
            lengths[SUIT_OF[c]] += 1
    return lengths


def hand_strength(cards: Iterable[int]) -> float:
    """A trick-taking score ("Assessing the strength of a hand"); an average hand scores about 7.5.

    Tarokks count most, high ones (XVIII and above) and middle ones (X..XVII) extra; void suits help, a
    lone king hurts and a king with guards helps.
    """
    cards = list(cards)
    score = 0.0
    for c in cards:
        if c < 22:
            score += 1.0
            if c >= XVIII:
                score += 1.0
            elif c >= 9:
                score += 0.5
    if SKIZ in cards:
        score += 1.0
    lengths = suit_lengths(cards)
    for suit, length in enumerate(lengths):
        king = 22 + 5 * suit
        if length == 0:
            score += 0.5
        elif king in cards:
            score += -0.5 if length == 1 else 0.5
    return score


# --- reading the view -----------------------------------------------------------------------------------


def _played_cards(view: Any) -> set[int]:
    """Every card already played this hand: completed tricks are ``(leader, cards, winner)``."""
    played = {card for _leader, cards, _winner in view.tricks for card in cards}
    played.update(card for _seat, card in view.trick)
    return played


def _bid_actions(view: Any) -> list[tuple[int, Any]]:
    """The auction so far as (seat, action) pairs."""
    return [(item[0], item[1]) for item in view.bids]


def _promised_card(view: Any, seat: int) -> int | None:
    """The tarokk ``seat`` promised by a cue bid (jump) or a yielded game, following the "new" rule.

    Only used for the bot's own obligations (keep that card, the pagát-only cue bidder's pagátultimó), so
    approximations in exotic auctions are harmless: the state machine enforces the rules.
    """
    auction = _bid_actions(view)
    highest: int | None = None  # level of the highest bid so far (3 three .. 0 solo)
    cue_seen = False
    passes_before_first_bid = 0
    for who, action in auction:
        if action[0] == "bid":
            level = action[1]
            minimum = 3 if highest is None else highest - 1
            if not cue_seen and passes_before_first_bid < 3 and level < minimum:
                cue_seen = True
                if who == seat:
                    return XIX if minimum - level == 1 else XVIII
            highest = level
        elif action[0] == "pass" and highest is None:
            passes_before_first_bid += 1
    # Yielded game: my pass in the yield spot (three by me, two by another, the other two passed).
    my_pass = bool(auction) and auction[-1][0] == seat and auction[-1][1][0] == "pass"
    return XX if my_pass and _is_yield_spot(auction[:-1], seat) else None


class _Seat:
    """What one seat knows at a decision: its cards, its allies and enemies, the cards still out, and (when
    the bot reads the auction) where the honours and promised tarokks are (``reading``)."""

    def __init__(self, view: Any, read_auction: bool = False) -> None:
        self.view = view
        self.me: int = view.seat
        self.cards: list[int] = sorted(view.hand)
        self.tarokks = tarokks_of(self.cards)
        self.declarer: int | None = view.declarer
        partner = view.partner_known_to_me
        self.friends: set[int] = {self.me}
        self.enemies: set[int] = set()
        if partner is not None:
            self.friends.add(partner)
            self.enemies = {0, 1, 2, 3} - self.friends
        elif self.declarer is not None and self.declarer != self.me:  # a declarer's partner may be unknown
            if view.called is not None and view.called in self.cards:
                self.friends.add(self.declarer)
                self.enemies = {0, 1, 2, 3} - self.friends
            else:
                self.enemies.add(self.declarer)
        self.played = _played_cards(view)
        self.seen = self.played | set(self.cards) | set(view.my_discard) | set(_face_up_discards(view))
        self.unseen_tarokks = [c for c in range(22) if c not in self.seen]
        self.voids: dict[int, set[int]] = {s: set() for s in range(4)}  # seat -> suits (-1: tarokks) it lacks
        for leader, cards, _winner in view.tricks:
            self._note_voids([((leader + i) % 4, c) for i, c in enumerate(cards)])
        if view.trick:
            self._note_voids(view.trick)
        self.reading: Reading | None = Reading(view) if read_auction else None
        # The tarokks that may beat mine: a tarokk the reading puts in a friend's hand does not.
        self.enemy_tarokks = [c for c in self.unseen_tarokks if not self._friendly(c)]

    def _friendly(self, card: int) -> bool:
        """The reading puts ``card`` in a friend's hand."""
        seats = self.reading.possible(card) if self.reading is not None else frozenset()
        return bool(seats) and seats <= self.friends

    def may_be_enemy_card(self, card: int) -> bool:
        """Whether ``card`` (not mine, unplayed) may be in the hand of a seat not known to be a friend."""
        if card in self.seen:
            return False
        if self.reading is None:
            return True
        seats = self.reading.possible(card)
        return not seats or not seats <= self.friends

    def _note_voids(self, plays: Sequence[tuple[int, int]]) -> None:
        led = SUIT_OF[plays[0][1]]
        for who, card in plays[1:]:
            if SUIT_OF[card] != led:
                self.voids[who].add(led)

    def is_friend(self, seat: int) -> bool:
        """True only for seats known to be on my side."""
        return seat in self.friends

    def on_declarer_side(self) -> bool | None:
        """Whether I play for the declarer (None while I cannot tell)."""
        if self.declarer is None:
            return None
        if self.declarer in self.friends:
            return True
        if self.declarer in self.enemies:
            return False
        return None

    def top_unseen_tarokk(self) -> int:
        """The highest tarokk that someone else, not known to be a friend, may still hold (-1 if none)."""
        return self.enemy_tarokks[-1] if self.enemy_tarokks else -1


def _face_up_discards(view: Any) -> list[int]:
    """The declarer's discarded tarokks, shown face up until the first lead."""
    return list(view.discarded_tarokks.get("declarer_face_up", ()))


# --- the rule bot ---------------------------------------------------------------------------------------


class RuleBot:
    """Plays by the pagat text's "Advice on tactics"; deterministic for a given view.

    ``announce_more`` adds four kings, volát and the XXI catch where the tactics support them (and plays for
    an announced volát); ``read_auction`` places the honours and promised tarokks by the auction
    (``engine.hungarian.bot_announcing.Reading``) and plays the XXI catch and save by it. With both off it
    is the rule bot of 2025 (``BaselineRuleBot``, ``BOTS["rule-2025"]``), move for move. The bot keeps no
    state between decisions, so one instance may serve all four seats.
    """

    name = "rule"

    def __init__(self, *, announce_more: bool = True, read_auction: bool = True) -> None:
        self.announce_more = announce_more
        self.read_auction = read_auction

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The action the tactics advise, always one of ``view.legal``."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kinds = {action[0] for action in legal}
        if "play" in kinds:
            action = self._play(view, legal)
        elif "discard" in kinds:
            action = self._discard(view, legal)
        elif "annul" in kinds or "no_annul" in kinds:
            action = self._annul(view, legal)
        elif "raise" in kinds or "no_raise" in kinds:
            action = self._raise(view, legal)
        elif kinds & {"bid", "hold"} or view.phase == "bidding":
            action = self._bid(view, legal)
        else:
            action = self._announce(view, legal)
        return action if action in legal else legal[0]

    # bidding ----------------------------------------------------------------------------------------

    @staticmethod
    def _bid_limit(cards: list[int]) -> int | None:
        """The highest bid (3 three .. 0 solo) the hand supports, None to stay out."""
        tarokks = tarokks_of(cards)
        honours = HONOUR_SET.intersection(cards)
        strength = hand_strength(cards)
        if not honours:
            return 3 if strength >= 10.5 else None  # only a trial three after three passes
        if strength >= 14:
            return 0
        if strength >= 12:
            return 1
        if strength >= 10:
            return 2
        if SKIZ in honours or strength >= 7.5:
            return 3
        # "Holding the XXI or the pagát you will usually want to bid unless your hand is well below average";
        # a weak XXI still bids to get talon cards and make a void.
        if XXI in honours and len(tarokks) >= 3:
            return 3
        return None

    def _bid(self, view: Any, legal: Sequence[Any]) -> Any:
        cards = sorted(view.hand)
        me = view.seat
        auction = _bid_actions(view)
        limit = self._bid_limit(cards)
        bids = {action[1]: action for action in legal if action[0] == "bid"}
        hold = next((a for a in legal if a[0] == "hold"), None)
        pass_ = next((a for a in legal if a[0] == "pass"), None)
        highest = min((a[1] for _s, a in auction if a[0] == "bid"), default=None)
        high_honour = bool(HIGH_HONOURS.intersection(cards))
        tarokks = tarokks_of(cards)
        all_passed = len(auction) == 3 and all(a[0] == "pass" for _s, a in auction)
        if all_passed and XXI in cards and SKIZ not in cards and len(tarokks) <= 4 and pass_ is not None:
            return pass_  # fourth hand with a weak XXI annuls by passing
        # Yield the game with the XX and a high honour when the auction went three (me) - two - pass - pass.
        if (
            pass_ is not None
            and XX in cards
            and high_honour
            and _is_yield_spot(auction, me)
            and (limit is None or limit >= 1)
        ):
            return pass_
        # Cue bid: jump only when holding the promised card, a high honour (or 8+ tarokks with the pagát)
        # and a good hand of six or more tarokks.
        if bids:
            minimum = max(bids)
            good = len(tarokks) >= 6 and (high_honour or (PAGAT in cards and len(tarokks) >= 8))
            if good and highest is not None and limit is not None and _jump_is_cue(auction):
                if XIX in cards and minimum - 1 in bids and minimum - 1 >= limit:
                    return bids[minimum - 1]
                if XVIII in cards and XIX not in cards and minimum - 2 in bids and minimum - 2 >= limit:
                    return bids[minimum - 2]
        if limit is None:
            return pass_ if pass_ is not None else legal[0]
        # The player on my left (who spoke just before me) bid three: bid two ("nearly always").
        if (
            auction
            and auction[-1][0] == (me - 1) % 4
            and auction[-1][1] == ("bid", 3)
            and 2 in bids
            and HONOUR_SET.intersection(cards)
        ):
            return bids[2]
        # Sitting on the XX and the pagát without a high honour, an average hand waits to be called.
        waiting = XX in cards and PAGAT in cards and not high_honour and limit >= 3
        if waiting and highest is None and pass_ is not None and len(auction) < 3:
            return pass_
        if hold is not None and highest is not None and highest >= limit:
            return hold
        if bids:
            minimum = max(bids)
            if minimum >= limit:
                return bids[minimum]
        return pass_ if pass_ is not None else legal[0]

    def _raise(self, view: Any, legal: Sequence[Any]) -> Any:
        limit = self._bid_limit(sorted(view.hand))
        raises = sorted((a for a in legal if a[0] == "raise"), key=lambda a: a[1])
        for action in raises:  # highest first (solo is 0)
            if limit is not None and action[1] >= limit:
                return action
        return next((a for a in legal if a[0] == "no_raise"), legal[0])

    # talon ------------------------------------------------------------------------------------------

    def _annul(self, view: Any, legal: Sequence[Any]) -> Any:
        """Annul poor holdings; four kings only without a useful tarokk hand."""
        cards = sorted(view.hand)
        for action in legal:
            if action[0] != "annul":
                continue
            if action[1] != "four_kings" or len(tarokks_of(cards)) < 6:
                return action
        return next((a for a in legal if a[0] == "no_annul"), legal[0])

    def _discard(self, view: Any, legal: Sequence[Any]) -> Any:
        """The legal discard that best keeps tarokks, makes voids and banks points where they count."""
        cards = sorted(view.hand)
        me = view.seat
        declarer = view.declarer
        called_mine = XX in cards and declarer != me  # likely the partner: my discards go to the opponents
        forced = forced_call(view) if self.read_auction else None
        if forced is not None and declarer != me:  # a cue bid or a yield fixes the call: am I the partner?
            called_mine = forced in cards
        promised = _promised_card(view, me)
        lengths = suit_lengths(cards)

        def value(action: Any) -> float:
            discard = action[1]
            score = 0.0
            left = list(lengths)
            for c in discard:
                if c < 22:
                    score -= 8 + c / 4  # tarokks are the hand's strength
                    if c == promised:
                        score -= 100
                else:
                    left[SUIT_OF[c]] -= 1
                    score += (1.0 - POINTS[c] / 5) if called_mine else POINTS[c] / 2
            for suit in range(4):
                if lengths[suit] and not left[suit]:
                    score += 4  # a new void lets me trump
                elif left[suit] == 1 and 22 + 5 * suit in cards:
                    score -= 1  # a bare king is a liability
            return score

        return max((a for a in legal if a[0] == "discard"), key=value)

    # announcements ----------------------------------------------------------------------------------

    def _announce(self, view: Any, legal: Sequence[Any]) -> Any:
        seat = _Seat(view, self.read_auction)
        cards = seat.cards
        strength = hand_strength(cards)
        by_kind: dict[str, list[Any]] = {}
        for action in legal:
            by_kind.setdefault(action[0], []).append(action)
        pass_ = next((a for a in legal if a[0] == "pass"), legal[0])
        announced = [action for _seat, action in _announcement_pairs(view)]

        for action in by_kind.get("declare", []):
            return action  # 8 or 9 tarokks: every other player pays; a declaration must come first in a turn
        if "call" in by_kind:
            return self._call(cards, by_kind["call"])
        # Obligation: a pagát-only cue bidder / yielder whose card was called announces pagátultimó.
        # (When the state withholds "pass" it is this obligation, whatever the local convention variant.)
        ultimo = ("announce", "pagat_ultimo")
        promised = _promised_card(view, seat.me)
        obliged = promised is not None and view.called == promised and not HIGH_HONOURS.intersection(cards)
        if ultimo in legal and (obliged or pass_[0] != "pass"):
            return ultimo
        for action in by_kind.get("kontra", []):
            if self._kontra_wanted(seat, action[1], strength, announced):
                return action
        # The state offers an announcement only when it would be taken for my true side.
        for action in by_kind.get("announce", []):
            if self._announce_wanted(seat, action[1], strength) or self._announce_more(seat, action[1]):
                return action
        return pass_

    @staticmethod
    def _call(cards: list[int], calls: list[Any]) -> Any:
        """Call the XX, or the highest tarokk not held; never oneself unless overwhelming."""
        strength = hand_strength(cards)
        others = [a for a in calls if a[1] not in cards and a[1] not in HONOUR_SET]
        if others and strength < 16:
            return max(others, key=lambda a: a[1])
        return max(calls, key=lambda a: a[1])

    def _announce_more(self, seat: _Seat, bonus: str) -> bool:
        """The bonuses the 2025 bot never announced (engine.hungarian.bot_announcing)."""
        if not self.announce_more:
            return False
        side = seat.on_declarer_side()
        if bonus == "four_kings":
            return four_kings_wanted(seat.cards, side)
        if bonus == "volat":
            return volat_wanted(seat.cards, seat.view.my_discard, side)
        if bonus == "xxi_catch" and seat.reading is not None:
            declarer = seat.me == seat.declarer
            return xxi_catch_wanted(seat.cards, seat.reading, seat.enemies, seat.view.called, declarer)
        return False

    def _kontra_wanted(self, seat: _Seat, item: Any, strength: float, announced: list[Any]) -> bool:
        """Kontra only what is sure or likely to fail; rekontra only the game with a very strong hand."""
        if self.announce_more and seat.reading is not None and isinstance(item, (tuple, list)):
            earlier = sum(1 for a in announced if a[0] == "kontra" and _same_item(a[1], item))
            if earlier == 0:  # a first kontra is always of the other side's item
                pairs = _announcement_pairs(seat.view)
                announcers = {
                    s for s, a in pairs if a[0] == "announce" and a[1] == item[1] and s not in seat.friends
                }
                declared = max((a[1] for s, a in pairs if a[0] == "declare" and s in announcers), default=0)
                decided = kontra_wanted(
                    item[1], seat.cards, seat.reading, seat.friends, seat.enemies, declared
                )
                if decided is not None:
                    return decided
        return self._kontra_2025(seat, item, strength, announced)

    @staticmethod
    def _kontra_2025(seat: _Seat, item: Any, strength: float, announced: list[Any]) -> bool:
        """The 2025 bot's kontras."""
        cards = seat.cards
        n_tarokks = len(seat.tarokks)
        earlier = sum(1 for a in announced if a[0] == "kontra" and _same_item(a[1], item))
        if earlier >= 2:
            return False
        if item == "game":
            if earlier == 0:
                return seat.on_declarer_side() is False and strength >= 11.5
            return seat.on_declarer_side() is True and strength >= 13.5
        if earlier:
            return False
        bonus = item[1] if isinstance(item, (tuple, list)) else item
        if bonus == "trull":  # they cannot win my skíz
            return SKIZ in cards or (XXI in cards and n_tarokks >= 5)
        if bonus == "volat":  # the skíz always takes a trick
            return SKIZ in cards or (XXI in cards and n_tarokks >= 3) or n_tarokks >= 5
        if bonus == "pagat_ultimo":  # they do not even hold my pagát
            return PAGAT in cards or (n_tarokks >= 6 and sum(c >= XVIII for c in cards if c < 22) >= 2)
        if bonus == "xxi_catch":  # only the skíz catches
            return SKIZ in cards
        if bonus == "double_game":
            return SKIZ in cards or n_tarokks >= 5
        if bonus == "four_kings":
            return any(k in cards for k in KINGS) and n_tarokks >= 5
        return False

    @staticmethod
    def _announce_wanted(seat: _Seat, bonus: str, strength: float) -> bool:
        """Only well-founded bonuses: trull with both high honours, ultimó with long high tarokks."""
        cards = seat.cards
        tarokks = seat.tarokks
        if bonus == "trull":
            return SKIZ in cards and XXI in cards and len(tarokks) >= 5
        if bonus == "pagat_ultimo":
            high = sum(c >= XVIII for c in tarokks)
            return PAGAT in cards and len(tarokks) >= 8 and high >= 2
        if bonus == "double_game":
            strong = len(tarokks) >= 8 and strength >= 15
            return seat.me == seat.declarer and strong and set(cards) >= HIGH_HONOURS
        return False

    # play -------------------------------------------------------------------------------------------

    def _play(self, view: Any, legal: Sequence[Any]) -> Any:
        seat = _Seat(view, self.read_auction)
        options = [a[1] for a in legal if a[0] == "play"]
        trick = view.trick
        card = self._lead(seat, options) if not trick else self._follow(seat, options, trick)
        return next(a for a in legal if a[1] == card)

    @staticmethod
    def _xxi_in_danger(seat: _Seat, trick: Sequence[tuple[int, int]]) -> bool:
        """The XXI can still fall to the skíz: the skíz is out and someone may play after me (reading the
        auction: someone after me who may hold it and is not known to be my friend)."""
        later = 3 - len(trick)
        if SKIZ in seat.seen or later == 0:
            return False
        if seat.reading is None:
            return True
        leader = trick[0][0] if trick else seat.me
        after = {(leader + k) % 4 for k in range(len(trick) + 1, 4)}
        holders = seat.reading.possible(SKIZ) or frozenset(after)
        return bool((holders - seat.friends) & after)

    @staticmethod
    def _xxi_bare(seat: _Seat) -> bool:
        """The reading shows that whoever holds the XXI, not known to be my friend, holds no other tarokk."""
        reading = seat.reading
        if reading is None or XXI in seat.seen:
            return False
        holders = reading.possible(XXI)
        return bool(holders - seat.friends) and all(reading.tarokk_bound(s) <= 1 for s in holders)

    def _xxi_lead(self, seat: _Seat, drawable: list[int]) -> int | None:
        """Leads that catch or save the XXI when the reading places the skíz and the XXI ("Catching the XXI").

        The skíz's partner, the skíz sitting after the XXI in my lead (on my left at best), leads large
        tarokks so that the XXI must fall under the skíz; the XXI's partner, the enemy skíz playing before
        the XXI in my lead, leads small tarokks to drive out the skíz while the XXI plays safely after it."""
        reading = seat.reading
        if reading is None or {SKIZ, XXI} & seat.seen:
            return None
        plain = [c for c in drawable if c not in HONOUR_SET]
        if not plain:
            return None
        skiz, xxi = reading.possible(SKIZ), reading.possible(XXI)
        if not skiz or not xxi:
            return None

        def order(s: int) -> int:  # my lead: me 0, then anticlockwise
            return (s - seat.me) % 4

        if len(skiz) == 1 and skiz <= seat.friends and xxi <= seat.enemies:
            (partner,) = skiz
            if all(order(x) < order(partner) for x in xxi):
                return max(plain)
        if len(xxi) == 1 and xxi <= seat.friends and skiz <= seat.enemies:
            (partner,) = xxi
            if all(order(s) < order(partner) for s in skiz):
                return min(plain)
        return None

    def _volat_play(self, seat: _Seat, options: list[int], trick: list[tuple[int, int]]) -> int | None:
        """My side announced volát: every trick must be ours. Lead the unbeatable tarokks from the top; when
        following, leave a friend's sure trick alone, else take it with my cheapest sure winner."""
        if not self.announce_more or not _team_announced(seat, "volat"):
            return None
        sure = [c for c in options if self._sure_winner(seat, c)]
        if not trick:
            return max(sure) if sure else None
        cards_played = [c for _s, c in trick]
        led = cards_played[0]
        win_seat, win_card = trick[trick_winner(cards_played)]
        friend_winning = seat.is_friend(win_seat) and win_seat != seat.me
        if friend_winning and (len(trick) == 3 or self._sure_winner(seat, win_card)):
            return self._cheapest(options)
        winners = [c for c in sure if beats(c, win_card, led)]
        if winners:
            return min(winners)
        winners = [c for c in options if c < 22 and beats(c, win_card, led)]
        return max(winners) if winners else None

    def _keep_pagat(self, seat: _Seat) -> bool:
        """Hold the pagát back for the last trick: my side announced ultimó or I outnumber the others."""
        if PAGAT not in seat.cards:
            return False
        if _team_announced(seat, "pagat_ultimo"):
            return True
        return len(seat.tarokks) - 2 > len(seat.unseen_tarokks)

    def _pagat_doomed(self, seat: _Seat) -> bool:
        """Late in the hand, without an ultimó plan, a pagát kept to the end is likely lost."""
        late = len(seat.cards) <= 5 and bool(seat.unseen_tarokks)
        return late and PAGAT in seat.cards and not self._keep_pagat(seat)

    def _lead(self, seat: _Seat, options: list[int]) -> int:
        tarokks = [c for c in options if c < 22]
        if len(seat.cards) == 2 and PAGAT in options and self._pagat_doomed(seat):
            return PAGAT  # losing it now costs its 5 card points; in the last trick also a failed ultimó
        suits = [c for c in options if c >= 22]
        keep_pagat = self._keep_pagat(seat)
        volat = self._volat_play(seat, options, [])
        if volat is not None:
            return volat
        top = seat.top_unseen_tarokk()
        drawable = [c for c in tarokks if c != PAGAT and not (c == XXI and seat.may_be_enemy_card(SKIZ))]
        # Making pagátultimó: draw the tarokks, with a sure winner if I have one, otherwise low.
        if keep_pagat and drawable:
            winners = [c for c in drawable if c > top]
            return max(winners) if winners else min(drawable)
        # Counting the tarokks: the XXI is its holder's last one, so the skíz led now catches it.
        if SKIZ in options and self._xxi_bare(seat):
            return SKIZ
        # The skíz waits for the XXI: no tarokk leads while the XXI is out; lead a suit not headed by a king.
        if SKIZ in seat.cards and seat.may_be_enemy_card(XXI) and suits:
            return self._cheapest_lead(seat, suits)
        # A long XXI drives out the skíz with small tarokks ("Catching the XXI").
        small_tarokks = [c for c in drawable if c not in HONOUR_SET]
        if XXI in seat.cards and seat.may_be_enemy_card(SKIZ) and len(seat.tarokks) >= 5 and small_tarokks:
            return min(small_tarokks)
        xxi_lead = self._xxi_lead(seat, drawable)
        if xxi_lead is not None:
            return xxi_lead
        # A partner who declared 8 or 9 tarokks wants tarokks led.
        pairs = _announcement_pairs(seat.view)
        long_friend = any(a[0] == "declare" and s in seat.friends and s != seat.me for s, a in pairs)
        if long_friend and small_tarokks:
            return min(small_tarokks)
        # A long hand with the top tarokk draws trumps; otherwise lead suits so partners trump separately.
        sure = [c for c in drawable if c > top]
        if sure and len(tarokks) >= max(4, len(seat.unseen_tarokks) // 2):
            return max(sure)
        if suits:
            return self._cheapest_lead(seat, suits)
        small = [c for c in drawable if c != SKIZ] or drawable or [c for c in tarokks if c != PAGAT]
        return min(small or tarokks)

    @staticmethod
    def _cheapest_lead(seat: _Seat, suits: list[int]) -> int:
        """A low card, best from a suit my partner can trump and the opponents cannot, and not headed by
        my own king; kings only when nothing else is left."""
        kings = {c for c in suits if c in KINGS}
        non_kings = [c for c in suits if c not in kings]
        if not non_kings:
            return min(suits)

        def preference(c: int) -> tuple[int, int, int]:
            suit = SUIT_OF[c]
            trumping = 0
            for who, void in seat.voids.items():
                if who != seat.me and suit in void and -1 not in void:  # void in the suit, still has tarokks
                    trumping += 2 if who in seat.friends else -1 if who in seat.enemies else 0
            headed = 22 + 5 * suit in kings
            return (-trumping, headed, POINTS[c] * 10 - c)

        return min(non_kings, key=preference)

    def _follow(self, seat: _Seat, options: list[int], trick: list[tuple[int, int]]) -> int:
        cards_played = [c for _s, c in trick]
        led = cards_played[0]
        win_index = trick_winner(cards_played)
        win_seat, win_card = trick[win_index]
        later = 3 - len(trick)
        keep_pagat = self._keep_pagat(seat)
        volat = self._volat_play(seat, options, trick)
        if volat is not None:
            return volat

        # Catch the XXI with the skíz.
        if SKIZ in options and XXI in cards_played and not seat.is_friend(trick[cards_played.index(XXI)][0]):
            return SKIZ
        # Save the XXI while it is safe: the skíz is out, not in this trick, and no one who may hold it as
        # an enemy plays after me; later I may be left with the XXI as my last tarokk ("Catching the XXI").
        saving = self.read_auction and XXI in options and SKIZ not in seat.seen
        if saving and not self._xxi_in_danger(seat, trick):
            return XXI

        hunting = SKIZ in seat.cards and seat.may_be_enemy_card(XXI)  # my skíz waits for the XXI

        def usable(c: int) -> bool:
            if c == XXI and self._xxi_in_danger(seat, trick):
                return False
            if c == SKIZ and hunting and len(seat.cards) > 2:
                return False
            return not (c == PAGAT and keep_pagat)

        pool = [c for c in options if usable(c)] or options
        friend_winning = seat.is_friend(win_seat) and win_seat != seat.me
        if PAGAT in options and self._pagat_doomed(seat):
            # A pagát that would die in the last trick (-5 more) goes now: onto a friend's trick, to win
            # as the last player, or lost for its 5 card points only.
            # With two cards left it goes anyway: even under a partner's card in the last trick it fails.
            can_win = later == 0 and beats(PAGAT, win_card, led)
            hopeless = not any(beats(c, win_card, led) for c in pool)
            if friend_winning or can_win or hopeless or len(seat.cards) <= 2:
                return PAGAT
        if friend_winning and (later == 0 or self._sure_winner(seat, win_card)):
            # Give points to the partner's trick (kings, the pagát, a safe XXI); keep the skíz.
            smear = [c for c in pool if c != SKIZ] or pool
            return max(smear, key=lambda c: (POINTS[c], -c if c < 22 else 0))
        winners = [c for c in pool if beats(c, win_card, led)]
        if winners and not friend_winning:
            if later == 0:
                # Last to play: win as cheaply as possible; the pagát is safe here and worth 5.
                if PAGAT in winners and not keep_pagat:
                    return PAGAT
                return min(winners, key=lambda c: (c >= 22, c if c < 22 else -c))
            sure = [c for c in winners if self._sure_winner(seat, c)]
            pot = sum(POINTS[c] for c in cards_played)
            if sure and (pot >= 4 or led >= 22):
                return min(sure, key=lambda c: (POINTS[c] if c >= 22 else 0, c))
            tarokk_winners = [c for c in winners if c < 22 and c != PAGAT]
            king_out = led >= 22 and 22 + 5 * SUIT_OF[led] not in seat.seen
            if tarokk_winners and (pot >= 5 or king_out):
                # A valuable trick, or a suit whose king may still drop: trump high, not cheaply.
                return max(tarokk_winners)
        if hunting and led < 22:
            # The skíz holder plays tarokks as high as possible without heading the trick (a signal).
            under = [c for c in pool if c < 22 and c not in HONOUR_SET and not beats(c, win_card, led)]
            if under:
                return max(under)
        return self._cheapest(pool)

    @staticmethod
    def _sure_winner(seat: _Seat, card: int) -> bool:
        """No card still out can beat ``card`` (a tarokk above every unseen one; suit cards never count)."""
        return card < 22 and card > seat.top_unseen_tarokk()

    @staticmethod
    def _cheapest(pool: list[int]) -> int:
        """The card whose loss costs least: low points, then low tarokks (never the pagát if avoidable)."""

        def cost(c: int) -> tuple[float, int]:
            if c < 22:
                penalty = 6.0 if c in HONOUR_SET else 0.0
                return (POINTS[c] + penalty, c)
            return (POINTS[c], -(c % 5))

        return min(pool, key=cost)


def _is_yield_spot(auction: list[tuple[int, Any]], me: int) -> bool:
    """Three by me, two by another, both others passed: my pass now yields the game."""
    bids = [(s, a) for s, a in auction if a[0] in ("bid", "hold")]
    if len(bids) != 2 or bids[0][0] != me or bids[0][1] != ("bid", 3) or bids[1][1] != ("bid", 2):
        return False
    others = {0, 1, 2, 3} - {me, bids[1][0]}
    passed = {s for s, a in auction if a[0] == "pass"}
    return others <= passed


def _jump_is_cue(auction: list[tuple[int, Any]]) -> bool:
    """A jump now would be a cue bid: none made yet and not a fourth hand after three passes."""
    highest: int | None = None
    for _seat, action in auction:
        if action[0] == "bid":
            minimum = 3 if highest is None else highest - 1
            if action[1] < minimum:
                return False
            highest = action[1]
    return not (len(auction) >= 3 and all(a[0] == "pass" for _s, a in auction[:3]) and highest is None)


def _announcement_pairs(view: Any) -> list[tuple[int, Any]]:
    return [(item[0], item[1]) for item in view.announcements]


def _same_item(a: Any, b: Any) -> bool:
    """Kontra items compare equal whether given as tuples or (from JSON) lists."""
    return (tuple(a) if isinstance(a, list) else a) == (tuple(b) if isinstance(b, list) else b)


def _team_announced(seat: _Seat, bonus: str) -> bool:
    """Whether my side announced ``bonus`` (as far as I can tell who is on my side)."""
    pairs = _announcement_pairs(seat.view)
    return any(a[0] == "announce" and a[1] == bonus and s in seat.friends for s, a in pairs)


class BaselineRuleBot(RuleBot):
    """The rule bot as it was in 2025, kept move for move as the yardstick of benchmarks/bot_study.py: no
    four kings, volát or XXI catch announcements and no reading of the auction."""

    name = "rule-2025"

    def __init__(self) -> None:
        super().__init__(announce_more=False, read_auction=False)


# --- running hands --------------------------------------------------------------------------------------

BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "rule": RuleBot, "rule-2025": BaselineRuleBot}


def make_bots(names: Sequence[str]) -> list[Bot]:
    """Bots from names (``random``, ``rule``, ``rule-2025``), one per seat; raises ValueError for unknown
    names."""
    if len(names) != 4:
        raise ValueError(f"need four bots, got {len(names)}")
    try:
        return [BOTS[name.strip().lower()]() for name in names]
    except KeyError as exc:
        raise ValueError(f"unknown bot {exc.args[0]!r} (known: {', '.join(BOTS)})") from None


def play_hand(
    seed: int,
    bots: Sequence[Bot],
    rules: Rules = PAGAT_RULES,
    on_move: Callable[[Hand, int, Action], None] | None = None,
    *,
    seats: Sequence[str] = ("A", "B", "C", "D"),
    stake: int = 1,
) -> Hand:
    """Deal hand ``seed`` and let each seat's bot play it to the end; the same seed gives the same hand.

    The bots share one rng seeded from ``seed`` (apart from the deal's), so runs are reproducible.
    ``on_move(hand, seat, action)`` is called before each action is applied (the play CLI narrates with it).
    ``seats`` labels the active players from the first bidder on (a tournament table's positions) and
    ``stake`` is the hand's multiplier (doubled rounds).
    """
    hand = Hand.new(seed, rules=rules, stake=stake, seats=tuple(seats))
    rng = random.Random(f"bots:{seed}")
    while not hand.done:
        seat = hand.to_move()
        action = bots[seat].choose(hand.view(seat), rng)
        if on_move is not None:
            on_move(hand, seat, action)
        hand.apply(action)
    return hand


def duel(
    first: str | Callable[[], Bot],
    second: str | Callable[[], Bot],
    seeds: Iterable[int],
    rules: Rules = PAGAT_RULES,
    on_hand: Callable[[int, Hand, tuple[int, int]], None] | None = None,
) -> list[float]:
    """Per seed, the average payment per hand per seat of bot ``first`` against bot ``second``.

    Bots are given by name or by a zero-argument factory. Each seed is played twice, ``first, second,
    first, second`` and ``second, first, second, first``, so each bot sits in every seat on the same deal (a
    duplicate-style comparison that cancels the luck of the cards). Payments are zero-sum (except for kegl's
    ultimó pot), so ``second`` averaged the negative of each figure. ``on_hand(seed, hand, first_seats)``
    sees each finished hand (benchmarks/bot_study.py counts the announcements with it).
    """
    make_first = (lambda: BOTS[first]()) if isinstance(first, str) else first
    make_second = (lambda: BOTS[second]()) if isinstance(second, str) else second
    out = []
    for seed in seeds:
        total = 0
        for first_seats in ((0, 2), (1, 3)):
            bots = [make_first() if s in first_seats else make_second() for s in range(4)]
            hand = play_hand(seed, bots, rules=rules)
            if on_hand is not None:
                on_hand(seed, hand, first_seats)
            payments = hand.payments()
            total += sum(payments[hand.labels[s]] for s in first_seats)
        out.append(total / 4)
    return out
