"""Live play of one Hungarian Tarokk deal: the state machine of docs/engine-api-contract.md.

``Hand.new(seed)`` deals; then ``to_move()``, ``legal_actions()``, ``apply(action)`` and ``view(seat)``
drive the auction, the talon exchange, annulment, the call and round of announcements and the nine tricks;
``summary()`` derives the hand summary that ``engine.hungarian.scoring.score_summary`` scores.

``Hand`` owns the state shared by all phases (the cards, the seat to move, the declarer, the teams) and
dispatches by phase; each phase's rules live in the module named after its section of the rules text, as a
class of methods that ``Hand`` inherits: engine/hungarian/bidding.py ("The bidding", ``BiddingPhase``),
engine/hungarian/talon.py ("Drawing from the talon and discarding", ``TalonPhase``),
engine/hungarian/calling.py ("Calling a partner", ``CallingPhase``), engine/hungarian/announcements.py
("Procedure for the round of announcements", ``AnnouncementPhase``) and engine/hungarian/play.py ("The play",
``PlayPhase``); engine/hungarian/outcome.py derives the summary. Hands are bitmasks and legal moves are mask
arithmetic so that bots and replays are fast (see benchmarks/engine_bench.py).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.hungarian.actions import (
    BONUSES,
    END_OF_HAND,
    NO_RAISE,
    OPP,
    RAISE,
    TEAMS,
    Action,
    IllegalAction,
)
from engine.hungarian.announcements import AnnouncementPhase
from engine.hungarian.bidding import LEVEL_NAMES, Bid, BiddingPhase
from engine.hungarian.calling import CallingPhase
from engine.hungarian.cards import (
    KING_MASK,
    PAGAT,
    SKIZ,
    XXI,
    cards_of,
    mask,
)
from engine.hungarian.outcome import summarize
from engine.hungarian.play import PlayPhase
from engine.hungarian.record_format import make_record
from engine.hungarian.rules import PAGAT as PAGAT_RULES
from engine.hungarian.rules import Rules
from engine.hungarian.talon import TalonPhase

KING_MASK_CARDS = tuple(c for c in range(22, 42) if 1 << c & KING_MASK)
_ALL_CARDS = list(range(42))


class DealError(EngineError):
    """A deal that is not the 42 cards in four hands of nine and a talon of six (a ValueError)."""


@dataclass(slots=True)
class SeatView:
    """What one seat may see: its own cards and the public information, never another seat's cards."""

    seat: int
    phase: str
    to_move: int | None
    hand: list[int]
    bids: list[tuple[int, Action]]
    declarer: int | None
    bid: int | None
    talon_received: list[int]
    my_discard: list[int]
    called: int | None
    partner_known_to_me: int | None
    announcements: list[tuple[int, Action]]
    discarded_tarokks: dict[str, Any]
    trick: list[tuple[int, int]]
    tricks: list[tuple[int, tuple[int, ...], int]]
    legal: Sequence[Action]
    auction: list[Bid]  # ``bids`` with their public meaning, and the sole bidder's raise decision
    cue_bidder: int | None  # the seat whose cue bid is in force (its card: that Bid's ``shows``)
    yielder: int | None  # the seat that yielded the game (promising the XX)


class Hand(BiddingPhase, TalonPhase, CallingPhase, AnnouncementPhase, PlayPhase):
    """One deal from the shuffle to the end of play; seats 0..3 anticlockwise from the first bidder."""

    __slots__ = (
        "_acted",
        "_ann_key",
        "_ann_legal",
        "_ann_quick",
        "_auction",
        "_barred",
        "_bids",
        "_discard_tarokks",
        "_forced_kontra",
        "_kmask",
        "_last_side",
        "_levels",
        "_max_kontra",
        "_omask",
        "_pais",
        "_quiet",
        "_simple_bonuses",
        "_steps",
        "_tcount",
        "_trick",
        "_turn",
        "_turn_volat_double",
        "alone",
        "announce_log",
        "annul_queue",
        "annulment",
        "bid",
        "called",
        "dealt",
        "declared",
        "declarer",
        "discard_order",
        "discards",
        "done",
        "double_announcers",
        "drawn",
        "first_turn_done",
        "forced_call",
        "hands",
        "item_by",
        "kind",
        "known_side",
        "labels",
        "leader",
        "partner",
        "phase",
        "raise_offered",
        "raised",
        "rules",
        "seed",
        "stake",
        "start_hands",
        "talon",
        "team",
        "tricks",
        "ulti_teams",
        "volat_announcers",
        "won",
    )

    def __init__(
        self,
        dealt: list[list[int]],
        talon: list[int],
        rules: Rules = PAGAT_RULES,
        stake: int = 1,
        seats: tuple[str, ...] = ("A", "B", "C", "D"),
        seed: int | None = None,
    ) -> None:
        """A deal from explicit hands (each seat's nine cards in dealing order) and the talon, top first."""
        if len(dealt) != 4 or any(len(h) != 9 for h in dealt) or len(talon) != 6:
            raise DealError(
                "deal", Message("deal_size", _("need four hands of nine cards and a talon of six"))
            )
        if sorted(chain(*dealt, talon)) != _ALL_CARDS:
            raise DealError(
                "deal",
                Message("deal_cards", _("the hands and talon must hold each of the 42 cards exactly once")),
            )
        self._deal(dealt, talon, rules, stake, seats, seed)

    def _deal(
        self,
        dealt: list[list[int]],
        talon: list[int],
        rules: Rules,
        stake: int,
        seats: tuple[str, ...],
        seed: int | None,
    ) -> None:
        """The state at the start of the bidding, for a deal already known to be whole."""
        self.rules = rules
        self.stake = stake
        self.labels = tuple(seats)
        self.seed = seed
        self.dealt = [list(h) for h in dealt]
        self.talon = list(talon)
        self.hands = [mask(h) for h in dealt]
        self.start_hands: list[int] = []  # the hands after the talon exchange (for undeclared tarokks)
        self.phase = "bidding"
        self.done = False
        self.kind = "played"
        self._turn: int | None = 0
        self.declarer: int | None = None
        self.bid: int | None = None
        # Each seat's team: nobody is on the declarer's side until the auction ends (``_bid`` puts the
        # declarer there; the call fixes the rest, ``_call``).
        self.team = [OPP, OPP, OPP, OPP]
        self.known_side: list[int | None] = [None, None, None, None]
        self._reset_auction(rules)
        self._reset_talon()
        self._reset_call()
        self._reset_announcements(rules)
        self._reset_play()

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        rules: Rules = PAGAT_RULES,
        stake: int = 1,
        seats: tuple[str, ...] = ("A", "B", "C", "D"),
    ) -> Hand:
        """Shuffle with ``random.Random(seed)`` and deal: a talon of six, then packets of five and of four to
        each active player starting with the first bidder ("Choice of seats, dealing"); with
        ``knock_instead_of_cut`` batches of nine (which batch a player picks is not modelled)."""
        deck = _shuffled_deck(seed)
        if rules.knock_instead_of_cut:  # "Variations in the equipment and deal": batches of nine
            dealt = [deck[6 + 9 * s : 15 + 9 * s] for s in range(4)]
        else:
            dealt = [deck[6 + 5 * s : 11 + 5 * s] + deck[26 + 4 * s : 30 + 4 * s] for s in range(4)]
        hand = cls.__new__(cls)  # a shuffled deck is whole: no need for __init__'s check
        hand._deal(dealt, deck[:6], rules, stake, seats, seed)
        return hand

    @classmethod
    def arranged(
        cls,
        holdings: dict[int, list[str]],
        talon: list[str] | tuple[str, ...] = (),
        rules: Rules = PAGAT_RULES,
        stake: int = 1,
    ) -> Hand:
        """A deal with the named cards in the given seats (and talon, top first), for tests and examples.

        Any honour nobody was given goes to the talon first; the rest is filled with plain suit cards, then
        low tarokks upwards, then kings, so filled-in cards rarely matter.
        """
        from engine.hungarian.cards import parse_card

        hands = {s: [parse_card(n) for n in names] for s, names in holdings.items()}
        top = [parse_card(n) for n in talon]
        used = {c for cards in hands.values() for c in cards} | set(top)
        spare = [c for c in (PAGAT, XXI, SKIZ) if c not in used]
        order = (
            [c for c in range(22, 42) if not 1 << c & KING_MASK]
            + list(range(1, 20))
            + sorted(KING_MASK_CARDS)
        )
        spare += [c for c in order if c not in used]
        n_fill = 6 - len(top)
        top += spare[:n_fill]
        rest = iter(spare[n_fill:])
        dealt = [hands.get(s, []) + [next(rest) for _ in range(9 - len(hands.get(s, [])))] for s in range(4)]
        return cls(dealt, top, rules=rules, stake=stake)

    # --- public API --------------------------------------------------------------------------------------
    def to_move(self) -> int | None:
        """The seat whose turn it is, None when the hand is over."""
        if self._forced_kontra is not None:
            return self._forced_kontra
        return self._turn

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the seat to move (never empty unless the hand is done): a tuple, or in the
        discard phase a ``DiscardChoices`` sequence (immutable either way: the engine keeps some of them)."""
        legal = self._ann_legal  # the round of announcements' list, kept current (the commonest case)
        if legal is not None:
            return legal
        phase = self.phase
        if phase == "announcements":
            return self._list_announcements()
        s = self._turn
        if phase == "play":
            return self._legal_cards(s)  # type: ignore[arg-type]
        if s is None:
            return ()
        if phase == "bidding":
            return self._legal_bids(s)
        if phase == "discard":
            return self._legal_discards(s)
        if phase == "annul":
            return self._legal_annulments()
        if phase == "raise":
            return self._legal_raises()
        return ()

    def apply(self, action: Action | tuple) -> None:
        """Apply the action of the seat to move; raises IllegalAction naming the step and the rule."""
        legal = self._ann_legal
        phase = self.phase
        if legal is not None or phase == "announcements":
            self._apply_announcement(action, legal)
            return
        if phase == "play":
            self._apply_play(action)
            return
        kind = action[0]
        arg = action[1] if len(action) > 1 else None
        if phase == "bidding":
            self._bid(kind, arg)  # type: ignore[arg-type]
        elif phase == "discard":
            self._discard(kind, arg)
        elif phase == "annul":
            self._annul(kind, arg)
        elif phase == "raise":
            self._raise(kind, arg)
        else:
            raise IllegalAction(END_OF_HAND, Message("hand_over", _("the hand is over; no more actions")))

    def view(self, seat: int) -> SeatView:
        """Seat ``seat``'s own cards and the public information so far."""
        d = self.declarer
        counts: dict[int, int] = {}
        face_up: list[int] = []
        phase = self.phase
        if phase in ("announcements", "play", "done") or (
            phase == "annul" and self.rules.annul_timing == "after_exchange"
        ):
            admitted_late = self.rules.discarded_tarokks_admitted_at_announcements
            for t, n in enumerate(self._discard_tarokks):
                if n and (not admitted_late or self.first_turn_done[t] or t == seat):
                    counts[t] = n
            if d is not None and not self.tricks and not self._trick:
                face_up = [c for c in self.discards[d] if c <= SKIZ]
        to_move = self.to_move()
        return SeatView(
            seat=seat,
            phase=self.phase,
            to_move=to_move,
            hand=cards_of(self.hands[seat]),
            bids=list(self._bids),
            declarer=d,
            bid=self.bid,
            talon_received=list(self.drawn[seat]),
            my_discard=list(self.discards[seat]),
            called=self.called,
            partner_known_to_me=self._partner_known_to(seat),
            announcements=list(self.announce_log),
            discarded_tarokks={"counts": counts, "declarer_face_up": face_up},
            trick=[((self.leader + i) % 4, c) for i, c in enumerate(self._trick)],
            tricks=list(self.tricks),
            legal=self.legal_actions() if to_move == seat else (),
            auction=self.auction_steps(),
            cue_bidder=self._auction.cue_seat,
            yielder=self._auction.yield_seat,
        )

    def summary(self) -> dict[str, Any]:
        """The hand summary in the format scored by ``engine.hungarian.scoring.score_summary``."""
        return summarize(self)

    def payments(self) -> dict[str, int]:
        """Payments per seat label for this hand (via ``engine.hungarian.scoring``)."""
        from engine.hungarian.scoring import score_summary

        return score_summary(self.summary(), self.rules)["payments"]

    def record(self) -> dict[str, Any]:
        """The versioned hand record (engine/schemas/hungarian/hand-record.schema.json)."""
        return make_record(self)

    def auction_log(self) -> list[tuple[int, str, int | None]]:
        """The auction so far as (seat, "bid"|"hold"|"pass", level)."""
        return list(self._auction.log)

    def auction_steps(self) -> list[Bid]:
        """The auction so far with what each step meant, as every seat knows it at a real table; then the
        sole bidder's raise decision once made."""
        steps = list(self._steps)
        if self.raise_offered and self.phase != "raise":
            raised = self.raised
            action = NO_RAISE if raised is None else RAISE[raised]
            steps.append(Bid(self.declarer, action, action.kind))  # type: ignore[arg-type]
        return steps

    def _finish(self, kind: str) -> None:
        """End the hand as ``kind`` (played, passed_out, annulled, trial_three_failed): nobody moves."""
        self.kind = kind
        self.phase = "done"
        self.done = True
        self._turn = None
        self._forced_kontra = None


#: (i, i + 1, bits of i + 1) for i = 41 .. 1: the steps of ``random.shuffle`` on the 42 cards
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(41, 0, -1))


def _shuffled_deck(seed: int | None) -> list[int]:
    """``random.Random(seed).shuffle(list(range(42)))``, card for card, inlined: ``shuffle`` spends a
    method call per card in ``_randbelow`` (tests check the two agree)."""
    getrandbits = random.Random(seed).getrandbits
    deck = list(range(42))
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


__all__ = [
    "BONUSES",
    "LEVEL_NAMES",
    "TEAMS",
    "Action",
    "Bid",
    "Hand",
    "IllegalAction",
    "SeatView",
]
