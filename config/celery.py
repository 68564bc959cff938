"""The Celery app. Settings come from Django settings with the ``CELERY_`` prefix."""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Celery
from celery.result import EagerResult

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

logger = logging.getLogger(__name__)

app = Celery("tarokk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["config"])


def send_safely(task: Any, *args: Any, **kwargs: Any) -> bool:
    """Publish ``task`` with these arguments now. Never raises and never blocks for more than about a
    second: on a broker (or eager-task) failure it logs a warning naming the task and returns False;
    the caller's data is already committed and a periodic sweep picks the work up later.

    False means "not confirmed", not "not delivered": a publish written to a broker that then stops
    answering may still be executed when it resumes, which is harmless because tasks are idempotent.

    The time bound comes from the broker settings (short socket timeouts, one immediate retry, a bounded
    wait for a pooled producer; see the Celery section of config/settings.py). In eager mode the task runs
    here, so its own failure is caught too: a saved result must not look failed to its caller.
    """
    name = getattr(task, "name", repr(task))
    try:
        result = task.apply_async(args=args, kwargs=kwargs)
    except Exception:  # kombu/redis raise many unrelated types for "broker unavailable"; eager tasks anything
        logger.warning(
            "could not enqueue task %s; its work is left for a later sweep",
            name,
            exc_info=True,
            extra={"task": name},
        )
        return False
    if isinstance(result, EagerResult) and result.failed():  # eager without propagation: failure is stored
        logger.warning(
            "eager task %s failed; its work is left for a later sweep",
            name,
            exc_info=result.result if isinstance(result.result, BaseException) else None,
            extra={"task": name},
        )
        return False
    return True
