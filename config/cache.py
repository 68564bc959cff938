"""The cache, as the request path uses it: a help, never a dependency. When Redis (which also carries the
broker) is down, a read misses and a write is dropped, with a warning: a result is still saved and a page
still served, from the database.

A Redis that is down costs a request almost nothing: each call gives up after the client's short socket
timeouts (``CACHE_SOCKET_TIMEOUT``, see ``CACHES``; a frozen Redis accepts the connection and never
answers), and one failed call opens ``breaker`` (``config/breaker.py``): for ``CACHE_OUTAGE_SKIP_SECONDS``
every call of this process skips the cache at once, then one tries it again.

Decision (issue 31 §6): the table codes' throttle fails open. While the cache is unreachable it reads no
failure count and counts none, so a table is never refused because the cache is down; guessing codes is
bounded again once it is back (a code is one of 31^6; an outage lasts minutes).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache

from config.breaker import Breaker

logger = logging.getLogger(__name__)

breaker = Breaker("CACHE_OUTAGE_SKIP_SECONDS")


def _call(what: str, key: str, default: Any, operation: Callable[[], Any]) -> Any:
    if not breaker.allows():
        return default
    try:
        result = operation()
    except Exception:  # redis-py raises several unrelated types for "unavailable"
        if breaker.failed():  # once per outage and process, not once per skipped call
            logger.warning(
                "cache unavailable: a %s of %s failed; skipping the cache %s s at a time until it answers",
                what,
                key,
                settings.CACHE_OUTAGE_SKIP_SECONDS,
                exc_info=True,
            )
        return default
    if breaker.succeeded():
        logger.warning("cache available again")
    return result


def cache_get(key: str, default: Any = None) -> Any:
    return _call("read", key, default, lambda: cache.get(key, default))


def cache_set(key: str, value: Any, timeout: float | None = 300) -> None:
    _call("write", key, None, lambda: cache.set(key, value, timeout))


def cache_count(key: str, window: int) -> None:
    """Add one to the counter ``key`` that expires ``window`` seconds after its first count."""

    def count() -> None:
        cache.add(key, 0, window)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, window)

    _call("count", key, None, count)
