"""Workers under a steady flow of results: the delay from a result's acceptance to standings that include
it (p50/p95/max) and the recomputations per 100 results, for a 200-player tournament, with PostgreSQL,
Redis, gunicorn (2 workers) and one real Celery worker (concurrency 1).

    .venv/bin/python benchmarks/workers_bench.py [--rate 50] [--seconds 20] [--in-process] [--profile]

It creates a fresh database ``tarokk_workers_bench``, a 200-player tournament whose round 1 is in play (50
four-player tables with entry codes, enough deals that the run never runs out), a private ``redis-server``
on a free loopback port (broker and cache), gunicorn and the worker, and stops them all at the end (also
on Ctrl-C or an error; the database is dropped unless ``--keep``).

The load: ``--rate`` results per second for ``--seconds``, a result being a confirmed hand, i.e. two POSTs
of the same payments to ``.../hands/{n}/submissions/`` with the table's code (seat B enters, seat C
confirms). Result i is due at ``i / rate`` and starts then on a thread of a small pool, on the next free
table: hand n of a table starts only once hand n-1 of that table was confirmed. A web side that cannot
keep up gets fewer results (they start late; none after ``--seconds``), and the achieved rate is printed.
On a small machine the web side is the limit: through gunicorn a result costs about 25-45 ms of CPU, i.e.
most of 2 cores at 50/s, so the rate falls short as soon as anything else runs. ``--in-process`` then makes
the same entries from two child processes that call ``services.hand_submit`` directly (no HTTP: about
20 ms of CPU per result), so that the worker still sees the target rate.

What is measured, in this process, with the clock of this process:

* a result's acceptance: the moment its confirming entry was answered (2xx, hand confirmed); right after,
  the bench reads ``StandingsState.version``. That is >= the version its own commit produced (other
  results may have committed meanwhile), so the "declared current" delay below is slightly pessimistic;
* a poller reads ``StandingsState`` every 10 ms, and the stored standings after round 1 whenever
  ``recomputations`` moved (a recompute writes its rows and that counter in one transaction);
* delay to *include* it: until the first poll whose stored standings count the hand (hands played by the
  table's players >= n), i.e. what a reader of the standings gets;
* delay to *declared current*: until the first poll with ``computed_version`` >= the version read after
  acceptance: the standings marked current (``stale: false`` and the version the API carries);
* recomputations: ``StandingsState.recomputations`` before and after (during the load, and the ones that
  catch up once it stops: the bench waits, bounded, until the standings are current).

Delays are rounded up to the next poll (10 ms). To show where the time goes it prints how often the worker
recomputed during the load and after how many of those computed_version moved; the CPU used
during the load by gunicorn, the worker, PostgreSQL (this database), this script and the whole machine;
and the time of one ``standings_recompute`` of the final tournament in-process (median of 3, split into
table results and snapshots). ``--profile`` adds the top of a cProfile of one recompute.
Targets (issue 13): p95 < 1 s and <= 10 recomputations per 100 results at 50 results/s.
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import dataclasses
import http.client
import itertools
import json
import math
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from subprocess import Popen
from typing import Any

import psycopg
from bench_setup import PG, ROOT, bench_env, bench_tournament, free_port, psql, wait_for_port

DB = "tarokk_workers_bench"
TABLES = 50  # 200 players at four-player tables
POLL_SECONDS = 0.010
CATCH_UP_SECONDS = 60  # bound on the wait for current standings (at the start and once the load stops)
PAYMENTS = {"A": -1, "B": 1, "C": -1, "D": 1}
TARGET_P95_MS = 1000
TARGET_PER_100 = 10


@dataclass
class Result:
    """One confirmed hand: when it was due, when its confirmation was accepted, the version then."""

    table: int
    hand: int
    due: float
    started: float = 0.0
    accepted: float | None = None  # perf_counter() when the confirming entry was answered
    confirm_ms: float = 0.0  # the confirming entry's own latency
    version: int = 0
    error: str = ""


@dataclass
class Poll:
    at: float
    version: int
    computed_version: int
    recomputations: int
    hands: dict[int, int]  # table number -> hands counted in the stored standings (shared while unchanged)


@dataclass
class Setup:
    tournament_id: int
    tables: list[tuple[int, str, int]]  # (number, code, player id of seat A)
    deals: int  # per table


@dataclass
class Run:
    results: list[Result]
    elapsed: float  # from the first result due to the last answer
    polls: list[Poll]
    load_end: float
    recomputations_before: int
    recomputations_after: int
    current: bool  # the standings were current within CATCH_UP_SECONDS of the load's end
    cpu: dict[str, float]  # CPU seconds used during the load (see CpuMeter)


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Workers under a steady flow of results (see the docstring)."
    )
    parser.add_argument("--rate", type=float, default=50.0, help="confirmed hands per second")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the load lasts")
    parser.add_argument(
        "--clients", type=int, default=8, help="threads making entries (shared by the in-process drivers)"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile one recompute and print its top")
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="call the services from child processes instead of gunicorn (when the web side is the limit)",
    )
    parser.add_argument("--keep", action="store_true", help=f"keep the database {DB}")
    parser.add_argument("--child", help=argparse.SUPPRESS)  # the in-process driver's configuration
    args = parser.parse_args()
    if args.child:
        child(json.loads(args.child))
        return
    for tool in ("redis-server", "psql"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install -y redis-server postgresql-client)")
    total = max(1, math.ceil(args.rate * args.seconds))
    deals = math.ceil(total / TABLES) + 4  # round-robin gives every table about total / TABLES hands

    logs = Path(tempfile.mkdtemp(prefix="workers-bench-"))
    processes: dict[str, Popen[bytes]] = {}  # each the leader of its own process group
    try:
        redis_port = free_port()
        redis = f"--port {redis_port} --bind 127.0.0.1 --appendonly no".split()
        processes["redis"] = start(["redis-server", *redis, "--save", ""], logs / "redis.log")
        env = bench_env(DB, redis_port)
        print(f"setting up {DB}: 200 players, {TABLES} tables, {deals} deals each ...", flush=True)
        setup = prepare(env, deals)
        worker = "-A config worker -l WARNING --concurrency 1 -n bench@%h --without-gossip --without-mingle"
        processes["worker"] = start(
            [sys.executable, "-m", "celery", *worker.split()], logs / "worker.log", env
        )
        if args.in_process:
            enter = None
        else:
            port = free_port()
            web = f"config.wsgi:application --bind 127.0.0.1:{port} --workers 2 --log-level warning"
            processes["web"] = start([sys.executable, "-m", "gunicorn", *web.split()], logs / "web.log", env)
            wait_for_port(port)
            enter = http_entry(setup, port)
        report(run(setup, enter, args, env, logs, processes), args.rate)
        recompute_times(env, args.profile)
    finally:
        for process in reversed(processes.values()):
            stop(process)
        for log in sorted(logs.glob("*.log")):
            show_problems(log.stem, log)
        shutil.rmtree(logs, ignore_errors=True)
        if not args.keep:
            with contextlib.suppress(subprocess.CalledProcessError):
                psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")


def run(
    setup: Setup,
    enter: Enter | None,
    args: argparse.Namespace,
    env: dict[str, str],
    logs: Path,
    processes: dict[str, Popen[bytes]],
) -> Run:
    """Drive the load (through ``enter``, or in-process if None) while polling the standings, then wait
    (bounded) for them to be current."""
    with psycopg.connect(f"{PG}/{DB}", autocommit=True) as db:
        # The set-up left the standings stale with a refresh queued: the worker making them current shows
        # that it consumes the queue.
        if not wait_current(db, setup.tournament_id, CATCH_UP_SECONDS):
            sys.exit("the worker did not make the standings current (its errors, if any, follow)")
        before = read_state(db, setup.tournament_id)[2]
        web = "gunicorn (2 workers)" if enter else f"services called in-process by {DRIVERS} processes"
        print(
            f"driving {args.rate:g} results/s for {args.seconds:g} s through {web}, "
            f"1 Celery worker (concurrency 1) ...",
            flush=True,
        )
        meters: list[CpuMeter] = []

        def measure_from_now(drivers: list[Popen[str]] | None = None) -> None:
            groups = {name: process.pid for name, process in processes.items()}
            groups |= {f"driver:{k}": process.pid for k, process in enumerate(drivers or [])}
            meters.append(CpuMeter(groups))
            meters[0].start()

        poller = Poller(setup)
        poller.start()
        try:
            if enter is None:
                results, elapsed = drive_in_process(setup, args, env, logs, measure_from_now)
            else:
                measure_from_now()
                results, elapsed = drive(setup, enter, args.rate, args.seconds, args.clients)
            load_end = time.perf_counter()
            cpu = meters[0].stop()
            current = wait_current(db, setup.tournament_id, CATCH_UP_SECONDS)
            time.sleep(3 * POLL_SECONDS)
        finally:
            poller.stop()
            for meter in meters:
                meter.stop()
        after = read_state(db, setup.tournament_id)[2]
    return Run(results, elapsed, poller.polls, load_end, before, after, current, cpu)


# --- set-up ------------------------------------------------------------------------------------------


def start(command: list[str], log: Path, env: dict[str, str] | None = None) -> Popen[bytes]:
    """A child in its own session (Ctrl-C reaches only this script, which stops it), output to ``log``."""
    with log.open("wb") as out:
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def stop(process: Popen[Any]) -> None:
    """Terminate gracefully (a worker finishes its task), then kill what is left of its process group."""
    if process.poll() is None:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=30)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # leftovers: prefork children, gunicorn workers
    process.wait()


def prepare(env: dict[str, str], deals: int) -> Setup:
    """A fresh database with the tournament in play; its tables' codes and one player of each table."""
    tournament_id, tables = bench_tournament(env, DB, deals)
    return Setup(tournament_id, tables, deals)


# --- what is measured --------------------------------------------------------------------------------


def read_state(db: psycopg.Connection[Any], tournament_id: int) -> tuple[int, int, int, bool]:
    """(version, computed_version, recomputations, stale) of the tournament's standings."""
    row = db.execute(
        "SELECT version, computed_version, recomputations, stale_since IS NOT NULL "
        "FROM tournaments_standingsstate WHERE tournament_id = %s",
        [tournament_id],
    ).fetchone()
    return (int(row[0]), int(row[1]), int(row[2]), bool(row[3])) if row else (0, 0, 0, False)


def wait_current(db: psycopg.Connection[Any], tournament_id: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        version, computed, _, stale = read_state(db, tournament_id)
        if not stale and computed >= version:
            return True
        time.sleep(POLL_SECONDS)
    return False


class Poller(threading.Thread):
    """Every 10 ms: the standings' state, and the stored standings whenever a recompute wrote them."""

    def __init__(self, setup: Setup) -> None:
        super().__init__(name="poller", daemon=True)
        self.setup = setup
        self.polls: list[Poll] = []
        self._done = threading.Event()

    def stop(self) -> None:
        self._done.set()
        self.join(timeout=10)

    def run(self) -> None:
        table_of = {player: number for number, _, player in self.setup.tables}
        hands = dict.fromkeys(table_of.values(), 0)
        seen = -1
        with psycopg.connect(f"{PG}/{DB}", autocommit=True) as db:
            next_at = time.perf_counter()
            while not self._done.is_set():
                version, computed, recomputations, _ = read_state(db, self.setup.tournament_id)
                if recomputations != seen:
                    rows = db.execute(
                        "SELECT player_id, hands_played FROM tournaments_standing "
                        "WHERE tournament_id = %s AND after_round = 1 AND player_id = ANY(%s)",
                        [self.setup.tournament_id, list(table_of)],
                    ).fetchall()
                    hands = dict.fromkeys(table_of.values(), 0) | {table_of[p]: n for p, n in rows}
                    seen = recomputations
                now = time.perf_counter()
                self.polls.append(Poll(now, version, computed, recomputations, hands))
                next_at = max(next_at + POLL_SECONDS, now)
                self._done.wait(max(0.0, next_at - time.perf_counter()))


class CpuMeter(threading.Thread):
    """CPU seconds used from ``start()`` to ``stop()`` (from /proc) by each process group named, by this
    database's PostgreSQL backends, by this script, and by the whole machine (every core and every user).
    Sampled every 0.5 s, so a process that ends meanwhile counts until its last sample."""

    def __init__(self, groups: dict[str, int]) -> None:
        super().__init__(name="cpu", daemon=True)
        self.groups = groups
        self.first: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self._started = threading.Event()
        self._done = threading.Event()

    def start(self) -> None:
        super().start()
        self._started.wait(timeout=10)

    def stop(self) -> dict[str, float]:
        """Seconds by group name, ``postgres``, ``this script`` and ``machine``."""
        self._done.set()
        self.join(timeout=10)
        used: dict[str, float] = defaultdict(float)
        for key, seconds in self.last.items():
            used[key.partition(":")[0]] += seconds - self.first.get(key, 0.0)
        return used

    def run(self) -> None:
        with psycopg.connect(f"{PG}/{DB}", autocommit=True) as db:
            self.first = self.sample(db)
            self.last = dict(self.first)
            self._started.set()
            while not self._done.wait(0.5):
                self.last.update(self.sample(db))
            self.last.update(self.sample(db))

    def sample(self, db: psycopg.Connection[Any]) -> dict[str, float]:
        backends = {pid for (pid,) in db.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [DB])}
        ticks = os.sysconf("SC_CLK_TCK")
        names = {pgid: name for name, pgid in self.groups.items()}
        used: dict[str, float] = {}  # a group whose processes all ended keeps its last sample
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                fields = stat.read_text().rsplit(")", 1)[1].split()  # state ppid pgrp ... utime(11) stime(12)
                seconds = (int(fields[11]) + int(fields[12])) / ticks
                if (name := names.get(int(fields[2]))) is not None:
                    used[name] = used.get(name, 0.0) + seconds
                if int(stat.parent.name) in backends:
                    used[f"postgres:{stat.parent.name}"] = seconds
        times = os.times()
        used["this script"] = times.user + times.system
        jiffies = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        used["machine"] = (sum(jiffies) - jiffies[3] - jiffies[4]) / ticks  # all but idle and iowait
        return used


# --- the load ----------------------------------------------------------------------------------------


Enter = Callable[[int, int, str], str]  # (table, hand, seat) -> the entry's status; raises if refused


def drive(
    setup: Setup,
    enter: Enter,
    rate: float,
    seconds: float,
    clients: int,
    start: float | None = None,
    offset: float = 0.0,
) -> tuple[list[Result], float]:
    """Start result i at ``i / rate`` on the next free table for ``seconds`` (no later: a web side that
    falls behind gets fewer results, not a longer run); the results and the time until the last answer."""
    free: queue.Queue[int] = queue.Queue()
    for number, _, _ in setup.tables:
        free.put(number)
    next_hand = {number: 1 for number, _, _ in setup.tables}
    local = threading.local()
    connections: list[psycopg.Connection[Any]] = []
    lock = threading.Lock()

    def version_now() -> int:
        if not hasattr(local, "db"):
            local.db = psycopg.connect(f"{PG}/{DB}", autocommit=True)
            with lock:
                connections.append(local.db)
        return read_state(local.db, setup.tournament_id)[0]

    def one(result: Result) -> None:
        result.started = time.perf_counter()
        try:
            if (status := enter(result.table, result.hand, "B")) != "pending":
                raise RuntimeError(f"seat B's entry is {status!r}, not pending")
            sent = time.perf_counter()
            if (status := enter(result.table, result.hand, "C")) != "confirmed":
                raise RuntimeError(f"seat C's entry is {status!r}, not confirmed")
            result.accepted = time.perf_counter()
            result.confirm_ms = (result.accepted - sent) * 1000
            result.version = version_now()
        except Exception as exc:  # reported; the table leaves the rotation
            result.error = f"table {result.table} hand {result.hand}: {exc}"
            return
        if result.hand < setup.deals:
            free.put(result.table)

    results: list[Result] = []
    futures: list[Future[None]] = []
    pool = ThreadPoolExecutor(max_workers=clients, thread_name_prefix="client")
    t0 = time.perf_counter() + 0.2 if start is None else start
    end = t0 + seconds
    try:
        for i in range(math.ceil(rate * seconds)):
            due = t0 + offset + i / rate
            time.sleep(max(0.0, due - time.perf_counter()))
            try:
                table = free.get(timeout=max(0.0, end - time.perf_counter()))
            except queue.Empty:
                break  # every table still busy when the load's time was up
            if time.perf_counter() > end:
                break
            result = Result(table, next_hand[table], due)
            next_hand[table] += 1
            results.append(result)
            futures.append(pool.submit(one, result))
        for future in futures:
            future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        for db in connections:
            db.close()
    return results, time.perf_counter() - t0


def http_entry(setup: Setup, port: int) -> Enter:
    """An entry through the API, with the table's code (what a table's phone does)."""
    codes = {number: code for number, code, _ in setup.tables}

    def enter(table: int, hand: int, seat: str) -> str:
        path = f"/api/v1/tournaments/bench/rounds/1/tables/{table}/hands/{hand}/submissions/"
        body = json.dumps({"entered_by": seat, "payments": PAYMENTS})
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request(
                "POST", path, body, {"Content-Type": "application/json", "X-Table-Code": codes[table]}
            )
            response = conn.getresponse()
            data = response.read()
        finally:
            conn.close()
        if response.status >= 300:
            raise RuntimeError(f"seat {seat}: HTTP {response.status} {data[:200]!r}")
        return str(json.loads(data).get("status"))

    return enter


DRIVERS = 2  # in-process driver processes: the GIL holds one Python process to about one core


def drive_in_process(
    setup: Setup,
    args: argparse.Namespace,
    env: dict[str, str],
    logs: Path,
    on_ready: Callable[[list[Popen[str]]], None],
) -> tuple[list[Result], float]:
    """``--in-process``: the same load from child processes that call ``services.hand_submit`` themselves
    (no HTTP), each with its share of the tables and of the rate, interleaved. Their clock is this one's
    (``perf_counter`` is the system's monotonic clock on Linux)."""
    children: list[Popen[str]] = []
    try:
        for k in range(DRIVERS):
            config = {
                "setup": dataclasses.asdict(dataclasses.replace(setup, tables=setup.tables[k::DRIVERS])),
                "rate": args.rate / DRIVERS,
                "offset": k / args.rate,
                "seconds": args.seconds,
                "clients": math.ceil(args.clients / DRIVERS),
            }
            with (logs / f"driver{k}.log").open("wb") as err:
                children.append(
                    subprocess.Popen(
                        [sys.executable, __file__, "--child", json.dumps(config)],
                        cwd=ROOT,
                        env=env,
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=err,
                        text=True,
                        start_new_session=True,
                    )
                )
        for k, process in enumerate(children):
            expect(process, "READY", logs / f"driver{k}.log")
        on_ready(children)
        start = time.perf_counter() + 0.3
        for process in children:
            assert process.stdin is not None
            process.stdin.write(f"GO {start!r}\n")
            process.stdin.flush()
        outs = [json.loads(expect(p, "RESULTS ", logs / f"driver{k}.log")) for k, p in enumerate(children)]
    finally:
        for process in children:
            stop(process)
    results = sorted((Result(**r) for out in outs for r in out["results"]), key=lambda r: r.due)
    return results, max(out["elapsed"] for out in outs)


def expect(process: Popen[str], prefix: str, log: Path) -> str:
    """The rest of the first line of ``process``'s output that starts with ``prefix``."""
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(prefix):
            return line.removeprefix(prefix)
    sys.exit(f"an in-process driver stopped:\n{log.read_text()}")


def child(config: dict[str, Any]) -> None:
    """The in-process driver (see ``drive_in_process``): Django set up, then the load on a signal."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from tournaments import services
    from tournaments.draw.models import Seat, Table

    setup = Setup(**config["setup"])
    tables = {t.number: t for t in Table.objects.filter(round__tournament_id=setup.tournament_id)}
    players = {
        (seat.table.number, seat.position): seat.player
        for seat in Seat.objects.filter(table__in=list(tables.values())).select_related("table", "player")
    }

    def enter(table: int, hand: int, seat: str) -> str:
        # Only one hand of a table is in flight at a time, so the table's object is never shared.
        submission = services.hand_submit(
            table=tables[table],
            number=hand,
            source="payments",
            data={"payments": PAYMENTS},
            submitted_by=players[(table, seat)],
        )
        return str(submission.status)

    print("READY", flush=True)
    start = float(sys.stdin.readline().split()[1])
    results, elapsed = drive(
        setup, enter, config["rate"], config["seconds"], config["clients"], start, config["offset"]
    )
    out = {"results": [dataclasses.asdict(r) for r in results], "elapsed": elapsed}
    print("RESULTS " + json.dumps(out), flush=True)


# --- the figures -------------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    """Nearest rank; ``inf`` stands for a result never seen."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else math.nan


def delays(results: list[Result], polls: list[Poll]) -> tuple[list[float], list[float]]:
    """Per accepted result, ms to the first poll (not before its acceptance) whose stored standings
    include it, and to the first whose computed_version reaches the version read after it."""
    times = [p.at for p in polls]
    computed = [p.computed_version for p in polls]  # never decreases
    per_table: dict[int, list[int]] = {}
    included, current = [], []
    for r in results:
        if r.accepted is None:
            continue
        start = bisect.bisect_left(times, r.accepted)
        counts = per_table.get(r.table)
        if counts is None:
            counts = per_table[r.table] = [p.hands.get(r.table, 0) for p in polls]  # never decrease
        for found, out in (
            (bisect.bisect_left(counts, r.hand, lo=start), included),
            (bisect.bisect_left(computed, r.version, lo=start), current),
        ):
            out.append((times[found] - r.accepted) * 1000 if found < len(polls) else math.inf)
    return included, current


def ms(value: float) -> str:
    return "never" if math.isinf(value) else f"{value:,.0f} ms"


def report(run: Run, rate: float) -> None:
    accepted = [r for r in run.results if r.accepted is not None]
    errors = [r.error for r in run.results if r.error]
    achieved = len(accepted) / run.elapsed
    lag = max((r.started - r.due for r in run.results), default=0.0) * 1000
    posts = [r.confirm_ms for r in accepted]
    print(
        f"\nresults accepted: {len(accepted)}{f' ({len(errors)} failed)' if errors else ''}, "
        f"{achieved:.1f}/s (target rate {rate:g}/s); confirming entry p50 {percentile(posts, 50):.0f} ms, "
        f"p95 {percentile(posts, 95):.0f} ms; latest start {lag:,.0f} ms behind schedule"
    )
    for error in errors[:5]:
        print(f"  failed: {error}")
    if achieved < 0.95 * rate:
        print(
            f"  the load did not reach {rate:g}/s on this machine: the figures below are at {achieved:.1f}/s"
        )
    included, declared = delays(accepted, run.polls)
    p95 = percentile(included, 95)
    print(
        f"delay to stored standings that include it (what a reader gets): "
        f"p50 {ms(percentile(included, 50))}, p95 {ms(p95)}, max {ms(max(included, default=0))}  "
        f"(target p95 < {TARGET_P95_MS:,} ms: {'met' if p95 < TARGET_P95_MS else 'MISSED'})"
    )
    never = sum(math.isinf(d) for d in declared)
    print(
        f"delay to standings declared current (computed_version >= its version): "
        f"p50 {ms(percentile(declared, 50))}, p95 {ms(percentile(declared, 95))}, "
        f"max {ms(max(declared, default=0))}{f' ({never} results never)' if never else ''}"
    )
    during = [p for p in run.polls if p.at <= run.load_end]
    total = run.recomputations_after - run.recomputations_before
    in_load = (during[-1].recomputations if during else run.recomputations_after) - run.recomputations_before
    per_100 = 100 * total / max(1, len(accepted))
    print(
        f"recomputations: {total} ({in_load} during the load, {total - in_load} after it) "
        f"= {per_100:.1f} per 100 results  (target <= {TARGET_PER_100}: "
        f"{'met' if per_100 <= TARGET_PER_100 else 'MISSED'})"
        f"{'' if run.current else f'; NOT current {CATCH_UP_SECONDS} s after the load'}"
    )

    print("\nwhere the time goes:")
    passes = [b for a, b in itertools.pairwise(during) if b.recomputations != a.recomputations]
    if len(passes) > 1:
        gaps = [(b.at - a.at) * 1000 for a, b in itertools.pairwise(passes)]
        moved = sum(1 for a, b in itertools.pairwise(during) if b.computed_version != a.computed_version)
        print(
            f"  during the load the worker finished a recompute every {statistics.mean(gaps):,.0f} ms on "
            f"average (median {statistics.median(gaps):,.0f} ms, max {max(gaps):,.0f} ms): a recompute, "
            f"then the coalescing pause while changes keep coming"
        )
        print(
            f"  computed_version (the version the API reports) moved after {moved} of those "
            f"{in_load} recomputes"
        )
        if moved < in_load:
            print(
                "  (a recompute that finds changes committed while it ran fails its compare-and-set on the "
                "version: its rows include every result committed before it began, but it leaves "
                "computed_version and the stale flag behind, so under a steady flow the standings are "
                "declared current only once the flow pauses for longer than a recompute)"
            )
    cpu = run.cpu
    web, label = ("web", "gunicorn") if "web" in cpu else ("driver", "the in-process drivers")
    parts = [
        (label, cpu[web]),
        ("Celery worker", cpu["worker"]),
        ("PostgreSQL (this database)", cpu["postgres"]),
        ("redis", cpu["redis"]),
        ("this script", cpu["this script"]),
    ]
    others = cpu["machine"] - sum(seconds for _, seconds in parts)
    print(
        f"  CPU during the load ({run.elapsed:.1f} s on {os.cpu_count()} cores): machine "
        f"{cpu['machine']:.1f} s = {' + '.join(f'{name} {seconds:.1f} s' for name, seconds in parts)} + "
        f"everything else (other users) {others:.1f} s; "
        f"{label}: {1000 * cpu[web] / max(1, len(accepted)):.0f} ms of CPU per result"
    )


def show_problems(name: str, log: Path) -> None:
    if not log.exists():
        return
    lines = log.read_text(errors="replace").splitlines()
    problems = [line for line in lines if re.search(r"ERROR|CRITICAL|Traceback|SoftTimeLimit", line)]
    if problems:
        print(f"{name} log: {len(problems)} error lines, e.g.:")
        for line in problems[:5]:
            print(f"  {line[:200]}")


TIMING = """
import cProfile, io, json, pstats, statistics, time
from django.db import transaction
from tournaments.standings import services as standings
from tournaments.organizing.models import Tournament
t = Tournament.objects.get(slug="bench")
def timed(fn):
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000
whole, results, snapshots = [], [], []
for _ in range(3):
    whole.append(timed(lambda: standings.standings_recompute(t)))
    with transaction.atomic():
        results.append(timed(lambda: standings._rebuild_table_results(t)))
        snapshots.append(timed(lambda: standings._rebuild_snapshots(t)))
        transaction.set_rollback(True)
medians = [statistics.median(x) for x in (whole, results, snapshots)]
print("TIMES " + json.dumps([*medians, standings.COALESCE_SECONDS]))
if PROFILE:
    profile = cProfile.Profile()
    profile.runcall(standings.standings_recompute, t)
    out = io.StringIO()
    pstats.Stats(profile, stream=out).strip_dirs().sort_stats("cumulative").print_stats(20)
    print(out.getvalue())
"""


def recompute_times(env: dict[str, str], profile: bool) -> None:
    """One recompute of the final tournament, in a Django process of its own (the worker is idle now)."""
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", f"PROFILE = {profile}\n{TIMING}"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    line, _, profile_text = out.partition("TIMES ")[2].partition("\n")
    whole, results, snapshots, pause = json.loads(line)
    print(
        f"  one standings_recompute of the final tournament in-process, load stopped (median of 3): "
        f"{whole:,.0f} ms, of which table results {results:,.0f} ms and snapshots {snapshots:,.0f} ms; "
        f"the coalescing pause between passes (standings.COALESCE_SECONDS): {pause * 1000:,.0f} ms"
    )
    if profile:
        print("\ncProfile of one recompute, by cumulative time:")
        print(profile_text.strip())


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit("interrupted (what it started is stopped)")
