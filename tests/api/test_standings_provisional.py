"""The standings' ``provisional`` field through HTTP (issue 21 §2): JSON (the standings and each per-round
entry), CSV (a column) and a player's rounds, while round 1 is in play and after it closes."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from tests.api.test_standings import play_round
from tournaments import services
from tournaments.draw.models import Round, Table

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/cup/standings/"


def play_table(table: Table, deals: int) -> None:
    """``deals`` deals of the table, entered by the organizer: seat A wins each, the others pay."""
    positions = sorted(table.seats.values_list("position", flat=True))
    for number in range(1, deals + 1):
        payments = {p: (len(positions) - 1 if p == "A" else -1) for p in positions}
        services.hand_submit(
            table=table, number=number, source="payments", data={"payments": payments}, trusted=True
        )


def csv_rows(response: Any) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_nothing_entered_gives_nobody_anything_and_is_provisional(anonymous, tournament) -> None:
    body = anonymous.get(URL).json()
    assert (body["after_round"], body["live"], body["provisional"]) == (1, True, True)
    assert len(body["results"]) == 8  # everyone seated is listed...
    for row in body["results"]:  # ...with nothing: not 7 table points each
        assert (row["total"], row["table_points"], row["game_points"], row["hands_played"]) == (0, 0, 0, 0)
        assert row["rounds"] == []
        assert row["rank"] == 1
    rows = csv_rows(anonymous.get(URL + "?format=csv"))
    assert len(rows) == 8
    assert {(float(r["total"]), r["round_1"], r["provisional"]) for r in rows} == {(0, "", "true")}


def test_a_table_with_hands_counts_them_provisionally_the_other_still_nothing(
    anonymous, tournament, table1, table2, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        play_table(table1, 2)
    body = anonymous.get(URL).json()
    assert body["provisional"] is True
    by_id = {row["player"]["id"]: row for row in body["results"]}
    a = table1.seats.get(position="A").player_id
    assert by_id[a]["rank"] == 1
    assert by_id[a]["rounds"] == [
        {
            "round": 1,
            "score": 10.0,
            "game_points": 6,
            "table_points": 10.0,
            "bye": False,
            "hands_played": 2,
            "provisional": True,
        }
    ]
    others = [s.player_id for s in table1.seats.exclude(position="A")]
    assert {by_id[p]["rounds"][0]["table_points"] for p in others} == {6.0}  # three tied: (8+6+4)/3
    for seat in table2.seats.all():
        assert by_id[seat.player_id]["rounds"] == []
        assert by_id[seat.player_id]["total"] == 0
    rows = {r["player"]: r for r in csv_rows(anonymous.get(URL + "?format=csv"))}
    assert rows[table1.seats.get(position="A").player.name]["round_1"] == "10.0"
    assert all(rows[s.player.name]["round_1"] == "" for s in table2.seats.select_related("player"))
    assert {r["provisional"] for r in rows.values()} == {"true"}

    rounds = anonymous.get(f"/api/v1/tournaments/cup/players/{a}/rounds/").json()["rounds"]
    assert [(r["number"], r["provisional"], r["table_points"], r["place"]) for r in rounds] == [
        (1, True, "10.00", "1.0")
    ]
    b = table2.seats.get(position="B").player_id
    rounds = anonymous.get(f"/api/v1/tournaments/cup/players/{b}/rounds/").json()["rounds"]
    assert [(r["provisional"], r["table_points"], r["place"], r["game_points"]) for r in rounds] == [
        (True, None, None, 0)  # no hand counts at the table: no points, no place
    ]


def test_closing_the_round_makes_everything_final(
    anonymous, organizer_user, tournament, round1: Round, table1, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        play_round(round1)
        services.round_close(round1, by=organizer_user)
    body = anonymous.get(URL).json()
    assert (body["live"], body["provisional"]) == (False, False)
    assert all(entry["provisional"] is False for row in body["results"] for entry in row["rounds"])
    assert sorted(row["rounds"][0]["table_points"] for row in body["results"]) == [6, 6, 6, 6, 6, 6, 10, 10]
    assert {r["provisional"] for r in csv_rows(anonymous.get(URL + "?format=csv"))} == {"false"}
    a = table1.seats.get(position="A").player_id
    rounds = anonymous.get(f"/api/v1/tournaments/cup/players/{a}/rounds/").json()["rounds"]
    assert rounds[0]["provisional"] is False
