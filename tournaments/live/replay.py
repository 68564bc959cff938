"""A live hand's state, rebuilt from the database by replay (``engine.core.live.replay``).

The database holds each hand's deal and its applied actions; this process keeps the replayed states it
used last so that the next move or view replays nothing (a state is reused only while its step is the
stored one, and brought forward by the stored actions it lacks; one that is ahead of the database, a move
whose transaction rolled back, is thrown away). Restarting the process loses nothing but this cache.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from engine.core.live import LiveDeal, LiveGame
from engine.games import game
from tournaments.core.formats import rules_for
from tournaments.live.models import LiveAction, LiveHand

#: how many hands' states a process keeps (a table plays one hand at a time; a few hundred tables)
CACHE_SIZE = 1024

_cache: OrderedDict[int, Any] = OrderedDict()
#: held while a state is read or moved on: a bot's thread and a request may touch the same hand
lock = threading.RLock()


def live_game(game_id: str) -> LiveGame:
    """The game's live play (``GameDescriptor.live``); ``ValueError`` for a game not played live yet."""
    live = game(game_id).live
    if live is None:
        raise ValueError(f"{game_id} is not played live yet")
    return live


def deal_of(hand: LiveHand, game_id: str) -> LiveDeal:
    """What the engine deals ``hand`` from."""
    rules = hand.rules
    resolved = rules_for(rules.get("preset"), rules.get("options") or {}, {"game": game_id})
    return LiveDeal(
        seed=hand.seed,
        rules=resolved,
        seats=tuple(hand.active),
        stake=hand.stake,
        dealer=hand.dealer,
        carry=hand.carry or {},
    )


def state(hand: LiveHand, game_id: str) -> Any:
    """The engine's hand at ``hand.steps`` (the caller holds ``lock`` while it uses it)."""
    with lock:
        cached = _cache.get(hand.pk)
        if cached is not None and cached.deal.seed != hand.seed:  # another hand of that id (restored data)
            cached = None
        if cached is not None and cached.step == hand.steps:
            _cache.move_to_end(hand.pk)
            return cached
        if cached is None or cached.step > hand.steps:
            cached = live_game(game_id).start(deal_of(hand, game_id))
        codes = LiveAction.objects.filter(hand=hand, step__gte=cached.step).order_by("step")
        for code in codes.values_list("code", flat=True)[: hand.steps - cached.step]:
            cached.apply(code)
        remember(hand.pk, cached)
        return cached


def remember(hand_id: int, engine_hand: Any) -> None:
    """Keep ``engine_hand`` as the state of ``hand_id`` (at its own step)."""
    with lock:
        _cache[hand_id] = engine_hand
        _cache.move_to_end(hand_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget(hand_id: int) -> None:
    """Drop the kept state of ``hand_id`` (a move on it failed half-way)."""
    with lock:
        _cache.pop(hand_id, None)


def clear() -> None:
    """Forget every kept state (tests: a restarted process)."""
    with lock:
        _cache.clear()
