"""The configured services are the real ones: PostgreSQL and a Celery worker behind Redis."""

from __future__ import annotations

import pytest
from django.db import connection

from config.tasks import ping


@pytest.mark.services
@pytest.mark.django_db
def test_it_uses_postgresql_when_database_url_says_so(postgres_url: str) -> None:
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")


@pytest.mark.services
def test_it_runs_a_task_in_a_real_worker_through_redis(celery_worker: str) -> None:
    import os

    from config.celery import app

    assert app.conf.broker_url.startswith("redis://")
    result = ping.apply_async(queue=celery_worker)
    answer = result.get(timeout=60)
    assert answer["pong"] == "ok"
    # The task really ran elsewhere: its result came back through the Redis result backend.
    assert result.backend.__class__.__name__ == "RedisBackend"
    assert answer["host"] == os.uname().nodename


def test_it_runs_tasks_in_process_without_a_broker() -> None:
    from config.celery import app

    assert app.conf.task_always_eager is True
    assert ping.delay().get(timeout=5)["pong"] == "ok"
