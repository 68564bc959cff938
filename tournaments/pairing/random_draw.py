"""The ``random`` method: random tables and seats, club-mates kept apart where the field allows it."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Mapping, Sequence

from tournaments.pairing.tables import (
    PlayerId,
    RoundDraw,
    Seed,
    make_rng,
    player_order,
    seat_table,
    split_tables,
)


def _club_pairs(table: Sequence[PlayerId], clubs: Mapping[PlayerId, Hashable]) -> int:
    counts = Counter(clubs[p] for p in table if clubs.get(p) is not None)
    return sum(c * (c - 1) // 2 for c in counts.values())


def random_draw(
    players: Sequence[PlayerId], seed: Seed, *, clubs: Mapping[PlayerId, Hashable | None] | None = None
) -> RoundDraw:
    """Random tables; with ``clubs``, players of one club are dealt round the tables (largest club first)
    and then swapped between tables while that lowers the number of club-mate pairs, so club-mates only
    meet when a club has more members than there are tables."""
    rng = make_rng(seed, "random")
    order = player_order(players)
    rng.shuffle(order)
    split = split_tables(len(order))
    byes = tuple(order[len(order) - split.byes :]) if split.byes else ()
    seated = order[: len(order) - split.byes]
    sizes = list(split.sizes)
    clubs = {p: c for p, c in (clubs or {}).items() if c is not None}
    if clubs:
        by_club: dict[Hashable, list[PlayerId]] = defaultdict(list)
        for p in seated:
            by_club[clubs.get(p, ("no club", p))].append(p)
        groups = sorted(by_club.values(), key=len, reverse=True)
        seated = [p for group in groups for p in group]
    # Deal round the tables: consecutive players (club-mates, when sorted by club) land at different tables.
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    t = 0
    for p in seated:
        while len(tables[t % len(tables)]) >= sizes[t % len(tables)]:
            t += 1
        tables[t % len(tables)].append(p)
        t += 1
    if clubs:
        _separate_clubs(tables, clubs, rng)
    return RoundDraw(tables=tuple(seat_table(table, rng) for table in tables), byes=byes, seed=seed)


def _separate_clubs(tables: list[list[PlayerId]], clubs: Mapping[PlayerId, Hashable], rng: object) -> None:
    """Swap players between tables while a swap reduces club-mate pairs (a few passes at most)."""
    for _ in range(5):
        improved = False
        for i in range(len(tables)):
            if not _club_pairs(tables[i], clubs):
                continue
            for j in range(len(tables)):
                if i == j:
                    continue
                before = _club_pairs(tables[i], clubs) + _club_pairs(tables[j], clubs)
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                        if _club_pairs(tables[i], clubs) + _club_pairs(tables[j], clubs) < before:
                            improved = True
                            break
                        tables[i][a], tables[j][b] = tables[j][b], tables[i][a]
                    else:
                        continue
                    break
        if not improved:
            return
