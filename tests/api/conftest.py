"""Fixtures of the API tests: clients for each role, and a tournament with a round in play.

Every test drives the API through HTTP with DRF's test client, as a table's phone, an organizer's script
or a scoreboard would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, organizer_account
from tests.module_data import built_for_the_module
from tournaments import services
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament


def client_with_token(user: Any, keyword: str = "Token") -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"{keyword} {token.key}")
    return client


def table_client(table: Table) -> APIClient:
    from tournaments.draw.selectors import active_table_code

    client = APIClient()
    client.credentials(HTTP_X_TABLE_CODE=active_table_code(table))
    return client


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient()


@pytest.fixture
def organizer(organizer_user: Any) -> APIClient:
    return client_with_token(organizer_user)


def _cup(organizer_user: Any, capture_on_commit_callbacks: Any) -> Tournament:
    tournament = TournamentFactory(slug="cup", deals_per_round_4=4, deals_per_round_5=5)
    tournament.organizers.add(organizer_user)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True, by=organizer_user)
    with capture_on_commit_callbacks(execute=True):
        round_ = services.round_generate(tournament, seed="api", by=organizer_user)
        for step in (services.round_confirm, services.round_publish, services.round_start):
            step(round_, by=organizer_user)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def tournament(organizer_user: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """A public tournament of 8 checked-in players whose round 1 is in play: two 4-tables with codes.
    What each step enqueues after its commit runs, as it would outside a test's transaction."""
    return _cup(organizer_user, django_capture_on_commit_callbacks)


@pytest.fixture(scope="module")
def cup_of_the_module(django_db_setup: Any, django_db_blocker: Any) -> Iterator[tuple[int, int]]:
    """The ``tournament`` fixture's cup (and its organizer), built once for a module whose many tests each
    start from that same cup (tests/module_data.py). A module takes it with
    :func:`organizer_user_of_the_cup` and :func:`tournament_of_the_cup`. Yields the (organizer's,
    tournament's) primary keys."""

    def build(capture: Any) -> tuple[int, int]:
        organizer = organizer_account()
        return organizer.pk, _cup(organizer, capture).pk

    yield from built_for_the_module(django_db_blocker, build)


def organizer_user_of_the_cup(db: Any, cup_of_the_module: tuple[int, int]) -> Any:
    """``organizer_user`` for a module of :func:`cup_of_the_module` (``pytest.fixture(name=...)``)."""
    return get_user_model().objects.get(pk=cup_of_the_module[0])


def tournament_of_the_cup(db: Any, cup_of_the_module: tuple[int, int]) -> Tournament:
    """``tournament`` for a module of :func:`cup_of_the_module` (``pytest.fixture(name=...)``)."""
    return Tournament.objects.get(pk=cup_of_the_module[1])


@pytest.fixture
def round1(tournament: Tournament) -> Round:
    return tournament.rounds.get(number=1)


@pytest.fixture
def table1(round1: Round) -> Table:
    return round1.tables.get(number=1)


@pytest.fixture
def table2(round1: Round) -> Table:
    return round1.tables.get(number=2)


@pytest.fixture
def other_organizer(db: Any) -> APIClient:
    user = get_user_model().objects.create_user("other-organizer")
    TournamentFactory(slug="other-cup").organizers.add(user)
    return client_with_token(user)


@pytest.fixture
def superuser(db: Any) -> APIClient:
    return client_with_token(get_user_model().objects.create_superuser("root"))


def player_client(table: Table, position: str) -> APIClient:
    """A client logged in (by token) as the account of the player at ``position``."""
    player = table.seats.get(position=position).player
    if player.user is None:
        player.user = get_user_model().objects.create_user(f"player-{player.pk}")
        player.save(update_fields=["user"])
    return client_with_token(player.user)


@pytest.fixture
def factories() -> Any:
    return PlayerFactory


def finished_job(client: APIClient, accepted: Any) -> dict[str, Any]:
    """Poll the job a ``202 Accepted`` answer names (its ``Location``, also its ``url``: a replayed answer
    has the body only) as a client would; with eager tasks it has finished by the time the test's
    on-commit callbacks ran. Returns the job."""
    assert accepted.status_code == 202, accepted.content
    url = accepted.json()["url"]
    assert accepted.get("Location", url) == url
    polled = client.get(url)
    assert polled.status_code == 200, polled.content
    job = polled.json()
    assert job["status"] in ("done", "failed"), job
    return job


def drawn_round(client: APIClient, accepted: Any) -> Any:
    """The round a ``202 Accepted`` draw produced: its job must be done; returns the round's response."""
    job = finished_job(client, accepted)
    assert job["status"] == "done", job
    return client.get(job["round_url"])
