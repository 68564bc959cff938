"""Balanced schedules: all rounds at once, so that any two players meet as rarely as possible.

Pipeline (every step deterministic for a given seed and budget):

The tables have the sizes of ``split_tables(n, sizes)`` (default (4, 5)).

1. A greedy schedule first (each new table takes the players who have met its members least); for a
   few rounds in a large field it is already repeat-free.
2. Otherwise, when all tables have 4: a construction. AG(k, 4) for 16, 64, 256 ... players (every pair
   meets once in (n - 1) / 3 rounds), AG(5, 2) for 32 players (9 rounds), else the cyclic base-round
   search of ``designs`` from w = (n - 1) // 3 shifts down to R (it reaches that bound for most
   multiples of 4 up to 60, not for 32; 5 rounds for 20). A construction is relabelled by a seeded
   random permutation, so different seeds give different schedules.
3. If that leaves repeats (a construction with fewer rounds than asked, more rounds than the bound, or
   tables of another size: 5, 3, 6 ..., which have no construction here), the missing rounds are added
   greedily and a tabu search improves the whole schedule, in the style of Dotú & Van Hentenryck's
   social-golfer search: each step looks at a few random rounds that have a repeated pair, tries every
   swap of a player who meets someone again with a player at another table of that round, and makes the
   best swap that is not tabu (sending a player back to a table they left a few steps ago is tabu unless
   it gives a new best); when progress stalls it restarts from the best schedule found with a few random
   swaps. The objective is the sum over pairs of C(meetings, 2), so a pair meeting 3 times costs more than
   two pairs meeting twice. It stops at zero, at a counting lower bound, or when the budget is used.
4. When repeats are unavoidable the rounds are reordered so that a pair's meetings are far apart.
5. Seats and first dealers are drawn round by round, balancing positions and first deals over the schedule.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournaments.draw.pairing.designs import affine_rounds, binary_affine_rounds, cyclic_levels, cyclic_rounds
from tournaments.draw.pairing.tables import (
    POSITIONS,
    TABLE_SIZES,
    PlayerId,
    RoundDraw,
    Seed,
    make_rng,
    player_order,
    seat_table,
    split_tables,
)

DEFAULT_EFFORT = 2_000_000  # evaluated swaps, about 2-4 s at most; deterministic, unlike a time limit
CONSTRUCTION_WORK = 100_000  # candidate checks per try of the cyclic search (about 0.15 s)
CONSTRUCTION_TRIES = 12  # per shape of the cyclic construction
CONSTRUCTION_TRIES_TOTAL = 24  # for all shapes together: a failing search costs a few seconds at most
ROUNDS_PER_STEP = 3
STALL_STEPS_PER_PLAYER = 10  # perturb the best schedule after this many steps per player without progress
TABU_TENURE = (3, 12)


@dataclass(frozen=True)
class Schedule:
    """A balanced schedule: one ``RoundDraw`` per round, and how good it is.

    ``repeats`` counts meetings beyond a pair's first; ``lower_bound`` is the fewest that counting
    allows (0 unless there are more meetings than pairs); ``source`` says how it was made ("greedy",
    "affine", "cyclic", "search" or e.g. "cyclic+search"); ``timed_out`` is True when the wall-clock
    ``time_limit`` stopped the search, the only case in which the result depends on machine speed.
    """

    rounds: tuple[RoundDraw, ...]
    seed: Seed
    repeats: int
    lower_bound: int
    source: str
    timed_out: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"rounds": [[[a table's players in seat order], ...], ...]}``, plus "byes" if there are any."""
        data: dict[str, Any] = {"rounds": [r.groups() for r in self.rounds]}
        if any(r.byes for r in self.rounds):
            data["byes"] = [list(r.byes) for r in self.rounds]
        return data


def max_rounds_without_repeats(n: int, sizes: Sequence[int] = TABLE_SIZES) -> int:
    """The counting bound on rounds in which nobody meets anyone twice, at the tables of
    ``split_tables(n, sizes)``: ⌊(n - 1) / 3⌋ when all tables have 4 (each round a player meets 3 new
    people). In general the smaller of ⌊(n - 1) / (s - 1)⌋ for the smallest table s of the split (a
    player there meets s - 1 new people a round; not counted when some sit out) and the pairs of the
    field divided by the meetings of one round; 0 when nobody can be seated."""
    split = split_tables(n, sizes)
    meetings = sum(s * (s - 1) // 2 for s in split.sizes)
    if meetings == 0:
        return 0
    bound = n * (n - 1) // 2 // meetings
    if not split.byes:
        bound = min(bound, (n - 1) // (min(split.sizes) - 1))
    return bound


def balanced_schedule(
    players: int | Sequence[PlayerId],
    rounds: int,
    seed: Seed,
    *,
    sizes: Sequence[int] = TABLE_SIZES,
    effort: int | None = DEFAULT_EFFORT,
    time_limit: float | None = None,
    strengths: Mapping[PlayerId, float | None] | None = None,
) -> Schedule:
    """Schedule ``rounds`` rounds for ``players`` (a count means players 1..n) with the fewest repeats,
    at tables of ``sizes`` (the preferred first; ``split_tables``).

    ``effort`` bounds the tabu search in evaluated swaps (None: no bound), which keeps the result a pure
    function of the arguments; ``time_limit`` (seconds) is an optional wall-clock cap for the whole call
    and makes the result machine-dependent when it is what stops the search (``Schedule.timed_out``).

    ``strengths`` (higher is stronger, None unranked): round 1 seats one player of each strength band at
    every table, as the ``seeded`` draw does, and the weakest sit out if it has byes. The schedule is only
    relabelled (``_by_strength``), so its repeats and their spread stay exactly what they were.
    """
    ids = list(range(1, players + 1)) if isinstance(players, int) else player_order(players)
    n = len(ids)
    if rounds < 0:
        raise ValueError("rounds cannot be negative")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    split = split_tables(n, sizes)
    rng = make_rng(seed, "balanced", n, rounds)
    byes = _bye_rotation(n, rounds, split.byes, rng)
    search = _TabuSearch(n, split.sizes, byes, [], rng)  # greedy rounds: often enough for few rounds
    source = "greedy"
    if search.cost > search.lower_bound:
        plan, construction = _construction(n, rounds, split.sizes if not split.byes else (), seed, deadline)
        if plan:
            relabel = list(range(n))
            rng.shuffle(relabel)
            start = [[[relabel[p] for p in table] for table in tables] for tables in plan[:rounds]]
            search, source = _TabuSearch(n, split.sizes, byes, start, rng), construction
    timed_out = False
    if search.cost > search.lower_bound and len(split.sizes) > 1:
        source += "+search"
        timed_out = search.run(effort, deadline)
    schedule = _spread(search.rounds_of_tables())
    meetings = rounds * sum(s * (s - 1) // 2 for s in split.sizes)
    if strengths is not None and schedule:
        ids = _by_strength(schedule[0], ids, strengths, make_rng(seed, "balanced-strength"))
    return Schedule(
        rounds=_seat(schedule, _byes_by_round(schedule, n), ids, seed),
        seed=seed,
        repeats=_repeats(schedule),
        lower_bound=max(0, meetings - n * (n - 1) // 2),
        source=source,
        timed_out=timed_out,
    )


def _by_strength(
    first: list[list[int]],
    ids: list[PlayerId],
    strengths: Mapping[PlayerId, float | None],
    rng: random.Random,
) -> list[PlayerId]:
    """The players for the schedule's places such that round 1's tables each get one of every band: the
    k-th place of every table (in table order) takes the k-th band of the ranked players, shuffled
    within the band; the places that sit out round 1 take the weakest."""
    order = list(ids)
    rng.shuffle(order)  # equal strengths (and the unranked) in random order
    order.sort(key=lambda p: (strengths.get(p) is None, -(strengths.get(p) or 0)))
    width = max((len(t) for t in first), default=0)
    places = [t[k] for k in range(width) for t in first if k < len(t)]
    seated = {p for t in first for p in t}
    places += [p for p in range(len(ids)) if p not in seated]
    bands: list[list[PlayerId]] = []
    start = 0
    for k in range(width):
        size = sum(1 for t in first if k < len(t))
        band = order[start : start + size]
        rng.shuffle(band)
        bands.append(band)
        start += size
    ranked = [p for band in bands for p in band] + order[start:]
    out: list[PlayerId] = list(ids)
    for place, player in zip(places, ranked, strict=True):
        out[place] = player
    return out


def _byes_by_round(schedule: list[list[list[int]]], n: int) -> list[list[int]]:
    out = []
    for tables in schedule:
        seated = {p for t in tables for p in t}
        out.append([p for p in range(n) if p not in seated])
    return out


def _bye_rotation(n: int, rounds: int, byes: int, rng: random.Random) -> list[list[int]]:
    """Byes go round a seeded random order, so they are spread as evenly as possible."""
    order = list(range(n))
    rng.shuffle(order)
    return [[order[(r * byes + j) % n] for j in range(byes)] for r in range(rounds)]


def _construction(
    n: int, rounds: int, sizes: Sequence[int], seed: Seed, deadline: float | None
) -> tuple[list[list[list[int]]], str]:
    """Repeat-free rounds from a construction: enough for ``rounds`` if one is found, else the most found."""
    if rounds == 0 or not sizes or any(s != 4 for s in sizes):
        return [], ""
    bound = max_rounds_without_repeats(n, (4,))
    target = min(rounds, bound)
    best: list[list[list[int]]] = []
    k = n.bit_length() - 1
    if n == 2**k and n >= 16:
        best = affine_rounds(k // 2) if k % 2 == 0 else binary_affine_rounds(k)
        if len(best) >= target:
            return best, "affine"
    # Widest first: the cyclic construction usually reaches the bound, and a truncated design is as good.
    fewer = range(target - 1, max(len(best), target - 4), -1)  # a few shorter starts for the tabu search
    tries_left = CONSTRUCTION_TRIES_TOTAL
    for w in [*range(bound, target - 1, -1), *fewer]:
        for m in cyclic_levels(n, w, sizes):
            tries = min(CONSTRUCTION_TRIES, tries_left)
            if tries == 0 or (deadline is not None and time.monotonic() > deadline):
                return best, "affine" if best else ""
            found = cyclic_rounds(
                n, w, m, sizes, seed, work_limit=CONSTRUCTION_WORK, tries=tries, deadline=deadline
            )
            if found is not None:
                return found, "cyclic"
            tries_left -= tries
    return best, "affine" if best else ""


class _TabuSearch:
    """The schedule as tables of player indices plus a flat meeting-count matrix ``count[a * n + b]``."""

    def __init__(
        self,
        n: int,
        sizes: Sequence[int],
        byes: list[list[int]],
        start: list[list[list[int]]],
        rng: random.Random,
    ) -> None:
        self.n, self.rng = n, rng
        self.count = [0] * (n * n)
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.cost = 0
        for r, sitting_out in enumerate(byes):
            tables = start[r] if r < len(start) else self._greedy_round(sizes, sitting_out)
            self._add_round([list(t) for t in tables])
        self.lower_bound = self._lower_bound(sizes, len(byes))
        self.best_cost = self.cost
        self.best = [[list(t) for t in tables] for tables in self.tables]

    def _add_round(self, tables: list[list[int]]) -> None:
        n, count = self.n, self.count
        where = [-1] * n
        for i, table in enumerate(tables):
            for a in table:
                where[a] = i
            for a, b in itertools.combinations(table, 2):
                self.cost += count[a * n + b]  # C(c + 1, 2) - C(c, 2) = c
                count[a * n + b] += 1
                count[b * n + a] += 1
        self.tables.append(tables)
        self.where.append(where)

    def _greedy_round(self, sizes: Sequence[int], sitting_out: list[int]) -> list[list[int]]:
        n, count, rng = self.n, self.count, self.rng
        out = set(sitting_out)
        pool = [p for p in range(n) if p not in out]
        rng.shuffle(pool)
        tables = []
        for size in sizes:
            table = [pool.pop()]
            while len(table) < size:
                window = range(max(0, len(pool) - 256), len(pool))
                pick = min(window, key=lambda i: sum(count[pool[i] * n + x] for x in table))
                pool[pick], pool[-1] = pool[-1], pool[pick]
                table.append(pool.pop())
            tables.append(table)
        return tables

    def _lower_bound(self, sizes: Sequence[int], rounds: int) -> int:
        """The smallest sum of C(meetings, 2) that counting allows: meetings spread as evenly as possible
        over the pairs, and, for each two rounds, their tables' intersections as even as possible (this
        counts the pairs meeting in both; it matters for fields smaller than the square of the tables)."""
        n = self.n
        pairs = n * (n - 1) // 2
        if pairs == 0 or rounds == 0 or not sizes:
            return 0
        meetings = rounds * sum(s * (s - 1) // 2 for s in sizes)
        q, r = divmod(meetings, pairs)
        spread = r * (q + 1) * q // 2 + (pairs - r) * q * (q - 1) // 2
        cells = len(sizes) ** 2
        q, r = divmod(sum(sizes), cells)
        two_rounds = r * (q + 1) * q // 2 + (cells - r) * q * (q - 1) // 2
        return max(spread, rounds * (rounds - 1) // 2 * two_rounds) if sum(sizes) == n else spread

    def run(self, effort: int | None, deadline: float | None) -> bool:
        """Improve until the lower bound, ``effort`` evaluated swaps or the deadline (then return True).

        Each step looks at a few random rounds that have a repeated pair and makes the best swap of a
        player who meets someone again with a player at another table of that round. A swap is tabu if
        it sends a player back to a table they left within the last few steps, unless it gives a new best.
        """
        n, rng, count, rounds = self.n, self.rng, self.count, len(self.tables)
        tabu: dict[tuple[int, int, int], int] = {}
        step = last_gain = evaluated = 0
        while self.best_cost > self.lower_bound and (effort is None or evaluated < effort):
            step += 1
            evaluated += 2 * rounds * n  # about the cost of finding the repeating players in every round
            if deadline is not None and time.monotonic() > deadline:
                return True
            if step - last_gain > STALL_STEPS_PER_PLAYER * n:
                self._perturb()
                tabu.clear()
                last_gain = step
            conflicted = [
                (r, players) for r in range(len(self.tables)) if (players := self._repeating_players(r))
            ]
            if len(conflicted) > ROUNDS_PER_STEP:
                conflicted = rng.sample(conflicted, ROUNDS_PER_STEP)
            best_delta, moves = None, []
            for r, players in conflicted:
                tables, where = self.tables[r], self.where[r]
                # home[p]: p's past meetings with its current table-mates (what p loses by moving away)
                home = [0] * n
                for table in tables:
                    for p in table:
                        pn = p * n
                        home[p] = sum(count[pn + x] for x in table if x != p)
                for a in players:
                    ta, an = where[a], a * n
                    others = [x for x in tables[ta] if x != a]
                    for tb, table in enumerate(tables):
                        if tb == ta:
                            continue
                        with_table = sum(count[an + y] for y in table)  # what a gains at b's table
                        fixed = with_table - home[a] + len(others) + len(table) - 1
                        for b in table:
                            bn = b * n
                            delta = fixed - count[an + b] - home[b]
                            for x in others:
                                delta += count[bn + x]
                            evaluated += 1
                            if best_delta is not None and delta > best_delta:
                                continue
                            if (tabu.get((r, a, tb), 0) > step or tabu.get((r, b, ta), 0) > step) and (
                                self.cost + delta >= self.best_cost
                            ):
                                continue
                            if best_delta is None or delta < best_delta:
                                best_delta, moves = delta, [(r, a, b)]
                            else:
                                moves.append((r, a, b))
            if not moves:
                continue
            r, a, b = rng.choice(moves)
            ta, tb = self.where[r][a], self.where[r][b]
            self._swap(r, a, b)
            tabu[r, a, ta] = step + rng.randint(*TABU_TENURE)
            tabu[r, b, tb] = step + rng.randint(*TABU_TENURE)
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                self.best = [[list(t) for t in tables] for tables in self.tables]
                last_gain = step
        return False

    def _repeating_players(self, r: int) -> list[int]:
        """Players of round ``r`` who share their table with someone they meet in another round too."""
        n, count, tables = self.n, self.count, self.tables[r]
        return sorted(
            {
                p
                for table in tables
                for a, b in itertools.combinations(table, 2)
                if count[a * n + b] > 1
                for p in (a, b)
            }
        )

    def _swap(self, r: int, a: int, b: int) -> None:
        n, count = self.n, self.count
        tables, where = self.tables[r], self.where[r]
        ta, tb = where[a], where[b]
        for x in tables[ta]:
            if x != a:
                self.cost += count[b * n + x] - count[a * n + x] + 1
                count[a * n + x] -= 1
                count[x * n + a] -= 1
                count[b * n + x] += 1
                count[x * n + b] += 1
        for y in tables[tb]:
            if y != b:
                self.cost += count[a * n + y] - count[b * n + y] + 1
                count[b * n + y] -= 1
                count[y * n + b] -= 1
                count[a * n + y] += 1
                count[y * n + a] += 1
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        where[a], where[b] = tb, ta

    def _perturb(self) -> None:
        """Back to the best schedule found, then a few random swaps to leave its basin."""
        self.count[:] = [0] * len(self.count)
        self.cost = 0
        best, self.tables, self.where = self.best, [], []
        for tables in best:
            self._add_round([list(t) for t in tables])
        rng = self.rng
        for _ in range(max(2, self.n // 8)):
            r = rng.randrange(len(self.tables))
            a, b = rng.sample([p for p in range(self.n) if self.where[r][p] >= 0], 2)
            if self.where[r][a] != self.where[r][b]:
                self._swap(r, a, b)

    def rounds_of_tables(self) -> list[list[list[int]]]:
        return [[sorted(t) for t in tables] for tables in self.best]


def _repeats(schedule: list[list[list[int]]]) -> int:
    seen: dict[tuple[int, int], int] = {}
    for tables in schedule:
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                seen[pair] = seen.get(pair, 0) + 1
    return sum(c - 1 for c in seen.values())


def _spread(schedule: list[list[list[int]]]) -> list[list[list[int]]]:
    """Reorder rounds so that repeated meetings are far apart: minimise the sum of 1/gap² over the
    consecutive meetings of each pair, by swapping two rounds while that helps."""
    meetings: dict[tuple[int, int], list[int]] = {}
    for r, tables in enumerate(schedule):
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                meetings.setdefault(pair, []).append(r)
    repeated = [rs for rs in meetings.values() if len(rs) > 1]
    if not repeated:
        return schedule

    def cost(position: list[int]) -> float:
        total = 0.0
        for rs in repeated:
            placed = sorted(position[r] for r in rs)
            total += sum(1.0 / (b - a) ** 2 for a, b in itertools.pairwise(placed))
        return total

    position = list(range(len(schedule)))
    current = cost(position)
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(schedule)), 2):
            position[i], position[j] = position[j], position[i]
            candidate = cost(position)
            if candidate < current - 1e-12:
                current, improved = candidate, True
            else:
                position[i], position[j] = position[j], position[i]
    order = sorted(range(len(schedule)), key=lambda r: position[r])
    return [schedule[r] for r in order]


def _seat(
    schedule: list[list[list[int]]], byes: list[list[int]], ids: list[PlayerId], seed: Seed
) -> tuple[RoundDraw, ...]:
    """Seat every round, balancing positions and first deals over the schedule."""
    rng = make_rng(seed, "balanced-seats")
    seat_counts: dict[PlayerId, dict[str, int]] = {p: {} for p in ids}
    dealer_counts: dict[PlayerId, int] = dict.fromkeys(ids, 0)
    out = []
    for tables, sitting_out in zip(schedule, byes, strict=True):
        drawn = []
        tables = [list(t) for t in tables]
        rng.shuffle(tables)
        for table in tables:
            seated = seat_table([ids[p] for p in table], rng, seat_counts, dealer_counts)
            for i, p in enumerate(seated.players):
                seat_counts[p][POSITIONS[i]] = seat_counts[p].get(POSITIONS[i], 0) + 1
            dealer_counts[seated.players[seated.first_dealer]] += 1
            drawn.append(seated)
        out.append(RoundDraw(tables=tuple(drawn), byes=tuple(ids[p] for p in sitting_out), seed=seed))
    return tuple(out)
