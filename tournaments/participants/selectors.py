"""Reads of who plays: the registrations active in a round, a tournament's player."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from tournaments.organizing.models import Tournament
from tournaments.participants.models import Registration


def active_registrations(tournament: Tournament, round_number: int) -> QuerySet[Registration]:
    """Checked-in players who play ``round_number``: late entries from their first round on, withdrawn
    players up to the round after which they withdrew."""
    return (
        tournament.registrations.filter(first_round__lte=round_number)
        .filter(
            Q(status=Registration.Status.CHECKED_IN)
            | Q(status=Registration.Status.WITHDRAWN, withdrawn_after_round__gte=round_number)
        )
        .select_related("player", "player__club")
        .order_by("player_id")
    )


def tournament_player(tournament: Tournament, player_id: int) -> Any:
    """The ``Player`` registered in ``tournament`` (with the club), or ``None``."""
    registration = (
        tournament.registrations.filter(player_id=player_id).select_related("player", "player__club").first()
    )
    return registration.player if registration else None
