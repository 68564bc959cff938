"""Two clubs on one installation, each with a private tournament, and one user per role: anonymous, a
signed-in member of the public, an organizer of club A, one of club B, an organizer named on a single
tournament only, and a superuser."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.organizing.models import Club, Tournament
from tournaments.series.models import Series

ROLES = ["anonymous", "public", "club_a_organizer", "club_b_organizer", "tournament_organizer", "superuser"]


@dataclass
class Site:
    club_a: Club
    club_b: Club
    a_private: Tournament
    a_upcoming: Tournament
    a_past: Tournament
    b_private: Tournament
    users: dict[str, Any]


@pytest.fixture
def site(db: Any) -> Site:
    make = get_user_model().objects.create_user
    users: dict[str, Any] = {
        "anonymous": None,
        "public": make("public"),
        "club_a_organizer": make("alfa-org"),
        "club_b_organizer": make("beta-org"),
        "tournament_organizer": make("solo-org"),
        "superuser": get_user_model().objects.create_superuser("root"),
    }
    club_a = Club.objects.create(name="Alfa Tarokk Klub", city="Budapest")
    club_b = Club.objects.create(name="Béta Tarokk Kör", city="Wien")
    club_a.organizers.add(users["club_a_organizer"])
    club_b.organizers.add(users["club_b_organizer"])
    TournamentFactory(slug="solo-cup", name="Solo Cup").organizers.add(users["tournament_organizer"])
    private = {"is_public": False, "status": Tournament.Status.REGISTRATION}
    a_private = TournamentFactory(slug="a-private", name="Alfa Secret Night", club=club_a, **private)
    b_private = TournamentFactory(slug="b-private", name="Beta Secret Night", club=club_b, **private)
    a_upcoming = TournamentFactory(
        slug="a-spring", name="Alfa Spring Cup", club=club_a, starts_on=date(2027, 3, 6), game="koenigrufen"
    )
    a_past = TournamentFactory(
        slug="a-autumn",
        name="Alfa Autumn Cup",
        club=club_a,
        starts_on=date(2026, 10, 3),
        status=Tournament.Status.FINISHED,
        finished_at=timezone.now(),
    )
    Series.objects.create(
        game="hungarian", name="Alfa Kupa 2026", slug="alfa-kupa-2026", club=club_a, season="2026"
    )
    Series.objects.create(
        game="hungarian", name="Alfa Hidden Series", slug="alfa-hidden", club=club_a, is_public=False
    )
    Series.objects.create(game="hungarian", name="Béta Liga", slug="beta-liga", club=club_b)
    for name in ("Zala Zoltán", "Kovács Anna", "Bíró Béla"):
        PlayerFactory(name=name, club=club_a)
    PlayerFactory(name="Huber Hans", club=club_b)
    return Site(club_a, club_b, a_private, a_upcoming, a_past, b_private, users)
