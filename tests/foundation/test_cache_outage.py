"""A frozen cache costs a table's entry almost nothing (issue 31 §6).

Probed: with Redis frozen (``kill -STOP``: connections are accepted, nothing ever answers) a table's entry
took 2.8 s at the median instead of 0.15 s, because the table codes' throttle read its failure count from
the cache on every request and waited the client's 1 s socket timeout each time. Now every cache call
gives up after ``CACHE_SOCKET_TIMEOUT`` and one failure opens ``config.cache``'s breaker: the calls after it
skip the cache at once (the throttle fails open: a table is never refused because the cache is down).

Each test starts a private ``redis-server`` on a free port (never the machine's), points the site's cache
at it with the project's own options, and freezes it with SIGSTOP.
"""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from config.cache import breaker, cache_count, cache_get, cache_set
from config.celery import broker_breaker
from tests.foundation.conftest import PrivateRedis
from tests.site_data import played_payments, site_tournament
from tournaments import selectors
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.results.models import Hand
from tournaments.standings.models import StandingsState

pytestmark = pytest.mark.django_db

BUDGET_MS = 100  # what a frozen cache may add to an entry's median
ENTRIES = 8  # requests of each kind per phase (a hand entered and confirmed is two)


@pytest.fixture
def organizer_user() -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("organizer", password="pw-org-12345")


@pytest.fixture
def cache_at(settings: Any, private_redis: PrivateRedis) -> Iterator[PrivateRedis]:
    """The site's cache and broker on the private Redis (as ``REDIS_URL`` does in production: tasks are
    published, not run here), the cache with the options production uses; the breakers closed."""
    from tests.foundation.test_broker_outage import broker_at

    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": private_redis.url,
            "OPTIONS": settings.CACHE_REDIS_OPTIONS,
        }
    }
    breaker.reset()
    broker_breaker.reset()
    try:
        with broker_at(private_redis.url):
            yield private_redis
    finally:
        private_redis.thaw()
        breaker.reset()
        broker_breaker.reset()


def _table(organizer: Any) -> tuple[Table, Table]:
    """(a 4-table, the 5-table) of round 2 of the site's tournament, in play, nothing entered."""
    cup = site_tournament(organizer)
    Tournament.objects.filter(pk=cup.pk).update(deals_per_round_4=16, deals_per_round_5=16)
    tables = list(Round.objects.get(tournament=cup, number=2).tables.all())
    return (
        next(t for t in tables if t.seats.count() == 4),
        next(t for t in tables if t.seats.count() == 5),
    )


class Entries:
    """A table's phones entering hands one after the other, each request timed (ms) by kind."""

    def __init__(self, api_table: Table, phone_table: Table, on_commit: Any) -> None:
        self.api_table, self.phone_table = api_table, phone_table
        self.on_commit = on_commit  # what a request sends once it commits (the standings' refresh) is sent
        self.code = selectors.active_table_code(api_table)
        self.api = APIClient()
        self.api.credentials(HTTP_X_TABLE_CODE=self.code)
        self.phone_code = selectors.active_table_code(phone_table)
        self.phones = {seat: self._seated(seat) for seat in ("B", "C")}
        self.api_hand = self.phone_hand = 1
        self.times: dict[str, list[float]] = {}

    def _seated(self, position: str) -> Client:
        phone = Client()
        slug = self.phone_table.round.tournament.slug
        url = reverse("tournaments:entry-seat", kwargs={"slug": slug, "code": self.phone_code})
        assert phone.post(url, {"position": position}).status_code == 302
        return phone

    def _timed(self, kind: str, status: int, send: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        start = time.perf_counter()
        with self.on_commit(execute=True):
            response = send(*args, **kwargs)
        self.times.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
        assert response.status_code == status, (kind, response.status_code, response.content[:300])

    def run(self, count: int) -> dict[str, float]:
        """``count`` of each kind: the API entry (seat B enters, seat C confirms), the phone's table page,
        the phone's payments form (seat B, then C); the median of each, in ms."""
        self.times = {}
        slug = self.api_table.round.tournament.slug
        page = reverse("tournaments:entry-table", kwargs={"slug": slug, "code": self.phone_code})
        for i in range(count):
            seat = "BC"[i % 2]
            hands = f"/api/v1/tournaments/{slug}/rounds/2/tables/{self.api_table.number}/hands/"
            body = {"entered_by": seat, "payments": played_payments(self.api_table, self.api_hand)}
            status = 201 if seat == "B" else 200
            self._timed(
                "API entry", status, self.api.post, f"{hands}{self.api_hand}/submissions/", body, "json"
            )
            self._timed("phone page", 200, self.phones["B"].get, page)
            where = {"slug": slug, "code": self.phone_code, "number": self.phone_hand, "source": "payments"}
            form = {"kind": "played", "action": "save", "idem": f"h{self.phone_hand}{seat}"}
            payments = played_payments(self.phone_table, self.phone_hand)
            form |= {f"pay_{p}": str(v) for p, v in payments.items()}
            self._timed(
                "phone entry",
                302,
                self.phones[seat].post,
                reverse("tournaments:entry-hand", kwargs=where),
                form,
            )
            if seat == "C":
                self.api_hand += 1
                self.phone_hand += 1
        return {kind: statistics.median(times) for kind, times in self.times.items()}


def test_a_frozen_redis_adds_under_100_ms_to_a_tables_entries(
    cache_at: PrivateRedis,
    organizer_user: Any,
    django_capture_on_commit_callbacks: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    api_table, phone_table = _table(organizer_user)
    entries = Entries(api_table, phone_table, django_capture_on_commit_callbacks)
    entries.run(2)  # warm: the first requests build templates and connections
    healthy = entries.run(ENTRIES)
    assert cache_get(f"api:table-code-failures:127.0.0.1:{int(time.time()) // 60}") is None  # Redis answers
    # no worker can run while Redis is frozen: the standings have been stale a while, unattended, so each
    # confirmation publishes their refresh again (tournaments/standings/services.py, NUDGE_AFTER)
    StandingsState.objects.update(stale_since=timezone.now() - timedelta(hours=1), claimed_until=None)
    cache_at.freeze()
    with caplog.at_level(logging.WARNING, logger="config.celery"):
        frozen = entries.run(ENTRIES)
    overhead = {kind: round(frozen[kind] - healthy[kind]) for kind in healthy}
    assert all(extra < BUDGET_MS for extra in overhead.values()), (overhead, healthy, frozen)
    unsent = [r for r in caplog.records if "tournaments.standings_refresh" in r.getMessage()]
    if connection.vendor == "postgresql":
        # each confirmation tried to publish the standings' refresh (on SQLite the "unattended" nudge of
        # standings_mark_stale does not fire: its UPDATE ... RETURNING reads claimed_until IS NULL as NULL)
        assert len(unsent) == ENTRIES, [r.getMessage() for r in caplog.records]  # the API's and the phone's
    # every entry was saved: seat B's entries and seat C's confirmations, on both tables
    confirmed = Hand.objects.filter(table__in=[api_table, phone_table], status=Hand.Status.CONFIRMED)
    assert confirmed.count() == 2 * (1 + 2 * (ENTRIES // 2))  # warm-up, healthy, frozen


def test_the_breaker_skips_a_frozen_cache_then_finds_it_again(cache_at: PrivateRedis, settings: Any) -> None:
    settings.CACHE_OUTAGE_SKIP_SECONDS = 0.5
    cache_set("k", "before")
    assert cache_get("k") == "before"
    cache_at.freeze()
    start = time.perf_counter()
    assert cache_get("k", "missed") == "missed"  # waits the socket timeout once
    first = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(50):
        assert cache_get("k", "missed") == "missed"
        cache_set("k", "dropped")
        cache_count("counter", 60)
    skipped = time.perf_counter() - start
    assert first < settings.CACHE_SOCKET_TIMEOUT * 3, first
    assert skipped < 0.05, skipped  # 150 calls without touching Redis
    cache_at.thaw()
    time.sleep(0.6)  # the breaker's pause is over: the next call tries Redis, and it answers
    assert cache_get("k") == "before"  # the writes during the outage were dropped, not queued
    cache_count("counter", 60)
    assert cache_get("counter") == 1


def test_the_table_code_throttle_fails_open_while_the_cache_is_frozen(
    cache_at: PrivateRedis, organizer_user: Any, settings: Any
) -> None:
    """Decision: a table is never refused because the cache is down; once it is back, wrong codes count."""
    settings.API_TABLE_CODE_FAILURES_PER_MINUTE = 2
    settings.CACHE_OUTAGE_SKIP_SECONDS = 0.5
    api_table, _ = _table(organizer_user)
    start_url = reverse("tournaments:entry", kwargs={"slug": "cup"})
    phone = Client()
    cache_at.freeze()
    for _ in range(4):
        assert phone.get(start_url, {"code": "WRONG1"}).status_code == 404  # not counted
    right = phone.get(start_url, {"code": selectors.active_table_code(api_table)})
    assert right.status_code == 302  # the right code still opens the table
    cache_at.thaw()
    time.sleep(0.6)
    for _ in range(2):
        assert phone.get(start_url, {"code": "WRONG1"}).status_code == 404
    assert phone.get(start_url, {"code": selectors.active_table_code(api_table)}).status_code == 429
