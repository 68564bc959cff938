"""Live tables in tests: bots move at once, in the test's own thread (no timer threads), and every test
starts with an empty replay cache (as a restarted process would)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tournaments.live import replay


@pytest.fixture(autouse=True)
def _bots_at_once(settings: pytest.FixtureRequest) -> Iterator[None]:
    settings.LIVE_BOT_DELAY_MS = 0
    settings.LIVE_TIMER_THREADS = False
    replay.clear()
    yield
    replay.clear()
