"""Fixtures of the page tests: Django's test client against the site, and the site's small tournament."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.site_data import site_tournament
from tournaments.organizing.models import Tournament


@pytest.fixture
def organizer_user(db: Any) -> Any:
    return get_user_model().objects.create_user("organizer", email="org@example.org", password="pw-org-12345")


@pytest.fixture
def cup(organizer_user: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """Round 1 closed with every hand entered, round 2 in play with nothing entered (tests/site_data.py)."""
    with django_capture_on_commit_callbacks(execute=True):
        return site_tournament(organizer_user)
