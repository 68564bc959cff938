"""Changes reach the phones at once: a live table's every move is pushed to its seats' and spectators'
WebSocket connections through Channels' channel layer (Redis in production, so any web process's
connections hear a move that another process or a worker applied; in memory in the embedded default,
where the one server process holds them all). A message says only that the table moved; each connection
then sends its own seat's view, so no message carries a card to a connection that may not see it."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection

logger = logging.getLogger(__name__)

#: the server's event loop, once a connection was opened in this process (the in-memory layer must be
#: used from it: a bot's thread hands its message over instead of opening a loop of its own)
server_loop: asyncio.AbstractEventLoop | None = None


def group(live_table_id: int) -> str:
    """The channel group of a live table's connections; named after the database too, so that two test
    databases (or two sites) on one Redis never hear each other."""
    database = str(connection.settings_dict.get("NAME", ""))
    digest = hashlib.blake2s(database.encode(), digest_size=4).hexdigest()
    return f"live.{digest}.{live_table_id}"


def table_moved(live_table_id: int, hand_id: int | None = None, step: int = 0) -> None:
    """Tell every connection of the table that it moved (after the move committed). ``event`` names this
    change, so that the table's connections in one process read the table once for it (consumers.py)."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "live.moved", "hand": hand_id, "step": step, "event": secrets.token_hex(8)}
    send = _sent(layer, group(live_table_id), message, live_table_id)
    loop = server_loop
    running = _running_loop()
    try:
        if loop is not None and loop.is_running() and running is not loop:
            asyncio.run_coroutine_threadsafe(send, loop)  # a bot's thread, a sync view's thread
        elif running is not None:
            _pending.add(task := running.create_task(send))  # in the loop (or a test's loop's thread)
            task.add_done_callback(_pending.discard)
        else:
            async_to_sync(_awaited)(send)
    except Exception:  # a push that fails never fails the move: the phones poll and reconnect
        send.close()
        logger.exception("live table %s: push failed", live_table_id)


#: pushes under way in a loop (a task nobody holds may be collected before it ran)
_pending: set[asyncio.Task[None]] = set()


async def _sent(layer: Any, name: str, message: dict[str, Any], live_table_id: int) -> None:
    try:
        await layer.group_send(name, message)
    except Exception:  # logged where it failed: the move stands, and the phones reconnect and ask
        logger.exception("live table %s: push failed", live_table_id)


async def _awaited(coroutine: Any) -> None:
    await coroutine


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
