"""Bad input found by probing the API (issue 21 §7): each is a 400 naming the field, nothing stored."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from .conftest import organizer_user_of_the_cup, tournament_of_the_cup
from .test_permission_matrix import EXPECTED, PATCHED, ROLES, WRITES, client_for, row_counts

pytestmark = pytest.mark.django_db

# the permission matrix's cup, built once for the module (tests/api/conftest.py's cup_of_the_module)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
tournament = pytest.fixture(tournament_of_the_cup, name="tournament")

SURROGATE = "\ud800"


def _role_that_may(endpoint: str) -> str:
    """The first role whose write succeeds: the organizer where the organizer may, else who may."""
    statuses = dict(zip(ROLES, EXPECTED[endpoint], strict=True))
    for role in ("organizer", "superuser", "own_table_code", "player_of_table"):
        if statuses[role] < 300 or (role == "organizer" and statuses[role] in (400, 409)):
            return role
    raise AssertionError(f"nobody may write to {endpoint}")


# what PostgreSQL cannot store or compare, as a phone's JSON.stringify sends it (``\\ud800``, ``\\u0000``):
# (the character, how the error names a key "x" + it, a word its message holds)
UNSTORABLE = {
    "surrogate": (SURROGATE, "x\\ud800", "\\ud800"),
    "NUL": ("\x00", "x\\x00", "NUL"),
}


def _with_bad_value(body: dict[str, Any], bad: str) -> tuple[dict[str, Any], str]:
    """``body`` with its first string value (depth first) ending in ``bad``, and that field's path; a
    body without strings gets one in a new field."""
    copy = json.loads(json.dumps(body))
    stack: list[tuple[Any, str]] = [(copy, "")]
    while stack:
        node, path = stack.pop(0)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for name, child in items:
            child_path = f"{path}[{name}]" if isinstance(node, list) else (f"{path}.{name}" if path else name)
            if isinstance(child, str):
                node[name] = child + bad
                return copy, child_path
            stack.append((child, child_path))
    copy["note"] = bad
    return copy, "note"


@pytest.mark.parametrize("endpoint", list(WRITES))
def test_a_surrogate_or_nul_in_any_string_or_key_of_any_write_is_a_400_naming_the_field(
    endpoint, table1, table2, other_organizer, superuser, organizer
) -> None:
    path, body = WRITES[endpoint](table1)
    role = _role_that_may(endpoint)
    client = client_for(role, table1, table2, other_organizer, superuser, organizer)
    method = client.patch if endpoint in PATCHED else client.post
    before = row_counts()
    problems = []
    for name, (bad, key_field, word) in UNSTORABLE.items():
        for where in ("value", "key"):
            if where == "value":
                sent, field = _with_bad_value(body, bad)
            else:
                sent, field = {**body, f"x{bad}": 1}, key_field
            # each refused, so the same prepared state serves the next
            response = method(path, json.dumps(sent), content_type="application/json")
            errors = response.json().get("errors", []) if response.status_code < 500 else []
            if response.status_code != 400 or [e["field"] for e in errors] != [field]:
                problems.append(f"{name} in a {where}: {response.status_code} {response.content[:300]!r}")
            elif word not in errors[0]["message"]:
                problems.append(f"{name} in a {where}: the message does not say it: {errors[0]['message']}")
    assert not problems, problems
    assert row_counts() == before


@pytest.mark.parametrize("bad", [SURROGATE, "\x00"], ids=["surrogate", "NUL"])
def test_the_token_endpoint_refuses_a_surrogate_or_nul_too(organizer_user, bad) -> None:
    from rest_framework.test import APIClient

    body = json.dumps({"username": "organizer" + bad, "password": "x"})
    response = APIClient().post("/api/v1/auth/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "username"


def _api_writes() -> set[str]:
    """Every route under /api/v1/ whose view accepts POST, PUT or PATCH."""
    found: set[str] = set()

    def walk(patterns: list[Any], prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                view = getattr(pattern.callback, "view_class", None)
                if view and any(hasattr(view, m) for m in ("post", "put", "patch")):
                    found.add(prefix + str(pattern.pattern))

    walk(get_resolver().url_patterns, "/")
    return {route for route in found if route.startswith("/api/v1/")}


def test_the_surrogate_test_reaches_every_write_route_of_the_api(table1) -> None:
    from django.db import transaction
    from django.urls import resolve

    reached = set()
    for endpoint in WRITES:
        with transaction.atomic():  # each preparation on the same table, undone after
            path, _ = WRITES[endpoint](table1)
            reached.add(resolve(path).route)
            transaction.set_rollback(True)
    routes = {route.removeprefix("/") for route in _api_writes()}
    routes.discard("api/v1/auth/token/")  # test_the_token_endpoint_refuses_a_surrogate_or_nul_too
    routes = {r for r in routes if not r.endswith("/verify/")}  # a read (POST of nothing)
    assert routes <= reached, routes - reached


def _operations_with_query_parameters() -> list[tuple[str, str, list[str]]]:
    """(method, path template, query parameter names) of every operation the API's schema lists with
    query parameters: the filters, searches and lookups a client names in the URL."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method, path, [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"])
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if any(p["in"] == "query" for p in operation.get("parameters", []))
    ]


def _real_path(template: str, table1: Any, objects: dict[str, str]) -> str:
    """``template`` with every ``{name}`` filled with an object that exists (so that a lookup reaches the
    database with the parameter, as it does for a user); ``objects``: the series', club's and player's
    paths and id, made once per test."""
    for prefix in ("/api/v1/series/{slug}/", "/api/v1/clubs/{slug}/"):
        template = template.replace(prefix, objects[prefix])
    values = {
        "slug": "cup",
        "number": str(table1.round.number),
        "table": str(table1.number),
        "player_id": objects["player_id"],
        "game": "hungarian",
    }
    for name, value in values.items():
        template = template.replace("{" + name + "}", value)
    assert "{" not in template, f"fill {template} with an object that exists"
    return template


def test_a_nul_in_any_query_parameter_of_any_route_is_a_400_naming_it(table1, organizer) -> None:
    """Every query parameter of every operation of the schema (the series' ``?tournament=`` of a remove
    among them: that one was a 500 with an HTML page), sent with a NUL by the organizer, who may do each."""
    from urllib.parse import quote

    from tests.factories import PlayerFactory

    from .test_permission_matrix import organized_club, organizers_series

    objects = {
        "/api/v1/series/{slug}/": organizers_series(),
        "/api/v1/clubs/{slug}/": organized_club(),
        "player_id": str(PlayerFactory().pk),
    }
    organizer.raise_request_exception = False  # a 500 is listed with the others, as a client meets it
    problems = []
    operations = _operations_with_query_parameters()
    assert ("delete", "/api/v1/series/{slug}/tournaments/", ["tournament"]) in operations
    for method, template, names in operations:
        path = _real_path(template, table1, objects)
        for name in names:
            response = getattr(organizer, method)(f"{path}?{name}={quote('cup' + chr(0))}")
            shape = response.get("Content-Type") == "application/json"
            fields = [e["field"] for e in response.json().get("errors", [])] if shape else None
            if response.status_code != 400 or fields != [name]:
                problems.append(f"{method} {path}?{name}: {response.status_code} {response.content[:200]!r}")
    assert not problems, "\n".join(problems)


def test_a_nul_in_the_tournament_a_series_adds_or_removes_is_a_400_naming_it(table1, organizer) -> None:
    """Probed (issue 31 §6): both answered 500 with an HTML page on PostgreSQL. The good slug still works."""
    from tournaments.series.models import Series

    from .test_permission_matrix import organizers_series

    path = organizers_series() + "tournaments/"
    added = organizer.post(path, {"tournament": "cup\x00"}, format="json")
    assert (added.status_code, _fields(added)) == (400, ["tournament"]), added.content[:300]
    assert not Series.objects.get(slug="cup-series").tournaments.exists()
    assert organizer.post(path, {"tournament": "cup"}, format="json").status_code == 201
    removed = organizer.delete(path + "?tournament=cup%00")
    assert (removed.status_code, _fields(removed)) == (400, ["tournament"]), removed.content[:300]
    assert Series.objects.get(slug="cup-series").tournaments.count() == 1
    assert organizer.delete(path + "?tournament=cup").status_code == 200
    assert not Series.objects.get(slug="cup-series").tournaments.exists()


# --- bounds the database would enforce with a 500, and fields named as the client sent them ---


def _fields(response: Any) -> list[str]:
    return [e["field"] for e in response.json()["errors"]]


@pytest.fixture
def staff() -> Any:
    from django.contrib.auth import get_user_model

    from .conftest import client_with_token

    return client_with_token(get_user_model().objects.create_user("staffer", is_staff=True))


@pytest.mark.parametrize("field", ["deals_per_round_4", "deals_per_round_5"])
@pytest.mark.parametrize("value", [0, -3, 501, True])
def test_deals_per_round_out_of_bounds_is_a_400_on_create_and_edit(
    field, value, staff, organizer, tournament
) -> None:
    from tournaments.organizing.models import Tournament

    before = Tournament.objects.count()
    body = {"slug": "zero", "name": "Zero", "game": "hungarian", "starts_on": "2026-12-05", field: value}
    created = staff.post("/api/v1/tournaments/", body, format="json")
    assert created.status_code == 400, created.content
    assert _fields(created) == [field]
    assert Tournament.objects.count() == before
    edited = organizer.patch("/api/v1/tournaments/cup/", {field: value}, format="json")
    assert edited.status_code == 400, edited.content
    assert _fields(edited) == [field]
    tournament.refresh_from_db()
    assert (tournament.deals_per_round_4, tournament.deals_per_round_5) == (4, 5)


def test_deals_per_round_in_bounds_are_saved(organizer, organizer_user) -> None:
    from tests.factories import TournamentFactory

    tournament = TournamentFactory(slug="not-drawn")  # the format changes until round 1 is drawn
    tournament.organizers.add(organizer_user)
    deals = {"deals_per_round_4": 1, "deals_per_round_5": 500}
    edited = organizer.patch("/api/v1/tournaments/not-drawn/", deals, format="json")
    assert edited.status_code == 200, edited.content
    tournament.refresh_from_db()
    assert (tournament.deals_per_round_4, tournament.deals_per_round_5) == (1, 500)


@pytest.mark.parametrize("rating", ["9" * 5000, "-" + "1" * 4400, "²", "1" * 10])
def test_a_csv_rating_that_is_no_plausible_number_is_a_400_naming_the_line(
    organizer, tournament, rating
) -> None:
    from tournaments.participants.models import Player

    csv_text = f"name,rating\nAnna Kiss,1700\nBéla Nagy,{rating}\n"
    response = organizer.post("/api/v1/tournaments/cup/registrations/import/", {"file": csv_text},
                              format="json")  # fmt: skip
    assert response.status_code == 400, response.content[:500]
    assert _fields(response) == ["file"]
    message = response.json()["errors"][0]["message"]
    assert "line 3" in message
    assert "rating" in message
    assert len(message) < 200  # the value is not echoed whole
    assert not Player.objects.filter(name__in=["Anna Kiss", "Béla Nagy"]).exists()


def test_a_bad_rules_preset_is_named_rules_preset_and_a_bad_option_rules_options(
    organizer, tournament
) -> None:
    preset = organizer.patch("/api/v1/tournaments/cup/", {"rules_preset": "no-such-rules"}, format="json")
    assert preset.status_code == 400
    assert _fields(preset) == ["rules_preset"]
    option = organizer.patch("/api/v1/tournaments/cup/", {"rules_options": {"no_such_option": 1}},
                             format="json")  # fmt: skip
    assert option.status_code == 400
    assert _fields(option) == ["rules_options"]


def test_a_bad_bye_in_a_draw_edit_is_named_byes(
    organizer, round1, django_capture_on_commit_callbacks
) -> None:
    from .test_rounds import ROUNDS, draft_round2

    body = draft_round2(organizer, round1, django_capture_on_commit_callbacks)
    tables = [[s["player_id"] for s in t["seats"]] for t in body["tables"]]
    path = f"{ROUNDS}2/draw/"
    seated_bye = organizer.put(path, {"tables": tables, "byes": [tables[0][0]]}, format="json")
    assert seated_bye.status_code == 400
    assert set(_fields(seated_bye)) == {"byes"}, seated_bye.json()
    stranger = organizer.put(path, {"tables": tables, "byes": [987654]}, format="json")
    assert stranger.status_code == 400
    assert set(_fields(stranger)) == {"byes"}, stranger.json()
    twice = organizer.put(path, {"tables": [tables[0], tables[0]], "byes": []}, format="json")
    assert set(_fields(twice)) == {"tables"}, twice.json()
    assert organizer.get(f"{ROUNDS}2/").json()["version"] == body["version"]


@pytest.mark.parametrize("method", ["get", "post", "put", "delete"])
@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/tournaments/cup/rounds/1/tables/1/hands/-1/",
        "/api/v1/tournaments/cup/rounds/x/",
        "/api/v1/no/such/thing/",
        "/api/v2/",
    ],
)
def test_a_url_no_api_route_matches_answers_the_json_error_shape(organizer, tournament, method, path) -> None:
    response = getattr(organizer, method)(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"errors": [{"field": None, "code": "not_found", "message": response.json()[
        "errors"][0]["message"], "params": {}}]}  # fmt: skip


def test_a_known_route_without_its_slash_is_still_redirected_to_it(anonymous) -> None:
    response = anonymous.get("/api/v1/rules")
    assert response.status_code == 301
    assert response["Location"] == "/api/v1/rules/"
    unknown = anonymous.get("/api/v1/nothing", follow=True)
    assert unknown.status_code == 404
    assert unknown.json()["errors"][0]["code"] == "not_found"


def test_an_unknown_kind_beside_payments_is_named_kind_as_the_body_names_it(table1) -> None:
    from tournaments.results.models import HandSubmission

    from .conftest import table_client

    body = {"entered_by": "B", "payments": {"A": -2, "B": 2, "C": -2, "D": 2}, "kind": "bogus"}
    path = f"/api/v1/tournaments/cup/rounds/1/tables/{table1.number}/hands/1/submissions/"
    response = table_client(table1).post(path, body, format="json")
    assert response.status_code == 400, response.content
    assert _fields(response) == ["kind"]
    assert "played" in response.json()["errors"][0]["message"]  # it says which kinds there are
    assert HandSubmission.objects.count() == 0


def test_an_unknown_kind_in_a_score_sheet_is_named_by_its_hand(table1, organizer) -> None:
    from tournaments.results.models import Hand

    sheet = [{"number": 1, "payments": {"A": 0, "B": 0, "C": 0, "D": 0}, "kind": "bogus"}]
    path = f"/api/v1/tournaments/cup/rounds/1/tables/{table1.number}/hands/"
    response = organizer.post(path, {"hands": sheet}, format="json")
    assert response.status_code == 400, response.content
    assert _fields(response) == ["hands[0].kind"]
    assert Hand.objects.count() == 0


def test_a_nul_in_a_table_code_header_is_an_unknown_code(table1) -> None:
    """The header's lookup is the phone pages' (tests/pages/test_entry_code_input.py): a NUL was a 500."""
    from rest_framework.test import APIClient

    phone = APIClient(raise_request_exception=False)
    phone.credentials(HTTP_X_TABLE_CODE="AB\x00CD")
    response = phone.post(
        f"/api/v1/tournaments/cup/rounds/1/tables/{table1.number}/hands/1/submissions/",
        {"entered_by": "B", "payments": {"A": -2, "B": 2, "C": -2, "D": 2}},
        format="json",
    )
    assert response.status_code == 401, response.content[:300]
    assert response.json()["errors"][0]["code"] == "authentication_failed"
