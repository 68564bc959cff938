"""A small season for the player tests: two tournaments, the same person entered twice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.factories import ClubFactory, PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player


@dataclass
class Season:
    club: Club
    staff: Any
    first: Tournament  # kovacs (the kept record) played it
    second: Tournament  # kovacs2 (the same person, entered again) played it
    kovacs: Player
    kovacs2: Player
    others: list[Player]


def play(table: Any, organizer: Any, deals: int = 4) -> None:
    """``deals`` hands entered by the organizer: A and B win from C and D, by 2 points a hand."""
    positions = list(table.seats.order_by("position").values_list("position", flat=True))
    for number in range(1, deals + 1):
        deal = services.next_deal(table, number)
        a, b, c, d = deal.active
        payments = dict.fromkeys(positions, 0) | {a: number, b: number, c: -number, d: -number}
        services.hand_submit(
            table=table,
            number=number,
            source="payments",
            data={"payments": payments},
            entered_by=organizer,
            trusted=True,
        )


@pytest.fixture
def season(db: Any, django_capture_on_commit_callbacks: Any) -> Season:
    staff = get_user_model().objects.create_user("staff", is_staff=True)
    club = ClubFactory(name="Budai Tarokk Klub")
    kovacs = PlayerFactory(name="Kovács Anna", club=club, external_id="HU-7")
    kovacs2 = PlayerFactory(name="Kovacs Anna", club=None, gender="f", birth_year=1970)
    others = PlayerFactory.create_batch(6, club=club)
    first = TournamentFactory(name="Őszi kupa", is_public=True, status=Tournament.Status.RUNNING)
    second = TournamentFactory(
        name="Téli kupa",
        is_public=True,
        status=Tournament.Status.RUNNING,
        starts_on=first.starts_on.replace(month=12),
    )
    for tournament in (first, second):
        tournament.organizers.add(staff)
    with django_capture_on_commit_callbacks(execute=True):
        t1 = seated_table(first, [kovacs, *others[:3]])
        play(t1, staff)
        t2 = seated_table(second, [kovacs2, *others[3:6]])
        play(t2, staff)
        services.penalty_award(tournament=second, player=kovacs2, points=-1, reason="late", by=staff)
    return Season(club, staff, first, second, kovacs, kovacs2, others)
