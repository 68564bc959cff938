"""Live tables under load (issue 33): 150 tables (600 seats, each with its phone's WebSocket) and 200
spectators, on PostgreSQL, daphne and Redis on loopback, the bots playing at full speed.

    .venv/bin/python benchmarks/live_bench.py [--seconds 20] [--tables 150] [--spectators 200]
        [--reconnects 20] [--servers 1] [--worker-concurrency 2] [--app config.asgi:application] [--keep]

What it starts, and why so:

* a fresh database ``tarokk_live_bench`` (dropped at the end unless ``--keep``) and a private, memory-only
  ``redis-server`` on a free loopback port (never the machine's own Redis): the channel layer, Celery's
  broker and the cache, as ``REDIS_URL`` makes them in production;
* a tournament "bench" of ``4 x --tables`` players whose round 1 is in play, every table played live
  (``live_table_start``) and open to public spectators: a tournament's tables rather than practice ones,
  so that each finished hand is entered through the results service as in production, and spectators
  need no organizer's session. Four tables in five have one person and three rule bots, every fifth four
  people; 64 deals, so that no table finishes during the run. The registrations are bulk-created (checked
  in): ``player_register`` one by one took 15 ms each;
* the site under daphne (``config.asgi``, as docker/compose.yaml's ``web``, with its ``DB_CONN_MAX_AGE=0``;
  ``--servers`` processes on ports of their own, the connections spread over them) and one Celery worker
  with ``--concurrency 2`` (the compose file's ``worker``). With ``REDIS_URL`` set, bots move in the worker
  (tournaments/live/turns.py: each move's reaction sends the next bot move's task); ``LIVE_BOT_DELAY_MS=0``
  is read when the tables are made (``LiveTable.bot_delay_ms``): no countdown, full speed;
* this script as every phone and screen (asyncio, one process): a WebSocket per seat and per spectator,
  and an HTTP connection per person's phone. The HTTP and WebSocket clients are a few lines over asyncio's
  streams below: the project has neither ``websockets``, ``aiohttp`` nor ``httpx``, and a benchmark adds
  no dependency. The people's phones connect first (a table starts with them, and its bots move up to a
  person's turn while few sockets hear it), then the bots' seats, then the spectators, ``CONNECT_AT_ONCE``
  at a time (daphne drops a handshake not accepted within 5 s; a dropped one is tried again after 1, 2,
  4 ... s as live.js does) for at most ``CONNECT_GIVE_UP`` seconds; the window starts then, with the
  sockets that are open. A person moves as soon as a pushed state (or its move's answer) offers choices,
  from the window's start on: a random legal choice, a discard with its cards (as
  tests/live/test_live_api.py chooses), posted with an ``Idempotency-Key``, at most ``IN_FLIGHT`` at once.

What it measures (everything shares the 2 cores, this script too; the CPU each part used in the window
and the machine's load average are printed, and so are the pushes received beside those the actions
called for, one per socket of the table):

1. actions applied per second: ``LiveAction`` rows created in the ``--seconds`` window, by a person and by
   a bot, beside the framework floor measured in the same run before and after the live load:
   ``benchmarks/floor_asgi.py`` (the same daphne count and settings; a view doing one ``SELECT ... FOR
   UPDATE`` of a row and one ``INSERT`` in a transaction, the least a move must do), driven by the same
   client with ``IN_FLIGHT`` POSTs in flight. Target: actions at least half the floor's requests;
2. an action until every seat of its table sees it: from sending a person's move to the moment all four
   seat sockets of the table (the mover's too) have received a state at or after its new (hand number,
   step). Moves sent in the window are followed for ``TAIL_SECONDS`` after it (the load going on); one not
   seen by every seat by then counts as never. Bots' moves start in the worker: not timed. Target p95 <
   300 ms;
3. a bot's decision: ``bot_move("rule", ...)`` of the engine's live hand, timed in this process over whole
   hands once the servers stopped (what a worker spends choosing). Target p95 < 50 ms;
4. memory per live table: the daphne processes' RSS after the window minus before any socket, per table
   (consumers, the replay cache of tournaments/live/replay.py, buffers), the worker's likewise, and one
   replayed hand mid-play (tracemalloc) for the replay cache's share;
5. a reconnect until the seat can act again: ``--reconnects`` people's phones (one-person tables) close
   their socket during the window and open a new one; timed until its first state, and when that state
   says it is the seat's turn, until the move posted from it is accepted; never after 10 s. Target p95 <
   1 s.

Speed figures that miss their target print MISS and do not fail the run; the exit status is 1 on errors:
a move answered 5xx or not at all, a socket that never opened, a table that never moved.

Measured (2026-11-29, this 2-core machine, load average 1.6-3.5 before the run; the whole run 107-112 s),
after the push path's rework (one read of a table for all its connections in a process, the reads on the
loop's threads with daphne's pooled connections, ``DB_POOL=16`` here; compose's ``web`` sets 10):

    sockets connected           800 of 800 in 26.6-28.4 s, no handshake dropped
    actions applied             39.4-47.4/s against a floor of 201-231 req/s: 0.20-0.21 (MISS)
    pushes received             112-130/s where the actions called for 210-233/s (before: 11/s of 155)
    action -> every seat        p50 4.0-5.0 s, p95 never within the tail (18-27 of 296-324 never) (MISS)
    bot decision                p50 0.09-0.10 ms, p95 0.19-0.21 ms (PASS)
    memory per live table       daphne 415-423 KiB, worker 77-150 KiB, a replayed hand 7 KiB
    reconnect                   p50 447-597 ms, p95 2.4-3.6 s (MISS)

Before it (29d87fc, load average 2.4-3.1): 404 of 800 sockets in 60 s, 29.1 actions/s against 117 req/s
(0.25), 11 pushes received a second where 155 were called for, 88 of 168 moves never seen by every seat,
no reconnect ready within 10 s.

Where the time goes now: the load offers more than the two cores serve (bots at full speed, people moving
the moment they may), so every figure that waits is a queue's length. In the window daphne uses 16 CPU
seconds of 20, the worker 12, PostgreSQL and this script the rest (the machine 38.5 of 40). py-spy
(``--gil``, 25 Hz, 20 s) on daphne: 59% of the time holding the interpreter is Django handling requests
and reads in threads, 40% inside the ORM's queries, of which 27% compiling SQL (``as_sql``; the ordering
alone 14.5%); ``table_read`` (three queries a read: the table with its tournament, its seats, its hands)
is 31.8%, 13.5% of it answering moves and 23.8% the connections' shared reads; ``live_move`` 14.1%; the
event loop itself (WebSocket frames) 23.5%. The next steps are fewer and simpler queries for a read
(the tournament's labels of a live table never change), and more daphne processes on a machine with more
cores (``--servers``).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import math
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_setup import ROOT, bench_env, free_port, psql, start_redis, wait_for_port

DB = "tarokk_live_bench"
HOST = "127.0.0.1"
FOUR_PEOPLE_EVERY = 5  # every fifth table has four people, the others one person and three bots
DEALS = 64  # deals per round: more than a table plays in the run
CONNECT_AT_ONCE = 4  # sockets opened at a time (daphne drops a handshake not accepted within 5 s)
CONNECT_GIVE_UP = 60.0  # seconds for connecting every socket: then the window starts with those open
# People's HTTP requests in flight at once (and the floor's loops): Django's ASGI handler runs each request
# on a new thread with a PostgreSQL connection of its own, and this machine's PostgreSQL (max_connections
# 100) is shared with the test suites
IN_FLIGHT = 32
RECONNECT_GIVE_UP = 10.0  # seconds: a phone still not ready by then counts as never
TAIL_SECONDS = 10.0  # after the window, for the moves sent in it to reach every seat
TIMEOUT = 30.0  # seconds without an answer to a request or a handshake: the client gives up on it
FLOOR_SECONDS = 4.0
BOT_HANDS = 40  # whole hands of four rule bots timed in-process

TARGET_SHARE = 0.5
TARGET_SEEN_MS = 300.0
TARGET_BOT_MS = 50.0
TARGET_RECONNECT_MS = 1000.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="the measured window of the live load")
    parser.add_argument("--tables", type=int, default=150, help="live tables (four seats each)")
    parser.add_argument("--spectators", type=int, default=200, help="spectator sockets, spread over tables")
    parser.add_argument("--reconnects", type=int, default=20, help="phones that reconnect during the load")
    parser.add_argument("--servers", type=int, default=1, help="daphne processes (ports) serving the site")
    parser.add_argument("--worker-concurrency", type=int, default=2, help="the Celery worker's processes")
    parser.add_argument("--keep", action="store_true", help=f"keep the database {DB}")
    parser.add_argument(
        "--app", default="config.asgi:application", help="the ASGI application (to try a change elsewhere)"
    )
    args = parser.parse_args()
    for tool in ("redis-server", "psql"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install -y redis-server postgresql-client)")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # ``timeout`` and friends: clean up too
    began = time.perf_counter()
    logs = Path(tempfile.mkdtemp(prefix="live-bench-"))
    processes: dict[str, subprocess.Popen[bytes]] = {}
    redis_port = free_port()
    broker = start_redis(redis_port)
    failed = True
    try:
        env = dict(bench_env(DB, redis_port), LIVE_BOT_DELAY_MS="0", CELERY_TASK_ALWAYS_EAGER="false")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        django_setup(env)
        print(f"setting up {DB}: {args.tables} live tables, {4 * args.tables} players ...", flush=True)
        started = time.perf_counter()
        tables = prepare(args.tables)
        print(f"set-up: {time.perf_counter() - started:.0f} s", flush=True)
        floor_before = measure_floor(env, args, logs)
        ports = [free_port() for _ in range(args.servers)]
        for k, port in enumerate(ports):
            processes[f"daphne:{k}"] = start_daphne(env, port, logs / f"daphne-{k}.log", args.app)
        worker = [sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "WARNING",
                  "--concurrency", str(args.worker_concurrency), "-n", "live-bench@%h",
                  "--without-gossip", "--without-mingle", "--without-heartbeat"]  # fmt: skip
        processes["worker"] = start(worker, logs / "worker.log", env)
        wait_for_worker()
        run = asyncio.run(LiveRun(tables, ports, args, processes, broker.pid).run())
        for name in list(processes):
            stop(processes.pop(name))
        floor_after = measure_floor(env, args, logs)
        bot_ms = bot_decisions(BOT_HANDS)
        replay_bytes = replayed_hand_bytes(args.tables)
        report(args, run, (floor_before, floor_after), bot_ms, replay_bytes)
        failed = bool(run.errors)
    finally:
        for process in processes.values():
            stop(process)
        for log in sorted(logs.glob("*.log")):
            show_problems(log)
        shutil.rmtree(logs, ignore_errors=True)
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        if not args.keep:
            with contextlib.suppress(subprocess.CalledProcessError):
                psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        broker.terminate()
        broker.wait(timeout=30)
        print(f"whole run: {time.perf_counter() - began:.0f} s")
    sys.exit(1 if failed else 0)


# --- set-up (Django in this process, on the bench's database) ----------------------------------------


def django_setup(env: dict[str, str]) -> None:
    """Django in this process with the servers' settings (their database, Redis, bot delay)."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


@dataclass
class SeatInfo:
    position: str
    token: str
    human: bool


@dataclass
class TableInfo:
    live_table_id: int
    seats: list[SeatInfo]


def prepare(count: int) -> list[TableInfo]:
    """A fresh database: migrated, the floor's tables, and tournament "bench" whose round 1 is in play
    with ``count`` live tables (``FOUR_PEOPLE_EVERY``-th of four people, the others one and three bots)."""
    from datetime import date

    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from tournaments import services
    from tournaments.core.audit import Actor, acting_as
    from tournaments.live import services as live
    from tournaments.organizing.models import Tournament
    from tournaments.participants.models import Player, Registration

    psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)", f"CREATE DATABASE {DB}")
    call_command("migrate", verbosity=0)
    # floor_wsgi's ROWS and ENTRIES (importing it here would build a WSGI application)
    rows, entries = "bench_floor_row", "bench_floor_entry"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {rows} (id integer PRIMARY KEY, status varchar(20) NOT NULL)")
        cursor.execute(f"INSERT INTO {rows} SELECT n, 'in_play' FROM generate_series(1, %s) AS n", [count])
        cursor.execute(
            f"CREATE TABLE {entries} (id bigserial PRIMARY KEY, row_id integer NOT NULL, "
            "body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())"
        )
    with acting_as(Actor(system="bench")):
        user = get_user_model().objects.create_superuser("bench")
        tournament = Tournament.objects.create(
            game="hungarian", rules_preset="tournament", name="Bench", slug="bench",
            starts_on=date(2026, 11, 24), deals_per_round_4=DEALS, deals_per_round_5=DEALS,
            live_spectators=Tournament.LiveSpectators.PUBLIC,
        )  # fmt: skip
        players = Player.objects.bulk_create(Player(name=f"P{i:03d}") for i in range(4 * count))
        Registration.objects.bulk_create(  # checked in (player_register one by one takes 15 ms each)
            Registration(tournament=tournament, player=player, status=Registration.Status.CHECKED_IN,
                         checked_in_at=timezone.now())
            for player in players
        )  # fmt: skip
        round_ = services.round_generate(tournament, seed="bench", method="random", by=user)
        for step in (services.round_confirm, services.round_publish, services.round_start):
            step(round_, by=user)
        tables = []
        for table in round_.tables.order_by("number"):
            four = table.number % FOUR_PEOPLE_EVERY == 0
            bots = {} if four else {"B": "rule", "C": "rule", "D": "rule"}
            live_table = live.live_table_start(table=table, by=user, bots=bots)
            seats = [
                SeatInfo(s.position, s.token, s.played_by == "human")
                for s in live_table.seats.order_by("position")
            ]
            tables.append(TableInfo(live_table.pk, seats))
    if len(tables) != count:
        sys.exit(f"set-up made {len(tables)} tables, not {count}")
    return tables


def wait_for_worker() -> None:
    """Until the worker answers a ping task (it consumes the private broker)."""
    from config.tasks import ping

    try:
        ping.apply_async().get(timeout=60)
    except Exception as exc:
        sys.exit(f"the Celery worker did not answer: {exc!r}")


def actions_mark() -> int:
    """The newest ``LiveAction`` id (0: none yet): the window's edges."""
    from django.db import connection

    from tournaments.live.models import LiveAction

    try:
        return LiveAction.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    finally:
        connection.close()


def actions_between(first: int, last: int) -> tuple[Counter[str], int]:
    """The actions with ids in (first, last] by who chose them, and how many tables they moved."""
    from django.db import connection
    from django.db.models import Count

    from tournaments.live.models import LiveAction

    try:
        window = LiveAction.objects.filter(pk__gt=first, pk__lte=last)
        by = Counter({row["by"]: row["n"] for row in window.values("by").annotate(n=Count("pk"))})
        tables = window.values("hand__live_table_id").distinct().count()
        return by, tables
    finally:
        connection.close()


# --- processes ----------------------------------------------------------------------------------------


def start(command: list[str], log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A child in its own session (its process group is its pid), output to ``log``."""
    with log.open("wb") as out:
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def start_daphne(
    env: dict[str, str], port: int, log: Path, app: str = "config.asgi:application"
) -> subprocess.Popen[bytes]:
    """daphne serving ``app`` on loopback ``port`` (no access log), once it listens; without persistent
    database connections, as docker/compose.yaml's ``web`` (Django's ASGI handler runs each request on a
    new thread: 131 PostgreSQL sessions for 131 requests with ``CONN_MAX_AGE`` 60, and connections kept
    that way ran PostgreSQL out of them under this load)."""
    command = [sys.executable, "-m", "daphne", "-b", HOST, "-p", str(port), "-v", "0", app]
    server = start(command, log, dict(env, DB_CONN_MAX_AGE="0", DB_POOL="16"))
    wait_for_port(port, "daphne")
    return server


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate gracefully, then kill what is left of its process group (a worker's prefork children)."""
    if process.poll() is None:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def show_problems(log: Path) -> None:
    """A server's or the worker's errors, if any: how many, and the first one's message and last words."""
    lines = [
        line for line in log.read_text(errors="replace").splitlines()
        if "Traceback" in line or "ERROR" in line or "Error" in line
    ]  # fmt: skip
    if lines:
        first = lines[0]
        print(f"{log.stem}: {len(lines)} error lines, the first: {first[:200]} ... {first[-300:]}")


def group_stats() -> dict[int, tuple[float, int]]:
    """Per process group: CPU seconds (user + system) and RSS (bytes) of its processes, and the same per
    process id under the key ``-pid``."""
    ticks = os.sysconf("SC_CLK_TCK")
    page = os.sysconf("SC_PAGE_SIZE")
    out: dict[int, tuple[float, int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()  # state ppid pgrp ... utime(11) stime(12)
            cpu = (int(fields[11]) + int(fields[12])) / ticks
            rss = int(fields[21]) * page
            pgrp, pid = int(fields[2]), int(stat.parent.name)
            old = out.get(pgrp, (0.0, 0))
            out[pgrp] = (old[0] + cpu, old[1] + rss)
            out[-pid] = (cpu, rss)
    return out


def machine_cpu() -> float:
    """CPU seconds the whole machine used (every core; all but idle and iowait)."""
    ticks = os.sysconf("SC_CLK_TCK")
    jiffies = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(jiffies) - jiffies[3] - jiffies[4]) / ticks


@dataclass
class Usage:
    """CPU seconds and RSS by part: daphne, worker, redis, this script, machine (PostgreSQL's backends
    live a request each and the server is shared: not counted apart)."""

    cpu: dict[str, float]
    rss: dict[str, int]


def usage(processes: dict[str, subprocess.Popen[bytes]], redis_pid: int) -> Usage:
    stats = group_stats()
    cpu: Counter[str] = Counter()
    rss: Counter[str] = Counter()
    for name, process in processes.items():
        part = name.partition(":")[0]
        c, r = stats.get(process.pid, (0.0, 0))
        cpu[part] += c
        rss[part] += r
    cpu["redis"] = stats.get(-redis_pid, (0.0, 0))[0]
    times = os.times()
    cpu["this script"] = times.user + times.system
    cpu["machine"] = machine_cpu()
    return Usage(dict(cpu), dict(rss))


# --- a minimal HTTP/1.1 and WebSocket client on asyncio streams ---------------------------------------


class Http:
    """One keep-alive HTTP/1.1 connection, as a phone keeps; opened again when the server closed it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """POST ``body`` as JSON: the status and the answer's body. Sent twice at most (a connection the
        server closed while idle, no answer in ``TIMEOUT``); a move carries its Idempotency-Key, so a
        resend is applied once."""
        data = json.dumps(body).encode()
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n{extra}\r\n"
        )
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
            self.writer.write(head.encode() + data)
            try:
                async with asyncio.timeout(TIMEOUT):
                    return await self._answer()
            except (asyncio.IncompleteReadError, ConnectionError, TimeoutError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def _answer(self) -> tuple[int, bytes]:
        assert self.reader is not None
        line = await self.reader.readline()
        if not line:
            raise ConnectionError("closed")
        status = int(line.split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
            await self.reader.readline()
            body = b"".join(parts)
        else:
            body = await self.reader.read()
            self.close()
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class WebSocket:
    """A WebSocket client connection (RFC 6455): text messages in, masked frames out, pings answered."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int, path: str) -> WebSocket:
        """The opening handshake (with the Origin the site allows); ConnectionError if refused."""
        reader, writer = await asyncio.open_connection(HOST, port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{HOST}:{port}\r\n\r\n"
            .encode()
        )  # fmt: skip
        try:
            async with asyncio.timeout(TIMEOUT):
                head = await reader.readuntil(b"\r\n\r\n")
        except TimeoutError as exc:
            writer.close()
            raise ConnectionError(f"{path}: no answer to the handshake in {TIMEOUT:.0f} s") from exc
        if not head.startswith(b"HTTP/1.1 101"):
            writer.close()
            raise ConnectionError(f"{path}: {head.splitlines()[0].decode()}")
        return cls(reader, writer)

    async def receive(self) -> str | None:
        """The next text message; None once the connection is closed."""
        parts = []
        try:
            while True:
                first, second = await self.reader.readexactly(2)
                size = second & 0x7F
                if size == 126:
                    size = int.from_bytes(await self.reader.readexactly(2))
                elif size == 127:
                    size = int.from_bytes(await self.reader.readexactly(8))
                mask = await self.reader.readexactly(4) if second & 0x80 else b""
                payload = await self.reader.readexactly(size)
                if mask:
                    payload = _masked(payload, mask)
                opcode = first & 0x0F
                if opcode == 0x8:  # close
                    self.close()
                    return None
                if opcode == 0x9:  # ping
                    self._send(0xA, payload)
                elif opcode in (0x0, 0x1, 0x2):
                    parts.append(payload)
                    if first & 0x80:
                        return b"".join(parts).decode()
        except (asyncio.IncompleteReadError, ConnectionError):
            return None

    def send_text(self, text: str) -> None:
        self._send(0x1, text.encode())

    def _send(self, opcode: int, payload: bytes) -> None:
        size = len(payload)
        if size < 126:
            head = bytes([0x80 | opcode, 0x80 | size])
        elif size < 1 << 16:
            head = bytes([0x80 | opcode, 0x80 | 126]) + size.to_bytes(2)
        else:
            head = bytes([0x80 | opcode, 0x80 | 127]) + size.to_bytes(8)
        mask = os.urandom(4)
        if not self.writer.is_closing():
            self.writer.write(head + mask + _masked(payload, mask))

    def close(self) -> None:
        """Say goodbye (close code 1000) and drop the connection."""
        if not self.writer.is_closing():
            self._send(0x8, (1000).to_bytes(2))
            self.writer.close()


def _masked(payload: bytes, mask: bytes) -> bytes:
    repeated = (mask * (len(payload) // 4 + 1))[: len(payload)]
    return (int.from_bytes(payload) ^ int.from_bytes(repeated)).to_bytes(len(payload))


# --- the live load ------------------------------------------------------------------------------------


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A legal move from a seat's view, as a phone would tap it (tests/live/test_live_api.py)."""
    choice = rng.choice(view["choices"])
    if choice.get("pick"):
        return " ".join([choice["code"], *rng.sample(choice["cards"], choice["pick"])])
    return choice["code"]


def state_key(state: dict[str, Any]) -> tuple[int, int]:
    """Where a state is: (hand number, step); a finished table is past every step."""
    if state["table"]["status"] == "finished":
        return (1 << 30, 0)
    view = state.get("view")
    return (view["number"], view["step"]) if view else (0, -1)


@dataclass
class Probe:
    """A person's move on its way: sent at ``sent``; done when every seat's socket showed ``key``."""

    sent: float
    key: tuple[int, int]
    seen: set[str] = field(default_factory=set)


@dataclass
class Seat:
    info: SeatInfo
    table: Table
    port: int
    http: Http | None = None
    socket: WebSocket | None = None
    reader: asyncio.Task[None] | None = None
    acted: tuple[int, int] = (-1, -1)  # the state it last moved from
    busy: bool = False  # a move of this phone is on its way
    paused: bool = False  # its socket is being replaced
    reconnect: tuple[float, asyncio.Future[float]] | None = None
    last: dict[str, Any] | None = None  # a person's newest state (from its socket or a move's answer)


@dataclass
class Table:
    info: TableInfo
    seats: list[Seat] = field(default_factory=list)
    probes: list[Probe] = field(default_factory=list)


@dataclass
class Run:
    """What the live load measured."""

    seconds: float = 0.0
    actions: Counter[str] = field(default_factory=Counter)
    tables_moved: int = 0
    seen_ms: list[float] = field(default_factory=list)
    reconnect_ms: list[float] = field(default_factory=list)
    reconnect_moves: int = 0
    dropped: int = 0  # socket handshakes refused or dropped (and tried again)
    closed: int = 0  # sockets the server closed during the run (and opened again)
    never_opened: int = 0  # sockets not open by their deadline (the connecting phase's, a reconnect's)
    load: list[float] = field(default_factory=list)  # the machine's load average (1 min), start and end
    pushes: int = 0
    moves: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    connect_seconds: float = 0.0
    connected: int = 0  # sockets open when the window started
    cpu: dict[str, float] = field(default_factory=dict)
    rss_before: dict[str, int] = field(default_factory=dict)
    rss_after: dict[str, int] = field(default_factory=dict)


class LiveRun:
    """Every phone and spectator screen of the live tables, in one event loop."""

    def __init__(
        self,
        infos: list[TableInfo],
        ports: list[int],
        args: argparse.Namespace,
        processes: dict[str, subprocess.Popen[bytes]],
        redis_pid: int,
    ) -> None:
        self.args = args
        self.ports = ports
        self.processes = processes
        self.redis_pid = redis_pid
        self.rng = random.Random(33)
        self.tables = []
        for i, info in enumerate(infos):
            table = Table(info)
            for k, seat in enumerate(info.seats):
                port = ports[(i + k) % len(ports)]
                table.seats.append(Seat(seat, table, port, Http(port) if seat.human else None))
            self.tables.append(table)
        self.result = Run()
        self.playing = False  # the people wait until every socket is connected
        self.measuring = False  # the window: moves are timed, pushes counted
        self.stopping = False
        self.tasks: set[asyncio.Task[Any]] = set()
        self.spectators: list[WebSocket] = []
        self.in_flight = asyncio.Semaphore(IN_FLIGHT)
        self.opened = 0  # sockets opened (again, too)

    async def run(self) -> Run:
        """Warm the servers up, connect every socket, play for ``--seconds`` (some phones reconnecting),
        and read what the database and /proc say of the window."""
        await self.warm_up()
        self.result.rss_before = usage(self.processes, self.redis_pid).rss
        started = time.perf_counter()
        await self.connect_all()
        self.result.connect_seconds = time.perf_counter() - started
        self.result.connected = self.opened
        await self.window()
        self.stopping = True
        for table in self.tables:
            for seat in table.seats:
                if seat.socket is not None:
                    seat.socket.close()
                if seat.http is not None:
                    seat.http.close()
        for socket in self.spectators:
            socket.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        return self.result

    async def window(self) -> None:
        """The people start moving; ``--seconds`` later the actions and the CPU are read. The load goes on
        while the last reconnects finish and the moves sent in the window reach every seat (at most
        ``TAIL_SECONDS``): one not seen by then counts as never."""
        first = await asyncio.to_thread(actions_mark)
        cpu = usage(self.processes, self.redis_pid).cpu
        self.result.load.append(os.getloadavg()[0])
        start = time.perf_counter()
        self.playing = self.measuring = True
        for seat in (s for t in self.tables for s in t.seats if s.last is not None):
            self.consider(seat, seat.last)
        singles = [t.seats[0] for t in self.tables if sum(s.info.human for s in t.seats) == 1]
        chosen = random.Random(7).sample(singles, min(self.args.reconnects, len(singles)))
        gap = self.args.seconds / (len(chosen) + 1)
        reconnecting = asyncio.gather(*(self.reconnect(s, start + k * gap) for k, s in enumerate(chosen, 1)))
        await asyncio.sleep(self.args.seconds)
        self.measuring = False
        last = await asyncio.to_thread(actions_mark)
        self.result.seconds = time.perf_counter() - start
        after = usage(self.processes, self.redis_pid)
        self.result.load.append(os.getloadavg()[0])
        self.result.cpu = {part: after.cpu.get(part, 0.0) - seconds for part, seconds in cpu.items()}
        self.result.rss_after = after.rss
        tail = time.perf_counter() + TAIL_SECONDS
        while any(t.probes for t in self.tables) and time.perf_counter() < tail:
            await asyncio.sleep(0.05)
        self.result.seen_ms += [math.inf for t in self.tables for _ in t.probes]
        await reconnecting
        self.result.actions, self.result.tables_moved = await asyncio.to_thread(actions_between, first, last)
        if self.result.never_opened:
            self.result.errors.append(f"{self.result.never_opened} sockets never opened")
        if self.result.tables_moved < len(self.tables):
            self.result.errors.append(f"{len(self.tables) - self.result.tables_moved} tables never moved")

    def spawn(self, coroutine: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def warm_up(self) -> None:
        """Each server's first answers load the URLs, DRF, the engine: a spectator's GET of a table."""
        for port in self.ports:
            for table in self.tables[:3]:
                reader, writer = await asyncio.open_connection(HOST, port)
                writer.write(
                    f"GET /api/v1/live/tables/{table.info.live_table_id}/ HTTP/1.1\r\nHost: {HOST}\r\n"
                    "Connection: close\r\n\r\n".encode()
                )
                await reader.read()
                writer.close()

    # --- sockets

    async def connect_all(self) -> None:
        """The people's phones first (a table starts with them, and its bots move up to a person's turn
        while few sockets hear it), then the bots' seats, then the spectators: a seat's connection makes
        every connection of its table send its state again, a spectator's does not."""
        gate = asyncio.Semaphore(CONNECT_AT_ONCE)
        give_up = time.perf_counter() + CONNECT_GIVE_UP

        async def seat(s: Seat) -> None:
            async with gate:
                await self.open_seat(s, give_up)

        async def spectator(k: int) -> None:
            path = f"/ws/live/tables/{self.tables[k % len(self.tables)].info.live_table_id}/"
            port = self.ports[k % len(self.ports)]
            async with gate:
                socket = await self.open_socket(port, path, give_up)
            if socket is not None:
                self.spectators.append(socket)
                self.spawn(self.read_spectator(socket, port, path))

        async def progress(total: int) -> None:
            while True:
                await asyncio.sleep(15)
                print(f"  connecting: {self.opened}/{total} sockets open, {self.result.dropped} handshakes "
                      f"dropped and tried again", flush=True)  # fmt: skip

        seats = [s for t in self.tables for s in t.seats]
        printer = self.spawn(progress(len(seats) + self.args.spectators))
        await asyncio.gather(*(seat(s) for s in seats if s.info.human))
        await asyncio.gather(*(seat(s) for s in seats if not s.info.human))
        await asyncio.gather(*(spectator(k) for k in range(self.args.spectators)))
        printer.cancel()

    async def open_socket(self, port: int, path: str, give_up: float) -> WebSocket | None:
        """A socket, opened again after a refused or dropped handshake (as a phone tries again, after 1,
        2, 4 ... 30 s as live.js does) until ``give_up`` (``perf_counter``); None if it never opened."""
        wait = 1.0
        while time.perf_counter() < give_up:
            try:
                socket = await WebSocket.open(port, path)
                self.opened += 1
                return socket
            except (OSError, asyncio.IncompleteReadError):
                self.result.dropped += 1
                await asyncio.sleep(
                    min(random.uniform(0.5, 1.0) * wait, max(0.0, give_up - time.perf_counter()))
                )
                wait = min(2 * wait, 30.0)
        self.result.never_opened += 1
        return None

    async def open_seat(self, seat: Seat, give_up: float) -> None:
        seat.socket = await self.open_socket(seat.port, f"/ws/live/seats/{seat.info.token}/?lang=en", give_up)
        if seat.socket is not None:
            seat.reader = self.spawn(self.read_seat(seat, seat.socket))

    async def read_spectator(self, socket: WebSocket, port: int, path: str) -> None:
        """A spectator's screen: counts what it is sent; opens the socket again if the server closed it."""
        while True:
            while (message := await socket.receive()) is not None:
                json.loads(message)
                self.result.pushes += self.measuring
            if self.stopping:
                return
            self.result.closed += 1
            opened = await self.open_socket(port, path, time.perf_counter() + RECONNECT_GIVE_UP)
            if opened is None:
                return
            self.spectators[self.spectators.index(socket)] = socket = opened

    async def read_seat(self, seat: Seat, socket: WebSocket) -> None:
        """A seat's phone: every state it is sent; opens the socket again if the server closed it (not
        when this script replaces it)."""
        while (message := await socket.receive()) is not None:
            state = json.loads(message)
            self.result.pushes += self.measuring
            self.seen(seat, state)
            self.consider(seat, state)
        if not self.stopping and not seat.paused and seat.socket is socket:
            self.result.closed += 1
            self.spawn(self.open_seat(seat, time.perf_counter() + RECONNECT_GIVE_UP))

    # --- the people

    def seen(self, seat: Seat, state: dict[str, Any]) -> None:
        """A seat's socket showed ``state``: the moves on their way that every seat has now seen."""
        key = state_key(state)
        table = seat.table
        for probe in list(table.probes):
            if key >= probe.key:
                probe.seen.add(seat.info.position)
                if len(probe.seen) == len(table.seats):
                    table.probes.remove(probe)
                    self.result.seen_ms.append((time.perf_counter() - probe.sent) * 1000)
        if seat.reconnect is not None and not seat.reconnect[1].done():
            view = state.get("view") or {}
            if not (view.get("choices") and key > seat.acted):  # not its turn: ready as it is
                seat.reconnect[1].set_result(time.perf_counter())

    def consider(self, seat: Seat, state: dict[str, Any]) -> None:
        """A person's phone moves at once when ``state`` offers it choices it has not moved from (once
        every socket is connected: the window starts with the people's first moves)."""
        if not seat.info.human:
            return
        key = state_key(state)
        if seat.last is None or key >= state_key(seat.last):
            seat.last = state
        if seat.busy or seat.paused or not self.playing or self.stopping:
            return
        view = state.get("view") or {}
        if view.get("choices") and key > seat.acted:
            seat.acted = key
            seat.busy = True
            self.spawn(self.move(seat, view))

    async def move(self, seat: Seat, view: dict[str, Any]) -> None:
        """Post a legal move; timed (a probe) while measuring, until every seat's socket shows it."""
        assert seat.http is not None
        probe = Probe(time.perf_counter(), (view["number"], view["step"] + 1))
        if self.measuring:
            seat.table.probes.append(probe)
        body = {"step": view["step"], "code": choose(view, self.rng)}
        headers = {"Idempotency-Key": uuid.uuid4().hex}
        try:
            async with self.in_flight:
                status, answer = await seat.http.post(
                    f"/api/v1/live/seats/{seat.info.token}/moves/", body, headers
                )
        except (OSError, asyncio.IncompleteReadError) as exc:
            status, answer = 0, str(exc).encode()
        finally:
            seat.busy = False
        self.result.moves[str(status)] += 1
        if status != 200:
            with contextlib.suppress(ValueError):
                seat.table.probes.remove(probe)
            if status == 0 or status >= 500:
                self.result.errors.append(f"move: {status} {answer[:200]!r}")
            return
        if seat.reconnect is not None and not seat.reconnect[1].done():
            seat.reconnect[1].set_result(time.perf_counter())
            self.result.reconnect_moves += 1
        self.consider(seat, json.loads(answer))  # the answer is the seat's new state: its turn again?

    async def reconnect(self, seat: Seat, at: float) -> None:
        """A person's phone replaces its socket at ``at``: timed until its first state, and when that
        says it is the seat's turn, until the move made from it is accepted (never: ``inf``)."""
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        seat.paused = True
        while seat.busy:
            await asyncio.sleep(0.005)
        seat.table.probes.clear()  # its seat is away: the moves on their way are not timed
        if seat.socket is not None:
            seat.socket.close()
        if seat.reader is not None:
            await asyncio.gather(seat.reader, return_exceptions=True)
        began = time.perf_counter()
        ready: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        seat.reconnect = (began, ready)
        seat.paused = False
        try:
            async with asyncio.timeout(RECONNECT_GIVE_UP):
                await self.open_seat(seat, began + RECONNECT_GIVE_UP)
                self.result.reconnect_ms.append((await ready - began) * 1000)
        except TimeoutError:
            self.result.reconnect_ms.append(math.inf)
        finally:
            seat.reconnect = None


# --- the floor ----------------------------------------------------------------------------------------


@dataclass
class Floor:
    rate: float
    p50: float
    p95: float
    failed: int


def measure_floor(env: dict[str, str], args: argparse.Namespace, logs: Path) -> Floor:
    """The floor's requests per second on daphne processes of its own (``benchmarks/floor_asgi.py``),
    as many POSTs in flight as the people's moves may have (``IN_FLIGHT``), after a one-second warm-up."""
    ports = [free_port() for _ in range(args.servers)]
    servers = [
        start_daphne(env, port, logs / f"floor-{k}.log", "benchmarks.floor_asgi:application")
        for k, port in enumerate(ports)
    ]
    try:
        asyncio.run(drive_floor(ports, args.tables, 0.5))
        return asyncio.run(drive_floor(ports, args.tables, FLOOR_SECONDS))
    finally:
        for server in servers:
            stop(server)


async def drive_floor(ports: list[int], loops: int, seconds: float) -> Floor:
    body = {"step": 12, "code": "play XXI"}  # a move's body
    times: list[float] = []
    failed = 0
    end = time.perf_counter() + seconds

    async def loop(k: int) -> None:
        nonlocal failed
        http = Http(ports[k % len(ports)])
        row = k % loops + 1
        while (now := time.perf_counter()) < end:
            try:
                status, _ = await http.post(f"/bench-floor/{row}/", body)
            except (OSError, asyncio.IncompleteReadError):
                status = 0
            if status == 201:
                times.append(time.perf_counter() - now)
            else:
                failed += 1
        http.close()

    started = time.perf_counter()
    await asyncio.gather(*(loop(k) for k in range(min(loops, IN_FLIGHT))))
    elapsed = time.perf_counter() - started
    return Floor(len(times) / elapsed, percentile(times, 50) * 1000, percentile(times, 95) * 1000, failed)


# --- the engine alone ---------------------------------------------------------------------------------


def hungarian_hands(count: int) -> list[Any]:
    from engine.core.live import LiveDeal
    from tournaments.core.formats import rules_for
    from tournaments.live.replay import live_game

    rules = rules_for("tournament", {}, {"game": "hungarian"})
    start = live_game("hungarian").start
    return [start(LiveDeal(seed=seed, rules=rules, seats=("A", "B", "C", "D"))) for seed in range(count)]


def bot_decisions(hands: int) -> list[float]:
    """Milliseconds of each ``bot_move("rule", ...)`` over ``hands`` whole hands of four rule bots."""
    times = []
    for k, hand in enumerate(hungarian_hands(hands)):
        rng = random.Random(k)
        while not hand.done:
            started = time.perf_counter()
            code = hand.bot_move("rule", rng)
            times.append((time.perf_counter() - started) * 1000)
            hand.apply(code)
    return times


def replayed_hand_bytes(count: int) -> float:
    """The memory one replayed hand holds mid-play (what tournaments/live/replay.py keeps per hand)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    hands = hungarian_hands(count)
    for k, hand in enumerate(hands):
        rng = random.Random(k)
        for _ in range(20):
            if not hand.done:
                hand.apply(hand.bot_move("rule", rng))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(hands)


# --- the figures --------------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    """Nearest rank; NaN for none."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else math.nan


def ms(value: float) -> str:
    return "never" if math.isinf(value) else f"{value:,.0f} ms"


def spread(values: list[float]) -> str:
    if not values:
        return "none measured"
    never = sum(math.isinf(v) for v in values)
    count = f"n={len(values)}, {never} never" if never else f"n={len(values)}"
    return (
        f"p50 {ms(percentile(values, 50))}, p95 {ms(percentile(values, 95))}, max {ms(max(values))} ({count})"
    )


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(
    args: argparse.Namespace,
    run: Run,
    floors: tuple[Floor, Floor],
    bot_ms: list[float],
    replay_bytes: float,
) -> None:
    people = sum(1 for t in range(1, args.tables + 1) if t % FOUR_PEOPLE_EVERY == 0)
    print()
    print(
        f"live tables: {args.tables} ({args.tables - people} of one person and three rule bots, {people} "
        f"of four people), {4 * args.tables} seat sockets, {args.spectators} spectator sockets; "
        f"{args.servers} daphne, a Celery worker (concurrency {args.worker_concurrency}), "
        f"LIVE_BOT_DELAY_MS=0; {run.connected} sockets connected in {run.connect_seconds:.1f} s; "
        f"window {run.seconds:.1f} s"
    )
    rate = sum(run.actions.values()) / run.seconds
    by = ", ".join(f"{k} {v / run.seconds:,.1f}/s" for k, v in sorted(run.actions.items()))
    floor = statistics.mean(f.rate for f in floors)
    share = rate / floor if floor else 0.0
    before, after = (f"{f.rate:,.0f} req/s, p95 {f.p95:,.0f} ms" for f in floors)
    bot = (
        f"p50 {percentile(bot_ms, 50):.2f} ms, p95 {percentile(bot_ms, 95):.2f} ms, max {max(bot_ms):.1f} ms"
    )
    mib = 2**20
    memory = "; ".join(
        f"{part} {(run.rss_after.get(part, 0) - rss) / args.tables / 1024:,.0f} KiB "
        f"(RSS {rss / mib:,.0f} -> {run.rss_after.get(part, 0) / mib:,.0f} MiB)"
        for part, rss in sorted(run.rss_before.items())
    )
    rows = [
        ("actions applied", f"{rate:,.1f}/s ({by}); {run.tables_moved}/{args.tables} tables moved", ""),
        ("framework floor (same stack)", f"{floor:,.0f} req/s (before {before}; after {after})", ""),
        ("actions / floor", f"{share:.2f}", f">= {TARGET_SHARE}: {verdict(share >= TARGET_SHARE)}"),
        (
            "action -> every seat sees it",
            spread(run.seen_ms),
            f"p95 < {TARGET_SEEN_MS:.0f} ms: {verdict(percentile(run.seen_ms, 95) < TARGET_SEEN_MS)}",
        ),
        (
            "bot decision (rule, in-process)",
            f"{bot} (n={len(bot_ms)})",
            f"p95 < {TARGET_BOT_MS:.0f} ms: {verdict(percentile(bot_ms, 95) < TARGET_BOT_MS)}",
        ),
        ("memory per live table", f"{memory}; a replayed hand {replay_bytes / 1024:,.0f} KiB", ""),
        (
            "reconnect until the seat can act",
            f"{spread(run.reconnect_ms)}, {run.reconnect_moves} of them with a move",
            f"p95 < {TARGET_RECONNECT_MS:.0f} ms: "
            f"{verdict(percentile(run.reconnect_ms, 95) < TARGET_RECONNECT_MS)}",
        ),
    ]
    width = max(len(row[0]) for row in rows)
    for name, value, target in rows:
        print(f"{name:<{width}}  {value}" + (f"  [target {target}]" if target else ""))
    moves = ", ".join(f"{status} x{n}" for status, n in sorted(run.moves.items()))
    called_for = rate * (4 * args.tables + args.spectators) / args.tables  # each action: every socket
    print(
        f"people's moves answered (whole run): {moves}; pushes received: {run.pushes / run.seconds:,.0f}/s "
        f"(the actions called for {called_for:,.0f}/s); "
        f"socket handshakes dropped and tried again: {run.dropped}; sockets the server closed (and opened "
        f"again): {run.closed}"
    )
    cpu = ", ".join(f"{part} {seconds:.1f}" for part, seconds in run.cpu.items())
    load = " -> ".join(f"{x:.1f}" for x in run.load)
    print(f"CPU seconds used in the window ({2 * run.seconds:.0f} on 2 cores): {cpu}; load average {load}")
    for error in run.errors[:10]:
        print("error:", error)
    if run.errors:
        print(f"{len(run.errors)} errors")


if __name__ == "__main__":
    main()
