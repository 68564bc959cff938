"""Live tables through the API, as phones use it: a practice table of one person and three bots, a
tournament table of four people, stale and repeated moves, bots for a seat, the hand entered."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory, TournamentFactory, seated_table
from tournaments.live.models import LiveAction, LiveHand, LiveTable
from tournaments.results.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A legal move from a seat's view, as a phone would tap it."""
    choice = rng.choice(view["choices"])
    if choice.get("pick"):
        return " ".join([choice["code"], *rng.sample(choice["cards"], choice["pick"])])
    return choice["code"]


def move(client: APIClient, token: str, step: int, code: str, key: str | None = None) -> Any:
    return client.post(
        f"/api/v1/live/seats/{token}/moves/",
        {"step": step, "code": code},
        format="json",
        headers={"Idempotency-Key": key or str(uuid.uuid4())},
    )


@pytest.fixture
def organizer() -> Any:
    return get_user_model().objects.create_user("org", password="pw-123456789")


def practice(organizer: Any, players: list[str]) -> dict[str, Any]:
    club = ClubFactory()
    club.organizers.add(organizer)
    client = APIClient()
    client.force_authenticate(organizer)
    response = client.post(
        f"/api/v1/clubs/{club.slug}/practice/",
        {"game": "hungarian", "players": players, "hands": 2},
        format="json",
    )
    assert response.status_code == 201, response.json()
    return response.json()


def play_to_the_end(client: APIClient, tokens: dict[str, str], rng: random.Random) -> None:
    """Each person's phone moves when its view offers choices, until the table has played its hands
    (bots move in between, in the worker: here at once, in-process). A move's answer is the mover's
    new state, which names the seat to move next."""
    state = client.get(f"/api/v1/live/seats/{next(iter(tokens.values()))}/").json()
    for _ in range(1000):
        if state["table"]["status"] == "finished":
            return
        mover = (state["view"] or {}).get("to_move")
        if mover is None and (state["view"] or {}).get("phase") == "annul":  # the asked seat is not named
            asked = [
                p
                for p, t in tokens.items()
                if client.get(f"/api/v1/live/seats/{t}/").json()["view"]["choices"]
            ]
            assert len(asked) == 1, asked
            mover = asked[0]
        assert mover in tokens, f"a bot's turn is left undone: {mover}: {state}"
        view = client.get(f"/api/v1/live/seats/{tokens[mover]}/").json()["view"]
        response = move(client, tokens[mover], view["step"], choose(view, rng))
        assert response.status_code == 200, response.json()
        state = response.json()
    raise AssertionError("the hands did not end")


def test_one_person_and_three_bots_play_a_practice_table(organizer: Any) -> None:
    body = practice(organizer, ["Anna"])
    tokens = {s["position"]: s["token"] for s in body["seats"] if s["played_by"] == "human"}
    assert list(tokens) == ["A"]
    assert [s["played_by"] for s in body["seats"]] == ["human", "bot", "bot", "bot"]
    client = APIClient()
    play_to_the_end(client, tokens, random.Random(1))
    live_table = LiveTable.objects.get(pk=body["id"])
    assert live_table.status == "finished"
    hands = list(live_table.hands.all())
    assert [h.number for h in hands] == [1, 2]
    for hand in hands:
        assert sum(hand.payments.values()) == 0 or hand.kind != "played"
        assert hand.actions.filter(by="bot").exists()
    state = client.get(f"/api/v1/live/seats/{tokens['A']}/").json()
    assert [row["number"] for row in state["table"]["score"]] == [1, 2]


def test_four_people_play_a_tournament_table_and_each_hand_is_entered(organizer: Any) -> None:
    tournament = TournamentFactory(game="hungarian", rules_preset="tournament", deals_per_round_4=2)
    tournament.organizers.add(organizer)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    client = APIClient()
    client.force_authenticate(organizer)
    response = client.post(
        f"/api/v1/tournaments/{tournament.slug}/rounds/1/tables/1/live/", {}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    tokens = {s["position"]: s["token"] for s in body["seats"]}
    assert client.post(f"/api/v1/live/tables/{body['id']}/begin/").status_code == 200
    play_to_the_end(APIClient(), tokens, random.Random(2))
    entered = list(Hand.objects.filter(table=table).order_by("number"))
    assert [(h.number, h.status) for h in entered] == [(1, "confirmed"), (2, "confirmed")]
    for hand in entered:
        live_hand = LiveHand.objects.get(live_table_id=body["id"], number=hand.number)
        submission = hand.submissions.get()
        assert submission.source == "record"
        assert live_hand.submission_id == submission.pk
        assert hand.payments == live_hand.payments


def test_a_stale_or_repeated_move_changes_nothing(organizer: Any) -> None:
    body = practice(organizer, ["Anna", "Béla"])
    tokens = {s["position"]: s["token"] for s in body["seats"] if s["played_by"] == "human"}
    client = APIClient()
    for token in tokens.values():  # both phones connect: the table starts
        client.get(f"/api/v1/live/seats/{token}/")
    assert LiveTable.objects.get(pk=body["id"]).status == "playing"
    hand = LiveHand.objects.get(live_table_id=body["id"])
    states = {p: client.get(f"/api/v1/live/seats/{t}/").json() for p, t in tokens.items()}
    mover = next(p for p, s in states.items() if s["view"]["choices"])
    view = states[mover]["view"]
    code = choose(view, random.Random(3))
    key = str(uuid.uuid4())
    first = move(client, tokens[mover], view["step"], code, key)
    assert first.status_code == 200
    steps = LiveAction.objects.filter(hand=hand).count()
    again = move(client, tokens[mover], view["step"], code, key)  # the same request, retried
    assert again.status_code == 200
    stale = move(client, tokens[mover], view["step"], code)  # a second tap, a new key: the hand moved on
    assert stale.status_code == 409
    assert [error["field"] for error in stale.json()["errors"]] == ["step"]
    assert LiveAction.objects.filter(hand=hand).count() == steps
