"""Drawing from the talon and discarding ("Distributing the talon", "Discarding", "Annulling the hand").

After the auction each seat takes its share of the talon (``TALON_SHARES``), then the seats that drew
discard as many cards, never a king or an honour (nor the card a cue bid or yield showed, nor the XX where
the rules say so); a seat with a holding the rules name may annul the hand, before or after the discards
by the options. ``TalonPhase`` holds these rules for ``engine.hungarian.state.Hand``, which owns the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import as_text, shown
from engine.hungarian.actions import NO_ANNUL, Action, IllegalAction, step_by
from engine.hungarian.cards import (
    HONOUR_MASK,
    KING_MASK,
    NAMES,
    PAGAT,
    SKIZ,
    TAROKK_MASK,
    XX,
    XXI,
    card_or_value,
    cards_of,
    mask,
)

#: cards drawn from the talon by the declarer and the next three players, by final bid level ("Distributing
#: the talon")
TALON_SHARES = {3: (3, 1, 1, 1), 2: (2, 2, 1, 1), 1: (1, 2, 2, 1), 0: (0, 2, 2, 2)}
#: tarokks other than the pagát and the XXI: a hand holding none of them may be able to annul
_MIDDLE_TAROKKS = TAROKK_MASK & ~(1 << PAGAT | 1 << XXI)
#: every discard there can be (sorted cards, never a king or honour; at most three, "Distributing the
#: talon") -> its Action, so that listing a seat's discards builds no tuples (a fixed table, not a cache)
_DISCARDABLE = [c for c in range(42) if not 1 << c & (KING_MASK | HONOUR_MASK)]
DISCARD = {cards: Action("discard", cards) for n in (1, 2, 3) for cards in combinations(_DISCARDABLE, n)}
_DISCARD_MASKS = {cards: mask(cards) for cards in DISCARD}  # the listed discards' masks, for _discard
#: the positions of every choice of n of k cards, in ``combinations`` order (a seat holds at most 12 cards)
_CHOICES = {(k, n): tuple(combinations(range(k), n)) for k in range(13) for n in (1, 2, 3)}


class DiscardChoices(Sequence[Action]):
    """A seat's legal discards: each choice of ``n`` of its discardable ``cards``, in ``combinations``
    order. A sequence that makes each action when asked: a seat may have 220 choices, and a bot or a
    client usually wants one of them or none (``legal_actions`` in the discard phase)."""

    __slots__ = ("_cards", "_choices", "_n")

    def __init__(self, cards: list[int], n: int) -> None:
        self._cards = cards
        self._n = n
        self._choices = _CHOICES[len(cards), n]

    def __len__(self) -> int:
        return len(self._choices)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._choices)))]
        return DISCARD[tuple(map(self._cards.__getitem__, self._choices[i]))]

    def __iter__(self) -> Any:
        return map(DISCARD.__getitem__, combinations(self._cards, self._n))

    def __contains__(self, action: object) -> bool:
        return any(choice == action for choice in self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


class TalonPhase:
    """The talon exchange's and annulment's rules, as methods of ``Hand`` (which owns the state)."""

    __slots__ = ()

    def _reset_talon(self) -> None:
        """Nothing drawn, discarded or annulled yet."""
        self.drawn: list[tuple[int, ...]] = [(), (), (), ()]
        self.discards: list[tuple[int, ...]] = [(), (), (), ()]
        self.discard_order: list[int] = []
        self.annul_queue: list[tuple[int, list[str]]] = []
        self.annulment: tuple[int, str] | None = None
        self._discard_tarokks = [0, 0, 0, 0]

    def _start_talon(self) -> None:
        """Everyone takes their talon cards (declarer first, from the top); then discard or annul."""
        d = self.declarer
        assert d is not None
        assert self.bid is not None
        pos = 0
        for i, n in enumerate(TALON_SHARES[self.bid]):
            s = (d + i) % 4
            got = tuple(self.talon[pos : pos + n])
            pos += n
            self.drawn[s] = got
            self.hands[s] |= mask(got)
            if n:
                self.discard_order.append(s)
        if self._auction.trial and not self.hands[d] & HONOUR_MASK:
            self._finish("trial_three_failed")
            return
        if self.rules.annul_timing == "before_discard" and self._queue_annulments():
            return
        self._next_discard()

    def _discardable(self, s: int) -> int:
        """Cards ``s`` may discard: no kings or honours, no cue-bid/yield card, the XX only if allowed."""
        m = self.hands[s] & ~(KING_MASK | HONOUR_MASK)
        if not self.rules.xx_discardable:
            m &= ~(1 << XX)
        auction = self._auction
        if auction.cue_seat == s and auction.cue is not None:
            m &= ~(1 << auction.cue)
        if auction.yield_seat == s:
            m &= ~(1 << XX)
        return m

    def _next_discard(self) -> None:
        for s in self.discard_order:
            if not self.discards[s]:
                self.phase = "discard"
                self._turn = s
                return
        if self.rules.annul_timing == "after_exchange" and self._queue_annulments():
            return
        self._start_announcements()

    def _legal_discards(self, s: int) -> DiscardChoices:
        """Every discard ``s`` may make: as many of its discardable cards as it drew."""
        return DiscardChoices(cards_of(self._discardable(s)), len(self.drawn[s]))

    def _discard(self, kind: str, cards: Any) -> None:
        s: int = self._turn  # type: ignore[assignment]
        try:  # a listed discard (sorted distinct cards): only its size, holding and discardability to check
            m = _DISCARD_MASKS.get(cards) if type(cards) is tuple and kind == "discard" else None
        except TypeError:  # unhashable: the full check below names the problem
            m = None
        if m is not None and len(cards) == len(self.drawn[s]) and not m & ~self._discardable(s):
            self._apply_discard(s, cards, m)
            return
        label = self.labels[s]
        by = step_by("discard", label)
        if kind != "discard":
            raise IllegalAction(
                by, Message("expected_discard", _("expected a discard, got %(action)s"), action=kind)
            )
        try:
            cards = tuple(sorted(int(c) for c in cards))
        except (TypeError, ValueError):
            raise IllegalAction(
                by, Message("discard_not_cards", _("not a list of cards: %(value)s"), value=shown(cards))
            ) from None
        n = len(self.drawn[s])
        if len(cards) != n or len(set(cards)) != n:
            raise IllegalAction(
                by,
                Message(
                    "discard_count", _("must discard exactly %(count)s card(s), the number drawn"), count=n
                ),
            )
        allowed = self._discardable(s)
        for c in cards:
            if not 0 <= c < 42 or not self.hands[s] >> c & 1:
                raise IllegalAction(
                    by,
                    Message(
                        "discard_not_held",
                        _("%(card)s is not in %(seat)s's hand"),
                        card=card_or_value(c),
                        seat=label,
                    ),
                )
            if not allowed >> c & 1:
                raise IllegalAction(
                    by,
                    Message("may_not_discard", _("%(card)s may not be discarded"), card=NAMES[c]),
                    self._why_kept(s, c),
                )
        self._apply_discard(s, cards, mask(cards))

    def _apply_discard(self, s: int, cards: tuple[int, ...], m: int) -> None:
        self.discards[s] = cards
        self._discard_tarokks[s] = (m & TAROKK_MASK).bit_count()
        self.hands[s] &= ~m
        self._next_discard()

    def _why_kept(self, s: int, c: int) -> Message:
        if 1 << c & KING_MASK:
            return Message("kings_kept", _("kings may never be discarded"))
        if 1 << c & HONOUR_MASK:
            return Message("honours_kept", _("honours may never be discarded"))
        if c == XX and not self.rules.xx_discardable:
            return Message("xx_kept", _("the XX may not be discarded under these rules"))
        return Message(
            "shown_card_kept", _("a cue bidder or yielder must keep the tarokk the bidding showed")
        )

    def _annul_holdings(self, s: int) -> list[str]:
        """Holdings that let ``s`` annul ("Annulling the hand" and its variations)."""
        h = self.hands[s]
        t = h & TAROKK_MASK
        found = []
        if h & KING_MASK == KING_MASK:
            found.append("four_kings")
        discarded_tarokk = any(c <= SKIZ for c in self.discards[s])
        if not discarded_tarokk or self.rules.annul_after_tarokk_discard:
            if t == 0:
                found.append("no_tarokks")
            elif t == 1 << XXI:
                found.append("xxi_alone")
            elif t == 1 << PAGAT:
                found.append("pagat_alone")
            elif t == (1 << XXI) | (1 << PAGAT):
                found.append("xxi_and_pagat")
        allowed = self.rules.annulment_holdings
        return [h for h in found if h in allowed]

    def _queue_annulments(self) -> bool:
        d = self.declarer
        assert d is not None
        for h in self.hands:  # a quick look first: most deals give nobody a holding that could annul
            if h & KING_MASK == KING_MASK or not h & _MIDDLE_TAROKKS:
                break
        else:
            return False
        self.annul_queue = [
            (s, holdings) for s in ((d + i) % 4 for i in range(4)) if (holdings := self._annul_holdings(s))
        ]
        if not self.annul_queue:
            return False
        self.phase = "annul"
        self._turn = self.annul_queue[0][0]
        return True

    def _legal_annulments(self) -> tuple[Action, ...]:
        """The holdings the first seat in the annulment queue may annul by, or decline."""
        return (*(Action("annul", h) for h in self.annul_queue[0][1]), NO_ANNUL)

    def _annul(self, kind: str, holding: Any) -> None:
        s, holdings = self.annul_queue[0]
        label = self.labels[s]
        if kind == "annul":
            if holding not in holdings:
                raise IllegalAction(
                    step_by("annulment", label),
                    Message(
                        "annul_not_held",
                        _("%(seat)s does not hold %(holding)s (or may not annul by it)"),
                        seat=label,
                        holding=as_text(holding),
                    ),
                )
            self.annulment = (s, holding)
            self._finish("annulled")
            return
        if kind != "no_annul":
            raise IllegalAction(
                step_by("annulment", label),
                Message("expected_annul", _("expected annul or no_annul, got %(action)s"), action=kind),
            )
        self.annul_queue.pop(0)
        if self.annul_queue:
            self._turn = self.annul_queue[0][0]
        elif self.rules.annul_timing == "before_discard":
            self._next_discard()
        else:
            self._start_announcements()
