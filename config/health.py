"""``/healthz``: database and broker status as JSON, 200 when both answer, 503 otherwise."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

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
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
            transport = conn.transport_cls
    except Exception as exc:  # kombu raises several unrelated types for "cannot connect"
        return {"ok": False, "mode": "broker", "error": str(exc)}
    return {"ok": True, "mode": "broker", "transport": str(transport), "beat_last_heartbeat": _last_beat()}


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
    return JsonResponse(
        {"status": "ok" if ok else "error", "database": database, "broker": broker},
        status=200 if ok else 503,
    )
