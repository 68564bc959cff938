"""Quick builders for the rating's tests: a finished tournament from table places (and, if given, game points
and hands played), written directly (the standings marked current, so the rating reads these results), or
played through the services."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.utils import timezone

from tests.factories import TournamentFactory
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player, Registration
from tournaments.standings.models import StandingsState, TableResult

# rounds -> tables -> (player, place) or (player, place, game points, hands played)
Places = Sequence[Sequence[Sequence[tuple[Player, float] | tuple[Player, float, int, int]]]]


def finished_from_places(rounds: Places, *, game: str = "hungarian", minutes: int = 0, **kw) -> Tournament:
    """A finished tournament whose tables ended with these places (and game points: without them every
    seat has 0 and the rating reads the places) (``minutes`` after now: its finish)."""
    tournament = TournamentFactory(
        game=game,
        rounds_planned=len(rounds),
        status=Tournament.Status.FINISHED,
        finished_at=timezone.now() + timedelta(minutes=minutes),
        **kw,
    )
    players = {seat[0].pk: seat[0] for tables in rounds for table in tables for seat in table}
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
            results += [
                TableResult(
                    table=table,
                    round=round_,
                    player=p,
                    place=place,
                    game_points=rest[0] if rest else 0,
                    hands_played=rest[1] if rest else 0,
                )
                for p, place, *rest in seated
            ]
    TableResult.objects.bulk_create(results, batch_size=1000)
    StandingsState.objects.create(tournament=tournament, computed_at=timezone.now())
    return tournament
