"""The live tables' WebSockets (Django Channels, config/asgi.py): a seat's phone gets its state on
connecting and again after every move, a spectator never a hidden card, an unknown link is refused."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
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
        while not await socket.receive_nothing(timeout=0.3):  # its arrival's frames, until all is quiet
            before = await socket.receive_json_from(timeout=5)

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


def test_the_connections_of_a_table_share_one_read_of_it_per_move(monkeypatch: Any) -> None:
    """Two seats' phones and a spectator's screen hear a move: the table is read once for the three (a
    push per connection would read it once each), and each still gets only its own seat's cards."""
    from tournaments.live import selectors

    table = practice_table(["Anna", "Béla"])
    table.seats.filter(position__in="CD").update(played_by="human")  # four people: no bot moves between
    live.live_table_begin(table, by=None)
    user = get_user_model().objects.get(username="org")
    seats = {s.position: s for s in table.seats.all()}
    reads: list[int] = []
    real_read = selectors.table_read
    monkeypatch.setattr(selectors, "table_read", lambda pk: reads.append(pk) or real_read(pk))

    async def scenario() -> dict[str, Any]:
        sockets = {p: (await _connect(f"/ws/live/seats/{seats[p].token}/?lang=en"))[0] for p in "AB"}
        watcher = WebsocketCommunicator(
            application, f"/ws/live/tables/{table.pk}/?lang=en",
            headers=[(b"host", b"testserver"), (b"origin", b"http://testserver")],
        )  # fmt: skip
        watcher.scope["user"] = user
        assert (await watcher.connect())[0]
        sockets["spectator"] = watcher
        first = {name: await socket.receive_json_from(timeout=5) for name, socket in sockets.items()}
        for name, socket in sockets.items():  # the frames of the others' arrival, until all is quiet
            while not await socket.receive_nothing(timeout=0.3):
                first[name] = await socket.receive_json_from(timeout=5)
        mover = first["A"]["view"]["to_move"]
        view = await database_sync_to_async(selectors.seat_state)(seats[mover])
        choice = view["view"]["choices"][0]
        code = (
            " ".join([choice["code"], *choice["cards"][: choice["pick"]]])
            if choice.get("pick")
            else choice["code"]
        )
        del reads[:]
        await database_sync_to_async(live.live_move)(
            seat=seats[mover], step=view["view"]["step"], code=code, idempotency_key=str(uuid.uuid4())
        )
        after = {name: await socket.receive_json_from(timeout=5) for name, socket in sockets.items()}
        read_for_the_move = list(reads)
        for socket in sockets.values():
            await socket.disconnect()
        return {"after": after, "step": view["view"]["step"], "reads": read_for_the_move}

    seen = async_to_sync(scenario)()
    after = seen["after"]
    assert {body["view"]["step"] for body in after.values()} == {seen["step"] + 1}
    assert seen["reads"] == [table.pk]  # one read for the three connections
    assert after["A"]["seat"]["position"] == "A"
    assert after["B"]["seat"]["position"] == "B"
    assert after["spectator"]["seat"] is None
    assert set(after["A"]["view"]["hand"]).isdisjoint(after["B"]["view"]["hand"])
    assert "hand" not in after["spectator"]["view"] or not after["spectator"]["view"]["hand"]


def test_with_tasks_in_process_the_server_plays_an_overdue_bot_move(settings: Any, monkeypatch: Any) -> None:
    """The embedded default has no beat: the web process that holds a table's phones plays a bot's move
    whose timer was lost (a restarted server), and the phone hears it without asking."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.live import consumers, replay
    from tournaments.live.models import LiveHand

    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.LIVE_BOT_DELAY_MS = 60_000  # the bots wait a minute, and no timer plays them (conftest)
    table = practice_table(["Anna"])
    live.live_table_begin(table, by=None)
    anna = table.seats.get(position="A")
    for _ in range(40):  # Anna plays until a bot is to move
        hand = LiveHand.objects.get(live_table=table, status=LiveHand.Status.PLAYING)
        state = replay.state(hand, table.game)
        if state.to_move() != "A":
            break
        choice = state.choices()[0]
        code = " ".join([choice.code, *choice.cards[: choice.pick]]) if choice.pick else choice.code
        live.live_move(seat=anna, step=hand.steps, code=code, idempotency_key=f"k{hand.steps}")
    waiting_at = hand.steps
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.05)

    async def scenario() -> list[int]:
        socket, (ok, _) = await _connect(f"/ws/live/seats/{anna.token}/")
        assert ok
        steps = [(await socket.receive_json_from(timeout=5))["view"]["step"]]
        # the minute passes while the phone is connected, and the bot's timer is gone
        past = timezone.now() - timedelta(minutes=2)
        await database_sync_to_async(LiveHand.objects.filter(pk=hand.pk).update)(turn_since=past)
        while steps[-1] == waiting_at:
            steps.append((await socket.receive_json_from(timeout=5))["view"]["step"])
        await socket.disconnect()
        return steps

    steps = async_to_sync(scenario)()
    assert steps[0] == waiting_at
    assert steps[-1] == waiting_at + 1  # the bot moved once: the next bot's minute has not passed
    assert LiveHand.objects.get(pk=hand.pk).actions.get(step=waiting_at).by == "bot"


def test_a_push_lost_on_the_way_is_made_good_by_the_next_heartbeat(monkeypatch: Any) -> None:
    """Redis restarted (or emptied) loses the channel layer's groups and the messages under way: the
    phone, still connected, hears nothing of a move. The process's heartbeat compares the table with what
    it last sent, sends the phone its state, and puts the connection back in its group, so that the next
    move is pushed again."""
    from tournaments.live import consumers

    table = practice_table(["Anna", "Béla"])
    table.seats.filter(position__in="CD").update(played_by="human")  # four people: no bot moves between
    live.live_table_begin(table, by=None)
    seats = {s.position: s for s in table.seats.all()}
    monkeypatch.setattr(consumers, "HEARTBEAT_SECONDS", 0.2)

    def first_choice(seat: Any) -> tuple[int, str]:
        from tournaments.live import selectors

        view = selectors.seat_state(seat)["view"]
        choice = view["choices"][0] if view["choices"] else None
        if choice is None:
            return view["step"], ""
        code = choice["code"]
        return view["step"], " ".join([code, *choice["cards"][: choice["pick"]]]) if choice.get(
            "pick"
        ) else code

    def move_of_whoever_is_to_move() -> int:
        for seat in seats.values():
            step, code = first_choice(seat)
            if code:
                live.live_move(seat=seat, step=step, code=code, idempotency_key=str(uuid.uuid4()))
                return step + 1
        raise AssertionError("nobody may move")

    async def scenario() -> tuple[int, int, int, int]:
        socket, (ok, _) = await _connect(f"/ws/live/seats/{seats['A'].token}/?lang=en")
        assert ok
        while not await socket.receive_nothing(timeout=0.5):  # its arrival, until all is quiet
            await socket.receive_json_from(timeout=5)
        for consumer in list(consumers._Reads.watchers[table.pk]):  # Redis lost the group
            await consumer.channel_layer.group_discard(consumer.group_name, consumer.channel_name)
        lost_at = await database_sync_to_async(move_of_whoever_is_to_move)()
        healed = (await socket.receive_json_from(timeout=5))["view"]["step"]  # within a heartbeat
        pushed_at = await database_sync_to_async(move_of_whoever_is_to_move)()
        pushed = (await socket.receive_json_from(timeout=5))["view"]["step"]
        await socket.disconnect()
        return lost_at, healed, pushed_at, pushed

    lost_at, healed, pushed_at, pushed = async_to_sync(scenario)()
    assert healed == lost_at
    assert pushed == pushed_at
