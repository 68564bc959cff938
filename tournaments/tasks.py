"""Celery tasks: thin, idempotent wrappers around services, enqueued after commit by ``enqueue_on_commit``.

The database is the source of truth: a task that is lost (broker down), repeated or late only delays a
page. What it should have done is recorded in the database first (e.g. ``StandingsState.stale_since``),
and ``standings_sweep`` (celery beat) picks up whatever stayed undone.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import shared_task
from django.db import transaction
from django.utils import timezone

import tournaments.services.jobs as jobs
from config.celery import send_safely
from tournaments.models import StandingsState
from tournaments.standings import standings_refresh as refresh_standings

SWEEP_AFTER = timedelta(seconds=30)


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


@shared_task(
    name="tournaments.job_run",
    bind=True,
    max_retries=None,  # the job counts its own attempts (services.jobs.MAX_ATTEMPTS) and then fails
    # Stopped before its claim expires (so no other worker computes it meanwhile): the soft limit is an
    # error like any other (retried), the hard one a lost worker (the sweep resends it after its claim).
    soft_time_limit=int(jobs.CLAIM_TIMEOUT.total_seconds()) - 60,
    time_limit=int(jobs.CLAIM_TIMEOUT.total_seconds()) - 30,
)
def job_run(self: Any, job_id: int) -> str:
    """Run a pairing job (a draft, a re-draw, the final stage); a rerun of a finished one does nothing.
    An unexpected error leaves it queued: it is sent again after a pause (and by ``jobs_sweep`` if lost)."""
    outcome = jobs.job_run(job_id)
    while outcome == jobs.RETRY and self.request.is_eager:  # in-process: celery would raise the retry
        outcome = jobs.job_run(job_id)  # (bounded: the job fails after MAX_ATTEMPTS)
    if outcome == jobs.RETRY:
        raise self.retry(countdown=min(300, 10 * 2**self.request.retries))
    return outcome


@shared_task(name="tournaments.jobs_sweep")
def jobs_sweep() -> int:
    """Beat, every 30 s: resend queued jobs whose task was lost and running jobs whose worker died."""
    return jobs.jobs_sweep()


@shared_task(name="tournaments.standings_sweep")
def standings_sweep() -> int:
    """Beat, every 30 s: recompute standings that stayed stale (their task was lost or failed)."""
    cutoff = timezone.now() - SWEEP_AFTER
    stale = StandingsState.objects.filter(stale_since__lt=cutoff).values_list("tournament_id", flat=True)
    return sum(refresh_standings(tournament_id) for tournament_id in stale)
