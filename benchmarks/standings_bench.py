"""Seconds to recompute standings from scratch after 8 rounds of 20 deals, for 100 / 1,000 / 10,000 players.

Run against PostgreSQL (the target is on PostgreSQL; SQLite works but is not the measured figure):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_bench python benchmarks/standings_bench.py

The database must exist and be migrated (``python manage.py migrate``). The script builds each tournament
with bulk inserts (seats drawn at random, every hand confirmed with random zero-sum payments), times
``standings_recompute`` and deletes the tournament again. Target: 1,000 players x 8 rounds under 2 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")

import django

django.setup()

from django.db import connection, transaction  # noqa: E402
from tournaments.pairing.tables import split_tables  # noqa: E402

from tournaments.models import Hand, Player, Round, Seat, Standing, Table, Tournament  # noqa: E402
from tournaments.standings import standings_recompute  # noqa: E402


def build(players: int, rounds: int, deals: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"bench {players}",
            slug=f"bench-{players}-{seed}",
            starts_on=date(2026, 1, 1),
            rounds_planned=rounds,
            deals_per_round_4=deals,
            deals_per_round_5=deals,
            scoring="both",
        )
        people = Player.objects.bulk_create(
            Player(name=f"P{i}", external_id=f"bench-{seed}-{i}") for i in range(players)
        )
        ids = [p.pk for p in people]
        split = split_tables(players)
        sizes = [5] * split.fives + [4] * split.fours
        for number in range(1, rounds + 1):
            round_ = Round.objects.create(
                tournament=tournament, number=number, status=Round.Status.CLOSED, seed="b"
            )
            tables = Table.objects.bulk_create(Table(round=round_, number=i + 1) for i in range(len(sizes)))
            order = ids[:]
            rng.shuffle(order)
            seats, hands, start = [], [], 0
            for table, size in zip(tables, sizes, strict=True):
                positions = "ABCDE"[:size]
                for i, position in enumerate(positions):
                    seats.append(
                        Seat(round=round_, table=table, player_id=order[start + i], position=position)
                    )
                start += size
                for n in range(1, deals + 1):
                    dealer = positions[(n - 1) % size]
                    active = [p for p in positions if p != dealer] if size == 5 else list(positions)
                    rng.shuffle(active)
                    v = rng.choice([1, 2, 3, 4, 6, 8])
                    payments = dict.fromkeys(positions, 0)
                    payments.update({active[0]: v, active[1]: v, active[2]: -v, active[3]: -v})
                    hands.append(
                        Hand(
                            table=table,
                            number=n,
                            dealer=dealer,
                            status=Hand.Status.CONFIRMED,
                            kind="played",
                            payments=payments,
                        )
                    )
            Seat.objects.bulk_create(seats, batch_size=5000)
            Hand.objects.bulk_create(hands, batch_size=5000)
    return tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[100, 1000, 10000])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"database: {connection.vendor} ({connection.settings_dict['NAME']})")
    for n in args.players:
        started = time.perf_counter()
        tournament = build(n, args.rounds, args.deals, seed=n)
        built = time.perf_counter() - started
        timings = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            standings_recompute(tournament)
            timings.append(time.perf_counter() - started)
        rows = Standing.objects.filter(tournament=tournament).count()
        hands = Hand.objects.filter(table__round__tournament=tournament).count()
        target = "  (target < 2 s)" if n == 1000 else ""
        median = sorted(timings)[len(timings) // 2]
        print(
            f"{n:>6} players x {args.rounds} rounds x {args.deals} deals ({hands} hands): "
            f"standings from scratch best {min(timings):.2f} s, median {median:.2f} s "
            f"[{rows} standing rows; built in {built:.1f} s]{target}"
        )
        with transaction.atomic():
            tournament.delete()
            Player.objects.filter(external_id__startswith=f"bench-{n}-").delete()


if __name__ == "__main__":
    main()
