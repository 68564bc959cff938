"""The auction: bids, holds, cue bids, the yielded game and the trial three ("The bidding", "Conventions").

Levels are the contract's ``3, 2, 1, 0`` (three, two, one, solo); internally an auction works with the
*rank* ``3 - level`` so that a higher bid is a larger number. Seats are 0..3 in bidding order; the first
turns come in seat order, so "your first turn was earlier" (old holding rule) is simply ``seat < other``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.hungarian.actions import BID, DECL, HOLD, NO_RAISE, PASS, RAISE, Action, IllegalAction, step_by
from engine.hungarian.cards import HIGH_HONOUR_MASK, HONOUR_MASK, NAMES, XIX, XVII, XVIII, XX
from engine.hungarian.rules import Rules

LEVEL_NAMES = {3: "three", 2: "two", 1: "one", 0: "solo"}
LEVELS_BY_NAME = {name: level for level, name in LEVEL_NAMES.items()}


class Auction:
    """Bidding state for one deal; knows the seats' hands only to check honours and cue-bid cards."""

    __slots__ = (
        "bid_count",
        "bid_turns",
        "cue",
        "cue_conditional",
        "cue_rank",
        "cue_seat",
        "first_bid_minimum",
        "held",
        "high",
        "high_seat",
        "log",
        "meanings",
        "n_passed",
        "passed",
        "positive_bids",
        "rules",
        "trial",
        "ulti_obliged",
        "yield_seat",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.passed = [False, False, False, False]
        self.n_passed = 0
        self.bid_count = [0, 0, 0, 0]
        self.bid_turns = [0, 0, 0, 0]
        self.first_bid_minimum = [False, False, False, False]
        self.high = -1  # rank of the highest bid so far; -1 before any bid
        self.high_seat: int | None = None
        self.held = False  # the last positive bid was a hold
        self.positive_bids: list[tuple[int, int, bool]] = []  # (seat, rank, is_hold)
        self.cue: int | None = None  # card shown by the (single) cue bid
        self.cue_seat: int | None = None
        self.cue_rank = -1
        self.cue_conditional = False  # kegl opening invitation, binding only if its bidder passes later
        self.yield_seat: int | None = None
        self.trial = False  # fourth hand bid three without an honour
        self.ulti_obliged = False  # cue bidder/yielder without a high honour
        self.log: list[tuple[int, str, int | None]] = []  # (seat, "bid"|"hold"|"pass", level)
        #: what each step of ``log`` meant to everyone at the table: (meaning, card shown), see ``apply``
        self.meanings: list[tuple[str, int | None]] = []

    # --- helpers -------------------------------------------------------------------------------------
    def can_hold(self, s: int) -> bool:
        """New rule: any earlier bidder may hold once; old rule: only a seat whose first turn was earlier."""
        hs = self.high_seat
        if hs is None or hs == s or self.held:
            return False
        if self.rules.old_holding_rule:
            return s < hs
        return self.bid_count[s] > 0

    def fourth_hand_after_three_passes(self, s: int) -> bool:
        return s == 3 and self.high < 0 and self.n_passed == 3

    def is_yield_position(self, s: int) -> bool:
        """Three by s, two by another, both others passed: s's pass yields the game ("Yielded game")."""
        if not self.rules.conventions or len(self.positive_bids) != 2 or self.n_passed != 2:
            return False
        (first, r1, _hold1), (second, r2, hold2) = self.positive_bids
        return first == s and r1 == 0 and r2 == 1 and not hold2 and second != s

    def jump_card(self, s: int, rank: int) -> int | None:
        """The tarokk a bid of ``rank`` by ``s`` shows as a cue bid, or None ("Cue bids", "Variations")."""
        rules = self.rules
        if not rules.conventions or self.cue is not None or self.fourth_hand_after_three_passes(s):
            return None
        high = self.high
        if high < 0 and (rank == 3 or rules.first_bid_never_cue_bid):
            return None  # an opening solo can never be overcalled, so it is never a cue bid
        can_hold = self.can_hold(s)
        minimum = high if can_hold else high + 1
        jump = rank - minimum
        if jump <= 0:
            return None
        interp = rules.cue_bid_interpretation
        if interp == "kegl":
            if rank == 3:
                return None if (jump == 1 and self.held) else XVIII
            if rank == 2 and jump == 1 and can_hold:
                return XVIII
        elif interp == "old" and jump == 1 and (rank == 3 or (rank == 2 and not self._others_could_hold(s))):
            return XVIII  # a jump only overcallable by solo shows the XVIII
        if jump == 1:
            if rules.pais_xvii_cue_bid and self.bid_turns[s] == 1 and self.first_bid_minimum[s]:
                return XVII
            return XIX
        return XVIII

    def _others_could_hold(self, s: int) -> bool:
        for t in range(4):
            if t == s or self.passed[t]:
                continue
            if (t < s) if self.rules.old_holding_rule else self.bid_count[t] > 0:
                return True
        return False

    def may_bid_without_honour(self, s: int) -> bool:
        return self.rules.trial_three_allowed and self.fourth_hand_after_three_passes(s)

    # --- legality --------------------------------------------------------------------------------------
    def legal(self, s: int, hand: int) -> list[tuple[str, int | None]]:
        """(kind, level) pairs legal for seat ``s`` holding ``hand``."""
        out: list[tuple[str, int | None]] = []
        if self.pass_problem(s, hand) is None:
            out.append(("pass", None))
        if self.cue_seat == s and self.rules.cue_bid_withdrawn_bidder_passes:
            return out
        if not hand & HONOUR_MASK:
            if self.may_bid_without_honour(s):
                out.append(("bid", 3))
            return out
        if self.can_hold(s):
            out.append(("hold", None))
        for rank in range(self.high + 1, 4):
            if self.cue_problem(s, hand, rank) is None:
                out.append(("bid", 3 - rank))
        return out

    def cue_problem(self, s: int, hand: int, rank: int) -> Message | None:
        """Why a bid at ``rank`` by ``s`` is illegal as a cue bid, or None (the message's ``seat`` is ``s``:
        ``BiddingPhase._bid`` names it by its label)."""
        card = self.jump_card(s, rank)
        if card is None or self.rules.cue_bid_only_if_other_declarer or self._kegl_opening(rank):
            return None
        if not hand >> card & 1:
            return Message(
                "cue_card_not_held",
                _("jump shows %(card)s which %(seat)s does not hold"),
                card=NAMES[card],
                seat=s,
            )
        if self.rules.cue_bid_requires_high_honour and not hand & HIGH_HONOUR_MASK:
            return Message(
                "cue_needs_high_honour",
                _("jump shows %(card)s and a high honour; %(seat)s holds neither the skíz nor the XXI"),
                card=NAMES[card],
                seat=s,
            )
        return None

    def _kegl_opening(self, rank: int) -> bool:
        """kegl: an opening two or one invites only if the opener passes after it is accepted."""
        return self.rules.cue_bid_interpretation == "kegl" and self.high < 0 and rank < 3

    def pass_problem(self, s: int, hand: int) -> Message | None:
        """Why ``s`` may not pass now, or None."""
        if self.is_yield_position(s):
            need_high = self.rules.yield_requires_high_honour
            if not hand >> XX & 1 or (need_high and not hand & HIGH_HONOUR_MASK):
                if need_high:
                    return Message(
                        "yield_needs_xx_and_honour",
                        _("passing after three - two yields the game, promising the XX and a high honour"),
                    )
                return Message(
                    "yield_needs_xx", _("passing after three - two yields the game, promising the XX")
                )
        if (
            (self.rules.cue_bid_only_if_other_declarer or self.cue_conditional)
            and self.cue_seat == s
            and self.high_seat != s
            and self.cue is not None
            and not hand >> self.cue & 1
        ):
            return Message(
                "cue_bidder_must_bid_on",
                _("cue bidder without the %(card)s must not let another player win the auction"),
                card=NAMES[self.cue],
            )
        return None

    def check(self, s: int, kind: str, level: int | None, hand: int) -> Message | None:
        """Why the bid is illegal (its ``seat`` param, if any, is ``s``), or None when legal."""
        if kind == "pass":
            return self.pass_problem(s, hand)
        if self.cue_seat == s and self.rules.cue_bid_withdrawn_bidder_passes:
            return Message("cue_bidder_only_passes", _("after a cue bid the cue bidder may only pass (T 17)"))
        if kind == "hold":
            if self.high_seat is None:
                return Message("nothing_to_hold", _("there is no bid to hold"))
            if self.held:
                return Message("held_once", _("a bid can only be held once"))
            if not self.can_hold(s):
                if self.rules.old_holding_rule:
                    return Message(
                        "hold_old_rule",
                        _("old holding rule: only a player whose first turn was earlier may hold"),
                    )
                return Message("hold_needs_bid", _("only a player who has already bid may hold"))
            return None
        if kind != "bid" or level not in LEVEL_NAMES:
            return Message("unknown_bid", _("unknown bid %(action)s %(level)s"), action=kind, level=level)
        rank = 3 - level
        if rank <= self.high:
            return Message(
                "bid_not_higher",
                _("%(bid)s is not higher than %(bid_over)s"),
                bid=LEVEL_NAMES[level],
                bid_over=LEVEL_NAMES[3 - self.high],
            )
        if not hand & HONOUR_MASK:
            if not (self.may_bid_without_honour(s) and rank == 0):
                return Message(
                    "bid_needs_honour",
                    _(
                        "a player without an honour must pass"
                        " (the fourth hand after three passes may bid three)"
                    ),
                )
            return None
        return self.cue_problem(s, hand, rank)

    # --- applying ----------------------------------------------------------------------------------------
    def apply(self, s: int, kind: str, level: int | None, hand: int) -> None:
        """Record a legal bid (the caller has checked it) and its public meaning in ``meanings``: a pass, a
        yield (promising the XX, "Yielded game"), a hold, a plain bid, or a cue bid with the tarokk its jump
        shows ("Cue bids")."""
        if kind == "pass":
            if self.is_yield_position(s):
                self.yield_seat = s
                self.ulti_obliged = not hand & HIGH_HONOUR_MASK
                self.meanings.append(("yield", XX))
            else:
                self.meanings.append(("pass", None))
            self.passed[s] = True
            self.n_passed += 1
            self.log.append((s, "pass", None))
            self.bid_turns[s] += 1
            return
        if self.cue_conditional and self.cue_seat == s:  # kegl: holding or overcalling cancels it
            self.cue = self.cue_seat = None
            self.cue_rank = -1
            self.cue_conditional = self.ulti_obliged = False
        if kind == "hold":
            rank = self.high
            self.held = True
            self.log.append((s, "hold", None))
            self.meanings.append(("hold", None))
        else:
            rank = 3 - level  # type: ignore[operator]
            card = self.jump_card(s, rank)
            if card is not None:
                self.cue, self.cue_seat, self.cue_rank = card, s, rank
                self.cue_conditional = self._kegl_opening(rank)
                self.ulti_obliged = not hand & HIGH_HONOUR_MASK
                self.meanings.append(("cue", card))
            else:
                if self.bid_count[s] == 0:
                    self.first_bid_minimum[s] = True
                self.meanings.append(("bid", None))
            if not hand & HONOUR_MASK:
                self.trial = True
            self.held = False
            self.log.append((s, "bid", level))
        self.bid_count[s] += 1
        self.bid_turns[s] += 1
        self.high, self.high_seat = rank, s
        self.positive_bids.append((s, rank, kind == "hold"))

    def finished(self) -> bool:
        """All passed, all but the high bidder passed, or a solo nobody can hold ("The bidding")."""
        if self.n_passed == 4:
            return True
        if self.high_seat is None:
            return False
        if self.n_passed == 3:
            return True
        if self.high == 3:
            return not any(self.can_hold(t) for t in range(4) if not self.passed[t])
        return False

    def next_bidder(self, s: int) -> int | None:
        """The seat to bid after ``s``: the next one that has not passed; None when the auction is over."""
        if self.finished():
            return None
        passed = self.passed
        for t in ((s + 1) & 3, (s + 2) & 3, (s + 3) & 3):
            if not passed[t]:
                return t
        return s

    def cue_in_force(self, declarer: int) -> int | None:
        """The card the declarer must call because of another player's cue bid, or None."""
        if self.cue is None or self.cue_seat == declarer:
            return None
        if self.rules.cue_bid_only_accepted_by_hold and not any(
            seat == declarer and is_hold and rank == self.cue_rank
            for seat, rank, is_hold in self.positive_bids
        ):
            return None
        return self.cue


class Bid(NamedTuple):
    """One step of the auction as every seat heard it, with what it meant by the conventions in force.

    ``meaning`` is "pass", "yield" (a pass after three - two that yields the game, "Yielded game"), "hold",
    "bid" (a plain bid), "cue" (a jump that shows a tarokk, "Cue bids"), or the sole bidder's "raise" or
    "no_raise" (T 11); ``shows`` is the tarokk a cue bid or a yield promises (XIX, XVIII, XVII or XX by the
    options in force), else None.
    """

    seat: int
    action: Action
    meaning: str
    shows: int | None = None


_BID_KINDS = frozenset(("bid", "hold", "pass"))


class BiddingPhase:
    """The auction's turns and the sole bidder's raise (T 11) as methods of ``engine.hungarian.state.Hand``,
    which owns the state: ``Auction`` above knows the rules, this class moves the hand on when the auction
    ends."""

    __slots__ = ()

    def _reset_auction(self, rules: Rules) -> None:
        """The auction's state at the deal."""
        self._auction = Auction(rules)
        self.raised: int | None = None
        self.raise_offered = False
        self._bids: list[tuple[int, Action]] = []
        self._steps: list[Bid] = []  # the same with their meanings (``Hand.auction_steps``)

    def _legal_bids(self, s: int) -> tuple[Action, ...]:
        """The bids ``s`` may make now."""
        return tuple(
            PASS if k == "pass" else HOLD if k == "hold" else BID[lv]  # type: ignore[index]
            for k, lv in self._auction.legal(s, self.hands[s])
        )

    def _bid(self, kind: str, level: int | None) -> None:
        """A bid, hold or pass by the seat to move, if the auction's rules allow it."""
        s: int = self._turn  # type: ignore[assignment]
        auction = self._auction
        hand = self.hands[s]
        problem = (
            auction.check(s, kind, level, hand)
            if kind in _BID_KINDS
            else Message("expected_bid", _("expected bid, hold or pass, got %(action)s"), action=kind)
        )
        if problem is not None:
            label = self.labels[s]
            raise IllegalAction(step_by("bid", label), problem.with_params(seat=label))
        auction.apply(s, kind, level, hand)
        action = PASS if kind == "pass" else HOLD if kind == "hold" else BID[level]  # type: ignore[index]
        self._bids.append((s, action))
        self._steps.append(Bid(s, action, *auction.meanings[-1]))
        turn = auction.next_bidder(s)
        if turn is not None:
            self._turn = turn
            return
        if auction.high_seat is None:
            self._finish("passed_out")
            return
        d = self.declarer = auction.high_seat
        self.bid = 3 - auction.high
        # The declarer's side is known from the auction on, before the call: the declarer may declare
        # tarokks first in the first turn (T 34, T 37: only a side not yet known is presumed).
        self.team[d] = DECL
        if (
            self.rules.sole_bidder_may_raise
            and self.bid == 3
            and len(auction.positive_bids) == 1
            and not auction.trial
        ):
            self.phase = "raise"
            self.raise_offered = True
            self._turn = self.declarer
            return
        self._start_talon()

    def _legal_raises(self) -> tuple[Action, ...]:
        """The raises the sole bidder of a three may make (T 11), or none."""
        return (*(RAISE[level] for level in range(2, self.rules.sole_bidder_raise_max - 1, -1)), NO_RAISE)

    def _raise(self, kind: str, arg: Any) -> None:
        d = self.declarer
        assert d is not None
        if kind == "raise" and type(arg) is int and self.rules.sole_bidder_raise_max <= arg <= 2:
            self.bid = arg
            self.raised = arg
        elif kind != "no_raise":
            raise IllegalAction(
                step_by("raise", self.labels[d]),
                Message(
                    "raise_range",
                    _("the sole bidder may raise a three to two .. %(bid)s only (T 11)"),
                    bid=LEVEL_NAMES[self.rules.sole_bidder_raise_max],
                ),
            )
        self._start_talon()
