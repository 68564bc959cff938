"""The public standings page of a 200-player tournament after 4 rounds, through gunicorn (2 workers) on
PostgreSQL: a cold render (nothing cached) and requests per second with the page cache warm.

    apt-get install -y wrk
    .venv/bin/python benchmarks/web_bench.py

It creates a fresh database ``tarokk_web_bench`` holding tournament "bench" (200 players, 50 four-player
tables a round, 4 rounds of 4 deals each entered as organizers' score sheets and closed, standings
recomputed), starts gunicorn on a free loopback port with a private ``redis-server`` as the cache, then:

* cold: the cache is flushed before each of ``--cold`` GETs of ``/t/bench/standings/``, timed one by one
  (the render, its queries and the cache write; loopback adds well under a millisecond);
* warm: wrk drives the same page for ``--seconds`` with ``--connections`` connections, once asking for
  gzip as browsers do and once not (every answer is a full 200 page from the cache: wrk sends no
  If-None-Match).

Targets on this 2-core machine: a cold render under 100 ms and >= 1,000 requests/s warm.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench_setup import PLAYERS, ROOT, bench_env, free_port, psql, start_gunicorn, start_redis

DB = "tarokk_web_bench"
ROUNDS = 4
DEALS = 4
PAGE = "/t/bench/standings/"

LUA = r"""
function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d non2xx=%d errors=%d p50=%.2f p95=%.2f duration=%.3f\n",
    summary.requests, summary.errors.status, summary.errors.connect + summary.errors.read +
    summary.errors.write + summary.errors.timeout, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, summary.duration / 1e6))
end
"""

SETUP = f"""
from datetime import date
from django.contrib.auth import get_user_model
from tournaments import services
from tournaments.core.audit import Actor, acting_as
from tournaments.participants.models import Player
from tournaments.organizing.models import Tournament
from tournaments.standings.services import standings_recompute
from tests.site_data import played_payments
with acting_as(Actor(system="bench")):
    user = get_user_model().objects.create_superuser("bench")
    t = Tournament.objects.create(
        game="hungarian", rules_preset="tournament",
        name="Bench Kupa", slug="bench", starts_on=date(2026, 11, 24), rounds_planned={ROUNDS},
        deals_per_round_4={DEALS}, deals_per_round_5={DEALS}, pairing_methods=["random", "swiss"],
    )
    for i in range({PLAYERS}):
        services.player_register(t, Player.objects.create(name=f"Player {{i:03d}}"), check_in=True)
    for n in range(1, {ROUNDS} + 1):
        r = services.round_generate(t, seed=f"bench-{{n}}", by=user)
        for step in (services.round_confirm, services.round_publish, services.round_start):
            step(r, by=user)
        for table in r.tables.all():  # hand by hand: each deal's dealer follows from the one before
            for k in range(1, {DEALS} + 1):
                services.hand_submit(
                    table=table, number=k, source="payments", data={{"payments": played_payments(table, k)}},
                    entered_by=user, trusted=True,
                )
        services.round_close(r, by=user)
    standings_recompute(t)  # no worker consumes the bench's broker: compute here
    print("READY", t.rounds.filter(status="closed").count())
"""


def get(url: str) -> tuple[int, float, int]:
    start = time.perf_counter()
    with urllib.request.urlopen(url) as response:
        body = response.read()
        return response.status, (time.perf_counter() - start) * 1000, len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10, help="duration of the warm wrk run")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--cold", type=int, default=20, help="cold renders to time")
    parser.add_argument("--page", default=PAGE, help="the path to load (another public page of 'bench')")
    args = parser.parse_args()
    for tool in ("wrk", "redis-server", "redis-cli", "psql"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install -y wrk redis-server postgresql-client)")
    redis_port = free_port()
    cache = start_redis(redis_port)
    static = tempfile.TemporaryDirectory()  # DEBUG off serves hashed static files: collect them first
    env = dict(bench_env(DB, redis_port), STATIC_ROOT=static.name)
    collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True)
    psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)", f"CREATE DATABASE {DB}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SETUP], cwd=ROOT, env=env, check=True,
        capture_output=True, text=True,
    ).stdout  # fmt: skip
    if f"READY {ROUNDS}" not in out:
        sys.exit(f"set-up failed:\n{out}")
    print(f"set-up: {PLAYERS} players, {ROUNDS} rounds closed ({time.perf_counter() - started:.0f} s)")
    port = free_port()
    server = start_gunicorn(env, port)
    try:
        url = f"http://127.0.0.1:{port}{args.page}"
        for _ in range(6):  # each worker's first renders load templates and translations
            subprocess.run(["redis-cli", "-p", str(redis_port), "FLUSHALL"], check=True, capture_output=True)
            get(url)
        cold = []
        for _ in range(args.cold):
            subprocess.run(["redis-cli", "-p", str(redis_port), "FLUSHALL"], check=True, capture_output=True)
            status, ms, size = get(url)
            assert status == 200, status
            cold.append(ms)
        cold.sort()
        print("cold renders (ms):", " ".join(f"{ms:.0f}" for ms in cold))
        p95 = cold[min(len(cold) - 1, int(len(cold) * 0.95))]
        print(f"cold render: p50 {statistics.median(cold):.1f} ms, p95 {p95:.1f} ms, max {cold[-1]:.1f} ms "
              f"over {len(cold)} ({size:,} bytes)  (target < 100 ms)")  # fmt: skip
        # fmt: off
        with tempfile.TemporaryDirectory() as tmp:
            lua = Path(tmp, "done.lua")
            lua.write_text(LUA)
            for label, headers in (("warm, gzip as browsers ask", ["-H", "Accept-Encoding: gzip"]),
                                   ("warm, uncompressed", [])):
                out = subprocess.run(
                    ["wrk", "-t", "2", "-c", str(args.connections), "-d", f"{args.seconds}s", "-s", str(lua),
                     *headers, url],
                    capture_output=True, text=True, check=True,
                ).stdout
                fields = dict(re.findall(r"(\w+)=([\d.]+)", out.split("RESULT", 1)[1]))
                rate = int(fields["requests"]) / float(fields["duration"])
                print(f"{label}: {rate:,.0f} requests/s, p50 {fields['p50']} ms, p95 {fields['p95']} ms, "
                      f"non-2xx {fields['non2xx']}, socket errors {fields['errors']}  (target >= 1,000/s)")
        # fmt: on
    finally:
        server.terminate()
        server.wait(timeout=30)
        cache.terminate()
        cache.wait(timeout=30)
        static.cleanup()


if __name__ == "__main__":
    main()
