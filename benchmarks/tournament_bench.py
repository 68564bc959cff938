"""For 100 / 1,000 / 10,000 players: seconds to pair a swiss round, repeated pairs after 8 swiss rounds, and
seconds to recompute standings from scratch after 8 rounds of 20 deals.

Run against PostgreSQL (the standings target is on PostgreSQL; SQLite works but is not the measured figure):

    createdb -h 127.0.0.1 -U postgres tarokk_bench
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_bench python manage.py migrate
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_bench python benchmarks/tournament_bench.py

Each round is drawn with ``swiss_draw`` from the running table-point scores (timed), its tables and hands
are bulk-inserted (every hand confirmed with random zero-sum payments), then ``standings_recompute`` is
timed and the tournament deleted again. Targets: pairing 1,000 players < 1 s and 10,000 < 15 s;
standings for 1,000 players x 8 rounds < 2 s.
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

from tournaments.core.audit import Actor, acting_as  # noqa: E402
from tournaments.core.formats import rank_table  # noqa: E402
from tournaments.draw.models import Round, Seat, Table  # noqa: E402
from tournaments.draw.pairing.swiss import swiss_draw  # noqa: E402
from tournaments.draw.pairing.tables import repeated_pairs  # noqa: E402
from tournaments.organizing.models import Tournament  # noqa: E402
from tournaments.participants.models import Player  # noqa: E402
from tournaments.results.models import Hand  # noqa: E402
from tournaments.standings.models import Standing  # noqa: E402
from tournaments.standings.services import standings_recompute  # noqa: E402


def build(players: int, rounds: int, deals: int, seed: int) -> tuple[Tournament, list[float], int]:
    """The tournament, the seconds each swiss draw took, and the repeated pairs over all rounds."""
    rng = random.Random(seed)
    pair_seconds: list[float] = []
    history: list[list[list[int]]] = []
    with acting_as(Actor(system="bench")), transaction.atomic():
        tournament = Tournament.objects.create(
            game="hungarian",
            rules_preset="tournament",
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
        scores = dict.fromkeys(ids, 0.0)
        for number in range(1, rounds + 1):
            started = time.perf_counter()
            draw = swiss_draw(ids, f"{seed}-{number}", scores=scores, history=history)
            pair_seconds.append(time.perf_counter() - started)
            history.append(draw.groups())
            round_ = Round.objects.create(
                tournament=tournament, number=number, status=Round.Status.CLOSED, seed="b"
            )
            tables = Table.objects.bulk_create(
                Table(round=round_, number=i + 1) for i in range(len(draw.tables))
            )
            seats, hands = [], []
            for table, drawn in zip(tables, draw.tables, strict=True):
                positions = "ABCDE"[: len(drawn.players)]
                game = dict.fromkeys(positions, 0)
                for position, player_id in zip(positions, drawn.players, strict=True):
                    seats.append(Seat(round=round_, table=table, player_id=player_id, position=position))
                for n in range(1, deals + 1):
                    dealer = positions[(n - 1) % len(positions)]
                    active = [p for p in positions if p != dealer] if len(positions) == 5 else list(positions)
                    rng.shuffle(active)
                    v = rng.choice([1, 2, 3, 4, 6, 8])
                    payments = dict.fromkeys(positions, 0)
                    payments.update({active[0]: v, active[1]: v, active[2]: -v, active[3]: -v})
                    for position, amount in payments.items():
                        game[position] += amount
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
                scale = [10, 8, 6, 4, 4][: len(positions)]
                for position, place in rank_table(game, scale).items():
                    scores[drawn.players[positions.index(position)]] += float(place.table_points)
            Seat.objects.bulk_create(seats, batch_size=5000)
            Hand.objects.bulk_create(hands, batch_size=5000)
    return tournament, pair_seconds, repeated_pairs(history)


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
        tournament, pair_seconds, repeats = build(n, args.rounds, args.deals, seed=n)
        built = time.perf_counter() - started
        timings = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            standings_recompute(tournament)
            timings.append(time.perf_counter() - started)
        rows = Standing.objects.filter(tournament=tournament).count()
        hands = Hand.objects.filter(table__round__tournament=tournament).count()
        pair_target = {1000: " (target < 1 s)", 10000: " (target < 15 s)"}.get(n, "")
        print(
            f"{n:>6} players: swiss pairing {sum(pair_seconds) / len(pair_seconds):.3f} s per round "
            f"(slowest {max(pair_seconds):.3f} s){pair_target}; "
            f"repeated pairs after {args.rounds} rounds: {repeats}"
        )
        target = "  (target < 2 s)" if n == 1000 else ""
        median = sorted(timings)[len(timings) // 2]
        print(
            f"{n:>6} players x {args.rounds} rounds x {args.deals} deals ({hands} hands): "
            f"standings from scratch best {min(timings):.2f} s, median {median:.2f} s "
            f"[{rows} standing rows; built in {built:.1f} s]{target}"
        )
        with acting_as(Actor(system="bench")), transaction.atomic():
            tournament.delete()
            Player.objects.filter(external_id__startswith=f"bench-{n}-").delete()


if __name__ == "__main__":
    main()
