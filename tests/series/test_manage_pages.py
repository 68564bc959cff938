"""The organizers' series pages: a club's organizer creates a series of the club from a form, adds the club's
finished tournaments on its manage page (the ranking follows), and creates its final; another club's
organizer is refused; a typo in the rules is shown beside its field, with what was typed kept."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.factories import PlayerFactory
from tests.series.helpers import finished_tournament
from tournaments.organizing.models import Club
from tournaments.series.models import Series, SeriesStanding

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_and_organizer():
    organizer = get_user_model().objects.create_user("klub-org", password="pw-12345-klub")
    club = Club.objects.create(name="Szegedi Tarokk Kör", city="Szeged")
    club.organizers.add(organizer)
    return club, organizer


def test_a_clubs_organizer_creates_a_series_adds_a_tournament_and_creates_its_final(
    client, club_and_organizer, django_capture_on_commit_callbacks
):
    club, organizer = club_and_organizer
    client.force_login(organizer)
    assert "New series of the club" in client.get(f"/clubs/{club.slug}/").content.decode()
    form = {"name": "Szegedi Kupa", "season": "2026", "game": "hungarian", "points": "25, 20, 16, 13",
            "best_of": "3", "min_tournaments": "1", "participation_points": "1", "top": "2"}  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):  # its (empty) ranking computed after the commit
        response = client.post(f"/clubs/{club.slug}/series/new/", form)
    series = Series.objects.get(slug="szegedi-kupa")
    assert response.status_code == 302
    assert response["Location"] == f"/series/{series.slug}/manage/"
    assert series.club == club
    assert series.rules["points"]["table"] == [25, 20, 16, 13]
    assert series.rules["best_of"] == 3
    assert series.rules["qualification"]["top"] == 2

    players = PlayerFactory.create_batch(4)
    cup = finished_tournament(players, (30, 10, -15, -25), by=organizer, club=club, slug="osz",
                              capture=django_capture_on_commit_callbacks)  # fmt: skip
    page = client.get(f"/series/{series.slug}/manage/").content.decode()
    assert 'value="osz"' in page  # the club's finished tournament is offered
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/series/{series.slug}/manage/", {"action": "add", "tournament": "osz"})
    assert response.status_code == 302
    assert list(series.tournaments.all()) == [cup]
    lines = SeriesStanding.objects.filter(series=series, ranking="").order_by("rank")
    assert [(line.player_id, line.points) for line in lines][:2] == [(players[0].pk, 26), (players[1].pk, 21)]

    response = client.post(
        f"/series/{series.slug}/manage/",
        {"action": "final", "name": "Szegedi Döntő", "starts_on": "2026-12-05"},
    )
    series.refresh_from_db()
    assert response.status_code == 302
    assert series.final.name == "Szegedi Döntő"
    assert series.final.club == club
    assert sorted(series.final.registrations.values_list("seed", flat=True)) == [1, 2]


def test_a_typo_in_the_rules_is_named_and_what_was_typed_stays(client, club_and_organizer):
    club, organizer = club_and_organizer
    client.force_login(organizer)
    response = client.post(
        f"/clubs/{club.slug}/series/new/",
        {"name": "Kupa", "game": "hungarian", "points": "25, húsz", "best_of": "3"},
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "points" in page
    assert 'value="25, húsz"' in page
    assert 'value="Kupa"' in page
    assert not Series.objects.exists()


def test_another_clubs_organizer_and_the_public_are_refused(client, club_and_organizer):
    club, _organizer = club_and_organizer
    series = Series.objects.create(game="hungarian", name="S", slug="s", club=club)
    other = get_user_model().objects.create_user("other-org")
    Club.objects.create(name="Other", city="Pécs").organizers.add(other)
    assert client.get(f"/series/{series.slug}/manage/").status_code == 302  # to the login
    client.force_login(other)
    assert client.get(f"/clubs/{club.slug}/series/new/").status_code == 403
    assert client.get(f"/series/{series.slug}/manage/").status_code == 403
    assert (
        client.post(f"/series/{series.slug}/manage/", {"action": "remove", "tournament": "x"}).status_code
        == 403
    )
