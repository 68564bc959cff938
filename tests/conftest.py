"""Shared fixtures.

The suite runs two ways: with nothing set (SQLite, eager tasks) and, in .ci/run, with ``DATABASE_URL`` and
``REDIS_URL`` pointing at real PostgreSQL and Redis. Tests that need the real services use the fixtures
below: they skip with a clear reason when the variable is missing, and fail instead when
``REQUIRE_REAL_SERVICES=1`` (set by .ci/run) so that CI cannot pass by skipping them.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _missing_service(variable: str, what: str) -> None:
    message = f"{variable} is not set: {what} needs the real service (run by .ci/run)"
    if os.environ.get("REQUIRE_REAL_SERVICES") == "1":
        pytest.fail(f"REQUIRE_REAL_SERVICES=1 but {message}")
    pytest.skip(message)


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        _missing_service("REDIS_URL", "this test")
    return url


@pytest.fixture
def postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        _missing_service("DATABASE_URL", "this PostgreSQL test")
    return url


@pytest.fixture
def organizer_user(db: Any) -> Any:
    """An organizer's account (no staff rights): the tournaments, clubs and live tables of a test name it
    as their organizer. (tests/browser's is the same account in a committed database.)"""
    from tests.factories import organizer_account

    return organizer_account()


@pytest.fixture
def organizer_web(organizer_user: Any) -> Any:
    """The organizer on the site: Django's test client logged in as ``organizer_user``."""
    from tests.factories import logged_in

    return logged_in(organizer_user)


@pytest.fixture
def organizer_club(organizer_user: Any) -> Any:
    """A club whose one organizer is ``organizer_user`` (its page, its tournaments, its practice tables)."""
    from tournaments.organizing.models import Club

    club = Club.objects.create(name="Pécsi Tarokk Kör", city="Pécs")
    club.organizers.add(organizer_user)
    return club


@pytest.fixture(autouse=True)
def _eager_tasks_by_default() -> Iterator[None]:
    """Tasks run in-process in tests even when REDIS_URL is set; the ``celery_worker`` fixture switches
    the Celery app to the real broker for the tests that ask for it."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Each test starts with an empty cache: failed table codes are counted there and pages are kept
    under keys that a later test's tournament could reuse (the same pk and versions in a new database).
    The cache's and the broker's breakers start closed too: a test that made one fail must not leave the
    next one skipping it (config/breaker.py)."""
    from django.core.cache import cache

    from config.cache import breaker
    from config.celery import broker_breaker

    breaker.reset()
    broker_breaker.reset()
    _clear(cache)
    yield
    breaker.reset()
    broker_breaker.reset()
    _clear(cache)


def _clear(cache: Any) -> None:
    """Empty the cache, giving Redis time to: the site's cache client gives up after 0.1 s
    (``CACHE_SOCKET_TIMEOUT``). Only the cache's own keys go: the Redis database also holds the channel
    layer's groups and Celery's queues, and a FLUSHDB from one pytest worker wiped them under the other's
    live browser test (its phone stopped hearing pushes) and its worker's tasks."""
    url = os.environ.get("REDIS_URL", "")
    if url:
        client = _patient_redis(url)
        keys = list(client.scan_iter(match=f"{cache.key_prefix}:*", count=1000))
        if keys:
            client.delete(*keys)
    else:
        cache.clear()


@functools.cache
def _patient_redis(url: str) -> Any:
    """One client per process, its connection kept: a test that patches the name resolver
    (tests/webhooks) must not stop the cache from being emptied after it."""
    import redis

    return redis.Redis.from_url(url, socket_timeout=10, socket_connect_timeout=10)


@pytest.fixture(autouse=True)
def _language_of_the_settings() -> Iterator[None]:
    """Each test starts and ends in the settings' language: a page requested in Hungarian leaves Hungarian
    active in the thread (``LocaleMiddleware`` activates it), and a later test reading a message in English
    would depend on the order the suite runs in."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _test_setup_actor() -> Iterator[None]:
    """Rows that tests create directly (factories, fixtures) are attributed to "system:test"; services
    attribute their own changes to the actor they are given. Tests that check attribution look for it."""
    from tournaments.core.audit import Actor, acting_as

    with acting_as(Actor(system="test")):
        yield


def _worker_env(redis: str, database_name: str | None) -> dict[str, str]:
    env = dict(
        os.environ,
        REDIS_URL=redis,
        CELERY_BROKER_URL=redis,
        CELERY_RESULT_BACKEND=redis,
        CELERY_TASK_ALWAYS_EAGER="false",
        PYTHONPATH=str(ROOT),
    )
    db_url = os.environ.get("DATABASE_URL", "")
    if database_name and db_url.startswith(("postgres://", "postgresql://")):
        # Point the worker at the test database pytest-django created.
        env["DATABASE_URL"] = db_url.rsplit("/", 1)[0] + "/" + database_name
    return env


@pytest.fixture
def celery_worker(redis_url: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A real Celery worker process consuming a private queue through Redis; yields the queue name.

    Tests that need the worker to see their rows must also use ``transactional_db`` (committed data).
    """
    from django.db import connection

    from config.celery import app

    queue = f"test-{uuid.uuid4().hex[:10]}"
    database_name = connection.settings_dict["NAME"] if "transactional_db" in request.fixturenames else None
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-l",
            "WARNING",
            "-n",
            f"{queue}@%h",
        ],
        cwd=ROOT,
        env=_worker_env(redis_url, database_name),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    previous = (app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend)
    app.conf.task_always_eager = False
    app.conf.broker_url = redis_url
    app.conf.result_backend = redis_url
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"celery worker exited early:\n{proc.stdout.read() if proc.stdout else ''}")
            replies = app.control.ping(destination=[f"{queue}@{os.uname().nodename}"], timeout=1.0)
            if replies:
                break
        else:
            pytest.fail("celery worker did not answer a ping within 60 s")
        yield queue
    finally:
        app.conf.task_always_eager, app.conf.broker_url, app.conf.result_backend = previous
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Counts a test reports with ``record_property("summary", ...)`` (e.g. the fault test's), printed at
    the end of the run even when output is captured."""
    lines = [
        f"{report.nodeid}: {value}"
        for reports in terminalreporter.stats.values()
        for report in reports
        for name, value in getattr(report, "user_properties", ())
        if name == "summary" and getattr(report, "when", "call") == "call"
    ]
    if lines:
        terminalreporter.section("summaries")
        for line in lines:
            terminalreporter.write_line(line)
