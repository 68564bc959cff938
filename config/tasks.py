"""Project-level tasks: liveness of the worker and of beat."""

from __future__ import annotations

import logging
import socket
from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.core.cache import cache
from django.utils import timezone

HEARTBEAT_CACHE_KEY = "celery:beat:last-heartbeat"


@shared_task(name="config.tasks.ping", ignore_result=False)
def ping() -> dict[str, str]:
    """Answer from whichever process runs the task, so a caller can tell a worker from eager mode.

    Unlike the fire-and-forget tasks (``task_ignore_result``) it keeps its result: callers read it."""
    return {"pong": "ok", "host": socket.gethostname()}


@shared_task(name="config.tasks.heartbeat")
def heartbeat() -> str:
    """Scheduled by beat every minute (and run by each worker as it starts); /healthz shows when it last
    ran and says "degraded" when that is too long ago."""
    now = timezone.now().isoformat()
    cache.set(HEARTBEAT_CACHE_KEY, now, timeout=None)
    return now


@worker_ready.connect
def _heartbeat_on_start(**_: Any) -> None:
    """A worker that just started counts as alive before beat's first heartbeat (a minute later)."""
    try:
        heartbeat()
    except Exception:  # the cache shares Redis with the broker; beat's heartbeat follows anyway
        logging.getLogger(__name__).warning("could not record the worker's start heartbeat", exc_info=True)
