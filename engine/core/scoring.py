"""Scoring helpers every tarot game shares: the kontra ladder and the settlement of scored items into
per-seat payments.

A game scores a hand as items (the game, bonuses, penalties ...), each worth a value that one player pays
another. How an item is paid differs between games (two against two, one against three, a sitting-out
dealer who shares the declarer's opponents' fate) but always comes down to transfers: ``payer`` pays
``payee`` an ``amount``. ``settle`` adds transfers up per seat, so the payments of a hand sum to zero by
construction. The engine's scorers and the tournament system's dispute explanations (which show what each
item moved) both use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: the kontra ladder: level n (1..5) doubles the item n times; level 0 is no kontra
KONTRA_NAMES: tuple[str, ...] = ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
KONTRA_FACTOR: tuple[int, ...] = tuple(2**level for level in range(len(KONTRA_NAMES) + 1))

#: one payment of one item: (payer, payee, amount); a negative amount flows the other way
Transfer = tuple[str, str, int]


def kontra_name(level: int) -> str:
    """The name of kontra level ``level`` (1 kontra .. 5 mordkontra), '' for none; levels past the ladder's
    top are named by its top."""
    if level <= 0:
        return ""
    return KONTRA_NAMES[min(level, len(KONTRA_NAMES)) - 1]


def settle(positions: Iterable[str], transfers: Iterable[Transfer]) -> dict[str, int]:
    """Per-seat payments (every one of ``positions``, in that order, 0 when untouched) of ``transfers``;
    they sum to zero."""
    payments = dict.fromkeys(positions, 0)
    for payer, payee, amount in transfers:
        payments[payer] -= amount
        payments[payee] += amount
    return payments


def team_payments(
    positions: Iterable[str],
    net: int,
    active: Iterable[str],
    declarers: Sequence[str],
    extra_opponents: Iterable[str] = (),
) -> dict[str, int]:
    """Per-seat payments of a team item worth ``net`` to the declarer's side (negative: to the opponents),
    paid per pair ("each player on the losing team pays one of the players on the winning team"): the i-th
    active opponent pays the i-th member of ``declarers`` (a lone declarer: every opponent pays them). An
    extra opponent (a sitting-out dealer who weeps and laughs) pays the declarer, ``declarers[0]``.

    The same as ``settle`` of those pairs (tests/engine/test_descriptor.py checks), written out because
    every played hand is settled this way (the hot path of scoring)."""
    payments = dict.fromkeys(positions, 0)
    side = len(declarers)
    i = 0
    for seat in active:
        if seat not in declarers:
            payments[seat] = -net
            payments[declarers[i % side]] += net
            i += 1
    for seat in extra_opponents:
        payments[seat] -= net
        payments[declarers[0]] += net
    return payments
