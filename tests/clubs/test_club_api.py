"""The club's API beyond who may: what a body must be (a 400 naming the field, nothing stored), If-Match,
the organizers' rules (at least one once there is one), and a club's creator."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tournaments import services
from tournaments.organizing.models import Club, Tournament

from .conftest import Site

pytestmark = pytest.mark.django_db

CLUB = "/api/v1/clubs/alfa-tarokk-klub/"


def as_user(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def field_of(response: Any) -> str:
    return response.json()["errors"][0]["field"]


BAD_NAMES = {
    "huge": ("x" * 10_000, "name"),
    "NUL": ("Alfa\x00Klub", "name"),
    "a number": (42, "name"),
    "an object": ({"deep": {"er": ["x"]}}, "name"),
    "empty": ("   ", "name"),
}


@pytest.mark.parametrize("case", list(BAD_NAMES))
def test_a_bad_club_name_is_a_400_naming_the_field_and_nothing_changes(case: str, site: Site) -> None:
    value, field = BAD_NAMES[case]
    client = as_user(site.users["club_a_organizer"])
    response = client.patch(CLUB, {"name": value}, format="json")
    assert response.status_code == 400, response.content
    assert field_of(response) == field
    created = client.post("/api/v1/clubs/", {"name": value}, format="json")
    assert created.status_code == 400
    assert field_of(created) == field
    assert sorted(Club.objects.values_list("name", flat=True)) == ["Alfa Tarokk Klub", "Béta Tarokk Kör"]


def test_a_lone_surrogate_is_a_400_naming_the_field(site: Site) -> None:
    client = as_user(site.users["club_a_organizer"])
    for path, method in (
        (CLUB, client.patch),
        ("/api/v1/clubs/", client.post),
        (CLUB + "organizers/", client.post),
    ):
        field = "username" if path.endswith("organizers/") else "name"
        body = f'{{"{field}": "Alfa \\ud800"}}'
        response = method(path, body, content_type="application/json")
        assert response.status_code == 400, response.content
        assert field_of(response) == field
    assert Club.objects.get(slug="alfa-tarokk-klub").name == "Alfa Tarokk Klub"


def test_an_unknown_field_a_taken_name_and_a_stale_etag_are_refused(site: Site) -> None:
    client = as_user(site.users["club_a_organizer"])
    assert field_of(client.patch(CLUB, {"slug": "alfa"}, format="json")) == "slug"
    taken = client.patch(CLUB, {"name": "béta tarokk kör"}, format="json")
    assert taken.status_code == 409
    assert field_of(taken) == "name"
    etag = client.get(CLUB)["ETag"]
    renamed = client.patch(CLUB, {"name": "Alfa Tarokk Egylet"}, format="json", HTTP_IF_MATCH=etag)
    assert renamed.status_code == 200
    assert renamed.json()["name"] == "Alfa Tarokk Egylet"
    assert renamed["ETag"] != etag
    stale = client.patch(CLUB, {"city": "Győr"}, format="json", HTTP_IF_MATCH=etag)
    assert stale.status_code == 412
    club = Club.objects.get(pk=site.club_a.pk)
    assert (club.name, club.city, club.slug) == ("Alfa Tarokk Egylet", "Budapest", "alfa-tarokk-klub")


def test_the_club_in_the_api_lists_its_public_tournaments_series_and_members(site: Site) -> None:
    body = APIClient().get(CLUB).json()
    assert [t["slug"] for t in body["tournaments"]] == ["a-autumn", "a-spring"]
    assert [s["slug"] for s in body["series"]] == ["alfa-kupa-2026"]
    assert (body["name"], body["city"], body["members"]) == ("Alfa Tarokk Klub", "Budapest", 3)


def test_organizers_are_named_by_username_and_the_last_one_stays(site: Site) -> None:
    client = as_user(site.users["club_a_organizer"])
    path = CLUB + "organizers/"
    for bad, field in (
        ("nobody", "username"),
        ("x" * 500, "username"),
        ("a\x00b", "username"),
        (7, "username"),
    ):
        response = client.post(path, {"username": bad}, format="json")
        assert response.status_code == 400, response.content
        assert field_of(response) == field
    added = client.post(path, {"username": "beta-org"}, format="json")
    assert added.status_code == 201
    assert added.json()["organizers"] == ["alfa-org", "beta-org"]
    # club B's organizer now runs club A's tournaments too, the private one included
    assert as_user(site.users["club_b_organizer"]).get("/api/v1/tournaments/a-private/").status_code == 200
    assert client.delete(path, {"username": "alfa-org"}, format="json").status_code == 200
    last = as_user(site.users["club_b_organizer"]).delete(path + "?username=beta-org")
    assert last.status_code == 409
    assert field_of(last) == "username"
    assert list(site.club_a.organizers.values_list("username", flat=True)) == ["beta-org"]
    assert client.get("/api/v1/tournaments/a-private/").status_code == 404  # no longer an organizer


def test_a_tournament_names_its_club_by_slug_once(site: Site) -> None:
    client = as_user(site.users["club_a_organizer"])
    unknown = client.post(
        "/api/v1/tournaments/",
        {"name": "X", "slug": "x", "game": "hungarian", "starts_on": "2027-01-01", "club": "nope"},
        format="json",
    )
    assert unknown.status_code == 400
    assert field_of(unknown) == "club"
    assert not Tournament.objects.filter(slug="x").exists()
    moved = client.patch("/api/v1/tournaments/a-private/", {"club": "beta-tarokk-kor"}, format="json")
    assert moved.status_code == 200
    assert moved.json()["club"] == "alfa-tarokk-klub"


def test_whoever_may_create_tournaments_organizes_the_club_they_create(site: Site) -> None:
    staff = get_user_model().objects.create_user("staff", is_staff=True)
    assert list(services.club_create(name="Gamma", by=staff).organizers.all()) == [staff]
    # a tournament's organizer may add a club, but gets no right to open tournaments under its name
    delta = services.club_create(name="Delta", by=site.users["tournament_organizer"])
    assert not delta.organizers.exists()
    refused = as_user(site.users["tournament_organizer"]).post(
        "/api/v1/tournaments/",
        {"name": "D", "slug": "d", "game": "hungarian", "starts_on": "2027-01-01", "club": delta.slug},
        format="json",
    )
    assert refused.status_code == 403
    assert field_of(refused) == "club"
    # staff status alone does not open tournaments under another club's name
    staff_refused = as_user(staff).post(
        "/api/v1/tournaments/",
        {
            "name": "A",
            "slug": "a",
            "game": "hungarian",
            "starts_on": "2027-01-01",
            "club": "alfa-tarokk-klub",
        },
        format="json",
    )
    assert staff_refused.status_code == 403
    assert not Tournament.objects.filter(slug__in=["a", "d"]).exists()


def test_the_admin_shows_a_club_organizer_only_what_they_organize(site: Site, client: Any) -> None:
    from django.contrib.auth.models import Permission

    user = site.users["club_a_organizer"]
    user.is_staff = True
    user.save()
    user.user_permissions.add(*Permission.objects.filter(codename__in=["view_tournament", "view_club"]))
    client.force_login(user)
    html = client.get("/admin/tournaments/tournament/").content.decode()
    assert "Alfa Secret Night" in html
    assert "Alfa Spring Cup" in html
    assert "Beta Secret Night" not in html
    assert "Solo Cup" not in html
    clubs = client.get("/admin/tournaments/club/").content.decode()
    assert "Alfa Tarokk Klub" in clubs
    assert "Béta Tarokk Kör" not in clubs
    other = client.get(f"/admin/tournaments/tournament/{site.b_private.pk}/change/")
    assert other.status_code in (302, 404)  # Django's "no such object" answer
