"""The admin's merge and undo call the same services (and so refuse the same merges)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.participants.models import Player, PlayerMerge

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(season: Any) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("root", password="x"))
    return client


def test_the_admin_merges_two_records_and_undoes_the_merge(season: Any, admin_client: Client) -> None:
    url = "/admin/tournaments/player/"
    pair = [season.kovacs.pk, season.kovacs2.pk]
    asked = admin_client.post(url, {"action": "merge_two", "_selected_action": pair})
    assert asked.status_code == 200
    assert b"no external id" in asked.content  # which record to keep: both described
    done = admin_client.post(
        url,
        {
            "action": "merge_two",
            "_selected_action": pair,
            "apply": "1",
            "kept": season.kovacs.pk,
            "reason": "x",
        },
    )
    assert done.status_code == 302
    assert Player.objects.get(pk=season.kovacs2.pk).merged_into_id == season.kovacs.pk
    merge = PlayerMerge.objects.get()
    assert admin_client.get(f"/admin/tournaments/playermerge/{merge.pk}/change/").status_code == 200
    admin_client.post("/admin/tournaments/playermerge/", {"action": "undo", "_selected_action": [merge.pk]})
    assert Player.objects.get(pk=season.kovacs2.pk).merged_into_id is None


def test_the_admin_refuses_what_the_service_refuses(season: Any, admin_client: Client) -> None:
    url = "/admin/tournaments/player/"
    pair = [season.kovacs.pk, season.others[0].pk]
    response = admin_client.post(
        url,
        {"action": "merge_two", "_selected_action": pair, "apply": "1", "kept": season.kovacs.pk},
        follow=True,
    )
    assert "cannot sit twice" in response.content.decode()
    assert PlayerMerge.objects.count() == 0
    one = admin_client.post(url, {"action": "merge_two", "_selected_action": [season.kovacs.pk]}, follow=True)
    assert "exactly two" in one.content.decode()
