"""Does the rating measure skill? (issue 24 §3) Seasons of simulated players of hidden skill, and how well
the rating, the raw totals and the table points recover the hidden order after 1, 3 and 10 tournaments.

    python benchmarks/rating_study.py              # 60 players, 40 seasons, 3 scenarios (a few minutes)
    python benchmarks/rating_study.py --quick      # 24 players, 8 seasons

The generative model (documented here because it is a model, not the engine's play): each player has a hidden
skill s ~ N(0, 1). A tournament is 4 rounds at randomly drawn tables of 4, 16 deals a round. In each deal
every seat draws s·SKILL + N(0, 1) (luck outweighs skill in one deal: SKILL = 0.3) and the deal pays each
seat 5 × (its draw − the table's mean), rounded: zero-sum, as a hand's payments are. A table's game points
are the sum of its deals; its places follow them (ties shared) and pay 10-8-6-4 table points (2018 rules).

Three scenarios (``SCENARIOS``): everyone plays every tournament at randomly drawn tables (where summed points
are as good as any rating: everyone met the same field as often); uneven attendance (each tournament draws a
random half of the players, in multiples of 4: a season's totals then reward turning up, not skill); and
uneven attendance with a Swiss draw after round 1 (each later round seats the players in the order of their
game points in that tournament, four by four: the strong meet the strong, so their points say less, while
the rating knows whom each table held).

After T tournaments each method ranks the players: the rating (``tournaments.ratings.compute``, updated
from the places at every table, shown as its ordinal), the raw totals (game points over all tournaments)
and the table points; beside them the rating's mu alone (the skill estimate without the uncertainty's
discount, for comparison: the ranking shows the ordinal). Kendall's tau-b against the hidden skill, per
season; the figure is the mean over seasons with a 95% confidence interval (mean ± 1.96 standard errors).
An absent player's totals stay as they were, and a player never rated ranks at a newcomer's rating.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.ratings.compute import Rating, rate_round

SKILL = 0.3
ROUNDS, DEALS, TABLE = 4, 16, 4
TABLE_POINTS = (10, 8, 6, 4)
CHECKPOINTS = (1, 3, 10)


def kendall_tau(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Kendall's tau-b of two rankings (ties in either counted as neither concordant nor discordant)."""
    concordant = discordant = ties_x = ties_y = 0
    n = len(xs)
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denominator if denominator else 0.0


def play_table(players: Sequence[int], skill: Sequence[float], rng: random.Random) -> dict[int, int]:
    """A table's game points over one round's deals."""
    points = dict.fromkeys(players, 0)
    for _deal in range(DEALS):
        draws = {p: skill[p] * SKILL + rng.gauss(0, 1) for p in players}
        mean = sum(draws.values()) / len(draws)
        for p, draw in draws.items():
            points[p] += round(5 * (draw - mean))
    return points


def places(points: dict[int, int]) -> dict[int, float]:
    """Places by points, shared places averaged (two tied for 2nd both 2.5)."""
    ordered = sorted(points, key=lambda p: -points[p])
    out: dict[int, float] = {}
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and points[ordered[j + 1]] == points[ordered[i]]:
            j += 1
        for p in ordered[i : j + 1]:
            out[p] = (i + j) / 2 + 1
        i = j + 1
    return out


SCENARIOS = {
    "everyone, random tables": (1.0, False),
    "half attend, random tables": (0.5, False),
    "half attend, Swiss after round 1": (0.5, True),
}


def season(
    n: int, tournaments: int, seed: int, *, attendance: float = 1.0, swiss: bool = False
) -> dict[str, list[float]]:
    """One season: tau of each method after each checkpoint. ``attendance``: the share of the players
    each tournament draws (at random, in whole tables); ``swiss``: rounds after the first seat the
    players by their game points in the tournament so far."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(n)]
    ratings: dict[int, Rating] = {}
    totals = [0.0] * n
    table_points = [0.0] * n
    taus: dict[str, list[float]] = {"rating": [], "raw totals": [], "table points": [], "rating μ": []}
    for number in range(1, tournaments + 1):
        field = rng.sample(range(n), max(TABLE, round(n * attendance / TABLE) * TABLE))
        today = dict.fromkeys(field, 0)
        for round_number in range(ROUNDS):
            order = list(field)
            rng.shuffle(order)
            if swiss and round_number > 0:
                order.sort(key=lambda p: -today[p])  # stable: ties stay in random order
            tables = []
            for t in range(0, len(order), TABLE):
                seated = order[t : t + TABLE]
                points = play_table(seated, skill, rng)
                ranked = places(points)
                for p in seated:
                    totals[p] += points[p]
                    today[p] += points[p]
                    low, high = math.floor(ranked[p]) - 1, math.ceil(ranked[p]) - 1
                    table_points[p] += (TABLE_POINTS[low] + TABLE_POINTS[high]) / 2
                tables.append([(p, ranked[p]) for p in seated])
            ratings = rate_round(ratings, tables)
        if number in CHECKPOINTS:
            shown = [ratings[p].ordinal if p in ratings else 0.0 for p in range(n)]
            taus["rating"].append(kendall_tau(shown, skill))
            taus["raw totals"].append(kendall_tau(totals, skill))
            taus["table points"].append(kendall_tau(table_points, skill))
            taus["rating μ"].append(
                kendall_tau([ratings[p].mu if p in ratings else 25.0 for p in range(n)], skill)
            )
    return taus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seasons", type=int, default=None)
    args = parser.parse_args()
    n = args.players or (24 if args.quick else 60)
    seasons = args.seasons or (8 if args.quick else 40)
    started = time.perf_counter()
    print(f"{n} players of hidden skill, {seasons} seasons; Kendall's tau-b with the hidden order (95% CI)")
    print()
    for scenario, (attendance, swiss) in SCENARIOS.items():
        runs = [
            season(n, max(CHECKPOINTS), seed, attendance=attendance, swiss=swiss) for seed in range(seasons)
        ]
        print(f"| {scenario} | " + " | ".join(runs[0]) + " |")
        print("|---|" + "---|" * len(runs[0]))
        for k, checkpoint in enumerate(CHECKPOINTS):
            cells = []
            for name in runs[0]:
                values = [run[name][k] for run in runs]
                mean = statistics.fmean(values)
                half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
                cells.append(f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}]")
            print(f"| after {checkpoint} | " + " | ".join(cells) + " |")
        print()
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
