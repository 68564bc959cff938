"""Scaling out (README "A federation's scale"): read replicas (DATABASE_REPLICA_URLS) serve anonymous GETs of
the public pages, every other read and every write the primary; season tasks on a queue of their own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from config.db_router import PublicReadsRouter, ReplicaReadsMiddleware, replica_reads

ROOT = Path(__file__).resolve().parents[2]


def _reads_from(method: str = "get", *, marked: bool = True, user=None, headers=None) -> str:
    """The database a read of the view would use, as the router says during the request."""
    seen = {}

    def view(request):
        seen["db"] = PublicReadsRouter().db_for_read(User)
        return HttpResponse("ok")

    if marked:
        view = replica_reads(view)
    request = getattr(RequestFactory(), method)("/standings/", headers=headers or {})
    request.user = user or AnonymousUser()
    middleware = ReplicaReadsMiddleware(lambda r: middleware.process_view(r, view, (), {}) or view(r))
    middleware(request)
    return seen["db"]


@override_settings(DATABASE_REPLICAS=["replica_0"])
def test_an_anonymous_get_of_a_public_page_reads_the_replica():
    assert _reads_from() == "replica_0"
    assert _reads_from("head") == "replica_0"


@override_settings(DATABASE_REPLICAS=["replica_0"])
def test_writes_organizers_api_tokens_and_unmarked_views_read_the_primary():
    signed_in = User(username="organizer")
    assert _reads_from("post") == "default"
    assert _reads_from(user=signed_in) == "default"
    assert _reads_from(marked=False) == "default"
    assert _reads_from(headers={"Authorization": "Token x"}) == "default"
    assert PublicReadsRouter().db_for_write(User) == "default"
    assert PublicReadsRouter().allow_migrate("replica_0", "tournaments") is False


def test_without_replicas_everything_reads_the_primary():
    assert _reads_from() == "default"
    assert PublicReadsRouter().db_for_read(User) == "default"  # outside a request too


@pytest.mark.parametrize("urls", ["postgres://reader@10.0.0.2:5432/tarokk,postgres://reader@10.0.0.3/tarokk"])
def test_the_setting_adds_each_replica_mirroring_the_primary_in_tests(urls):
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        "print(json.dumps({'replicas': settings.DATABASE_REPLICAS, "
        "'hosts': [settings.DATABASES[n]['HOST'] for n in settings.DATABASE_REPLICAS], "
        "'mirror': [settings.DATABASES[n]['TEST']['MIRROR'] for n in settings.DATABASE_REPLICAS]}))"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_REPLICA_URLS": urls}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got == {
        "replicas": ["replica_0", "replica_1"],
        "hosts": ["10.0.0.2", "10.0.0.3"],
        "mirror": ["default", "default"],
    }


def test_the_public_pages_may_read_a_replica_the_entry_and_organizers_pages_never():
    from django.urls import resolve

    from config.db_router import may_read_replica

    public = ["/", "/t/cup/", "/t/cup/standings/", "/t/cup/pairings/", "/t/cup/players/1/", "/series/",
              "/series/cup/", "/series/cup/players/1/", "/ratings/", "/ratings/hungarian/", "/players/1/",
              "/clubs/", "/clubs/a-club/", "/t/cup/statistics/"]  # fmt: skip
    private = [
        "/t/cup/manage/players/",
        "/players/merge/",
        "/players/merges/",
        "/clubs/a-club/tournaments/new/",
    ]
    assert [url for url in public if not may_read_replica(resolve(url).func)] == []
    assert [url for url in private if may_read_replica(resolve(url).func)] == []


def test_season_tasks_go_to_their_own_queue_when_one_is_named():
    code = (
        "import json, django; from django.conf import settings; django.setup(); "
        "from config.celery import app; import tournaments.tasks; "
        "print(json.dumps({'routes': settings.CELERY_TASK_ROUTES, "
        "'known': sorted(n for n in settings.SEASON_TASKS if n in app.tasks)}))"
    )
    for queue, expected in (("season", {"queue": "season"}), ("", None)):
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "SEASON_TASKS_QUEUE": queue}
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
        )
        got = json.loads(out.stdout.strip().splitlines()[-1])
        assert len(got["known"]) == len(settings.SEASON_TASKS)  # every season task exists, routed by name
        assert got["routes"] == ({name: expected for name in got["known"]} if expected else {})
