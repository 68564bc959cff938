"""Rows built once for a test module, as Django's ``TestCase.setUpTestData`` builds them for a class.

A module whose many tests each start from the same rows (the permission matrix's cup, the pages' cup)
builds them once: inside a transaction that stays open while the module's tests run. Each test's own
transaction nests in it as a savepoint and is rolled back after the test, as always, so no test sees what
another did; the outer transaction is rolled back after the module, so nothing is left for the next one.
Each test reads its objects afresh from their primary keys (an object kept in memory from one test to the
next could carry what a rolled-back test changed in it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")


def built_for_the_module(django_db_blocker: Any, build: Callable[[Any], T]) -> Iterator[T]:
    """Yield what ``build(capture_on_commit_callbacks)`` returns, built in the module's transaction, with
    the tests' own defaults (eager tasks, rows attributed to "system:test"); roll it back after."""
    from django.db import transaction
    from django.test import TestCase

    from config.celery import app
    from tournaments.core.audit import Actor, acting_as

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        eager = app.conf.task_always_eager
        app.conf.task_always_eager = True  # as tests/conftest.py's _eager_tasks_by_default for each test
        try:
            with acting_as(Actor(system="test")):
                built = build(TestCase.captureOnCommitCallbacks)
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
        finally:
            app.conf.task_always_eager = eager
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
