"""Calling a partner (pagat "Calling a partner", "Cue bids", "Yielded game"; T 28 .. T 33): the declarer
calls a tarokk, normally the XX; the holder of the called card is the partner, unknown to the others until
the card is played or the partner's side shows. A cue bid or a yield in force fixes the call; another
player's tarokk discard may free it. ``CallingPhase`` holds these rules for ``engine.hungarian.state.Hand``.
"""

from __future__ import annotations

from engine.hungarian.actions import DECL, OPP
from engine.hungarian.cards import XX, cards_of, mask

#: the tarokks II .. XIX, which a free call may name if the declarer lacks them ("Calling a partner")
_FREE_CALLS = sum(1 << c for c in range(1, XX))


class CallingPhase:
    """The call and who knows the partner, as methods of ``Hand`` (which owns the state)."""

    __slots__ = ()

    def _reset_call(self) -> None:
        """No call yet."""
        self.called: int | None = None
        self.forced_call: int | None = None
        self.partner: int | None = None
        self.alone = (
            ""  # "", "own_card" (called a card of the declarer's), "discarded" (called card discarded)
        )

    def _can_free_call(self, d: int) -> bool:
        """Another player's tarokk discard frees the call ("Calling a partner"); T 30: only with the XX."""
        rules = self.rules
        if not rules.free_call_after_tarokk_discard or rules.discarded_tarokks_admitted_at_announcements:
            return False
        if rules.free_call_needs_xx and not self.hands[d] >> XX & 1:
            return False
        return sum(self._discard_tarokks) > self._discard_tarokks[d]

    def _call_options(self, d: int) -> list[int]:
        """The tarokks the declarer may call ("Calling a partner")."""
        if self.forced_call is not None:
            return [self.forced_call]
        own = self.hands[d] | mask(self.discards[d])
        options = {XX}
        if self.hands[d] >> XX & 1:
            c = XX - 1
            while c > 0 and own >> c & 1:
                c -= 1
            if c > 0:
                options.add(c)
        if self._can_free_call(d):
            options.update(cards_of(_FREE_CALLS & ~own))
        return sorted(options, reverse=True)

    def _call(self, d: int, card: int) -> None:
        """Fix the teams; a called card in another player's discard forces that player's kontra."""
        self.called = card
        holder = None
        for s, h in enumerate(self.hands):
            if h >> card & 1:
                holder = s
                break
        if holder is None or holder == d:
            discarder = d if holder == d else next(s for s in range(4) if card in self.discards[s])
            self.alone = "own_card" if discarder == d else "discarded"
            self.partner = None
            self.team = [OPP] * 4
            self.team[d] = DECL
            if self.alone == "discarded":
                self._forced_kontra = discarder
        else:
            self.partner = holder
            self.team = [DECL if s in (d, holder) else OPP for s in range(4)]
        if self.forced_call is not None and self.partner is not None:
            self._reveal(self.partner, DECL)
            self._last_side = DECL  # the partner's side shown by the call is no announcement

    def _partner_known_to(self, seat: int) -> int | None:
        d = self.declarer
        if d is None or self.called is None:
            return None
        called_played = not self.hands[self.partner if self.partner is not None else d] >> self.called & 1
        if seat == d:
            if self.partner is not None and (called_played or self.known_side[self.partner] == DECL):
                return self.partner
            return None
        if seat == self.partner:
            return d
        others = [t for t in range(4) if t not in (seat, d) and self.team[t] == OPP]
        if self.partner is None or len(others) != 1:
            return None
        mate = others[0]
        if called_played or self.known_side[mate] == OPP or self.known_side[self.partner] == DECL:
            return mate
        return None
