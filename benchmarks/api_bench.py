"""The API under load: accepted result submissions per second (p50/p95 latency) and GETs per second of
the public standings of a 200-player tournament, through gunicorn (2 workers) on PostgreSQL.

    apt-get install -y wrk          # Debian's HTTP load generator (C, so the load costs little CPU)
    .venv/bin/python benchmarks/api_bench.py

It creates a fresh database ``tarokk_api_bench``, a 200-player tournament whose round 1 is in play (50
four-player tables with entry codes, 64 deals each so the load never runs out of hands), starts gunicorn
on a free loopback port and drives it with wrk for a bounded time:

* submissions: every table's phone enters each hand twice (seat B, then seat C with the same result,
  which confirms it), tables taken in turn so that a hand's entry never overtakes the hand before it;
* standings: ``GET /api/v1/tournaments/bench/standings/`` as the public.

Standings are recomputed by workers (issue #13), not here: the web processes enqueue to a private
``redis-server`` (started on a free port, stopped at the end) that no worker consumes, as with a worker on
another machine.
Targets on this 2-core machine: >= 300 submissions/s and >= 1,000 standings GETs/s.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_setup import bench_env, bench_tournament, free_port, start_gunicorn, start_redis

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


def wrk(args: list[str]) -> str:
    return subprocess.run(["wrk", *args], capture_output=True, text=True, check=True).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10, help="duration of each wrk run")
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    for tool in ("wrk", "redis-server", "psql"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install -y wrk redis-server postgresql-client)")
    redis_port = free_port()
    broker = start_redis(redis_port)
    env = bench_env(DB, redis_port)
    _, tables = bench_tournament(env, DB, DEALS)
    port = free_port()
    server = start_gunicorn(env, port)
    try:
        base = f"http://127.0.0.1:{port}"
        with tempfile.TemporaryDirectory() as tmp:
            lua, codes = Path(tmp, "submit.lua"), Path(tmp, "tables.csv")
            lua.write_text(LUA)
            codes.write_text("".join(f"{n},{c}\n" for n, c, _ in tables))
            threads = 2
            out = wrk(["-t", str(threads), "-c", str(args.connections), "-d", f"{args.seconds}s",
                       "-s", str(lua), base, "--", str(DEALS), str(threads), str(codes)])  # fmt: skip
        fields = dict(re.findall(r"(\w+)=([\d.]+)", out.split("RESULT", 1)[1]))
        accepted = int(fields["requests"]) - int(fields["non2xx"])
        print(f"submissions: {accepted / float(fields['duration']):,.0f} accepted/s "
              f"({accepted} accepted, {fields['non2xx']} refused), p50 {fields['p50']} ms, "
              f"p95 {fields['p95']} ms  (target >= 300/s)")  # fmt: skip
        out = wrk(["-t", "2", "-c", str(args.connections), "-d", f"{args.seconds}s", "--latency",
                   f"{base}/api/v1/tournaments/bench/standings/"])  # fmt: skip
        rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
        non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        p50 = re.search(r"50%\s+([\d.]+\w+)", out).group(1)
        print(f"standings GETs: {rate:,.0f}/s, p50 {p50}, non-2xx {non2xx.group(1) if non2xx else 0}"
              f"  (target >= 1,000/s)")  # fmt: skip
    finally:
        server.terminate()
        server.wait(timeout=30)
        broker.terminate()
        broker.wait(timeout=30)


if __name__ == "__main__":
    main()
