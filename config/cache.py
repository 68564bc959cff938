"""The cache, as the request path uses it: a help, never a dependency. When Redis (which also carries the
broker) is down, a read misses and a write is dropped after the client's short socket timeouts (see
``CACHES``), with a warning: a result is still saved and a page still served, from the database."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache

logger = logging.getLogger(__name__)


def cache_get(key: str, default: Any = None) -> Any:
    try:
        return cache.get(key, default)
    except Exception:  # redis-py raises several unrelated types for "unavailable"
        logger.warning("cache unavailable: read of %s missed", key, exc_info=True)
        return default


def cache_set(key: str, value: Any, timeout: float | None = 300) -> None:
    try:
        cache.set(key, value, timeout)
    except Exception:
        logger.warning("cache unavailable: write of %s dropped", key, exc_info=True)


def cache_count(key: str, window: int) -> None:
    """Add one to the counter ``key`` that expires ``window`` seconds after its first count."""
    try:
        cache.add(key, 0, window)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, window)
    except Exception:
        logger.warning("cache unavailable: count of %s dropped", key, exc_info=True)
