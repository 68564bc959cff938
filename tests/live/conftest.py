"""Live tables in tests: bots move at once, in the test's own thread (no timer threads), and every test
starts with an empty replay cache (as a restarted process would) and a channel layer of its own: each test
runs its sockets on an event loop of its own, and a Redis layer keeps asyncio locks bound to the loop that
first took them (a test's socket closed mid-receive leaves one taken, and the next test's loop may not
wait for it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import channel_layers

from tournaments.live import replay


@pytest.fixture(autouse=True)
def _bots_at_once(settings: pytest.FixtureRequest) -> Iterator[None]:
    settings.LIVE_BOT_DELAY_MS = 0
    settings.LIVE_TIMER_THREADS = False
    replay.clear()
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    yield
    replay.clear()
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
