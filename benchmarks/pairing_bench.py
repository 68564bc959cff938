"""Pairing benchmark (pure Python, no database): swiss speed and repeats, balanced rounds without repeats.

    python benchmarks/pairing_bench.py            # full run: 60 s per balanced field (about 10 minutes)
    python benchmarks/pairing_bench.py --quick    # smoke test: small budgets, a few seconds
    python benchmarks/pairing_bench.py --sizes-only 7   # the table sizes' report alone, every 7th field

Swiss: for 100, 1,000 and 10,000 players, 8 rounds with synthetic results (each table's places, and so
10-8-6-4(-4) points, in random order); prints the mean and slowest seconds per round and the repeated
pairs after the 8 rounds (meetings beyond a pair's first). Targets: 1,000 players < 1 s, 10,000 < 15 s.

Balanced: for each field, the largest R (searched upwards from 1) for which ``balanced_schedule`` finds
a schedule with no repeated pair, each attempt capped by the time limit and all attempts for one field
by the per-field limit, beside the counting bound ⌊(n - 1) / 3⌋ and the best known value.

Table sizes: for fields of 9 to 200 players (every field; --quick: every 23rd), a balanced schedule of
7 rounds and 7 swiss rounds (no scores) at tables of 3, 3/4, 5/6 beside today's 4/5: the share of
rounds in which nobody meets anyone a second time (a round counts as repeat-free when every pair at its
tables is new to the schedule so far) and the seconds per round, by field size. Small fields cannot
have 7 repeat-free rounds (the counting bound is printed per band); the 4/5 column is the reference.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.draw.pairing import (
    balanced_schedule,
    max_rounds_without_repeats,
    repeated_pairs,
    swiss_draw,
)

SIZE_SETS = [(4, 5), (3,), (3, 4), (5, 6)]  # today's 4/5 first: the reference column
SIZE_ROUNDS = 7
BANDS = [(9, 20), (21, 50), (51, 100), (101, 200)]

# Largest known number of rounds without a repeated pair (social golfer problem, groups of 4). For 48 I know
# of no published value: 15 is the counting bound, and this code's cyclic construction reaches it.
BEST_KNOWN = {16: "5", 20: "5", 24: "7", 28: "9", 32: "10", 40: "13", 48: "15*", 64: "21"}


def swiss_run(n: int, rounds: int, seed: int) -> tuple[list[float], int]:
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    scores = dict.fromkeys(players, 0.0)
    history: list[list[list[int]]] = []
    seconds = []
    for number in range(rounds):
        started = time.perf_counter()
        draw = swiss_draw(players, f"bench-{seed}-{number}", scores=scores, history=history)
        seconds.append(time.perf_counter() - started)
        history.append(draw.groups())
        for table in draw.tables:
            for player, points in zip(
                table.players,
                rng.sample([10, 8, 6, 4, 4][: len(table.players)], len(table.players)),
                strict=True,
            ):
                scores[player] += points
    return seconds, repeated_pairs(history)


def balanced_max(n: int, attempt_limit: float, field_limit: float) -> tuple[int, float]:
    """Largest R with a repeat-free schedule found, trying R = 1, 2, ... until one fails or time is up."""
    started = time.perf_counter()
    best = 0
    for rounds in range(1, max_rounds_without_repeats(n) + 1):
        left = field_limit - (time.perf_counter() - started)
        if left <= 0:
            break
        schedule = balanced_schedule(
            n, rounds, f"bench-{n}", effort=None, time_limit=min(attempt_limit, left)
        )
        if schedule.repeats:
            break
        best = rounds
    return best, time.perf_counter() - started


def repeat_free_rounds(rounds: list[list[list[int]]]) -> int:
    """Rounds in which every pair at every table meets for the first time in the schedule so far."""
    met: set[tuple[int, int]] = set()
    free = 0
    for tables in rounds:
        pairs = {(a, b) for t in tables for a in t for b in t if a < b}
        free += not pairs & met
        met |= pairs
    return free


def sizes_run(n: int, sizes: tuple[int, ...], method: str) -> tuple[int, float]:
    """Repeat-free rounds among ``SIZE_ROUNDS`` and the seconds they took."""
    started = time.perf_counter()
    if method == "balanced":
        rounds = [d.groups() for d in balanced_schedule(n, SIZE_ROUNDS, f"bench-{n}", sizes=sizes).rounds]
    else:
        rounds = []
        for number in range(SIZE_ROUNDS):
            rounds.append(swiss_draw(range(n), f"bench-{n}-{number}", history=rounds, sizes=sizes).groups())
    return repeat_free_rounds(rounds), time.perf_counter() - started


def sizes_report(fields: list[int]) -> None:
    label = {(4, 5): "4/5 today", (3,): "3", (3, 4): "3/4", (5, 6): "5/6"}
    for method in ("balanced", "swiss"):
        print(f"{method} at other table sizes: share of repeat-free rounds among {SIZE_ROUNDS}, s per round")
        print("  players   " + "".join(f"{label[s]:>22}" for s in SIZE_SETS))
        for low, high in BANDS:
            band = [n for n in fields if low <= n <= high]
            if not band:
                continue
            cells = []
            for sizes in SIZE_SETS:
                runs = [sizes_run(n, sizes, method) for n in band]
                share = sum(free for free, _ in runs) / (SIZE_ROUNDS * len(band))
                per_round = [spent / SIZE_ROUNDS for _, spent in runs]
                bound = min(max_rounds_without_repeats(n, sizes) for n in band)
                mean = sum(per_round) / len(per_round)
                cells.append(f"{share:>6.0%} (bd {bound:>2}) {mean:.2f}/{max(per_round):.2f}")
            print(f"  {low:>3}-{high:<3}   " + "".join(f"{c:>22}" for c in cells))
    print("  (bd: the smallest counting bound on repeat-free rounds in the band; s: mean/slowest per round)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small fields and budgets, for a smoke test")
    parser.add_argument(
        "--sizes-only", type=int, metavar="STEP", help="only the table sizes' report, every STEP-th field"
    )
    args = parser.parse_args()
    if args.sizes_only:
        sizes_report(list(range(9, 201, args.sizes_only)))
        return
    swiss_fields = [100, 1000] if args.quick else [100, 1000, 10000]
    rounds = 3 if args.quick else 8
    print(f"swiss: {rounds} rounds with random table results")
    for n in swiss_fields:
        seconds, repeats = swiss_run(n, rounds, seed=n)
        target = {1000: " (target < 1 s)", 10000: " (target < 15 s)"}.get(n, "")
        print(
            f"  {n:>6} players: {sum(seconds) / len(seconds):.3f} s per round, slowest {max(seconds):.3f} s"
            f"{target}; repeated pairs after {rounds} rounds: {repeats}"
        )

    attempt_limit, field_limit = (2.0, 5.0) if args.quick else (60.0, 60.0)
    fields = [16, 20, 24, 28] if args.quick else [16, 20, 24, 28, 32, 40, 48, 64]
    print(f"balanced: most rounds without a repeated pair, within {field_limit:g} s per field")
    print("  players  found  bound  best known  seconds")
    for n in fields:
        found, spent = balanced_max(n, attempt_limit, field_limit)
        print(f"  {n:>7}  {found:>5}  {max_rounds_without_repeats(n):>5}  {BEST_KNOWN[n]:>10}  {spent:>7.1f}")
    if 48 in fields:
        print("  * 48: no published value known to me; 15 is the bound, reached by the cyclic construction")

    sizes_report(list(range(9, 201, 23)) if args.quick else list(range(9, 201)))


if __name__ == "__main__":
    main()
