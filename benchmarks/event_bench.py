"""A big day (issue 21 §8): a 600-player event, 150 four-player tables, 5 rounds of 16 deals. Rounds 1-4
are closed with every hand entered, round 5 is in play with about half its hands entered. Measured, each the
median and the best of ``--repeat`` runs, beside its target:

* the organizer's round page (``/t/<slug>/manage/rounds/5/``), signed in        (target < 300 ms)
* the same page's progress table, which ``organizer.js`` polls every 10 s       (no target; for scale)
* the public standings page cold (the page cache cleared before each GET)      (target < 200 ms)
* the standings recompute from scratch (``standings_recompute``)                (target < 1 s)
* a round's draw: ``round_generate`` of round 5 (swiss, after 4 rounds) and its re-draw
  (``round_redraw``), with the standings as the worker keeps them (current), and ``round_generate``
  again with a change the worker has not counted yet (the draw recomputes first)  (target < 2 s)

    .venv/bin/python benchmarks/event_bench.py [--repeat 5] [--keep]

It runs against PostgreSQL (database ``tarokk_event_bench`` on 127.0.0.1:5432, user postgres, dropped and
created here; ``--keep`` leaves it for profiling, e.g. ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/
tarokk_event_bench``), or, when no PostgreSQL answers, on a temporary SQLite file (the figures are then not
the measured ones). Production-like settings: DEBUG off, static files collected to a temporary directory
(hashed names, as served), the local-memory cache, tasks run in-process as without a broker. Pages are
requested through ``django.test.Client``: the real URL routing, middleware, sessions and templates,
without the network.

Set-up: players are registered and every round drawn, confirmed, published, started and closed through
the services. Hands are bulk-inserted (rows and their history, as the services write them): their dealer
and stake follow ``formats.deal_sequence`` at each table, their results are engine-scored hands played by
the rule bots (passed-out hands included, so stakes double as at a real table), entered as an organizer's
score sheet (confirmed); in round 5 the last hand entered at each table awaits a second seat's
confirmation. ``round_close`` then checks every table is complete, and the pages render this data.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PG = "postgres://postgres@127.0.0.1:5432"
DB = "tarokk_event_bench"
PLAYERS = 600
ROUNDS = 5
DEALS = 16  # the format's deals per round at a 4-table (deals_per_round_4; 20 at a 5-table)
SLUG = "big-day"


def postgres_available() -> bool:
    if shutil.which("psql") is None:
        return False
    probe = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qAtc", "SELECT 1"]
    return subprocess.run(probe, capture_output=True, timeout=10).returncode == 0


def psql(sql: str) -> None:
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-q", "-c", sql],
        check=True,
        env=dict(os.environ, PGOPTIONS="--client-min-messages=warning"),
    )


def configure(tmp: Path) -> str:
    """Production-like settings in the environment, before Django starts; returns the database's name."""
    if postgres_available():
        psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        psql(f"CREATE DATABASE {DB}")
        url, label = f"{PG}/{DB}", f"PostgreSQL ({DB})"
    else:
        url = f"sqlite:///{tmp / 'event_bench.sqlite3'}"
        label = "SQLite (no PostgreSQL on 127.0.0.1:5432: these are not the measured figures)"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=url,
        DEBUG="False",
        SECRET_KEY="bench-only",
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="False",
        SESSION_COOKIE_SECURE="False",
        CSRF_COOKIE_SECURE="False",
        LOG_LEVEL="WARNING",
        STATIC_ROOT=str(tmp / "static"),
        REDIS_URL="",  # the local-memory cache; tasks run in-process
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("CELERY_TASK_ALWAYS_EAGER", None)
    return label


def timed(fn: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        out.append(time.perf_counter() - started)
    return out


def report(label: str, seconds: list[float], target_ms: float | None) -> None:
    median, best = statistics.median(seconds) * 1000, min(seconds) * 1000
    verdict = ""
    if target_ms is not None:
        verdict = f"  (target < {target_ms:,.0f} ms: {'met' if median < target_ms else 'NOT met'})"
    print(f"{label:<44} median {median:8.1f} ms   best {best:8.1f} ms{verdict}")


class Event:
    """The event under construction, built through the services (hands in bulk)."""

    def __init__(self, seed: int) -> None:
        from django.contrib.auth import get_user_model

        from engine.hungarian.bots import RuleBot, play_hand
        from tournaments.core.audit import Actor, acting_as
        from tournaments.core.formats import rules_for
        from tournaments.organizing.models import Club, Tournament
        from tournaments.participants.models import Player
        from tournaments.services import player_register

        self.rng = random.Random(seed)
        with acting_as(Actor(system="bench")):
            self.organizer = get_user_model().objects.create_user("organizer", password="bench-only")
            self.tournament = Tournament.objects.create(
                game="hungarian",
                rules_preset="tournament",
                name="Nagy Nap Kupa",
                slug=SLUG,
                starts_on=date(2026, 11, 28),
                status=Tournament.Status.REGISTRATION,
                rounds_planned=ROUNDS,
                deals_per_round_4=DEALS,
                is_public=True,
            )
            self.tournament.organizers.add(self.organizer)
            from tournaments.core import audit

            clubs = Club.objects.bulk_create(Club(name=f"Klub {i:02d}", city="Budapest") for i in range(40))
            players = audit.bulk_create(
                Player,
                [
                    Player(name=f"Játékos {i:03d}", club=clubs[i % len(clubs)], rating=1500 + i % 300)
                    for i in range(PLAYERS)
                ],
            )
            for player in players:
                player_register(self.tournament, player, check_in=True, by=self.organizer)
        rules = rules_for(self.tournament.rules_preset, self.tournament.rules_options)
        self.rules = rules
        bots = [RuleBot()] * 4
        self.pool: list[tuple[str, list[int]]] = []  # (kind, payments by active index) at stake 1
        for hand_seed in range(400):
            hand = play_hand(hand_seed, bots, rules)
            summary = hand.summary()
            payments = hand.payments()
            self.pool.append((summary.get("kind", "played"), [int(payments.get(s, 0)) for s in "ABCD"]))

    def draw(self, number: int) -> Any:
        from tournaments import services

        return services.round_generate(self.tournament, seed=f"big-day-{number}", by=self.organizer)

    def release(self, round_: Any) -> None:
        from tournaments import services

        for step in (services.round_confirm, services.round_publish, services.round_start):
            step(round_, by=self.organizer)

    def enter_hands(self, round_: Any, entered: int, pending_last: bool = False) -> int:
        """Deals 1..``entered`` of every table as an organizer's score sheet (``pending_last``: the last one
        entered by seat A instead, awaiting a second seat); returns the number of hands stored."""
        from django.db import transaction
        from django.utils import timezone

        from tournaments.core import audit
        from tournaments.core.audit import Actor, acting_as
        from tournaments.core.formats import deal_sequence
        from tournaments.draw.models import Table
        from tournaments.results.models import Hand, HandSubmission
        from tournaments.results.services.hands import _digest
        from tournaments.standings.services import standings_mark_stale

        now = timezone.now()
        hands: list[Hand] = []
        versions: list[dict[str, Any]] = []
        for table in Table.objects.filter(round=round_).prefetch_related("seats").order_by("number"):
            seats = {seat.position: seat.player_id for seat in table.seats.all()}
            positions = sorted(seats)
            kinds: list[str] = []
            for number in range(1, entered + 1):
                deal = deal_sequence(positions, table.first_dealer, kinds, self.rules)
                kind, base = self.rng.choice(self.pool)
                payments = dict.fromkeys(positions, 0)
                for index, position in enumerate(deal.active):
                    payments[position] = base[index] * deal.stake
                kinds.append(kind)
                pending = pending_last and number == entered
                data = {"kind": kind, "payments": payments}
                hands.append(
                    Hand(
                        table=table,
                        number=number,
                        dealer=deal.dealer,
                        stake=deal.stake,
                        status=Hand.Status.PENDING if pending else Hand.Status.CONFIRMED,
                        kind=kind,
                        payments={} if pending else payments,
                    )
                )
                versions.append(
                    dict(
                        version=1,
                        source=HandSubmission.Source.PAYMENTS,
                        payload=data,
                        entered_payments=payments,
                        payments=payments,
                        kind=kind,
                        dealer=deal.dealer,
                        stake=deal.stake,
                        status=HandSubmission.Status.PENDING if pending else HandSubmission.Status.CONFIRMED,
                        submitted_by_id=seats["A"] if pending else None,
                        entered_by=None if pending else self.organizer,
                        confirmed_at=None if pending else now,
                        input_digest=_digest("payments", data),
                        note="" if pending else "score sheet",
                    )
                )
        with acting_as(Actor(user=self.organizer)), transaction.atomic():
            hands = audit.bulk_create(Hand, hands)
            audit.bulk_create(
                HandSubmission, [HandSubmission(hand=h, **v) for h, v in zip(hands, versions, strict=True)]
            )
            standings_mark_stale(self.tournament.pk)
        return len(hands)

    def close(self, round_: Any) -> None:
        from tournaments import services

        services.round_close(round_, by=self.organizer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each figure (median and best)")
    parser.add_argument("--keep", action="store_true", help="keep the database (for profiling)")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="event_bench_"))
    database = configure(tmp)

    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.core.audit import Actor, acting_as
    from tournaments.draw.models import Round, Table
    from tournaments.results.models import Hand
    from tournaments.standings.models import Standing
    from tournaments.standings.services import standings_mark_stale, standings_recompute

    print(f"database: {database}")
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)

    started = time.perf_counter()
    event = Event(args.seed)
    tournament = event.tournament
    stored = 0
    draws: list[float] = []
    stale_draws: list[float] = []
    redraws: list[float] = []

    class Rollback(Exception):
        pass

    for number in range(1, ROUNDS + 1):
        if number == ROUNDS:  # the draw of round 5, from 4 closed rounds: timed, then undone
            for timings, stale in ((draws, False), (stale_draws, True)):
                for _ in range(args.repeat):
                    try:
                        with transaction.atomic():
                            if stale:  # a change the worker has not counted yet: the draw recomputes
                                standings_mark_stale(tournament.pk)
                            began = time.perf_counter()
                            event.draw(number)
                            timings.append(time.perf_counter() - began)
                            raise Rollback
                    except Rollback:
                        pass
        round_ = event.draw(number)
        if number == ROUNDS:  # re-drawn (each a new seed; the last one is played)
            for k in range(args.repeat):
                began = time.perf_counter()
                round_ = services.round_redraw(
                    round_, seed=f"big-day-{number}-redraw-{k}", by=event.organizer
                )
                redraws.append(time.perf_counter() - began)
        event.release(round_)
        if number < ROUNDS:
            stored += event.enter_hands(round_, DEALS)
            event.close(round_)
        else:
            stored += event.enter_hands(round_, DEALS // 2, pending_last=True)
    tables = Table.objects.filter(round__tournament=tournament).count()
    print(
        f"set-up: {PLAYERS} players, {ROUNDS} rounds x {tables // ROUNDS} tables x {DEALS} deals, "
        f"rounds 1-{ROUNDS - 1} closed, round {ROUNDS} in play; {stored:,} hands entered "
        f"({time.perf_counter() - started:.0f} s)"
    )
    standings_recompute(tournament)  # as the worker leaves them

    client = Client()
    client.force_login(event.organizer)
    round_url = reverse("tournaments:manage-round", args=[SLUG, ROUNDS])
    progress_url = reverse("tournaments:manage-round-progress", args=[SLUG, ROUNDS])
    standings_url = reverse("tournaments:standings", args=[SLUG])
    last_table = (
        Table.objects.filter(round__tournament=tournament, round__number=ROUNDS).order_by("number").last()
    )
    leader = Standing.objects.filter(tournament=tournament, after_round=ROUNDS).order_by("rank").first()

    def get(url: str, *expected: str) -> None:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        body = response.content.decode()
        for text in expected:  # the page shows the real data
            assert text in body, (url, text)

    seated = last_table.seats.select_related("player").first().player.name
    get(round_url, seated)  # warm: templates, translations
    round_page = timed(lambda: get(round_url, seated), args.repeat)
    progress = timed(lambda: get(progress_url), args.repeat)

    def cold_standings() -> None:
        cache.clear()
        get(standings_url, leader.player.name)

    get(standings_url)
    standings_page = timed(cold_standings, args.repeat)
    with acting_as(Actor(system="bench")):
        recompute = timed(lambda: standings_recompute(tournament), args.repeat)

    hands = Hand.objects.filter(table__round__tournament=tournament).count()
    rows = Standing.objects.filter(tournament=tournament).count()
    in_play = Round.objects.get(tournament=tournament, number=ROUNDS)
    print(f"data: {hands:,} hands, {rows:,} standing rows; round {ROUNDS} is {in_play.status}")
    print(f"figures over {args.repeat} runs:")
    report(f"organizer's round page (round {ROUNDS})", round_page, 300)
    report("  its progress table (polled)", progress, None)
    report("public standings page, cold", standings_page, 200)
    report("standings recompute from scratch", recompute, 1000)
    report(f"draw: round_generate (round {ROUNDS}, swiss)", draws, 2000)
    report("  the same, standings stale (recomputed)", stale_draws, 2000)
    report(f"draw: round_redraw (round {ROUNDS})", redraws, 2000)

    connection.close()
    if args.keep:
        print(f"kept: DATABASE_URL={os.environ['DATABASE_URL']}")
    elif os.environ["DATABASE_URL"].startswith("postgres"):
        psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
