"""The API's shared behaviour: schema and docs, tokens, error shape, body limits, code throttling."""

from __future__ import annotations

import pytest
from django.core.cache import cache

pytestmark = pytest.mark.django_db


def test_it_serves_a_valid_openapi_schema_and_the_docs(anonymous) -> None:
    from openapi_spec_validator import validate

    response = anonymous.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    import json

    schema = json.loads(response.content)
    validate(schema)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert operation.get("summary") or operation.get("description"), (method, path)
            assert "404" in operation["responses"], (method, path)
    assert anonymous.get("/api/v1/docs/").status_code == 200


def test_it_gives_an_organizer_a_token_for_username_and_password(anonymous, organizer_user) -> None:
    response = anonymous.post(
        "/api/v1/auth/token/", {"username": "organizer", "password": "pw-org-12345"}, format="json"
    )
    assert response.status_code == 200
    assert len(response.json()["token"]) == 40


def test_it_throttles_failed_table_codes_per_client(anonymous, tournament) -> None:
    cache.clear()
    url = "/api/v1/tournaments/cup/rounds/1/tables/1/"
    statuses = [anonymous.get(url, HTTP_X_TABLE_CODE="WRONG1").status_code for _ in range(11)]
    assert statuses[:10] == [401] * 10
    last = anonymous.get(url, HTTP_X_TABLE_CODE="WRONG1")
    assert last.status_code == 429
    assert int(last["Retry-After"]) >= 1
    assert last.json()["errors"][0]["code"] == "throttled"
    cache.clear()


def test_it_generates_the_schema_without_a_single_warning(tmp_path) -> None:
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert (tmp_path / "schema.yaml").read_text().startswith("openapi: 3")


@pytest.mark.parametrize("path", ["/api/v1/tournaments/cup/", "/api/v1/auth/token/"])
def test_it_answers_a_body_nested_too_deep_with_a_parse_error(anonymous, organizer, tournament, path) -> None:
    body = b'{"name": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    client = organizer if "auth" not in path else anonymous
    method = client.patch if "auth" not in path else client.post
    response = method(path, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "parse_error"


@pytest.mark.django_db
def test_it_answers_404_for_a_number_in_a_path_too_long_for_the_database(client) -> None:
    from tests.factories import TournamentFactory

    TournamentFactory(slug="cup", status="registration", is_public=True)
    for path in (
        "/api/v1/tournaments/cup/players/99999999999999999999/rounds/",
        "/api/v1/tournaments/cup/rounds/99999999999999999999/",
        "/api/v1/jobs/99999999999999999999/",
    ):
        assert client.get(path).status_code == 404, path
    assert client.get("/api/v1/tournaments/cup/players/999999999999999999/rounds/").status_code == 404
