"""Fixtures of the page tests: the site's small tournament (the organizer, their club and their logged-in
client are tests/conftest.py's)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.factories import organizer_account
from tests.module_data import built_for_the_module
from tests.site_data import site_tournament
from tournaments.organizing.models import Tournament


@pytest.fixture
def cup(organizer_user: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """Round 1 closed with every hand entered, round 2 in play with nothing entered (tests/site_data.py)."""
    with django_capture_on_commit_callbacks(execute=True):
        return site_tournament(organizer_user)


@pytest.fixture(scope="module")
def cup_of_the_module(django_db_setup: Any, django_db_blocker: Any) -> Iterator[tuple[int, int]]:
    """The ``cup`` fixture's tournament (and its organizer), built once for a module whose tests all start
    from it (tests/module_data.py); a module takes it with :func:`organizer_user_of_the_cup` and
    :func:`cup_of_the_cup`. Yields the (organizer's, tournament's) primary keys."""

    def build(capture: Any) -> tuple[int, int]:
        organizer = organizer_account()
        with capture(execute=True):
            return organizer.pk, site_tournament(organizer).pk

    yield from built_for_the_module(django_db_blocker, build)


def organizer_user_of_the_cup(db: Any, cup_of_the_module: tuple[int, int]) -> Any:
    """``organizer_user`` for a module of :func:`cup_of_the_module` (``pytest.fixture(name=...)``)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(pk=cup_of_the_module[0])


def cup_of_the_cup(db: Any, cup_of_the_module: tuple[int, int]) -> Tournament:
    """``cup`` for a module of :func:`cup_of_the_module` (``pytest.fixture(name=...)``)."""
    return Tournament.objects.get(pk=cup_of_the_module[1])
