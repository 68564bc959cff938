"""The players' API by role: the public reads a player's public profile; organizers search records;
staff users and the club's organizers merge and undo; bad input is a 400 naming the field."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.api.conftest import client_with_token
from tests.factories import PlayerFactory
from tournaments.participants.models import Player, PlayerMerge

pytestmark = pytest.mark.django_db


@pytest.fixture
def light(db: Any) -> Any:
    """Two records and a staff user, without the season's hands (for the many bad-input cases)."""
    from types import SimpleNamespace

    return SimpleNamespace(
        staff=user("staff", is_staff=True), kovacs=PlayerFactory(name="A"), kovacs2=PlayerFactory(name="B")
    )


def user(name: str, **fields: Any) -> Any:
    return get_user_model().objects.create_user(name, **fields)


def test_the_search_is_for_organizers(season: Any) -> None:
    assert APIClient().get("/api/v1/players/?search=kovacs").status_code == 401
    assert client_with_token(user("nobody")).get("/api/v1/players/?search=kovacs").status_code == 403
    club_organizer = user("clubber")
    season.club.organizers.add(club_organizer)
    for client in (client_with_token(season.staff), client_with_token(club_organizer)):
        found = client.get("/api/v1/players/", {"search": "KOVACS", "club": "budai"}).json()["results"]
        assert [(p["name"], p["external_id"]) for p in found] == [("Kovács Anna", "HU-7")]
    staff = client_with_token(season.staff)
    by_id = staff.get("/api/v1/players/", {"external_id": "HU-7"}).json()["results"]
    assert [p["id"] for p in by_id] == [season.kovacs.pk]
    assert staff.get("/api/v1/players/", {"search": "anna", "club": str(season.club.pk)}).json()["results"]
    assert staff.get("/api/v1/players/", {"search": "anna", "club": "999999"}).json()["results"] == []


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"search": "x" * 101}, "search"),
        ({"search": "a\x00b"}, "search"),
        ({"limit": "abc"}, "limit"),
        ({"limit": "0"}, "limit"),
        ({"limit": "9" * 30}, "limit"),
        ({"external_id": "y" * 65}, "external_id"),
    ],
)
def test_a_bad_search_names_the_field(light: Any, query: dict[str, str], field: str) -> None:
    response = client_with_token(light.staff).get("/api/v1/players/", query)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field


def test_the_profile_is_public_and_says_nothing_private(season: Any) -> None:
    body = APIClient().get(f"/api/v1/players/{season.kovacs.pk}/").json()
    assert body["name"] == "Kovács Anna"
    (line,) = body["tournaments"]
    assert (line["name"], line["field_size"]) == ("Őszi kupa", 4)
    assert 1 <= line["rank"] <= 4
    assert {"external_id", "gender", "birth_year"}.isdisjoint(body)
    season.first.is_public = False
    season.first.save()
    assert APIClient().get(f"/api/v1/players/{season.kovacs.pk}/").json()["tournaments"] == []
    assert APIClient().get("/api/v1/players/999999/").status_code == 404


def test_merging_by_role_then_the_merged_id_answers_with_the_kept_person(
    season: Any, django_capture_on_commit_callbacks: Any
) -> None:
    body = {"kept": season.kovacs.pk, "merged": season.kovacs2.pk, "reason": "same Anna"}
    assert APIClient().post("/api/v1/players/merges/", body, format="json").status_code == 401
    club_organizer = user("clubber")
    season.club.organizers.add(club_organizer)
    # kovacs2 has no club: the club's organizer may not merge it; a staff user may
    denied = client_with_token(club_organizer).post("/api/v1/players/merges/", body, format="json")
    assert denied.status_code == 403
    staff = client_with_token(season.staff)
    with django_capture_on_commit_callbacks(execute=True):
        made = staff.post("/api/v1/players/merges/", body, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["tournament_ids"] == [season.second.pk]
    profile = APIClient().get(f"/api/v1/players/{season.kovacs2.pk}/").json()
    assert profile["id"] == season.kovacs.pk
    assert [t["name"] for t in profile["tournaments"]] == ["Téli kupa", "Őszi kupa"]  # newest first
    again = staff.post("/api/v1/players/merges/", body, format="json")
    assert again.status_code == 409
    assert again.json()["errors"][0]["field"] == "merged"
    listed = staff.get("/api/v1/players/merges/").json()["results"]
    assert [m["id"] for m in listed] == [made.json()["id"]]
    assert client_with_token(club_organizer).get("/api/v1/players/merges/").json()["results"] == []
    assert client_with_token(user("nobody")).get("/api/v1/players/merges/").status_code == 403
    undo = f"/api/v1/players/merges/{made.json()['id']}/undo/"
    assert client_with_token(club_organizer).post(undo).status_code == 404
    undone = staff.post(undo)
    assert undone.status_code == 200
    assert undone.json()["undone_at"]
    assert Player.objects.get(pk=season.kovacs2.pk).merged_into is None


def test_a_club_organizer_merges_the_records_of_their_club(season: Any) -> None:
    club_organizer = user("clubber")
    season.club.organizers.add(club_organizer)
    twin = PlayerFactory(name="Kovács A.", club=season.club)
    body = {"kept": season.kovacs.pk, "merged": twin.pk}
    assert (
        client_with_token(club_organizer).post("/api/v1/players/merges/", body, format="json").status_code
        == 201
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kept": "1", "merged": 2}, "kept"),
        ({"kept": 1.5, "merged": 2}, "kept"),
        ({"kept": True, "merged": 2}, "kept"),
        ({"kept": 999999, "merged": 2}, "kept"),
        ({"kept": "KEPT", "merged": None}, "merged"),
        ({"kept": "MERGED", "merged": 10**30}, "merged"),
        ({"kept": "KEPT", "merged": "MERGED", "reason": "r" * 501}, "reason"),
        ({"kept": "KEPT", "merged": "MERGED", "reason": "a\x00"}, "reason"),
        ({"kept": "KEPT", "merged": "MERGED", "reason": {"a": [[[[]]]]}}, "reason"),
        ([1, 2], "body"),
    ],
)
def test_a_bad_merge_request_names_the_field_and_stores_nothing(light: Any, body: Any, field: str) -> None:
    season = light
    ids = {"KEPT": season.kovacs.pk, "MERGED": season.kovacs2.pk}
    if isinstance(body, dict):
        body = {k: ids.get(v, v) if isinstance(v, str) else v for k, v in body.items()}
    response = client_with_token(season.staff).post("/api/v1/players/merges/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["errors"][0]["field"] == field
    assert PlayerMerge.objects.count() == 0


def test_a_lone_surrogate_is_refused(season: Any) -> None:
    raw = f'{{"kept": {season.kovacs.pk}, "merged": {season.kovacs2.pk}, "reason": "\\ud800"}}'
    response = client_with_token(season.staff).post(
        "/api/v1/players/merges/", raw, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "reason"
    assert PlayerMerge.objects.count() == 0


def test_a_retried_merge_answers_as_the_first_time(season: Any) -> None:
    body = {"kept": season.kovacs.pk, "merged": season.kovacs2.pk}
    staff = client_with_token(season.staff)
    first = staff.post("/api/v1/players/merges/", body, format="json", HTTP_IDEMPOTENCY_KEY="merge-1")
    again = staff.post("/api/v1/players/merges/", body, format="json", HTTP_IDEMPOTENCY_KEY="merge-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["id"] == first.json()["id"]
    assert PlayerMerge.objects.count() == 1
