"""The live flow of the matrix (issue 34): for every game the registry plays live (``descriptor.live``),
each of its presets and each table size the preset allows (``tests/matrix/cases.py``), a tournament table
plays a hand through the API as phones do: once with a phone at every seat, once with one phone and bots
at the other seats (rule and random bots in turn). The finished hand is entered as its record, witnessed
by the engine, and the results keep exactly the payments the engine scored."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.live.test_live_api import choose, move, play_to_the_end
from tests.matrix.cases import CASES, Case
from tournaments.live.models import LiveAction, LiveHand
from tournaments.results.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)

LIVE_CASES = [case for case in CASES if case.game.live is not None]


def live_table(case: Case, bots: dict[str, str] | None) -> tuple[Any, dict[str, Any]]:
    """A table of ``case`` in a tournament of one deal a round, made live by its organizer (``bots``: the
    seats bots play); the table and the API's answer."""
    organizer = get_user_model().objects.create_user(f"org-{case.id}", password="pw-123456789")
    tournament = TournamentFactory(
        game=case.game_id,
        rules_preset=case.preset,
        table_sizes=[case.size],
        **{f"deals_per_round_{case.size}": 1},
    )
    tournament.organizers.add(organizer)
    # the last seat deals the first hand: at a table where the dealer sits out, the phone at A plays
    table = seated_table(
        tournament, PlayerFactory.create_batch(case.size), first_dealer="ABCDEF"[case.size - 1]
    )
    client = APIClient()
    client.force_authenticate(organizer)
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/tables/1/live/"
    response = client.post(url, {"bots": bots} if bots else {}, format="json")
    assert response.status_code == 201, response.json()
    return table, response.json()


def check_entered(table: Any, body: dict[str, Any]) -> LiveHand:
    """Hand 1 was entered, and its players' payments are those the engine scored."""
    live_hand = LiveHand.objects.get(live_table_id=body["id"], number=1)
    hand = Hand.objects.get(table=table, number=1)
    assert hand.status == "confirmed"
    # the players of the hand as the engine scored them (a seat sitting out is the results' own business)
    assert {p: hand.payments[p] for p in live_hand.payments} == live_hand.payments
    return live_hand


@pytest.mark.parametrize("case", LIVE_CASES, ids=lambda c: c.id)
def test_a_phone_at_every_seat_plays_a_hand(case: Case) -> None:
    table, body = live_table(case, None)
    tokens = {s["position"]: s["token"] for s in body["seats"]}
    phones = APIClient()
    for token in tokens.values():  # every phone looks in: the table starts by itself
        phones.get(f"/api/v1/live/seats/{token}/")
    play_to_the_end(phones, tokens, random.Random(case.id))
    check_entered(table, body)
    assert not LiveAction.objects.filter(hand__live_table_id=body["id"]).exclude(by="seat").exists()


@pytest.mark.parametrize("case", LIVE_CASES, ids=lambda c: c.id)
def test_one_phone_and_bots_play_a_hand(case: Case) -> None:
    positions = "ABCDEF"[: case.size]
    bots = {p: ("rule", "random")[i % 2] for i, p in enumerate(positions[1:])}
    table, body = live_table(case, bots)
    tokens = {s["position"]: s["token"] for s in body["seats"] if s["played_by"] == "human"}
    assert list(tokens) == ["A"]
    play_to_the_end(APIClient(), tokens, random.Random(case.id))
    live_hand = check_entered(table, body)
    # the bots made every other seat's move (a deal the phone's seat throws in at once has none: the deal
    # is random, so a Talon hand may end at its first move)
    moved = list(live_hand.actions.values_list("seat", "by"))
    assert {by for seat, by in moved if seat != "A"} <= {"bot"}
    assert {by for seat, by in moved if seat == "A"} <= {"seat"}
    assert any(seat != "A" for seat, _by in moved) or len(moved) == 1
    assert live_hand.bot_steps == 0  # no bot's move is left waiting


def test_the_dealer_of_a_five_seat_koenigrufen_table_plays_a_fahren_on_their_phone() -> None:
    """18.11: at a table of five the dealer sits out, but plays a Trischaken (a Fahren) with the talon's
    cards: their phone shows their cards and asks their moves, and the hand is entered with five seats."""
    case = next(c for c in LIVE_CASES if c.game_id == "koenigrufen" and c.size == 5)
    table, body = live_table(case, None)  # E deals: A to D bid
    tokens = {s["position"]: s["token"] for s in body["seats"]}
    phones = APIClient()
    for token in tokens.values():
        phones.get(f"/api/v1/live/seats/{token}/")
    rng = random.Random(5)
    dealer_moves = 0
    for _ in range(200):
        states = {p: phones.get(f"/api/v1/live/seats/{t}/").json() for p, t in tokens.items()}
        if states["A"]["table"]["status"] == "finished":
            break
        mover = states["A"]["view"]["to_move"]
        view = states[mover]["view"]
        codes = [c["code"] for c in view["choices"]]
        if view["phase"] == "play" and mover == "E":
            dealer_moves += 1
            assert states["E"]["sitting_out"] is False
            assert view["hand"], "the dealer's phone shows their cards"
        wanted = ("mein spiel", "pass", "bid trischaken")
        code = next((c for c in wanted if c in codes), None) or choose(view, rng)
        response = move(phones, tokens[mover], view["step"], code)
        assert response.status_code == 200, response.json()
    else:
        raise AssertionError("the hand did not end")
    live_hand = check_entered(table, body)
    assert live_hand.payments.keys() == set("ABCDE")  # the dealer played, and pays or is paid
    assert dealer_moves >= 6  # the talon's six cards
