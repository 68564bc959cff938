"""A club's page as a visitor reads it: upcoming and past tournaments, its public series, its members'
ranking (by rating per game of the club's tournaments, or by name with a note before anyone is rated)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from tournaments.participants.models import Player
from tournaments.ratings.models import PlayerRating

from .conftest import Site

pytestmark = pytest.mark.django_db


def section(html: str, heading_id: str) -> str:
    """The text of the page's ``<section>`` whose heading has ``heading_id``."""
    found = re.search(rf'<section aria-labelledby="{heading_id}">(.*?)</section>', html, re.S)
    assert found, heading_id
    return found.group(1)


def test_it_shows_upcoming_past_series_and_members_by_name_before_any_rating(site: Site) -> None:
    html = Client().get("/clubs/alfa-tarokk-klub/").content.decode()
    assert "Alfa Tarokk Klub" in html
    assert "Budapest" in html
    upcoming, past = section(html, "h-upcoming"), section(html, "h-past")
    assert "Alfa Spring Cup" in upcoming
    assert "Alfa Autumn Cup" not in upcoming
    assert "Alfa Autumn Cup" in past
    assert "Alfa Spring Cup" not in past
    assert 'href="/t/a-spring/"' in upcoming  # the public page of the tournament
    series = section(html, "h-series")
    assert "Alfa Kupa 2026" in series
    assert "Alfa Hidden Series" not in html
    assert "Béta Liga" not in html
    members = section(html, "h-members")
    assert "No member has a rating yet" in members
    names = re.findall(r"<li>([^<]+)</li>", members)
    assert names == ["Bíró Béla", "Kovács Anna", "Zala Zoltán"]  # alphabetically; B's member not here
    assert "3 members" in html
    assert "New tournament of the club" not in html  # a visitor does not organize it


def test_it_ranks_the_members_by_rating_in_each_game_of_the_clubs_tournaments(site: Site) -> None:
    anna, bela, zoltan = (Player.objects.get(name=n) for n in ("Kovács Anna", "Bíró Béla", "Zala Zoltán"))
    for player, game, ordinal in (
        (anna, "hungarian", 12.5),
        (bela, "hungarian", 20.0),
        (zoltan, "koenigrufen", 3.0),
        (anna, "cego", 30.0),  # the club plays no Cego tournament: not shown
    ):
        PlayerRating.objects.create(player=player, game=game, mu=ordinal + 9, sigma=3, ordinal=ordinal)
    PlayerRating.objects.create(
        player=Player.objects.get(name="Huber Hans"), game="hungarian", mu=40, sigma=3, ordinal=31
    )
    members = section(Client().get("/clubs/alfa-tarokk-klub/").content.decode(), "h-members")
    assert "No member has a rating yet" not in members
    tables = re.findall(r"<caption>([^<]+)</caption>(.*?)</table>", members, re.S)
    rows = {
        caption: re.findall(r"<td>([^<]+)</td><td class=\"num\">([^<]+)</td>", body)
        for caption, body in tables
    }
    assert rows == {
        "Hungarian Tarokk": [("Bíró Béla", "20.0"), ("Kovács Anna", "12.5")],
        "Königrufen": [("Zala Zoltán", "3.0")],
    }


def test_its_organizers_see_their_drafts_and_the_link_to_create_a_tournament(site: Site) -> None:
    web = Client()
    web.force_login(site.users["club_a_organizer"])
    html = web.get("/clubs/alfa-tarokk-klub/").content.decode()
    assert 'href="/clubs/alfa-tarokk-klub/tournaments/new/"' in html
    assert "Alfa Secret Night" in html
    assert 'href="/t/a-private/manage/"' in html
    assert "Beta Secret Night" not in html


def test_the_list_of_clubs_links_each_club(site: Site) -> None:
    html = Client().get("/clubs/").content.decode()
    assert 'href="/clubs/alfa-tarokk-klub/"' in html
    assert 'href="/clubs/beta-tarokk-kor/"' in html
    assert Client().get("/clubs/no-such-club/").status_code == 404


def test_a_club_organizer_creates_a_tournament_of_the_club_from_its_page(site: Site, client: Any) -> None:
    client.force_login(site.users["club_a_organizer"])
    form = {
        "name": "Alfa Cego Day",
        "slug": "",
        "starts_on": "2027-02-13",
        "venue": "Klubház",
        "game": "cego",
    }
    response = client.post("/clubs/alfa-tarokk-klub/tournaments/new/", {**form, "draft": "on"})
    assert response.status_code == 302
    assert response["Location"] == "/t/alfa-cego-day/manage/"
    created = site.club_a.tournaments.get(slug="alfa-cego-day")
    assert (created.game, created.status, created.is_public) == ("cego", "draft", False)
    refused = client.post("/clubs/alfa-tarokk-klub/tournaments/new/", {**form, "starts_on": "soon"})
    assert refused.status_code == 400
    assert "YYYY-MM-DD" in refused.content.decode()
    taken = client.post("/clubs/alfa-tarokk-klub/tournaments/new/", form)
    assert taken.status_code == 409
    assert "alfa-cego-day" in taken.content.decode()
    assert site.club_a.tournaments.filter(name="Alfa Cego Day").count() == 1
