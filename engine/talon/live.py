"""Talon played live (``engine.core.live``, issue 34): ``TalonHand``, a ``TrickHand`` (engine.core.trickhand)
for two to six players, ``LIVE`` (the descriptor's ``LiveGame``), ``replay`` of a hand record and
``bot_record``. Sections are talon.txt's.

A hand goes through these phases (``PHASES``), skipping those the size, contract and rules leave out:

* ``annul`` (1.2, 8.2): a hand without tarocks or with a dry pagat annuls the deal at once: its seat's one
  move, ``annul``, shows it (kind ``annulled``);
* ``bidding`` (1.3; 3.0 at five and six; 7.1 the multiple round auction, "hold" matching a bid; 8.2.3 take
  or pass at two): codes ``pass``, ``hold``, ``tapper``, ``preference``, ``duo``, ``uno``, ``solo``,
  ``take``; all passing at five or six plays a misère (5.4) or throws the hand in (``passed_out``);
* ``raise`` (7.1's last bidder raising the bid, 5.4's forehand turning an unopposed preference into a
  misère): ``raise <contract>``, ``misere``, ``no raise``;
* ``call`` (2.0 a king at four, 4.0 a tarock but an oudler at six): ``call HK``, ``call XX``, ``call none``;
* ``surrender`` (the called card is in the exposed talon, 2.0, 4.0): ``surrender``, ``play alone``;
* ``talon`` (1.3: the first or last three, the first, middle or last two, any one; tapper takes all six at
  once, solo none): ``take HK S7 XX`` (the cards in the talon's order);
* ``discard`` (1.4: as many as taken, never a king or an oudler, a tarock only when nothing else can go,
  and then shown): ``discard HQ S9``;
* ``announcements`` (5.3 from the declarer on, one turn each ended by ``pass``; 6.2 handfuls; 7.2 doubling,
  in further rounds while a round doubled or announced something): ``announce pagat_ultimo`` (the pagat is
  laid out face up), ``announce king_ultimo`` (the called king is laid out), ``announce all_three``,
  ``announce all_four``, ``announce valat``, ``declare 9``, ``contra contract``, ``contra valat`` ...;
* ``play`` (1.5: follow suit, else a tarock, else anything; the fool is tarock 22; 7.3 trick compulsion in a
  misère; a laid-out card stays out until the last trick or until it is the only card allowed; at two
  each player plays from the hand and the face-up tops of its straw men, 8.2, 8.2.2): ``play XXI``.

With the wild excuse (8.1, an option) the fool may go to any trick, never has to, wins none and goes back
to its owner's pile; the card after a led excuse leads; announcing valat with it lays it out, and it then
wins the last trick of a side that won every other.

The summary is the game's hand summary (``engine.talon.summary``); the payments are its score's. A seat's
view holds its own cards and what the table saw (the exposed talon and the cards taken from it, the
discarded tarocks, laid-out cards, the straw men's face-up cards, an annulling hand); the called card's
holder is public once it plays the card, announces king ultimo or re-contras. ``replay`` replays a record
in one loop (``_replayed``: the moves read at once, a run of passes in the announcements at once
(``_passes``), the play, without straw men, the wild excuse or a misère's trick compulsion, trick by trick
on bit masks: ``_played_out``) and leaves anything out of the ordinary to
``engine.core.trickhand.replay_record``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import Any, ClassVar

from engine.core.kit import schema_of
from engine.core.live import Choice, LiveDeal, LiveGame
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown
from engine.core.tarot import TarotPack
from engine.core.trickhand import (
    MoveError,
    Replayed,
    TrickHand,
    TrickPlay,
    not_legal,
    record_deal,
    replay_record,
)
from engine.talon.packs import (
    CALLABLE_TAROCKS,
    KINGS,
    OUDLERS,
    PACKS,
    POINTS,
    STRENGTH,
    SUIT_OF,
    annuls,
    deal_cards,
    order,
    suit_counts,
)
from engine.talon.rules import PRESETS, Rules, resolve_rules
from engine.talon.scoring import played_payments, score_payments
from engine.talon.summary import Bonus, Summary
from engine.talon.tables import (
    CONTRACTS,
    FOREHAND_PREFERENCE_SIZES,
    HANDFUL_MINIMA,
    PARTNER_SIZES,
    TABLE_SIZES,
)

#: the phases a view names, in the order a hand goes through them
PHASES: dict[str, str] = {
    "annul": _("annulment"),
    "bidding": _("bidding"),
    "raise": _("raise"),
    "call": _("calling a partner"),
    "surrender": _("surrender"),
    "talon": _("taking from the talon"),
    "discard": _("discarding"),
    "announcements": _("announcements"),
    "play": _("play"),
    "done": _("hand over"),
}

#: the choices' labels and hints; each is ``Message("talon_live_" + key, text)``
TEXTS: dict[str, str] = {
    "annul": _("Show the hand: no tarocks or a dry pagat annuls the deal"),
    "pass": _("Pass"),
    "hold": _("Hold %(word)s"),
    "bid": _("Bid %(word)s"),
    "raise": _("Raise to %(word)s"),
    "no_raise": _("Keep the contract"),
    "misere": _("Play a misère"),
    "call": _("Call the %(card)s"),
    "call_none": _("No partner"),
    "surrender": _("Surrender: pay the contract"),
    "play_alone": _("Play alone"),
    "take": _("Take %(cards)s"),
    "discard": _("Discard %(count)s card(s)"),
    "discard_tarocks": _("no other card may go: the tarocks discarded are shown"),
    "announce": _("Announce %(word)s"),
    "declare": _("Declare a handful of %(count)s tarocks"),
    "contra": _("%(kontra)s the %(word)s"),
    "play": _("Play %(card)s"),
}
KONTRA_WORDS: tuple[str, ...] = ("contra", "re-contra", "supra-contra")
#: the bonuses a player may announce (5.3), in the order the choices list them
ANNOUNCEABLE: tuple[str, ...] = ("pagat_ultimo", "king_ultimo", "all_three", "all_four", "valat")
_BONUS_OPTION = {
    "pagat_ultimo": "pagat_ultimo",
    "king_ultimo": "king_ultimo",
    "all_three": "honours",
    "all_four": "honours",
    "valat": "valat",
}
SIDES = ("declarer", "opponents")
#: the honours (6.1): each bonus and its cards, and all of them
HONOUR_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("all_three", tuple(sorted(OUDLERS))),
    ("all_four", KINGS),
)
HONOURS = OUDLERS | frozenset(KINGS)
#: (side, announced, made) -> the ``Bonus`` (immutable: one of each is enough)
_BONUS_OF: dict[tuple[str, bool, bool], Bonus] = {
    (team, announced, made): Bonus(team, announced, made)
    for team in SIDES
    for announced in (False, True)
    for made in (False, True)
}


def _beats(a: str, b: str) -> bool:
    """Whether ``a`` played after ``b`` beats it (``TarotPack.beats`` on the shared tables)."""
    sa, sb = SUIT_OF[a], SUIT_OF[b]
    return (sa == sb and STRENGTH[a] > STRENGTH[b]) or (sa == "T" != sb)


def text(key: str, **params: Any) -> Message:
    """The label or hint ``key`` of ``TEXTS``."""
    return Message(f"talon_live_{key}", TEXTS[key], **params)


class TalonError(MoveError):
    """A Talon move, record or deal the engine refuses: ``TalonError(where, why)``."""


#: "play XXI" -> "XXI", for every card: the play phase's codes read without splitting
PLAY_CODES: dict[str, str] = {f"play {c}": c for c in PACKS[6].cards}
#: each card's bit in a hand's bit mask (the 78-card pack's order), each "suit"'s (``SUIT_OF``) cards' mask
CARD_BITS: dict[str, int] = {c: 1 << i for i, c in enumerate(PACKS[6].cards)}
SUIT_MASKS: dict[str, int] = {
    suit: sum(b for c, b in CARD_BITS.items() if SUIT_OF[c] == suit) for suit in ("T", "H", "D", "C", "S")
}
TAROCK_MASK = SUIT_MASKS["T"]
#: "play XXI" -> (the card, its bit, its suit's mask, its strength): the play's codes for ``_played_out``
PLAY_BITS: dict[str, tuple[str, int, int, int]] = {
    code: (c, CARD_BITS[c], SUIT_MASKS[SUIT_OF[c]], STRENGTH[c]) for code, c in PLAY_CODES.items()
}
_DICT, _TWO, _STR = {dict}, {2}, {str}
_SEAT, _CODE, _CARD, _WINNER = itemgetter("seat"), itemgetter("code"), itemgetter(0), itemgetter(2)
#: size -> the codes of the cards a declarer may call: a king at four (2.0), a tarock but an oudler at
#: six (4.0)
CALL_CODES: dict[int, tuple[str, ...]] = {
    4: tuple(f"call {c}" for c in KINGS),
    6: tuple(f"call {c}" for c in CALLABLE_TAROCKS),
}
#: size -> ``_codes_call``'s codes as a set
CALL_SETS: dict[int, frozenset[str]] = {n: frozenset((*c, "call none")) for n, c in CALL_CODES.items()}
#: size -> "raise <contract>" of each contract (``_codes_raise``)
RAISE_CODES: dict[int, tuple[str, ...]] = {n: tuple(f"raise {c}" for c in CONTRACTS[n]) for n in CONTRACTS}
#: the cards that may be discarded (1.4): the suit cards but kings, and (when nothing else can go) the tarocks
#: but oudlers
DISCARD_PLAIN = frozenset(c for c, suit in SUIT_OF.items() if suit != "T" and c not in KINGS)
DISCARD_TAROCKS = frozenset(c for c, suit in SUIT_OF.items() if suit == "T" and c not in OUDLERS)
TAROCK_CARDS = frozenset(c for c, suit in SUIT_OF.items() if suit == "T")


class SuitCounts(dict[str, dict[str, int]]):
    """Each seat's ``suit_counts`` of its playable cards, counted when first read (a record's replay of the
    common play reads none) and kept up to date by ``_play`` from then on."""

    def __init__(self, playable: Callable[[str], list[str]]) -> None:
        super().__init__()
        self.playable = playable

    def __missing__(self, seat: str) -> dict[str, int]:
        count = self[seat] = suit_counts(self.playable(seat))
        return count


@lru_cache(maxsize=4096)
def _dealt(
    seed: int, size: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """The deal of ``seed`` at ``size`` (``deal_cards``: each seat's pile, the talon), the seats (by index)
    whose hands annul it (``annuls``) and each pile's bit mask (``CARD_BITS``; at two the straw men's cards
    are in it: unused there); cached by the seed, as ``deal_cards``."""
    piles, talon = deal_cards(seed, size)
    annulling = tuple(i for i, pile in enumerate(piles) if annuls(pile[:15] if size == 2 else pile))
    bit_of = CARD_BITS.__getitem__
    return piles, talon, annulling, tuple(sum(map(bit_of, pile)) for pile in piles)


class TalonHand(TrickHand):
    """One Talon hand in live play (see the module's docstring)."""

    # the hand's state in slots, the base's too but ``pack`` (a class variable each hand sets to its size's):
    # more than 30 attributes in an instance dict make each hand's set-up, and reading them, slower
    __slots__ = (
        "_choices", "_payments", "_pending", "_summary", "announced", "annulling", "auction", "call_made",
        "called", "codes", "compel", "contract", "counts", "deal", "dealt", "dealt_masks", "declarer",
        "discards", "handfuls", "hands", "holder", "kind", "kontra", "laid_out", "level", "misere",
        "moved_by", "n", "next_seat", "others_bid", "partner", "partner_public", "passed", "phase", "play",
        "revealed", "round", "round_active", "round_turn", "rules", "says", "seats", "shown", "spoken",
        "stacks", "stake", "straw", "taken", "talon", "talon_open", "tops", "trick_best", "turn", "wild",
        "won",
    )  # fmt: skip

    game_id = "talon"
    pack: ClassVar[TarotPack] = PACKS[6]
    error = TalonError
    public_keys = (
        "auction",
        "declarer",
        "bid",
        "called",
        "partner",
        "talon",
        "discards",
        "announcements",
        "kontra",
        "laid_out",
        "straw_men",
        "shown",
    )

    # --- the deal --------------------------------------------------------------------------------------
    def setup(self) -> None:
        deal = self.deal
        rules = deal.rules
        if not isinstance(rules, Rules):
            try:
                rules = resolve_rules(rules)
            except RulesError as exc:
                raise TalonError("rules", exc) from None
        seats = self.seats
        n = len(seats)
        if n not in TABLE_SIZES or len(set(seats)) != n:
            raise TalonError(
                "seats", Message("talon_seats", _("must be 2 to 6 distinct seat labels, the forehand first"))
            )
        self.rules: Rules = rules
        self.n = n
        self.pack = PACKS[n]  # type: ignore[misc]
        self.stake = deal.stake
        piles, talon, annulling, masks = _dealt(deal.seed, n)
        self.talon: tuple[str, ...] = talon
        self.stacks: dict[str, list[list[str]]] = {}
        if n == 2:
            self.hands = {s: list(piles[i][:15]) for i, s in enumerate(seats)}
            self.stacks = {
                s: [list(piles[i][15 + 4 * k : 19 + 4 * k]) for k in range(3)] for i, s in enumerate(seats)
            }
            self.dealt = {s: tuple(self.hands[s]) for s in seats}
        else:
            self.hands = dict(zip(seats, map(list, piles), strict=True))
            self.dealt = dict(zip(seats, piles, strict=True))
        #: each seat's dealt cards as a bit mask (``CARD_BITS``), for ``_played_out``
        self.dealt_masks: tuple[int, ...] = masks
        # the auction
        self.auction: list[tuple[str, str]] = []
        self.spoken: set[str] = set()
        self.passed: set[str] = set()
        self.level = -1  # the highest bid, an index of CONTRACTS[n]
        self.holder: str | None = None
        self.others_bid = False
        self.declarer: str | None = None
        self.contract: str | None = None
        self.misere = False
        # partners, the talon and the discards
        self.called: str | None = None
        self.call_made = False
        self.partner: str | None = None
        self.partner_public = False
        self.talon_open = False
        self.taken: tuple[str, ...] = ()
        self.discards: list[str] = []
        # announcements
        self.announced: dict[str, str] = {}  # bonus -> the seat that announced it
        self.handfuls: dict[str, int] = {}
        self.kontra: dict[str, int] = {}
        self.laid_out: dict[str, str] = {}
        self.revealed: set[str] = set()  # seats whose side the table knows
        self.says: list[tuple[str, str]] = []
        self.round = 0
        self.round_turn = 0
        self.round_active = False
        # the play
        self.won: dict[str, list[str]] = {s: [] for s in seats}
        self.counts: dict[str, dict[str, int]] = {}
        self.tops: dict[str, list[str]] = {}
        self.trick_best = -1
        self._pending: list[tuple[str, int]] = []
        self.kind = "played"
        self.shown: dict[str, list[str]] = {}
        self._summary: dict[str, Any] | None = None
        self._payments: dict[str, int] | None = None
        self.turn: str | None = seats[0]
        self.compel = False
        self.wild = rules.wild_fool
        self.straw = n == 2
        self.next_seat = _next_seats(seats)
        self.annulling = [seats[i] for i in annulling]
        if self.annulling:  # 1.2: shown at once; the first such seat shows it (its one move)
            self.phase, self.turn = "annul", self.annulling[0]
            return
        if n == 2 and not rules.take_or_pass:
            self.contract = "straw_man"
            self._start_play()
            return
        self.phase = "bidding"

    # --- the protocol's parts --------------------------------------------------------------------------
    def to_move(self) -> str | None:
        return None if self.phase == "done" else self.turn

    def cards_of(self, seat: str) -> list[str]:
        return self.hands.get(seat, [])

    def after(self, seat: str) -> str:
        return self.next_seat[seat]

    def side(self, seat: str) -> str:
        """The side ``seat`` plays on (a straw man hand without a taker: the forehand's is "declarer")."""
        lead = self.declarer or self.seats[0]
        return "declarer" if seat == lead or seat == self.partner else "opponents"

    def sides_public(self) -> bool:
        """Whether every seat's side is known to the table."""
        return (
            self.n not in PARTNER_SIZES
            or (self.call_made and self.called is None)
            or self.partner_public
            or (self.talon_open and self.called in self.talon)
        )

    def knows_side(self, viewer: str | None, seat: str) -> bool:
        """Whether ``viewer`` (None: the table) knows the side ``seat`` plays on."""
        if self.sides_public() or seat == self.declarer or seat in self.revealed:
            return True
        if viewer is None:
            return False
        if viewer == seat or viewer == self.partner:
            return True
        # the declarer who called a card of its own (or saw it in the talon) knows it plays alone
        return viewer == self.declarer and self.alone_known()

    def alone_known(self) -> bool:
        """Whether the declarer knows it plays alone: no call, its own card called (dealt or taken), or the
        called card seen in the talon; a called card lying in a solo's face-down talon leaves it unsure."""
        called, declarer = self.called, self.declarer
        if not self.call_made or declarer is None:
            return False
        return (
            called is None
            or called in self.dealt[declarer]
            or called in self.taken
            or (self.talon_open and called in self.talon)
        )

    # --- moves -----------------------------------------------------------------------------------------
    def legal(self) -> tuple[Choice, ...]:
        seat = self.turn
        assert seat is not None
        phase = self.phase
        if phase == "play":
            return self._legal_play(seat)
        if phase == "discard":
            return self._legal_discard(seat)
        return tuple(self._choice(code) for code in self._codes(seat))

    def _codes(self, seat: str) -> list[str]:
        """The legal codes of ``seat`` in this phase (not the play's or the discard's)."""
        return _CODES[self.phase](self, seat)

    def _choice(self, code: str) -> Choice:
        """The choice of a legal ``code`` (of ``_codes``), labelled."""
        phase = self.phase
        word, _sep, arg = code.partition(" ")
        if phase == "annul":
            return Choice(code, text("annul"), "annul")
        if phase == "bidding":
            if code == "hold":
                return Choice(code, text("hold", word=CONTRACTS[self.n][self.level]), "bid")
            return Choice(code, text("pass") if code == "pass" else text("bid", word=code), "bid")
        if phase == "raise":
            label = (
                text("raise", word=arg)
                if word == "raise"
                else text("misere" if code == "misere" else "no_raise")
            )
            return Choice(code, label, "raise")
        if phase == "call":
            return Choice(code, text("call_none") if arg == "none" else text("call", card=arg), "call")
        if phase == "surrender":
            return Choice(code, text("surrender" if code == "surrender" else "play_alone"), "surrender")
        if phase == "talon":
            return Choice(code, text("take", cards=arg), "talon")
        if word == "announce":
            return Choice(code, text("announce", word=arg), "announce")
        if word == "declare":
            return Choice(code, text("declare", count=int(arg)), "declare")
        if word == "contra":
            return Choice(
                code, text("contra", kontra=KONTRA_WORDS[self.kontra.get(arg, 0)], word=arg), "kontra"
            )
        return Choice(code, text("pass"), "pass")

    def do(self, code: str) -> None:
        _DO[self.phase](self, self.turn, code)

    def apply(self, code: str) -> None:
        """Apply ``code`` for the seat to move: a well-formed code is checked against the phase's legal codes
        without labelling them; anything else goes through ``TrickHand.apply`` (which names the error)."""
        if type(code) is str:
            phase = self.phase
            seat = self.turn
            if phase == "play":
                card = PLAY_CODES.get(code)
                ok = card is not None and self._may_play(seat, card)  # type: ignore[arg-type]
                if ok:
                    self._play(seat, card)  # type: ignore[arg-type]
                    self.codes.append(code)
                    self.moved_by.append(seat)  # type: ignore[arg-type]
                    return
            elif phase == "discard":
                head, *cards = code.split(" ")
                ok = head == "discard" and self._discard_ok(seat, cards)  # type: ignore[arg-type]
            elif phase == "announcements" and code == "pass":
                ok = True
            else:
                ok = phase != "done" and code in self._codes(seat)  # type: ignore[arg-type]
            if ok:
                self.do(code)
                self.codes.append(code)
                self.moved_by.append(seat)  # type: ignore[arg-type]
                return
        super().apply(code)

    def _listed(self, code: str) -> bool:
        if self.phase == "discard":
            head, *cards = code.split(" ")
            return head == "discard" and self._discard_ok(self.turn, cards)  # type: ignore[arg-type]
        return super()._listed(code)

    def bot_move(self, kind: str, rng: Any) -> str:
        if kind == "random" and self.phase == "discard":
            return self._random_discard(rng)
        if kind == "random" and self.phase == "play":  # the base's choice among the listed cards, unlisted
            return "play " + rng.choice(self.pack.order(self._allowed(self.turn)))  # type: ignore[arg-type]
        return super().bot_move(kind, rng)

    def rule_bot(self, rng: Any) -> str:
        from engine.talon.bots import rule_move

        return rule_move(self, rng)

    # --- the annulment (1.2, 8.2) -------------------------------------------------------------------------
    def _codes_annul(self, seat: str) -> list[str]:
        return ["annul"]

    def _do_annul(self, seat: str, code: str) -> None:
        self.shown = {s: order(self.hands[s]) for s in self.annulling}
        self._end("annulled")

    # --- bidding (1.3, 3.0, 7.1, 8.2.3) ----------------------------------------------------------------
    def _may_pass(self, seat: str) -> bool:
        if self.n in FOREHAND_PREFERENCE_SIZES and seat == self.seats[0]:
            if seat not in self.spoken:
                return False  # 1.3: the forehand may not pass
            return self.rules.forehand_passes_later
        return True

    def _biddable(self, seat: str) -> list[str]:
        if self.n == 2:
            return ["take"]
        contracts = CONTRACTS[self.n]
        return [
            c
            for i, c in enumerate(contracts)
            if i > self.level
            and (c != "preference" or self.n not in FOREHAND_PREFERENCE_SIZES or seat == self.seats[0])
        ]

    def _may_hold(self, seat: str) -> bool:
        holder = self.holder
        return (
            self.rules.multiple_round_auction
            and self.n > 2
            and holder is not None
            and self.seats.index(seat) < self.seats.index(holder)
        )

    def _codes_bidding(self, seat: str) -> list[str]:
        out = ["pass"] if self._may_pass(seat) else []
        if self._may_hold(seat):
            out.append("hold")
        return out + self._biddable(seat)

    def _do_bidding(self, seat: str, code: str) -> None:
        self.auction.append((seat, code))
        self.spoken.add(seat)
        if code == "pass":
            self.passed.add(seat)
        elif code == "hold":
            self.holder = seat
        else:
            self.holder = seat
            self.level = 0 if self.n == 2 else CONTRACTS[self.n].index(code)
            if seat != self.seats[0]:
                self.others_bid = True
        if self.n == 2:
            if code == "take":
                self.declarer, self.contract = seat, "take"
                self._start_play()
            elif len(self.spoken) == 2:
                self.contract = "straw_man"
                self._start_play()
            else:
                self.turn = self.after(seat)
            return
        if not self.rules.multiple_round_auction:
            if len(self.spoken) == self.n:
                self._end_auction()
            else:
                self.turn = self.after(seat)
            return
        passed, holder, following = self.passed, self.holder, self.next_seat
        active = self.n - len(passed)  # the seats that have not passed
        if (holder is None and not active) or (holder is not None and active == 1 and holder not in passed):
            self._end_auction()
            return
        nxt = following[seat]
        while nxt in passed:
            nxt = following[nxt]
        self.turn = nxt

    def _end_auction(self) -> None:
        if self.holder is None:  # all passed (five, six): a misère (5.4) or thrown in (3.0)
            if self.rules.misere:
                self._start_misere()
            else:
                self._end("passed_out")
            return
        self.declarer = self.holder
        self.contract = CONTRACTS[self.n][self.level]
        if (
            self.rules.multiple_round_auction and self.level + 1 < len(CONTRACTS[self.n])
        ) or self._misere_open(self.declarer):  # ``_codes_raise`` lists a move
            self.phase, self.turn = "raise", self.declarer
            return
        self._after_auction()

    def _misere_open(self, seat: str) -> bool:
        """5.4: the forehand's preference, every other player passing, at three or four."""
        return (
            self.rules.misere
            and self.n in FOREHAND_PREFERENCE_SIZES
            and seat == self.seats[0]
            and self.contract == "preference"
            and not self.others_bid
        )

    def _codes_raise(self, seat: str) -> list[str]:
        out = []
        if self.rules.multiple_round_auction:
            out.extend(RAISE_CODES[self.n][self.level + 1 :])
        if self._misere_open(seat):
            out.append("misere")
        if out:
            out.append("no raise")
        return out

    def _do_raise(self, seat: str, code: str) -> None:
        self.auction.append((seat, code))
        if code == "misere":
            self.declarer = self.contract = None
            self._start_misere()
            return
        if code.startswith("raise "):
            self.contract = code[6:]
            self.level = CONTRACTS[self.n].index(self.contract)
        self._after_auction()

    # --- the call, the talon and the discard (1.3, 1.4, 2.0, 4.0) ---------------------------------------
    def _after_auction(self) -> None:
        declarer = self.declarer
        assert declarer is not None
        if self.n in PARTNER_SIZES:
            if self.n == 4 and all(k in self.hands[declarer] for k in KINGS):
                self.call_made = True  # 2.0: holding all four kings, the declarer plays alone
                self._after_call()
                return
            self.phase, self.turn = "call", declarer
            return
        self._after_call()

    def _codes_call(self, seat: str) -> list[str]:
        return [*CALL_CODES[self.n], "call none"]

    def _do_call(self, seat: str, code: str) -> None:
        card = code[5:]
        self.called = None if card == "none" else card
        self.call_made = True
        self.says.append((seat, code))
        self._after_call()

    def _after_call(self) -> None:
        declarer = self.declarer
        called = self.called
        if called is not None:
            for s in self.seats:
                if s != declarer and called in self.hands[s]:
                    self.partner = s
        if self.contract == "solo":  # 1.3: the talon stays face down
            self._after_exchange()
            return
        self.talon_open = True
        if called is not None and called in self.talon:
            self.phase, self.turn = "surrender", declarer
            return
        self._to_talon()

    def _codes_surrender(self, seat: str) -> list[str]:
        return ["surrender", "play alone"]

    def _do_surrender(self, seat: str, code: str) -> None:
        self.says.append((seat, code))
        if code == "surrender":
            self._end("surrendered")
        else:
            self._to_talon()

    def _talon_options(self) -> list[tuple[str, ...]]:
        t = self.talon
        contract = self.contract
        if contract == "tapper":
            return [t]
        if contract == "preference":
            return [t[:3], t[3:]]
        if contract == "duo":
            return [t[:2], t[2:4], t[4:]]
        return [(c,) for c in t]  # uno

    def _to_talon(self) -> None:
        if self.contract == "tapper":  # 3.0: all six, no choice
            self._take(self._talon_options()[0])
            return
        self.phase, self.turn = "talon", self.declarer

    def _codes_talon(self, seat: str) -> list[str]:
        return [" ".join(("take", *cards)) for cards in self._talon_options()]

    def _do_talon(self, seat: str, code: str) -> None:
        self._take(tuple(code.split(" ")[1:]))

    def _take(self, cards: tuple[str, ...]) -> None:
        declarer = self.declarer
        assert declarer is not None
        self.taken = cards
        self.hands[declarer].extend(cards)
        self.hands[declarer] = order(self.hands[declarer])
        self.phase, self.turn = "discard", declarer

    def _discard_pool(self, seat: str) -> tuple[list[str], list[str]]:
        """(the suit cards but kings, the tarocks but oudlers) of ``seat``'s hand: what may go (1.4)."""
        hand = self.hands[seat]
        plain = [c for c in hand if c in DISCARD_PLAIN]
        tarocks = [c for c in hand if c in DISCARD_TAROCKS]
        return plain, tarocks

    def _discard_ok(self, seat: str, cards: list[str]) -> bool:
        """Whether ``seat`` may discard ``cards`` (1.4): as many different cards as taken, suit cards but
        kings; with fewer of those in the hand, all of them and tarocks but oudlers (``_discard_pool``, on
        sets)."""
        k = len(self.taken)
        chosen = set(cards)
        if len(cards) != k or len(chosen) != k:
            return False
        hand = self.hands[seat]
        plain = DISCARD_PLAIN.intersection(hand)  # ``_discard_pool``'s
        if len(plain) >= k:
            return chosen <= plain
        return plain <= chosen and chosen <= plain | DISCARD_TAROCKS.intersection(hand)

    def _legal_discard(self, seat: str) -> tuple[Choice, ...]:
        k = len(self.taken)
        plain, tarocks = self._discard_pool(seat)
        pool = plain if len(plain) >= k else plain + tarocks
        hint = None if len(plain) >= k else text("discard_tarocks")
        return (Choice("discard", text("discard", count=k), "discard", pick=k, cards=tuple(pool), hint=hint),)

    def _random_discard(self, rng: Any) -> str:
        seat = self.turn
        assert seat is not None
        k = len(self.taken)
        plain, tarocks = self._discard_pool(seat)
        cards = rng.sample(plain, k) if len(plain) >= k else plain + rng.sample(tarocks, k - len(plain))
        return " ".join(["discard", *cards])

    def _do_discard(self, seat: str, code: str) -> None:
        cards = code.split(" ")[1:]
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discards = cards
        self._after_exchange()

    # --- announcements (5.3, 6.2, 6.3, 7.2) ------------------------------------------------------------
    def _after_exchange(self) -> None:
        if self.rules.announcements and self.n > 2:
            self.phase = "announcements"
            self.round, self.round_turn, self.round_active = 1, 0, False
            self.turn = self.declarer
            return
        self._start_play()

    def _owner(self, item: str) -> str:
        """The side an item belongs to: the contract the declarer's, a bonus its announcer's."""
        return "declarer" if item == "contract" else self.side(self.announced[item])

    def _contra_codes(self, seat: str) -> list[str]:
        """7.2: the contract (or the announced valat that replaces it) and each announced bonus may be
        doubled by its owner's opponents, re-doubled by the owners, doubled again by the opponents; a bonus
        only by a seat that knows the announcer's side."""
        if not self.rules.doubling:
            return []
        out = []
        items = ["contract" if "valat" not in self.announced else "valat"]
        items += [b for b in self.announced if b != "valat"]
        mine = self.side(seat)
        for item in items:
            level = self.kontra.get(item, 0)
            if level >= 3:
                continue
            if item != "contract" and not self.knows_side(seat, self.announced[item]):
                continue
            owner = "declarer" if item == "contract" else self._owner(item)
            if (mine == owner) == (level % 2 == 1):
                out.append(f"contra {item}")
        return out

    def _announce_codes(self, seat: str) -> list[str]:
        rules = self.rules
        out = []
        hand = self.hands[seat]
        for bonus in ANNOUNCEABLE:
            if bonus in self.announced or not getattr(rules, _BONUS_OPTION[bonus]):
                continue
            if bonus == "pagat_ultimo" and ("I" not in hand or seat in self.laid_out):
                continue
            if bonus == "king_ultimo" and (
                self.n != 4 or self.called is None or self.called not in hand or seat in self.laid_out
            ):
                continue
            if bonus == "valat" and self.kontra.get("contract"):
                continue  # the contract doubled stays the contract (our reading of 5.3 with 7.2)
            out.append(f"announce {bonus}")
        if rules.handfuls and seat not in self.handfuls:
            tarocks = len(TAROCK_CARDS.intersection(hand))
            if tarocks >= HANDFUL_MINIMA[self.n][0]:
                out.append(f"declare {tarocks}")
        return out

    def _codes_announcements(self, seat: str) -> list[str]:
        out = [] if self.round > 1 else self._announce_codes(seat)
        return [*out, *self._contra_codes(seat), "pass"]

    def _do_announcements(self, seat: str, code: str) -> None:
        self.says.append((seat, code))
        if code == "pass":
            self.round_turn += 1
            if self.round_turn < self.n:
                self.turn = self.next_seat[seat]
            else:
                self._end_round()
            return
        self.round_active = True
        word, arg = code.split(" ", 1)
        if word == "announce":
            self.announced[arg] = seat
            if arg == "pagat_ultimo":
                self.laid_out[seat] = "I"
            elif arg == "valat" and self.wild and "SKIZ" in self.hands[seat] and seat not in self.laid_out:
                self.laid_out[seat] = "SKIZ"  # 8.1: the excuse laid out to win the valat's last trick
            elif arg == "king_ultimo":
                self.laid_out[seat] = self.called  # type: ignore[assignment]
                self.revealed.add(seat)
                if seat == self.partner:
                    self.partner_public = True
        elif word == "declare":
            self.handfuls[seat] = int(arg)
        else:  # contra
            self.kontra[arg] = self.kontra.get(arg, 0) + 1
            self.revealed.add(seat)
            if seat == self.partner:
                self.partner_public = True  # 7.2: a re-contra shows the partner

    def _end_round(self) -> None:
        """Every seat has had its turn of the round: another round if this one doubled or announced something
        and the rules let doubling go on (7.2), else the play."""
        rules = self.rules
        if rules.doubling and rules.contra_rounds and self.round_active:
            self.round += 1
            self.round_turn, self.round_active = 0, False
            self.turn = self.declarer
            return
        self._start_play()

    def _passes(self, said: list[Any], codes: list[str], i: int) -> int:
        """Apply the passes of the announcements from ``codes[i]`` on while each is said by the seat to move
        (``_do_announcements`` of each, in one loop): the index of the first move not applied."""
        says, following, n, count = self.says, self.next_seat, self.n, len(codes)
        while i < count and codes[i] == "pass" and said[i] == self.turn and self.phase == "announcements":
            seat = said[i]
            says.append((seat, "pass"))
            i += 1
            self.round_turn += 1
            if self.round_turn < n:
                self.turn = following[seat]
            else:
                self._end_round()
        return i

    # --- the play (1.5, 5.4, 7.3, 8.2) -----------------------------------------------------------------
    def _start_misere(self) -> None:
        self.misere = True
        self.contract = None
        self.declarer = None
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        seats = self.seats
        self.play = TrickPlay(self.pack, seats, dict.fromkeys(seats, ()), seats[0])
        if self.n == 2:
            self.tops = {s: [] for s in seats}
            for s in seats:
                for k in range(3):
                    self._expose(s, k)
        self.counts = SuitCounts(self._playable)
        self.compel = (self.misere and self.rules.trick_compulsion) or self.wild
        self.turn = seats[0]

    def _expose(self, seat: str, k: int) -> None:
        """Turn the next card of ``seat``'s straw man ``k`` face up (8.2); under 8.2.2 a tarock or a king
        goes into the hand at once and the next card is turned."""
        stack = self.stacks[seat][k]
        while stack:
            card = stack[0]
            if self.rules.straw_man_tarocks_and_kings and (SUIT_OF[card] == "T" or card in KINGS):
                stack.pop(0)
                self.hands[seat].append(card)
                self.hands[seat] = order(self.hands[seat])
                self.shown.setdefault(seat, []).append(card)
                continue
            self.tops[seat].append(card)
            return

    def _playable(self, seat: str) -> list[str]:
        if self.n == 2:
            return self.hands[seat] + self.tops[seat]
        return self.hands[seat]

    def _allowed(self, seat: str) -> list[str]:
        """The cards ``seat`` may play now (in no particular order): follow the suit led, else a tarock, else
        anything (1.5; ``TarotPack.follows``); in a misère with trick compulsion, beat the trick if possible
        and keep the pagat while anything else can go (7.3); a laid-out card stays out while another can go
        (5.3, 6.3)."""
        cards = self._playable(seat)
        trick = self.play.trick  # type: ignore[union-attr]
        wild = self.wild and "SKIZ" in cards
        if self.wild:  # 8.1: the excuse goes to any trick and is never owed; the card after it leads
            cards = [c for c in cards if c != "SKIZ"]
            trick = [(s, c) for s, c in trick if c != "SKIZ"]
        if trick:
            lead = SUIT_OF[trick[0][1]]
            allowed = [c for c in cards if SUIT_OF[c] == lead]
            if not allowed:
                allowed = [c for c in cards if SUIT_OF[c] == "T"] or list(cards)
        else:
            allowed = list(cards)
        if self.misere and self.rules.trick_compulsion:
            if trick and self.trick_best >= 0:
                best = self.play.trick[self.trick_best][1]  # type: ignore[union-attr]
                higher = [c for c in allowed if _beats(c, best)]
                if higher:
                    allowed = higher
            if "I" in allowed and len(allowed) > 1:
                allowed.remove("I")  # 7.3: the pagat only when nothing else can be played
        if wild:
            allowed.append("SKIZ")
        laid = self.laid_out.get(seat)
        if laid is not None and laid in allowed and len(allowed) > 1:
            allowed.remove(laid)  # 5.3, 6.3: the laid-out card stays out as long as possible
        return allowed

    def _may_play(self, seat: str, card: str) -> bool:
        """Whether ``seat`` may play ``card`` now: ``card in self._allowed(seat)``, counted rather than listed
        (the trick compulsion of a misère is listed)."""
        if self.compel:
            return card in self._allowed(seat)
        if card not in self.hands[seat] and (not self.straw or card not in self.tops[seat]):
            return False
        trick = self.play.trick  # type: ignore[union-attr]
        count = self.counts[seat]
        mine = SUIT_OF[card]
        if trick:
            lead = SUIT_OF[trick[0][1]]
            if mine != lead:
                if count[lead] or (mine != "T" and count["T"]):
                    return False
                choice = count["T"] or sum(count.values())
            else:
                choice = count[lead]
        else:
            choice = sum(count.values())
        if self.laid_out and self.laid_out.get(seat) == card:
            return choice <= 1
        return True

    def _legal_play(self, seat: str) -> tuple[Choice, ...]:
        return tuple(
            Choice(f"play {c}", text("play", card=c), "play", card=c)
            for c in self.pack.order(self._allowed(seat))
        )

    def _do_play(self, seat: str, code: str) -> None:
        self._play(seat, code[5:])

    def _play(self, seat: str, card: str) -> None:
        if self.straw and card in self.tops[seat]:
            self._from_straw_man(seat, card)
        else:
            self.hands[seat].remove(card)
        suit = SUIT_OF[card]
        self.counts[seat][suit] -= 1
        if card == self.called and seat == self.partner:
            self.partner_public = True
        trick = self.play.trick  # type: ignore[union-attr]
        if self.wild and card == "SKIZ":
            if not trick:
                self.trick_best = -1  # 8.1: the excuse led leads nothing
        elif trick and self.trick_best >= 0:
            best = trick[self.trick_best][1]
            best_suit = SUIT_OF[best]
            if (suit == best_suit and STRENGTH[card] > STRENGTH[best]) or (suit == "T" != best_suit):
                self.trick_best = len(trick)  # _beats(card, best), inline
        else:
            self.trick_best = len(trick)
        trick.append((seat, card))
        if len(trick) < self.n:
            self.turn = self.next_seat[seat]
        else:
            self._close_trick()

    def _all_tricks_of(self, side: str) -> bool:
        """Whether ``side`` won every trick so far."""
        return all(self.side(w) == side for _l, _c, w in self.play.tricks)  # type: ignore[union-attr]

    def _from_straw_man(self, seat: str, card: str) -> None:
        """``card`` is played from the top of one of ``seat``'s straw men: the next card is turned once the
        trick is over (8.2)."""
        self.tops[seat].remove(card)
        for k, stack in enumerate(self.stacks[seat]):
            if stack and stack[0] == card:
                stack.pop(0)
                self._pending.append((seat, k))
                return

    def _close_trick(self) -> None:
        play = self.play
        trick = play.trick  # type: ignore[union-attr]
        winner = trick[self.trick_best][0]
        cards = tuple([c for _s, c in trick])
        if self.wild and "SKIZ" in cards:
            owner = trick[cards.index("SKIZ")][0]
            if self.laid_out.get(owner) == "SKIZ" and self._all_tricks_of(self.side(owner)):
                winner = owner  # 8.1: the laid-out excuse wins the last trick of a valat
            self.won[owner].append("SKIZ")  # taken back by its owner, without a card in exchange
            self.won[winner].extend(c for c in cards if c != "SKIZ")
        else:
            self.won[winner].extend(cards)
        play.tricks.append((trick[0][0], cards, winner))  # type: ignore[union-attr]
        play.trick = []  # type: ignore[union-attr]
        play.leader = winner  # type: ignore[union-attr]
        self.turn = winner
        if self.straw:
            if self._pending:
                for s, k in self._pending:
                    self._expose(s, k)
                self._pending = []
                self._recount()
            if not any(self.hands[s] or self.tops[s] for s in self.seats):
                self._end("misere" if self.misere else "played")
        elif not self.hands[winner]:
            self._end("misere" if self.misere else "played")

    def _recount(self) -> None:
        self.counts = {s: suit_counts(self._playable(s)) for s in self.seats}

    # --- the end ---------------------------------------------------------------------------------------
    def _end(self, kind: str) -> None:
        self.kind = kind
        self.phase = "done"
        self.turn = None

    def summary(self) -> dict[str, Any]:
        if self._summary is None:
            self._summary = self._make_summary()
        return self._summary

    def payments(self) -> dict[str, int]:
        """The payments of the summary as ``score_summary`` scores it, without reading it again: the hand
        made it from legal moves (tests/engine/talon check that both give the same payments)."""
        if self._payments is None:
            out = self.summary()
            kind = self.kind
            if kind == "played":  # the Summary's fields, scored without building it
                bonuses = out.get("bonuses", {})
                lead, partner = out.get("declarer") or self.seats[0], out.get("partner")
                self._payments = played_payments(
                    self.seats,
                    self.stake,
                    out["contract"],
                    out["card_points"],
                    {k: _BONUS_OF[b["side"], b["announced"], b["made"]] for k, b in bonuses.items()},
                    out.get("kontra", {}),
                    out.get("handfuls", {}),
                    (lead,) if partner is None else (lead, partner),  # ``Summary.declarers``
                    self.rules,
                )
                return self._payments
            seats, stake = self.seats, self.stake
            if kind == "misere":
                summary = Summary(seats=seats, stake=stake, kind=kind, seat_points=out["seat_points"])
            elif kind == "surrendered":
                summary = Summary(
                    seats=seats, stake=stake, kind=kind, contract=out["contract"], declarer=out["declarer"]
                )
            else:
                summary = Summary(seats=seats, stake=stake, kind=kind)
            self._payments = score_payments(summary, self.rules)
        return self._payments

    def _make_summary(self) -> dict[str, Any]:
        rules = self.rules
        kind = self.kind
        out: dict[str, Any] = {
            "seats": list(self.seats),
            "stake": self.stake,
            "rules": rules.name if PRESETS.get(rules.name) is rules else rules.spec(),
            "kind": kind,
        }
        if kind == "misere":
            out["seat_points"] = {s: sum(POINTS[c] for c in self.won[s]) for s in self.seats}
        elif kind == "surrendered":
            out["contract"] = self.contract
            out["declarer"] = self.declarer
        elif kind == "played":
            self._played_summary(out)
        return out

    def _played_summary(self, out: dict[str, Any]) -> None:
        """A played hand's keys of the summary, into ``out``."""
        out["contract"] = self.contract
        declarer, partner, won = self.declarer, self.partner, self.won
        if declarer is not None:
            out["declarer"] = declarer
        if partner is not None:
            out["partner"] = partner
        lead = declarer or self.seats[0]  # the "declarer" side (``side``)
        declarers = (lead,) if partner is None else (lead, partner)
        points = POINTS.__getitem__
        out["card_points"] = sum(map(points, self.discards)) + sum(
            map(points, chain.from_iterable(map(won.__getitem__, declarers)))
        )
        bonuses = self._bonuses(declarers)
        if bonuses:
            out["bonuses"] = bonuses
        if self.kontra:
            kontra = {k: v for k, v in self.kontra.items() if v}
            if kontra:
                out["kontra"] = kontra
        if self.handfuls:
            out["handfuls"] = dict(self.handfuls)

    def _bonuses(self, declarers: tuple[str, ...]) -> dict[str, dict[str, Any]]:
        """The bonuses won or lost (5.1, 5.2, 6.1, 6.3); ``declarers``: the seats of the "declarer" side
        (``side``)."""
        rules = self.rules
        play = self.play
        assert play is not None
        tricks = play.tricks
        out: dict[str, dict[str, Any]] = {}
        if not tricks:
            return out
        announced = self.announced
        leader, cards, last_winner = tricks[-1]
        order = _trick_orders(self.seats)[leader]  # the last trick's seats, as ``cards``
        if rules.pagat_ultimo:
            pagat = order[cards.index("I")] if "I" in cards else None  # who played it to the last trick
            who = announced.get("pagat_ultimo")
            if who is not None:
                team = "declarer" if who in declarers else "opponents"
                made = pagat == who == last_winner
                out["pagat_ultimo"] = {"side": team, "announced": True, "made": made}
            elif pagat is not None:
                team = "declarer" if pagat in declarers else "opponents"
                out["pagat_ultimo"] = {"side": team, "announced": False, "made": pagat == last_winner}
        called = self.called
        if rules.king_ultimo and self.n == 4 and called is not None:
            holder = order[cards.index(called)] if called in cards else None
            last_winner_side = "declarer" if last_winner in declarers else "opponents"
            who = announced.get("king_ultimo")
            if who is not None:
                team = "declarer" if who in declarers else "opponents"
                made = holder == who and last_winner_side == team
                out["king_ultimo"] = {"side": team, "announced": True, "made": made}
            elif holder is not None:
                team = "declarer" if holder in declarers else "opponents"
                out["king_ultimo"] = {"side": team, "announced": False, "made": last_winner_side == team}
        if rules.honours:
            # the honours the declaring side won; those nobody won lie in the talon not taken (kings and
            # oudlers are never discarded, 1.4): every other card of a played hand was won in a trick
            won = self.won
            ours = HONOURS.intersection(chain.from_iterable(map(won.__getitem__, declarers)))
            nobodys = HONOURS.intersection(self.talon).difference(self.taken)
            for name, honours in HONOUR_GROUPS:  # the side that won them all, if one did
                got = (
                    "declarer"
                    if ours.issuperset(honours)
                    else "opponents"
                    if ours.isdisjoint(honours) and nobodys.isdisjoint(honours)
                    else None
                )
                who = announced.get(name)
                if who is not None:
                    team = "declarer" if who in declarers else "opponents"
                    out[name] = {"side": team, "announced": True, "made": team == got}
                elif got is not None:
                    out[name] = {"side": got, "announced": False, "made": True}
        if rules.valat:
            winners = set(map(_WINNER, tricks))  # the seats that won a trick
            alone = (  # the side that won every trick, if one did
                "declarer"
                if winners.issubset(declarers)
                else "opponents"
                if winners.isdisjoint(declarers)
                else None
            )
            who = announced.get("valat")
            if who is not None:
                team = "declarer" if who in declarers else "opponents"
                out["valat"] = {"side": team, "announced": True, "made": alone == team}
            elif alone is not None:
                out["valat"] = {"side": alone, "announced": False, "made": True}
        return out

    # --- views -----------------------------------------------------------------------------------------
    def extra_view(self, seat: str | None) -> dict[str, Any]:
        partner = None
        if self.partner is not None:
            if seat is not None and seat == self.partner:
                partner = self.declarer
            elif self.partner_public:
                partner = self.partner
        discards: dict[str, Any] = {
            "count": len(self.discards),
            "shown": [c for c in self.discards if SUIT_OF[c] == "T"],
        }
        if seat is not None and seat == self.declarer:
            discards["mine"] = list(self.discards)
        out: dict[str, Any] = {
            "auction": [{"seat": s, "say": say} for s, say in self.auction],
            "declarer": self.declarer,
            "bid": "misere" if self.misere else self.contract,
            "called": self.called,
            "partner": partner,
            "talon": {
                "cards": list(self.talon) if self.talon_open else [],
                "count": len(self.talon),
                "taken": list(self.taken),
            },
            "discards": discards,
            "announcements": [
                {"seat": s, "say": say, "team": self.side(s) if self.knows_side(seat, s) else None}
                for s, say in self.says
            ],
            "kontra": {k: v for k, v in self.kontra.items() if v},
            "laid_out": dict(self.laid_out),
            "straw_men": {
                s: [
                    {
                        "top": st[0] if st and st[0] in self.tops.get(s, ()) else None,
                        "hidden": len(st) - 1 if st and st[0] in self.tops.get(s, ()) else len(st),
                    }
                    for st in stacks
                ]
                for s, stacks in self.stacks.items()
            },
            "shown": {s: list(c) for s, c in self.shown.items()},
        }
        return out

    def _table(self, render: Callable[[Message], str]) -> dict[str, Any]:
        out = super()._table(render)
        if out["result"] is not None:
            out["result"]["kind"] = self.kind
        return out

    # --- why a move is refused -------------------------------------------------------------------------
    def why_not(self, code: str) -> Message:
        seat = self.turn
        words = code.split(" ")
        if self.phase == "play" and seat is not None and len(words) == 2 and words[0] == "play":
            return self._why_not_play(seat, words[1])
        if self.phase == "discard" and seat is not None and words[0] == "discard":
            return self._why_not_discard(seat, words[1:])
        if self.phase == "bidding" and seat is not None:
            if code == "pass" and not self._may_pass(seat):
                return Message("talon_forehand_pass", _("the forehand may not pass (1.3)"))
            if code == "preference" and self.n in FOREHAND_PREFERENCE_SIZES and seat != self.seats[0]:
                return Message("talon_preference", _("only the forehand may bid preference (1.3)"))
        return not_legal(code)

    def _why_not_play(self, seat: str, card: str) -> Message:
        if card not in self._playable(seat):
            return Message(
                "talon_not_held", _("%(seat)s cannot play %(value)s"), seat=seat, value=shown(card)
            )
        play = self.play
        assert play is not None
        if card == self.laid_out.get(seat):
            return Message(
                "talon_laid_out",
                _("the laid-out %(card)s stays on the table while another card can be played (5.3, 6.3)"),
                card=card,
            )
        if play.trick:
            lead = SUIT_OF[play.trick[0][1]]
            mine = SUIT_OF[card]
            count = self.counts[seat]
            if mine != lead and count[lead]:
                return Message("talon_follow", _("must follow the suit led (1.5)"))
            if mine != lead and mine != "T" and count["T"]:
                return Message("talon_trump", _("must play a tarock: no card of the suit led (1.5)"))
            if self.misere and self.rules.trick_compulsion:
                if card == "I":
                    return Message(
                        "talon_pagat_last", _("the pagat may be played only when no other card can (7.3)")
                    )
                return Message(
                    "talon_overtake", _("must beat the highest card of the trick if possible (7.3)")
                )
        return not_legal("play " + card)

    def _why_not_discard(self, seat: str, cards: list[str]) -> Message:
        k = len(self.taken)
        if len(cards) != k or len(set(cards)) != k:
            return Message("talon_discard_count", _("discard exactly %(count)s different card(s)"), count=k)
        hand = self.hands[seat]
        if any(c not in hand for c in cards):
            return Message("talon_discard_held", _("discard only cards of the hand"))
        if any(c in OUDLERS or c in KINGS for c in cards):
            return Message("talon_discard_honour", _("kings and oudlers may never be discarded (1.4)"))
        return Message(
            "talon_discard_tarock", _("tarocks may be discarded only when nothing else can go (1.4)")
        )


#: phase -> ``TalonHand._do_<phase>`` and ``TalonHand._codes_<phase>`` (``do`` and ``_codes`` look them up)
_DO: dict[str, Callable[[TalonHand, Any, str], None]] = {
    p: getattr(TalonHand, f"_do_{p}") for p in PHASES if hasattr(TalonHand, f"_do_{p}")
}
_CODES: dict[str, Callable[[TalonHand, str], list[str]]] = {
    p: getattr(TalonHand, f"_codes_{p}") for p in PHASES if hasattr(TalonHand, f"_codes_{p}")
}


def record_rules(spec: Any) -> Rules:
    """The rules a record names (a preset name or ``{"preset", "options"}``); TalonError naming ``rules``."""
    try:
        return resolve_rules(spec)
    except RulesError as exc:
        raise TalonError("rules", exc) from None


def _rules_of(spec: Any) -> Rules:
    """``record_rules``, a preset's name looked up first (most records name one)."""
    rules = PRESETS.get(spec) if type(spec) is str else None
    return rules if rules is not None else record_rules(spec)


def start(deal: LiveDeal) -> TalonHand:
    """The hand ``deal`` deals, before any move."""
    return TalonHand(deal)


def replay(record: Any) -> Replayed:
    """Replay a Talon hand record (``hand-record.schema.json``): ``.summary``, ``.payments``, ``.hand``;
    TalonError names the first thing wrong.

    A well-formed record whose every move is legal is replayed by ``_replayed``, which applies the same
    checks as ``engine.core.trickhand.replay_record`` in one loop; anything else (a field out of place, an
    illegal move) is replayed by ``replay_record`` itself, whose error names it. Both give the same hand
    (tests/engine/talon/test_record_replay.py)."""
    hand = _replayed(record)
    if hand is not None:
        return Replayed(hand=hand, summary=hand.summary(), payments=hand.payments())
    return replay_record(record, start, record_rules, TalonError)


def _replayed(record: Any) -> TalonHand | None:
    """The hand ``record`` plays to its end, or None if anything in it is not as ``replay_record`` wants
    it (``replay_record`` then says what)."""
    seats = record.get("seats") if type(record) is dict else None
    if type(seats) is not list or not 2 <= len(seats) <= 6:
        return None
    try:
        deal, moves = record_deal(record, _rules_of, TalonError)
    except EngineError:
        return None
    # every move ``{"seat": label, "code": text}``, read at once (``replay_record`` reads them one by one)
    if set(map(type, moves)) != _DICT or set(map(len, moves)) != _TWO:
        return None
    try:
        said = list(map(_SEAT, moves))
        codes = list(map(_CODE, moves))
    except KeyError:
        return None
    if set(map(type, codes)) != _STR:
        return None
    try:
        hand = TalonHand(deal)
    except EngineError:
        return None
    may_play, play_card, play_codes = hand._may_play, hand._play, PLAY_CODES
    i, count = 0, len(codes)
    while i < count:
        code, turn = codes[i], hand.turn
        if said[i] != turn or turn is None:  # no seat is to move once the hand is over
            return None
        phase = hand.phase
        if phase == "play":
            if not hand.compel and not hand.straw:  # the common play: the rest of the hand in one loop
                if not _played_out(hand, said, codes, i):
                    return None
                break
            card = play_codes.get(code)
            if card is None or not may_play(turn, card):
                return None
            play_card(turn, card)
        # ``TalonHand.apply`` of a code, inline (a code refused: ``replay_record`` says why)
        elif phase == "announcements" and code == "pass":
            i = hand._passes(said, codes, i)  # this one and the passes after it
            continue
        elif phase == "bidding":  # ``_codes_bidding``, asked about the one code
            if code == "pass":
                ok = hand._may_pass(turn)
            elif code == "hold":
                ok = hand._may_hold(turn)
            else:
                ok = code in hand._biddable(turn)
            if not ok:
                return None
            hand._do_bidding(turn, code)
        elif phase == "discard":
            head, *cards = code.split(" ")
            if head != "discard" or not hand._discard_ok(turn, cards):
                return None
            hand._do_discard(turn, code)
        elif phase == "call":
            if code not in CALL_SETS[hand.n]:
                return None
            hand._do_call(turn, code)
        elif code in _CODES[phase](hand, turn):
            _DO[phase](hand, turn, code)
        else:
            return None
        i += 1
    if hand.phase != "done":
        return None
    hand.codes, hand.moved_by = codes, said  # every move applied: the hand's own lists
    return hand


@lru_cache(maxsize=256)
def _next_seats(seats: tuple[str, ...]) -> dict[str, str]:
    """Each seat's next seat at the table (read only)."""
    return dict(zip(seats, (*seats[1:], seats[0]), strict=True))


@lru_cache(maxsize=256)
def _trick_orders(seats: tuple[str, ...]) -> dict[str, list[str]]:
    """Each leader's trick: the seats in the order they play to it (read only)."""
    return {s: [*seats[k:], *seats[:k]] for k, s in enumerate(seats)}


@lru_cache(maxsize=256)
def _trick_turns(seats: tuple[str, ...]) -> tuple[tuple[list[str], tuple[int, ...]], ...]:
    """Each leader's trick, by the leader's index: the seats in the order they play to it, and the indexes
    of those after the leader (read only)."""
    n = len(seats)
    return tuple(([*seats[k:], *seats[:k]], tuple((k + j) % n for j in range(1, n))) for k in range(n))


def _played_out(hand: TalonHand, said: list[Any], codes: list[str], i: int) -> bool:
    """Play the moves from ``i`` on (``said`` their seats, ``codes`` their codes) to the end of a hand in its
    play, without the wild excuse, a misère's trick compulsion or straw men, trick by trick on bit masks
    (``_may_play``, ``_play`` and ``_close_trick`` on ``PLAY_BITS``): whether they do, False for a move
    ``replay_record`` would refuse, a move after the end or a hand not over (the hand is then left half
    played). The caller keeps the codes and seats.

    A seat's mask starts as its hand and loses each card it plays (``^``): a card not held sets a bit that
    stays, and a seat that plays each of its cards once ends at 0; so a hand whose every mask ends at 0,
    each seat playing in its turn, played only cards it held, and every mask read on the way was the
    seat's hand. Each card is checked against the suit led (1.5) and the laid-out card (5.3, 6.3) as
    ``_may_play`` checks it; the trick goes to the highest tarock, else the highest card of the suit led
    (``STRENGTH``: every tarock above every suit card)."""
    seats, hands, won = hand.seats, hand.hands, hand.won
    play = hand.play
    if play is None or play.trick or hand.turn is None:
        return False
    rest = codes[i:]
    n = hand.n
    if len(rest) != n * len(hands[hand.turn]):
        return False  # a seat that plays each of its cards once plays as many as the leader holds
    try:
        infos = list(map(PLAY_BITS.__getitem__, rest))
    except KeyError:  # a code not "play <card>"
        return False
    played = tuple(map(_CARD, infos))
    # each seat's mask, by its index: the hands as dealt (cached with the deal); only the declarer's
    # changed since, by the talon (1.3, 1.4)
    masks = list(hand.dealt_masks)
    if hand.taken:
        declarer = hand.declarer
        assert declarer is not None
        masks[seats.index(declarer)] = sum(map(CARD_BITS.__getitem__, hands[declarer]))
    laid_out = {seats.index(s): c for s, c in hand.laid_out.items()}
    orders = _trick_turns(seats)
    tarocks = TAROCK_MASK
    tricks = play.tricks
    turns: list[str] = []  # the seats to move, checked against ``said`` at the end
    order: list[str] = []
    t = 0
    leader = seats.index(hand.turn)
    it = iter(infos)
    for card, bit, lead, best in it:  # each trick's lead; the inner loop takes the rest of the trick
        order, after = orders[leader]
        turns += order
        mask = masks[leader]
        if not mask & bit or (laid_out and laid_out.get(leader) == card and mask.bit_count() > 1):
            return False
        masks[leader] = mask ^ bit
        winner = leader
        for seat, (card, bit, _suit, power) in zip(after, it, strict=False):  # the trick's next cards
            mask = masks[seat]
            if bit & lead:  # followed suit (a tarock led: played a tarock)
                if laid_out and laid_out.get(seat) == card and (mask & lead).bit_count() > 1:
                    return False  # 5.3, 6.3: the laid-out card stays out while another can go
                if power > best:
                    best, winner = power, seat
            else:  # 1.5: follow the suit led, else a tarock, else anything
                if mask & lead:
                    return False
                if bit & tarocks:
                    if power > best:
                        best, winner = power, seat
                elif mask & tarocks:
                    return False
                if laid_out and laid_out.get(seat) == card and ((mask & tarocks) or mask).bit_count() > 1:
                    return False
            masks[seat] = mask ^ bit
        cards = played[t : t + n]
        t += n
        by = seats[winner]
        won[by].extend(cards)
        tricks.append((order[0], cards, by))
        leader = winner
    if said[i:] != turns or any(masks):
        return False
    # the hand is over: what ``_play`` and ``_close_trick`` leave behind
    counts = hand.counts
    for s in seats:
        hands[s].clear()
        counts[s] = suit_counts(())
    if hand.partner is not None and hand.called is not None:
        hand.partner_public = True  # the partner held the called card, and played it
    play.leader = hand.turn = seats[leader]
    hand.trick_best = order.index(seats[leader])  # the last trick's winner
    hand._end("misere" if hand.misere else "played")
    return True


def bot_record(seed: int, rules: Any, seats: Any, stake: int = 1) -> dict[str, Any]:
    """A hand dealt by ``seed`` and played to the end by the rule bots, as its record."""
    hand = start(LiveDeal(seed=seed, rules=rules, seats=tuple(seats), stake=stake))
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(hand.bot_move("rule", rng))
    return hand.record()


#: the JSON schema of a seat's view
view_schema = schema_of("talon", "live-view")


LIVE = LiveGame(start=start, view_schema=view_schema, phases=PHASES)

__all__ = [
    "LIVE",
    "PHASES",
    "TEXTS",
    "TalonError",
    "TalonHand",
    "bot_record",
    "record_rules",
    "replay",
    "start",
    "text",
    "view_schema",
]
