"""The play ("The play"): nine tricks, following suit, else a tarokk, else anything; the highest tarokk, else
the highest card of the suit led, wins; a team that announced pagátultimó keeps the pagát until forced.

``PlayPhase`` holds the rules of this phase for ``engine.hungarian.state.Hand``, which owns the state (hands,
tricks, the seat to move) and dispatches to it. Legal cards are masks: ``_legal_cards`` lists them by six
table lookups, and ``_play_trick`` (a replay's whole trick at once) checks four cards by mask arithmetic.
"""

from __future__ import annotations

from typing import Any

from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.hungarian.actions import PLAY, Action, IllegalAction, trick_step
from engine.hungarian.cards import FOLLOW_MASK, NAMES, PAGAT, SKIZ, SLICE_CARDS, TAROKK_MASK

#: "played X but holds a ... and Y was led", by what was led: a tarokk, or a suit (0..3: H, D, C, S)
_MUST_FOLLOW = (
    (
        "follow_tarokk",
        _("played %(card)s but holds a tarokk and %(led)s was led: must follow suit (The play)"),
    ),
    ("follow_heart", _("played %(card)s but holds a heart and %(led)s was led: must follow suit (The play)")),
    (
        "follow_diamond",
        _("played %(card)s but holds a diamond and %(led)s was led: must follow suit (The play)"),
    ),
    ("follow_club", _("played %(card)s but holds a club and %(led)s was led: must follow suit (The play)")),
    ("follow_spade", _("played %(card)s but holds a spade and %(led)s was led: must follow suit (The play)")),
)
_PLAY_CARD = {action: c for c, action in enumerate(PLAY)}  # a play action -> its card
_AFTER = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))  # the seats after each, in playing order
#: the play actions of each value of each 7-card slice of a mask (as ``cards_of``), so that the legal cards'
#: mask becomes its action list by six lookups (no per-card work, no cache)
_P0, _P1, _P2, _P3, _P4, _P5 = (
    tuple(tuple(PLAY[c] for c in cards) for cards in table) for table in SLICE_CARDS
)


class PlayPhase:
    """The play's rules, as methods of ``Hand`` (the state they read and change is ``Hand``'s)."""

    __slots__ = ()

    def _reset_play(self) -> None:
        """No trick played yet."""
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._trick: list[int] = []
        self.leader = 0
        self.won = [0, 0, 0, 0]

    def _start_play(self) -> None:
        """The round of announcements is over: the first bidder leads to the first trick ("The play")."""
        self.phase = "play"
        self.leader = 0
        self._turn = 0
        self._trick = []

    def _legal_mask(self, s: int) -> int:
        """The cards ``s`` may play now, as a mask: follow suit, else a tarokk, else anything; a team that
        announced pagátultimó keeps the pagát until forced ("The play")."""
        h = self.hands[s]
        trick = self._trick
        m = (h & FOLLOW_MASK[trick[0]] or h & TAROKK_MASK or h) if trick else h
        if m & 1 and m != 1 and self.team[s] in self.ulti_teams:
            m ^= 1
        return m

    def _legal_cards(self, s: int) -> tuple[Action, ...]:
        """The play actions of the cards ``s`` may play now (``_legal_mask``), by six table lookups."""
        m = self._legal_mask(s)
        return (
            *_P0[m & 127],
            *_P1[m >> 7 & 127],
            *_P2[m >> 14 & 127],
            *_P3[m >> 21 & 127],
            *_P4[m >> 28 & 127],
            *_P5[m >> 35],
        )

    def _apply_play(self, action: Any) -> None:
        """``apply`` in the play: ``action`` must be the play of a card 0 .. 41 the rules allow."""
        try:
            card = _PLAY_CARD.get(action)
        except TypeError:  # unhashable
            card = None
        if card is None:
            raise IllegalAction(self._step(), self._not_a_card(action))
        self._play(card)

    def _play(self, card: int) -> None:
        """Play ``card`` (0 .. 41) for the seat to move, if the rules let it."""
        s: int = self._turn  # type: ignore[assignment]
        h = self.hands[s]
        trick = self._trick
        if not self._legal_mask(s) >> card & 1:
            raise IllegalAction(self._step(), self._play_problem(s, card))
        self.hands[s] = h ^ 1 << card
        trick.append(card)
        if len(trick) < 4:
            self._turn = (s + 1) % 4
            return
        a, b, c, d = trick
        taken = 1 << a | 1 << b | 1 << c | 1 << d
        best = _winning_card(taken, FOLLOW_MASK[a])
        leader = self.leader
        winner = (leader + trick.index(best)) % 4
        self.tricks.append((leader, (a, b, c, d), winner))
        self.won[winner] |= taken
        self._trick = []
        self.leader = self._turn = winner
        if len(self.tricks) == 9:
            self._finish("played")

    def _play_trick(self, cards: list[int]) -> None:
        """Play a whole trick of four card numbers led by the seat to move, exactly as four ``apply(play)``
        calls would (the replay's fast path): the cards are checked first and, if any is illegal, played one
        by one so that ``_play`` names the step and the rule."""
        s: int = self._turn  # type: ignore[assignment]
        hands = self.hands
        a, b, c, d = cards
        s1, s2, s3 = _AFTER[s]
        h0, h1, h2, h3 = hands[s], hands[s1], hands[s2], hands[s3]
        follow = FOLLOW_MASK[a]
        m1 = h1 & follow or h1 & TAROKK_MASK or h1
        m2 = h2 & follow or h2 & TAROKK_MASK or h2
        m3 = h3 & follow or h3 & TAROKK_MASK or h3
        if (
            self._trick
            or not (h0 >> a & 1 and m1 >> b & 1 and m2 >> c & 1 and m3 >> d & 1)
            or (self.ulti_teams and PAGAT in cards)  # the pagátultimó rule: checked card by card
        ):
            for card in cards:
                self._play(card)
            return
        hands[s] = h0 ^ 1 << a
        hands[s1] = h1 ^ 1 << b
        hands[s2] = h2 ^ 1 << c
        hands[s3] = h3 ^ 1 << d
        taken = 1 << a | 1 << b | 1 << c | 1 << d
        best = _winning_card(taken, follow)
        winner = s if best == a else s1 if best == b else s2 if best == c else s3
        self.tricks.append((s, (a, b, c, d), winner))
        self.won[winner] |= taken
        self.leader = self._turn = winner
        if len(self.tricks) == 9:
            self._finish("played")

    def _step(self) -> Message:
        s = self._turn
        return trick_step(len(self.tricks) + 1, self.labels[s] if s is not None else "-")

    @staticmethod
    def _not_a_card(action: Any) -> Message:
        """Why ``action`` is not a play of a card 0 .. 41."""
        kind = action[0] if isinstance(action, (tuple, list)) and action else action
        if kind != "play":
            return Message("expected_card", _("expected a card to be played, got %(action)s"), action=kind)
        card = action[1] if len(action) > 1 else None
        return Message("not_a_card", _("%(value)s is not a card"), value=shown(card))

    def _play_problem(self, s: int, card: int) -> Message:
        name = NAMES[card]
        h = self.hands[s]
        if not h >> card & 1:
            return Message("card_not_held", _("played %(card)s which it does not hold"), card=name)
        trick = self._trick
        if trick:
            led = trick[0]
            if h & FOLLOW_MASK[led]:
                code, template = _MUST_FOLLOW[0 if led <= SKIZ else 1 + (led - 22) // 5]
                return Message(code, template, card=name, led=NAMES[led])
            if h & TAROKK_MASK and card > SKIZ:
                return Message(
                    "must_play_tarokk",
                    _(
                        "played %(card)s but holds a tarokk and cannot follow suit:"
                        " must play a tarokk (The play)"
                    ),
                    card=name,
                )
        return Message(
            "pagat_kept", _("played the pagát early although its team announced pagátultimó (The play)")
        )


def _winning_card(taken: int, follow: int) -> int:
    """The card that wins a trick of the cards ``taken`` (a mask) whose lead is to be followed by ``follow``:
    the highest tarokk, else the highest card of the suit led (a lower suit index is higher, "The play")."""
    best = taken & TAROKK_MASK
    if best:
        return best.bit_length() - 1
    best = taken & follow
    return (best & -best).bit_length() - 1
