"""Who moves next when it is not a person: after every change of a live table, the bot's move that is
due next is scheduled (``LIVE_MOVED``'s reaction, config/wiring.py).

With a worker, a task plays it after its delay (``tasks.live_bot_move``; the sweep plays one whose task
was lost). In the embedded default (tasks in-process) a timer thread plays it after the delay, and a
delay of 0 (tests, benchmarks) plays the bots' moves at once, one after another, in the caller.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connections

from tournaments.live import services

logger = logging.getLogger(__name__)

_inline = threading.local()


def schedule(live_table_id: int, send_task: Any) -> None:
    """Schedule the table's next bot move, if one is due sooner or later. ``send_task(hand_id, step,
    delay)`` enqueues the worker's task (None: tasks run in-process)."""
    turn = services.next_bot_turn(live_table_id)
    if turn is None:
        return
    hand_id, step, delay = turn
    if send_task is not None:
        send_task(hand_id, step, delay)
    elif delay <= 0:
        play_inline(live_table_id)
    elif getattr(settings, "LIVE_TIMER_THREADS", True):
        timer = threading.Timer(delay, _in_thread, args=(hand_id, step))
        timer.daemon = True
        timer.start()


def play_inline(live_table_id: int) -> int:
    """Play the table's due bot moves one after another (a move's own reaction asks again: it is told to
    wait for this loop instead of nesting). Returns how many were played."""
    running = getattr(_inline, "tables", None)
    if running is None:
        running = _inline.tables = set()
    if live_table_id in running:
        return 0
    running.add(live_table_id)
    played = 0
    try:
        while True:
            turn = services.next_bot_turn(live_table_id)
            if turn is None or turn[2] > 0:
                break
            if not services.live_bot_move(turn[0], turn[1]):
                break
            played += 1
    finally:
        running.discard(live_table_id)
    if turn is not None and turn[2] > 0:
        schedule(live_table_id, None)  # a later move (a bot's delay, a grace period): a timer
    return played


def _in_thread(hand_id: int, step: int) -> None:
    close_old_connections()
    try:
        services.live_bot_move(hand_id, step)
    except Exception:
        logger.exception("live hand %s step %s: the bot's move failed", hand_id, step)
    finally:
        connections.close_all()
