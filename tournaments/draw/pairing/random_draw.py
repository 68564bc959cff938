"""The ``random`` draw: random tables, seats and first dealers, club-mates kept apart where possible."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

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


def random_draw(
    players: Iterable[PlayerId],
    seed: Seed,
    *,
    clubs: Mapping[PlayerId, Hashable | None] | None = None,
    sizes: Sequence[int] = TABLE_SIZES,
) -> RoundDraw:
    """Random tables of ``sizes`` (``split_tables``); players of one club are spread over the tables as
    evenly as possible.

    The shuffled players are grouped by club, largest club first (players without a club last), and
    dealt round the tables like cards, largest tables first, passing over the tables that are full: with
    (4, 5) the k-th player goes to table k mod T. A club of c members thus lands on c consecutive tables,
    i.e. at most ⌈c / T⌉ at a table (while no table is full), which is the fewest club-mate pairs possible
    for every club at once; club-mates only meet when a club has more members than there are tables.
    The table order, seats and first dealers are then shuffled.
    """
    rng = make_rng(seed, "random")
    order = player_order(players)
    rng.shuffle(order)
    split = split_tables(len(order), sizes)
    byes, seated = order[: split.byes], order[split.byes :]
    groups: dict[Hashable, list[PlayerId]] = {}
    for p in seated:
        club = (clubs or {}).get(p)
        groups.setdefault(("player", p) if club is None else ("club", club), []).append(p)
    dealt = [p for group in sorted(groups.values(), key=len, reverse=True) for p in group]
    tables = _deal_round(dealt, split.sizes)
    rng.shuffle(tables)
    return RoundDraw(
        tables=tuple(seat_table(table, rng) for table in tables), byes=tuple(player_order(byes)), seed=seed
    )


def _deal_round(dealt: list[PlayerId], capacities: Sequence[int]) -> list[list[PlayerId]]:
    """Deal the players round the tables (largest first), passing over the full ones."""
    tables: list[list[PlayerId]] = [[] for _ in capacities]
    open_tables = list(range(len(capacities)))
    turn = 0
    for p in dealt:
        t = open_tables[turn]
        tables[t].append(p)
        if len(tables[t]) == capacities[t]:
            del open_tables[turn]
        else:
            turn += 1
        if open_tables:
            turn %= len(open_tables)
    return tables
