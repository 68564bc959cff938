"""Standings through HTTP: live during a round, after a round, stale and as of when, JSON and CSV."""

from __future__ import annotations

import csv
import io

import pytest

from tournaments import services
from tournaments.draw.models import Round
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/cup/standings/"


def play_round(round_: Round) -> None:
    """Every deal of every table, entered by the organizer: seat A wins each deal, the others pay."""
    for table in round_.tables.all():
        positions = sorted(table.seats.values_list("position", flat=True))
        for number in range(1, round_.tournament.deals_per_round(len(positions)) + 1):
            payments = {p: (len(positions) - 1 if p == "A" else -1) for p in positions}
            services.hand_submit(
                table=table, number=number, source="payments", data={"payments": payments}, trusted=True
            )


@pytest.fixture
def played(tournament, round1):
    play_round(round1)
    standings_recompute(tournament)
    return tournament


def test_it_shows_live_standings_during_a_round_to_the_public(anonymous, played, table1) -> None:
    response = anonymous.get(URL)
    assert response.status_code == 200
    body = response.json()
    assert body["after_round"] == 1
    assert body["live"] is True
    assert body["stale"] is False
    assert body["as_of"]
    assert body["round_numbers"] == [1]
    assert body["tiebreaks"] == list(played.tiebreaks)
    rows = body["results"]
    assert len(rows) == 8
    winner = table1.seats.get(position="A").player
    first = rows[0]
    assert first["rank"] == 1
    assert first["player"]["id"] in {
        s.player_id for s in played.rounds.get(number=1).seats.filter(position="A")
    }
    by_id = {r["player"]["id"]: r for r in rows}
    mine = by_id[winner.pk]
    assert mine["club"] == winner.club.name
    assert mine["game_points"] == 12
    assert mine["hands_played"] == 4
    assert mine["total"] == mine["table_points"] == 10
    assert mine["rounds"][0]["round"] == 1
    assert mine["rounds"][0]["game_points"] == 12
    assert set(mine["tiebreak_values"]) >= set(played.tiebreaks)
    assert mine["penalties"] == 0
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)


def test_it_says_the_standings_are_stale_until_recomputed(organizer, anonymous, played) -> None:
    """Also: a cached body never outlives a change (each response below is cached before the next)."""
    player = played.registrations.first().player
    before = anonymous.get(URL)
    assert before.json()["stale"] is False
    award = organizer.post(
        "/api/v1/tournaments/cup/penalties/",
        {"player": player.pk, "points": -3, "reason": "late"},
        format="json",
    )
    assert award.status_code == 201
    stale_response = anonymous.get(URL)
    stale = stale_response.json()
    assert stale["stale"] is True
    assert anonymous.get(URL, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200
    standings_recompute(played)
    fresh_response = anonymous.get(URL)
    fresh = fresh_response.json()
    assert fresh["stale"] is False
    assert len({before["ETag"], stale_response["ETag"], fresh_response["ETag"]}) == 3
    row = next(r for r in fresh["results"] if r["player"]["id"] == player.pk)
    assert row["penalties"] == -3


def test_it_shows_the_standings_after_a_closed_round(anonymous, organizer_user, played, round1) -> None:
    services.round_close(round1, by=organizer_user)
    standings_recompute(played)
    body = anonymous.get(f"{URL}?after_round=1").json()
    assert body["after_round"] == 1
    assert body["live"] is False
    assert len(body["results"]) == 8


def test_it_answers_404_for_a_round_without_standings_and_400_for_a_bad_one(anonymous, played) -> None:
    missing = anonymous.get(f"{URL}?after_round=3")
    assert missing.status_code == 404
    bad = anonymous.get(f"{URL}?after_round=first")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"] == "after_round"
    bad_csv = anonymous.get(f"{URL}?after_round=0&format=csv")
    assert bad_csv.status_code == 400
    assert bad_csv["Content-Type"].startswith("application/json")


def test_it_serves_empty_standings_before_any_round(anonymous, organizer_user) -> None:
    from tests.factories import TournamentFactory

    TournamentFactory(slug="new", status="registration", is_public=True).organizers.add(organizer_user)
    body = anonymous.get("/api/v1/tournaments/new/standings/").json()
    assert body["results"] == []
    assert body["after_round"] == 0


@pytest.mark.parametrize("how", [{"HTTP_ACCEPT": "text/csv"}, {"format": "csv"}])
def test_it_serves_the_standings_as_csv(anonymous, played, how) -> None:
    query = "?format=csv" if "format" in how else ""
    response = anonymous.get(URL + query, **{k: v for k, v in how.items() if k.startswith("HTTP_")})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:4] == ["rank", "player", "club", "total"]
    assert "round_1" in rows[0]
    assert "hands_played" in rows[0]
    assert all(t in rows[0] for t in played.tiebreaks)
    assert len(rows) == 9
    assert rows[1][0] == "1"


def test_it_keeps_json_the_default(anonymous, played) -> None:
    response = anonymous.get(URL)
    assert response["Content-Type"].startswith("application/json")
    assert "Accept" in response["Vary"]


def test_it_answers_304_when_the_standings_did_not_change(anonymous, played) -> None:
    first = anonymous.get(URL)
    again = anonymous.get(URL, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_it_hides_the_standings_of_a_private_tournament(anonymous, organizer, played) -> None:
    played.is_public = False
    played.save()
    assert anonymous.get(URL).status_code == 404
    assert anonymous.get(URL + "?format=csv").status_code == 404
    assert organizer.get(URL).status_code == 200


def test_it_counts_a_new_dispute_in_the_standings_at_once(
    anonymous, played, table1, django_capture_on_commit_callbacks
) -> None:
    """A dispute between two pending entries changes no total, but the count of hands in dispute: the
    cached standings must not hide it."""
    from tests.api.conftest import table_client

    assert anonymous.get(URL).json()["hands_in_dispute"] == 0
    played.deals_per_round_4 = 5  # one more deal to enter: the played fixture entered hands 1-4
    played.save(update_fields=["deals_per_round_4"])
    phone = table_client(table1)
    path = f"/api/v1/tournaments/cup/rounds/1/tables/{table1.number}/hands/5/submissions/"
    deal = services.next_deal(table1, 5)
    a, b, c, d = deal.active
    with django_capture_on_commit_callbacks(execute=True):
        for seat, amount in (("B", 1), ("C", 2)):
            payments = {a: amount, b: -amount, c: amount, d: -amount}
            entry = {"entered_by": seat, "payments": payments}
            assert phone.post(path, entry, format="json").status_code == 201
    body = anonymous.get(URL).json()
    assert body["hands_in_dispute"] == 1


def test_it_warms_the_cached_standings_once_a_recompute_made_them_current(
    anonymous, tournament, table1, django_capture_on_commit_callbacks, django_assert_num_queries
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        play_round(table1.round)  # each recompute, after its commit, renders the new standings
    with django_assert_num_queries(2):  # the tournament and its standings' version; the body is cached
        body = anonymous.get(URL).json()
    assert body["stale"] is False
    assert len(body["results"]) == 8
