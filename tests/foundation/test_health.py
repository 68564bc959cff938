from __future__ import annotations

import json
import logging

import pytest
from django.test import Client


@pytest.mark.django_db
def test_it_reports_database_and_broker_status_as_json(client: Client) -> None:
    from config.tasks import heartbeat

    heartbeat()  # as a worker does (with REDIS_URL set no worker runs here: it would say "degraded")
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is True
    assert response["X-Request-ID"]


@pytest.mark.django_db
def test_it_reports_a_broken_broker_with_503(client: Client, settings) -> None:
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    previous = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        response = client.get("/healthz")
    finally:
        app.conf.broker_url = previous
    assert response.status_code == 503
    assert response.json()["broker"]["ok"] is False


@pytest.mark.services
@pytest.mark.django_db
def test_it_reports_the_real_broker_when_redis_is_configured(
    client: Client, settings, redis_url: str
) -> None:
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    previous = app.conf.broker_url
    app.conf.broker_url = redis_url
    try:
        body = client.get("/healthz").json()
    finally:
        app.conf.broker_url = previous
    assert body["broker"] == {**body["broker"], "ok": True, "mode": "broker"}
    assert isinstance(body["broker"]["queue_length"], int)


@pytest.mark.django_db
def test_it_reports_how_long_the_oldest_stale_standings_have_waited(client: Client) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from tests.factories import TournamentFactory
    from tournaments.standings.models import StandingsState

    assert client.get("/healthz").json()["workers"]["stale_standings_age_seconds"] is None
    for age in (5, 90):
        StandingsState.objects.create(
            tournament=TournamentFactory(), version=1, stale_since=timezone.now() - timedelta(seconds=age)
        )
    age = client.get("/healthz").json()["workers"]["stale_standings_age_seconds"]
    assert 90 <= age < 100


@pytest.mark.django_db
def test_it_logs_each_request_as_structured_json(client: Client, caplog: pytest.LogCaptureFixture) -> None:
    from pythonjsonlogger.json import JsonFormatter

    with caplog.at_level(logging.INFO, logger="tarokk.request"):
        client.get("/healthz", HTTP_X_REQUEST_ID="abc123")
    record = next(r for r in caplog.records if r.name == "tarokk.request")
    line = json.loads(JsonFormatter("%(levelname)s %(name)s %(message)s").format(record))
    assert line["request_id"] == "abc123"
    assert line["path"] == "/healthz"
    assert line["status"] == 200
    assert line["method"] == "GET"


# --- issue 21 §7: a worker that stopped is "degraded"; the answer is prompt while Redis is down ---


@pytest.fixture
def broker_and_cache_at(settings):
    """Point broker and cache at a private Redis (eager mode off), as with REDIS_URL in production."""
    from contextlib import contextmanager

    from tests.foundation.test_broker_outage import broker_at

    @contextmanager
    def at(url: str):
        settings.CELERY_TASK_ALWAYS_EAGER = False
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
            }
        }
        with broker_at(url):
            yield

    return at


@pytest.mark.django_db
def test_it_says_degraded_when_no_worker_sent_a_heartbeat_for_a_while(
    client: Client, private_redis, broker_and_cache_at, settings
) -> None:
    from datetime import timedelta

    from django.core.cache import cache
    from django.utils import timezone

    from config.tasks import HEARTBEAT_CACHE_KEY, heartbeat

    with broker_and_cache_at(private_redis.url):
        settings.HEALTH_WORKER_HEARTBEAT_MAX_AGE = 180
        old = (timezone.now() - timedelta(seconds=600)).isoformat()
        cache.set(HEARTBEAT_CACHE_KEY, old, timeout=None)
        response = client.get("/healthz")
        body = response.json()
        assert response.status_code == 200  # the site still serves: a proxy keeps it
        assert body["status"] == "degraded"
        assert body["workers"]["ok"] is False
        assert body["workers"]["last_heartbeat"] == old
        assert 600 <= body["workers"]["heartbeat_age_seconds"] < 660

        cache.delete(HEARTBEAT_CACHE_KEY)  # no worker ever ran it
        assert client.get("/healthz").json()["status"] == "degraded"

        heartbeat()  # what a worker does every minute
        body = client.get("/healthz").json()
        assert body["status"] == "ok"
        assert body["workers"]["ok"] is True
        assert body["workers"]["heartbeat_age_seconds"] < 5


def _timed_get(client: Client) -> tuple[int, float, dict]:
    import time

    start = time.monotonic()
    response = client.get("/healthz")
    return response.status_code, time.monotonic() - start, response.json()


@pytest.mark.django_db
def test_it_answers_within_half_a_second_while_redis_is_stopped_or_frozen(
    client: Client, private_redis, broker_and_cache_at
) -> None:
    with broker_and_cache_at(private_redis.url):
        status, elapsed, body = _timed_get(client)
        assert status == 200, body  # the private Redis answers (a heartbeat is not needed for 200)
        private_redis.freeze()  # accepts connections, never answers
        try:
            frozen = [_timed_get(client) for _ in range(2)]
        finally:
            private_redis.thaw()
        private_redis.stop()
        stopped = [_timed_get(client) for _ in range(2)]
        private_redis.start()
    for status, elapsed, body in frozen + stopped:
        assert status == 503
        assert body["status"] == "error"
        assert body["broker"]["ok"] is False
        assert elapsed < 0.5, (elapsed, body)
