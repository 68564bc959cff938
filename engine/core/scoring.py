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

from collections.abc import Iterable

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


def team_transfers(
    net: int,
    declarers: tuple[str, ...],
    opponents: Iterable[str],
    extra_opponents: Iterable[str] = (),
) -> list[Transfer]:
    """The transfers of a team item worth ``net`` to the declarer's side (negative: to the opponents), paid
    per pair ("each player on the losing team pays one of the players on the winning team"): the i-th opponent
    settles with the i-th member of the declarer's side (a lone declarer with every opponent). An
    ``extra_opponent`` (a sitting-out dealer who weeps and laughs) settles with the declarer alone."""
    side = len(declarers)
    out = [(opponent, declarers[i % side], net) for i, opponent in enumerate(opponents)]
    out += [(opponent, declarers[0], net) for opponent in extra_opponents]
    return out
