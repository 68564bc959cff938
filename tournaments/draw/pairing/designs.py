"""Constructions of schedules in which no two players meet twice (resolvable packings).

Players are the points ``0..n-1``; a round is a partition of them into tables. Three constructions:

* ``affine_rounds(k)``: the affine geometry AG(k, 4) over GF(4). Its 4**k points split into lines of 4,
  and the lines with one direction form a round; two points lie on exactly one line, so the
  (4**k - 1) / 3 directions give that many rounds in which every pair meets exactly once
  (16 players: 5 rounds, 64 players: 21).
* ``binary_affine_rounds(k)``: AG(k, 2), for 2**k players with odd k, where AG(k / 2, 4) does not
  exist: the cosets of pairwise disjoint 2-dimensional subspaces (32 players: 9 rounds).
* ``cyclic_rounds(...)``: a "1-rotational" style construction. The points are ``Z_w x {0..m-1}`` (m
  levels) plus a few fixed points; one *base round* is searched for and shifted by ``0..w-1`` (adding the
  shift to the ``Z_w`` part) to give ``w`` rounds. Shifting maps a pair to a pair with the same "orbit"
  (levels and difference), so the rounds have no repeated pair exactly when the base round uses each
  orbit at most once, never a pair fixed by some shift. The search also asks the base round to be
  invariant under ``(x, level) -> (mu * x, level + 1)``, which cuts it down to a few block classes. With
  3 levels and the budget ``balanced`` gives it, this finds the bound ``(n - 1) // 3`` within about a
  second for 16, 24, 28, 36, 40, 44, 48, 52 and 60 players and for some seeds for 56 (not for 32, and
  rarely beyond 64), and 5 rounds for 20 players in 4 levels (5 is the known maximum there).

Every construction is checked by ``is_repeat_free`` before it is returned, so a bug cannot produce a
schedule with repeats silently.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence

from tournaments.draw.pairing.tables import make_rng

Rounds = list[list[list[int]]]


class DesignError(AssertionError):
    """A construction produced something that is not a valid repeat-free schedule (a bug)."""


def is_repeat_free(n: int, rounds: Sequence[Sequence[Sequence[int]]], sizes: Sequence[int]) -> bool:
    """Whether every round seats ``0..n-1`` exactly once at tables of ``sizes`` and no pair meets twice."""
    seen: set[tuple[int, int]] = set()
    for tables in rounds:
        if sorted(len(t) for t in tables) != sorted(sizes):
            return False
        if sorted(p for t in tables for p in t) != list(range(n)):
            return False
        for table in tables:
            for pair in itertools.combinations(sorted(table), 2):
                if pair in seen:
                    return False
                seen.add(pair)
    return True


def _verified(n: int, rounds: Rounds, sizes: Sequence[int]) -> Rounds:
    if not is_repeat_free(n, rounds, sizes):
        raise DesignError(f"construction for {n} players is not a repeat-free schedule")
    return rounds


# GF(4) = {0, 1, w, w + 1} as 0..3: addition is XOR, multiplication by table.
_GF4_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def binary_affine_rounds(k: int, *, node_limit: int = 20_000) -> Rounds:
    """Rounds from AG(k, 2): 2**k players, a set of 2-dimensional subspaces of GF(2)**k that pairwise meet
    only in 0 (a partial line spread of PG(k - 1, 2)); the cosets of each subspace form one round.

    Two players x, y meet in the round of the subspace containing x XOR y, so no pair meets twice.
    A depth-first search aims at the known maximum, (2**k - 5) / 3 lines for odd k (32 players: 9
    rounds), and returns the largest spread it saw within ``node_limit`` steps.
    """
    n = 2**k
    target = (n - 1) // 3 if k % 2 == 0 else (n - 5) // 3
    covered = [False] * n
    lines: list[tuple[int, int]] = []
    best: list[tuple[int, int]] = []
    nodes = 0

    def extend(start: int) -> bool:
        nonlocal best, nodes
        if len(lines) > len(best):
            best = list(lines)
        nodes += 1
        if len(lines) == target or nodes > node_limit:
            return True
        for a in range(start, n):
            if covered[a]:
                continue
            for b in range(a + 1, n):
                c = a ^ b
                if c > b and not covered[b] and not covered[c]:
                    for v in (a, b, c):
                        covered[v] = True
                    lines.append((a, b))
                    done = extend(a + 1)
                    lines.pop()
                    for v in (a, b, c):
                        covered[v] = False
                    if done:
                        return True
        return False

    extend(1)
    rounds = []
    for a, b in best:
        cosets = {min(x, x ^ a, x ^ b, x ^ a ^ b): sorted((x, x ^ a, x ^ b, x ^ a ^ b)) for x in range(n)}
        rounds.append(list(cosets.values()))
    return _verified(n, rounds, [4] * (n // 4))


def affine_rounds(k: int) -> Rounds:
    """The parallel classes of AG(k, 4): 4**k players, (4**k - 1) / 3 rounds, every pair meets once."""
    points = list(itertools.product(range(4), repeat=k))
    index = {p: i for i, p in enumerate(points)}
    # One direction per projective point: the first non-zero coordinate is 1.
    directions = [d for d in points if any(d) and d[next(i for i, c in enumerate(d) if c)] == 1]
    rounds: Rounds = []
    for d in directions:
        lines, covered = [], set()
        for p in points:
            if p in covered:
                continue
            line = [tuple(a ^ _GF4_MUL[t][b] for a, b in zip(p, d, strict=True)) for t in range(4)]
            covered.update(line)
            lines.append(sorted(index[q] for q in line))
        rounds.append(lines)
    return _verified(4**k, rounds, [4] * 4 ** (k - 1))


class _OutOfWork(Exception):
    pass


class _BaseRoundSearch:
    """Depth-first search for a base round of the cyclic construction (see the module docstring).

    Point ``level * w + x`` is ``(x, level)``; points ``w * m ..`` are the fixed points. ``orbit[p][q]``
    is the orbit of the pair under the shifts, or -1 if the pair may never share a table.
    """

    def __init__(self, n: int, w: int, m: int, sizes: Sequence[int], mu: int) -> None:
        self.n, self.w, self.m, self.sizes = n, w, m, list(sizes)
        finite = w * m
        fixed = n - finite
        orbit_ids: dict[tuple[int, ...], int] = {}
        self.orbit = [[-1] * n for _ in range(n)]
        for p, q in itertools.permutations(range(n), 2):
            key = self._orbit_key(p, q, finite)
            if key is not None:
                self.orbit[p][q] = orbit_ids.setdefault(key, len(orbit_ids))
        self.orbits = len(orbit_ids)
        # The symmetry: rotate the levels and multiply by mu; fixed points are rotated in groups of m when
        # their number allows it, otherwise each stays put (its table is then one point per level).
        self.phi = [((p // w + 1) % m) * w + (mu * (p % w)) % w for p in range(finite)]
        cycled = fixed % m == 0
        for j in range(fixed):
            self.phi.append(finite + (j // m) * m + (j + 1) % m if cycled else finite + j)

    def _orbit_key(self, p: int, q: int, finite: int) -> tuple[int, ...] | None:
        w = self.w
        if p >= finite and q >= finite:
            return None  # two fixed points would meet in every round
        if p >= finite or q >= finite:
            fixed, other = (p, q) if p >= finite else (q, p)
            return (0, fixed, other // w)
        (lp, xp), (lq, xq) = divmod(p, w), divmod(q, w)
        if lp == lq:
            d, e = (xq - xp) % w, (xp - xq) % w
            if d == e:
                return None  # d == -d: the pair would come back after w / 2 shifts
            return (1, lp, min(d, e))
        if lp > lq:
            (lp, xp), (lq, xq) = (lq, xq), (lp, xp)
        return (2, lp, lq, (xq - xp) % w)

    def _block_class(self, block: Sequence[int]) -> list[tuple[int, ...]]:
        blocks = [tuple(sorted(block))]
        while True:
            image = tuple(sorted(self.phi[p] for p in blocks[-1]))
            if image == blocks[0]:
                return blocks
            blocks.append(image)

    def run(self, seed: object, work_limit: int) -> list[list[int]] | None:
        """A base round, or None when the search space is exhausted or ``work_limit`` candidate checks
        (a deterministic measure of time) are spent."""
        rng = make_rng(seed)
        n, orbit = self.n, self.orbit
        order = list(range(self.w * self.m, n)) + rng.sample(range(self.w * self.m), self.w * self.m)
        free = [True] * n
        used = [False] * self.orbits
        remaining = {s: self.sizes.count(s) for s in set(self.sizes)}
        blocks: list[list[int]] = []
        work = 0

        def grow(
            block: list[int], inner: set[int], candidates: list[int], start: int, size: int
        ) -> Iterator[list[int]]:
            nonlocal work
            if len(block) == size:
                yield list(block)
                return
            work += len(candidates) - start
            if work > work_limit:
                raise _OutOfWork
            for i in range(start, len(candidates)):
                q = candidates[i]
                new = []
                for x in block:
                    o = orbit[x][q]
                    if o < 0 or used[o] or o in inner or o in new:
                        break
                    new.append(o)
                else:
                    block.append(q)
                    yield from grow(block, inner.union(new), candidates, i + 1, size)
                    block.pop()

        def place() -> bool:
            p = next((x for x in order if free[x]), None)
            if p is None:
                return True
            candidates = [
                q for q in order if free[q] and q != p and orbit[p][q] >= 0 and not used[orbit[p][q]]
            ]
            rng.shuffle(candidates)
            for size in sorted(s for s, count in remaining.items() if count):
                for block in grow([p], set(), candidates, 0, size):
                    klass = self._block_class(block)
                    points = [q for b in klass for q in b]
                    if remaining[size] < len(klass) or len(set(points)) != len(points):
                        continue
                    if not all(free[q] for q in points):
                        continue
                    pair_orbits = [orbit[a][b] for b in klass for a, b in itertools.combinations(b, 2)]
                    if min(pair_orbits) < 0 or len(set(pair_orbits)) != len(pair_orbits):
                        continue
                    if any(used[o] for o in pair_orbits):
                        continue
                    for q in points:
                        free[q] = False
                    for o in pair_orbits:
                        used[o] = True
                    remaining[size] -= len(klass)
                    blocks.extend(list(b) for b in klass)
                    if place():
                        return True
                    del blocks[-len(klass) :]
                    remaining[size] += len(klass)
                    for q in points:
                        free[q] = True
                    for o in pair_orbits:
                        used[o] = False
            return False

        try:
            return blocks if place() else None
        except _OutOfWork:
            return None

    def develop(self, base: list[list[int]]) -> Rounds:
        w, finite = self.w, self.w * self.m
        return [
            [
                sorted(p if p >= finite else (p // w) * w + (p % w + shift) % w for p in block)
                for block in base
            ]
            for shift in range(w)
        ]


def cyclic_levels(n: int, w: int, sizes: Sequence[int]) -> list[int]:
    """The numbers of levels m worth trying for ``w`` shifts and tables of ``sizes``: 3 or 4 levels, and
    few enough fixed points that each can have its own table. Fixed points are rotated in groups of m
    when their number allows; otherwise each one's table must be one point per level plus itself."""
    return [m for m in (3, 4) if 0 <= n - w * m <= len(sizes) and ((n - w * m) % m == 0 or m + 1 in sizes)]


def cyclic_rounds(
    n: int,
    w: int,
    m: int,
    sizes: Sequence[int],
    seed: object,
    *,
    work_limit: int,
    tries: int,
    deadline: float | None = None,
) -> Rounds | None:
    """``w`` repeat-free rounds for ``n`` players from a searched base round, or None within the budget.

    Each try uses a fresh point order and one multiplier ``mu`` with ``mu**m == 1 (mod w)``; the search is
    deterministic for a given seed and budget. A ``deadline`` (``time.monotonic()``) stops between tries.
    """
    multipliers = [mu for mu in range(1, max(w, 2)) if math.gcd(mu, w) == 1 and pow(mu, m, w) == 1 % w]
    rng = make_rng(seed, "cyclic", n, w, m)
    searches: dict[int, _BaseRoundSearch] = {}
    for attempt in range(tries):
        if deadline is not None and time.monotonic() > deadline:
            return None
        mu = rng.choice(multipliers)
        search = searches.setdefault(mu, _BaseRoundSearch(n, w, m, sizes, mu))
        base = search.run((seed, n, w, m, attempt), work_limit)
        if base is not None:
            return _verified(n, search.develop(base), sizes)
    return None
