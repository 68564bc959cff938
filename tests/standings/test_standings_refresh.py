"""Coalesced standings refreshes: one enqueue per stale period, one worker per tournament (a claim taken
by compare-and-set), a recompute that began before the last change runs again, and the sweep takes over
what a lost task or a dead worker left."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from tests.factories import TournamentFactory
from tournaments import tasks
from tournaments.standings import services as standings
from tournaments.standings.models import StandingsState

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    return TournamentFactory()


def state(tournament) -> StandingsState:
    return StandingsState.objects.get(tournament=tournament)


def test_it_enqueues_one_refresh_for_a_burst_of_changes(
    tournament, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks() as callbacks:
        for _ in range(100):
            with transaction.atomic():
                standings.standings_mark_stale(tournament.pk)
    assert len(callbacks) == 1
    assert state(tournament).version == 100
    assert state(tournament).stale_since is not None


def test_it_enqueues_again_once_the_standings_were_current(
    tournament, django_capture_on_commit_callbacks
) -> None:
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True) as callbacks:  # eager: refreshed at once
            standings.standings_mark_stale(tournament.pk)
        assert len([c for c in callbacks if "enqueue_on_commit" in c.__qualname__]) == 1
    current = state(tournament)
    assert (current.stale_since, current.computed_version, current.version) == (None, 2, 2)


def test_it_enqueues_again_when_the_standings_stayed_stale_with_no_worker_on_them(
    tournament, django_capture_on_commit_callbacks
) -> None:
    """Their task was lost: the next change, once they have been stale a while (``NUDGE_AFTER``) with no
    claim or an expired one, enqueues a refresh; a claim still held does not. On SQLite too (its RETURNING
    read "claimed_until IS NULL" as false, and the nudge never came)."""
    with django_capture_on_commit_callbacks() as first:
        standings.standings_mark_stale(tournament.pk)
    assert len(first) == 1
    a_while_ago = timezone.now() - standings.NUDGE_AFTER - timedelta(seconds=1)
    StandingsState.objects.filter(tournament=tournament).update(stale_since=a_while_ago, claimed_until=None)
    with django_capture_on_commit_callbacks() as unattended:
        standings.standings_mark_stale(tournament.pk)
    assert len(unattended) == 1
    StandingsState.objects.filter(tournament=tournament).update(claimed_until=a_while_ago)  # ran out
    with django_capture_on_commit_callbacks() as expired:
        standings.standings_mark_stale(tournament.pk)
    assert len(expired) == 1
    held = timezone.now() + timedelta(seconds=30)
    StandingsState.objects.filter(tournament=tournament).update(claimed_until=held)
    with django_capture_on_commit_callbacks() as worked_on:
        standings.standings_mark_stale(tournament.pk)
    assert worked_on == []


def test_it_lets_one_worker_claim_a_tournament_at_a_time(tournament) -> None:
    standings.standings_mark_stale(tournament.pk)
    assert standings.FRESHNESS.claim(tournament.pk) is True
    assert (
        standings.FRESHNESS.claim(tournament.pk) is False
    )  # the second worker stops: the holder sees its change
    assert standings.standings_refresh(tournament.pk) is False
    assert state(tournament).recomputations == 0
    StandingsState.objects.filter(tournament=tournament).update(claimed_until=timezone.now() - timedelta(1))
    assert standings.standings_refresh(tournament.pk) is True  # a lapsed claim (a dead worker) is taken over
    assert (state(tournament).stale_since, state(tournament).claimed_until) == (None, None)


def test_it_recomputes_again_when_a_change_came_in_during_the_recompute(tournament, monkeypatch) -> None:
    monkeypatch.setattr(standings, "COALESCE_SECONDS", 0)
    rebuild = standings._rebuild_snapshots
    changes = iter([True])

    def rebuild_while_a_result_arrives(*args, **kwargs):
        rebuild(*args, **kwargs)
        if next(changes, False):
            StandingsState.objects.filter(tournament=tournament).update(version=state(tournament).version + 1)

    monkeypatch.setattr(standings, "_rebuild_snapshots", rebuild_while_a_result_arrives)
    standings.standings_mark_stale(tournament.pk)
    assert standings.standings_recompute(tournament) is False  # a result arrived meanwhile: still stale,
    assert state(tournament).computed_version == 1  # but what it counts is said
    changes = iter([True])
    assert standings.standings_refresh(tournament.pk) is True
    current = state(tournament)
    assert current.recomputations == 3
    assert current.stale_since is None
    assert current.computed_version == current.version == 3


def test_it_sweeps_what_stayed_stale_but_leaves_a_held_claim_alone(tournament) -> None:
    other = TournamentFactory()
    for t in (tournament, other):
        standings.standings_mark_stale(t.pk)
    StandingsState.objects.update(stale_since=timezone.now() - timedelta(minutes=1))
    standings.FRESHNESS.claim(other.pk)  # a live worker is on it
    assert tasks.standings_sweep() == 1
    assert state(tournament).stale_since is None
    assert state(other).stale_since is not None
