"""Every side effect of a change, in one file: what each event of ``tournaments.core.events`` starts.

The services publish what happened; this module, the project's composition root for side effects, says
what follows: a stale mark on the standings (in the same transaction), a webhook delivery (stored in the
same transaction, posted by a worker), a task (sent once the change commits), a cache warmed. Nothing else
in the project reacts to a change, so a newcomer reads here every consequence of, say, a confirmed hand.

A task is queued by an ``IN_TRANSACTION`` reaction through ``tasks.enqueue_on_commit``: the send itself
waits for the commit (and never happens on a rollback), as it always did.

Connected once, by the last installed app (``config.apps.WiringConfig``), when every module is loaded.
"""

from __future__ import annotations

from typing import Any

from api.v1.tournaments import standings_warm
from config.celery import send_safely
from tournaments import tasks
from tournaments.core import events
from tournaments.core.events import AFTER_COMMIT, IN_TRANSACTION, react
from tournaments.draw.models import Round
from tournaments.live import push, turns
from tournaments.organizing.models import Tournament
from tournaments.ratings import services as ratings
from tournaments.results.models import Dispute
from tournaments.series import services as series
from tournaments.standings.services import standings_mark_stale
from tournaments.webhooks import services as webhooks


def _standings_stale(tournament_id: int) -> None:
    standings_mark_stale(tournament_id)


def _round_stale_and_announced(round_: Round) -> None:
    standings_mark_stale(round_.tournament_id)
    webhooks.round_event(round_, f"round.{round_.status}")  # round.published, round.closed


def _dispute_announced(dispute: Dispute) -> None:
    webhooks.dispute_event(dispute, events.DISPUTE_OPENED)


def _dispute_resolved(dispute: Dispute) -> None:
    webhooks.dispute_event(dispute, events.DISPUTE_RESOLVED)  # resolved or voided: see the payload


def _dispute_weighed(dispute: Dispute) -> None:
    tasks.enqueue_on_commit(tasks.dispute_validate, dispute.pk)


def _live_moved(live_table_id: int, hand_id: int | None, step: int) -> None:
    push.table_moved(live_table_id, hand_id, step)
    eager = tasks.live_bot_move.app.conf.task_always_eager
    turns.schedule(live_table_id, None if eager else _bot_move_sent)


def _bot_move_sent(hand_id: int, step: int, delay: float) -> None:
    send_safely(tasks.live_bot_move, hand_id, step, countdown=delay or None)


def _job_sent(job_id: int) -> None:
    tasks.enqueue_on_commit(tasks.job_run, job_id)


def _job_resent(job_id: int) -> None:
    send_safely(tasks.job_run, job_id)  # the sweep runs outside a transaction: sent now


def _standings_refreshed(tournament_id: int) -> None:
    tasks.enqueue_on_commit(tasks.standings_refresh, tournament_id)


def _standings_announced(tournament: Tournament, version: int) -> None:
    webhooks.standings_event(tournament, version)


def _standings_cache_warmed(tournament: Tournament) -> None:
    standings_warm(sender=Tournament, tournament=tournament)


def _merged_players_standings_stale(kept_id: int, merged_id: int, tournament_ids: list[int]) -> None:
    """A merge (or its undo) moved a person's rows: the standings of those tournaments are recomputed."""
    for tournament_id in tournament_ids:
        standings_mark_stale(tournament_id)


def _deliveries_sent(ids: list[int]) -> Any:
    return tasks.deliveries_send(ids)


def _rating_updated(tournament_id: int) -> None:
    tasks.enqueue_on_commit(tasks.rating_update, tournament_id)


def _ratings_of_merged_stale(kept_id: int, merged_id: int, tournament_ids: list[int]) -> None:
    """A merge (or its undo) moved finished results: their games' ratings are rebuilt once the standings
    they read are current (``ratings.ratings_recompute``); the mark commits with the merge."""
    ratings.ratings_mark_stale_of(tournament_ids)


def _ratings_refreshed(game: str) -> None:
    tasks.enqueue_on_commit(tasks.ratings_refresh, game)


def _reopened_stale(tournament_id: int, game: str) -> None:
    """A finished tournament re-opened: its standings are no longer final, its series stop counting it and
    its game's ratings are rebuilt without it, all in the re-opening's transaction."""
    standings_mark_stale(tournament_id)
    series.series_mark_stale_of_tournament(tournament_id)
    ratings.ratings_mark_stale(game)


def _series_stale(series_id: int) -> None:
    series.series_mark_stale(series_id)


def _series_of_tournament_stale(tournament_id: int) -> None:
    series.series_mark_stale_of_tournament(tournament_id)


def _series_of_counted_stale(tournament_id: int) -> None:
    """What a series counts changed (a penalty, a withdrawal, a setting of a finished tournament, which the
    services refuse while it is finished, but an admin's repair would not be): its series are stale with
    the change. A tournament in play counts for no series yet: nothing to mark."""
    if Tournament.objects.filter(pk=tournament_id, finished_at__isnull=False).exists():
        series.series_mark_stale_of_tournament(tournament_id)


def _series_of_merged_stale(tournament_ids: Any = (), **_payload: Any) -> None:
    for tournament_id in tournament_ids or ():
        series.series_mark_stale_of_tournament(tournament_id)


def _series_refreshed(series_id: int) -> None:
    tasks.enqueue_on_commit(tasks.series_refresh, series_id)


def connect() -> None:
    """Attach every reaction (idempotent: connecting twice attaches each once)."""
    # What the standings count changed: they are marked stale with the change (a refresh follows).
    changes = (
        events.HAND_CHANGED,
        events.PENALTY_CHANGED,
        events.REGISTRATION_CHANGED,
        events.TOURNAMENT_SAVED,
        events.TOURNAMENT_FINISHED,
    )
    for changed in changes:
        react(changed, _standings_stale, when=IN_TRANSACTION)
    # ... and so are the series that count them, when they are finished (a series counts no other). Not
    # on a hand: a finished tournament's hands are refused under the round's lock, and the entry's path
    # stays as short as it was (tests/api/test_entry_queries.py).
    for changed in (events.PENALTY_CHANGED, events.REGISTRATION_CHANGED, events.TOURNAMENT_SAVED):
        react(changed, _series_of_counted_stale, when=IN_TRANSACTION)
    # Re-opened: the standings, the series and the game's ratings are stale with the re-opening.
    react(events.TOURNAMENT_REOPENED, _reopened_stale, when=IN_TRANSACTION)
    for released_or_closed in (events.ROUND_RELEASED, events.ROUND_CLOSED):
        react(released_or_closed, _round_stale_and_announced, when=IN_TRANSACTION)
    # Disputes: announced to webhooks; weighed by the validator in a worker.
    react(events.DISPUTE_OPENED, _dispute_announced, when=IN_TRANSACTION)
    react(events.DISPUTE_CHANGED, _dispute_weighed, when=IN_TRANSACTION)
    react(events.DISPUTE_RESOLVED, _dispute_resolved, when=IN_TRANSACTION)
    # A live table moved: its phones hear it at once; a bot's move that is due is scheduled.
    react(events.LIVE_MOVED, _live_moved, when=AFTER_COMMIT)
    # Pairing jobs run in a worker.
    react(events.JOB_QUEUED, _job_sent, when=IN_TRANSACTION)
    react(events.JOB_DUE, _job_resent, when=IN_TRANSACTION)
    # Standings: recomputed by a worker; announced once current; their API body warmed after each rewrite.
    react(events.STANDINGS_STALE, _standings_refreshed, when=IN_TRANSACTION)
    react(events.STANDINGS_CURRENT, _standings_announced, when=IN_TRANSACTION)
    react(events.STANDINGS_RECOMPUTED, _standings_cache_warmed, when=AFTER_COMMIT)
    # Webhook deliveries stored with a change are posted by workers once it commits.
    react(events.WEBHOOK_DELIVERIES_DUE, _deliveries_sent, when=AFTER_COMMIT)
    # Ratings: a finished tournament is rated by a worker; a merge (or its undo) marks the games it touched
    # stale, and a worker rebuilds a stale game (the sweep, one whose task was lost).
    react(events.TOURNAMENT_FINISHED, _rating_updated, when=IN_TRANSACTION)
    react(events.PLAYERS_MERGED, _ratings_of_merged_stale, when=IN_TRANSACTION)
    react(events.RATINGS_STALE, _ratings_refreshed, when=IN_TRANSACTION)
    # Series: their standings are stale when their rules or tournaments change, when one of their
    # tournaments finishes or a merge moves a player's results; a worker recomputes them.
    react(events.SERIES_CHANGED, _series_stale, when=IN_TRANSACTION)
    react(events.TOURNAMENT_FINISHED, _series_of_tournament_stale, when=IN_TRANSACTION)
    react(events.PLAYERS_MERGED, _series_of_merged_stale, when=IN_TRANSACTION)
    react(events.SERIES_STALE, _series_refreshed, when=IN_TRANSACTION)
    # One person's rows moved between two records (a merge or its undo): their tournaments' standings.
    react(events.PLAYERS_MERGED, _merged_players_standings_stale, when=IN_TRANSACTION)
