"""Dealing in turn, as most tarot games deal: the deal passes one seat on after each hand (clockwise,
``direction=1``, or counter-clockwise, ``-1``), the same dealer deals again after a thrown-in hand, and a
game may say who sits out and at what stake a deal is played after the hands before it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from engine.core.descriptor import Deal


def rotating_deal(
    positions: Sequence[str],
    first_dealer: str,
    previous_kinds: Sequence[str],
    *,
    sitting_out: Callable[[Sequence[str], str], tuple[str, ...]] = lambda positions, dealer: (),
    thrown_in: Collection[str] = frozenset(),
    stake: Callable[[Sequence[str]], int] = lambda previous_kinds: 1,
    direction: int = 1,
) -> Deal:
    """Deal number ``len(previous_kinds) + 1``: its dealer (moved on once per hand not ``thrown_in``), the
    active seats from the one after the dealer (in ``direction``), who sits out, and the stake
    (``stake(previous_kinds)``)."""
    moves = sum(1 for kind in previous_kinds if kind not in thrown_in)
    n = len(positions)
    start = positions.index(first_dealer)
    dealer = positions[(start + direction * moves) % n]
    out = tuple(sitting_out(positions, dealer))
    d = positions.index(dealer)
    order = [positions[(d + direction * k) % n] for k in range(1, n + 1)]
    active = tuple(seat for seat in order if seat not in out)
    return Deal(len(previous_kinds) + 1, dealer, active, stake(previous_kinds), out)
