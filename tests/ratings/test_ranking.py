"""The public ranking per game: the page (phone-first, paginated, searchable, each rating with its
uncertainty) and the API (the list and a player's history), read by anyone without signing in."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory
from tests.ratings.builders import finished_from_places
from tournaments.ratings.models import PlayerRating
from tournaments.ratings.selectors import ranking
from tournaments.ratings.services import ratings_update

pytestmark = pytest.mark.django_db


def rated(n: int, game: str = "cego") -> list:
    """``n`` players rated by bulk rows: player i has ordinal 100 - i (two share 100 - 3)."""
    club = ClubFactory(name="Tarokk Club Pécs")
    players = PlayerFactory.create_batch(n, club=club)
    PlayerRating.objects.bulk_create(
        PlayerRating(player=p, game=game, mu=120 - min(i, 3 if i == 4 else i), sigma=20 / 3,
                     ordinal=100 - min(i, 3 if i == 4 else i), tournaments=1 + i % 3)
        for i, p in enumerate(players)
    )  # fmt: skip
    return players


def test_the_ranking_orders_by_the_ordinal_shares_ties_and_pages() -> None:
    players = rated(60)
    first = ranking("cego", page=1, per_page=25)
    assert (first.total, first.pages) == (60, 3)
    assert [r.rank for r in first.rows[:6]] == [1, 2, 3, 4, 4, 6]  # players 3 and 4 share a rating
    assert first.rows[0].player_id == players[0].pk
    last = ranking("cego", page=99, per_page=25)  # past the end: the last page
    assert (last.page, len(last.rows), last.rows[-1].rank) == (3, 10, 60)
    found = ranking("cego", search=players[40].name)
    assert [(r.player_id, r.rank) for r in found.rows] == [(players[40].pk, 41)]  # its rank in the whole list
    assert ranking("cego", min_tournaments=3).total == 20
    assert ranking("koenigrufen").total == 0


def test_the_ranking_page_is_public_paginated_and_searchable(client) -> None:
    players = rated(60)
    response = client.get("/ratings/cego/")
    assert response.status_code == 200
    html = response.content.decode()
    assert players[0].name in html
    assert "100.0" in html  # the ordinal shown
    assert "120.0 ± 6.7" in html  # with its uncertainty
    assert players[55].name not in html
    assert 'href="?page=2"' in html
    second = client.get("/ratings/cego/", {"page": 2}).content.decode()
    assert players[55].name in second
    assert players[0].name not in second
    searched = client.get("/ratings/cego/", {"q": players[55].name}).content.decode()
    assert players[55].name in searched
    assert players[0].name not in searched
    assert client.get("/ratings/cego/", {"page": "x\x00"}).status_code == 200  # a bad link: page 1
    assert client.get("/ratings/no-such-game/").status_code == 404
    games = client.get("/ratings/").content.decode()
    assert "/ratings/cego/" in games
    assert "60 rated players" in games


def test_the_ranking_api_lists_a_game_and_refuses_bad_input() -> None:
    players = rated(60)
    api = APIClient()
    body = api.get("/api/v1/ratings/cego/", {"page_size": 10, "page": 2}).json()
    assert body["count"] == 60
    assert "page=3" in body["next"]
    assert "page=1" in body["previous"]
    row = body["results"][0]
    assert row["rank"] == 11
    assert row["player"] == {"id": players[10].pk, "name": players[10].name}
    assert row["club"]["name"] == "Tarokk Club Pécs"
    assert (row["ordinal"], row["mu"], row["sigma"]) == (90.0, 110.0, round(20 / 3, 3))
    for field, bad in [
        ("page", "two"),
        ("page_size", "999"),
        ("min_tournaments", "-1"),
        ("search", "x" * 500),
    ]:
        response = api.get("/api/v1/ratings/cego/", {field: bad})
        assert response.status_code == 400, field
        assert field in response.content.decode()
    assert api.get("/api/v1/ratings/nope/").status_code == 404
    games = {g["game"]: g["players"] for g in api.get("/api/v1/ratings/").json()}
    assert (games["cego"], games["hungarian"]) == (60, 0)


def test_a_players_rating_history_in_the_api_follows_a_merge() -> None:
    a, b, c, d = PlayerFactory.create_batch(4)
    first = finished_from_places([[[(a, 1), (b, 2), (c, 3), (d, 4)]]], minutes=0)
    second = finished_from_places([[[(a, 2), (b, 1), (c, 3)]]], minutes=1, is_public=False)
    ratings_update(first)
    ratings_update(second)
    body = APIClient().get(f"/api/v1/players/{a.pk}/ratings/").json()
    assert body["player"]["id"] == a.pk
    (hungarian,) = body["ratings"]
    assert hungarian["game"] == "hungarian"
    assert hungarian["tournaments"] == 2
    points = hungarian["history"]
    assert [p["tournament"] and p["tournament"]["slug"] for p in points] == [
        first.slug,
        None,
    ]  # private: unnamed
    assert points[1]["sigma"] < points[0]["sigma"]  # surer with each tournament
    assert hungarian["ordinal"] == points[-1]["ordinal"]
    d.merged_into = a
    d.save()
    assert APIClient().get(f"/api/v1/players/{d.pk}/ratings/").json()["player"]["id"] == a.pk
    assert APIClient().get("/api/v1/players/999999/ratings/").status_code == 404


def test_the_admin_shows_the_ratings_and_edits_none(admin_client) -> None:
    players = rated(3)
    page = admin_client.get("/admin/tournaments/playerrating/")
    assert page.status_code == 200
    assert players[0].name in page.content.decode()
    assert admin_client.get("/admin/tournaments/playerrating/add/").status_code == 403
