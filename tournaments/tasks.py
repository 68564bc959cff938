"""Celery tasks: thin, idempotent wrappers around services, enqueued after commit by ``enqueue_on_commit``
(which ``config/wiring.py`` calls when a service publishes an event: services never import this module).

The database is the source of truth: a task that is lost (broker down), repeated or late only delays a
page. What it should have done is recorded in the database first (e.g. ``StandingsState.stale_since``,
an open dispute without a finding for its current version, a pending ``WebhookDelivery``), and the sweeps
(celery beat) pick up whatever stayed undone.

Every task is a ``project_task`` (``tournaments.core.reliability``): acknowledged late, retried with backoff
and jitter, time-limited, and dead-lettered when it keeps failing.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery import shared_task
from django.db import transaction

from config.celery import send_safely
from tournaments.core.reliability import project_task
from tournaments.draw.services import jobs
from tournaments.live import services as live
from tournaments.ratings import services as ratings
from tournaments.results.services.disputes import dispute_validate as validate_dispute
from tournaments.results.services.disputes import disputes_due
from tournaments.series.services import series_due
from tournaments.series.services import series_refresh as refresh_series
from tournaments.standings.services import standings_due
from tournaments.standings.services import standings_refresh as refresh_standings
from tournaments.webhooks import services as webhooks

SWEEP_AFTER = timedelta(seconds=30)
SWEEP_BATCH = 200  # disputes re-enqueued per sweep, oldest first; the next sweep takes the rest


def enqueue_on_commit(task: Any, *args: Any) -> None:
    """Send ``task(*args)`` once the current transaction commits. Sending never raises nor blocks the
    caller for long (``send_safely``): the result is already saved. Tasks are idempotent, so a second
    send of the same work (several changes in one transaction) finds nothing left to do."""
    transaction.on_commit(lambda: send_safely(task, *args))


@project_task("tournaments.standings_refresh")
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


@project_task("tournaments.jobs_sweep")
def jobs_sweep() -> int:
    """Beat, every 30 s: resend queued jobs whose task was lost and running jobs whose worker died."""
    return jobs.jobs_sweep()


@project_task("tournaments.standings_sweep")
def standings_sweep() -> int:
    """Beat, every 30 s: recompute standings that stayed stale (their task was lost or failed, or the
    worker holding them died and its claim lapsed), then the series' standings likewise."""
    swept = sum(refresh_standings(tournament_id) for tournament_id in standings_due(SWEEP_AFTER))
    return swept + sum(refresh_series(series_id) for series_id in series_due(SWEEP_AFTER))


@project_task("tournaments.dispute_validate")
def dispute_validate(dispute_id: int) -> int | None:
    """Weigh an open dispute with the engine and store the finding (a rerun finds it stored and stops);
    the id of the finding, if any."""
    finding = validate_dispute(dispute_id)
    return finding.pk if finding is not None else None


@project_task("tournaments.disputes_sweep")
def disputes_sweep() -> int:
    """Beat, every 30 s: re-enqueue the validation of open disputes older than ``SWEEP_AFTER`` that have no
    finding for their current version (their task was lost or failed); how many were sent."""
    ids = disputes_due(SWEEP_AFTER, SWEEP_BATCH)
    for dispute_id in ids:
        send_safely(dispute_validate, dispute_id)
    return len(ids)


@project_task("tournaments.webhook_deliver")
def webhook_deliver(delivery_id: int) -> str:
    """Post one webhook delivery if it is due (a rerun, or a second worker, finds it claimed or settled)."""
    return webhooks.delivery_attempt(delivery_id)


@project_task("tournaments.webhooks_sweep")
def webhooks_sweep() -> int:
    """Beat, every 30 s: enqueue the deliveries that are due (retries, and tasks that were lost)."""
    return deliveries_send(webhooks.webhooks_due())


def deliveries_send(ids: list[int]) -> int:
    """Send a delivery task for each id; returns how many were sent. Stops at the first send the broker
    did not take (``send_safely`` never raises, and gives up within about a second): the rest are due
    and the sweep sends them, so a broker outage holds the caller up once, not once per subscription."""
    sent = 0
    for pk in ids:
        if not send_safely(webhook_deliver, pk):
            break
        sent += 1
    return sent


@project_task("tournaments.rating_update")
def rating_update(tournament_id: int) -> int | None:
    """Rate a finished tournament (a rerun finds its rating run and stops); the run's id, if any."""
    run = ratings.ratings_update(tournament_id)
    return run.pk if run is not None else None


@project_task("tournaments.ratings_rebuild")
def ratings_rebuild(tournament_ids: list[int]) -> list[str]:
    """Rebuild the ratings of the games of these tournaments (a message of an earlier release, when a merge
    sent this: kept so one still queued is served; merges now mark the games stale)."""
    return ratings.ratings_rebuild_for(tournament_ids)


@project_task("tournaments.ratings_refresh")
def ratings_refresh(game: str) -> bool:
    """Rebuild a game's ratings if they are stale (a rerun finds them current and stops)."""
    return ratings.ratings_refresh(game)


@project_task("tournaments.ratings_sweep")
def ratings_sweep() -> int:
    """Beat, every 60 s: rebuild the games whose ratings stayed stale (their task was lost or failed), then
    rate the finished tournaments that have no rating yet, the earliest finished first; how many games
    were rebuilt and tournaments rated."""
    rebuilt = sum(ratings.ratings_refresh(game) for game in ratings.ratings_stale_due(SWEEP_AFTER))
    rated = sum(ratings.ratings_update(tournament_id) is not None for tournament_id in ratings.ratings_due())
    return rebuilt + rated


@project_task("tournaments.series_refresh")
def series_refresh(series_id: int) -> bool:
    """Recompute a series' standings if they are stale (a rerun finds them current and stops)."""
    return refresh_series(series_id)


@project_task("tournaments.live_bot_move")
def live_bot_move(hand_id: int, step: int) -> bool:
    """A bot's move at a live table, if still due at ``step`` (a repeated or late task does nothing)."""
    return live.live_bot_move(hand_id, step)


@project_task("tournaments.live_sweep")
def live_sweep() -> int:
    """Play the bot moves that are overdue (their task was lost, or a grace period ran out unnoticed)."""
    return live.live_overdue_play()
