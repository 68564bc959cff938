"""Bad input found by probing the API (issue 21 §7): each is a 400 naming the field, nothing stored."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from .test_permission_matrix import EXPECTED, ROLES, WRITES, client_for, row_counts

pytestmark = pytest.mark.django_db

SURROGATE = "\ud800"


def _role_that_may(endpoint: str) -> str:
    """The first role whose write succeeds: the organizer where the organizer may, else who may."""
    statuses = dict(zip(ROLES, EXPECTED[endpoint], strict=True))
    for role in ("organizer", "superuser", "own_table_code", "player_of_table"):
        if statuses[role] < 300 or (role == "organizer" and statuses[role] in (400, 409)):
            return role
    raise AssertionError(f"nobody may write to {endpoint}")


def _with_surrogate_value(body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """``body`` with its first string value (depth first) ending in a lone surrogate, and that field's path;
    a body without strings gets one in a new field."""
    copy = json.loads(json.dumps(body))
    stack: list[tuple[Any, str]] = [(copy, "")]
    while stack:
        node, path = stack.pop(0)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for name, child in items:
            child_path = f"{path}[{name}]" if isinstance(node, list) else (f"{path}.{name}" if path else name)
            if isinstance(child, str):
                node[name] = child + SURROGATE
                return copy, child_path
            stack.append((child, child_path))
    copy["note"] = SURROGATE
    return copy, "note"


CASES = [(endpoint, where) for endpoint in WRITES for where in ("value", "key")]


@pytest.mark.parametrize(("endpoint", "where"), CASES, ids=[f"{e}-{w}" for e, w in CASES])
def test_a_lone_surrogate_in_any_string_or_key_of_any_write_is_a_400_naming_the_field(
    endpoint, where, table1, table2, other_organizer, superuser, organizer
) -> None:
    path, body = WRITES[endpoint](table1)
    role = _role_that_may(endpoint)
    client = client_for(role, table1, table2, other_organizer, superuser, organizer)
    if where == "value":
        body, field = _with_surrogate_value(body)
    else:
        body, field = {**body, f"x{SURROGATE}": 1}, "x\\ud800"
    before = row_counts()
    method = client.patch if endpoint == "edit a tournament" else client.post
    # as a phone's JSON.stringify sends it: the surrogate written as the escape \ud800
    response = method(path, json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == [field], errors
    assert "\\ud800" in errors[0]["message"]
    assert row_counts() == before


def test_the_token_endpoint_refuses_a_surrogate_too(organizer_user) -> None:
    from rest_framework.test import APIClient

    body = json.dumps({"username": "organizer" + SURROGATE, "password": "x"})
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
    routes.discard("api/v1/auth/token/")  # test_the_token_endpoint_refuses_a_surrogate_too
    routes = {r for r in routes if not r.endswith("/verify/")}  # a read (POST of nothing)
    assert routes <= reached, routes - reached
