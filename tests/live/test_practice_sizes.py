"""A club's practice table of every game, preset and table size the registry plays live (issue 34: every
size, not only the game's usual one): started through the API with one person and bots, it seats what was
asked and plays a hand to its end; a size the preset does not seat, or a bad value, is refused naming
``seats`` and stores nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.factories import ClubFactory
from tests.live.test_live_api import play_to_the_end
from tests.matrix.cases import CASES, Case
from tournaments.live.models import LiveHand, LiveTable

pytestmark = pytest.mark.django_db(transaction=True)

LIVE_CASES = [case for case in CASES if case.game.live is not None]


def start(body: dict[str, Any]) -> tuple[Any, APIClient]:
    organizer = get_user_model().objects.create_user(
        f"org-{LiveTable.objects.count()}", password="pw-1234567"
    )
    club = ClubFactory()
    club.organizers.add(organizer)
    client = APIClient()
    client.force_authenticate(organizer)
    return client.post(f"/api/v1/clubs/{club.slug}/practice/", body, format="json"), client


@pytest.mark.parametrize("case", LIVE_CASES, ids=lambda c: c.id)
def test_a_practice_table_of_every_size_deals_its_hand(case: Case) -> None:
    """Seated as asked, hand 1 dealt to the seats the game deals to at that size, and the person's phone
    shows it (the matrix's live flow plays each case's hands to the end at a tournament table)."""
    body = {"game": case.game_id, "preset": case.preset, "seats": case.size, "players": ["Anna"], "hands": 1}
    response, _client = start(body)
    assert response.status_code == 201, response.json()
    table = response.json()
    assert [s["position"] for s in table["seats"]] == list("ABCDEF"[: case.size])
    hand = LiveHand.objects.get(live_table_id=table["id"], number=1)
    assert set(hand.active) <= set("ABCDEF"[: case.size])
    rules = case.game.resolve_rules(case.preset, {})
    assert hand.active == list(case.game.deal(list("ABCDEF"[: case.size]), "A", [], rules).active)
    token = next(s["token"] for s in table["seats"] if s["position"] == "A")
    view = APIClient().get(f"/api/v1/live/seats/{token}/").json()["view"]
    assert view["number"] == 1


def test_a_practice_table_of_six_plays_to_the_end() -> None:
    response, _client = start(
        {"game": "talon", "preset": "standard", "seats": 6, "players": ["Anna", "Béla"], "hands": 1}
    )
    assert response.status_code == 201, response.json()
    tokens = {s["position"]: s["token"] for s in response.json()["seats"] if s["played_by"] == "human"}
    assert list(tokens) == ["A", "B"]
    play_to_the_end(APIClient(), tokens, random.Random(6))
    hand = LiveHand.objects.get(live_table_id=response.json()["id"], number=1)
    assert hand.status == LiveHand.Status.FINISHED
    assert sum(hand.payments.values()) == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "slovenian", "seats": 4}, "seats"),
        ({"game": "cego", "preset": "four_handed", "seats": 3}, "seats"),
        ({"game": "talon", "seats": 7}, "seats"),
        ({"game": "talon", "seats": "6"}, "seats"),
        ({"game": "talon", "seats": True}, "seats"),
        ({"game": "talon", "seats": 10**40}, "seats"),
        ({"game": "talon", "seats": [6]}, "seats"),
        ({"game": "talon", "seats": 2, "players": ["A", "B", "C"]}, "players"),
    ],
)
def test_a_size_the_rules_do_not_seat_is_refused_naming_the_field(body: dict[str, Any], field: str) -> None:
    response, _client = start({"players": ["Anna"], **body})
    assert response.status_code == 400
    assert field in str(response.json())
    assert not LiveTable.objects.exists()


def test_without_seats_the_table_takes_the_size_its_rules_seat() -> None:
    response, _client = start({"game": "cego", "preset": "four_handed", "players": ["Anna"]})
    assert response.status_code == 201, response.json()
    assert len(response.json()["seats"]) == 4  # 17.4: four play; the game's usual table is three
