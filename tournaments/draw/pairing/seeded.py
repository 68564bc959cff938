"""The ``seeded`` draw: a first round seeded by a ranking, one player of each group at every table.

Slovenian tarok at Bled (Dummett–McLeod supplement 16.8) seeds round 1 "in three groups by a ranking":
the players are ranked (by their rating; unrated players last), cut into as many groups as a table has
seats, and each table gets one player of each group, so the strongest never meet in round 1. Within a
group the order is random (the seed); seats and first dealers are drawn as in every draw. With tables of
mixed sizes the groups follow the table size the draw fills first; a larger table takes one more player
from the middle, a smaller one leaves the bottom group.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tournaments.draw.pairing.tables import (
    PlayerId,
    RoundDraw,
    Seed,
    make_rng,
    player_order,
    seat_table,
    split_tables,
)


def seeded_draw(
    players: Iterable[PlayerId],
    seed: Seed,
    *,
    ratings: Mapping[PlayerId, float | None],
    sizes: Sequence[int] = (4, 5),
) -> RoundDraw:
    """Tables holding one player of each rating group (``sizes[0]`` groups); the lowest rated sit out
    when the field leaves byes."""
    rng = make_rng(seed, "seeded")
    order = player_order(players)
    rng.shuffle(order)  # ties in rating (and the unrated) in random order
    order.sort(key=lambda p: (ratings.get(p) is None, -(ratings.get(p) or 0)))
    split = split_tables(len(order), sizes)
    seated = order[: len(order) - split.byes]
    byes = order[len(order) - split.byes :]
    table_sizes = list(split.sizes)
    rng.shuffle(table_sizes)
    groups = max(1, sizes[0])
    per_group = -(-len(seated) // groups)
    bands = [seated[g * per_group : (g + 1) * per_group] for g in range(groups)]
    for band in bands:
        rng.shuffle(band)
    tables: list[list[PlayerId]] = [[] for _ in table_sizes]
    # every table takes one of each band while it has room; the rest of the players fill the larger tables
    for band in bands:
        for table, size in zip(tables, table_sizes, strict=True):
            if band and len(table) < size:
                table.append(band.pop())
    rest = [p for band in bands for p in band]
    for table, size in zip(tables, table_sizes, strict=True):
        while len(table) < size:
            table.append(rest.pop())
    return RoundDraw(
        tables=tuple(seat_table(table, rng) for table in tables), byes=tuple(player_order(byes)), seed=seed
    )
