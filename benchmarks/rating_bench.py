"""The rating update after a 200-player tournament (issue 24 §6: target < 1 s), the public ranking's
first page among 20,000 rated players (target < 200 ms cold), and a whole season rebuilt: 500 tournaments
of 200 players drawn from 20,000 (issue 32 §4: target < 30 s).

Two finished 4-round tournaments of 200 players (50 tables of 4 each round, random places) are rated one
after the other: the first meets 200 newcomers (every rating row inserted), the second 200 rated players
(every row locked and updated). Each is timed as ``ratings_update`` runs it: the check that the standings
are current, the game's lock, one read of the table places, the ratings, and the bulk writes.

    .venv/bin/python benchmarks/rating_bench.py [--repeat 3] [--ranking 20000] [--season-db]

The season (4 rounds at 50 tables of 4 each, random zero-sum game points over 16 hands, so 400,000 table
results) is rebuilt in memory through the services' own path (``_Apply``: the ratings read, rated and
turned into the rows a rebuild writes, without the database), and with ``--season-db`` through
``ratings_rebuild`` itself on the database (its rows written in bulk first, which takes a while).

On a temporary SQLite file by default; ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db>`` runs it on
PostgreSQL (an empty database you created; the bench migrates it and leaves its rows).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--ranking", type=int, default=20_000, help="rated players for the ranking's timing")
    parser.add_argument("--season-tournaments", type=int, default=500, help="0: no season rebuild")
    parser.add_argument("--season-players", type=int, default=20_000)
    parser.add_argument("--season-field", type=int, default=200, help="players per tournament")
    parser.add_argument(
        "--season-db", action="store_true", help="also rebuild the season with ratings_rebuild"
    )
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/rating_bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from tournaments.core.audit import Actor, acting_as
    from tournaments.draw.models import Round, Table
    from tournaments.organizing.models import Tournament
    from tournaments.participants.models import Player
    from tournaments.ratings.models import PlayerRating
    from tournaments.ratings.selectors import ranking
    from tournaments.ratings.services import ratings_update
    from tournaments.standings.models import StandingsState, TableResult

    call_command("migrate", verbosity=0)
    acting = acting_as(Actor(system="rating bench"))
    acting.__enter__()  # every row the set-up writes names the bench
    rng = random.Random(24)
    stamp = int(time.time())

    def tournament(players: list[Player], n: int) -> Tournament:
        t = Tournament.objects.create(
            name=f"Bench {stamp} {n}",
            slug=f"rating-bench-{stamp}-{n}",
            starts_on=date(2026, 1, 1) + timedelta(days=n),
            game="bench",
            rules_preset="bench",
            status=Tournament.Status.FINISHED,
            finished_at=timezone.now(),
        )
        rows = []
        for number in range(1, 5):
            round_ = Round.objects.create(tournament=t, number=number, status="closed", seed="b")
            order = players[:]
            rng.shuffle(order)
            count = len(order) // 4
            tables = Table.objects.bulk_create([Table(round=round_, number=i + 1) for i in range(count)])
            for i, table in enumerate(tables):
                for place, p in enumerate(order[4 * i : 4 * i + 4], start=1):
                    rows.append(TableResult(table=table, round=round_, player=p, place=place))
        TableResult.objects.bulk_create(rows, batch_size=1000)
        StandingsState.objects.create(tournament=t, computed_at=timezone.now())
        return t

    n = args.players
    print(f"database: {connection.vendor}; {n} players, 4 rounds of {n // 4} tables of 4")
    new, known = [], []
    for r in range(args.repeat):
        players = Player.objects.bulk_create([Player(name=f"B{r} {i:04d}") for i in range(args.players)])
        first, second = tournament(players, 2 * r), tournament(players, 2 * r + 1)
        for t, out in ((first, new), (second, known)):
            started = time.perf_counter()
            run = ratings_update(t)
            out.append(time.perf_counter() - started)
            assert run is not None
            assert run.players == args.players
    print(f"ratings_update, {args.players} newcomers: median {statistics.median(new) * 1000:.0f} ms, "
          f"best {min(new) * 1000:.0f} ms")  # fmt: skip
    print(f"ratings_update, {args.players} rated players: median {statistics.median(known) * 1000:.0f} ms, "
          f"best {min(known) * 1000:.0f} ms (target < 1000 ms)")  # fmt: skip

    if args.ranking:
        players = Player.objects.bulk_create(
            [Player(name=f"R {i:05d}") for i in range(args.ranking)], batch_size=2000
        )
        PlayerRating.objects.bulk_create(
            [
                PlayerRating(player=p, game="ranked", mu=mu, sigma=s, ordinal=mu - 3 * s, tournaments=3)
                for p in players
                for mu, s in [(rng.gauss(25, 4), rng.uniform(1.5, 8))]
            ],
            batch_size=2000,
        )
        times = []
        for _ in range(args.repeat):
            connection.close()  # a cold connection each time
            started = time.perf_counter()
            page = ranking("ranked", page=1)
            list(page.rows)
            times.append(time.perf_counter() - started)
        median, best = statistics.median(times) * 1000, min(times) * 1000
        print(f"ranking page 1 of {args.ranking} rated players: median {median:.0f} ms, best {best:.0f} ms "
              "(target < 200 ms cold; the page adds its template)")  # fmt: skip

    if args.season_tournaments:
        season(args, rng, stamp)


def season_results(
    args: argparse.Namespace, rng: random.Random
) -> list[list[list[list[tuple[int, int, int]]]]]:
    """The season's tournaments: rounds of tables of (player number, place, game points)."""
    out = []
    for _t in range(args.season_tournaments):
        field = rng.sample(range(args.season_players), args.season_field)
        rounds = []
        for _r in range(4):
            rng.shuffle(field)
            tables = []
            for k in range(0, len(field) - 3, 4):
                points = [rng.randint(-60, 60) for _ in range(3)]
                points.append(-sum(points))
                order = sorted(range(4), key=lambda i, points=points: -points[i])
                tables.append([(field[k + i], order.index(i) + 1, points[i]) for i in range(4)])
            rounds.append(tables)
        out.append(rounds)
    return out


def season(args: argparse.Namespace, rng: random.Random, stamp: int) -> None:
    from django.db import connection
    from django.utils import timezone

    from tournaments.draw.models import Round, Table
    from tournaments.organizing.models import Tournament
    from tournaments.participants.models import Player
    from tournaments.ratings.compute import Seat
    from tournaments.ratings.services import _Apply, ratings_rebuild
    from tournaments.standings.models import TableResult

    results = season_results(args, rng)
    seats = sum(len(table) for rounds in results for tables in rounds for table in tables)
    print(
        f"season: {args.season_tournaments} tournaments of {args.season_field} players drawn from "
        f"{args.season_players}, {seats} table results"
    )
    tournaments = [Tournament(name=f"Season {stamp} {n}", game="season") for n in range(len(results))]
    rounds = [
        [[[Seat(p, place, points, 16) for p, place, points in table] for table in tables] for tables in t]
        for t in results
    ]
    started = time.perf_counter()
    state = _Apply("season", [], 0)
    for tournament, tables in zip(tournaments, rounds, strict=True):
        state.apply(tournament, tables)
    elapsed = time.perf_counter() - started
    rated = len(state.rows)
    changes = sum(len(c) for _run, c in state.runs)
    print(f"season rebuilt in memory (the services' path, no database): {elapsed:.1f} s for {rated} players, "
          f"{changes} rating changes (target < 30 s)")  # fmt: skip
    if not args.season_db:
        return

    started = time.perf_counter()
    players = Player.objects.bulk_create(
        [Player(name=f"S{stamp} {i:05d}") for i in range(args.season_players)], batch_size=2000
    )
    now = timezone.now()
    made = Tournament.objects.bulk_create(
        [
            Tournament(
                name=f"Season {stamp} {n}",
                slug=f"rating-season-{stamp}-{n}",
                starts_on=date(2026, 1, 1) + timedelta(days=n % 365),
                game="season",
                rules_preset="bench",
                status=Tournament.Status.FINISHED,
                finished_at=now + timedelta(minutes=n),
            )
            for n in range(len(results))
        ],
        batch_size=500,
    )
    made_rounds = Round.objects.bulk_create(
        [
            Round(tournament=t, number=number, status="closed", seed="s")
            for t in made
            for number in range(1, 5)
        ],
        batch_size=2000,
    )
    every_round = [tables for t in results for tables in t]  # in the order of made_rounds
    made_tables = Table.objects.bulk_create(
        [
            Table(round=round_, number=i + 1)
            for round_, tables in zip(made_rounds, every_round, strict=True)
            for i in range(len(tables))
        ],
        batch_size=5000,
    )
    rows = []
    next_table = iter(made_tables)
    for round_, tables in zip(made_rounds, every_round, strict=True):
        for seated in tables:
            table = next(next_table)
            rows += [
                TableResult(
                    table=table,
                    round=round_,
                    player=players[p],
                    place=place,
                    game_points=points,
                    hands_played=16,
                )
                for p, place, points in seated
            ]
    TableResult.objects.bulk_create(rows, batch_size=5000)
    print(f"season written to {connection.vendor}: {time.perf_counter() - started:.0f} s")
    started = time.perf_counter()
    rebuilt = ratings_rebuild("season")
    print(f"ratings_rebuild('season') on {connection.vendor}: {time.perf_counter() - started:.1f} s "
          f"({rebuilt} tournaments; reads, rates and writes in one transaction)")  # fmt: skip


if __name__ == "__main__":
    main()
