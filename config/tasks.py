"""Project-level tasks: liveness of the worker and of beat."""

from __future__ import annotations

import socket

from celery import shared_task
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
    """Scheduled by beat every minute; /healthz shows when it last ran."""
    now = timezone.now().isoformat()
    cache.set(HEARTBEAT_CACHE_KEY, now, timeout=None)
    return now
