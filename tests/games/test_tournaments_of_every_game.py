"""Tournaments of the other games, run through the API as an organizer and the tables' phones would
(issue 23 §3): a 61-player Cego at Ichenheim (19 tables of 3 and one of 4, whose dealer shares the
defenders' score) and a 50-player Talon at tables of 6 and 5, from registration to the final standings.
Each table asks the API for its next deal and enters its game's hand summary (made up by the game's own
``sample_summary``, as the demo's bots do); a second seat confirms it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from engine.core.descriptor import Deal
from engine.games import game
from tests.api.conftest import client_with_token, drawn_round

pytestmark = pytest.mark.django_db


def phone(code: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_X_TABLE_CODE=code)
    return client


def run_tournament(
    slug: str, game_id: str, players: int, fields: dict[str, Any], capture: Any
) -> tuple[APIClient, list[dict[str, Counter]]]:
    """Create, register, draw, play and close every round, finish; the table sizes of each round."""
    user = get_user_model().objects.create_user("org", password="pw-org-12345", is_staff=True)
    organizer = client_with_token(user)
    base = f"/api/v1/tournaments/{slug}/"
    created = organizer.post(
        "/api/v1/tournaments/",
        {"slug": slug, "name": slug, "starts_on": "2026-12-05", "game": game_id, **fields},
        format="json",
    )
    assert created.status_code == 201, created.content
    for i in range(players):
        added = organizer.post(f"{base}players/", {"name": f"Player {i:03}", "check_in": True}, format="json")
        assert added.status_code == 201, added.content
    descriptor, rng = game(game_id), random.Random(slug)
    rules = descriptor.resolve_rules(created.json()["rules_preset"], created.json()["rules_options"])
    sizes_by_round = []
    for number in range(1, created.json()["rounds_planned"] + 1):
        with capture(execute=True):
            accepted = organizer.post(f"{base}rounds/", {"seed": f"{slug}-{number}"}, format="json")
        assert drawn_round(organizer, accepted).status_code == 200
        for step in ("confirm", "publish", "start"):
            with capture(execute=True):
                assert organizer.post(f"{base}rounds/{number}/{step}/", {}, format="json").status_code == 200
        tables = organizer.get(f"{base}rounds/{number}/tables/?page_size=100").json()["results"]
        sizes_by_round.append(Counter(len(t["seats"]) for t in tables))
        for table in tables:
            table_url = f"{base}rounds/{number}/tables/{table['number']}/"
            device = phone(table["code"])
            while True:
                deal = device.get(f"{table_url}next-deal/").json()
                if deal["number"] > deal["last"]:
                    break
                summary = descriptor.sample_summary(
                    rng,
                    rules,
                    Deal(
                        deal["number"],
                        deal["dealer"],
                        tuple(deal["active"]),
                        deal["stake"],
                        tuple(deal["sitting_out"]),
                    ),
                )
                hands = f"{table_url}hands/{deal['number']}/submissions/"
                with capture(execute=True):
                    entered = device.post(
                        hands, {"entered_by": deal["active"][0], "summary": summary}, format="json"
                    )
                assert entered.status_code == 201, (summary, entered.content)
                with capture(execute=True):
                    confirmed = device.post(
                        f"{hands}{entered.json()['id']}/confirm/",
                        {"entered_by": deal["active"][1]},
                        format="json",
                    )
                assert confirmed.status_code == 200, confirmed.content
        with capture(execute=True):
            closed = organizer.post(f"{base}rounds/{number}/close/", {"confirm": True}, format="json")
        assert closed.status_code == 200, closed.content
    with capture(execute=True):
        assert organizer.post(f"{base}finish/", {}, format="json").status_code == 200
    return organizer, sizes_by_round


def final_standings(client: APIClient, slug: str) -> dict[str, Any]:
    body = client.get(f"/api/v1/tournaments/{slug}/standings/?page_size=500").json()
    assert body["final"] is True
    return body


def test_a_61_player_cego_at_ichenheim_runs_from_registration_to_final_standings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    fields = {"deals_per_round_3": 2, "deals_per_round_4": 2}
    organizer, sizes = run_tournament("ichenheim", "cego", 61, fields, django_capture_on_commit_callbacks)
    assert sizes == [Counter({3: 19, 4: 1})] * 2  # 17.3/17.4: one 4-table takes the extra player
    tournament = organizer.get("/api/v1/tournaments/ichenheim/").json()
    assert (tournament["game"], tournament["scoring"], tournament["table_sizes"]) == (
        "cego",
        "game_points",
        [3, 4],
    )
    body = final_standings(organizer, "ichenheim")
    rows = body["results"]
    assert len(rows) == 61
    assert sum(row["game_points"] for row in rows) == 0  # plus/minus points: what one wins another pays
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert any(row["game_points"] for row in rows)


def test_a_50_player_talon_at_tables_of_6_and_5_runs_to_final_standings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    fields = {"table_sizes": [6, 5], "rounds_planned": 2, "deals_per_round_5": 2, "deals_per_round_6": 2}
    organizer, sizes = run_tournament("talon-open", "talon", 50, fields, django_capture_on_commit_callbacks)
    assert sizes == [Counter({6: 5, 5: 4})] * 2
    rows = final_standings(organizer, "talon-open")["results"]
    assert len(rows) == 50
    assert sum(row["game_points"] for row in rows) == 0


def test_bled_seeds_round_one_in_three_groups_by_rating_and_ranks_tables_2_1_half(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """16.8: round 1 in three groups by a ranking; table places worth 2 / 1 / 0.5, the score difference
    breaking ties."""
    user = get_user_model().objects.create_user("bled", password="pw-org-12345", is_staff=True)
    organizer = client_with_token(user)
    created = organizer.post(
        "/api/v1/tournaments/",
        {"slug": "bled", "name": "Bled", "starts_on": "2026-12-05", "game": "slovenian"},
        format="json",
    ).json()
    assert created["pairing_methods"][0] == "seeded"
    assert created["table_points_3"] == [2, 1, 0.5]
    assert created["tiebreaks"][:2] == ["total", "game_points"]
    for i in range(12):
        body = {"name": f"Igralec {i:02}", "rating": 2000 - 10 * i, "check_in": True}
        assert organizer.post("/api/v1/tournaments/bled/players/", body, format="json").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post("/api/v1/tournaments/bled/rounds/", {"seed": "bled-1"}, format="json")
    drawn = drawn_round(organizer, accepted).json()
    assert drawn["method"] == "seeded"
    tables = organizer.get("/api/v1/tournaments/bled/rounds/1/tables/").json()["results"]
    for table in tables:
        groups = sorted(int(seat["name"].split()[-1]) // 4 for seat in table["seats"])
        assert groups == [0, 1, 2]
    assert organizer.get("/api/v1/tournaments/bled/rounds/1/verify/").json()["verifies"] is True
