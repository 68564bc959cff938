from __future__ import annotations

from datetime import date
from typing import Any

import factory
from django.test import Client
from django.utils import timezone

from tournaments.draw.models import Round, Seat, Table
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player, Registration


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n:03d}")
    club = factory.SubFactory(ClubFactory)


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Cup {n}")
    slug = factory.Sequence(lambda n: f"cup-{n}")
    starts_on = date(2026, 11, 21)
    game = "hungarian"
    rules_preset = "tournament"
    status = Tournament.Status.REGISTRATION  # the model's default
    # a finished tournament has its final mark (the database's tournament_finished_marked says so)
    finished_at = factory.LazyAttribute(
        lambda t: timezone.now() if t.status == Tournament.Status.FINISHED else None
    )


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(PlayerFactory)
    status = Registration.Status.CHECKED_IN


def seated_table(
    tournament: Tournament,
    players: list[Player],
    *,
    number: int = 1,
    status: str = Round.Status.IN_PLAY,
    first_dealer: str = "A",
    round_: Round | None = None,
) -> Table:
    """A round (published, in play by default) with one table seating ``players`` at A, B, C..."""
    if round_ is None:
        round_ = Round.objects.create(tournament=tournament, number=number, status=status, seed="test")
    table = Table.objects.create(round=round_, number=round_.tables.count() + 1, first_dealer=first_dealer)
    for position, player in zip("ABCDEF", players, strict=False):
        Registration.objects.get_or_create(
            tournament=tournament, player=player, defaults={"status": Registration.Status.CHECKED_IN}
        )
        Seat.objects.create(round=round_, table=table, player=player, position=position)
    return table


def logged_in(user) -> Client:
    """Django's test client with ``user`` logged in (a session cookie, as the site's browser has)."""
    client = Client()
    client.force_login(user)
    return client


def organizer_account() -> Any:
    """The tests' organizer: an account with no staff rights, named "organizer" (tests look it up so)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("organizer", email="org@example.org", password="pw-org-12345")
