"""The live tables' WebSocket connections (Django Channels): a seat's phone, and a spectator's screen.

Each connection joins its table's group (``push.group``). On connecting, and whenever the table moves,
it sends its own body: a seat its ``seat_state``, a spectator the ``spectator_state`` (never a hidden
card). Moves are not taken here but by the API (``POST .../moves/``), where a retry is idempotent and
the answer is the new state; a phone may ask for its state again with ``{"type": "state"}``.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import connection
from django.utils import translation

from tournaments.live import push, selectors, services
from tournaments.live.models import HEARTBEAT_SECONDS, LiveTable

LANGUAGES = {code for code, _name in settings.LANGUAGES}
#: how many recent changes of a table a process remembers having heard (a burst of moves is shorter)
EVENTS_KEPT = 64

logger = logging.getLogger(__name__)


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
    """This process's beat, every ``HEARTBEAT_SECONDS`` while it holds live connections:

    * the seats whose phones it holds are said to be there, in one UPDATE for them all
      (``services.live_seats_seen``): a count of connections a killed process never counted out then
      expires with its last heartbeat (``LiveSeat.present``);
    * a push lost on the way is made good (``_Reads.heal``): Redis restarted or emptied loses the channel
      layer's groups and the messages under way, and a phone would wait for a move it never hears of;
    * with tasks in-process (the embedded default: no worker, no beat) the bot moves that are overdue are
      played, a timer lost with a restarted server (``services.live_overdue_play``)."""

    held: Counter[int] = Counter()
    task: asyncio.Task[None] | None = None

    @classmethod
    def start(cls) -> None:
        task = cls.task
        if task is None or task.done() or task.get_loop() is not asyncio.get_running_loop():
            cls.task = asyncio.create_task(cls.beat())

    @classmethod
    def hold(cls, seat_id: int) -> None:
        cls.held[seat_id] += 1

    @classmethod
    def release(cls, seat_id: int) -> None:
        cls.held[seat_id] -= 1
        if cls.held[seat_id] <= 0:
            del cls.held[seat_id]

    @classmethod
    async def beat(cls) -> None:
        while cls.held or _Reads.watchers:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                if cls.held:
                    await database_sync_to_async(services.live_seats_seen)(list(cls.held))
                await _Reads.heal()
                if settings.CELERY_TASK_ALWAYS_EAGER:
                    await database_sync_to_async(services.live_overdue_play)()
            except Exception:  # the database or Redis away a moment: the next beat tries again
                logger.exception("live tables: the heartbeat failed")


Progress = tuple[str, int | None, int | None]


class _Reads:
    """One read of a table for all of its connections in this process (``selectors.table_states``): a
    move is pushed to each connection of the table, and each would otherwise read the table again.

    Every change heard (a message's ``event``, first heard by any connection) moves the table's
    generation on; a read started at generation ``g`` began after every change up to ``g`` had committed
    (it is published after its commit), so it serves every connection that needs ``g`` or less. A
    connection that wants the state afresh (connecting, asking) moves the generation on itself."""

    generation: dict[int, int] = {}
    events: dict[int, OrderedDict[str, int]] = {}
    #: (table, language) -> (generation it started at, the read)
    reads: dict[tuple[int, str], tuple[int, asyncio.Task[Any]]] = {}
    #: table -> (generation, how far the table was) of its latest read
    shown: dict[int, tuple[int, Progress | None]] = {}
    watchers: dict[int, set[_LiveConsumer]] = {}

    @classmethod
    def heard(cls, table_id: int, event: Any) -> int:
        """The generation that shows the change ``event`` (a new one the first time it is heard)."""
        known = cls.events.setdefault(table_id, OrderedDict())
        if isinstance(event, str) and event in known:
            return known[event]
        generation = cls.fresh(table_id)
        if isinstance(event, str):
            known[event] = generation
            while len(known) > EVENTS_KEPT:
                known.popitem(last=False)
        return generation

    @classmethod
    def fresh(cls, table_id: int) -> int:
        cls.generation[table_id] = cls.generation.get(table_id, 0) + 1
        return cls.generation[table_id]

    @classmethod
    async def states(cls, table_id: int, language: str, need: int) -> tuple[int, dict[Any, Any] | None]:
        """The table's states at generation ``need`` or later, and the generation they are of."""
        key = (table_id, language)
        current = cls.reads.get(key)
        if current is None or current[0] < need or current[1].get_loop() is not asyncio.get_running_loop():
            current = (cls.generation.get(table_id, 0), asyncio.create_task(_read(table_id, language)))
            cls.reads[key] = current
        generation, read = current
        progress, states = await asyncio.shield(read)
        if generation >= cls.shown.get(table_id, (-1, None))[0]:
            cls.shown[table_id] = (generation, progress)
        return generation, states

    @classmethod
    async def heal(cls) -> None:
        """Draw again the tables whose progress in the database is not what their connections were last
        sent (a push that never came), and say again that the connections belong to their groups (Redis
        lost them if it restarted): one query for all the tables, one group_add a connection."""
        now = await database_sync_to_async(selectors.tables_progress)(list(cls.watchers))
        for table_id, connections in list(cls.watchers.items()):
            if now.get(table_id) != cls.shown.get(table_id, (0, None))[1]:
                generation = cls.fresh(table_id)
                for consumer in list(connections):
                    consumer.need = max(consumer.need, generation)
                    consumer.draw()
            for consumer in list(connections):
                await consumer.channel_layer.group_add(consumer.group_name, consumer.channel_name)

    @classmethod
    def watch(cls, table_id: int, consumer: _LiveConsumer) -> None:
        cls.watchers.setdefault(table_id, set()).add(consumer)
        _Heartbeat.start()

    @classmethod
    def unwatch(cls, table_id: int, consumer: _LiveConsumer) -> None:
        connections = cls.watchers.get(table_id, set())
        connections.discard(consumer)
        if not connections:
            cls.watchers.pop(table_id, None)
            cls.generation.pop(table_id, None)
            cls.events.pop(table_id, None)
            cls.shown.pop(table_id, None)
            for key in [key for key in cls.reads if key[0] == table_id]:
                del cls.reads[key]


async def _read(table_id: int, language: str) -> tuple[Progress | None, dict[Any, Any] | None]:
    # With a pool of connections (DB_POOL, PostgreSQL) the reads run on the loop's threads, each thread
    # borrowing a connection for the read: on channels' one thread for database work they queued behind
    # one another (benchmarks/live_bench.py). Without one they keep that thread: a connection of every
    # thread would stay open (SQLite's in-memory test database and its file lock want one writer anyway).
    pooled = bool(connection.settings_dict.get("OPTIONS", {}).get("pool"))
    read = database_sync_to_async(_states_in_language, thread_sensitive=not pooled)
    return await read(table_id, language)


def _states_in_language(table_id: int, language: str) -> tuple[Progress | None, dict[Any, Any] | None]:
    live_table = selectors.table_read(table_id)
    if live_table is None:
        return None, None
    with translation.override(language):
        return selectors.progress(live_table), selectors.table_states(live_table)


class _LiveConsumer(AsyncJsonWebsocketConsumer):
    table_id = 0
    group_name = ""
    language = "en"
    #: whose state this connection sends: a seat's position, or the spectator's (``selectors.SPECTATOR``)
    key: str | None = selectors.SPECTATOR
    #: the generation this connection must show, and the one it has sent: a table that moves in a burst
    #: (bots at full speed) is sent once for the latest change, not once per move
    need = 0
    sent = 0
    drawing: asyncio.Task[None] | None = None

    async def live_moved(self, event: dict[str, Any]) -> None:
        self.need = max(self.need, _Reads.heard(self.table_id, event.get("event")))
        self.draw()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "state":
            self.need = _Reads.fresh(self.table_id)
            self.draw()

    def draw(self) -> None:
        if self.drawing is None or self.drawing.done():
            self.drawing = asyncio.create_task(self._send_latest())

    async def _send_latest(self) -> None:
        failures = 0
        while self.sent < self.need:
            need = self.need
            try:
                generation, states = await _Reads.states(self.table_id, self.language, need)
            except Exception:  # a failed read (the database away a moment) is tried again, never dropped
                logger.exception("live table %s: reading its state failed", self.table_id)
                failures += 1
                await asyncio.sleep(min(8.0, 0.25 * 2**failures))
                self.need = max(self.need, _Reads.fresh(self.table_id))
                continue
            if states is None or self.key not in states:
                await self.close(code=4404)
                return
            try:
                await self.send_json(states[self.key])
            except Exception:  # the phone went away meanwhile (its disconnect cleans up)
                return
            self.sent = max(generation, need)

    async def join(self, table_id: int) -> None:
        push.server_loop = asyncio.get_running_loop()
        self.table_id = table_id
        self.language = language_of(self.scope)
        self.group_name = await database_sync_to_async(push.group)(table_id)
        await self.channel_layer.group_add(self.group_name, self.channel_name)
        _Reads.watch(table_id, self)
        await self.accept()

    def send_fresh(self) -> None:
        """Send the state as it is now (on connecting)."""
        self.need = _Reads.fresh(self.table_id)
        self.draw()

    async def disconnect(self, code: int) -> None:
        if self.drawing is not None:
            self.drawing.cancel()
        if self.group_name:
            _Reads.unwatch(self.table_id, self)
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
        self.key = self.seat.position
        await self.join(self.seat.live_table_id)
        await database_sync_to_async(services.live_seat_connected)(self.seat, 1)
        _Heartbeat.hold(self.seat.pk)
        self.send_fresh()

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        if self.seat is not None and self.group_name:
            _Heartbeat.release(self.seat.pk)
            await database_sync_to_async(services.live_seat_connected)(self.seat, -1)


class TableConsumer(_LiveConsumer):
    """A spectator's screen (``/ws/live/tables/<id>/``): the organizers, the public where allowed."""

    async def connect(self) -> None:
        table_id = int(self.scope["url_route"]["kwargs"]["live_table_id"])
        allowed = await database_sync_to_async(self._may_watch)(table_id)
        if not allowed:
            await self.close(code=4403)
            return
        await self.join(table_id)
        self.send_fresh()

    def _may_watch(self, table_id: int) -> bool:
        live_table = LiveTable.objects.filter(pk=table_id).first()
        return live_table is not None and selectors.may_watch(self.scope.get("user"), live_table)
