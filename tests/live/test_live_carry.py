"""What a live hand inherits from the earlier hands of its table (``LiveDeal.carry``; issue 34): a table of
Slovenian tarok's ``classic`` preset plays a Klop on three phones, which gives every player a radelc
(pagat "Radelci"). The table's next hand is dealt with them and the phones show them; its record carries
them, and the hand entered for the tournament scores each holder double (the same hand without the carry
pays half)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from engine.games import game
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.live.test_live_api import choose, move
from tournaments.live.models import LiveHand
from tournaments.results.models import Hand, HandSubmission

pytestmark = pytest.mark.django_db(transaction=True)


def klop_if_offered(view: dict[str, Any], rng: random.Random) -> str:
    """A phone that wants a Klop: it takes the Klop when offered, else passes, else opens with the least
    game (16.8 Bled: the first player must open with Trojka), else taps any legal move."""
    codes = [c["code"] for c in view["choices"]]
    for wanted in ("game klop", "pass", "bid trojka"):
        if wanted in codes:
            return wanted
    return choose(view, rng)


def play_hand(client: APIClient, tokens: dict[str, str], number: int, rng: random.Random) -> None:
    """The phones move until hand ``number`` is over."""
    for _ in range(400):
        hand = LiveHand.objects.filter(
            live_table__seats__token=next(iter(tokens.values())), number=number
        ).first()
        if hand is not None and hand.status == LiveHand.Status.FINISHED:
            return
        views = {p: client.get(f"/api/v1/live/seats/{t}/").json()["view"] for p, t in tokens.items()}
        mover = next(p for p, v in views.items() if v and v.get("choices"))
        view = views[mover]
        response = move(client, tokens[mover], view["step"], klop_if_offered(view, rng))
        assert response.status_code == 200, response.json()
    raise AssertionError(f"hand {number} did not end")


def entered_record(table: Any, number: int) -> dict[str, Any]:
    """Hand ``number``'s confirmed entry: the record as entered and the summary the engine read in it."""
    submission = HandSubmission.objects.get(hand__table=table, hand__number=number, status="confirmed")
    assert submission.source == "record"
    return {"record": submission.payload, "summary": game("slovenian").replay(submission.payload).summary}


def test_a_klop_leaves_every_player_a_radelc_that_doubles_the_next_hand() -> None:
    organizer = get_user_model().objects.create_user("org-carry", password="pw-123456789")
    tournament = TournamentFactory(
        game="slovenian", rules_preset="classic", table_sizes=[3], deals_per_round_3=2
    )
    tournament.organizers.add(organizer)
    table = seated_table(tournament, PlayerFactory.create_batch(3), first_dealer="C")
    client = APIClient()
    client.force_authenticate(organizer)
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/tables/1/live/"
    body = client.post(url, {}, format="json").json()
    tokens = {s["position"]: s["token"] for s in body["seats"]}
    phones = APIClient()
    for token in tokens.values():
        phones.get(f"/api/v1/live/seats/{token}/")
    rng = random.Random(7)

    play_hand(phones, tokens, 1, rng)
    first = LiveHand.objects.get(live_table_id=body["id"], number=1)
    assert first.carry == {}
    assert entered_record(table, 1)["summary"]["contract"] == "klop"

    second = LiveHand.objects.get(live_table_id=body["id"], number=2)
    assert second.carry == {"radelci": {"A": 1, "B": 1, "C": 1}}
    shown = phones.get(f"/api/v1/live/seats/{tokens['B']}/").json()["view"]
    assert shown["number"] == 2
    assert shown["radelci"] == {"A": 1, "B": 1, "C": 1}  # the phones show them
    play_hand(phones, tokens, 2, rng)

    second_entry = entered_record(table, 2)
    record = second_entry["record"]
    assert record["carry"] == {"radelci": {"A": 1, "B": 1, "C": 1}}
    assert sorted(second_entry["summary"]["radelci"]) == ["A", "B", "C"]
    entered = Hand.objects.get(table=table, number=2)
    assert entered.status == "confirmed"
    alone = game("slovenian").replay({**record, "carry": {}}).payments
    assert any(alone.values())
    assert {p: entered.payments[p] for p in alone} == {p: 2 * v for p, v in alone.items()}
