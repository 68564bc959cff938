"""``/healthz``: database and broker status as JSON, 200 when both answer, 503 otherwise; also how far the
workers are behind: the oldest stale standings' age and the number of tasks waiting in the queue.

``status`` is ``ok``, ``degraded`` (200: the site serves, but no worker has run the heartbeat task for
``HEALTH_WORKER_HEARTBEAT_MAX_AGE`` seconds, so standings go stale and disputes wait) or ``error`` (503).
The broker is probed with short socket timeouts and no retry, so the answer comes within half a second
even while Redis is down or frozen (a web process must not be held by its health check).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from kombu.exceptions import ChannelError

from config.celery import app as celery_app
from config.tasks import HEARTBEAT_CACHE_KEY


def database_status() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says why
        return {"ok": False, "vendor": connection.vendor, "error": str(exc)}
    return {"ok": True, "vendor": connection.vendor}


def broker_status() -> dict[str, Any]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "mode": "eager", "detail": "tasks run in-process; no broker configured"}
    try:
        with celery_app.connection_for_write(transport_options=PROBE_TRANSPORT_OPTIONS) as conn:
            conn.ensure_connection(max_retries=0)  # one attempt: a refused connection fails at once
            transport = conn.transport_cls
            queue = celery_app.conf.task_default_queue
            waiting = _queue_length(conn, queue)
    except Exception as exc:  # kombu raises several unrelated types for "cannot connect"
        return {"ok": False, "mode": "broker", "error": str(exc)}
    return {
        "ok": True,
        "mode": "broker",
        "transport": str(transport),
        "queue": queue,
        "queue_length": waiting,
        "beat_last_heartbeat": _last_beat(),
    }


# The probe's own socket timeouts (seconds): a frozen Redis accepts the connection and never answers.
PROBE_TRANSPORT_OPTIONS = {"socket_connect_timeout": 0.15, "socket_timeout": 0.15}


def heartbeat_status(last: str | None) -> dict[str, Any]:
    """Whether a worker ran the heartbeat task (scheduled by beat every minute, and run by each worker as
    it starts) within ``HEALTH_WORKER_HEARTBEAT_MAX_AGE`` seconds."""
    limit = settings.HEALTH_WORKER_HEARTBEAT_MAX_AGE
    try:
        age = (timezone.now() - datetime.fromisoformat(last)).total_seconds() if last else None
    except ValueError:
        age = None
    return {
        "ok": age is not None and age <= limit,
        "last_heartbeat": last,
        "heartbeat_age_seconds": None if age is None else round(age, 1),
        "heartbeat_max_age_seconds": limit,
    }


def _queue_length(conn: Any, queue: str) -> int:
    """Messages waiting in ``queue``: a passive declare answers without creating anything; Redis keeps no
    key for an empty queue, which the declare reports as a missing queue."""
    try:
        return conn.default_channel.queue_declare(queue=queue, passive=True).message_count
    except ChannelError:
        return 0


def workers_status() -> dict[str, Any]:
    """How far behind the workers are (``None``: nothing is waiting)."""
    from tournaments.standings.selectors import oldest_stale_standings

    try:
        oldest = oldest_stale_standings()
    except Exception as exc:  # the database check reports why
        return {"error": str(exc)}
    return {"stale_standings_age_seconds": oldest}


def _last_beat() -> str | None:
    try:
        return cache.get(HEARTBEAT_CACHE_KEY)
    except Exception:  # the cache shares Redis with the broker; a failure is reported by the broker check
        return None


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database = database_status()
    broker = broker_status()
    ok = database["ok"] and broker["ok"]
    work = workers_status() if database["ok"] else {}
    status = "ok" if ok else "error"
    if ok and broker["mode"] == "broker":  # eager mode has no worker to miss
        work.update(heartbeat_status(broker["beat_last_heartbeat"]))
        if not work["ok"]:
            status = "degraded"
    return JsonResponse(
        {"status": status, "database": database, "broker": broker, "workers": work},
        status=200 if ok else 503,
    )
