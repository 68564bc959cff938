"""Table entries while Redis is frozen: p50/p95 latency of a table's entries with the cache (and the broker,
the same Redis) healthy, then frozen with SIGSTOP (the kernel still accepts connections; nothing answers).

    .venv/bin/python benchmarks/cache_outage_bench.py [--entries 30]

It creates a fresh database ``tarokk_cache_outage_bench`` (``--database`` names another) holding a
200-player tournament whose round 1 is in play (benchmarks/bench_setup.py), starts a private
``redis-server`` on a free port as the site's cache and broker (never the machine's Redis), and gunicorn
(2 workers, production settings) on another. One client, one request at a time, measures:

* API entry: ``POST .../hands/{n}/submissions/`` with the table's ``X-Table-Code``, seat B's entry and
  seat C's confirming one in turn (tables 1-25);
* phone page: ``GET /t/bench/enter/{code}/``, the table's page on a phone;
* phone entry: the phone page's payments form posted (seat B, then seat C confirming; tables 26-50).

Each first with Redis answering, then with it frozen; the overhead is the frozen p50 minus the healthy one
(issue 31 §6: at most 100 ms). Requests the server refuses are counted and printed.

Measured for issue 31 §6 (2026-11-29, 20 requests of each kind, this 2-core machine shared with other
agents' test runs; p50 / p95 in ms):

    before (a 1 s socket timeout on each cache call, the broker's 0.3 s and a retry on each publish):
      healthy  API entry 72 / 108   phone page 70 / 99   phone entry 170 / 225
      frozen   API entry 1449 / 2030   phone page 1071 / 1105   phone entry 2523 / 2866
      overhead at p50: +1378, +1001, +2353
    the cache's breaker only (0.1 s timeouts): frozen overhead +323, +9, +371 (each confirmation still
      published the standings' refresh to the frozen broker: the standings stay stale with no worker)
    after (the cache's and the broker's breakers):
      healthy  API entry 29 / 39   phone page 30 / 37   phone entry 73 / 88
      frozen   API entry 28 / 42   phone page 30 / 36   phone entry 69 / 87
      overhead at p50: -1, 0, -5; the slowest frozen entry 996 ms (the one publish per web worker that
      finds the outage, then skips the broker for BROKER_OUTAGE_SKIP_SECONDS)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import requests
from bench_setup import ROOT, bench_env, bench_tournament, free_port, start_gunicorn, start_redis

DB = "tarokk_cache_outage_bench"
DEALS = 64
PAYMENTS = {"A": -1, "B": 1, "C": -1, "D": 1}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Timer:
    """The wall time (ms) of each request of a kind, and the ones answered with an unexpected status."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.refused: dict[str, list[str]] = {}

    def run(
        self,
        kind: str,
        expected: tuple[int, ...],
        send: Callable[..., requests.Response],
        *args: Any,
        **kw: Any,
    ) -> None:
        start = time.perf_counter()
        response = send(*args, **kw)
        self.times.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
        if response.status_code not in expected:
            self.refused.setdefault(kind, []).append(f"{response.status_code} {response.text[:160]!r}")


class Phone:
    """A phone seated at a table (its own cookies: the session names the seat)."""

    def __init__(self, base: str, code: str, seat: str) -> None:
        self.base, self.code, self.http = base, code, requests.Session()
        table = self.http.get(f"{base}/t/bench/enter/{code}/")
        token = self.http.cookies.get("csrftoken") or _csrf(table.text)
        seated = self.http.post(
            f"{base}/t/bench/enter/{code}/seat/",
            {"position": seat, "csrfmiddlewaretoken": _csrf(table.text) or token},
            allow_redirects=False,
        )
        if seated.status_code != 302:
            sys.exit(f"could not take seat {seat} at {code}: {seated.status_code}")

    def page(self) -> requests.Response:
        return self.http.get(f"{self.base}/t/bench/enter/{self.code}/")

    def enter(self, number: int) -> requests.Response:
        url = f"{self.base}/t/bench/enter/{self.code}/hands/{number}/payments/"
        form = self.http.get(url).text  # the form a person fills (not timed): its token and idempotency key
        data = {"kind": "played", "action": "save", "csrfmiddlewaretoken": _csrf(form)}
        data["idem"] = re.search(r'name="idem" value="([^"]+)"', form).group(1)
        data |= {f"pay_{seat}": str(amount) for seat, amount in PAYMENTS.items()}
        return self.http.post(url, data, allow_redirects=False)


def _csrf(html: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    return found.group(1) if found else ""


def measure(base: str, tables: list[tuple[int, str, int]], entries: int, hands: dict[int, int]) -> Timer:
    """``entries`` of each kind; ``hands``: the next hand of each table (advanced here)."""
    timer = Timer()
    api_tables, phone_tables = tables[:25], tables[25:]
    phones = {
        number: (Phone(base, code, "B"), Phone(base, code, "C")) for number, code, _ in phone_tables[:4]
    }
    api = requests.Session()
    for i in range(entries):
        number, code, _ = api_tables[(i // 2) % len(api_tables)]
        seat = "B" if i % 2 == 0 else "C"
        hand = hands.setdefault(number, 1)
        url = f"{base}/api/v1/tournaments/bench/rounds/1/tables/{number}/hands/{hand}/submissions/"
        body = {"entered_by": seat, "payments": PAYMENTS}
        headers = {"X-Table-Code": code}
        timer.run("API entry", (200, 201), api.post, url, json=body, headers=headers)
        if seat == "C":
            hands[number] = hand + 1
        phone_number = list(phones)[(i // 2) % len(phones)]
        seat_b, seat_c = phones[phone_number]
        timer.run("phone page", (200,), seat_b.page)
        phone_hand = hands.setdefault(phone_number, 1)
        phone = seat_b if i % 2 == 0 else seat_c
        timer.run("phone entry", (302,), phone.enter, phone_hand)
        if i % 2 == 1:
            hands[phone_number] = phone_hand + 1
    return timer


def report(name: str, timer: Timer) -> dict[str, float]:
    p50s = {}
    for kind, times in timer.times.items():
        p50s[kind] = statistics.median(times)
        refused = timer.refused.get(kind, [])
        print(f"  {name:8} {kind:12} p50 {p50s[kind]:7.1f} ms  p95 {percentile(times, 0.95):7.1f} ms  "
              f"max {max(times):7.1f} ms  ({len(times)} requests, {len(refused)} refused)")  # fmt: skip
        for line in refused[:3]:
            print(f"           refused: {line}")
    return p50s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=30, help="requests of each kind per phase")
    parser.add_argument("--database", default=DB, help="the database to create (dropped first if it exists)")
    args = parser.parse_args()
    for tool in ("redis-server", "psql"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install -y redis-server postgresql-client)")
    redis_port = free_port()
    redis = start_redis(redis_port)
    static = tempfile.TemporaryDirectory()  # DEBUG off serves hashed static files: collect them first
    server = None
    try:
        # production settings over plain HTTP on loopback: the phone's cookies must travel without TLS
        env = dict(
            bench_env(args.database, redis_port),
            STATIC_ROOT=static.name,
            CSRF_COOKIE_SECURE="False",
            SESSION_COOKIE_SECURE="False",
        )
        collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"]
        subprocess.run(collect, cwd=ROOT, env=env, check=True)
        _, tables = bench_tournament(env, args.database, DEALS)
        port = free_port()
        server = start_gunicorn(env, port)
        base = f"http://127.0.0.1:{port}"
        hands: dict[int, int] = {}
        measure(base, tables, 4, hands)  # warm-up: connections, templates, the first queries
        healthy = measure(base, tables, args.entries, hands)
        os.kill(redis.pid, signal.SIGSTOP)
        try:
            frozen = measure(base, tables, args.entries, hands)
        finally:
            os.kill(redis.pid, signal.SIGCONT)
        print(f"table entries, one client, gunicorn 2 workers, {args.entries} requests of each kind:")
        before = report("healthy", healthy)
        after = report("frozen", frozen)
        for kind in before:
            print(f"  overhead {kind:12} p50 {after[kind] - before[kind]:+7.1f} ms  (target <= 100 ms)")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        redis.terminate()
        redis.wait(timeout=30)
        static.cleanup()


if __name__ == "__main__":
    main()
