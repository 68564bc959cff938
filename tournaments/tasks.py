"""Celery tasks: thin, idempotent wrappers around services, enqueued with ``transaction.on_commit``."""

from __future__ import annotations

from celery import shared_task

from tournaments.models import Table, Tournament
from tournaments.standings import standings_recompute, standings_update_for_table


@shared_task(
    name="tournaments.standings_update_table", autoretry_for=(Exception,), retry_backoff=True, max_retries=5
)
def standings_update_table(table_id: int) -> None:
    """Recompute the standings touched by a result at one table (rebuilds, so a rerun is harmless)."""
    table = Table.objects.select_related("round__tournament").filter(pk=table_id).first()
    if table is not None:
        standings_update_for_table(table)


@shared_task(
    name="tournaments.standings_recompute", autoretry_for=(Exception,), retry_backoff=True, max_retries=5
)
def standings_recompute_tournament(tournament_id: int) -> None:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is not None:
        standings_recompute(tournament)
