"""The Celery app. Settings come from Django settings with the ``CELERY_`` prefix."""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Celery
from celery.result import EagerResult

from config.breaker import Breaker

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

logger = logging.getLogger(__name__)

broker_breaker = Breaker("BROKER_OUTAGE_SKIP_SECONDS")

app = Celery("tarokk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["config"])


def send_safely(task: Any, *args: Any, countdown: float | None = None, **kwargs: Any) -> bool:
    """Publish ``task`` with these arguments now. Never raises and never blocks for more than about a
    second: on a broker (or eager-task) failure it logs a warning naming the task and returns False;
    the caller's data is already committed and a periodic sweep picks the work up later.

    False means "not confirmed", not "not delivered": a publish written to a broker that then stops
    answering may still be executed when it resumes, which is harmless because tasks are idempotent.

    The time bound comes from the broker settings (short socket timeouts, one immediate retry, a bounded
    wait for a pooled producer; see the Celery section of config/settings.py). A broker that failed is
    then skipped for ``BROKER_OUTAGE_SKIP_SECONDS`` (``broker_breaker``, config/breaker.py): a frozen
    Redis costs one publish its timeouts, not every table's entry (issue 31 §6). In eager mode the task
    runs here, so its own failure is caught too: a saved result must not look failed to its caller.
    ``countdown``: run it that many seconds from now (a live table's bot move after its visible delay).
    """
    name = getattr(task, "name", repr(task))
    eager = bool(getattr(task, "app", app).conf.task_always_eager)
    if not eager and not broker_breaker.allows():
        logger.warning(
            "broker unavailable: task %s not sent; its work is left for a later sweep",
            name,
            extra={"task": name},
        )
        return False
    try:
        result = task.apply_async(args=args, kwargs=kwargs, countdown=countdown)
    except Exception:  # kombu/redis raise many unrelated types for "broker unavailable"; eager tasks anything
        if not eager:  # an eager task's own error says nothing of the broker
            broker_breaker.failed()
        logger.warning(
            "could not enqueue task %s; its work is left for a later sweep",
            name,
            exc_info=True,
            extra={"task": name},
        )
        return False
    if not eager and broker_breaker.succeeded():
        logger.warning("broker available again")
    if isinstance(result, EagerResult) and result.failed():  # eager without propagation: failure is stored
        logger.warning(
            "eager task %s failed; its work is left for a later sweep",
            name,
            exc_info=result.result if isinstance(result.result, BaseException) else None,
            extra={"task": name},
        )
        return False
    return True
