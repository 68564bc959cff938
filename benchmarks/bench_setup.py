"""What the HTTP benchmarks share: free loopback ports, psql, the environment of a bench web/worker
process, and a fresh database holding a 200-player tournament whose round 1 is in play."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
PLAYERS = 200


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, what: str = "gunicorn") -> None:
    """Until something listens on loopback ``port`` (30 s at most)."""
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{what} did not listen on port {port}")


def start_redis(port: int) -> subprocess.Popen:
    """A private, memory-only ``redis-server`` on loopback ``port`` (the bench's broker and cache)."""
    return subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )


def start_gunicorn(env: dict[str, str], port: int, app: str = "config.wsgi:application") -> subprocess.Popen:
    """The site (or ``app``, e.g. the floor of ``api_bench.py``) under gunicorn with 2 workers on
    loopback ``port``, once it listens."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}",
         "--workers", "2", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    wait_for_port(port)
    return server


def psql(*commands: str, database: str = "postgres") -> None:
    options = [arg for sql in commands for arg in ("-c", sql)]
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", database, "-q", *options],
        check=True,
        env=dict(os.environ, PGOPTIONS="--client-min-messages=warning"),
    )


def bench_env(db: str, redis_port: int) -> dict[str, str]:
    """Production-like settings (DEBUG off) on database ``db`` and a private Redis; failed table codes
    are not throttled (the load sends many codes from one address)."""
    return dict(
        os.environ,
        DATABASE_URL=f"{PG}/{db}",
        REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
        DEBUG="False",
        SECRET_KEY="bench-only",
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="False",
        LOG_LEVEL="WARNING",
        API_TABLE_CODE_FAILURES_PER_MINUTE="1000000",
        PYTHONPATH=str(ROOT),
    )


def bench_tournament(env: dict[str, str], db: str, deals: int) -> tuple[int, list[tuple[int, str, int]]]:
    """A fresh database ``db`` with tournament "bench": 200 players, round 1 in play at 50 four-player
    tables of ``deals`` deals. Returns its id and, per table, (number, entry code, player id of seat A)."""
    psql(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)", f"CREATE DATABASE {db}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    script = f"""
from datetime import date
from django.contrib.auth import get_user_model
from django.db import transaction
from tournaments import services
from tournaments.core.audit import Actor, acting_as
from tournaments.participants.models import Player
from tournaments.draw.models import Seat, TableCode
from tournaments.organizing.models import Tournament
from tournaments.standings.services import standings_mark_stale
with acting_as(Actor(system="bench")):
    user = get_user_model().objects.create_superuser("bench")
    t = Tournament.objects.create(game="hungarian", rules_preset="tournament", name="Bench", slug="bench",
                                  starts_on=date(2026, 11, 24),
                                  deals_per_round_4={deals}, deals_per_round_5={deals})
    for i in range({PLAYERS}):
        services.player_register(t, Player.objects.create(name=f"P{{i:03d}}"), check_in=True)
    r = services.round_generate(t, seed="bench", method="random", by=user)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(r, by=user)
    with transaction.atomic():
        standings_mark_stale(t.pk)  # a refresh is queued for a worker (or already was)
    seat_a = dict(Seat.objects.filter(table__round=r, position="A").values_list("table__number", "player_id"))
    print(f"TOURNAMENT {{t.pk}}")
    for number, code in TableCode.objects.filter(table__round=r).values_list("table__number", "code"):
        print(f"TABLE {{number}},{{code}},{{seat_a[number]}}")
"""
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    tournament = re.search(r"TOURNAMENT (\d+)", out)
    tables = [(int(n), c, int(p)) for n, c, p in re.findall(r"TABLE (\d+),(\w+),(\d+)", out)]
    if tournament is None or len(tables) != PLAYERS // 4:
        sys.exit(f"set-up failed:\n{out}")
    return int(tournament.group(1)), sorted(tables)
