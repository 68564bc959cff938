"""A merge undone is undone (issue 32 §2): after an undo, every public and organizer API output the merge
touched reads as before the merge (the player pages, their ratings and statistics, the rating list, the
tournaments' standings, players and statistics, the series' standings), in eager mode and with a real
worker on PostgreSQL; and the sweep repairs a rebuild whose task was lost."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone
from rest_framework.test import APIClient

from tests.api.conftest import client_with_token
from tests.factories import PlayerFactory
from tests.series.helpers import finished_tournament
from tournaments import services, tasks
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player, PlayerMerge
from tournaments.ratings.models import PlayerRating, RatingState
from tournaments.series.models import Series, SeriesState
from tournaments.standings.models import StandingsState

#: what changes with every rewrite of derived data, not with what it says (a time, a counter of changes)
VOLATILE = {"updated_at", "computed_at", "generated_at", "as_of", "version"}


def _stable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _stable(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


class Season:
    """Three finished tournaments of a public cup: Kovács Anna played the first, her second record the
    second, and the third only players who were never merged; the organizer is staff."""

    def __init__(self, capture: Callable[..., Any]) -> None:
        self.staff = get_user_model().objects.create_user("cup-staff", is_staff=True)
        self.kept = PlayerFactory(name="Kovács Anna", external_id="HU-7")
        self.merged = PlayerFactory(name="Kovacs Anna", gender="f", birth_year=1970)
        self.others = PlayerFactory.create_batch(5)
        o = self.others
        plan = [
            ("Tavaszi kupa", [self.kept, o[0], o[1], o[2]], (30, 10, -10, -30), date(2026, 3, 1)),
            ("Nyári kupa", [self.merged, o[0], o[3], o[4]], (-5, 25, 10, -30), date(2026, 6, 1)),
            ("Őszi kupa", [o[0], o[1], o[3], o[4]], (8, -2, 4, -10), date(2026, 9, 1)),
        ]
        self.tournaments = []
        with capture(execute=True):
            self.series = services.series_create(
                fields={"name": "Kupa", "slug": "kupa", "game": "hungarian", "rules": {}}, by=self.staff
            )
        for name, players, payments, day in plan:
            tournament = finished_tournament(
                players, payments, by=self.staff, starts_on=day, capture=capture, name=name, is_public=True
            )
            tournament.organizers.add(self.staff)
            with capture(execute=True):
                services.series_tournament_add(self.series, tournament, by=self.staff)
            self.tournaments.append(tournament)

    def players(self) -> list[Player]:
        return [self.kept, self.merged, *self.others]

    def outputs(self) -> dict[str, Any]:
        """Every API output the merge touches, read by the public and by the organizer."""
        public, organizer = APIClient(), client_with_token(self.staff)
        urls: list[tuple[str, APIClient]] = [
            ("/api/v1/ratings/hungarian/", public),
            ("/api/v1/ratings/", public),
            ("/api/v1/series/kupa/", public),
            ("/api/v1/series/kupa/standings/", public),
            ("/api/v1/series/kupa/standings/?ranking=", organizer),
            ("/api/v1/players/?q=Anna", organizer),
        ]
        for player in self.players():
            urls += [
                (f"/api/v1/players/{player.pk}/", public),
                (f"/api/v1/players/{player.pk}/ratings/", public),
                (f"/api/v1/players/{player.pk}/statistics/", public),
            ]
        for t in self.tournaments:
            base = f"/api/v1/tournaments/{t.slug}/"
            urls += [
                (f"{base}standings/", public),
                (f"{base}players/", public),
                (f"{base}statistics/", public),
                (f"{base}registrations/", organizer),
                (f"{base}penalties/", organizer),
            ]
            for player_id in t.registrations.values_list("player_id", flat=True):
                urls += [
                    (f"{base}players/{player_id}/rounds/", public),
                    (f"{base}players/{player_id}/", organizer),
                ]
        read: dict[str, Any] = {}
        for url, client in urls:
            response = client.get(url)
            key = f"{'organizer' if client is organizer else 'public'} {url}"
            read[key] = (response.status_code, _stable(response.json()) if response.content else None)
        return read


def _settled() -> bool:
    """No derived data is stale any more and every finished tournament is rated (the worker caught up)."""
    stale = Q(stale_since__isnull=False) | Q(computed_at__isnull=True)
    return not (
        StandingsState.objects.filter(stale).exists()
        or SeriesState.objects.filter(stale).exists()
        or RatingState.objects.filter(stale_since__isnull=False).exists()
        or Tournament.objects.filter(finished_at__isnull=False, rating_run__isnull=True).exists()
    )


def _merge_then_undo(season: Season, settle: Callable[[], None], capture: Callable[..., Any]) -> None:
    before = season.outputs()
    rated = PlayerRating.objects.filter(game="hungarian").count()
    organizer = client_with_token(season.staff)
    with capture(execute=True):
        merged = organizer.post(
            "/api/v1/players/merges/",
            {"kept": season.kept.pk, "merged": season.merged.pk, "reason": "the same Anna"},
            format="json",
        )
    assert merged.status_code == 201, merged.content
    settle()
    during = season.outputs()
    # the merge did move things: one rating less, the kept record with both records' tournaments
    assert PlayerRating.objects.filter(game="hungarian").count() == rated - 1
    assert during != before
    with capture(execute=True):
        undone = organizer.post(f"/api/v1/players/merges/{merged.json()['id']}/undo/", {}, format="json")
    assert undone.status_code == 200, undone.content
    settle()
    after = season.outputs()
    differ = {key: (before[key], after[key]) for key in before if before[key] != after[key]}
    assert differ == {}, f"{len(differ)} outputs differ after the undo: {sorted(differ)}"
    assert PlayerRating.objects.filter(game="hungarian").count() == rated


@pytest.mark.django_db
def test_an_undone_merge_reads_as_before_in_eager_mode(django_capture_on_commit_callbacks: Any) -> None:
    season = Season(django_capture_on_commit_callbacks)
    assert _settled()
    _merge_then_undo(season, lambda: None, django_capture_on_commit_callbacks)
    assert _settled()


@pytest.fixture
def worker_queue(celery_worker: str) -> Iterator[str]:
    """Everything the app sends goes to the real worker's private queue while the test runs."""
    from config.celery import app

    previous = app.conf.task_default_queue
    app.conf.task_default_queue = celery_worker
    yield celery_worker
    app.conf.task_default_queue = previous


@pytest.mark.services
def test_an_undone_merge_reads_as_before_with_a_real_worker(
    postgres_url: str, transactional_db: Any, worker_queue: str, django_capture_on_commit_callbacks: Any
) -> None:
    def settle() -> None:
        deadline = time.monotonic() + 90
        while not _settled():
            assert time.monotonic() < deadline, "the worker did not catch up within 90 s"
            time.sleep(0.2)

    season = Season(django_capture_on_commit_callbacks)
    settle()
    _merge_then_undo(season, settle, django_capture_on_commit_callbacks)


@pytest.mark.django_db
def test_the_sweep_rebuilds_ratings_whose_task_was_lost(django_capture_on_commit_callbacks: Any) -> None:
    season = Season(django_capture_on_commit_callbacks)
    before = season.outputs()
    with django_capture_on_commit_callbacks(execute=True):
        merge = services.player_merge(season.kept, season.merged, by=season.staff)
    services.player_merge_undo(merge, by=season.staff)  # no commit callbacks run: its tasks are lost
    assert RatingState.objects.get(game="hungarian").stale_since is not None
    assert season.outputs() != before  # the ratings still count the merge
    assert tasks.ratings_sweep() == 0  # not yet: a task may still be on its way
    later = timezone.now() - timedelta(minutes=5)  # five minutes on, no task came: the sweeps' turn
    for state in (RatingState, StandingsState, SeriesState):
        state.objects.filter(stale_since__isnull=False).update(stale_since=later)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.standings_sweep()
        assert tasks.ratings_sweep() >= 1
    assert season.outputs() == before
    assert PlayerMerge.objects.get().undone_at is not None
    assert Series.objects.get().state.stale_since is None
