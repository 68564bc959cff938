"""Quick builders for the rating's tests: a finished tournament from table places, written directly (the
standings marked current, so the rating reads these places), or played through the services."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.utils import timezone

from tests.factories import TournamentFactory
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player, Registration
from tournaments.standings.models import StandingsState, TableResult

Places = Sequence[Sequence[Sequence[tuple[Player, float]]]]  # rounds -> tables -> (player, place)


def finished_from_places(rounds: Places, *, game: str = "hungarian", minutes: int = 0, **kw) -> Tournament:
    """A finished tournament whose tables ended with these places (``minutes`` after now: its finish)."""
    tournament = TournamentFactory(
        game=game,
        rounds_planned=len(rounds),
        status=Tournament.Status.FINISHED,
        finished_at=timezone.now() + timedelta(minutes=minutes),
        **kw,
    )
    players = {p.pk: p for tables in rounds for table in tables for p, _ in table}
    Registration.objects.bulk_create(
        [Registration(tournament=tournament, player_id=pk, status="checked_in") for pk in players]
    )
    results = []
    for number, tables in enumerate(rounds, start=1):
        round_ = Round.objects.create(tournament=tournament, number=number, status="closed", seed="t")
        made = Table.objects.bulk_create(
            [Table(round=round_, number=i) for i in range(1, len(tables) + 1)], batch_size=500
        )
        for table, seated in zip(made, tables, strict=True):
            results += [TableResult(table=table, round=round_, player=p, place=place) for p, place in seated]
    TableResult.objects.bulk_create(results, batch_size=1000)
    StandingsState.objects.create(tournament=tournament, computed_at=timezone.now())
    return tournament
