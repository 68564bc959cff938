"""The API under load: accepted result submissions per second (p50/p95 latency) and GETs per second of
the public standings of a 200-player tournament, through gunicorn (2 workers) on PostgreSQL.

    apt-get install -y wrk          # Debian's HTTP load generator (C, so the load costs little CPU)
    .venv/bin/python benchmarks/api_bench.py

It creates a fresh database ``tarokk_api_bench`` (``--database`` names another), a 200-player tournament
whose round 1 is in play (50 four-player tables with entry codes, 64 deals each so the load never runs out
of hands), starts gunicorn on a free loopback port and drives it with wrk for a bounded time:

* submissions: every table's phone enters each hand twice (seat B, then seat C with the same result,
  which confirms it), tables taken in turn so that a hand's entry never overtakes the hand before it;
* the floor, before and after the submissions: the same gunicorn settings and PostgreSQL running
  ``benchmarks/floor_wsgi.py`` (the site plus one URL whose view does one ``SELECT ... FOR UPDATE`` of a
  row and one ``INSERT`` in a transaction), driven with the same body, threads and connections; the
  submissions are printed as a share of the mean of the two (the machine's load moves both);
* standings: ``GET /api/v1/tournaments/bench/standings/`` as the public.

Standings are recomputed by workers (issue #13), not here: the web processes enqueue to a private
``redis-server`` (started on a free port, stopped at the end) that no worker consumes, as with a worker on
another machine.
Targets on this 2-core machine: >= 300 submissions/s and >= 1,000 standings GETs/s; submissions at least
half of the floor (issue #22 §4).

Measured for issue #22 §4 (2026-11-26, 10 s runs, while other engineers' full test suites ran on the two
cores, load average 4-7: the absolute figures are a fraction of an idle machine's 96-111 submissions/s,
and the floor itself moved from 30 to 934 req/s between runs). The old and the new code alternating:

    before: submissions 11, 15, 21, 17/s (p50 838, 629, 496, 564 ms), 13, 12, 10, 11% of the floor
            (91, 121, 219, 154 req/s)
    after:  submissions 12, 28/s (p50 747, 440 ms), 10, 10% of the floor (127, 287 req/s)
    one connection, p50 of an entry / of the floor: before 75 and 22 ms / 2.8 and 2.4 ms,
            after 19 and 60 ms / 4.2 and 6.7 ms

No difference shows through that noise; the share stays near a tenth of the floor, far from half. On the
idle machine afterwards (load 0.1, the final code of issue 22): floor 1,001 and 1,009 req/s (p50 15 ms),
submissions 102/s (p50 142 ms, p95 406 ms), 10% of the floor; standings GETs 653/s. The queries of one
entry (tests/api/test_entry_queries.py, inside a test's transaction; on PostgreSQL one more each, the
round's FOR SHARE; a real request has BEGIN and COMMIT where the test has a savepoint) went from 20 to 12
(first entry of hand 1) and from 19 to 12 (its confirmation); hand 2: 20 -> 13 and 21 -> 13, once
``standings_mark_stale`` became one ``UPDATE ... RETURNING`` (it took 3 UPDATEs once the standings were
stale, as they always are under this load).

Where a submission's time goes (py-spy, both workers, 10 s of this load after a warm-up, new code): 52%
waiting on PostgreSQL, spread over every round trip (the hand's update 6%, the seats 6%, the code lookup
6%, the round's share lock and read 6%, the hand's lock 5%, the version's insert 5%, the hand's insert 4%,
the standings 3%, the confirmation 3.5%, the kinds before 3%, the versions 2.5%, the commit 6%);
simple-history's rows 14% (their inserts included); Django building SQL 10%; the table code's Redis
failure counter 6%; DRF, the middleware and rendering the rest. The floor makes 2 round trips inside its
transaction where an entry makes 11 to 14 (outside a test's transaction, plus BEGIN and COMMIT), and runs
no DRF, no history and no SQL building: about half of the gap is the round trips, half Python. Next: the
seats read with the table code's lookup (auth), the Redis counter read only after a failure, the hand's
lock and the kinds before it in one query; fewer history rows would change the audit trail's shape.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_setup import bench_env, bench_tournament, free_port, psql, start_gunicorn, start_redis

DB = "tarokk_api_bench"
DEALS = 64

LUA = r"""
-- Each wrk thread owns some tables and goes round them: hand n of every table before hand n+1.
local tables, deals, i = {}, 0, 0
function setup(thread) thread:set("id", setup_id or 0); setup_id = (setup_id or 0) + 1 end
function init(args)
  deals = tonumber(args[1]); local threads = tonumber(args[2])
  local k = 0
  for line in io.lines(args[3]) do
    local number, code = line:match("(%d+),(%w+)")
    if k % threads == id then table.insert(tables, {number, code}) end
    k = k + 1
  end
end
function request()
  local n = #tables
  local slot = i % n + 1
  local step = math.floor(i / n)
  i = i + 1
  local hand = math.floor(step / 2) + 1
  if hand > deals then return wrk.format("GET", "/healthz") end
  local seat = (step % 2 == 0) and "B" or "C"
  local t = tables[slot]
  local path = "/api/v1/tournaments/bench/rounds/1/tables/" .. t[1] .. "/hands/" .. hand .. "/submissions/"
  local body = '{"entered_by":"' .. seat .. '","payments":{"A":-1,"B":1,"C":-1,"D":1}}'
  return wrk.format("POST", path, {["Content-Type"] = "application/json", ["X-Table-Code"] = t[2]}, body)
end
function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d non2xx=%d p50=%.2f p95=%.2f duration=%.3f\n",
    summary.requests, summary.errors.status, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    summary.duration / 1e6))
end
"""

FLOOR_LUA = r"""
-- The floor: the same body, each wrk thread going round its own rows (one per bench table).
local rows, i = {}, 0
function setup(thread) thread:set("id", setup_id or 0); setup_id = (setup_id or 0) + 1 end
function init(args)
  local count, threads = tonumber(args[1]), tonumber(args[2])
  for k = 1, count do if (k - 1) % threads == id then table.insert(rows, k) end end
end
function request()
  local row = rows[i % #rows + 1]
  i = i + 1
  local body = '{"entered_by":"B","payments":{"A":-1,"B":1,"C":-1,"D":1}}'
  return wrk.format("POST", "/bench-floor/" .. row .. "/", {["Content-Type"] = "application/json"}, body)
end
function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d non2xx=%d p50=%.2f p95=%.2f duration=%.3f\n",
    summary.requests, summary.errors.status, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    summary.duration / 1e6))
end
"""


# The floor's tables (benchmarks/floor_wsgi.py): a lockable row per bench table, the log it inserts into.
FLOOR_TABLES = (
    "CREATE TABLE bench_floor_row (id integer PRIMARY KEY, status varchar(20) NOT NULL)",
    "INSERT INTO bench_floor_row SELECT n, 'in_play' FROM generate_series(1, 50) AS n",
    "CREATE TABLE bench_floor_entry (id bigserial PRIMARY KEY, row_id integer NOT NULL, body jsonb NOT NULL, "
    "created_at timestamptz NOT NULL DEFAULT now())",
)


def wrk(args: list[str]) -> str:
    return subprocess.run(["wrk", *args], capture_output=True, text=True, check=True).stdout


def run_script(base: str, lua: str, seconds: int, connections: int, *script_args: str) -> dict[str, float]:
    """One wrk run of a Lua script: requests, non-2xx, accepted/s, p50 and p95 (ms)."""
    threads = 2
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "script.lua")
        path.write_text(lua)
        out = wrk(["-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "-s", str(path), base,
                   "--", *[a.replace("{threads}", str(threads)) for a in script_args]])  # fmt: skip
    fields = {k: float(v) for k, v in re.findall(r"(\w+)=([\d.]+)", out.split("RESULT", 1)[1])}
    fields["accepted"] = fields["requests"] - fields["non2xx"]
    fields["rate"] = fields["accepted"] / fields["duration"]
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10, help="duration of each wrk run")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--database", default=DB, help="the database to create (dropped first if it exists)")
    args = parser.parse_args()
    for tool in ("wrk", "redis-server", "psql"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install -y wrk redis-server postgresql-client)")
    redis_port = free_port()
    broker = start_redis(redis_port)
    env = bench_env(args.database, redis_port)
    _, tables = bench_tournament(env, args.database, DEALS)
    psql(*FLOOR_TABLES, database=args.database)
    with tempfile.TemporaryDirectory() as tmp:
        codes = Path(tmp, "tables.csv")
        codes.write_text("".join(f"{n},{c}\n" for n, c, _ in tables))
        # The floor before and after the submissions, each on its own gunicorn with the same settings.
        floor_runs = [measure_floor(env, args)]
        port = free_port()
        server = start_gunicorn(env, port)
        try:
            base = f"http://127.0.0.1:{port}"
            sub = run_script(base, LUA, args.seconds, args.connections, str(DEALS), "{threads}", str(codes))
            floor_runs.append(measure_floor(env, args))
            out = wrk(["-t", "2", "-c", str(args.connections), "-d", f"{args.seconds}s", "--latency",
                       f"{base}/api/v1/tournaments/bench/standings/"])  # fmt: skip
        finally:
            server.terminate()
            server.wait(timeout=30)
            broker.terminate()
            broker.wait(timeout=30)
    floor = sum(f["rate"] for f in floor_runs) / len(floor_runs)
    for name, run in (("floor (before)", floor_runs[0]), ("floor (after)", floor_runs[1])):
        print(f"{name}: {run['rate']:,.0f} req/s ({run['non2xx']:.0f} non-2xx), p50 {run['p50']:.2f} ms, "
              f"p95 {run['p95']:.2f} ms  (one locked read + one insert in a transaction)")  # fmt: skip
    print(f"submissions: {sub['rate']:,.0f} accepted/s ({sub['accepted']:.0f} accepted, {sub['non2xx']:.0f} "
          f"refused), p50 {sub['p50']:.2f} ms, p95 {sub['p95']:.2f} ms  (target >= 300/s)")  # fmt: skip
    print(f"share of the floor: {100 * sub['rate'] / floor:.0f}% of {floor:,.0f} req/s  (target >= 50%)")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    p50 = re.search(r"50%\s+([\d.]+\w+)", out).group(1)
    print(f"standings GETs: {rate:,.0f}/s, p50 {p50}, non-2xx {non2xx.group(1) if non2xx else 0}"
          f"  (target >= 1,000/s)")  # fmt: skip


def measure_floor(env: dict[str, str], args: argparse.Namespace) -> dict[str, float]:
    """The floor's requests/s on a gunicorn of its own (benchmarks/floor_wsgi.py), stopped after."""
    port = free_port()
    server = start_gunicorn(env, port, app="benchmarks.floor_wsgi:application")
    try:
        base = f"http://127.0.0.1:{port}"
        return run_script(base, FLOOR_LUA, args.seconds, args.connections, "50", "{threads}")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
