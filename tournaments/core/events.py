"""The one route of side effects: a service says what happened, ``config/wiring.py`` says what follows.

A service never imports a task, a webhook or a cache: it calls ``publish(HAND_CHANGED, ...)`` inside the
transaction of its change, and the reactions attached in ``config/wiring.py`` run

* ``IN_TRANSACTION``: at once, in the caller's transaction, so what they write (the standings' stale mark,
  a pending webhook delivery) commits or rolls back with the change itself;
* ``AFTER_COMMIT``: once the change has committed, never if it rolls back (a task to enqueue, a cache
  to warm). The change is saved by then: a reaction that fails is logged and never fails the caller.

So every side effect of a change reads in one file, and a new one (a notification, a rating update) is a
line there, not an import inside a service.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from django.db import transaction

logger = logging.getLogger(__name__)

# What happened (the payload each event carries is named in the comment).
HAND_CHANGED = "hand.changed"  # tournament_id: a hand counts, stops counting, or goes into or out of dispute
PENALTY_CHANGED = "penalty.changed"  # tournament_id: a penalty awarded or withdrawn
REGISTRATION_CHANGED = "registration.changed"  # tournament_id: a player withdrew or came back
TOURNAMENT_SAVED = "tournament.saved"  # tournament_id: created or edited (what standings count, ranks)
TOURNAMENT_FINISHED = "tournament.finished"  # tournament_id: its results and draws are final
TOURNAMENT_REOPENED = "tournament.reopened"  # tournament_id, game: finished no more (a reason is kept)
ROUND_RELEASED = "round.published"  # round_: its draw is public
ROUND_CLOSED = "round.closed"  # round_: no more results; its points are final
DISPUTE_OPENED = "dispute.opened"  # dispute
DISPUTE_CHANGED = "dispute.changed"  # dispute: opened, or given more versions to weigh
DISPUTE_RESOLVED = "dispute.resolved"  # dispute: resolved, or voided with its hand
JOB_QUEUED = "job.queued"  # job_id: a new pairing job waits for a worker
JOB_DUE = "job.due"  # job_id: the sweep found a job whose task was lost or whose worker died
STANDINGS_STALE = "standings.stale"  # tournament_id: a recompute is needed and no worker is on it
STANDINGS_CURRENT = "standings.current"  # tournament, version: what was stale is current now
STANDINGS_RECOMPUTED = "standings.recomputed"  # tournament: the stored standings were rewritten
WEBHOOK_DELIVERIES_DUE = "webhook.deliveries_due"  # ids: pending deliveries to post
SERIES_CHANGED = "series.changed"  # series_id: its rules, tournaments or final changed (standings stale)
SERIES_STALE = "series.stale"  # series_id: its standings need a recompute and no worker is on it
PLAYERS_MERGED = "players.merged"  # kept_id, merged_id, tournament_ids: one person's rows moved (or back)
RATINGS_STALE = "ratings.stale"  # game: its ratings need a rebuild and no worker is on it
LIVE_MOVED = "live.moved"  # live_table_id, hand_id, step: a live table moved on (a move, a deal, a seat)

EVENTS = frozenset(
    {
        HAND_CHANGED,
        PENALTY_CHANGED,
        REGISTRATION_CHANGED,
        TOURNAMENT_SAVED,
        TOURNAMENT_FINISHED,
        TOURNAMENT_REOPENED,
        ROUND_RELEASED,
        ROUND_CLOSED,
        DISPUTE_OPENED,
        DISPUTE_CHANGED,
        DISPUTE_RESOLVED,
        JOB_QUEUED,
        JOB_DUE,
        STANDINGS_STALE,
        STANDINGS_CURRENT,
        STANDINGS_RECOMPUTED,
        WEBHOOK_DELIVERIES_DUE,
        SERIES_CHANGED,
        SERIES_STALE,
        PLAYERS_MERGED,
        RATINGS_STALE,
        LIVE_MOVED,
    }
)

IN_TRANSACTION = "in_transaction"
AFTER_COMMIT = "after_commit"

Reaction = Callable[..., Any]
_reactions: dict[str, list[tuple[str, Reaction]]] = defaultdict(list)


def react(event: str, reaction: Reaction, *, when: str) -> None:
    """Attach ``reaction(**payload)`` to ``event`` (``config.wiring`` does, once, at start-up)."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    if when not in (IN_TRANSACTION, AFTER_COMMIT):
        raise ValueError(f"unknown moment {when!r}")
    if (when, reaction) not in _reactions[event]:
        _reactions[event].append((when, reaction))


def reactions(event: str) -> list[tuple[str, Reaction]]:
    """What ``event`` starts, in order (for the wiring's tests and for a reader)."""
    return list(_reactions.get(event, ()))


def publish(event: str, **payload: Any) -> None:
    """Say that ``event`` happened, inside the transaction of the change (see the module's docstring)."""
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    for when, reaction in _reactions.get(event, ()):
        if when == IN_TRANSACTION:
            reaction(**payload)
        else:
            transaction.on_commit(_robust(event, reaction, payload))


def _robust(event: str, reaction: Reaction, payload: dict[str, Any]) -> Callable[[], None]:
    def run() -> None:
        try:
            reaction(**payload)
        except Exception:  # the change is committed: a failed reaction is logged, never raised
            logger.exception("reaction %r to %s failed", reaction, event)

    return run
