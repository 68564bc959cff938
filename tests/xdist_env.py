"""A pytest plugin (``-p tests.xdist_env``, loaded before Django's settings): under pytest-xdist each
worker process gets a Redis database of its own, so one worker's ``cache.clear()`` (every test starts
with an empty cache) never empties the cache of a test running in the other."""

from __future__ import annotations

import os

_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    base, _, db = os.environ["REDIS_URL"].rpartition("/")
    if db.isdigit():
        os.environ["REDIS_URL"] = f"{base}/{(int(db) - 1 - int(_worker[2:])) % 16}"
