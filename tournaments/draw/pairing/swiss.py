"""Swiss draw: players of similar standing together, repeated meetings avoided, seats and deals balanced.

1. Players are ranked by score (equal scores share a rank; ties are ordered by the seed). Tables are
   filled from the top, tables of the preferred size first (with (4, 5): tables of 4, then the tables
   of 5 at the bottom; with (3, 4): the tables of 4 at the bottom): each starts with the
   best-ranked player left and takes, one by one, whichever of the next ``LOOKAHEAD`` players adds
   least cost (below), which is the standings cut into consecutive tables when nobody has met.
2. A table's cost is the spread of its players' ranks (the sum of the rank distances of its pairs, in
   places) plus a penalty for every pair that met before: ``REPEAT_LAST_ROUND`` if they met in the
   previous round, ``REPEAT_EARLIER`` for each earlier meeting. Moving a player one table (4 places)
   away costs about 24, so a repeat of the previous round is worth about two tables of displacement and
   an older one about one; nobody leaves their score group when the groups are large.
3. Local improvement: every table with a repeat tries all swaps with the tables up to ``WINDOW`` above
   and below and makes the best one that lowers the total cost; then the tables that changed are
   revisited, until none improves. The sorted start is already optimal for the spread, so only repeats
   trigger work and the draw is about linear in the number of players.
4. Seats: each table takes the seat order in which its players have had their positions least often
   and, as first dealer, the player who has dealt first least often (ties by the seed).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence

from tournaments.draw.pairing.tables import (
    TABLE_SIZES,
    PlayerId,
    RoundDraw,
    Seed,
    make_rng,
    player_order,
    seat_table,
    split_tables,
)

REPEAT_LAST_ROUND = 50
REPEAT_EARLIER = 25
WINDOW = 3
LOOKAHEAD = 12  # players; at least 3 tables' worth (``_lookahead``)
MAX_PASSES = 50


def swiss_draw(
    players: Iterable[PlayerId],
    seed: Seed,
    *,
    scores: Mapping[PlayerId, float] | None = None,
    history: Sequence[Sequence[Sequence[PlayerId]]] = (),
    seat_counts: Mapping[PlayerId, Mapping[str, int]] | None = None,
    dealer_counts: Mapping[PlayerId, int] | None = None,
    bye_counts: Mapping[PlayerId, int] | None = None,
    sizes: Sequence[int] = TABLE_SIZES,
) -> RoundDraw:
    """Draw a Swiss round.

    ``scores``: current total per player (missing: 0). ``history``: the earlier rounds, oldest first,
    each a list of tables (player lists); the last one is the previous round. ``seat_counts``: per
    player, how often they sat at each position "A".."F"; ``dealer_counts``: how often they dealt first
    (both missing: seats and first dealer at random). ``sizes``: the table sizes allowed, the preferred
    first (``split_tables``). When the field cannot be split into tables of those sizes, the players with
    the fewest ``bye_counts`` sit out, the lowest scores first.
    """
    ids = player_order(players)
    index = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    rng = make_rng(seed, "swiss")
    score = [float((scores or {}).get(p, 0)) for p in ids]
    byes_had = [(bye_counts or {}).get(p, 0) for p in ids]
    penalty: list[dict[int, int]] = [{} for _ in range(n)]
    for number, tables in enumerate(history):
        weight = REPEAT_LAST_ROUND if number == len(history) - 1 else REPEAT_EARLIER
        for table in tables:
            members = [index[p] for p in table if p in index]
            for a, b in itertools.combinations(members, 2):
                penalty[a][b] = penalty[a].get(b, 0) + weight
                penalty[b][a] = penalty[b].get(a, 0) + weight

    tiebreak = [rng.random() for _ in range(n)]
    split = split_tables(n, sizes)
    sitting_out = sorted(range(n), key=lambda i: (byes_had[i], score[i], tiebreak[i]))[: split.byes]
    out = set(sitting_out)
    order = sorted((i for i in range(n) if i not in out), key=lambda i: (-score[i], tiebreak[i]))
    rank = [0] * n
    for place, i in enumerate(order):
        rank[i] = place if place == 0 or score[i] != score[order[place - 1]] else rank[order[place - 1]]

    tables = _fill(order, split.preferred_first, rank, penalty, _lookahead(sizes))
    _improve(tables, rank, penalty)

    drawn = tuple(seat_table([ids[i] for i in table], rng, seat_counts, dealer_counts) for table in tables)
    return RoundDraw(tables=drawn, byes=tuple(ids[i] for i in sorted(sitting_out)), seed=seed)


def _lookahead(sizes: Sequence[int]) -> int:
    """How many of the next players a table may choose from: ``LOOKAHEAD``, or three tables of the
    preferred size when they seat more (tables of 5 and 6 need the room to avoid repeats)."""
    return max(LOOKAHEAD, 3 * sizes[0])


def _fill(
    order: list[int],
    sizes: Sequence[int],
    rank: list[int],
    penalty: list[dict[int, int]],
    lookahead: int = LOOKAHEAD,
) -> list[list[int]]:
    """Fill the tables from the top: each starts with the best-ranked player left, then takes, one at a
    time, whichever of the next ``lookahead`` players adds least cost (rank distances + repeat penalties).
    Without history this is simply the standings cut into consecutive tables."""
    tables = []
    buffer, following = [], 0
    for size in sizes:
        while len(buffer) < lookahead + 1 and following < len(order):
            buffer.append(order[following])
            following += 1
        table = [buffer.pop(0)]
        while len(table) < size:
            added = [
                sum(abs(rank[c] - rank[m]) + penalty[c].get(m, 0) for m in table) for c in buffer[:lookahead]
            ]
            table.append(buffer.pop(added.index(min(added))))
        tables.append(table)
    return tables


def _improve(tables: list[list[int]], rank: list[int], penalty: list[dict[int, int]]) -> None:
    """Swap players between nearby tables while that lowers spread + repeat penalties (see module doc)."""

    def repeats(table: list[int]) -> int:
        total = 0
        for i, a in enumerate(table):
            met = penalty[a]
            if met:
                for b in table[i + 1 :]:
                    total += met.get(b, 0)
        return total

    def cost(table: list[int]) -> int:
        ranks = sorted(rank[p] for p in table)
        # The sum of |r_i - r_j| over the pairs: the i-th smallest rank is added i times, subtracted k-1-i.
        spread = sum((2 * i - len(ranks) + 1) * r for i, r in enumerate(ranks))
        return spread + repeats(table)

    costs = [cost(t) for t in tables]
    todo = [t for t, table in enumerate(tables) if repeats(table)]
    for _ in range(MAX_PASSES):
        changed: set[int] = set()
        for t in todo:
            table = tables[t]
            best_gain, best_move = 0, None
            for u in range(max(0, t - WINDOW), min(len(tables), t + WINDOW + 1)):
                if u == t:
                    continue
                other = tables[u]
                for i, j in itertools.product(range(len(table)), range(len(other))):
                    table[i], other[j] = other[j], table[i]
                    gain = costs[t] + costs[u] - cost(table) - cost(other)
                    table[i], other[j] = other[j], table[i]
                    if gain > best_gain:
                        best_gain, best_move = gain, (u, i, j)
            if best_move is not None:
                u, i, j = best_move
                table[i], tables[u][j] = tables[u][j], table[i]
                costs[t], costs[u] = cost(table), cost(tables[u])
                changed.update((t, u))
        if not changed:
            return
        todo = sorted(changed)  # only changed tables can gain now: the sorted start was optimal for spread
