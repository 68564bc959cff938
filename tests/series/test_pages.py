"""The series' pages, as a reader opens them: the list, a series' ranking with its tabs and each line's
results counted and dropped, a player's page, the projector, the print view and the CSV."""

from __future__ import annotations

from datetime import date

import pytest

from tests.factories import ClubFactory, PlayerFactory
from tests.series.helpers import finished_tournament, staff
from tournaments.series import services
from tournaments.series.models import Series

pytestmark = pytest.mark.django_db

RULES = {
    "points": {"table": [10, 6, 3, 1]},
    "best_of": 1,
    "side_rankings": [{"key": "women", "name": "Damenwertung", "filter": {"gender": "f"}}],
    "qualification": {"top": 1},
}


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    org = staff()
    club = ClubFactory(name="Pagát Klub", city="Wien")
    club.organizers.add(org)
    with django_capture_on_commit_callbacks(execute=True):
        series = services.series_create(
            fields={
                "game": "hungarian",
                "name": "Wiener Cup",
                "slug": "wiener-cup",
                "club": club,
                "season": "2026",
                "rules": RULES,
            },
            by=org,
        )
    players = PlayerFactory.create_batch(4)
    players[0].gender = "f"
    players[0].save()
    capture = django_capture_on_commit_callbacks
    first = finished_tournament(players, (30, 10, -10, -30), by=org, capture=capture, name="Spring Open")
    second = finished_tournament(
        players[::-1],
        (30, 10, -10, -30),
        by=org,
        capture=capture,
        name="Summer Open",
        starts_on=date(2026, 6, 1),
    )
    with django_capture_on_commit_callbacks(execute=True):
        for tournament in (first, second):
            services.series_tournament_add(series, tournament, by=org)
    Series.objects.create(game="hungarian", name="Private cup", slug="private", is_public=False)
    return series, players


def test_the_list_shows_the_public_series(client, played) -> None:
    page = client.get("/series/").content.decode()
    assert "Wiener Cup" in page
    assert "Private cup" not in page
    assert client.get("/series/private/").status_code == 404


def test_the_series_page_shows_the_ranking_its_tabs_and_what_counts(client, played) -> None:
    _series, players = played
    page = client.get("/series/wiener-cup/").content.decode()
    assert "Damenwertung" in page  # the tab of the side ranking
    assert "As of" in page
    assert page.index(players[0].name) < page.index(players[1].name)  # 10 (Spring) vs 6 (Summer): 1st wins
    assert "Spring Open" in page
    assert "dropped" in page
    women = client.get("/series/wiener-cup/", {"ranking": "women"}).content.decode()
    assert players[0].name in women
    assert players[1].name not in women
    assert client.get("/series/wiener-cup/", {"ranking": "nope"}).status_code == 404
    hungarian = client.get("/series/wiener-cup/", HTTP_ACCEPT_LANGUAGE="hu")
    assert hungarian.status_code == 200


def test_a_players_page_lists_counted_and_dropped_results(client, played) -> None:
    _series, players = played
    page = client.get(f"/series/wiener-cup/players/{players[0].pk}/").content.decode()
    assert "Spring Open" in page
    assert "Summer Open" in page
    assert page.count("counted") >= 1
    assert "dropped" in page
    assert client.get("/series/wiener-cup/players/999999/").status_code == 404


def test_the_projector_print_and_csv(client, played) -> None:
    _series, players = played
    projector = client.get("/series/wiener-cup/projector/").content.decode()
    assert players[0].name in projector
    printed = client.get("/series/wiener-cup/print/").content.decode()
    assert "A4" in printed
    assert "(1)" in printed or "(1.00)" in printed  # a dropped result in brackets
    csv_response = client.get("/series/wiener-cup/standings.csv", {"ranking": "women"})
    assert csv_response["Content-Disposition"] == 'attachment; filename="wiener-cup-women.csv"'
    assert csv_response.content.decode().splitlines()[1].split(",")[1] == players[0].name
