"""Celery tasks: thin, idempotent wrappers around services, enqueued after commit by ``enqueue_on_commit``.

The database is the source of truth: a task that is lost (broker down), repeated or late only delays a
page. What it should have done is recorded in the database first (e.g. ``StandingsState.stale_since``,
an open dispute without a finding for its current version), and the sweeps (celery beat) pick up
whatever stayed undone.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import shared_task
from django.db import transaction

from config.celery import send_safely
from tournaments.services.disputes import dispute_validate as validate_dispute
from tournaments.services.disputes import disputes_due
from tournaments.standings import standings_due
from tournaments.standings import standings_refresh as refresh_standings

SWEEP_AFTER = timedelta(seconds=30)
SWEEP_BATCH = 200  # disputes re-enqueued per sweep, oldest first; the next sweep takes the rest


def enqueue_on_commit(task: Any, *args: Any) -> None:
    """Send ``task(*args)`` once the current transaction commits. Sending never raises nor blocks the
    caller for long (``send_safely``): the result is already saved. Tasks are idempotent, so a second
    send of the same work (several changes in one transaction) finds nothing left to do."""
    transaction.on_commit(lambda: send_safely(task, *args))


@shared_task(
    name="tournaments.standings_refresh",
    autoretry_for=(Exception,),
    retry_backoff=True,
    retry_jitter=True,
    max_retries=5,
)
def standings_refresh(tournament_id: int) -> bool:
    """Recompute a tournament's standings if they are stale (a rerun finds them current and stops)."""
    return refresh_standings(tournament_id)


@shared_task(name="tournaments.standings_sweep")
def standings_sweep() -> int:
    """Beat, every 30 s: recompute standings that stayed stale (their task was lost or failed, or the
    worker holding them died and its claim lapsed)."""
    return sum(refresh_standings(tournament_id) for tournament_id in standings_due(SWEEP_AFTER))


@shared_task(
    name="tournaments.dispute_validate",
    autoretry_for=(Exception,),
    retry_backoff=True,
    retry_jitter=True,
    max_retries=5,
)
def dispute_validate(dispute_id: int) -> int | None:
    """Weigh an open dispute with the engine and store the finding (a rerun finds it stored and stops);
    the id of the finding, if any."""
    finding = validate_dispute(dispute_id)
    return finding.pk if finding is not None else None


@shared_task(name="tournaments.disputes_sweep")
def disputes_sweep() -> int:
    """Beat, every 30 s: re-enqueue the validation of open disputes older than ``SWEEP_AFTER`` that have no
    finding for their current version (their task was lost or failed); how many were sent."""
    ids = disputes_due(SWEEP_AFTER, SWEEP_BATCH)
    for dispute_id in ids:
        send_safely(dispute_validate, dispute_id)
    return len(ids)
