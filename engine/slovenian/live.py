"""Three-handed Slovenian tarok played live (``engine.core.trickhand``; issue 34): ``TarokHand``, its
``PHASES`` and ``LIVE``, the descriptor's ``LiveGame``.

Sources (cited beside the rules below):

* "16.8 Bled": Dummett & McLeod, *Supplement* 16.8 (``/work/shared/rules/dummett-mcleod-supplement.txt``):
  the first player opens with Trojka; if both others pass he plays Klopecki, Trojka or any higher game;
  Klopecki's kontra, said once in turn from the first player.
* "pagat": https://www.pagat.com/tarot/sltarok.html (mirror https://gambiter.com/cards/tarot/sltarok.html),
  sections "Deal", "Bidding", "Exchange with the talon", "Announcements", "Play of the cards", "Klop",
  "Beggar", "Three-player game": 16 cards each and a 6-card talon; forehand leads the first trick; the
  talon shown and split in halves, thirds or sixths for three, two, one; kings and trula never discarded,
  a discarded tarok shown; in Klop the talon cards go one each with the first six tricks and every player
  must beat the trick when able; the Mond penalty.
* "slovenski-tarok": https://slovenski-tarok.si/pravila.html ("Kratka pravila za igranje taroka", Lada Zei):
  a Mond taken by anyone's Škis costs its holder 21 ("mondfang").
* "TZS": Tarok zveza Slovenije, https://tarokzveza.si, "Pojasnila v zvezi s pravili tekmovalnega taroka",
  B1.17-B1.19: who announces, the kontra ladder (kontra, re, sub, mort).

Codes (the record's words): ``annul``; ``pass``, ``bid trojka`` .. ``bid valat``; ``game klop`` / ``game
trojka`` .. (the first bidder's choice when both others passed); ``kontra klop``; ``take 2`` (a talon
group, counted from 1); ``discard HK SJ``; ``announce trula``, ``kontra game``, ``kontra trula``; ``play
XXI``.

Choices the texts leave open (each an option of ``Rules`` where tables differ, else ours, said here):
the first bidder may open with any contract, not only Trojka; his final choice (Klop, Trojka or higher) is
offered only after a Trojka opening that both others passed (16.8 Bled's case); forehand leads the first
trick in every contract; a round of announcements goes round from the declarer, one say a turn, until all
three pass in a row; Pagat ultimo may be announced only by the Pagat's holder; the bonuses count the cards
taken in tricks (not the talon); a Colour valat's taroks must still be played when void but win only a
tarok trick; a seat holding no tarok throws the hand in at once (its only move is ``annul``). The radelci
of earlier hands come with the deal (``LiveDeal.carry``, checked when the hand is dealt:
``engine.slovenian.carry``) and the summary names their holders (``radelci``), whose scores the scorer
doubles. With ``solo_contracts``, Solo trojka, Solo dvojka and Solo enojka are bid between Enojka and Berač
and played as Trojka, Dvojka and Enojka (engine.slovenian.rules: pagat's four-handed contracts).

Speed: ``apply`` takes a short way for a card played or a pass, and ``fast_plays`` applies a record's run of
card plays in one loop (``engine.slovenian.record.replay``); both accept exactly what the base's ``apply``
accepts (tests/engine/slovenian/test_record_replay.py compares them on mangled records).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from engine.core.kit import schema_of
from engine.core.live import Choice, LiveDeal, LiveGame
from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.core.tarot import MOND, PAGAT, SKIZ, SUITS
from engine.core.trickhand import MoveError, TrickHand, TrickPlay, not_legal
from engine.slovenian.cards import (
    KEY,
    KINGS,
    NOT_DISCARDABLE,
    PACK,
    RANK,
    STRENGTH,
    THIRDS,
    TRULA,
    TRUMP,
    beats,
    ordered,
)
from engine.slovenian.carry import radelci_of
from engine.slovenian.rules import BONUSES, CONTRACTS, PRESETS, Rules, resolve_rules
from engine.slovenian.scoring import KONTRA_NAMES, score
from engine.slovenian.summary import MADE_CONTRACTS, Bonus, Summary

GAME_ID = "slovenian"
HAND_SIZE = 16
TALON_SIZE = 6
TRICKS = 16
#: the talon cards each of Trojka, Dvojka and Enojka takes (pagat "Exchange with the talon"), and each
#: solo contract as the one it is played as (engine.slovenian.rules.SOLO_TALON)
TALON_TAKEN: dict[str, int] = {
    "trojka": 3,
    "dvojka": 2,
    "enojka": 1,
    "solo_trojka": 3,
    "solo_dvojka": 2,
    "solo_enojka": 1,
}
#: the contracts whose bonuses count always (Solo brez: with ``solo_bonuses``)
BONUS_CONTRACTS: frozenset[str] = frozenset(TALON_TAKEN)
#: the code of each card played -> the card (the pack's own string), and of each bid
PLAYED: dict[str, str] = {f"play {c}": c for c in PACK.cards}
BID_CODES: dict[str, str] = {c: f"bid {c}" for c in CONTRACTS}
#: each key (a suit letter, ``T``) -> its cards
OF_KEY: dict[str, frozenset[str]] = {
    k: frozenset(c for c in PACK.cards if KEY[c] == k) for k in (TRUMP, *SUITS)
}
#: the cards whose takers the bonuses ask about
SPECIAL: frozenset[str] = frozenset((*KINGS, *TRULA))
#: the contracts lost by taking tricks (each plays alone in Klop; the beggar against the other two)
NEGATIVE: frozenset[str] = frozenset({"klop", "berac", "odprti_berac"})
#: Klop: the first six tricks each take one talon card (pagat "Klop")
KLOP_TALON_TRICKS = 6
DECLARER, OPPONENTS = "declarer", "opponents"

#: the phases a view names, in the order a hand goes through them
PHASES: dict[str, str] = {
    "annul": _("thrown in"),
    "bidding": _("bidding"),
    "choose": _("choosing the game"),
    "klop_kontra": _("kontra on the Klop"),
    "talon": _("talon"),
    "discard": _("discarding"),
    "announcements": _("announcements"),
    "play": _("play"),
    "done": _("hand over"),
}

#: the choices' labels, in the players' words; each is ``Message("sl_live_" + key, text)`` (texts to
#: show, not errors, like the descriptor's ``LABELS``)
TEXTS: dict[str, str] = {
    "annul": _("Show no tarok: the hand is thrown in"),
    "pass": _("Pass"),
    "bid": _("Bid %(word)s"),
    "hold": _("Hold %(word)s"),
    "game": _("Play %(word)s"),
    "kontra_klop": _("Kontra on the Klop"),
    "take": _("Take talon group %(group)s: %(cards)s"),
    "discard": _("Discard %(count)s card(s)"),
    "announce": _("Announce %(word)s"),
    "kontra_game": _("%(kontra)s the game"),
    "kontra": _("%(kontra)s the %(word)s"),
    "play": _("Play %(card)s"),
}

#: why a move is refused (errors)
NOT_HELD = Message("sl_not_held", _("%(card)s is not in your hand"))
FOLLOW = Message("sl_follow", _("%(card)s does not follow: a card of the suit led must be played"))
TRUMP_IN = Message("sl_trump_in", _("%(card)s is no tarok: unable to follow, a tarok must be played"))
OVERTAKE = Message(
    "sl_overtake", _("%(card)s does not beat the trick: in %(word)s a higher card must be played")
)
PAGAT_LAST = Message("sl_pagat_last", _("in %(word)s the Pagat may be played only as the last tarok"))
MUST_OPEN = Message("sl_must_open", _("the first bidder must open the auction (16.8 Bled)"))
BID_HIGHER = Message("sl_bid_higher", _("%(word)s does not outbid %(bid)s"))
NO_DISCARD = Message("sl_no_discard", _("kings and trula cards may not be discarded: %(cards)s"))
DISCARD_COUNT = Message("sl_discard_count", _("discard exactly %(count)s card(s) of your hand, each once"))


class TarokError(MoveError):
    """A move, or a record, that three-handed Slovenian tarok refuses: ``TarokError(where, why)``."""


def text(key: str, **params: Any) -> Message:
    """The label ``key`` of ``TEXTS``."""
    return Message(f"sl_live_{key}", TEXTS[key], **params)


def kontra_word(level: int) -> str:
    """The name of kontra level ``level`` (1 kontra, 2 re, 3 sub, 4 mort), capitalised for a label."""
    return KONTRA_NAMES[level - 1].capitalize()


class TarokHand(TrickHand):
    """One hand of three-handed Slovenian tarok in live play (see the module's docstring)."""

    game_id: ClassVar[str] = GAME_ID
    pack = PACK
    error = TarokError
    presets = PRESETS
    #: the deal's carry holds the radelci of the table's earlier hands (``engine.slovenian.carry``)
    CARRIES: ClassVar[bool] = True

    rules: Rules

    # --- the deal --------------------------------------------------------------------------------------
    def setup(self) -> None:
        rules = self.deal.rules
        self.rules = rules if isinstance(rules, Rules) else resolve_rules(rules)
        if len(self.seats) != 3:
            raise TarokError(
                "seats", Message("sl_three_seats", _("three-handed tarok needs three seats, got %(n)s"),
                                 n=len(self.seats))
            )  # fmt: skip
        carry = self.deal.carry
        #: the seats holding radelci from the table's earlier hands, and how many (pagat "Radelci")
        self.held_radelci: dict[str, int] = (
            radelci_of(carry, self.seats, self.rules, TarokError) if carry else {}
        )
        cards = _shuffled(self.deal.seed)
        self.hands = {s: cards[HAND_SIZE * i : HAND_SIZE * (i + 1)] for i, s in enumerate(self.seats)}
        self.talon: list[str] = cards[3 * HAND_SIZE :]
        self.auction: list[tuple[str, str]] = []
        self.passed: set[str] = set()
        self.bid: str | None = None
        self.bidder: str | None = None
        self.others_bid = False
        self.declarer: str | None = None
        self.contract: str | None = None
        self.groups: list[list[str]] | None = None
        self.taken: int | None = None
        self.discards: list[str] = []
        self.announcements: list[tuple[str, str, str]] = []
        #: bonus -> the side that announced it
        self.announced: dict[str, str] = {}
        #: "game" or a bonus -> its kontra level
        self.kontra: dict[str, int] = {}
        self.passes = 0
        self.klop_kontra_by: str | None = None
        self.klop_given: list[str] = []
        self.extra_won: dict[str, list[str]] = {s: [] for s in self.seats}
        self.mond_captured: str | None = None
        self.annulled = False
        self.shown_hand: list[str] | None = None
        self._summary: dict[str, Any] | None = None
        self._parsed_summary: Summary | None = None
        self._payments: dict[str, int] | None = None
        self._turn: str | None = self.seats[0]
        self._after = {s: self.seats[(i + 1) % 3] for i, s in enumerate(self.seats)}
        #: the contracts of these rules, lowest first
        self.ladder: list[str] = list(self.rules.contracts[1:])
        self.phase = "bidding"
        if self.rules.no_tarok_annul:
            for s in self.seats:
                if not any(KEY[c] == TRUMP for c in self.hands[s]):
                    self.phase, self._turn = "annul", s
                    break

    # --- whose move, which moves -----------------------------------------------------------------------
    def to_move(self) -> str | None:
        return self._turn

    def team(self, seat: str) -> str | None:
        """The side ``seat`` plays on (None in Klop: everyone for himself)."""
        if self.declarer is None:
            return None
        return DECLARER if seat == self.declarer else OPPONENTS

    def _next_seat(self, seat: str) -> str:
        return self._after[seat]

    def _codes(self) -> list[str]:
        """The plain codes (no card picks) the seat to move may send now."""
        phase = self.phase
        if phase == "bidding":
            bids = [BID_CODES[c] for c in self._biddable()]
            return ["pass", *bids] if self._may_pass() else bids
        if phase == "announcements":
            return ["pass", *self._announcement_codes(self._turn)]  # type: ignore[arg-type]
        if phase == "play":
            return [f"play {c}" for c in self._legal_cards(self._turn)]  # type: ignore[arg-type]
        if phase == "choose":
            return [f"game {c}" for c in self._choosable()]
        if phase == "talon":
            return [f"take {i + 1}" for i in range(len(self.groups or ()))]
        if phase == "klop_kontra":
            return ["pass", "kontra klop"]
        if phase == "annul":
            return ["annul"]
        return []

    def _may_pass(self) -> bool:
        # 16.8 Bled: the first player opens the bidding (with Trojka or, our reading, any contract)
        return not (self.rules.forced_opening and self._turn == self.seats[0] and self.bid is None)

    def _biddable(self) -> list[str]:
        """The contracts the seat to move may bid: higher than the bid, or equal for the first bidder (pagat
        "Bidding": forehand holds)."""
        values = self.ladder
        if self.bid is None:
            return values
        at = values.index(self.bid)
        holds = self.rules.forehand_holds and self._turn == self.seats[0] and self.bidder != self._turn
        return values[at if holds else at + 1 :]

    def _choosable(self) -> list[str]:
        """16.8 Bled: the first bidder who opened with Trojka and whom both others passed "can play
        Klopecki, Trojka or any higher game"."""
        return ["klop", *self.ladder]

    def _announcement_codes(self, seat: str) -> list[str]:
        rules = self.rules
        side = self.team(seat)
        out: list[str] = []
        contract = self.contract
        bonuses_here = contract in BONUS_CONTRACTS or (contract == "solo" and rules.solo_bonuses)
        if bonuses_here and (side == DECLARER or rules.opponents_announce):
            hand = self.hands[seat]
            for bonus in BONUSES:
                if bonus in self.announced or (bonus == "pagat_ultimo" and PAGAT not in hand):
                    continue
                out.append(f"announce {bonus}")
        top = rules.max_kontra
        level = self.kontra.get("game", 0)
        # TZS B1.19: the opponents say kontra and sub, the declarer re and mort
        if level < top and (side == OPPONENTS) == (level % 2 == 0):
            out.append("kontra game")
        for bonus, by in self.announced.items():
            level = self.kontra.get(bonus, 0)
            if level < top and (side != by) == (level % 2 == 0):
                out.append(f"kontra {bonus}")
        return out

    def _legal_cards(self, seat: str) -> list[str]:
        """The cards ``seat`` may play to the trick on the table."""
        play = self.play
        hand = play.hands[seat]  # type: ignore[union-attr]
        trick = play.trick  # type: ignore[union-attr]
        negative = self.contract in NEGATIVE
        if not trick:
            allowed = hand
        else:
            lead = KEY[trick[0][1]]
            allowed = [c for c in hand if KEY[c] == lead]
            if not allowed:
                allowed = [c for c in hand if KEY[c] == TRUMP] or hand
            if negative and self.rules.negative_overtake:
                best = trick[0][1]
                for _s, c in trick[1:]:
                    if beats(c, best):
                        best = c
                higher = [c for c in allowed if beats(c, best)]
                if higher:
                    allowed = higher
        if negative and self.rules.pagat_last_negative and PAGAT in allowed and len(allowed) > 1:
            cards = [c for _s, c in trick]
            if not (SKIZ in cards and MOND in cards) and any(KEY[c] == TRUMP and c != PAGAT for c in hand):
                allowed = [c for c in allowed if c != PAGAT]
        return allowed

    def _discardable(self) -> list[str]:
        return [c for c in self.hands[self.declarer] if c not in NOT_DISCARDABLE]  # type: ignore[index]

    def apply(self, code: str) -> None:
        """Apply ``code`` for the seat to move, or raise TarokError and change nothing: the base's ``apply``,
        with a fast way for the moves a replay makes most (a card played, a pass), written as the engine
        writes them; anything else takes the base's way."""
        play = self.play
        seat = self._turn
        if play is not None and seat is not None and type(code) is str and code[:5] == "play ":
            card = code[5:]
            hand = play.hands[seat]
            if card in hand:
                trick = play.trick
                if self.negative:
                    ok = card in self._legal_cards(seat)
                elif trick:
                    key = KEY[card]
                    lead = self._lead
                    ok = key == lead or (
                        OF_KEY[lead].isdisjoint(hand) and (key == TRUMP or OF_KEY[TRUMP].isdisjoint(hand))
                    )
                else:
                    ok = True
                if ok:
                    hand.remove(card)
                    trick.append((seat, card))
                    self.codes.append(code)
                    self.moved_by.append(seat)
                    if len(trick) == 3:
                        self._trick_done(play, trick)
                    else:
                        if len(trick) == 1:
                            self._lead = KEY[card]
                        self._turn = self._after[seat]
                    return
        elif code == "pass" and (
            self.phase in ("announcements", "klop_kontra") or (self.phase == "bidding" and self._may_pass())
        ):
            self.do(code)  # a pass, where it is always legal
            self.codes.append(code)
            self.moved_by.append(seat)  # type: ignore[arg-type]
            return
        elif seat is not None and type(code) is str and self.phase != "discard" and code in self._codes():
            self.do(code)  # a listed code, written as the engine writes it
            self.codes.append(code)
            self.moved_by.append(seat)
            return
        TrickHand.apply(self, code)

    def fast_plays(self, moves: list[Any], i: int) -> int:
        """Replay's hot path: apply the card plays ``moves[i:]`` (``{"seat", "code"}`` as a record writes
        them) while each is a regular legal play of the seat to move; the index of the first move it did not
        apply (the hand over, another phase, or anything the base's checks must see)."""
        play = self.play
        if play is None:
            return i
        negative = self.negative
        hands, after = play.hands, self._after
        of_key = OF_KEY
        taroks = of_key[TRUMP]
        codes, moved_by = self.codes, self.moved_by
        key_of = KEY
        card_of = PLAYED.get
        n = len(moves)
        while i < n:
            seat = self._turn
            move = moves[i]
            if seat is None or type(move) is not dict or len(move) != 2:
                return i
            code = move.get("code")
            if move.get("seat") != seat or type(code) is not str:
                return i
            card = card_of(code)
            hand = hands[seat]
            if card not in hand:
                return i
            key = key_of[card]
            trick = play.trick
            if negative:
                if card not in self._legal_cards(seat):
                    return i
            elif trick:
                lead = self._lead
                if key != lead and (
                    not of_key[lead].isdisjoint(hand) or (key != TRUMP and not taroks.isdisjoint(hand))
                ):
                    return i
            hand.remove(card)
            trick.append((seat, card))
            codes.append(code)
            moved_by.append(seat)
            i += 1
            if len(trick) == 3:
                self._trick_done(play, trick)
            else:
                if len(trick) == 1:
                    self._lead = key
                self._turn = after[seat]
        return i

    def _listed(self, code: str) -> bool:
        """Whether ``code`` is a legal move now (the base's check, without building the choices)."""
        phase = self.phase
        if phase == "play":
            return code[:5] == "play " and code[5:] in self._legal_cards(self._turn)  # type: ignore[arg-type]
        if phase == "discard":
            head, *cards = code.split(" ")
            n = TALON_TAKEN[self.contract]  # type: ignore[index]
            return (
                head == "discard"
                and len(cards) == n
                and len(set(cards)) == n
                and set(cards) <= set(self._discardable())
            )
        return code in self._codes()

    def legal(self) -> tuple[Choice, ...]:
        phase = self.phase
        if phase == "play":
            return tuple(
                Choice(f"play {c}", text("play", card=c), "play", card=c)
                for c in ordered(self._legal_cards(self._turn))  # type: ignore[arg-type]
            )
        if phase == "discard":
            n = TALON_TAKEN[self.contract]  # type: ignore[index]
            cards = tuple(ordered(self._discardable()))
            return (Choice("discard", text("discard", count=n), "discard", pick=n, cards=cards),)
        return tuple(self._choice(code) for code in self._codes())

    def _choice(self, code: str) -> Choice:
        head, _sep, arg = code.partition(" ")
        if code == "pass":
            return Choice(code, text("pass"), "pass")
        if head == "bid":
            hold = arg == self.bid
            return Choice(code, text("hold" if hold else "bid", word=arg), "bid")
        if head == "game":
            return Choice(code, text("game", word=arg), "game")
        if head == "take":
            group = (self.groups or [])[int(arg) - 1]
            return Choice(code, text("take", group=arg, cards=" ".join(group)), "talon")
        if head == "announce":
            return Choice(code, text("announce", word=arg), "announce")
        if code == "kontra klop":
            return Choice(code, text("kontra_klop"), "kontra")
        if code == "kontra game":
            return Choice(
                code, text("kontra_game", kontra=kontra_word(self.kontra.get("game", 0) + 1)), "kontra"
            )
        if head == "kontra":
            level = self.kontra.get(arg, 0) + 1
            return Choice(code, text("kontra", kontra=kontra_word(level), word=arg), "kontra")
        return Choice(code, text("annul"), "annul")

    def why_not(self, code: str) -> Message:
        """The rule a refused ``code`` breaks, where the hand can tell."""
        if self.phase == "play" and code[:5] == "play " and self._turn is not None:
            card = code[5:]
            if card not in PACK:
                return Message("unknown_card", _("%(value)s is no card of this pack"), value=shown(card))
            hand = self.play.hands[self._turn]  # type: ignore[union-attr]
            if card not in hand:
                return NOT_HELD.with_params(card=card)
            trick = self.play.trick  # type: ignore[union-attr]
            if trick:
                lead = KEY[trick[0][1]]
                if KEY[card] != lead and any(KEY[c] == lead for c in hand):
                    return FOLLOW.with_params(card=card)
                if KEY[card] != lead and KEY[card] != TRUMP and any(KEY[c] == TRUMP for c in hand):
                    return TRUMP_IN.with_params(card=card)
            if card == PAGAT:
                return PAGAT_LAST.with_params(word=self.contract)
            return OVERTAKE.with_params(card=card, word=self.contract)
        if self.phase == "bidding":
            if code == "pass":
                return MUST_OPEN
            head, _sep, bid = code.partition(" ")
            if head == "bid" and bid in self.ladder and self.bid is not None:
                return BID_HIGHER.with_params(word=bid, bid=self.bid)
        if self.phase == "discard" and code.split(" ")[0] == "discard":
            wrong = [c for c in code.split(" ")[1:] if c in NOT_DISCARDABLE]
            if wrong:
                return NO_DISCARD.with_params(cards=" ".join(wrong))
            return DISCARD_COUNT.with_params(count=TALON_TAKEN[self.contract])  # type: ignore[index]
        return not_legal(code)

    # --- applying a move -------------------------------------------------------------------------------
    def do(self, code: str) -> None:
        phase = self.phase
        if phase == "play":
            self._play(code[5:])
            return
        seat: str = self._turn  # type: ignore[assignment]
        if phase == "bidding":
            self.auction.append((seat, code))
            self._bid(seat, code)
        elif phase == "announcements":
            self._announce(seat, code)
        elif phase == "discard":
            cards = code.split(" ")[1:]
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
            self.discards = cards
            self._to_announcements()
        elif phase == "talon":
            self.taken = int(code[5:]) - 1
            self.hands[seat].extend(self.groups[self.taken])  # type: ignore[index]
            self.phase = "discard"
        elif phase == "choose":
            contract = code[5:]
            self.auction.append((seat, code))
            if contract == "klop":
                self.declarer = None
                self._to_klop()
            else:
                self._declare(seat, contract)
        elif phase == "klop_kontra":
            self.auction.append((seat, code))
            if code == "kontra klop":
                self.klop_kontra_by = seat
                self._start_play()
            elif self._next_seat(seat) == self.seats[0]:
                self._start_play()
            else:
                self._turn = self._next_seat(seat)
        elif phase == "annul":
            self.annulled = True
            self.auction.append((seat, code))
            self._finish()

    def _bid(self, seat: str, code: str) -> None:
        if code == "pass":
            self.passed.add(seat)
        else:
            self.bid = code[4:]
            self.bidder = seat
            if seat != self.seats[0]:
                self.others_bid = True
        live = [s for s in self.seats if s not in self.passed]
        if not live:  # everybody passed (no forced opening): a Klop (pagat)
            self._to_klop()
            return
        if len(live) == 1 and self.bid is not None and (self.bidder == live[0] or self._spoke(live[0])):
            winner_seat = live[0]
            if winner_seat == self.seats[0] and not self.others_bid and self.bid == self.ladder[0]:
                self.phase, self._turn = "choose", winner_seat
            else:
                self._declare(winner_seat, self.bid)
            return
        nxt = self._next_seat(seat)
        while nxt in self.passed:
            nxt = self._next_seat(nxt)
        self._turn = nxt

    def _spoke(self, seat: str) -> bool:
        return any(s == seat for s, _c in self.auction)

    def _declare(self, seat: str, contract: str) -> None:
        self.declarer, self.contract = seat, contract
        if contract in TALON_TAKEN:
            n = TALON_TAKEN[contract]
            self.groups = [self.talon[i : i + n] for i in range(0, TALON_SIZE, n)]
            self.phase, self._turn = "talon", seat
        else:
            self._to_announcements()

    def _to_klop(self) -> None:
        self.contract = "klop"
        self.declarer = None
        if self.rules.klop_kontra:  # 16.8 Bled: "the first player can pass or kontra", then the others
            self.phase, self._turn = "klop_kontra", self.seats[0]
        else:
            self._start_play()

    def _to_announcements(self) -> None:
        self.phase, self._turn, self.passes = "announcements", self.declarer, 0
        # with kontras allowed the opponents may always say one: only without them can the round be empty
        if not self.rules.max_kontra and not any(self._announcement_codes(s) for s in self.seats):
            self._start_play()

    def _announce(self, seat: str, code: str) -> None:
        side = self.team(seat) or ""
        self.announcements.append((seat, code, side))
        if code == "pass":
            self.passes += 1
            if self.passes >= 3:
                self._start_play()
                return
        else:
            self.passes = 0
            head, _sep, arg = code.partition(" ")
            if head == "announce":
                self.announced[arg] = side
            else:
                self.kontra[arg] = self.kontra.get(arg, 0) + 1
        self._turn = self._next_seat(seat)

    def _start_play(self) -> None:
        self.phase = "play"
        # pagat: forehand leads to the first trick
        self.play = TrickPlay(PACK, self.seats, self.hands, self.seats[0])
        self.negative = self.contract in NEGATIVE
        self.colour = self.contract == "barvni_valat"
        self.emperor = self.rules.emperor_trick
        self._lead = TRUMP
        self._turn = self.seats[0]

    def _play(self, card: str) -> None:
        """The seat to move plays ``card`` (a legal one)."""
        play: TrickPlay = self.play  # type: ignore[assignment]
        seat: str = self._turn  # type: ignore[assignment]
        play.hands[seat].remove(card)
        trick = play.trick
        trick.append((seat, card))
        if len(trick) == 3:
            self._trick_done(play, trick)
        else:
            if len(trick) == 1:
                self._lead = KEY[card]
            self._turn = self._after[seat]

    def _trick_done(self, play: TrickPlay, trick: list[tuple[str, str]]) -> None:
        """The third card is on the trick: who wins it, and what follows."""
        (sa, a), (sb, b), (sc, c) = trick
        cards = (a, b, c)
        mond = MOND in cards
        if mond and self.emperor and PAGAT in cards and SKIZ in cards:
            win = trick[cards.index(PAGAT)][0]  # the emperor's trick (pagat)
        else:  # the highest of the suit led, or of the taroks (which win a colour valat only when led)
            lead = KEY[a]
            if self.colour:
                ra, rb, rc = STRENGTH[a], STRENGTH[b], STRENGTH[c]
                rb = rb if KEY[b] == lead else 0
                rc = rc if KEY[c] == lead else 0
            else:
                ra = RANK[a]
                kb, kc = KEY[b], KEY[c]
                rb = RANK[b] if kb in (lead, TRUMP) else 0
                rc = RANK[c] if kc in (lead, TRUMP) else 0
            win = sa if ra > rb and ra > rc else sb if rb > rc else sc
        play.tricks.append((sa, cards, win))
        if mond:  # slovenski-tarok: a Mond taken by anyone costs its holder 21
            holder = sa if a == MOND else sb if b == MOND else sc
            if holder != win:
                self.mond_captured = holder
        play.trick = []
        play.leader = win
        self._turn = win
        n = len(play.tricks)
        contract = self.contract
        if contract == "klop":
            if n <= KLOP_TALON_TRICKS:  # pagat "Klop": a talon card with each of the first six tricks
                card = self.talon[n - 1]
                self.klop_given.append(card)
                self.extra_won[win].append(card)
        elif contract == "odprti_berac" and n == 1:  # pagat: the cards are shown after the first trick
            self.shown_hand = play.hands[self.declarer]  # type: ignore[index]
        if n == TRICKS:
            self._finish()
        elif contract in MADE_CONTRACTS and self.rules.stop_when_decided:
            declarer_won = win == self.declarer
            if declarer_won == (contract in ("berac", "odprti_berac")):
                self._finish()

    def _finish(self) -> None:
        self.phase = "done"
        self._turn = None

    # --- the hand as the tournament keeps it ----------------------------------------------------------
    def _counted(self) -> tuple[dict[str, int], dict[str, str]]:
        """Each seat's pile in thirds (its tricks, Klop's talon cards) and who took each king and trula
        card."""
        thirds = dict.fromkeys(self.seats, 0)
        took: dict[str, str] = {}
        if self.play is not None:
            plain = SPECIAL.isdisjoint
            for _l, cards, w in self.play.tricks:
                a, b, c = cards
                thirds[w] += THIRDS[a] + THIRDS[b] + THIRDS[c]
                if not plain(cards):
                    for card in cards:
                        if card in SPECIAL:
                            took[card] = w
        if self.klop_given:
            for seat, extra in self.extra_won.items():
                thirds[seat] += sum(THIRDS[c] for c in extra)
        return thirds, took

    def _side_took(self, cards: tuple[str, ...], took: dict[str, str]) -> str | None:
        """The side that took every one of ``cards`` in tricks, if one did."""
        seats = {took.get(c) for c in cards}
        if len(seats) == 1:
            seat = seats.pop()
            if seat is not None:
                return DECLARER if seat == self.declarer else OPPONENTS
        if len(seats) == 2 and None not in seats and self.declarer not in seats:
            return OPPONENTS
        return None

    def _parsed(self) -> Summary:
        """The hand as the scorer's ``Summary`` (what ``summary()`` writes, without parsing it again)."""
        if self._parsed_summary is not None:
            return self._parsed_summary
        parsed = self._parse()
        if self.done:
            self._parsed_summary = parsed
        return parsed

    def _parse(self) -> Summary:
        seats = (self.seats[0], self.seats[1], self.seats[2])
        stake = self.deal.stake
        if self.annulled:
            return Summary(seats, stake, "annulled")
        contract: str = self.contract  # type: ignore[assignment]
        thirds, took = self._counted()
        if contract == "klop":
            points = {s: (thirds[s] + 1) // 3 for s in seats}
            return Summary(seats, stake, "played", "klop", klop_points=points, kontra_by=self.klop_kontra_by,
                           radelci=tuple(self.held_radelci))  # fmt: skip
        declarer: str = self.declarer  # type: ignore[assignment]
        kontra = self.kontra.get("game", 0)
        tricks = self.play.tricks  # type: ignore[union-attr]
        if contract in MADE_CONTRACTS:
            took = sum(1 for _l, _c, w in tricks if w == declarer)
            made = took == 0 if contract in ("berac", "odprti_berac") else took == len(tricks) == TRICKS
            return Summary(
                seats,
                stake,
                "played",
                contract,
                declarer,
                made=made,
                kontra=kontra,
                radelci=tuple(self.held_radelci),
            )
        pile = thirds[declarer] + sum(THIRDS[c] for c in self.discards)
        if contract == "solo" and self.rules.solo_talon_to_declarer:
            pile += sum(THIRDS[c] for c in self.talon)
        bonuses: dict[str, Bonus] = {}
        if contract != "solo" or self.rules.solo_bonuses:
            last = tricks[-1]
            pagat_side = None
            if PAGAT in last[1] and last[2] == next(
                s for i, s in enumerate(self._trick_seats(last)) if last[1][i] == PAGAT
            ):
                pagat_side = DECLARER if last[2] == declarer else OPPONENTS
            declarer_tricks = sum(1 for _l, _c, w in tricks if w == declarer)
            valat_side = (
                DECLARER if declarer_tricks == TRICKS else OPPONENTS if declarer_tricks == 0 else None
            )
            made_by = {
                "trula": self._side_took(TRULA, took),
                "kralji": self._side_took(KINGS, took),
                "pagat_ultimo": pagat_side,
                "valat": valat_side,
            }
            for bonus in BONUSES:
                side = self.announced.get(bonus)
                if side is not None:
                    bonuses[bonus] = Bonus(side, True, made_by[bonus] == side, self.kontra.get(bonus, 0))
                elif made_by[bonus] is not None:
                    bonuses[bonus] = Bonus(made_by[bonus], False, True, 0)  # type: ignore[arg-type]
        mond = self.mond_captured
        if contract in TALON_TAKEN and mond is None:
            left = [c for i, g in enumerate(self.groups or ()) if i != self.taken for c in g]
            if MOND in left:  # pagat: the declarer who leaves the Mond in the talon pays the penalty
                mond = declarer
        return Summary(
            seats,
            stake,
            "played",
            contract,
            declarer,
            card_points=min(70, max(0, (pile + 1) // 3)),
            kontra=kontra,
            bonuses=bonuses,
            mond_captured=mond,
            radelci=tuple(self.held_radelci),
        )

    def _trick_seats(self, trick: tuple[str, tuple[str, ...], str]) -> list[str]:
        start = self.seats.index(trick[0])
        return [self.seats[(start + i) % 3] for i in range(3)]

    def summary(self) -> dict[str, Any]:
        """The hand summary (engine/schemas/slovenian/hand-summary.schema.json) the descriptor scores."""
        if self._summary is not None:
            return self._summary
        s = self._parsed()
        out: dict[str, Any] = {
            "seats": list(s.seats),
            "stake": s.stake,
            "rules": _spec(self.rules),
            "kind": s.kind,
        }
        if s.kind == "played":
            out["contract"] = s.contract
            if s.contract == "klop":
                out["klop_points"] = dict(s.klop_points)  # type: ignore[arg-type]
                if s.kontra_by is not None:
                    out["kontra_by"] = s.kontra_by
            else:
                out["declarer"] = s.declarer
                if s.kontra:
                    out["kontra"] = s.kontra
                if s.contract in MADE_CONTRACTS:
                    out["made"] = s.made
                else:
                    out["card_points"] = s.card_points
                    if s.bonuses:
                        out["bonuses"] = {
                            name: {"side": b.side, "announced": b.announced, "made": b.made}
                            for name, b in s.bonuses.items()
                        }
                        kontras = {name: b.kontra for name, b in s.bonuses.items() if b.kontra}
                        if kontras:
                            out["bonus_kontra"] = kontras
                    if s.mond_captured is not None:
                        out["mond_captured"] = s.mond_captured
            if s.radelci:
                out["radelci"] = list(s.radelci)
        if self.done:
            self._summary = out
        return out

    def payments(self) -> dict[str, int]:
        """The payments the descriptor's ``score`` gives this hand's summary."""
        if self._payments is not None:
            return self._payments
        if not self.done:
            return dict.fromkeys(self.seats, 0)
        s = self._parsed()
        pay = score(s, self.rules)["payments"] if s.kind == "played" else dict.fromkeys(self.seats, 0)
        self._payments = pay
        return pay

    def rule_bot(self, rng: Any) -> str:
        from engine.slovenian.bots import rule_move

        return rule_move(self, rng)

    # --- views -----------------------------------------------------------------------------------------
    def extra_view(self, seat: str | None) -> dict[str, Any]:
        """The keys of Slovenian tarok (engine/schemas/slovenian/live-view.schema.json): what ``seat`` (None:
        a spectator) may know."""
        declarer = self.declarer
        shown_taroks = [c for c in self.discards if KEY[c] == TRUMP]  # pagat: a discarded tarok is shown
        discards: dict[str, Any] = {
            "count": len(self.discards),
            "tarokks": {declarer: len(shown_taroks)} if shown_taroks else {},
            "declarer_face_up": ordered(shown_taroks),
        }
        talon: dict[str, Any] = {
            "groups": None if self.groups is None else [list(g) for g in self.groups],
            "group": self.taken,
            "taken": {},
            "klop": list(self.klop_given),
        }
        if self.taken is not None and declarer is not None:
            talon["taken"] = {declarer: TALON_TAKEN[self.contract]}  # type: ignore[index]
            if seat == declarer:
                talon["received"] = list(self.groups[self.taken])  # type: ignore[index]
        if seat is not None and seat == declarer and self.discards:
            discards["mine"] = ordered(self.discards)
        out: dict[str, Any] = {
            "auction": [{"seat": s, "say": c} for s, c in self.auction],
            "declarer": declarer,
            "bid": self.contract or self.bid,
            "contract": self.contract,
            "called": None,
            "partner": None,
            "talon": talon,
            "discards": discards,
            "announcements": [{"seat": s, "say": c, "team": t or None} for s, c, t in self.announcements],
            "kontra": dict(self.kontra),
            "klop_kontra": self.klop_kontra_by,
            "open_hand": (
                None if self.shown_hand is None else {"seat": declarer, "cards": ordered(self.shown_hand)}
            ),
            # who holds radelci from the earlier hands, and how many (pagat "Radelci"): public, on the sheet
            "radelci": dict(self.held_radelci),
        }
        return out


_SPECS: dict[int, tuple[Rules, str | dict[str, Any]]] = {}


def _spec(rules: Rules) -> str | dict[str, Any]:
    """``rules.spec()``, kept for the rules values in use (checked by identity)."""
    kept = _SPECS.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    spec = rules.spec()
    if type(spec) is not str:
        return spec
    if len(_SPECS) > 64:
        _SPECS.clear()
    _SPECS[id(rules)] = (rules, spec)
    return spec


def start(deal: LiveDeal) -> TarokHand:
    """A hand at step 0 (``LiveGame.start``)."""
    return TarokHand(deal)


@lru_cache(maxsize=4096)
def _dealt(seed: int) -> tuple[str, ...]:
    return tuple(PACK.shuffled(seed))


def _shuffled(seed: int) -> list[str]:
    """The pack shuffled by ``seed`` (``TarotPack.shuffled``), kept for the last few thousand seeds: a live
    server rebuilds a hand from its seed at every move."""
    return list(_dealt(seed))


#: the JSON schema of a seat's view (a spectator's lacks ``seat`` and ``hand``)
view_schema = schema_of("slovenian", "live-view")


LIVE = LiveGame(start=start, view_schema=view_schema, phases=PHASES)

__all__ = ["LIVE", "PHASES", "TEXTS", "TarokError", "TarokHand", "start", "view_schema"]
