"""A federation's season on PostgreSQL: 500 finished tournaments, 20,000 players, 1,000,000 hands, then the
figures of issue 24 §6 and issue 32 §5.

    createdb -h 127.0.0.1 -U postgres tarokk_season
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_season python manage.py migrate
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_season python benchmarks/season_bench.py

The season is generated once (``--rebuild`` makes it again; ``--small`` is a 1/25 season for a quick
look: 20 tournaments of the same sizes among 2,000 players): clubs in twelve cities, players who attend
tournaments by their own appetite (some play forty, most a few), Hungarian Tarokk tournaments of 40 to 212
players (4 rounds of 16 deals at tables of four; one of exactly 200 players) whose hands are the engine's
bot hands: a pool of summaries played and scored by the engine, each stored as a confirmed summary with the
engine's payments, written with PostgreSQL's COPY. Each player has a hidden skill (normal, mean 0, sd 1),
and it decides which hands a table plays: of two hands drawn from the pool for the deal's dealer, the table
plays the one whose payments favour its more skilled players (the larger sum of skill × payment over its
four seats). A pooled hand is stored whole, so every stored summary is still the one its payments were
scored from; the build prints what a hand is worth to the most and the least skilled tenth. Every
tournament's standings are then computed by ``standings_recompute`` and its ratings by ``ratings_update``
in the order the tournaments finished, as the workers do; a season series holds all 500 tournaments
(Punktespiegel, best 10, minimum 3, side rankings) and a regional cup the season's first 20, in two regions
(the east and the west of the twelve cities, 11 and 9 tournaments), in the full season as in ``--small``.

Measured after a ``VACUUM (ANALYZE)`` (the planner's statistics, as autovacuum keeps a live database's;
this season was written by COPY), each the median of repeats, after one untimed warm-up where the target
says warm (``--only`` measures some of them):

* a series' standings recompute (target < 2 s): the 500-tournament series and the 20-tournament cup;
* the rating update after a 200-player tournament (target < 1 s): ``ratings_update`` of the season's
  200-player tournament, re-applied inside a rolled-back transaction;
* a player's page with statistics, through Django's test client, for the median player, the 90th
  percentile and the busiest (by tables played): warm, after a first request (target < 100 ms for the
  median and the 90th percentile, issue 24 §6; < 300 ms for the busiest, issue 32 §5), and the first view
  after a change to one of the player's tournaments (target < 300 ms, issue 32 §5; the change untimed).
  The change is an organizer's correction of a finished tournament's venue through ``tournament_edit``
  (a different tournament of the player's each time, the newest first, toggled between two spellings):
  the change a finished season sees most, and it invalidates the statistics' cache exactly as a corrected
  result would, by bumping the tournament's standings' version (``TOURNAMENT_SAVED`` ->
  ``standings_mark_stale``), which the cache key holds. A corrected result needs a re-opening and a new
  finish, each of which (as a merge and its undo) rebuilds the ratings of the game's 500 tournaments:
  minutes a repeat, for the same invalidation. The run's first request of each page, nothing cached, is
  printed too, without a target;
* the public ranking list, cold (target < 200 ms): the game's ranking page with the cache cleared
  before each request.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")
os.environ.setdefault("LOG_LEVEL", "WARNING")  # not a line per request

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402

from engine.core.descriptor import Deal  # noqa: E402
from engine.games import game  # noqa: E402
from engine.rules import resolve_rules  # noqa: E402
from tournaments.core.audit import Actor, acting_as  # noqa: E402
from tournaments.draw.models import Round, Seat, Table  # noqa: E402
from tournaments.organizing.models import Club, Tournament  # noqa: E402
from tournaments.participants.models import Player, Registration  # noqa: E402
from tournaments.results.models import Hand, HandSubmission  # noqa: E402
from tournaments.standings.models import StandingsState  # noqa: E402
from tournaments.standings.services import standings_recompute  # noqa: E402

GAME = "hungarian"
PRESET = "tournament"
ROUNDS, DEALS = 4, 16
MARK = "season-"  # the season's players' external ids (so a rerun finds it)
CITIES = [
    "Budapest", "Szeged", "Pécs", "Debrecen", "Győr", "Miskolc",
    "Eger", "Sopron", "Kecskemét", "Veszprém", "Wien", "Graz",
]  # fmt: skip
POSITIONS = "ABCD"
#: the regional cup's two regions, of the twelve cities (a tournament is in its club's city)
REGIONS = {
    "East": ["Budapest", "Szeged", "Debrecen", "Miskolc", "Eger", "Kecskemét"],
    "West": ["Pécs", "Győr", "Sopron", "Veszprém", "Wien", "Graz"],
}
REGION_OF = {city: region for region, cities in REGIONS.items() for city in cities}
CUP_TOURNAMENTS = 20
SKILL_DRAWS = 2  # hands drawn from the pool per deal; the table's skill picks one


def median(values: list[float]) -> float:
    return statistics.median(values)


def summary_pool(rng: random.Random, per_dealer: int) -> dict[str, list[tuple[dict, dict[str, int]]]]:
    """Bot hands of each dealer at a table of four, with the engine's payments: (payload, payments)."""
    descriptor, rules = game(GAME), resolve_rules(PRESET, game_id=GAME)
    pool: dict[str, list[tuple[dict, dict[str, int]]]] = {}
    for d, dealer in enumerate(POSITIONS):
        active = tuple(POSITIONS[(d + 1 + i) % 4] for i in range(4))
        deal = Deal(number=d + 1, dealer=dealer, active=active, stake=1)
        pool[dealer] = []
        for _ in range(per_dealer):
            summary = descriptor.sample_summary(rng, rules, deal)
            payload = {
                **summary,
                "seats": list(active),
                "stake": 1,
                "rules": {"preset": PRESET, "options": {}},
            }
            scored = descriptor.score(payload, rules)
            payments = {p: int(scored["payments"].get(p, 0)) for p in POSITIONS}
            pool[dealer].append((payload, payments))
    return pool


def copy_rows(table: str, columns: list[str], rows: list[tuple]) -> None:
    """PostgreSQL's COPY of ``rows`` into ``table`` (text format)."""
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)


def build(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    started = time.perf_counter()
    pool = summary_pool(rng, 150 if args.small else 500)
    pooled = sum(len(v) for v in pool.values())
    print(f"  {pooled} bot hands in the pool ({time.perf_counter() - started:.1f} s)")
    n_players, n_tournaments = args.players, args.tournaments
    with acting_as(Actor(system="season bench")), transaction.atomic():
        clubs = [
            Club.objects.create(name=f"Season club {i}", city=CITIES[i % len(CITIES)]) for i in range(60)
        ]
        players = Player.objects.bulk_create(
            (
                Player(
                    name=f"Season player {i}",
                    club=clubs[i % len(clubs)],
                    external_id=f"{MARK}{i}",
                    gender=rng.choice("fmm"),
                    birth_year=rng.randint(1940, 2010),
                )
                for i in range(n_players)
            ),
            batch_size=5000,
        )
    ids = [p.pk for p in players]
    appetite = [rng.paretovariate(1.2) for _ in ids]  # a few play very often, most now and then
    skill = {pk: rng.gauss(0, 1) for pk in ids}  # hidden: no column holds it, the hands show it
    won: dict[int, list[int]] = {pk: [0, 0] for pk in ids}  # payments and hands, to print skill's effect
    first = date(2026, 1, 4)
    hands_target = args.hands
    sizes = [rng.randint(10, 53) * 4 for _ in range(n_tournaments)]  # 40..212 players at tables of four
    sizes[n_tournaments // 2] = 200
    scale = hands_target / sum(s * ROUNDS * DEALS // 4 for s in sizes)
    sizes = [max(8, round(s * scale / 4) * 4) for s in sizes]
    sizes[n_tournaments // 2] = 200
    total_hands = 0
    for t in range(n_tournaments):
        day = first + timedelta(days=t * 365 // n_tournaments)
        field = rng.choices(ids, weights=appetite, k=sizes[t] * 3)
        field = list(dict.fromkeys(field))[: sizes[t]]
        while len(field) < sizes[t]:
            extra = rng.choice(ids)
            if extra not in field:
                field.append(extra)
        total_hands += build_tournament(t, day, field, clubs[t % len(clubs)], pool, rng, skill, won)
        if t % 50 == 49:
            print(f"  {t + 1} tournaments, {total_hands} hands ({time.perf_counter() - started:.0f} s)")
    print(
        f"  built {n_tournaments} tournaments, {total_hands} hands in {time.perf_counter() - started:.0f} s"
    )
    print_skill_effect(skill, won)


def print_skill_effect(skill: dict[int, float], won: dict[int, list[int]]) -> None:
    """What a hand was worth, on average, to the most and the least skilled tenth of those who played."""
    played = sorted((pk for pk in skill if won[pk][1]), key=skill.__getitem__)
    tenth = max(1, len(played) // 10)

    def per_hand(group: list[int]) -> float:
        return sum(won[pk][0] for pk in group) / max(1, sum(won[pk][1] for pk in group))

    print(
        f"  hidden skill: a hand paid the most skilled tenth {per_hand(played[-tenth:]):+.2f} on average, "
        f"the least skilled tenth {per_hand(played[:tenth]):+.2f}"
    )


def build_tournament(
    t: int,
    day: date,
    field: list[int],
    club: Club,
    pool: dict,
    rng: random.Random,
    skill: dict[int, float],
    won: dict[int, list[int]],
) -> int:
    finished = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=20)
    with acting_as(Actor(system="season bench")), transaction.atomic():
        tournament = Tournament.objects.create(
            name=f"Season {t + 1}: {club.city}",
            slug=f"season-{t + 1}",
            venue=club.city,
            club=club,
            starts_on=day,
            status=Tournament.Status.FINISHED,
            finished_at=finished,
            game=GAME,
            rules_preset=PRESET,
            rounds_planned=ROUNDS,
            deals_per_round_4=DEALS,
        )
        Registration.objects.bulk_create(
            Registration(tournament=tournament, player_id=p, status=Registration.Status.CHECKED_IN)
            for p in field
        )
        hand_rows, seats = [], []
        hand_id = next_id(Hand)
        sub_id = next_id(HandSubmission)
        sub_rows = []
        now = finished.isoformat()
        for number in range(1, ROUNDS + 1):
            round_ = Round.objects.create(
                tournament=tournament, number=number, status=Round.Status.CLOSED, seed=f"s{t}-{number}",
                method="random", closed_at=finished,
            )  # fmt: skip
            order = list(field)
            rng.shuffle(order)
            tables = Table.objects.bulk_create(
                Table(round=round_, number=i + 1, first_dealer="A") for i in range(len(order) // 4)
            )
            for i, table in enumerate(tables):
                at = dict(zip(POSITIONS, order[i * 4 : i * 4 + 4], strict=True))
                for position, player in at.items():
                    seats.append(Seat(round=round_, table=table, player_id=player, position=position))
                for n in range(1, DEALS + 1):
                    dealer = POSITIONS[(n - 1) % 4]
                    drawn = [rng.choice(pool[dealer]) for _ in range(SKILL_DRAWS)]
                    payload, payments = max(
                        drawn, key=lambda hand: sum(skill[at[p]] * pay for p, pay in hand[1].items())
                    )
                    for position, player in at.items():
                        won[player][0] += payments[position]
                        won[player][1] += 1
                    hand_rows.append(
                        (hand_id, table.pk, n, dealer, 1, "confirmed", payload.get("kind", "played"),
                         json.dumps(payments), now)
                    )  # fmt: skip
                    sub_rows.append(
                        (sub_id, hand_id, 1, "summary", json.dumps(payload), json.dumps(payments),
                         payload.get("kind", "played"), dealer, 1, "confirmed", now, now, False, "", "")
                    )  # fmt: skip
                    hand_id += 1
                    sub_id += 1
        Seat.objects.bulk_create(seats, batch_size=5000)
        copy_rows(
            Hand._meta.db_table,
            ["id", "table_id", "number", "dealer", "stake", "status", "kind", "payments", "created_at"],
            hand_rows,
        )
        copy_rows(
            HandSubmission._meta.db_table,
            ["id", "hand_id", "version", "source", "payload", "payments", "kind", "dealer", "stake", "status",
             "confirmed_at", "created_at", "same_device", "input_digest", "note"],
        sub_rows,
        )  # fmt: skip
        for model in (Hand, HandSubmission):
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{model._meta.db_table}', 'id'), "
                    f"(SELECT MAX(id) FROM {model._meta.db_table}))"
                )
    return len(hand_rows)


def next_id(model: type) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {model._meta.db_table}")
        return cursor.fetchone()[0]


def derive(args: argparse.Namespace) -> None:
    """Standings of every tournament, then its rating update, in the order they finished (the workers'
    order)."""
    from tournaments.ratings.services import ratings_update

    started = time.perf_counter()
    season = Tournament.objects.filter(slug__startswith="season-").order_by("finished_at", "pk")
    for i, tournament in enumerate(season):
        StandingsState.objects.get_or_create(tournament=tournament)
        standings_recompute(tournament)
        ratings_update(tournament)
        if i % 50 == 49:
            print(f"  standings and ratings of {i + 1} tournaments ({time.perf_counter() - started:.0f} s)")
    print(f"  standings and ratings of the season in {time.perf_counter() - started:.0f} s")


def make_series() -> tuple:
    from tournaments.series.models import Series
    from tournaments.series.services import series_create, series_tournament_add

    with acting_as(Actor(system="season bench")):  # a rerun's series go first (audited, as every change)
        Series.objects.filter(slug__in=["season-all", "season-cup"]).delete()
    rules = {
        "points": {"method": "table", "table": [50, 40, 32, 26, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 1]},
        "best_of": 10,
        "min_tournaments": 3,
        "participation_points": 1,
        "side_rankings": [
            {"key": "women", "name": "Women", "filter": {"gender": "f"}},
            {"key": "juniors", "name": "Juniors", "filter": {"born_from": 2001}},
        ],
        "qualification": {"top": 60, "region_winners": True},
    }
    by = bench_user()
    season = Tournament.objects.filter(slug__startswith="season-").order_by("starts_on", "pk")
    big = series_create(
        fields={"name": "Season ranking", "slug": "season-all", "game": GAME, "rules": rules}, by=by
    )
    cup = series_create(
        fields={"name": "Regional cup", "slug": "season-cup", "game": GAME, "rules": rules}, by=by
    )
    # in one transaction each, as an organizer's batch: the series' refresh runs once, after the commit
    with transaction.atomic():
        for tournament in season:
            series_tournament_add(big, tournament, by=by)
    with transaction.atomic():  # the season's first 20, in the region of their club's city
        for tournament in season.select_related("club")[:CUP_TOURNAMENTS]:
            series_tournament_add(cup, tournament, region=REGION_OF[tournament.club.city], by=by)
    return big, cup


def bench_user() -> Any:
    """The organizer the bench acts as (a superuser: it manages every series and tournament)."""
    from django.contrib.auth import get_user_model

    by, _ = get_user_model().objects.get_or_create(
        username="season-bench", defaults={"is_staff": True, "is_superuser": True}
    )
    return by


FIGURES = ("series", "rating", "pages", "ranking")


def vacuumed() -> None:
    """VACUUM (ANALYZE) the database first, as autovacuum keeps a live one: a season written by COPY has no
    planner statistics (and a server may run without autovacuum), and a query planned without them measures
    the planner's guess (the busiest player's counted hands: 3.6 s planned blind, 0.17 s analyzed)."""
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM (ANALYZE)")
    print(f"  VACUUM (ANALYZE) in {time.perf_counter() - started:.0f} s")


def measure(args: argparse.Namespace) -> None:
    for figure in args.only or FIGURES:
        {
            "series": measure_series,
            "rating": measure_rating,
            "pages": measure_player_pages,
            "ranking": measure_ranking,
        }[figure](args)


def measure_series(args: argparse.Namespace) -> None:
    from tournaments.series.services import series_recompute

    print("== series: standings recompute (target < 2 s)")
    for series in make_series():
        n = series.entries.count()
        timings = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            series_recompute(series)
            timings.append(time.perf_counter() - started)
        rows = series.standings.count()
        print(f"  {series.name}: {n} tournaments, {rows} standing rows: median {median(timings):.2f} s "
              f"(best {min(timings):.2f} s)")  # fmt: skip


def measure_rating(args: argparse.Namespace) -> None:
    from tournaments.ratings.services import ratings_update

    print("== rating update after a 200-player tournament (target < 1 s)")
    t200 = (
        Tournament.objects.filter(slug__startswith="season-")
        .filter(registrations__isnull=False)
        .annotate(n=django.db.models.Count("registrations"))
        .filter(n=200)
        .first()
    )
    timings = []
    for _ in range(args.repeat):
        with transaction.atomic():
            from tournaments.ratings.models import RatingRun

            RatingRun.objects.filter(tournament=t200).delete()
            started = time.perf_counter()
            ratings_update(t200)
            timings.append(time.perf_counter() - started)
            transaction.set_rollback(True)
    print(f"  {t200.name}: median {median(timings):.3f} s (best {min(timings):.3f} s)")


def measure_player_pages(args: argparse.Namespace) -> None:
    client = Client()
    print("== a player's page with statistics: warm, and the first view after a change to their tournament")
    by_tables = list(
        Player.objects.filter(external_id__startswith=MARK)
        .annotate(n=django.db.models.Count("seats"))
        .filter(n__gt=0)
        .order_by("n", "pk")
        .values_list("pk", "n")
    )
    typical = {  # who: (player, tables, the warm page's target in ms)
        "the median player": (*by_tables[len(by_tables) // 2], 100),
        "the 90th percentile": (*by_tables[len(by_tables) * 9 // 10], 100),
        "the busiest player": (*by_tables[-1], 300),
    }
    by = bench_user()
    for who, (pk, tables, warm_target) in typical.items():
        url = f"/players/{pk}/"
        played = list(
            Tournament.objects.filter(rounds__seats__player_id=pk)
            .distinct()
            .order_by("-starts_on", "-pk")
            .select_related("club")
        )
        cold = timed_get(client, url)
        warm = [timed_get(client, url) for _ in range(args.repeat * 3)]
        changed = []
        for i in range(args.repeat):
            venue_corrected(played[i % len(played)], by)
            changed.append(timed_get(client, url))
        print(f"  {who}, {url} ({tables} tables, {tables * DEALS} hands, {len(played)} tournaments):")
        print(f"    warm: median {median(warm) * 1000:.1f} ms (target < {warm_target} ms)")
        print(
            f"    first view after a change: median {median(changed) * 1000:.1f} ms, worst "
            f"{max(changed) * 1000:.1f} ms of {len(changed)} (target < 300 ms)"
        )
        print(f"    first request of the run, nothing cached: {cold * 1000:.0f} ms (no target)")


def measure_ranking(args: argparse.Namespace) -> None:
    client = Client()
    print("== the public ranking list, cold (target < 200 ms)")
    url = f"/ratings/{GAME}/"
    cold = []
    for _ in range(args.repeat * 2):
        cache.clear()  # no cached page or query result, and a new database connection
        connection.close()
        cold.append(timed_get(client, url))
    print(f"  {url}: cold median {median(cold) * 1000:.1f} ms (best {min(cold) * 1000:.1f} ms)")


def venue_corrected(tournament: Tournament, by: Any) -> None:
    """An organizer corrects a finished tournament's venue (its club's city, or the club's name added), as
    the tournament's page does: through ``tournament_edit``, which bumps its standings' version."""
    from tournaments.organizing.services import tournament_edit

    tournament.refresh_from_db(fields=["venue", "version"])
    city = tournament.club.city
    venue = f"{city}, {tournament.club.name}" if tournament.venue == city else city
    tournament_edit(tournament, changes={"venue": venue}, by=by, expected_version=tournament.version)


def timed_get(client: Client, url: str) -> float:
    started = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - started
    assert response.status_code == 200, (url, response.status_code)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="a 1/25 season (20 tournaments, 40,000 hands)")
    parser.add_argument("--rebuild", action="store_true", help="delete the season and generate it again")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", default="season")
    parser.add_argument(
        "--only", nargs="+", choices=FIGURES, help="measure these figures only (default: all, in this order)"
    )
    args = parser.parse_args()
    args.tournaments, args.players, args.hands = (
        (20, 2000, 40_000) if args.small else (500, 20_000, 1_000_000)
    )
    if connection.vendor != "postgresql":
        sys.exit("season_bench needs PostgreSQL (DATABASE_URL=postgres://...): it writes with COPY")
    print(f"database: {connection.settings_dict['NAME']}")
    exists = Player.objects.filter(external_id__startswith=MARK).exists()
    if args.rebuild or not exists:
        if exists:
            sys.exit("drop and re-create the database to --rebuild (the season's rows are append-only)")
        print("== generating the season")
        build(args)
        derive(args)
    hands = Hand.objects.count()
    print(
        f"season: {Tournament.objects.count()} tournaments, {Player.objects.count()} players, {hands} hands"
    )
    vacuumed()
    measure(args)


if __name__ == "__main__":
    main()
