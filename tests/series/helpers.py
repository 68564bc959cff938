"""Finished tournaments made quickly for the series' tests: one round, one table of four, one hand."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth import get_user_model

from tests.factories import TournamentFactory, seated_table
from tournaments import services
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player


def staff(name: str = "org", **extra: Any) -> Any:
    return get_user_model().objects.create_user(name, **{"is_staff": True, **extra})


def finished_tournament(
    players: list[Player],
    payments: tuple[int, int, int, int],
    *,
    by: Any,
    starts_on: date = date(2026, 3, 1),
    finish: bool = True,
    capture: Any = None,
    **fields: Any,
) -> Tournament:
    """``players`` at one table, placed by ``payments`` (A, B, C, D); finished (through the service, so the
    event route runs) when ``finish``. ``capture`` is pytest-django's ``django_capture_on_commit_callbacks``:
    the after-commit reactions (the refresh tasks, eager) run as they would once the finish commits."""
    tournament = TournamentFactory(rounds_planned=1, deals_per_round_4=1, starts_on=starts_on, **fields)
    table = seated_table(tournament, players)
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data={"payments": dict(zip("ABCD", payments, strict=True))},
        entered_by=by,
        trusted=True,
    )
    services.round_close(Round.objects.get(pk=table.round_id), by=by)
    if finish:
        with capture(execute=True):
            services.tournament_finish(tournament, by=by)
    return tournament
