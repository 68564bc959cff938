"""The live tables' WebSockets (Django Channels, config/asgi.py): a seat's phone gets its state on
connecting and again after every move, a spectator never a hidden card, an unknown link is refused."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from config.asgi import application
from tests.factories import ClubFactory
from tournaments.live import services as live

pytestmark = pytest.mark.django_db(transaction=True)


def practice_table(players: list[str]) -> Any:
    user = get_user_model().objects.create_user("org", password="pw-123456789")
    club = ClubFactory()
    club.organizers.add(user)
    return live.practice_table_start(club=club, by=user, game_id="hungarian", players=players, hands=1)


async def _connect(path: str) -> tuple[WebsocketCommunicator, Any]:
    headers = [(b"host", b"testserver"), (b"origin", b"http://testserver")]
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await socket.connect()
    return socket, (connected, code)


def test_a_phone_gets_its_seat_on_connecting_and_after_each_move() -> None:
    table = practice_table(["Anna", "Béla"])
    anna, bela = (table.seats.get(position=p) for p in "AB")

    async def scenario() -> list[dict[str, Any]]:
        socket_a, (ok_a, _) = await _connect(f"/ws/live/seats/{anna.token}/?lang=en")
        socket_b, (ok_b, _) = await _connect(f"/ws/live/seats/{bela.token}/?lang=de")
        assert ok_a
        assert ok_b
        first_a = await socket_a.receive_json_from(timeout=5)
        first_b = await socket_b.receive_json_from(timeout=5)
        seen = [first_a, first_b]
        # both phones are there: the table starts and pushes the state again
        while True:
            state = await socket_a.receive_json_from(timeout=5)
            seen.append(state)
            if state["table"]["status"] == "playing":
                break
        await socket_a.disconnect()
        await socket_b.disconnect()
        return seen

    seen = async_to_sync(scenario)()
    assert seen[0]["seat"]["position"] == "A"
    assert seen[1]["seat"]["position"] == "B"
    assert len(seen[0]["view"]["hand"]) == 9
    assert set(seen[0]["view"]["hand"]).isdisjoint(seen[1]["view"]["hand"])
    assert seen[-1]["table"]["status"] == "playing"
    table.refresh_from_db()
    assert all(seat.connections == 0 for seat in table.seats.all())  # both went away again


def test_a_move_over_http_reaches_the_other_phone_at_once() -> None:
    table = practice_table(["Anna", "Béla"])
    live.live_table_begin(table, by=None)
    seats = {s.position: s for s in table.seats.all()}
    client = APIClient()
    states = {p: client.get(f"/api/v1/live/seats/{seats[p].token}/").json() for p in "AB"}
    mover = next((p for p, s in states.items() if s["view"]["choices"]), None)
    if mover is None:
        pytest.skip("a bot moves first on this deal")  # the seed is random: the bots moved up to a person
    other = "B" if mover == "A" else "A"

    async def scenario() -> dict[str, Any]:
        socket, (ok, _) = await _connect(f"/ws/live/seats/{seats[other].token}/")
        assert ok
        before = await socket.receive_json_from(timeout=5)
        from channels.db import database_sync_to_async

        view = states[mover]["view"]
        choice = view["choices"][0]
        code = (
            choice["code"]
            if not choice.get("pick")
            else " ".join([choice["code"], *choice["cards"][: choice["pick"]]])
        )
        await database_sync_to_async(live.live_move)(
            seat=seats[mover], step=view["step"], code=code, idempotency_key=str(uuid.uuid4())
        )
        after = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return {"before": before, "after": after}

    pushed = async_to_sync(scenario)()
    assert pushed["after"]["view"]["step"] > pushed["before"]["view"]["step"]


def test_an_unknown_seat_and_a_stranger_at_a_table_are_refused() -> None:
    table = practice_table(["Anna"])

    async def scenario() -> tuple[Any, Any]:
        _, seat = await _connect("/ws/live/seats/not-a-seat-token-at-all/")
        _, spectator = await _connect(f"/ws/live/tables/{table.pk}/")
        return seat, spectator

    seat, spectator = async_to_sync(scenario)()
    assert seat[0] is False or seat == (True, None)
    assert spectator[0] is False or spectator == (True, None)


def test_the_redis_channel_layer_outlasts_its_own_blocking_read() -> None:
    """A connection's idle wait is the layer's blocking read (5 s); the Redis socket must wait longer, or a
    phone whose player thinks for 5 s is dropped (redis-py 8 reads with a 5 s timeout by default)."""
    from channels_redis.core import RedisChannelLayer
    from channels_redis.utils import create_pool

    from config.settings import channel_layers

    config = channel_layers("redis://127.0.0.1:6379/15")["default"]
    assert config["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    layer = RedisChannelLayer(**config["CONFIG"])  # builds, connects nowhere
    assert create_pool(layer.hosts[0]).connection_kwargs["socket_timeout"] > layer.brpop_timeout
