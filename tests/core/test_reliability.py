"""What every task shares (``tournaments.reliability``): late acks, retries with backoff and jitter, time
limits, and a dead letter once a task has failed for good.

Eager tasks run here as in a worker except for one thing: with ``CELERY_TASK_EAGER_PROPAGATES`` (the
project's eager default) celery raises a failing eager task's error at once, without retries or failure
handlers, and ``send_safely`` logs it. The retry tests switch propagation off, so the task goes through
celery's real retry loop (countdowns are not waited for in eager mode) and its failure handler.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from celery.exceptions import TimeLimitExceeded

from config.celery import app
from tournaments import tasks
from tournaments.core.models import DEAD_LETTER_TRACEBACK_MAX, DeadLetter
from tournaments.core.reliability import ReliableTask, dead_letter_record, project_task

pytestmark = pytest.mark.django_db

calls: list[Any] = []


@project_task("tests.reliability.always_fails")
def always_fails(tournament_id: int, *, reason: str = "") -> None:
    calls.append(tournament_id)
    raise RuntimeError(f"standings exploded for {tournament_id} {reason}".strip())


@project_task("tests.reliability.fails_twice")
def fails_twice(value: int) -> int:
    calls.append(value)
    if len(calls) < 3:
        raise ConnectionError("database went away")
    return value * 2


@pytest.fixture
def like_a_worker() -> Iterator[None]:
    """A failing task is retried and handed to its failure handler, as in a worker."""
    calls.clear()
    previous = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = previous


def test_it_gives_every_project_task_late_acks_retries_with_backoff_and_jitter_and_time_limits() -> None:
    for task in (tasks.standings_refresh, tasks.standings_sweep, tasks.webhook_deliver, tasks.webhooks_sweep):
        assert isinstance(task, ReliableTask), task.name
        assert task.acks_late
        assert task.reject_on_worker_lost
        assert task.autoretry_for == (Exception,)
        assert task.max_retries == 5
        assert task.retry_backoff
        assert task.retry_jitter
        assert hasattr(task, "_orig_run")  # celery wrapped it in its autoretry
    assert (app.conf.task_soft_time_limit, app.conf.task_time_limit) == (60, 90)
    assert app.conf.task_acks_late
    assert app.conf.task_reject_on_worker_lost


def test_it_writes_a_dead_letter_when_a_task_exhausts_its_retries(like_a_worker) -> None:
    result = always_fails.apply(args=[7], kwargs={"reason": "again"})
    assert result.failed()
    assert calls == [7] * (always_fails.max_retries + 1)  # the first run and every retry
    letter = DeadLetter.objects.get()
    assert letter.task_name == "tests.reliability.always_fails"
    assert letter.task_id == result.id
    assert (letter.args, letter.kwargs) == ([7], {"reason": "again"})
    assert letter.exception == "RuntimeError: standings exploded for 7 again"
    assert "Traceback" in letter.traceback
    assert "always_fails" in letter.traceback
    assert letter.retries == always_fails.max_retries
    assert letter.failed_at is not None


def test_it_writes_no_dead_letter_for_a_task_that_succeeds_on_a_retry(like_a_worker) -> None:
    assert fails_twice.apply(args=[21]).get() == 42
    assert calls == [21, 21, 21]
    assert not DeadLetter.objects.exists()


def test_it_writes_a_dead_letter_for_a_task_killed_at_its_hard_time_limit() -> None:
    """The worker calls ``on_failure`` itself when it kills a task at the hard limit (no retry then)."""
    always_fails.on_failure(TimeLimitExceeded(90), "task-1", (3,), {}, None)
    letter = DeadLetter.objects.get()
    assert (letter.task_name, letter.task_id, letter.args) == (
        "tests.reliability.always_fails",
        "task-1",
        [3],
    )
    assert letter.exception.startswith("TimeLimitExceeded")


def test_it_never_raises_from_the_failure_handler(monkeypatch, caplog) -> None:
    def broken(**kwargs: Any) -> None:
        raise RuntimeError("the database is down too")

    monkeypatch.setattr(DeadLetter.objects, "create", broken)
    always_fails.on_failure(RuntimeError("first"), "task-2", (1,), {}, None)  # does not raise
    assert "could not store a dead letter for task tests.reliability.always_fails" in caplog.text
    assert dead_letter_record("x", exc=RuntimeError("y")) is False


def test_it_bounds_what_a_dead_letter_keeps_and_stores_any_argument() -> None:
    class Odd:
        def __repr__(self) -> str:
            return "<odd>"

    assert dead_letter_record(
        "tests.any", args=(Odd(), {"k": Odd()}), exc=ValueError("v" * 10_000), traceback="t" * 50_000
    )
    letter = DeadLetter.objects.get()
    assert letter.args == ["<odd>", {"k": "<odd>"}]
    assert len(letter.traceback) == DEAD_LETTER_TRACEBACK_MAX
    assert len(letter.exception) <= 2_000
