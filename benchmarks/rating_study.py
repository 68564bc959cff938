"""Does the rating measure skill? (issue 24 §3, issue 32 §4) Seasons of simulated players of hidden skill,
and how well the rating and the rankings a club could publish instead recover the hidden order.

    python benchmarks/rating_study.py              # 60 players, 10 tournaments, 200 seasons (a few minutes)
    python benchmarks/rating_study.py --quick      # 24 players, 6 seasons: a smoke test (seconds)

The generative model (a model, not the engine's play): each player has a hidden skill s ~ N(0, 1). A
tournament is 4 rounds at randomly drawn tables of 4, 16 deals a round. A table's game points are the sum
of its deals, its places follow them (ties shared) and pay 10-8-6-4 table points (2018 rules); the
tournament ranks by table points, then game points. Three hand models (``HANDS``), each zero-sum:

* ``normal``: every seat draws s·SKILL + N(0, 1) (luck outweighs skill in one deal: SKILL = 0.3) and the
  deal pays each seat 5 × (its draw − the table's mean), rounded;
* ``heavy``: the same with Student-t luck of 3 degrees of freedom (scaled to variance 1): rare deals pay
  many times the usual;
* ``solos``: one deal in 8 is a solo: a random seat plays alone against the others, wins when its
  s·SKILL + N(0, 1) is positive, and is paid (or pays) 40 by every other seat, ten times a normal deal's
  typical payment; the other deals are ``normal``.

Two attendances: everyone plays every tournament, or each tournament draws a random half of the players
(in whole tables): a season's sums then also count who came.

After the season's tournaments each method ranks the players:

* ``rating``: this project's rating (``tournaments.ratings.compute``, margins and opponents), ranked by its
  ordinal mu − 3·sigma as published; ``rating μ``: the same without the uncertainty's discount;
* ``place-only rating``: the rating it replaced (openskill's Plackett–Luce on the table places, ordinal);
* ``game points``: the game points summed over the season; ``table points``: the table points summed;
  ``average place``: the mean place at the tables played (the lower the better);
* the cup presets, summed over the season from each tournament's places: ``points per place`` (a fixed
  table, ``POINTS_PER_PLACE``: 223, 198, 180, 168 as issue 32 quotes a cup's table, then a stand-in that
  falls more slowly, as such tables do) and ``Tirol`` (round(200·((N − place)/(N − 1))³) for place
  among N). Both are implemented here, not imported: the series' presets are a package of their own.

Two measures, each a mean over seasons with a 95 % confidence interval (mean ± 1.96 standard errors):
Kendall's tau-b between the method's order and the hidden skill; and the **head-to-head share**, as the
Elo-MMR paper reports it (Ebtekar & Liu 2021, "pair inversion"): after the season, ``HOLDOUT`` more
tournaments that everyone plays, and among every two players who met at a table and did not tie there,
the share whose order the method predicted (a tie in the method counts half). ``hidden skill`` is that
share for the true order: the ceiling the cards leave. A player never seen ranks as a newcomer, with
zero sums and an average place.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from openskill.models import PlackettLuce

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.ratings.compute import Rating, Seat, new_rating, rate_tournament

SKILL = 0.3
ROUNDS, DEALS, TABLE = 4, 16, 4
TABLE_POINTS = (10, 8, 6, 4)
HOLDOUT = 3
SOLO_SHARE, SOLO_PAYS = 1 / 8, 40
POINTS_PER_PLACE = (223, 198, 180, 168, 159, 151, 144, 138, 133, 129)  # then one fewer a place, at least 1

Deal = Callable[[Sequence[int], Sequence[float], random.Random], dict[int, int]]


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


def _pays(draws: dict[int, float]) -> dict[int, int]:
    mean = sum(draws.values()) / len(draws)
    return {p: round(5 * (draw - mean)) for p, draw in draws.items()}


def normal_deal(players: Sequence[int], skill: Sequence[float], rng: random.Random) -> dict[int, int]:
    return _pays({p: skill[p] * SKILL + rng.gauss(0, 1) for p in players})


def heavy_deal(players: Sequence[int], skill: Sequence[float], rng: random.Random) -> dict[int, int]:
    """Student-t luck, 3 degrees of freedom, variance 1: t = z / sqrt(chi²₃ / 3), divided by sqrt(3)."""
    return _pays(
        {p: skill[p] * SKILL + rng.gauss(0, 1) / math.sqrt(rng.gammavariate(1.5, 2)) for p in players}
    )


def solo_deal(players: Sequence[int], skill: Sequence[float], rng: random.Random) -> dict[int, int]:
    if rng.random() >= SOLO_SHARE:
        return normal_deal(players, skill, rng)
    alone = rng.choice(players)
    sign = 1 if skill[alone] * SKILL + rng.gauss(0, 1) > 0 else -1
    return {p: sign * SOLO_PAYS * (len(players) - 1) if p == alone else -sign * SOLO_PAYS for p in players}


HANDS: dict[str, Deal] = {"normal": normal_deal, "heavy": heavy_deal, "solos": solo_deal}
ATTENDANCE = {"everyone": 1.0, "half": 0.5}


def play_table(
    players: Sequence[int], skill: Sequence[float], rng: random.Random, deal: Deal
) -> dict[int, int]:
    """A table's game points over one round's deals."""
    points = dict.fromkeys(players, 0)
    for _deal in range(DEALS):
        for p, paid in deal(players, skill, rng).items():
            points[p] += paid
    return points


def places(points: dict[int, float]) -> dict[int, float]:
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


def table_points(place: float) -> float:
    low, high = math.floor(place) - 1, math.ceil(place) - 1
    return (TABLE_POINTS[low] + TABLE_POINTS[high]) / 2


def points_per_place(place: float, _field: int) -> float:
    """The fixed table of cup points (shared places share the mean of theirs)."""

    def at(k: int) -> int:
        return (
            POINTS_PER_PLACE[k - 1] if k <= len(POINTS_PER_PLACE) else max(1, POINTS_PER_PLACE[-1] - (k - 10))
        )

    return (at(math.floor(place)) + at(math.ceil(place))) / 2


def tirol(place: float, field: int) -> float:
    """The Tiroler Tarockcup's formula: round(200·((N − place)/(N − 1))³)."""
    return round(200 * ((field - place) / (field - 1)) ** 3) if field > 1 else 200


class PlaceOnly:
    """The rating this project had before issue 32 §4: openskill's Plackett–Luce on the table places, each
    round's tables rated as free-for-alls, ranked by mu − 3·sigma."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[int, tuple[float, float]] = {}

    def rate_round(self, tables: Sequence[Sequence[tuple[int, float]]]) -> None:
        fresh = self.model.rating()
        for table in tables:
            teams = [
                [self.model.rating(*self.ratings.get(p, (fresh.mu, fresh.sigma)))] for p, _place in table
            ]
            rated = self.model.rate(teams, ranks=[place for _p, place in table])
            for (p, _place), (after,) in zip(table, rated, strict=True):
                self.ratings[p] = (after.mu, after.sigma)

    def ordinal(self, p: int) -> float:
        mu, sigma = self.ratings.get(p, (25.0, 25 / 3))
        return mu - 3 * sigma


def play_tournament(
    field: Sequence[int], skill: Sequence[float], rng: random.Random, deal: Deal
) -> list[list[dict[int, int]]]:
    """A tournament at randomly drawn tables of 4: each round's tables as their game points."""
    rounds = []
    for _round in range(ROUNDS):
        order = list(field)
        rng.shuffle(order)
        rounds.append(
            [play_table(order[t : t + TABLE], skill, rng, deal) for t in range(0, len(order), TABLE)]
        )
    return rounds


METHODS = (
    "rating",
    "rating μ",
    "place-only rating",
    "game points",
    "table points",
    "average place",
    "points per place",
    "Tirol",
)


def season(
    n: int,
    tournaments: int,
    seed: int,
    *,
    attendance: float = 1.0,
    hands: str = "normal",
    checkpoints: Sequence[int] = (),
) -> dict[str, dict[str, list[float]]]:
    """One season: {"tau": {method: [tau after each checkpoint…, after the season]}, "h2h": {method:
    [share]}} (``hidden skill`` too in "h2h"). ``attendance``: the share of the players each tournament
    draws (at random, in whole tables)."""
    rng = random.Random(seed)
    deal = HANDS[hands]
    skill = [rng.gauss(0, 1) for _ in range(n)]
    ratings: dict[int, Rating] = {}
    old = PlaceOnly()
    sums = {name: [0.0] * n for name in ("game points", "table points", "points per place", "Tirol")}
    place_sum, tables_played = [0.0] * n, [0] * n

    def values() -> dict[str, list[float]]:
        fresh = new_rating()
        return {
            "rating": [ratings.get(p, fresh).ordinal for p in range(n)],
            "rating μ": [ratings.get(p, fresh).mu for p in range(n)],
            "place-only rating": [old.ordinal(p) for p in range(n)],
            **{name: list(column) for name, column in sums.items()},
            "average place": [
                -(place_sum[p] / tables_played[p]) if tables_played[p] else -2.5 for p in range(n)
            ],
        }

    taus: dict[str, list[float]] = {name: [] for name in METHODS}
    for number in range(1, tournaments + 1):
        field = rng.sample(range(n), max(TABLE, round(n * attendance / TABLE) * TABLE))
        played = play_tournament(field, skill, rng, deal)
        rounds, today_tp, today_gp = [], dict.fromkeys(field, 0.0), dict.fromkeys(field, 0)
        for tables in played:
            old_tables, seats = [], []
            for points in tables:
                ranked = places(points)
                for p, gp in points.items():
                    sums["game points"][p] += gp
                    sums["table points"][p] += table_points(ranked[p])
                    today_tp[p] += table_points(ranked[p])
                    today_gp[p] += gp
                    place_sum[p] += ranked[p]
                    tables_played[p] += 1
                old_tables.append([(p, ranked[p]) for p in points])
                seats.append([Seat(p, ranked[p], points[p], DEALS) for p in points])
            old.rate_round(old_tables)
            rounds.append(seats)
        ratings = rate_tournament(ratings, rounds)
        final = places({p: today_tp[p] * 1e6 + today_gp[p] for p in field})  # table points, then game points
        for p, place in final.items():
            sums["points per place"][p] += points_per_place(place, len(field))
            sums["Tirol"][p] += tirol(place, len(field))
        if number in checkpoints:
            for name, column in values().items():
                taus[name].append(kendall_tau(column, skill))
    shown = values()
    for name, column in shown.items():
        taus[name].append(kendall_tau(column, skill))
    shown["hidden skill"] = skill
    right = dict.fromkeys(shown, 0.0)
    pairs = 0
    for _holdout in range(HOLDOUT):
        for tables in play_tournament(range(n), skill, rng, deal):
            for points in tables:
                seated = list(points)
                for a in range(len(seated)):
                    for b in range(a + 1, len(seated)):
                        i, j = seated[a], seated[b]
                        if points[i] == points[j]:
                            continue
                        if points[i] < points[j]:
                            i, j = j, i  # i won
                        pairs += 1
                        for name, column in shown.items():
                            right[name] += (
                                1.0 if column[i] > column[j] else 0.5 if column[i] == column[j] else 0.0
                            )
    return {"tau": taus, "h2h": {name: [right[name] / pairs] for name in shown}}


def interval(values: Sequence[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="24 players, 6 seasons: a smoke test")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seasons", type=int, default=None)
    parser.add_argument("--tournaments", type=int, default=10)
    parser.add_argument("--hands", choices=sorted(HANDS), action="append", help="a hand model (repeatable)")
    args = parser.parse_args()
    n = args.players or (24 if args.quick else 60)
    seasons = args.seasons or (6 if args.quick else 200)
    started = time.perf_counter()
    print(
        f"{n} players of hidden skill, seasons of {args.tournaments} tournaments (4 rounds at tables of 4, "
        f"{DEALS} deals), {seasons} seasons; mean [95% CI]"
    )
    print("tau: Kendall's tau-b with the hidden order after the season; h2h: the share of the next "
          f"{HOLDOUT} tournaments' meetings at a table whose order the ranking predicted")  # fmt: skip
    for hands in args.hands or list(HANDS):
        runs = {
            label: [
                season(n, args.tournaments, 1000 * k + seed, attendance=share, hands=hands)
                for seed in range(seasons)
            ]
            for k, (label, share) in enumerate(ATTENDANCE.items())
        }
        print()
        print(f"hands: {hands}")
        print()
        print("| method | tau, everyone | tau, half attend | h2h, everyone | h2h, half attend |")
        print("|---|---|---|---|---|")
        for name in [*METHODS, "hidden skill"]:
            cells = []
            for measure in ("tau", "h2h"):
                for label in ATTENDANCE:
                    if name not in runs[label][0][measure]:
                        cells.append("")
                        continue
                    cells.append(interval([run[measure][name][-1] for run in runs[label]]))
            print(f"| {name} | " + " | ".join(cells) + " |")
    print()
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
