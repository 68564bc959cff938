"""The ``swiss`` method: players of similar standing together, repeated meetings kept rare, seats and first
dealers balanced over the rounds.

Players are ranked by score (ties in a seeded random order) and cut into consecutive groups, the 5-tables
at the bottom. A local search then swaps players between nearby tables (up to ``WINDOW`` tables apart)
while that lowers ``REPEAT_WEIGHT`` x (meetings already had, a meeting in the previous round counting
``RECENT_REPEAT_COST`` times) + the rank spread within the tables. Only nearby tables are compared, so a
round of 10,000 players takes seconds, not the hours an all-pairs search would.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from tournaments.pairing.tables import (
    PlayerId,
    RoundDraw,
    Seed,
    make_rng,
    player_order,
    seat_table,
    split_tables,
)

WINDOW = 3  # compare each table with the next three
REPEAT_WEIGHT = 100  # one earlier meeting outweighs any rank spread a swap inside the window can cause
RECENT_REPEAT_COST = 3  # a repeat of the previous round's meeting costs three times an older one
MAX_PASSES = 8


def meeting_costs(history: Sequence[Sequence[Sequence[PlayerId]]]) -> dict[tuple[PlayerId, PlayerId], int]:
    """Cost of putting each pair together again, from the past rounds' tables (oldest round first)."""
    costs: dict[tuple[PlayerId, PlayerId], int] = {}
    last = len(history) - 1
    for index, tables in enumerate(history):
        weight = RECENT_REPEAT_COST if index == last else 1
        for table in tables:
            for a, b in itertools.combinations(player_order(table), 2):
                costs[a, b] = costs.get((a, b), 0) + weight
    return costs


def swiss_draw(
    players: Sequence[PlayerId],
    seed: Seed,
    *,
    scores: Mapping[PlayerId, float] | None = None,
    history: Sequence[Sequence[Sequence[PlayerId]]] = (),
    seat_counts: Mapping[PlayerId, Mapping[str, int]] | None = None,
    dealer_counts: Mapping[PlayerId, int] | None = None,
    bye_counts: Mapping[PlayerId, int] | None = None,
) -> RoundDraw:
    """One swiss round. Byes (only for fields that cannot be split) go to the lowest-ranked players who
    have had the fewest byes."""
    rng = make_rng(seed, "swiss")
    scores = scores or {}
    order = player_order(players)
    rng.shuffle(order)  # random order among equal scores
    order.sort(key=lambda p: -scores.get(p, 0.0))
    split = split_tables(len(order))
    byes: tuple[PlayerId, ...] = ()
    if split.byes:
        by_need = sorted(range(len(order)), key=lambda i: ((bye_counts or {}).get(order[i], 0), -i))
        byes = tuple(order[i] for i in sorted(by_need[: split.byes]))
        order = [p for p in order if p not in set(byes)]
    rank = {p: i for i, p in enumerate(order)}
    sizes = sorted(split.sizes)  # 4-tables first: the 5-tables, where each plays fewer hands, at the bottom
    tables: list[list[PlayerId]] = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    _improve(tables, meeting_costs(history), rank)
    return RoundDraw(
        tables=tuple(seat_table(t, rng, seat_counts or {}, dealer_counts or {}) for t in tables),
        byes=byes,
        seed=seed,
    )


def _table_cost(table: list[PlayerId], costs: Mapping[tuple[PlayerId, PlayerId], int], rank: Mapping) -> int:
    repeat = 0
    for a, b in itertools.combinations(table, 2):
        repeat += costs.get((a, b) if (isinstance(a, str), a) <= (isinstance(b, str), b) else (b, a), 0)
    ranks = [rank[p] for p in table]
    return REPEAT_WEIGHT * repeat + max(ranks) - min(ranks)


def _improve(
    tables: list[list[PlayerId]], costs: Mapping[tuple[PlayerId, PlayerId], int], rank: Mapping
) -> None:
    """Swap single players between tables up to WINDOW apart while the total cost drops."""
    if not costs:
        return
    cost = [_table_cost(t, costs, rank) for t in tables]
    for _ in range(MAX_PASSES):
        improved = False
        for i in range(len(tables)):
            if cost[i] < REPEAT_WEIGHT:  # no repeat at this table: nothing to fix from here
                continue
            for j in range(max(0, i - WINDOW), min(len(tables), i + WINDOW + 1)):
                if i == j:
                    continue
                best = (0, -1, -1, 0, 0)
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                        ci, cj = _table_cost(tables[i], costs, rank), _table_cost(tables[j], costs, rank)
                        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                        delta = ci + cj - cost[i] - cost[j]
                        if delta < best[0]:
                            best = (delta, a, b, ci, cj)
                if best[1] >= 0:
                    _, a, b, ci, cj = best
                    tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                    cost[i], cost[j] = ci, cj
                    improved = True
                if cost[i] < REPEAT_WEIGHT:
                    break
        if not improved:
            return
