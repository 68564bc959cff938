"""The series in the admin: created through the services (the rules checked, the standings stale), its
standings shown read-only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments.series.models import Series, SeriesState

pytestmark = pytest.mark.django_db


def form(**extra):
    return {
        "name": "Admin Cup",
        "slug": "admin-cup",
        "game": "cego",
        "season": "2026",
        "description": "",
        "rules": '{"points": {"table": [10, 5]}, "best_of": 3}',
        "is_public": "on",
        "entries-TOTAL_FORMS": "0",
        "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0",
        "entries-MAX_NUM_FORMS": "1000",
        **extra,
    }


def test_a_series_is_added_through_the_services_and_bad_rules_are_refused(client) -> None:
    root = get_user_model().objects.create_superuser("root", password="pw")
    client.force_login(root)
    refused = client.post("/admin/tournaments/series/add/", form(rules='{"points": {"table": ["x"]}}'))
    assert refused.status_code == 200
    assert "rules.points.table[0]" in refused.content.decode()
    assert not Series.objects.exists()
    added = client.post("/admin/tournaments/series/add/", form())
    assert added.status_code == 302, added.content.decode()[:2000]
    series = Series.objects.get()
    assert (series.game, series.rules["best_of"]) == ("cego", 3)
    assert SeriesState.objects.get(series=series).stale_since is not None  # marked by the service
    assert client.get("/admin/tournaments/seriesstanding/").status_code == 200
    assert client.get(f"/admin/tournaments/series/{series.pk}/change/").status_code == 200
