"""Texas Tarock played live (``engine.core.trickhand``): ``LiveTexas``, a ``TrickHand`` for every preset,
and ``LIVE``, the descriptor's ``LiveGame``. Sources: Dummett & McLeod's supplement 18.13 (King called,
Taylor), 19.16 (XIX called, with its variants) and 19.17 (XX called) in /work/shared/rules; pagat.com's
Texas Tarock page was not among the stored pages, so where the texts are silent the choice is ours and is
an option of ``engine.texas.rules.Rules`` (each one says so).

A hand goes through these phases (``PHASES``):

- ``auction`` (18.13: "a single round of bidding"): the first bidder must bid; each other seat in turn
  passes or bids higher. Codes ``povenost``, ``no_trick``, ``prever``, ``pass``.
- ``call`` (Povenost): ``call HK`` / ``call XIX`` - after the talon (18.13, 19.16), before it where
  ``call_before_talon`` (19.16 variants); ``throw`` (the variants): the declarer who drew the called trump
  from the talon says ``throw in`` or ``play on``.
- ``talon``: Povenost: the declarer takes four cards and ``discard``s four, the next seats one card each
  (``take`` or, holding two trumps or none, ``refuse``: the card goes on to the next seat, the fourth
  takes what is left). Prever: ``talon first`` (take the first three unseen), or ``talon next`` (expose
  them, look at the second three), then ``talon second`` or ``talon back`` (expose the second three, take
  the first); then ``discard`` three. ``discard C1 C2 ..``: never a King or an honour, a trump only when
  there is nothing else, and then face up (18.13).
- ``announcements``: from the declarer on, clockwise (18.13; ``announce_clockwise``): ``declare <holding>``,
  ``announce pagat|king|valat``, ``kontra game|pagat|king|valat`` (Contra, Re, Supre, Mort, each by the
  other side than the last), ``pass``. A seat keeps the turn after a say; four passes in a row end the
  round. A No Trick allows only Contras to the game (18.13).
- ``play``: follow suit, else trump, else anything (19.16: "the usual rules"); a No Trick must play higher
  when it can (18.13) and ends when the declarer takes a trick (``no_trick_stops``). A seat that announced
  Pagat or King keeps the card until the rules oblige it (18.13).

A seat's view holds its own cards, the talon cards it took or looked at, its discard, the exposed talon
cards and discarded trumps (face up, 18.13), the auction and announcements with the side each say shows,
and the partner once the table knows it (the called card played, or its holder's say). The public view
holds no card that is not face up. A seat asked whether it takes its talon card (so holding two trumps or
none) looks to the others like one that took it and is discarding: ``talon.taken`` names a seat only once
it has discarded. Once the hand is over, ``result`` shows the summary, the payments and the whole record.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import Any, ClassVar

from engine.core.kit import schema_of
from engine.core.live import Choice, LiveDeal, LiveGame
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown
from engine.core.trickhand import LONGEST_CODE, MoveError, TrickHand, TrickPlay, not_legal
from engine.texas.cards import (
    KINGS,
    NEVER_DISCARD,
    PACKS,
    POINTS,
    POWERS,
    QUEENS,
    SUIT,
    dealt,
    holdings,
    trumps_in,
)
from engine.texas.result import payments_of, spec_of_rules, summary_of
from engine.texas.rules import CONTRACTS, DECLARATIONS, PRESETS, Rules, resolve_rules
from engine.texas.summary import Bonus, Hand

GAME = "texas"
KONTRA_NAMES: tuple[str, ...] = ("Contra", "Re", "Supre", "Mort")

PHASES: dict[str, str] = {
    "auction": _("bidding"),
    "call": _("calling a partner"),
    "throw": _("called trump drawn"),
    "talon": _("talon"),
    "announcements": _("announcements"),
    "play": _("play"),
    "done": _("hand over"),
}

#: the choices' labels, each ``Message("texas_live_" + key, text)``
TEXTS: dict[str, str] = {
    "povenost": _("Povenost"),
    "no_trick": _("No Trick"),
    "prever": _("Prever"),
    "pass": _("Pass"),
    "call": _("Call the %(card)s"),
    "throw_in": _("Throw in the hand"),
    "play_on": _("Play on alone"),
    "take": _("Take the talon card"),
    "refuse": _("Refuse the talon card"),
    "talon_first": _("Take the first three"),
    "talon_next": _("Expose the first three and look at the second"),
    "talon_second": _("Take the second three"),
    "talon_back": _("Expose the second three and take the first"),
    "discard": _("Discard %(count)s card(s)"),
    "declare": _("Declare %(word)s"),
    "announce": _("Announce %(word)s"),
    "kontra": _("%(kontra)s: %(word)s"),
    "play": _("Play %(card)s"),
}


def text(key: str, **params: Any) -> Message:
    return Message(f"texas_live_{key}", TEXTS[key], **params)


class TexasError(MoveError):
    """A Texas Tarock move or record the engine refuses: ``TexasError(where, why)``."""


# the rules a refused move breaks (``why_not``)
NOT_YOURS = Message("texas_not_in_hand", _("%(card)s is not in this seat's hand"))
FOLLOW = Message("texas_follow", _("must follow suit to the %(card)s led"))
TRUMP = Message("texas_trump", _("cannot follow suit: must play a trump"))
HIGHER = Message("texas_higher", _("in a No Trick, must play higher than the trick when possible"))
KEEP = Message("texas_keep", _("the announced %(card)s is kept until the rules oblige its play"))
NO_DISCARD = Message("texas_no_discard", _("Kings and honours may not be discarded: %(card)s"))
TRUMP_DISCARD = Message(
    "texas_trump_discard", _("a trump may be discarded only when there is nothing else to discard")
)
DISCARD_COUNT = Message("texas_discard_count", _("must discard %(count)s different card(s) from the hand"))
BID_LOW = Message("texas_bid_low", _("must pass or bid higher than %(word)s"))
FIRST_BIDS = Message("texas_first_bids", _("the opening bidder cannot pass"))
NO_CONTRACTS = Message("texas_no_contracts", _("these rules let no contract be bid"))
SEATS_FOUR = Message("record_seats", _("must be four distinct non-empty labels"))  # as Hungarian's


#: each suit's cards ("T": the trumps, the Skys included), for a seat's "has it any of the suit led"
SUITED: dict[str, frozenset[str]] = {u: frozenset(c for c, v in SUIT.items() if v == u) for u in "THDCS"}
#: each pack's cards' power in a trick by the suit led: a trump's or a card of that suit's, else 0
LEAD_POWER: dict[str, dict[str, dict[str, int]]] = {
    name: {led: {c: (p if p >= 100 or SUIT[c] == led else 0) for c, p in power.items()} for led in SUITED}
    for name, power in POWERS.items()
}
#: each card's ``play`` code, and the card and its suit it plays
PLAY_CODES: dict[str, tuple[str, str]] = {f"play {c}": (c, u) for c, u in SUIT.items()}
#: each table's order of play (its seats in the order they play) from each seat on, by the table's seats
_ORDERS: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
_CODE = itemgetter("code")
_SEAT = itemgetter("seat")


class LiveTexas(TrickHand):
    """One hand of Texas Tarock in live play."""

    game_id: ClassVar[str] = GAME
    error: ClassVar[type[EngineError]] = TexasError
    #: how a record names its rules when the deal holds a preset's Rules (newer ``TrickHand.record``)
    presets: ClassVar[Mapping[str, Rules]] = PRESETS

    # --- dealing -------------------------------------------------------------------------------------
    def setup(self) -> None:
        deal = self.deal
        try:  # a Rules value is its own rules (``resolve_rules`` gives it back)
            self.rules: Rules = deal.rules if type(deal.rules) is Rules else resolve_rules(deal.rules)
        except RulesError as exc:
            raise TexasError("rules", exc) from None
        seats = self.seats
        if len(seats) != 4 or len(set(seats)) != 4 or not all(type(s) is str and s for s in seats):
            raise TexasError("seats", SEATS_FOUR)
        if type(deal.stake) is not int or not 1 <= deal.stake <= 1000:
            raise TexasError("stake", Message("record_stake", _("must be a whole number from 1 to 1000")))
        rules = self.rules
        self.pack = PACKS.get(rules.red_order, PACKS["four_high"])
        piles = dealt(rules.red_order if rules.red_order in PACKS else "four_high", deal.seed)
        self.talon: list[str] = list(piles[0])
        self.hands = {s: list(piles[i + 1]) for i, s in enumerate(seats)}
        self.index = {s: i for i, s in enumerate(seats)}
        self.bids: tuple[str, ...] = tuple(c for c in CONTRACTS if c in rules.contracts)
        if not self.bids:
            raise TexasError("rules", NO_CONTRACTS)
        self.words: tuple[str, ...] = tuple(w for w in DECLARATIONS if w in rules.declarations)
        self.auction: list[tuple[str, str]] = []
        self.declarer: str | None = None
        self.contract: str | None = None
        self.no_trick_bid = False
        self.called: str | None = None
        self.holder: str | None = None  # who holds the called card once the talon is shared out
        self.kind = "played"
        self.taken: dict[str, list[str]] = {}
        self.refused: list[str] = []
        self.exposed: list[str] = []
        self.looked: list[str] = []  # the talon cards the Prever declarer looked at
        self.talon_choice: str | None = None
        self.rest: list[str] = []  # talon cards nobody took (Prever, No Trick)
        self.discards: dict[str, list[str]] = {}
        self.pending: tuple[str, str, int] = ("", "", 0)  # (what, seat, count) in the talon phase
        self._offer: list[str] = []
        self._left: list[str] = []
        self.says: list[tuple[str, str, str | None]] = []  # (seat, say, team) of the announcements
        self.declared: dict[str, list[str]] = {}
        self.announced: dict[str, str] = {}  # bonus -> the seat that announced it
        self.kontra: dict[str, int] = {}
        self.kontra_side: dict[str, str] = {}
        self.passes = 0
        self.pagat_at_start: str | None = None
        self.partner_public = False
        self.ended_early = False
        self._summary: dict[str, Any] | None = None
        self._result: Hand | None = None
        self._holdings: dict[str, list[str]] = {}
        self._counts: dict[str, dict[str, int]] | None = {}
        self._fast = False
        self._led: str | None = None
        self._next = {s: seats[(i + 1) % 4] for i, s in enumerate(seats)}
        self.power = POWERS[self.pack.name]
        self._payments: dict[str, int] | None = None
        self.turn: str | None = seats[0]
        self.phase = "auction"

    # --- helpers -------------------------------------------------------------------------------------
    def after(self, seat: str, n: int = 1) -> str:
        """The seat ``n`` places after ``seat`` in the order of play (counter-clockwise)."""
        return self.seats[(self.index[seat] + n) % 4]

    def side(self, seat: str) -> str:
        return "declarer" if seat == self.declarer or seat == self.holder else "opponents"

    def to_move(self) -> str | None:
        return self.turn

    @property
    def counts(self) -> dict[str, dict[str, int]]:
        """How many cards of each suit ("T": trumps) each seat holds in the play, kept up to date by the
        play of each card from the first time it is asked; {} before the play."""
        counts = self._counts
        if counts is None:
            counts = self._counts = {}
            hands = self.play.hands if self.play is not None else self.hands
            for s, cards in hands.items():
                counts[s] = mine = dict.fromkeys("THDCS", 0)
                for c in cards:
                    mine[SUIT[c]] += 1
        return counts

    def cards_of(self, seat: str) -> list[str]:
        if self.play is not None:
            return self.play.hands[seat]
        return self.hands.get(seat, [])

    # --- what may be done ----------------------------------------------------------------------------
    def bid_codes(self) -> list[str]:
        if not self.auction:
            return list(self.bids)
        top = self.bids.index(self.contract) if self.contract in self.bids else -1
        return ["pass", *self.bids[top + 1 :]]

    def callable_cards(self) -> list[str]:
        rules, hand = self.rules, self.hands[self.declarer or ""]
        if rules.calls == "king":
            # 18.13: any King, his own one too (alone); holding all four, a Queen as well
            return [*KINGS, *QUEENS] if all(k in hand for k in KINGS) else list(KINGS)
        top, low = ("XX", 17) if rules.calls == "xx" else ("XIX", 15)
        order = ["XX", "XIX", "XVIII", "XVII", "XVI", "XV"]
        ladder = order[order.index(top) : order.index(top) + (20 if top == "XX" else 19) - low + 1]
        if top not in hand:
            return [top]
        missing = [c for c in ladder[1:] if c not in hand]
        if rules.call_before_talon:  # 19.16 variants: "must call the XIX or the highest ... he does not hold"
            return [missing[0]] if missing else [top]
        return [top, missing[0]] if missing else [top]

    def may_refuse(self, seat: str) -> bool:
        """18.13, 19.16: two trumps or none, while that holding is a bonus of these rules."""
        if not self.rules.refuse_talon_card:
            return False
        n = trumps_in(self.hands[seat])
        return (n == 0 and "no_trumps" in self.words) or (1 <= n <= 2 and "two_trumps" in self.words)

    def discardable(self, seat: str) -> tuple[list[str], list[str]]:
        """The seat's cards it may discard freely, and the trumps it may add when those are too few."""
        hand = self.hands[seat]
        free = [c for c in hand if c not in NEVER_DISCARD and SUIT[c] != "T"]
        trumps = [c for c in hand if c not in NEVER_DISCARD and SUIT[c] == "T"]
        return free, trumps

    def discard_fault(self, seat: str, cards: list[str], count: int) -> Message | None:
        hand = self.hands[seat]
        if len(cards) != count or len(set(cards)) != count or not all(c in hand for c in cards):
            return Message(DISCARD_COUNT.code, DISCARD_COUNT.template, count=count)
        trumps = 0
        for c in cards:
            if c in NEVER_DISCARD:
                return Message(NO_DISCARD.code, NO_DISCARD.template, card=c)
            if SUIT[c] == "T":
                trumps += 1
        if trumps:
            free = sum(1 for c in hand if SUIT[c] != "T" and c not in NEVER_DISCARD)
            if trumps > count - free:
                return TRUMP_DISCARD
        return None

    def say_codes(self, seat: str) -> list[str]:
        """The announcements ``seat`` may make now, ``pass`` last."""
        out: list[str] = []
        side = self.side(seat)
        if self.contract != "no_trick":
            if not self.rules.declarations_compulsory:
                mine = self.declared.get(seat, [])
                held = self._holdings.get(seat)
                if held is None:
                    held = self._holdings[seat] = holdings(self.hands[seat], self.words)
                out += [f"declare {w}" for w in held if w not in mine]
            if "pagat" not in self.announced and "I" in self.hands[seat]:
                out.append("announce pagat")
            if (
                self.rules.king_bonus
                and self.contract == "povenost"
                and "king" not in self.announced
                and self.called in self.hands[seat]
            ):
                out.append("announce king")
            if "valat" not in self.announced:
                out.append("announce valat")
        for target in ("game", *self.announced):
            if target not in self.rules.kontra_targets or (target != "game" and self.contract == "no_trick"):
                continue
            level = self.kontra.get(target, 0)
            owner = "declarer" if target == "game" else self.side(self.announced[target])
            last = self.kontra_side.get(target, owner)
            if level < len(KONTRA_NAMES) and side != last:
                out.append(f"kontra {target}")
        out.append("pass")
        return out

    def card_fault(self, seat: str, card: str) -> Message | None:
        """Why ``seat`` may not play ``card`` now; None when it may."""
        play = self.play
        assert play is not None
        hand = play.hands[seat]
        if card not in hand:
            return Message(NOT_YOURS.code, NOT_YOURS.template, card=card)
        suit = SUIT[card]
        if play.trick:
            led, counts = SUIT[play.trick[0][1]], self.counts[seat]  # the counts of the hand's suits
            if suit != led:
                if counts[led]:
                    return Message(FOLLOW.code, FOLLOW.template, card=play.trick[0][1])
                if suit != "T" and counts["T"]:
                    return TRUMP
            if self.contract == "no_trick":
                allowed = play.follows(seat, must_overtake=True)
                if card not in allowed:
                    return HIGHER
        kept = self.kept(seat)
        if card in kept and len(hand) > 1:
            others = [c for c in hand if c not in kept and self._fits(seat, c)]
            if others:
                return Message(KEEP.code, KEEP.template, card=card)
        return None

    def kept(self, seat: str) -> tuple[str, ...]:
        """The announced cards ``seat`` must keep back (18.13: Pagat, the called King)."""
        out: tuple[str, ...] = ()
        if self.announced.get("pagat") == seat:
            out += ("I",)
        if self.announced.get("king") == seat and self.called is not None:
            out += (self.called,)
        return out

    def _fits(self, seat: str, card: str) -> bool:
        play = self.play
        assert play is not None
        if not play.trick:
            return True
        counts, led, suit = self.counts[seat], SUIT[play.trick[0][1]], SUIT[card]
        if suit != led and (counts[led] or (suit != "T" and counts["T"])):
            return False
        if self.contract == "no_trick":
            return card in play.follows(seat, must_overtake=True)
        return True

    def playable(self, seat: str) -> list[str]:
        """The cards ``seat`` may play now, in hand order."""
        play = self.play
        assert play is not None
        hand = play.hands[seat]
        if not play.trick:
            fits = list(hand)
        elif self.contract == "no_trick":
            fits = play.follows(seat, must_overtake=True)
        else:
            led = SUIT[play.trick[0][1]]
            fits = [c for c in hand if SUIT[c] == led] or [c for c in hand if SUIT[c] == "T"] or list(hand)
        kept = self.kept(seat)
        if kept:
            others = [c for c in fits if c not in kept]
            if others:
                fits = others
        return self.pack.order(fits)

    # --- the protocol's game part -----------------------------------------------------------------------
    def _listed(self, code: str) -> bool:
        """Whether ``code`` is legal now, without building the choices (the replay's hot path)."""
        phase, seat = self.phase, self.turn
        if seat is None:
            return False
        if phase == "play":
            return code[:5] == "play " and self.card_fault(seat, code[5:]) is None
        if phase == "auction":
            return bool(self.auction) if code == "pass" else code in self.bid_codes()
        if phase == "announcements":
            return code == "pass" or code in self.say_codes(seat)
        if phase == "call":
            return code[:5] == "call " and code[5:] in self.callable_cards()
        if phase == "throw":
            return code in ("throw in", "play on")
        what, _seat, count = self.pending
        if what == "discard":
            head, *cards = code.split(" ")
            return head == "discard" and self.discard_fault(seat, cards, count) is None
        if what == "offer":
            return code in ("take", "refuse")
        if what == "prever":
            return code in (("talon second", "talon back") if self.exposed else ("talon first", "talon next"))
        return False

    def legal(self) -> tuple[Choice, ...]:
        phase, seat = self.phase, self.turn
        if seat is None:
            return ()
        if phase == "play":
            return tuple(
                Choice(f"play {c}", text("play", card=c), "play", card=c) for c in self.playable(seat)
            )
        if phase == "auction":
            return tuple(
                Choice(c, text(c), "pass" if c == "pass" else "bid", hint=None) for c in self.bid_codes()
            )
        if phase == "announcements":
            return tuple(self._say_choice(c) for c in self.say_codes(seat))
        if phase == "call":
            return tuple(Choice(f"call {c}", text("call", card=c), "call") for c in self.callable_cards())
        if phase == "throw":
            return (
                Choice("throw in", text("throw_in"), "throw"),
                Choice("play on", text("play_on"), "throw"),
            )
        what, _seat, count = self.pending
        if what == "discard":
            free, trumps = self.discardable(seat)
            if len(free) >= count:
                code, pick, cards = "discard", count, free
            else:  # every card but a trump goes, and the trumps to make up the count are picked
                code, pick, cards = " ".join(["discard", *free]), count - len(free), trumps
            return (
                Choice(
                    code,
                    text("discard", count=count),
                    "discard",
                    pick=pick,
                    cards=tuple(self.pack.order(cards)),
                ),
            )
        if what == "offer":
            return (Choice("take", text("take"), "talon"), Choice("refuse", text("refuse"), "talon"))
        if self.exposed:
            return (
                Choice("talon second", text("talon_second"), "talon"),
                Choice("talon back", text("talon_back"), "talon"),
            )
        return (
            Choice("talon first", text("talon_first"), "talon"),
            Choice("talon next", text("talon_next"), "talon"),
        )

    def _say_choice(self, code: str) -> Choice:
        if code == "pass":
            return Choice("pass", text("pass"), "pass")
        head, word = code.split(" ", 1)
        if head == "declare":
            return Choice(code, text("declare", word=word), "declare")
        if head == "announce":
            return Choice(code, text("announce", word=word), "announce")
        level = self.kontra.get(word, 0)
        return Choice(code, text("kontra", kontra=KONTRA_NAMES[level], word=word), "kontra")

    def why_not(self, code: str) -> Message:
        seat = self.turn
        if seat is None:
            return not_legal(code)
        if self.phase == "play" and code[:5] == "play ":
            card = code[5:]
            if card not in self.pack:
                return Message("unknown_card", _("%(value)s is no card of this pack"), value=shown(card))
            return self.card_fault(seat, card) or not_legal(code)
        if self.phase == "talon" and self.pending[0] == "discard" and code.startswith("discard"):
            return self.discard_fault(seat, code.split(" ")[1:], self.pending[2]) or not_legal(code)
        if self.phase == "auction" and code in self.bids:
            if not self.auction:
                return not_legal(code)
            return Message(BID_LOW.code, BID_LOW.template, word=self.contract)
        if self.phase == "auction" and code == "pass" and not self.auction:
            return FIRST_BIDS
        return not_legal(code)

    # --- applying ------------------------------------------------------------------------------------
    def do(self, code: str) -> None:
        phase, seat = self.phase, self.turn
        assert seat is not None
        if phase == "play":
            self._play(seat, code[5:])
        elif phase == "auction":
            self._bid(seat, code)
        elif phase == "announcements":
            self._say(seat, code)
        elif phase == "call":
            self._call(code[5:])
        elif phase == "throw":
            if code == "throw in":
                self.kind = "called_from_talon"
                self._finish()
            else:
                self._discard_turn(seat, 4)
        else:
            self._talon(seat, code)

    def _bid(self, seat: str, code: str) -> None:
        self.auction.append((seat, code))
        if code != "pass":
            self.contract, self.declarer = code, seat
            if code == "no_trick":
                self.no_trick_bid = True
        if len(self.auction) < 4:
            self.turn = self.after(seat)
            return
        if self.contract == "povenost":
            if self.rules.call_before_talon:
                self.phase, self.turn = "call", self.declarer
            else:
                self._povenost_talon()
        elif self.contract == "prever":
            self.phase, self.turn = "talon", self.declarer
            self.pending = ("prever", self.declarer or "", 0)
            self.looked = self.talon[:3]
        else:  # No Trick: "the talon is set aside unseen"
            self.rest = list(self.talon)
            self._announcements()

    def _povenost_talon(self) -> None:
        declarer = self.declarer or ""
        self.phase = "talon"
        self._give(declarer, self.talon[:4])
        self._offer = [self.after(declarer, 1), self.after(declarer, 2), self.after(declarer, 3)]
        self._left = self.talon[4:]
        if self.rules.call_before_talon and self.called in self.talon[:4]:
            self.holder = declarer
            if self.rules.called_from_talon_penalty > 0:
                self.phase, self.turn = "throw", declarer
                return
        self._discard_turn(declarer, 4)

    def _give(self, seat: str, cards: list[str]) -> None:
        self.hands[seat] = [*self.hands[seat], *cards]
        self.taken.setdefault(seat, []).extend(cards)

    def _discard_turn(self, seat: str, count: int) -> None:
        self.phase, self.turn, self.pending = "talon", seat, ("discard", seat, count)

    def _next_offer(self) -> None:
        while self._left:
            seat = self._offer.pop(0)
            if not self._offer:
                cards, self._left = self._left, []
                self._give(seat, cards)
                self._discard_turn(seat, len(cards))
                return
            if self.may_refuse(seat):
                self.turn, self.pending = seat, ("offer", seat, 1)
                return
            self._give(seat, [self._left.pop(0)])
            self._discard_turn(seat, 1)
            return
        self._talon_done()

    def _talon(self, seat: str, code: str) -> None:
        what = self.pending[0]
        if what == "discard":
            cards = code.split(" ")[1:]
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
            self.discards.setdefault(seat, []).extend(cards)
            if self.contract == "prever":
                self._talon_done()
            else:
                self._next_offer()
        elif what == "offer":
            if code == "take":
                self._give(seat, [self._left.pop(0)])
                self._discard_turn(seat, 1)
            else:
                self.refused.append(seat)
                self._next_offer()
        else:  # Prever (18.13, 19.16)
            if code == "talon next":
                self.exposed = self.talon[:3]
                self.looked = self.talon[3:]
                return
            choice = code.split(" ")[1]
            self.talon_choice = choice
            take = self.talon[3:] if choice == "second" else self.talon[:3]
            if choice == "back":
                self.exposed = list(self.talon)
            self.rest = [c for c in self.talon if c not in take]
            self._give(seat, take)
            self._discard_turn(seat, 3)

    def _talon_done(self) -> None:
        if self.contract == "povenost" and self.called is None:
            self.phase, self.turn = "call", self.declarer
            return
        self._announcements()

    def _call(self, card: str) -> None:
        self.called = card
        if self.rules.call_before_talon and self.phase == "call" and not self.taken:
            self._povenost_talon()
            return
        self._announcements()

    def _announcements(self) -> None:
        declarer = self.declarer or self.seats[0]
        if self.called is not None and self.contract == "povenost":
            self.holder = next((s for s in self.seats if self.called in self.hands[s]), None)
        self.pagat_at_start = next((s for s in self.seats if "I" in self.hands[s]), None)
        self.phase, self.turn, self.passes = "announcements", declarer, 0
        if self.rules.declarations_compulsory and self.contract != "no_trick":
            for i in range(4):
                seat = self._announcer(declarer, i)
                for word in holdings(self.hands[seat], self.words):
                    self.declared.setdefault(seat, []).append(word)
                    self.says.append((seat, f"declare {word}", None))

    def _announcer(self, declarer: str, n: int) -> str:
        return self.after(declarer, -n if self.rules.announce_clockwise else n)

    def _say(self, seat: str, code: str) -> None:
        if code == "pass":
            self.says.append((seat, code, None))
            self.passes += 1
            if self.passes == 4:
                self._start_play()
            else:
                self.turn = self._announcer(seat, 1)
            return
        self.passes = 0
        head, word = code.split(" ", 1)
        team: str | None = None
        if head == "declare":
            self.declared.setdefault(seat, []).append(word)
        elif head == "announce":
            self.announced[word] = seat
            team = self.side(seat)
        else:
            self.kontra[word] = self.kontra.get(word, 0) + 1
            team = self.kontra_side[word] = self.side(seat)
        if team == "declarer" and seat == self.holder and seat != self.declarer:
            self.partner_public = True
        self.says.append((seat, code, team))

    def _start_play(self) -> None:
        rules = self.rules
        if self.contract == "no_trick" or rules.first_lead == "first_bidder":
            leader = self.seats[0]
        else:
            leader = self.declarer or self.seats[0]
        self.play = TrickPlay(self.pack, self.seats, self.hands, leader)
        self._counts = None  # counted when first asked (``counts``): a replay's plain cards need none
        self.phase, self.turn = "play", leader
        # a card that follows suit (or trumps, or cannot) is legal: no No Trick, no card kept back (``kept``
        # of every seat empty: the announced Pagat or King is a seat's of this hand)
        announced = self.announced
        self._fast = (
            self.contract != "no_trick"
            and "pagat" not in announced
            and ("king" not in announced or self.called is None)
        )

    def _play(self, seat: str, card: str) -> None:
        play = self.play
        assert play is not None
        if card == self.called:
            self.partner_public = True
        counts = self.counts[seat]  # counted (when first asked) before the card leaves the hand
        play.hands[seat].remove(card)
        suit = SUIT[card]
        counts[suit] -= 1
        trick = play.trick
        trick.append((seat, card))
        n = len(trick)
        if n < 4:
            if n == 1:
                self._led = suit
            self.turn = self._next[seat]
            return
        led, self._led = self._led, None
        cards = (trick[0][1], trick[1][1], trick[2][1], card)
        # the highest trump, else the highest card of the suit led (``TarotPack.winner``, unrolled)
        power = self.power
        best, top = 0, -1
        for i, c in enumerate(cards):
            p = power[c]
            if p > top and (p >= 100 or SUIT[c] == led):
                best, top = i, p
        winner = trick[best][0]
        play.tricks.append((trick[0][0], cards, winner))
        play.trick = []
        play.leader = winner
        if self.contract == "no_trick" and winner == self.declarer and self.rules.no_trick_stops:
            self.ended_early = True
            self._finish()
        elif not play.hands[winner]:
            self._finish()
        else:
            self.turn = winner

    def apply(self, code: str) -> None:
        """``TrickHand.apply``, with a short way for a card that plainly follows the rules (the replay's hot
        path: most moves are cards); anything else goes the base's way."""
        if self._fast and type(code) is str and code.startswith("play "):
            seat, card = self.turn, code[5:]
            hand = self.play.hands[seat]  # type: ignore[union-attr,index]
            if card in hand:
                counts, led = self.counts[seat], self._led
                suit = SUIT[card]
                if led is None or suit == led or (not counts[led] and (suit == "T" or not counts["T"])):
                    trick = self.play.trick  # type: ignore[union-attr]
                    if len(trick) < 3 and card != self.called:  # ``_play`` of a card that ends no trick
                        hand.remove(card)
                        counts[suit] -= 1
                        trick.append((seat, card))
                        if led is None:
                            self._led = suit
                        self.turn = self._next[seat]
                    else:
                        self._play(seat, card)
                    self.codes.append(code)
                    self.moved_by.append(seat)
                    return
        seat = self.turn
        if seat is not None and type(code) is str and len(code) <= LONGEST_CODE and self._listed(code):
            # only a code written as the engine writes it is listed: no normalizing needed
            self.do(code)
            self.codes.append(code)
            self.moved_by.append(seat)
            return
        super().apply(code)

    def replay_moves(self, moves: list[Any]) -> bool:
        """Apply a record's ``moves`` (``{"seat", "code"}`` each) as ``engine.core.trickhand.replay_record``
        does, checking each seat and code; True when every move was applied and the hand is over. False at
        the first move it does not plainly accept, the hand then left half played: ``record.replay`` replays
        the record again the long way, which names what is wrong. The play's cards that follow the rules
        (``_fast``) are applied here as ``apply``'s short way does, without its calls."""
        n, i = len(moves), 0
        try:
            while i < n:
                move = moves[i]
                if type(move) is not dict or len(move) != 2:
                    return False
                seat, code = move["seat"], move["code"]
                if seat != self.turn or seat is None or type(code) is not str:
                    return False
                if not self._fast:
                    self.apply(code)
                    i += 1
                    continue
                i = self._replay_cards(moves, i)
                if i < 0:
                    return False
        except (KeyError, TypeError, EngineError):
            return False
        return self.phase == "done"

    def _replay_cards(self, moves: list[Any], i: int) -> int:
        """``replay_moves`` in the play while ``_fast`` (no No Trick, no card kept back): the cards from
        ``moves[i]`` on, a trick at a time, each checked as ``apply``'s short way does (the seat to move,
        a ``play`` code, a card in its hand, following the suit led, else a trump, else anything); the
        index after the last move when the hand is over there, else -1 (a move not plainly legal, or moves
        left after the last trick). The suits' counts are not kept on the way: they are all 0 at the end."""
        play = self.play
        if play is None or play.trick or self.turn is None:
            return -1
        hands, called, suited, trumps = play.hands, self.called, SUITED, SUITED["T"]
        lead_power, cards_of = LEAD_POWER[self.pack.name], PLAY_CODES
        orders = _ORDERS.get(self.seats)
        if orders is None:
            if len(_ORDERS) > 64:
                _ORDERS.clear()
            seats = self.seats
            orders = _ORDERS[seats] = {s: (*seats[j:], *seats[:j]) for j, s in enumerate(seats)}
        tricks, n, first, leader = play.tricks, len(moves), i, self.turn
        while True:
            if i + 4 > n:
                return -1
            order, led, cards = orders[leader], None, []
            for seat, move in zip(order, moves[i : i + 4], strict=True):
                if type(move) is not dict or len(move) != 2 or move["seat"] != seat:
                    return -1
                card, suit = cards_of[move["code"]]  # KeyError, TypeError: not a card's code
                hand = hands[seat]
                if card not in hand:
                    return -1
                if led is None:
                    led = suit
                elif suit != led and not (
                    suited[led].isdisjoint(hand) and (suit == "T" or trumps.isdisjoint(hand))
                ):
                    return -1
                hand.remove(card)
                cards.append(card)
            i += 4
            if called in cards:
                self.partner_public = True
            # the highest trump, else the highest card of the suit led (``TarotPack.winner``)
            power = lead_power[led]
            a, b, c, d = cards
            powers = [power[a], power[b], power[c], power[d]]
            winner = order[powers.index(max(powers))]
            tricks.append((leader, tuple(cards), winner))
            leader = winner
            if not hands[winner]:
                break
        play.leader = winner
        self._counts = None  # the hands are empty: ``counts`` counts 0s
        self.codes.extend(map(_CODE, moves[first:i]))
        self.moved_by.extend(map(_SEAT, moves[first:i]))
        self._finish()
        return i

    def _finish(self) -> None:
        self.phase, self.turn, self._fast = "done", None, False

    # --- the result ----------------------------------------------------------------------------------
    def result_hand(self) -> Hand:
        """The finished hand as ``engine.texas.summary.Hand`` (made once)."""
        if self._result is None:
            self._result = self._hand()
        return self._result

    def _hand(self) -> Hand:
        """The hand as ``engine.texas.summary.Hand`` (what its summary parses to), built from the play."""
        hand = Hand(rules=self.rules, seats=self.seats, stake=self.deal.stake)
        hand.declarer = self.declarer or self.seats[0]
        hand.contract = self.contract or "povenost"
        if self.kind == "called_from_talon":
            hand.kind = self.kind
            return hand
        play = self.play
        assert play is not None
        if hand.contract == "povenost" and self.holder is not None and self.holder != hand.declarer:
            hand.partner = self.holder
        if hand.contract == "prever":
            hand.talon = self.talon_choice
            hand.no_trick_bid = self.no_trick_bid and "no_trick" in self.rules.contracts
        if hand.contract == "no_trick":
            hand.made = not any(w == hand.declarer for _l, _c, w in play.tricks)
            if self.kontra.get("game"):
                hand.kontra = {"game": self.kontra["game"]}
            return hand
        ours = {s for s in self.seats if s == self.declarer or s == self.holder}  # ``side`` "declarer"
        points = 0
        for _leader, (a, b, c, d), winner in play.tricks:
            if winner in ours:
                points += POINTS[a] + POINTS[b] + POINTS[c] + POINTS[d]
        for seat, cards in self.discards.items():
            if seat in ours:
                points += sum(POINTS[c] for c in cards)
        if hand.contract == "prever" and self.rules.prever_rest == "declarer":
            points += sum(POINTS[c] for c in self.rest)
        hand.card_points = points
        hand.bonuses = self._bonuses()
        hand.kontra = {t: n for t, n in self.kontra.items() if n}
        declarations: dict[str, list[str]] = {}
        for seat in self.seats:
            for word in self.declared.get(seat, ()):
                declarations.setdefault(word, []).append(seat)
        hand.declarations = {w: tuple(declarations[w]) for w in self.words if w in declarations}
        return hand

    def _bonuses(self) -> dict[str, Bonus]:
        play, side, rules = self.play, self.side, self.rules
        assert play is not None
        out: dict[str, Bonus] = {}
        other = {"declarer": "opponents", "opponents": "declarer"}
        last = play.tricks[-1]
        lead, cards, winner = last
        start = self.index[lead]
        by = {c: self.seats[(start + i) % 4] for i, c in enumerate(cards)}
        # Pagat on the last trick (18.13, 19.16)
        if self.pagat_at_start is not None:
            pside = side(self.pagat_at_start)
            won = "I" in by and by["I"] == winner and cards[self.pack.winner(cards)] == "I"
            if "pagat" in self.announced:
                out["pagat"] = Bonus(side(self.announced["pagat"]), True, won)
            elif "I" in by:
                if won:
                    out["pagat"] = Bonus(pside, False, True)
                else:
                    out["pagat_captured"] = Bonus(other[pside], False, True)
        # the called King on the last trick, "the King need not itself win the trick" (18.13)
        if rules.king_bonus and self.contract == "povenost" and self.called is not None:
            there = self.called in by
            ours = there and side(winner) == "declarer"
            if "king" in self.announced:
                out["king"] = Bonus("declarer", True, ours)
            elif ours:
                out["king"] = Bonus("declarer", False, True)
            elif there and rules.king_captured_value > 0:
                out["king_captured"] = Bonus("opponents", False, True)
        # Valat: every trick to one side
        sides = {side(w) for w in {w for _l, _c, w in play.tricks}}
        made = next(iter(sides)) if len(sides) == 1 else None
        if "valat" in self.announced:
            vside = side(self.announced["valat"])
            out["valat"] = Bonus(vside, True, made == vside)
        elif made is not None:
            out["valat"] = Bonus(made, False, True)
        # the XXI lost to the Skys (18.13)
        if rules.xxi_captured_value > 0:
            for tlead, tcards, _w in play.tricks:
                if "XXI" in tcards and "SKIZ" in tcards:
                    s0 = self.index[tlead]
                    mond = side(self.seats[(s0 + tcards.index("XXI")) % 4])
                    skys = side(self.seats[(s0 + tcards.index("SKIZ")) % 4])
                    if mond != skys:
                        out["xxi_captured"] = Bonus(skys, False, True)
        return out

    def summary(self) -> dict[str, Any]:
        if self._summary is None:
            if not self.done:
                raise TexasError(self.where(), Message("texas_not_over", _("the hand is not over yet")))
            self._summary = summary_of(self.result_hand(), spec_of_rules(self.rules))
        return self._summary

    def payments(self) -> dict[str, int]:
        if self._payments is None:
            if not self.done:
                raise TexasError(self.where(), Message("texas_not_over", _("the hand is not over yet")))
            self._payments = payments_of(self.result_hand())
        return self._payments

    def rule_bot(self, rng: Any) -> str:
        from engine.texas.bots import rule_move

        return rule_move(self, rng)

    # --- views ---------------------------------------------------------------------------------------
    def extra_view(self, seat: str | None) -> dict[str, Any]:
        partner: str | None = None
        if self.holder is not None and self.holder != self.declarer and self.partner_public:
            partner = self.holder
        if seat is not None and seat == self.holder and seat != self.declarer:
            partner = self.declarer
        shown_trumps = {s: [c for c in cards if SUIT[c] == "T"] for s, cards in self.discards.items()}
        talon: dict[str, Any] = {
            # a seat still deciding on its talon card looks the same as one that took it and is
            # discarding: the table learns who took what once the seat has discarded (a seat asked to
            # take or refuse holds two trumps or none, which the others may not learn from the question)
            "taken": {
                s: len(c)
                for s, c in self.taken.items()
                if not (self.phase == "talon" and s == self.turn and s != seat)
            },
            "refused": list(self.refused),
            "exposed": list(self.exposed),
            "choice": self.talon_choice,
        }
        discards: dict[str, Any] = {
            "count": {s: len(c) for s, c in self.discards.items()},
            "shown": {s: c for s, c in shown_trumps.items() if c},
        }
        if seat is not None:
            talon["received"] = list(self.taken.get(seat, []))
            if seat == self.declarer and self.contract == "prever":
                talon["seen"] = sorted(set(self.looked) | set(self.exposed), key=self.pack.cards.index)
            discards["mine"] = list(self.discards.get(seat, []))
        return {
            "auction": [{"seat": s, "say": say} for s, say in self.auction],
            "declarer": self.declarer if len(self.auction) == 4 else None,
            "bid": self.contract if len(self.auction) == 4 else None,
            "called": self.called,
            "partner": partner,
            "talon": talon,
            "discards": discards,
            "announcements": [{"seat": s, "say": say, "team": team} for s, say, team in self.says],
            "kind": self.kind,
        }


def start(deal: LiveDeal) -> LiveTexas:
    """A hand of Texas Tarock at step 0 (``LiveGame.start``)."""
    return LiveTexas(deal)


#: the JSON schema of a seat's view (the public view is the same without ``seat``, ``hand``)
view_schema = schema_of("texas", "live-view")


LIVE = LiveGame(start=start, view_schema=view_schema, phases=PHASES)

__all__ = ["LIVE", "PHASES", "TEXTS", "LiveTexas", "TexasError", "payments_of", "start", "summary_of"]
