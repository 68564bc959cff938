"""Cego (Ichenheim) played live (``engine.core.live``, ``engine.core.trickhand``): ``CegoHand``, ``LIVE`` (the
descriptor's ``LiveGame``), ``replay`` of a hand record and ``bot_record``.

A hand goes through these phases (``PHASES``), each move a code in the record's own words:

- ``specials``, the first round of bidding (17.3: Ulti and Solodu "can be bid instead of Solo in the first
  round of bidding"; 17.4: Piccolo, Bettel and Ulti): from Vorhand on, each says ``pass`` or a contract of
  ``engine.cego.play.SPECIALS`` higher than any said before (``solo``, ``piccolo``, ``bettel``, ``ulti``,
  ``solodu``, as the rules play them at the table); whoever passed is out; the last one standing plays
  his own hand.
- ``auction``, the second round, for the Blinde, when all passed the first: Vorhand's bid of Cego is
  compulsory (17.4), so Vorhand says ``cego`` or a higher blind contract, and the others pass or bid higher
  (``eine_leere``, ``zwei_leere``, ``zwei_verschiedene``, ``kleiner_mann`` where the rules play it).
  choice: a plain auction, each bid higher than the last, a player who passed being out (the texts give
  no "hold").
- ``raeuber``: where 17.4's special games are played, when "the other three players pass again over the
  first player's compulsory bid of Cego", Vorhand says ``cego`` (plays it) or ``raeuber``.
- ``keep``: the declarer of a blind contract keeps one or two cards of his hand (``keep HA``, ``keep H2 H3``
  in hand order); the rest is laid away (the Legage, which counts for him); kept empty cards are shown.
- ``discard``: he takes the Blinde and lays away what is over his hand's size (``discard C9 S8 D3``); a
  Trock laid away is shown.
- ``play``: ``play XXI``; who may play what is ``legal_cards`` (``engine.cego.play``).

Views (docs/live.md): the common keys of ``TrickHand``, and ``auction`` [{seat, say, round}], ``declarer``,
``bid`` (the contract, or ``raeuber``), ``kind``, ``sitting_out``, ``talon`` (the Blinde: its size, who took
it, and the cards only once the table saw them), ``discards`` (how many the declarer laid away, the Trocks
among them that were shown, and his own to the declarer), ``kept`` (the empty cards the declarer showed).
A seat never sees another seat's card the rules keep hidden; the public view sees no hidden card; once the
hand is over ``result`` holds the whole record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from engine.cego import play as P
from engine.cego.rules import Rules, resolve_rules
from engine.cego.scoring import score
from engine.cego.summary import Hand as ScoredHand
from engine.core.kit import schema_of
from engine.core.live import Choice, LiveDeal, LiveGame
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown
from engine.core.thirds import stored
from engine.core.trickhand import (
    LONGEST_CODE,
    MoveError,
    Replayed,
    TrickHand,
    hand_over,
    record_deal,
    replay_record,
)

#: the phases a view names, in the order a hand goes through them
PHASES: dict[str, str] = {
    "specials": _("first round: Solo and the special games"),
    "auction": _("bidding for the Blinde"),
    "raeuber": _("Cego or Räuber"),
    "keep": _("keeping cards"),
    "discard": _("discarding"),
    "play": _("play"),
    "done": _("hand over"),
}

#: the choices' labels, in the game's words; each is ``Message("cego_live_" + key, text)``
TEXTS: dict[str, str] = {
    "pass": _("Pass"),
    "solo": _("Solo"),
    "piccolo": _("Piccolo"),
    "bettel": _("Bettel"),
    "ulti": _("Ulti"),
    "solodu": _("Solodu"),
    "cego": _("Cego"),
    "eine_leere": _("Eine Leere"),
    "zwei_leere": _("Zwei Leere"),
    "zwei_verschiedene": _("Zwei Verschiedene"),
    "kleiner_mann": _("Kleiner Mann"),
    "play_cego": _("Play Cego"),
    "raeuber": _("Announce a Räuber"),
    "keep": _("Keep %(cards)s"),
    "discard": _("Lay away %(count)s card(s)"),
    "play": _("Play %(card)s"),
    "hint_compulsory": _("Vorhand's compulsory bid"),
}


def text(key: str, **params: Any) -> Message:
    return Message(f"cego_live_{key}", TEXTS[key], **params)


class CegoMoveError(MoveError):
    """A Cego move or record the engine refuses: ``CegoMoveError(where, why)``."""


class CegoHand(TrickHand):
    """One hand of Cego in live play (see the module's docstring)."""

    game_id: ClassVar[str] = "cego"
    pack = P.PACK
    error = CegoMoveError

    # --- dealing ---------------------------------------------------------------------------------------
    def setup(self) -> None:
        deal = self.deal
        rules = deal.rules if isinstance(deal.rules, Rules) else resolve_rules(deal.rules)
        self.rules: Rules = rules
        seats = self.seats
        dealer = deal.dealer
        if len(seats) == 4 and not rules.all_four_play and dealer is None:
            # a table of four under 17.3 given as its positions from Vorhand on: the last, the dealer,
            # takes no part in the play "but wins and loses equally with the defenders"
            seats, dealer = seats[:3], seats[3]
            self.seats = seats
        four = 4 if rules.all_four_play else 3
        if len(seats) not in (3, four):
            raise CegoMoveError(
                "seats",
                Message(
                    "cego_seats",
                    _("must be the %(n)s active seats from Vorhand on"),
                    n="3 or 4" if four == 4 else 3,
                ),
            )
        self.sitting_out: str | None = dealer if dealer is not None and dealer not in seats else None
        if self.sitting_out and rules.all_four_play:
            raise CegoMoveError(
                "dealer",
                Message(
                    "cego_dealer_plays", _("must be one of the seats: all four play the four-handed game")
                ),
            )
        self.table_size = len(seats) + (1 if self.sitting_out else 0)
        hands, blinde = P.deal(deal.seed, len(seats), rules.pack(len(seats)))
        self.hands = dict(zip(seats, hands, strict=True))
        self.blinde = blinde
        self.hand_size = len(hands[0])
        self.specials, self.blind, self.raeuber_played = _ladders(rules, self.table_size)
        self.simple = False
        self.auction: list[tuple[str, str, str]] = []
        self.out: set[str] = set()
        self.high: tuple[str, str] | None = None
        self.turn = 0
        self.declarer: str | None = None
        self.contract: str | None = None
        self.kind = "played"
        self.kept: tuple[str, ...] = ()
        self.shown_kept: tuple[str, ...] = ()
        self.legage: list[str] = []
        self.shown_discards: list[str] = []
        self.must_lead: list[str] = []
        self.blinde_to: str | None = None
        self.phase = "specials"
        self._summary: dict[str, Any] | None = None
        self._payments: dict[str, int] | None = None
        #: a Räuber's card points of each seat in thirds, as its summary gives them
        self._seat_thirds: dict[str, int] = {}

    # --- whose move ------------------------------------------------------------------------------------
    def to_move(self) -> str | None:
        phase = self.phase
        if phase == "play":
            return self.play.to_move()  # type: ignore[union-attr]
        if phase == "done":
            return None
        if phase in ("keep", "discard"):
            return self.declarer
        if phase == "raeuber":
            return self.seats[0]
        return self.seats[self.turn]

    # --- legal moves -----------------------------------------------------------------------------------
    def _bids(self, seat: str) -> list[str]:
        """The contracts ``seat`` may bid now (``self.phase`` is specials or auction)."""
        ladder = self.specials if self.phase == "specials" else self.blind
        start = 0 if self.high is None else ladder.index(self.high[1]) + 1
        hand = self.hands[seat]
        return [c for c in ladder[start:] if P.may_bid(c, hand)]

    def legal(self) -> tuple[Choice, ...]:
        phase = self.phase
        seat = self.to_move()
        if seat is None:
            return ()
        if phase == "play":
            return tuple(
                Choice(f"play {c}", text("play", card=c), "play", card=c)
                for c in sorted(self.legal_cards(seat), key=P.ORDER.__getitem__)
            )
        if phase in ("specials", "auction"):
            out = []
            compulsory = phase == "auction" and self.high is None
            if not compulsory:
                out.append(Choice("pass", text("pass"), "pass"))
            for c in self._bids(seat):
                hint = text("hint_compulsory") if compulsory and c == "cego" else None
                out.append(Choice(c, text(c), "bid", hint=hint))
            return tuple(out)
        if phase == "raeuber":
            return (Choice("cego", text("play_cego"), "bid"), Choice("raeuber", text("raeuber"), "bid"))
        if phase == "keep":
            return tuple(
                Choice("keep " + " ".join(k), text("keep", cards=" ".join(k)), "keep")
                for k in P.keep_options(self.contract or "", self.hands[seat])
            )
        if phase == "discard":
            hand = self.hands[seat]
            n = len(hand) - self.hand_size
            cards = P.discardable(hand, self.must_lead, n)
            return (Choice("discard", text("discard", count=n), "discard", pick=n, cards=tuple(cards)),)
        return ()

    def legal_cards(self, seat: str) -> list[str]:
        """The cards ``seat`` may play to the trick on the table."""
        play = self.play
        assert play is not None
        hand = play.hands[seat]
        trick = [c for _s, c in play.trick]
        contract = self.contract
        rules = self.rules
        if contract == "raeuber":
            number = len(play.tricks)
            if number < 3:
                allowed = P.raeuber_cards(hand, number, rules.raeuber_first_tricks)
                if trick and rules.raeuber_overtake:
                    best = trick[P.winner(trick)]
                    higher = [c for c in allowed if P.beats(c, best)]
                    allowed = higher or allowed
                return allowed
            return P.follows(hand, trick, rules.raeuber_overtake)
        if seat == self.declarer and not trick and self.must_lead:
            return list(self.must_lead)
        allowed = P.follows(hand, trick, contract in P.NEGATIVE and rules.negative_overtake)
        if contract == "ulti" and seat == self.declarer and len(allowed) > 1 and P.PAGAT in allowed:
            allowed.remove(P.PAGAT)  # the Ulti's I is kept for the last trick (17.3)
        return allowed

    def _simple_play(self) -> bool:
        """Whether the play follows the common rule only (follow suit, else trump), but for the Ulti's
        Trock 1: checked fast."""
        contract = self.contract
        if contract == "raeuber" or self.must_lead:
            return False
        return not (contract in P.NEGATIVE and self.rules.negative_overtake)

    def _may_play(self, seat: str, card: str) -> bool:
        play = self.play
        assert play is not None
        hand = play.hands[seat]
        if card not in hand:
            return False
        if not self.simple or (card == P.PAGAT and self.contract == "ulti" and seat == self.declarer):
            return card in self.legal_cards(seat)
        if not play.trick:
            return True
        suit = P.SUIT
        led = suit[play.trick[0][1]]
        mine = suit[card]
        if mine == led:
            return True
        for c in hand:
            if suit[c] == led:
                return False
        if mine is None:
            return True
        return all(suit[c] is not None for c in hand)

    # --- applying --------------------------------------------------------------------------------------
    def apply(self, code: str) -> None:
        """As ``TrickHand.apply`` (atomic: a refused code changes nothing), the play and the bids checked
        without building the choices (a replay applies every move again)."""
        phase = self.phase
        if type(code) is str:
            if phase == "play":
                if code[:5] == "play " and len(code) < 12:
                    play = self.play
                    seat = play.to_move()  # type: ignore[union-attr]
                    card = code[5:]
                    if seat is not None and self._may_play(seat, card):
                        self._play(seat, card)
                        self.codes.append(code)
                        self.moved_by.append(seat)
                        return
            elif phase == "specials" or phase == "auction":
                seat = self.seats[self.turn]
                if code == "pass":
                    ok = not (phase == "auction" and self.high is None)
                else:
                    ladder = self.specials if phase == "specials" else self.blind
                    ok = (
                        code in ladder
                        and (self.high is None or ladder.index(code) > ladder.index(self.high[1]))
                        and P.may_bid(code, self.hands[seat])
                    )
                if ok:
                    self._bid(seat, code)
                    self.codes.append(code)
                    self.moved_by.append(seat)
                    return
            elif phase == "keep" and code[:5] == "keep " and self._listed(code):
                seat = self.declarer
                assert seat is not None
                self._keep(seat, tuple(code[5:].split(" ")))
                self.codes.append(code)
                self.moved_by.append(seat)
                return
            elif phase == "raeuber" and (code == "cego" or code == "raeuber"):  # both always legal
                seat = self.seats[0]
                self.do(code)
                self.codes.append(code)
                self.moved_by.append(seat)
                return
            elif phase == "discard" and code[:8] == "discard " and self._listed(code):
                seat = self.declarer
                assert seat is not None
                self._discard(seat, code[8:].split(" "))
                self.codes.append(code)
                self.moved_by.append(seat)
                return
        super().apply(code)

    def replay_plays(self, moves: Any) -> bool:
        """Apply each of ``moves`` (an iterator of a record's moves) while the play lasts, as ``apply``
        would: the seat to move, a legal card. False at the first that is not (the hand then holds the
        moves before it). The loop keeps the tables it reads at hand: a replay spends most of its time
        here."""
        play = self.play
        assert play is not None
        hands, seats, index, tricks = play.hands, play.seats, play.index, play.tricks
        n = len(seats)
        suit, strength = P.SUIT, P.STRENGTH
        codes, moved = self.codes, self.moved_by
        contract = self.contract
        rules = self.rules
        ulti = self.declarer if contract == "ulti" else None
        raeuber = contract == "raeuber"
        overtake = (contract in P.NEGATIVE and rules.negative_overtake) or (
            raeuber and rules.raeuber_overtake
        )
        pagat = P.PAGAT
        card_of = _PLAY_CODES.get
        # the trick's best card so far (``P.winner``) and its strength, kept up to date card by card: the
        # overtaking rule reads it and the trick's winner is known when its last card falls
        best_seat, best, top = _best_of(play.trick)
        first_tricks = rules.raeuber_first_tricks
        try:
            for move in moves:
                if type(move) is not dict or len(move) != 2:
                    return False
                seat = move["seat"]
                code = move["code"]
                trick = play.trick
                pos = len(trick)
                if play.left == 0 or seats[(play.lead_at + pos) % n] != seat:
                    return False
                card = card_of(code)
                if card is None:
                    return False
                hand = hands[seat]
                if card not in hand:
                    return False
                mine_s = strength[card]
                # whether the card beats the trick so far (``P.beats`` on the strengths)
                beat = not pos or (
                    (top < 100 or mine_s > top)
                    if mine_s > 100
                    else (top < 100 and card[0] == best[0] and mine_s > top)
                )
                if raeuber and len(tricks) < 3:  # 17.4 and the erratum: the first three tricks' Trocks
                    allowed = P.raeuber_cards(hand, len(tricks), first_tricks)
                    if card not in allowed:
                        return False
                    if overtake and not beat:
                        for c in allowed:
                            sc = strength[c]
                            if (
                                (top < 100 or sc > top)
                                if sc > 100
                                else (top < 100 and c[0] == best[0] and sc > top)
                            ):
                                return False
                elif self.must_lead or (card == pagat and seat == ulti):
                    if card not in self.legal_cards(seat):
                        return False
                    if self.must_lead:
                        self._play(seat, card)
                        codes.append(code)
                        moved.append(seat)
                        best_seat, best, top = _best_of(play.trick)
                        continue
                elif pos:
                    led = suit[trick[0][1]]
                    mine = suit[card]
                    if mine != led:
                        for c in hand:
                            if suit[c] == led:
                                return False
                        if mine is not None:
                            for c in hand:
                                if suit[c] is None:
                                    return False
                    # beat the trick when a card allowed can (``play.follows`` with ``must_overtake``): a
                    # Trock played (which beats any suit card): a higher Trock; a card of the suit led: a
                    # higher one of that suit while no Trock is on top; a discard: nothing can
                    if overtake and not beat:
                        if mine is None:  # not beating: a Trock is on top
                            for c in hand:
                                if strength[c] > top:
                                    return False
                        elif mine == led and top < 100:
                            for c in hand:
                                if suit[c] == led and strength[c] > top:
                                    return False
                hand.remove(card)
                play.left -= 1
                trick.append((seat, card))
                codes.append(code)
                moved.append(seat)
                if beat:
                    best_seat, best, top = seat, card, mine_s
                if pos + 1 == n:
                    tricks.append((trick[0][0], tuple([c for _s, c in trick]), best_seat))
                    play.trick = []
                    play.leader = best_seat
                    play.lead_at = index[best_seat]
                    if play.left == 0:
                        self._end()
        except (KeyError, TypeError):  # a move without its seat or code, a seat that is no label
            return False
        return True

    def _listed(self, code: str) -> bool:
        """Whether ``code`` is a legal move (``TrickHand._listed``), the keep and the discard checked
        without building their choices."""
        phase = self.phase
        if phase == "keep":
            return code[:5] == "keep " and P.may_keep(
                self.contract or "", self.hands[self.declarer or ""], tuple(code[5:].split(" "))
            )
        if phase == "discard":
            head, *cards = code.split(" ")
            hand = self.hands[self.declarer or ""]
            n = len(hand) - self.hand_size
            return (
                head == "discard"
                and len(cards) == n
                and len(set(cards)) == n
                and set(cards) <= set(P.discardable(hand, self.must_lead, n))
            )
        return super()._listed(code)

    def do(self, code: str) -> None:
        phase = self.phase
        seat = self.to_move()
        assert seat is not None
        if phase == "play":
            self._play(seat, code[5:])
        elif phase in ("specials", "auction"):
            self._bid(seat, code)
        elif phase == "raeuber":
            self.auction.append((seat, code, "raeuber"))
            if code == "raeuber":
                self.contract = "raeuber"
                self.kind = "raeuber"
                self.declarer = None
                self._start_play()
            else:
                self.phase = "keep"
        elif phase == "keep":
            self._keep(seat, tuple(code.split(" ")[1:]))
        elif phase == "discard":
            self._discard(seat, code.split(" ")[1:])

    def _bid(self, seat: str, code: str) -> None:
        round_ = self.phase
        self.auction.append((seat, code, "specials" if round_ == "specials" else "blinde"))
        if code == "pass":
            self.out.add(seat)
        else:
            self.high = (seat, code)
        n = len(self.seats)
        standing = n - len(self.out)
        if self.high is None and standing == 0:  # all passed the first round: the auction for the Blinde
            self.phase = "auction"
            self.out = set()
            self.turn = 0
            return
        if self.high is not None and standing == 1:
            self._auction_over()
            return
        i = self.turn
        for _step in range(n):
            i = (i + 1) % n
            if self.seats[i] not in self.out and (self.high is None or self.seats[i] != self.high[0]):
                break
        self.turn = i

    def _auction_over(self) -> None:
        assert self.high is not None
        seat, contract = self.high
        self.declarer, self.contract = seat, contract
        if self.phase == "specials":
            self._start_play()
            return
        only_cego = contract == "cego" and all(
            say == "pass" for s, say, r in self.auction if r == "blinde" and s != seat
        )
        if only_cego and self.raeuber_played and self.rules.raeuber:
            self.phase = "raeuber"
            return
        self.phase = "keep"

    def _keep(self, seat: str, kept: tuple[str, ...]) -> None:
        hand = self.hands[seat]
        self.kept = kept
        self.legage = [c for c in hand if c not in kept]
        if self.contract in P.LEERE:
            self.shown_kept = kept
            self.must_lead = list(kept)
        self.hands[seat] = [*kept, *self.blinde]
        self.blinde_to = seat
        if len(self.hands[seat]) > self.hand_size:
            self.phase = "discard"
        else:
            self._start_play()

    def _discard(self, seat: str, cards: list[str]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.legage.extend(cards)
        self.shown_discards = sorted((c for c in cards if c in P.TROCKS), key=P.ORDER.__getitem__)
        self._start_play()

    def _start_play(self) -> None:
        leader = self.seats[0]
        if self.contract in P.LEERE and self.rules.leere_declarer_leads and self.declarer:
            leader = self.declarer
        self.play = P.CegoPlay(self.seats, self.hands, leader)
        self.phase = "play"
        self.simple = self._simple_play()

    def _play(self, seat: str, card: str) -> None:
        play = self.play
        assert play is not None
        if self.must_lead and seat == self.declarer and card in self.must_lead:
            self.must_lead.remove(card)
            self.simple = self._simple_play()
        play.play(seat, card)
        if play.left == 0:
            self._end()

    def _end(self) -> None:
        self.phase = "done"
        if (
            self.contract == "raeuber"
        ):  # 17.4: "The cards of the Blinde are given to the winner of the last trick"
            self.blinde_to = self.play.tricks[-1][2]  # type: ignore[union-attr]

    # --- why a code is refused -------------------------------------------------------------------------
    def why_not(self, code: str) -> Message:
        phase = self.phase
        seat = self.to_move() or ""
        head = code.split(" ", 1)[0]
        expected = {"play": "play", "keep": "keep", "discard": "discard"}.get(phase)
        if expected is not None and head != expected:
            return Message(
                "cego_wrong_phase",
                _("%(value)s is no move now: the hand is at %(phase)s"),
                value=shown(code),
                phase=phase,
            )
        if phase == "play":
            card = code[5:]
            if card not in P.SUIT:
                return Message("unknown_card", _("%(value)s is no card of this pack"), value=shown(card))
            play = self.play
            assert play is not None
            if card not in play.hands[seat]:
                return Message("seat_lacks_card", _("%(seat)s does not hold %(card)s"), seat=seat, card=card)
            if self.contract == "raeuber" and len(play.tricks) < 3:
                return Message(
                    "cego_raeuber_first_tricks",
                    _(
                        "in the first three tricks of a Räuber Trocks must be played, the Gstieß, 21 and 1 to"
                        " the first, second and third trick"
                    ),
                )
            if seat == self.declarer and not play.trick and self.must_lead:
                return Message("cego_lead_empty", _("the declarer must lead the empty cards he kept (17.3)"))
            if self.contract == "ulti" and seat == self.declarer and card == P.PAGAT:
                return Message(
                    "cego_ulti_pagat", _("the Ulti's declarer keeps the Trock 1 for the last trick")
                )
            plain = self.pack.follows(play.hands[seat], [c for _s, c in play.trick])
            if card not in plain:
                led = P.SUIT[play.trick[0][1]]
                if any(P.SUIT[c] == led for c in play.hands[seat]):
                    return Message("cego_follow", _("%(card)s does not follow the card led"), card=card)
                return Message("cego_trump", _("unable to follow, %(seat)s must play a Trock"), seat=seat)
            return Message(
                "cego_overtake",
                _("%(card)s does not beat the trick, and a card that does must be played"),
                card=card,
            )
        if phase in ("specials", "auction"):
            if head in P.SPECIALS or head in P.BLIND:
                if head not in (self.specials if phase == "specials" else self.blind):
                    return Message(
                        "cego_not_bid_now", _("%(word)s is not bid in this round at this table"), word=head
                    )
                if not P.may_bid(head, self.hands[seat]):
                    return Message(
                        "cego_cannot_bid",
                        _("%(seat)s does not hold the cards %(word)s needs"),
                        seat=seat,
                        word=head,
                    )
                return Message("cego_bid_low", _("%(word)s does not outbid the bid so far"), word=head)
            if code == "pass" and phase == "auction" and self.high is None:
                return Message("cego_compulsory", _("Vorhand's bid of Cego is compulsory (17.4)"))
        if phase == "keep":
            return Message(
                "cego_keep",
                _(
                    "%(value)s is not what the contract keeps (Cego: one card; the Leere: genuine empty"
                    " cards)"
                ),
                value=shown(code),
            )
        if phase == "discard":
            return Message(
                "cego_discard",
                _("lay away %(n)s cards, no King, no honour and no empty card you showed"),
                n=len(self.hands[seat]) - self.hand_size,
            )
        return super().why_not(code)

    # --- the end ---------------------------------------------------------------------------------------
    def piles(self) -> dict[str, list[str]]:
        """Each active seat's cards at the end: its tricks, the Legage to the declarer, and the Blinde to
        whoever it counts for."""
        play = self.play
        assert play is not None
        piles = {s: play.won(s) for s in self.seats}
        if self.declarer is not None:
            piles[self.declarer].extend(self.legage)
        if self.contract == "raeuber" or self.contract in P.BLIND:
            if self.contract == "raeuber" and self.blinde_to is not None:
                piles[self.blinde_to].extend(self.blinde)
        elif self.contract == "solo":
            to = self.declarer if self.rules.solo_blinde == "declarer" else None
            if to is None:  # the defenders': counted with the first defender's pile (their points are shared)
                to = next(s for s in self.seats if s != self.declarer)
            piles[to].extend(self.blinde)
        return piles

    def _declarer_pile(self, declarer: str) -> list[str]:
        """The declarer's cards at the end (``piles()[declarer]``, in one pass)."""
        play = self.play
        assert play is not None
        pile = [c for _leader, cards, winner in play.tricks if winner == declarer for c in cards]
        pile += self.legage
        if self.contract == "solo" and self.rules.solo_blinde == "declarer":
            pile += self.blinde
        return pile

    def summary(self) -> dict[str, Any]:
        if self._summary is not None:
            return self._summary
        if not self.done:
            raise CegoMoveError(self.where(), Message("cego_not_over", _("the hand is not over")))
        play = self.play
        assert play is not None
        out: dict[str, Any] = {
            "seats": list(self.seats),
            "stake": self.deal.stake,
            "rules": _spec(self.rules),
        }
        if self.sitting_out:
            out["sitting_out"] = self.sitting_out
        won = play.tricks_won()
        if self.contract == "raeuber":
            # each seat's pile (``piles``): its tricks, and the Blinde to the last trick's winner
            thirds = dict.fromkeys(self.seats, 0)
            value = P.THIRDS.__getitem__
            for _leader, cards, winner in play.tricks:
                thirds[winner] += sum(map(value, cards))
            if self.blinde_to is not None:
                thirds[self.blinde_to] += P.pile_thirds(self.blinde)
            self._seat_thirds = thirds
            out["kind"] = "raeuber"
            out["seat_points"] = {s: stored(thirds[s]) for s in self.seats}
            out["seat_tricks"] = won
        else:
            declarer = self.declarer
            contract = self.contract
            assert declarer is not None
            assert contract is not None
            out.update(kind="played", contract=contract, declarer=declarer)
            mine = won[declarer]
            total = len(play.tricks)
            if contract in P.FIXED:
                if contract == "ulti":
                    leader, cards, winner = play.tricks[-1]
                    start = self.seats.index(leader)
                    own = cards[(self.seats.index(declarer) - start) % len(self.seats)]
                    made = winner == declarer and own == P.PAGAT
                elif contract == "solodu":
                    made = mine == total
                elif contract == "piccolo":
                    made = mine == 1
                else:
                    made = mine == 0
                out["made"] = made
            else:
                points = P.rounded(P.pile_thirds(self._declarer_pile(declarer)))
                side = "declarer" if mine == total else "opponents" if mine == 0 else "none"
                if side != "none":
                    out["all_tricks"] = side
                    if (points >= self.rules.points_to_win) == (side == "declarer"):
                        out["card_points"] = points
                else:
                    out["card_points"] = points
        self._summary = out
        return out

    def payments(self) -> dict[str, int]:
        """The payments ``score_summary(self.summary())`` gives, scored from the summary's own values
        (the summary is the engine's, so it is not read again field by field)."""
        if self._payments is None:
            s = self.summary()
            extra: dict[str, Any]
            if s["kind"] == "raeuber":
                key = None
                extra = {"seat_thirds": dict(self._seat_thirds), "seat_tricks": s["seat_tricks"]}
            else:
                extra = {
                    k: s[k] for k in ("contract", "declarer", "card_points", "all_tricks", "made") if k in s
                }
                key = (self.rules, self.seats, self.sitting_out, self.deal.stake, *extra.items())
            paid = None if key is None else _PAID.get(key)
            if paid is None:
                hand = ScoredHand(
                    seats=self.seats,
                    stake=self.deal.stake,
                    sitting_out=self.sitting_out,
                    rules=self.rules,
                    kind=s["kind"],
                    **extra,
                )
                paid = score(hand)["payments"]
                if key is not None:
                    if len(_PAID) > 4096:
                        _PAID.clear()
                    _PAID[key] = paid
            self._payments = paid
        return dict(self._payments)

    # --- the rule bot ----------------------------------------------------------------------------------
    def rule_bot(self, rng: Any) -> str:
        from engine.cego.bots import rule_move

        return rule_move(self, rng)

    # --- views -----------------------------------------------------------------------------------------
    def extra_view(self, seat: str | None) -> dict[str, Any]:
        done = self.done
        declarer = self.declarer
        talon: dict[str, Any] = {"size": len(self.blinde), "taken_by": self.blinde_to}
        if done:
            talon["cards"] = sorted(self.blinde, key=P.ORDER.__getitem__)
        elif seat is not None and seat == declarer and self.blinde_to == seat:
            talon["received"] = sorted(self.blinde, key=P.ORDER.__getitem__)
        discards: dict[str, Any] = {"count": len(self.legage), "shown": list(self.shown_discards)}
        if seat is not None and seat == declarer and self.legage:
            discards["mine"] = sorted(self.legage, key=P.ORDER.__getitem__)
        return {
            "auction": [{"seat": s, "say": say, "round": r} for s, say, r in self.auction],
            "declarer": declarer,
            "bid": self.contract if self.phase in ("keep", "discard", "play", "done") else None,
            "kind": self.kind,
            "sitting_out": self.sitting_out,
            "talon": talon,
            "discards": discards,
            "kept": sorted(self.shown_kept, key=P.ORDER.__getitem__),
        }

    def record(self) -> dict[str, Any]:
        out = super().record()
        out["rules"] = _spec(self.rules)
        out["dealer"] = self.deal.dealer if self.deal.dealer is not None else self.sitting_out
        return out

    def seat_view(self, seat: str, render: Any = str) -> dict[str, Any]:
        """``TrickHand.seat_view``; the sitting-out dealer sees what a spectator sees (he holds no card)."""
        if seat is not None and seat == self.sitting_out:
            out = self.public_view(render)
            out.update(seat=seat, hand=[], choices=[])
            return out
        return super().seat_view(seat, render)


def _best_of(trick: list[tuple[str, str]]) -> tuple[str, str, int]:
    """The seat and the card winning ``trick`` so far (``P.winner``) and the card's strength; ("", "", 0)
    for an empty trick."""
    if not trick:
        return "", "", 0
    seat, card = trick[P.winner([c for _s, c in trick])]
    return seat, card, P.STRENGTH[card]


#: the code of playing each card -> the card
_PLAY_CODES: dict[str, str] = {f"play {c}": c for c in P.CARDS}

#: payments of played hands by what scores them (a pure function of these): replays of bot hands meet the
#: same contract, declarer and count again and again
_PAID: dict[Any, dict[str, int]] = {}


@cache
def _ladders(rules: Rules, table_size: int) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The first round's contracts, the Blinde's, and whether the Räuber is played, at this table."""
    specials = tuple(c for c in P.SPECIALS if rules.plays(c, table_size))
    blind = tuple(c for c in P.BLIND if rules.plays(c, table_size))
    return specials, blind, rules.specials_at(table_size)


@cache
def _spec_of(rules: Rules) -> str | dict[str, Any]:
    return rules.spec()


def _spec(rules: Rules) -> str | dict[str, Any]:
    """``rules.spec()``, worked out once per rules (a fresh copy of an options spec each time)."""
    spec = _spec_of(rules)
    return spec if type(spec) is str else {"preset": spec["preset"], "options": dict(spec["options"])}


#: the JSON schema of a seat's view
view_schema = schema_of("cego", "live-view")


def start(deal: LiveDeal) -> CegoHand:
    """A Cego hand dealt by ``deal``, at its first move."""
    return CegoHand(deal)


LIVE = LiveGame(start=start, view_schema=view_schema, phases=PHASES)


#: the rules of the ``{"preset", "options"}`` specs records named lately (resolving options checks each
#: one: a tenth of a replay's time), by the spec's values and their types (1 is not True to the checks)
_RULES_OF_SPEC: dict[Any, Rules] = {}


def _spec_key(spec: Any) -> Any:
    """A hashable key naming ``spec`` exactly, or None (a preset name or an unusual spec: not cached)."""
    if type(spec) is not dict or spec.keys() != {"preset", "options"} or type(spec["preset"]) is not str:
        return None
    options = spec["options"]
    if type(options) is not dict:
        return None
    key = []
    for name, value in options.items():
        if type(name) is not str or type(value) not in (str, int, bool, float):
            return None
        key.append((name, type(value), value))
    return spec["preset"], tuple(sorted(key, key=lambda item: item[0]))


def record_rules(spec: Any) -> Rules:
    """The rules a record names (a preset name or ``{"preset", "options"}``); errors name ``rules``."""
    key = _spec_key(spec)
    if key is not None:
        known = _RULES_OF_SPEC.get(key)
        if known is not None:
            return known
    try:
        rules = resolve_rules(spec)
    except RulesError as exc:
        raise CegoMoveError("rules", exc) from None
    if key is not None:
        if len(_RULES_OF_SPEC) >= 256:
            _RULES_OF_SPEC.clear()
        _RULES_OF_SPEC[key] = rules
    return rules


def replay(record: Any) -> Replayed:
    """Replay a hand record (``engine/schemas/cego/hand-record.schema.json``): ``.summary``, ``.payments``;
    ``CegoMoveError`` names the first thing wrong (``engine.core.trickhand.replay_record``).

    A record as the engine writes it is replayed on a fast path that checks the same things; anything
    else, and any record that path refuses, goes through ``replay_record``, which names the error."""
    if isinstance(record, Mapping) and "game" in record and record["game"] != "cego":
        raise CegoMoveError(
            "game", Message("cego_record_game", _("must name the game %(value)s"), value="cego")
        )
    fast = _fast_replay(record)
    if fast is not None:
        return fast
    try:
        return replay_record(record, start, record_rules, CegoMoveError)
    except CegoMoveError:
        raise
    except EngineError as exc:  # pragma: no cover - replay_record raises the error it is given
        raise CegoMoveError("record", exc) from None


_RECORD_KEYS = frozenset(("game", "version", "rules", "seats", "stake", "seed", "dealer", "moves"))
_MOVE_KEYS = {"seat", "code"}


def _fast_replay(record: Any) -> Replayed | None:
    """The replay of a well-formed record whose every move is legal, else None (then ``replay_record``
    tells what is wrong): the checks of ``replay_record`` on plain dicts and lists, without its per-move
    generality."""
    if type(record) is not dict or not record.keys() <= _RECORD_KEYS:
        return None
    seats = record.get("seats")
    if type(seats) is not list or not 3 <= len(seats) <= 4:
        return None
    try:
        deal, moves = record_deal(record, record_rules, CegoMoveError)
        hand = CegoHand(deal)
        it = iter(moves)
        for move in it:
            if type(move) is not dict or len(move) != 2 or "seat" not in move or "code" not in move:
                return None
            if move["seat"] != hand.to_move():
                return None
            hand.apply(move["code"])
            if hand.phase == "play":
                break
        if hand.phase == "play" and not hand.replay_plays(it):  # the play: most of a hand's moves
            return None
    except EngineError:
        return None
    if not hand.done:
        return None
    return Replayed(hand=hand, summary=hand.summary(), payments=hand.payments())


def bot_record(
    seed: int,
    rules: Any,
    seats: Any,
    stake: int = 1,
    dealer: str | None = None,
    bots: str = "rule",
) -> dict[str, Any]:
    """A hand dealt by ``seed`` and played to the end by the bots ``bots`` ("rule" or "random"): its record.

    ``seats`` are the active seats from Vorhand on, and ``dealer`` a sitting-out dealer if any. Four seats
    under rules where three play (17.3's table of four) are the table's positions from Vorhand on: the
    last, the dealer, sits out."""
    rules = resolve_rules(rules)
    seats = tuple(seats)
    hand = start(LiveDeal(seed=seed, rules=rules, seats=seats, stake=stake, dealer=dealer))
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(hand.bot_move(bots, rng))
    return hand.record()


__all__ = [
    "LIVE",
    "LONGEST_CODE",
    "PHASES",
    "CegoHand",
    "CegoMoveError",
    "bot_record",
    "hand_over",
    "record_rules",
    "replay",
    "start",
    "view_schema",
]
