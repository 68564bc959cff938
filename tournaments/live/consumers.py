"""The live tables' WebSocket connections (Django Channels): a seat's phone, and a spectator's screen.

Each connection joins its table's group (``push.group``). On connecting, and whenever the table moves,
it sends its own body: a seat its ``seat_state``, a spectator the ``spectator_state`` (never a hidden
card). Moves are not taken here but by the API (``POST .../moves/``), where a retry is idempotent and
the answer is the new state; a phone may ask for its state again with ``{"type": "state"}``.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation

from tournaments.live import push, selectors, services
from tournaments.live.models import HEARTBEAT_SECONDS, LiveTable

LANGUAGES = {code for code, _name in settings.LANGUAGES}


def language_of(scope: dict[str, Any]) -> str:
    """The reader's language: ``?lang=``, the site's language cookie, then the browser's first choice."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header: as if there were none
        cookie = SimpleCookie()
    wanted = [
        *(query.get("lang") or []),
        cookie[settings.LANGUAGE_COOKIE_NAME].value if settings.LANGUAGE_COOKIE_NAME in cookie else "",
        *(part.split(";")[0].strip()[:2] for part in headers.get("accept-language", "").split(",")),
    ]
    return next((lang for lang in wanted if lang in LANGUAGES), settings.LANGUAGE_CODE[:2])


class _Heartbeat:
    """The seats whose phones this process holds, said to be there every ``HEARTBEAT_SECONDS`` in one
    UPDATE for them all (``services.live_seats_seen``): a count of connections a killed process never
    counted out then expires with its last heartbeat (``LiveSeat.present``)."""

    held: Counter[int] = Counter()
    task: asyncio.Task[None] | None = None

    @classmethod
    def hold(cls, seat_id: int) -> None:
        cls.held[seat_id] += 1
        task = cls.task
        if task is None or task.done() or task.get_loop() is not asyncio.get_running_loop():
            cls.task = asyncio.create_task(cls.beat())

    @classmethod
    def release(cls, seat_id: int) -> None:
        cls.held[seat_id] -= 1
        if cls.held[seat_id] <= 0:
            del cls.held[seat_id]

    @classmethod
    async def beat(cls) -> None:
        while cls.held:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            if cls.held:
                await database_sync_to_async(services.live_seats_seen)(list(cls.held))


class _LiveConsumer(AsyncJsonWebsocketConsumer):
    group_name = ""
    language = "en"
    #: a table that moves in a burst (bots at full speed) is drawn once for the latest step, not per move
    stale = False
    drawing: asyncio.Task[None] | None = None

    async def live_moved(self, event: dict[str, Any]) -> None:
        self.stale = True
        if self.drawing is None or self.drawing.done():
            self.drawing = asyncio.create_task(self._send_latest())

    async def _send_latest(self) -> None:
        while self.stale:
            self.stale = False
            await self.send_state()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "state":
            await self.send_state()

    async def send_state(self) -> None:
        body = await database_sync_to_async(self._state_in_language)()
        if body is None:
            await self.close(code=4404)
            return
        await self.send_json(body)

    def _state_in_language(self) -> dict[str, Any] | None:
        with translation.override(self.language):
            return self.state()

    def state(self) -> dict[str, Any] | None:
        raise NotImplementedError

    async def join(self, live_table_id: int) -> None:
        push.server_loop = asyncio.get_running_loop()
        self.language = language_of(self.scope)
        self.group_name = await database_sync_to_async(push.group)(live_table_id)
        await self.channel_layer.group_add(self.group_name, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.drawing is not None:
            self.drawing.cancel()
        if self.group_name:
            await self.channel_layer.group_discard(self.group_name, self.channel_name)


class SeatConsumer(_LiveConsumer):
    """A phone holding a seat (``/ws/live/seats/<token>/``): while it is connected the seat is there."""

    seat: Any = None

    async def connect(self) -> None:
        token = self.scope["url_route"]["kwargs"]["token"]
        self.seat = await database_sync_to_async(services.live_seat_by_token)(token)
        if self.seat is None:
            await self.close(code=4404)
            return
        await self.join(self.seat.live_table_id)
        await database_sync_to_async(services.live_seat_connected)(self.seat, 1)
        _Heartbeat.hold(self.seat.pk)
        await self.send_state()

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        if self.seat is not None and self.group_name:
            _Heartbeat.release(self.seat.pk)
            await database_sync_to_async(services.live_seat_connected)(self.seat, -1)

    def state(self) -> dict[str, Any] | None:
        seat = services.live_seat_by_token(self.seat.token)
        return None if seat is None else selectors.seat_state(seat)


class TableConsumer(_LiveConsumer):
    """A spectator's screen (``/ws/live/tables/<id>/``): the organizers, the public where allowed."""

    live_table_id = 0

    async def connect(self) -> None:
        self.live_table_id = int(self.scope["url_route"]["kwargs"]["live_table_id"])
        allowed = await database_sync_to_async(self._may_watch)()
        if not allowed:
            await self.close(code=4403)
            return
        await self.join(self.live_table_id)
        await self.send_state()

    def _may_watch(self) -> bool:
        live_table = LiveTable.objects.filter(pk=self.live_table_id).first()
        return live_table is not None and selectors.may_watch(self.scope.get("user"), live_table)

    def state(self) -> dict[str, Any] | None:
        live_table = LiveTable.objects.filter(pk=self.live_table_id).first()
        return None if live_table is None else selectors.spectator_state(live_table)
