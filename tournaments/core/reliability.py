"""What every task of the project shares: late acknowledgement, retries with backoff and jitter, time
limits, and a dead letter for a task that keeps failing.

* ``acks_late`` + ``reject_on_worker_lost``: a task whose worker dies mid-way is delivered again (tasks
  are idempotent, so running twice is harmless);
* any exception is retried up to ``max_retries`` times, ``retry_backoff`` seconds doubled each time up to
  ``retry_backoff_max``, with full jitter (celery's ``autoretry_for``);
* soft and hard time limits from ``CELERY_TASK_SOFT_TIME_LIMIT`` / ``CELERY_TASK_TIME_LIMIT``;
* a task that fails for good (retries exhausted, or killed at its hard time limit) leaves a
  ``DeadLetter`` row. Writing it never raises: a failure handler that fails would hide the first failure.

The database stays the source of truth: a dead letter says a task gave up, while what it should have done
is still marked in the data (stale standings, a pending delivery), where the periodic sweeps find it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from celery import Task, shared_task

logger = logging.getLogger(__name__)


def _plain(value: Any) -> Any:
    """``value`` as JSON (anything else as its repr), so any task's arguments can be stored."""
    try:
        return json.loads(json.dumps(value, default=repr))
    except (TypeError, ValueError):
        return repr(value)


def dead_letter_record(
    task_name: str,
    *,
    task_id: str = "",
    args: Any = (),
    kwargs: Any = None,
    exc: BaseException | None = None,
    traceback: str = "",
    retries: int = 0,
) -> bool:
    """Store a dead letter for a task that failed for good. Never raises; returns whether it was stored."""
    from tournaments.core.models import DEAD_LETTER_EXCEPTION_MAX, DEAD_LETTER_TRACEBACK_MAX, DeadLetter

    try:
        exception = f"{type(exc).__name__}: {exc}" if exc is not None else "unknown failure"
        DeadLetter.objects.create(
            task_name=str(task_name)[:200],
            task_id=str(task_id or "")[:255],
            args=_plain(list(args or ())),
            kwargs=_plain(dict(kwargs or {})),
            exception=exception[:DEAD_LETTER_EXCEPTION_MAX],
            traceback=str(traceback or "")[-DEAD_LETTER_TRACEBACK_MAX:],
            retries=int(retries or 0),
        )
    except Exception:  # the database may be why the task failed; the log still has it
        logger.exception("could not store a dead letter for task %s", task_name, extra={"task": task_name})
        return False
    logger.error(
        "task %s failed for good after %s retries; dead letter stored",
        task_name,
        retries,
        extra={"task": task_name},
    )
    return True


class ReliableTask(Task):
    """The base of every task of the project (``project_task``)."""

    acks_late = True
    reject_on_worker_lost = True
    autoretry_for = (Exception,)
    max_retries = 5
    retry_backoff = 2  # seconds before the first retry; doubled each time
    retry_backoff_max = 300
    retry_jitter = True
    # soft_time_limit / time_limit: None, i.e. the app's CELERY_TASK_SOFT_TIME_LIMIT / CELERY_TASK_TIME_LIMIT

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        """Called once the task has failed for good (not on a retry). Never raises."""
        try:
            retries = getattr(self.request, "retries", 0) or 0
            traceback = str(getattr(einfo, "traceback", "") or "")
        except Exception:
            retries, traceback = 0, ""
        dead_letter_record(
            self.name,
            task_id=task_id,
            args=args,
            kwargs=kwargs,
            exc=exc,
            traceback=traceback,
            retries=retries,
        )


def project_task(name: str, **options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``shared_task`` with ``ReliableTask`` as its base: ``@project_task("tournaments.x")``."""
    return shared_task(name=name, base=ReliableTask, **options)
