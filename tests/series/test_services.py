"""A series' services: its standings follow its tournaments through the event route (a tournament that
finishes makes its series stale, a worker recomputes it), with the tournaments' freshness rules; its
final is a tournament of the project seeded from the series."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.factories import ClubFactory, PlayerFactory, TournamentFactory
from tests.series.helpers import finished_tournament, staff
from tournaments import services as domain
from tournaments import tasks
from tournaments.core import events
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Registration
from tournaments.series import services
from tournaments.series.models import Series, SeriesStanding, SeriesState
from tournaments.series.selectors import can_manage_series, player_series_lines, series_ranking

pytestmark = pytest.mark.django_db

RULES = {
    "points": {"table": [10, 6, 3, 1]},
    "best_of": 1,
    "participation_points": 1,
    "side_rankings": [{"key": "women", "name": "Women", "filter": {"gender": "f"}}],
    "qualification": {"top": 2},
}


@pytest.fixture
def org():
    return staff()


@pytest.fixture
def players():
    return PlayerFactory.create_batch(4)


def test_the_series_follows_its_tournaments_through_the_event_route(
    org, players, django_capture_on_commit_callbacks
) -> None:
    players[3].gender = "f"
    players[3].save()
    with django_capture_on_commit_callbacks(execute=True):
        series = services.series_create(
            fields={"game": "hungarian", "name": "Cup", "slug": "cup", "rules": RULES}, by=org
        )
    first = finished_tournament(players, (30, 10, -10, -30), by=org, finish=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.series_tournament_add(series, first, region="Tirol", by=org)
    assert SeriesStanding.objects.count() == 0  # an unfinished tournament does not count
    with django_capture_on_commit_callbacks(execute=True):
        domain.tournament_finish(first, by=org)
    ranking = series_ranking(series)
    assert [(line.player_id, line.points) for line in ranking.lines] == [
        (players[0].pk, Decimal(11)),
        (players[1].pk, Decimal(7)),
        (players[2].pk, Decimal(4)),
        (players[3].pk, Decimal(2)),
    ]
    assert ranking.freshness.stale is False
    assert ranking.freshness.as_of is not None
    assert [line.qualified for line in ranking.lines] == [True, True, False, False]
    # a second tournament, where player 4 wins: best of 1 drops the weaker result; 4 and 1 have 10 + 2,
    # and the most recent result decides
    second = finished_tournament(
        players[::-1], (30, 10, -10, -30), by=org, finish=False, starts_on=date(2026, 4, 1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.series_tournament_add(series, second, by=org)
    with django_capture_on_commit_callbacks(execute=True):
        domain.tournament_finish(second, by=org)
    women = series_ranking(series, "women")
    assert [(line.player_id, line.points) for line in women.lines] == [(players[3].pk, Decimal(12))]
    line = next(item for item in player_series_lines(players[3]) if item.ranking == "")
    assert (line.rank, line.points, line.played) == (1, Decimal(12), 2)
    assert [r["tournament_id"] for r in line.counted] == [second.pk]
    assert [r["tournament_id"] for r in line.dropped] == [first.pk]
    tirol = series_ranking(series, "region-tirol")  # the region's own ranking: its tournaments only
    assert (tirol.lines[0].player_id, tirol.lines[0].points) == (players[0].pk, Decimal(11))
    state = SeriesState.objects.get(series=series)
    assert state.stale_since is None
    assert state.computed_version == state.version


def test_a_tournament_of_another_game_is_refused_and_nothing_is_stored(org) -> None:
    series = services.series_create(fields={"game": "hungarian", "name": "Cup", "slug": "cup"}, by=org)
    cego = TournamentFactory(game="cego")
    with pytest.raises(ValidationError) as caught:
        services.series_tournament_add(series, cego, by=org)
    assert "tournament" in caught.value.message_dict
    assert not series.entries.exists()


def test_who_may_create_and_manage_a_series() -> None:
    club, other = ClubFactory(), ClubFactory()
    club_org = staff("club-org", is_staff=False)
    club.organizers.add(club_org)
    other_org = staff("other-org", is_staff=False)
    other.organizers.add(other_org)
    series = services.series_create(
        fields={"game": "hungarian", "name": "Club cup", "slug": "club-cup", "club": club.slug}, by=club_org
    )
    assert can_manage_series(club_org, series)
    assert not can_manage_series(other_org, series)
    with pytest.raises(ValidationError) as caught:
        services.series_edit(series, fields={"name": "Mine"}, by=other_org)
    assert caught.value.error_dict["user"][0].code == "permission_denied"
    with pytest.raises(ValidationError):
        services.series_create(
            fields={"game": "hungarian", "name": "No club", "slug": "none"}, by=other_org
        )  # not staff
    with pytest.raises(ValidationError) as caught:
        services.series_create(
            fields={"game": "hungarian", "name": "X", "slug": "x", "club": club.slug}, by=other_org
        )
    assert "club" in caught.value.message_dict
    third = staff("club-colleague", is_staff=False)
    club.organizers.add(third)
    assert can_manage_series(third, series)  # an organizer of the series' club


def test_an_edit_against_an_old_version_is_refused(org) -> None:
    series = services.series_create(fields={"game": "hungarian", "name": "Cup", "slug": "cup"}, by=org)
    edited = services.series_edit(series, fields={"season": "2026"}, by=org, expected_version=1)
    with pytest.raises(ValidationError) as caught:
        services.series_edit(edited, fields={"season": "2027"}, by=org, expected_version=1)
    assert caught.value.error_dict["If-Match"][0].code == "precondition_failed"
    with pytest.raises(ValidationError) as caught:
        services.series_edit(edited, fields={"rules": {"points": {"table": [1, None]}}}, by=org)
    assert "rules.points.table[1]" in caught.value.message_dict
    assert Series.objects.get().season == "2026"


def test_the_final_registers_the_qualified_seeded_by_their_series_rank(
    org, players, django_capture_on_commit_callbacks
) -> None:
    club = ClubFactory()
    club.organizers.add(org)
    series = services.series_create(
        fields={"name": "Cup", "slug": "cup", "club": club, "rules": RULES, "game": "hungarian"}, by=org
    )
    tournament = finished_tournament(players, (30, 10, -10, -30), by=org, finish=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.series_tournament_add(series, tournament, by=org)
    with django_capture_on_commit_callbacks(execute=True):
        domain.tournament_finish(tournament, by=org)
    final = services.series_final_create(
        series, name="Cup final", slug="cup-final", starts_on="2026-12-01", by=org
    )
    assert (final.game, final.club, final.seed_by) == ("hungarian", club, Tournament.SeedBy.SEEDS)
    assert final.pairing_methods[0] == "seeded"
    seeds = list(
        Registration.objects.filter(tournament=final).order_by("seed").values_list("player_id", "seed")
    )
    assert seeds == [(players[0].pk, 1), (players[1].pk, 2)]
    assert Series.objects.get().final == final
    with pytest.raises(ValidationError) as caught:
        services.series_final_create(series, name="Again", slug="again", starts_on=date(2026, 12, 2), by=org)
    assert "final" in caught.value.message_dict


def test_the_sweep_recomputes_a_series_whose_task_was_lost(org) -> None:
    series = services.series_create(
        fields={"game": "hungarian", "name": "Cup", "slug": "cup"}, by=org
    )  # refresh never sent
    state = SeriesState.objects.get(series=series)
    assert state.stale_since is not None
    SeriesState.objects.update(stale_since=timezone.now() - timedelta(minutes=1))
    assert services.series_due(timedelta(seconds=30)) == [series.pk]
    tasks.standings_sweep()
    assert SeriesState.objects.get(series=series).stale_since is None


def test_the_series_events_start_what_the_wiring_says() -> None:
    from config import wiring

    assert (events.IN_TRANSACTION, wiring._series_stale) in events.reactions(events.SERIES_CHANGED)
    assert (events.IN_TRANSACTION, wiring._series_refreshed) in events.reactions(events.SERIES_STALE)
    assert (events.IN_TRANSACTION, wiring._series_of_tournament_stale) in events.reactions(
        events.TOURNAMENT_FINISHED
    )


def test_a_recompute_that_began_before_a_change_leaves_the_series_stale(org, monkeypatch) -> None:
    series = services.series_create(fields={"game": "hungarian", "name": "Cup", "slug": "cup"}, by=org)
    monkeypatch.setattr(services, "COALESCE_SECONDS", 0)
    read = services.series_results
    changes = iter([True])

    def results_while_a_tournament_finishes(*args, **kwargs):
        found = read(*args, **kwargs)
        if next(changes, False):
            services.series_mark_stale(series.pk)  # as a tournament of the series finishing meanwhile
        return found

    monkeypatch.setattr(services, "series_results", results_while_a_tournament_finishes)
    assert services.series_recompute(series) is False
    state = SeriesState.objects.get(series=series)
    assert state.stale_since is not None
    assert state.computed_version == state.version - 1  # what it counts is said
    assert services.series_refresh(series.pk) is True
    state.refresh_from_db()
    assert state.stale_since is None
    assert state.computed_version == state.version
