"""Clubs and their tournaments × every role, through HTTP (the API and the pages): the expected answer of
each cell is in one table, like tests/api/test_permission_matrix.py.

Reads of a listing (the API's tournament list, a club's page, a club in the API) are written 200 when the
private tournament of club A is listed and 404 when it is not; a page's redirect to the login is "login".
A cell that refuses stores nothing and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.row_counts import row_counts
from tournaments.organizing.models import Club, Tournament

from .conftest import ROLES, Site

pytestmark = pytest.mark.django_db

SECRET = "Alfa Secret Night"  # the name of club A's private tournament
NEW_OF_A = {
    "name": "Alfa Winter",
    "slug": "alfa-winter",
    "game": "hungarian",
    "starts_on": "2027-01-09",
    "club": "alfa-tarokk-klub",
}
API_CLUB = "/api/v1/clubs/alfa-tarokk-klub/"
PAGE = "/clubs/alfa-tarokk-klub/"
PRIVATE = "/api/v1/tournaments/a-private/"


def listed(response: Any, text: str = SECRET) -> int:
    assert response.status_code == 200, response.content
    return 200 if text in response.content.decode() else 404


def page_status(response: Any) -> int | str:
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return "login"
    return response.status_code


# action -> what it does with (an API client, a page client), answering a status
ACTIONS: dict[str, Callable[[APIClient, Client], int | str]] = {
    "read club A's page": lambda api, web: web.get(PAGE).status_code,
    "read club A in the API": lambda api, web: api.get(API_CLUB).status_code,
    "A's private tournament: API detail": lambda api, web: api.get(PRIVATE).status_code,
    "A's private tournament: API list": lambda api, web: listed(api.get("/api/v1/tournaments/?page_size=99")),
    "A's private tournament: standings CSV": lambda api, web: api.get(PRIVATE + "standings/?format=csv").status_code,  # noqa: E501
    "A's private tournament: public page": lambda api, web: web.get("/t/a-private/").status_code,
    "A's private tournament: organizer page": lambda api, web: page_status(web.get("/t/a-private/manage/")),
    "A's private tournament: on the club's page": lambda api, web: listed(web.get(PAGE)),
    "A's private tournament: in the club's API": lambda api, web: listed(api.get(API_CLUB)),
    "edit A's private tournament (API)": lambda api, web: api.patch(PRIVATE, {"venue": "Győr"}, format="json").status_code,  # noqa: E501
    "create a tournament of A (API)": lambda api, web: api.post("/api/v1/tournaments/", NEW_OF_A, format="json").status_code,  # noqa: E501
    "create a tournament of A (page)": lambda api, web: page_status(web.post(PAGE + "tournaments/new/", {**NEW_OF_A, "game": "hungarian", "is_public": "on"})),  # noqa: E501
    "open the new-tournament page of A": lambda api, web: page_status(web.get(PAGE + "tournaments/new/")),
    "edit club A (API)": lambda api, web: api.patch(API_CLUB, {"city": "Győr"}, format="json").status_code,
    "add an organizer to A (API)": lambda api, web: api.post(API_CLUB + "organizers/", {"username": "public"}, format="json").status_code,  # noqa: E501
    "remove an organizer of A (API)": lambda api, web: api.delete(API_CLUB + "organizers/?username=second").status_code,  # noqa: E501
    "list A's organizers (API)": lambda api, web: api.get(API_CLUB + "organizers/").status_code,
}  # fmt: skip

# expected answer per action and role (order of ROLES: anonymous, public, club A's organizer, club B's
# organizer, a tournament's organizer, superuser)
EXPECTED: dict[str, list[int | str]] = {
    "read club A's page":                          [200, 200, 200, 200, 200, 200],
    "read club A in the API":                      [200, 200, 200, 200, 200, 200],
    "A's private tournament: API detail":          [404, 404, 200, 404, 404, 200],
    "A's private tournament: API list":            [404, 404, 200, 404, 404, 200],
    "A's private tournament: standings CSV":       [404, 404, 200, 404, 404, 200],
    # the public page is for public tournaments only, even to their organizers (as before)
    "A's private tournament: public page":         [404, 404, 404, 404, 404, 404],
    "A's private tournament: organizer page":      ["login", 403, 200, 403, 403, 200],
    "A's private tournament: on the club's page":  [404, 404, 200, 404, 404, 200],
    "A's private tournament: in the club's API":   [404, 404, 200, 404, 404, 200],
    "edit A's private tournament (API)":           [404, 404, 200, 404, 404, 200],
    "create a tournament of A (API)":              [401, 403, 201, 403, 403, 201],
    "create a tournament of A (page)":             ["login", 403, 302, 403, 403, 302],
    "open the new-tournament page of A":           ["login", 403, 200, 403, 403, 200],
    "edit club A (API)":                           [401, 403, 200, 403, 403, 200],
    "add an organizer to A (API)":                 [401, 403, 201, 403, 403, 201],
    "remove an organizer of A (API)":              [401, 403, 200, 403, 403, 200],
    "list A's organizers (API)":                   [401, 403, 200, 403, 403, 200],
}  # fmt: skip


def state() -> dict[str, Any]:
    """Every row count of the domain, club A's organizers and fields, and A's private tournament."""
    counts = row_counts()
    club = Club.objects.get(slug="alfa-tarokk-klub")
    private = Tournament.objects.get(slug="a-private")
    return {
        **counts,
        "club": (club.name, club.city, sorted(club.organizers.values_list("username", flat=True))),
        "private": (private.venue, private.version),
    }


CELLS = [
    (action, role, answer)
    for action, row in EXPECTED.items()
    for role, answer in zip(ROLES, row, strict=True)
]


@pytest.mark.parametrize(("action", "role", "answer"), CELLS, ids=[f"{a}-{r}" for a, r, _ in CELLS])
def test_it_answers_each_role_as_the_table_says(action: str, role: str, answer: Any, site: Site) -> None:
    from django.contrib.auth import get_user_model

    second = get_user_model().objects.create_user("second")
    site.club_a.organizers.add(second)  # so that removing one never removes the last
    user = site.users[role]
    api, web = APIClient(), Client()
    if user is not None:
        api.force_authenticate(user)
        web.force_login(user)
    before = state()
    assert ACTIONS[action](api, web) == answer
    writes = action.startswith(("edit", "create", "add", "remove"))
    if not writes or answer not in (200, 201, 302):
        assert state() == before
    elif action.startswith("create"):
        created = Tournament.objects.get(slug="alfa-winter")
        assert created.club == site.club_a
        assert created.organizers.filter(pk=user.pk).exists()


def test_the_table_covers_every_club_endpoint() -> None:
    from api.v1 import clubs

    names = {pattern.name for pattern in clubs.urlpatterns}
    assert names == {"club", "club-organizers"}
    assert set(ACTIONS) == set(EXPECTED)
