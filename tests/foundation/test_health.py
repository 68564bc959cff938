from __future__ import annotations

import json
import logging

import pytest
from django.test import Client


@pytest.mark.django_db
def test_it_reports_database_and_broker_status_as_json(client: Client) -> None:
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

    from tests.tournaments.factories import TournamentFactory
    from tournaments.models import StandingsState

    assert client.get("/healthz").json()["workers"] == {"stale_standings_age_seconds": None}
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
