"""Webhooks through the services and tasks, posted to a real HTTP receiver on a loopback port.

The receiver (``http.server`` in a thread) records every request and answers with the statuses a test
queues (200 when none is queued). Retries are driven by moving ``next_attempt_at`` into the past, never
by sleeping.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.factories import PlayerFactory, TournamentFactory
from tournaments import services, tasks
from tournaments.draw.models import Round
from tournaments.results.models import Dispute
from tournaments.standings.models import StandingsState
from tournaments.webhooks import services as webhooks
from tournaments.webhooks.models import WebhookDelivery, WebhookSubscription

pytestmark = pytest.mark.django_db


# --- the receiver --------------------------------------------------------------------------------------


@dataclass
class Received:
    path: str
    headers: Message
    body: bytes

    def json(self) -> dict[str, Any]:
        return json.loads(self.body)


@dataclass
class Receiver:
    url: str
    requests: list[Received] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)  # statuses to answer, in order; then 200
    delay: float = 0.0  # seconds to wait before answering

    def events(self) -> list[str]:
        return [r.headers["X-Tarokk-Event"] for r in self.requests]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """An HTTP server on a free loopback port, stopped (and its thread joined) after the test."""
    state = Receiver(url="")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with lock:
                state.requests.append(Received(self.path, self.headers, body))
                code = state.answers.pop(0) if state.answers else 200
            if state.delay:
                time.sleep(state.delay)
            self.send_response(code)
            if 300 <= code < 400:
                self.send_header("Location", "/elsewhere")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

    class Server(ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request: Any, client_address: Any) -> None:  # a client that timed out
            pass

    server = Server(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hooks/tarokk"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --- fixtures --------------------------------------------------------------------------------------------


@pytest.fixture
def organizer() -> Any:
    return get_user_model().objects.create_user("organizer")


@pytest.fixture
def tournament(organizer: Any) -> Any:
    tournament = TournamentFactory(slug="hooks-cup", deals_per_round_4=1, deals_per_round_5=1)
    tournament.organizers.add(organizer)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True)
    return tournament


def subscribe(tournament: Any, organizer: Any, url: str, events: Any = None) -> WebhookSubscription:
    return services.webhook_subscribe(tournament, url, events, by=organizer)


def pending_delivery(subscription: WebhookSubscription, event: str = "round.published") -> WebhookDelivery:
    """A delivery whose task was never sent (its transaction's on-commit callbacks do not run here)."""
    return services.event_publish(subscription.tournament, event, {"round": 1})[0]


def make_due(delivery: WebhookDelivery, ago: timedelta = timedelta(seconds=1)) -> None:
    WebhookDelivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now() - ago)


def published_round(tournament: Any, captured: Any) -> Round:
    round_ = services.round_generate(tournament, seed="hooks")
    services.round_confirm(round_)
    with captured(execute=True):
        services.round_publish(round_)
    return round_


def seat(table: Any, position: str) -> Any:
    return table.seats.get(position=position).player


def pays(a: int) -> dict[str, Any]:
    return {"payments": {"A": a, "B": -a, "C": a, "D": -a}}


# --- signing and delivery ------------------------------------------------------------------------------


def test_it_posts_a_signed_json_event_with_a_fresh_timestamp(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    subscription = subscribe(tournament, organizer, receiver.url, ["round.published"])
    published_round(tournament, django_capture_on_commit_callbacks)

    [request] = receiver.requests
    assert request.path == "/hooks/tarokk"
    assert request.headers["Content-Type"] == "application/json"
    timestamp = request.headers["X-Tarokk-Timestamp"]
    assert abs(int(timestamp) - time.time()) < 60
    expected = hmac.new(
        subscription.secret.encode(), timestamp.encode() + b"." + request.body, hashlib.sha256
    ).hexdigest()
    assert hmac.compare_digest(request.headers["X-Tarokk-Signature"], f"sha256={expected}")
    delivery = WebhookDelivery.objects.get()
    assert request.headers["X-Tarokk-Delivery"] == str(delivery.uuid)
    assert request.headers["X-Tarokk-Event"] == "round.published"
    body = request.json()
    assert body["id"] == str(delivery.uuid)
    assert body["event"] == "round.published"
    assert body["data"] == {
        "tournament": "hooks-cup",
        "round": 1,
        "status": "published",
        "url": "/api/v1/tournaments/hooks-cup/rounds/1/",
    }
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 1, 200)
    assert delivery.delivered_at is not None


def test_it_signs_with_each_subscriptions_own_secret(tournament, organizer, receiver) -> None:
    first = subscribe(tournament, organizer, receiver.url)
    second = subscribe(tournament, organizer, receiver.url + "/second")
    assert first.secret != second.secret
    assert len(first.secret) >= 64
    for delivery in services.event_publish(tournament, "round.closed", {"round": 1}):
        services.delivery_attempt(delivery.pk)
    by_path = {r.path: r for r in receiver.requests}
    for subscription, path in ((first, "/hooks/tarokk"), (second, "/hooks/tarokk/second")):
        request = by_path[path]
        timestamp = request.headers["X-Tarokk-Timestamp"]
        assert request.headers["X-Tarokk-Signature"] == webhooks.sign(
            subscription.secret, timestamp, request.body
        )
        assert request.headers["X-Tarokk-Signature"] != webhooks.sign(
            "another secret", timestamp, request.body
        )


def test_it_retries_with_backoff_after_a_500_and_then_delivers(tournament, organizer, receiver) -> None:
    subscription = subscribe(tournament, organizer, receiver.url)
    delivery = pending_delivery(subscription)
    receiver.answers = [500]

    before = timezone.now()
    assert services.delivery_attempt(delivery.pk) == "retry"
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("pending", 1, 500)
    assert "HTTP 500" in delivery.last_error
    first_wait = (delivery.next_attempt_at - before).total_seconds()
    assert webhooks.BACKOFF_BASE_SECONDS / 2 - 1 <= first_wait <= webhooks.BACKOFF_BASE_SECONDS + 1

    assert services.delivery_attempt(delivery.pk) == "skipped"  # not due yet: nothing is posted
    assert len(receiver.requests) == 1

    make_due(delivery)
    assert services.delivery_attempt(delivery.pk) == "delivered"
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code, delivery.last_error) == (
        "delivered",
        2,
        200,
        "",
    )
    first, second = receiver.requests
    assert first.headers["X-Tarokk-Delivery"] == second.headers["X-Tarokk-Delivery"]  # the idempotency id
    assert first.body == second.body


def test_it_grows_the_backoff_exponentially_with_jitter_up_to_a_cap() -> None:
    base = webhooks.BACKOFF_BASE_SECONDS
    for attempts in range(1, 12):
        full = min(base * 2 ** (attempts - 1), webhooks.BACKOFF_MAX_SECONDS)
        delays = {webhooks.backoff_delay(attempts) for _ in range(20)}
        assert all(full / 2 <= d <= full for d in delays)
        assert len(delays) > 1  # jittered


def test_it_marks_a_delivery_failed_after_the_last_attempt(tournament, organizer, receiver, settings) -> None:
    settings.WEBHOOKS_MAX_ATTEMPTS = 3
    subscription = subscribe(tournament, organizer, receiver.url)
    delivery = pending_delivery(subscription)
    receiver.answers = [500, 503, 502, 500]
    outcomes = []
    for _ in range(3):
        outcomes.append(services.delivery_attempt(delivery.pk))
        make_due(delivery)
    assert outcomes == ["retry", "retry", "failed"]
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("failed", 3, 502)
    assert services.delivery_attempt(delivery.pk) == "skipped"
    assert tasks.webhooks_sweep.apply().get() == 0
    assert len(receiver.requests) == 3


def test_it_records_a_refused_connection_and_a_timeout_as_failed_attempts(
    tournament, organizer, receiver, settings
) -> None:
    settings.WEBHOOKS_TIMEOUT_SECONDS = 0.3
    receiver.delay = 1.0
    slow = pending_delivery(subscribe(tournament, organizer, receiver.url))
    assert services.delivery_attempt(slow.pk) == "retry"
    slow.refresh_from_db()
    assert "timed out" in slow.last_error
    assert slow.last_status_code is None
    services.webhook_deactivate(slow.subscription, by=organizer)

    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}/"
    refused = pending_delivery(subscribe(tournament, organizer, closed))
    assert services.delivery_attempt(refused.pk) == "retry"
    refused.refresh_from_db()
    assert "refused" in refused.last_error.lower()


def test_it_does_not_follow_a_redirect(tournament, organizer, receiver) -> None:
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    receiver.answers = [302]
    assert services.delivery_attempt(delivery.pk) == "retry"
    delivery.refresh_from_db()
    assert delivery.last_status_code == 302
    assert [r.path for r in receiver.requests] == ["/hooks/tarokk"]  # /elsewhere never asked


def test_it_posts_nothing_while_deliveries_are_switched_off(
    tournament, organizer, receiver, settings
) -> None:
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    settings.WEBHOOKS_DELIVERY_ENABLED = False
    assert services.delivery_attempt(delivery.pk) == "skipped"
    assert receiver.requests == []
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("pending", 0)


# --- one poster at a time ------------------------------------------------------------------------------


def test_it_lets_only_one_of_two_workers_that_read_the_same_delivery_claim_it(
    tournament, organizer, receiver
) -> None:
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    now = timezone.now()
    seen_by_a = WebhookDelivery.objects.get(pk=delivery.pk)
    seen_by_b = WebhookDelivery.objects.get(pk=delivery.pk)
    assert webhooks._claim(seen_by_a, now) is True
    assert webhooks._claim(seen_by_b, now) is False
    delivery.refresh_from_db()
    assert delivery.attempts == 1
    assert delivery.next_attempt_at == now + webhooks.CLAIM_LEASE


def test_it_posts_once_when_a_second_worker_runs_between_the_first_ones_read_and_claim(
    tournament, organizer, receiver, monkeypatch
) -> None:
    """Worker A reads the due delivery; before A claims it, worker B runs the whole task (reads, claims,
    posts). A's compare-and-set then matches no row: one POST in all."""
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    real_claim = webhooks._claim
    outcomes: list[tuple[str, str]] = []
    b_ran: list[bool] = []

    def claim_after_b(seen: WebhookDelivery, now: Any) -> bool:
        if not b_ran:  # worker A is here, holding its read: worker B runs now, start to end
            b_ran.append(True)
            outcomes.append(("B", services.delivery_attempt(delivery.pk)))
        return real_claim(seen, now)

    monkeypatch.setattr(webhooks, "_claim", claim_after_b)
    outcomes.append(("A", services.delivery_attempt(delivery.pk)))
    assert outcomes == [("B", "delivered"), ("A", "skipped")]
    assert len(receiver.requests) == 1
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("delivered", 1)


def test_it_does_not_post_a_delivery_again_while_its_claim_holds(tournament, organizer, receiver) -> None:
    """A claimed delivery whose worker died mid-post is not taken by another before the lease ends."""
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    assert webhooks._claim(delivery, timezone.now())  # a worker claimed it, then died
    assert services.delivery_attempt(delivery.pk) == "skipped"
    assert webhooks.webhooks_due() == []
    make_due(delivery)  # the lease has run out
    assert webhooks.webhooks_due() == [delivery.pk]
    assert services.delivery_attempt(delivery.pk) == "delivered"
    delivery.refresh_from_db()
    assert delivery.attempts == 2
    assert len(receiver.requests) == 1


# --- the sweep and the tasks -----------------------------------------------------------------------------


def test_it_sweeps_due_deliveries_whose_task_was_lost(tournament, organizer, receiver) -> None:
    subscription = subscribe(tournament, organizer, receiver.url)
    lost = [pending_delivery(subscription, event) for event in ("round.published", "round.closed")]
    fresh = pending_delivery(subscription, "dispute.opened")  # its own task is on its way: left alone
    assert webhooks.webhooks_due() == []
    for n, delivery in enumerate(lost):
        make_due(delivery, webhooks.FIRST_ATTEMPT_GRACE + timedelta(seconds=10 - n))
    later = pending_delivery(subscription, "standings.updated")
    WebhookDelivery.objects.filter(pk=later.pk).update(
        attempts=1, next_attempt_at=timezone.now() + timedelta(minutes=5)
    )  # a retry, not yet due
    assert webhooks.webhooks_due() == [d.pk for d in lost]

    assert tasks.webhooks_sweep.apply().get() == 2
    assert sorted(receiver.events()) == ["round.closed", "round.published"]
    statuses = dict(WebhookDelivery.objects.values_list("event", "status"))
    assert statuses == {
        "round.published": "delivered",
        "round.closed": "delivered",
        "dispute.opened": "pending",
        "standings.updated": "pending",
    }
    assert tasks.webhooks_sweep.apply().get() == 0  # nothing due: a rerun does nothing
    make_due(later)  # its retry's time has come: no grace for retries
    assert webhooks.webhooks_due() == [later.pk]
    assert fresh.pk not in webhooks.webhooks_due()


def test_it_runs_the_sweep_every_30_seconds_from_beat(settings) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["webhooks-sweep"]
    assert entry == {"task": "tournaments.webhooks_sweep", "schedule": 30.0}


def test_it_delivers_through_the_task_and_a_rerun_posts_nothing(tournament, organizer, receiver) -> None:
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    assert tasks.webhook_deliver.apply(args=[delivery.pk]).get() == "delivered"
    assert tasks.webhook_deliver.apply(args=[delivery.pk]).get() == "skipped"
    assert tasks.webhook_deliver.apply(args=[10**9]).get() == "skipped"  # gone: nothing to do
    assert len(receiver.requests) == 1


# --- events ------------------------------------------------------------------------------------------------


def test_it_fires_round_dispute_and_standings_events_as_the_tournament_goes_on(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    captured = django_capture_on_commit_callbacks
    subscribe(tournament, organizer, receiver.url)
    round_ = published_round(tournament, captured)
    # a released round counts in the standings: they are recomputed after the commit, and say so
    assert receiver.events() == ["round.published", "standings.updated"]
    with captured(execute=True):
        services.round_start(round_)
    assert len(receiver.requests) == 2  # starting the timer is no event

    table1, table2 = round_.tables.order_by("number")
    with captured(execute=True):
        services.hand_submit(
            table=table1, number=1, source="payments", data=pays(1), submitted_by=seat(table1, "A")
        )
        services.hand_submit(
            table=table1, number=1, source="payments", data=pays(2), submitted_by=seat(table1, "B")
        )
    # the standings count the hand in dispute, so they follow too
    assert receiver.events()[2:] == ["dispute.opened", "standings.updated"]
    dispute = Dispute.objects.get()
    opened = receiver.requests[2].json()["data"]
    assert opened == {
        "tournament": "hooks-cup",
        "round": 1,
        "table": 1,
        "hand": 1,
        "dispute": dispute.pk,
        "status": "open",
        "url": f"/api/v1/tournaments/hooks-cup/rounds/1/tables/1/hands/1/disputes/{dispute.pk}/",
    }

    with captured(execute=True):
        services.dispute_resolve(
            dispute, chosen=dispute.submissions.order_by("version").last(), resolved_by=organizer
        )
    # resolving confirms the hand, which counts: the standings follow
    assert receiver.events()[4:] == ["dispute.resolved", "standings.updated"]
    assert receiver.requests[4].json()["data"]["status"] == "resolved"
    standings = receiver.requests[5].json()["data"]
    assert standings["url"] == "/api/v1/tournaments/hooks-cup/standings/"
    assert standings["standings_version"] == StandingsState.objects.get(tournament=tournament).version

    with captured(execute=True):
        services.hand_submit(table=table2, number=1, source="payments", data=pays(3), trusted=True)
    assert receiver.events()[6:] == ["standings.updated"]
    with captured(execute=True):
        services.round_close(round_)
    assert receiver.events()[7:] == ["round.closed", "standings.updated"]
    assert receiver.requests[7].json()["data"]["status"] == "closed"
    assert WebhookDelivery.objects.exclude(status="delivered").count() == 0


def test_it_reports_a_voided_disputed_hand_as_a_resolved_dispute(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    captured = django_capture_on_commit_callbacks
    round_ = published_round(tournament, captured)
    subscribe(tournament, organizer, receiver.url, ["dispute.resolved"])
    table = round_.tables.get(number=1)
    with captured(execute=True):
        services.hand_submit(
            table=table, number=1, source="payments", data=pays(1), submitted_by=seat(table, "A")
        )
        services.hand_submit(
            table=table, number=1, source="payments", data=pays(2), submitted_by=seat(table, "B")
        )
        services.hand_void(table.hands.get(number=1), by=organizer, reason="cards dropped")
    assert receiver.events() == ["dispute.resolved"]
    assert receiver.requests[0].json()["data"]["status"] == "voided"


def test_it_sends_a_subscription_only_the_events_it_asked_for(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    subscribe(tournament, organizer, receiver.url, ["round.closed", "dispute.opened"])
    published_round(tournament, django_capture_on_commit_callbacks)
    assert receiver.requests == []
    assert WebhookDelivery.objects.count() == 0


def test_it_sends_nothing_for_a_change_that_is_refused(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    round_ = published_round(tournament, django_capture_on_commit_callbacks)
    subscribe(tournament, organizer, receiver.url)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ValidationError):
        services.round_close(round_)  # no deal played yet: refused, rolled back
    assert WebhookDelivery.objects.count() == 0
    assert receiver.requests == []


def test_it_fires_standings_updated_only_when_a_recompute_made_stale_standings_current(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    from tournaments.standings.services import standings_recompute, standings_refresh

    round_ = published_round(tournament, django_capture_on_commit_callbacks)
    subscribe(tournament, organizer, receiver.url, ["standings.updated"])
    state = StandingsState.objects.get(tournament=tournament)
    assert state.stale_since is None  # the publish's refresh ran after commit
    with django_capture_on_commit_callbacks(execute=True):
        assert standings_refresh(tournament.pk) is False  # current: nothing recomputed
        standings_recompute(tournament)  # recomputed, but nothing was stale: nothing changed
    assert receiver.requests == []

    table = round_.tables.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_submit(table=table, number=1, source="payments", data=pays(1), trusted=True)
    assert receiver.events() == ["standings.updated"]


def test_it_fires_no_event_for_another_tournament_or_a_deactivated_subscription(
    tournament, organizer, receiver, django_capture_on_commit_callbacks
) -> None:
    other = TournamentFactory()
    subscribe(other, organizer, receiver.url)
    services.webhook_deactivate(subscribe(tournament, organizer, receiver.url), by=organizer)
    published_round(tournament, django_capture_on_commit_callbacks)
    assert receiver.requests == []


def test_it_refuses_an_unknown_event_or_a_payload_that_is_not_small_json(tournament) -> None:
    with pytest.raises(ValidationError) as excinfo:
        services.event_publish(tournament, "round.exploded", {})
    assert "event" in excinfo.value.message_dict
    with pytest.raises(ValidationError) as excinfo:
        services.event_publish(tournament, "round.closed", {"blob": "x" * 20_000})
    assert "data" in excinfo.value.message_dict


# --- subscriptions ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("", "must not be empty"),
        ("ftp://example.org/hook", "http:// or https://"),
        ("example.org/hook", "http:// or https://"),
        ("https:///hook", "must name a host"),
        ("https://user:pw@example.org/hook", "user name or password"),
        ("https://example.org:99999/hook", "invalid port"),
        ("https://exa mple.org/hook", "without spaces"),
        ("http://[::1/hook", "not a valid URL"),
        ("http://a..b/hook", "not a valid host name"),
        ("http://-bad-.org/hook", "not a valid host name"),
        ("https://példa.hu/hook", "punycode"),
        ("https://example.org/" + "x" * 500, "at most 500"),
        (42, "must be text"),
    ],
)
def test_it_refuses_a_malformed_url_naming_the_field(tournament, organizer, url, says) -> None:
    with pytest.raises(ValidationError) as excinfo:
        subscribe(tournament, organizer, url)
    assert list(excinfo.value.message_dict) == ["url"]
    assert says in excinfo.value.message_dict["url"][0]
    assert WebhookSubscription.objects.count() == 0


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/hook",
        "http://localhost:8000/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://172.16.5.4/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://[fd00::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://0.0.0.0/hook",
        "http://2130706433/hook",  # 127.0.0.1 as one number
        "http://100.64.0.1/hook",  # carrier-grade NAT
    ],
)
def test_it_refuses_private_loopback_and_link_local_hosts_in_production(
    tournament, organizer, settings, url
) -> None:
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False
    with pytest.raises(ValidationError) as excinfo:
        subscribe(tournament, organizer, url)
    assert list(excinfo.value.message_dict) == ["url"]
    assert WebhookSubscription.objects.count() == 0


def test_it_accepts_a_public_host_and_refuses_one_that_does_not_resolve(
    tournament, organizer, settings, monkeypatch
) -> None:
    import socket

    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False

    def resolve(host: str, port: int, *args: Any, **kwargs: Any) -> list[Any]:
        if host == "hooks.example.org":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))]
        if host == "sneaky.example.org":  # one public, one private address: refused
            return [
                (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port)),
                (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.5", port)),
            ]
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    subscription = subscribe(tournament, organizer, "https://hooks.example.org/tarokk")
    assert subscription.url == "https://hooks.example.org/tarokk"
    with pytest.raises(ValidationError, match=r"10\.0\.0\.5"):
        subscribe(tournament, organizer, "https://sneaky.example.org/tarokk")
    with pytest.raises(ValidationError, match="could not be resolved"):
        subscribe(tournament, organizer, "https://nowhere.invalid/tarokk")


def test_it_checks_the_address_again_before_posting(tournament, organizer, receiver, settings) -> None:
    """A host accepted while private hosts were allowed (or re-pointed since) is not posted to."""
    delivery = pending_delivery(subscribe(tournament, organizer, receiver.url))
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False
    assert services.delivery_attempt(delivery.pk) == "retry"
    delivery.refresh_from_db()
    assert "private, loopback or link-local" in delivery.last_error
    assert receiver.requests == []


@pytest.mark.parametrize(
    ("events", "field", "says"),
    [
        ([], "events", "at least one"),
        ("round.closed", "events", "must be a list"),
        (["round.closed", "round.exploded"], "events[1]", "must be one of"),
    ],
)
def test_it_refuses_unknown_events_naming_the_field(tournament, organizer, events, field, says) -> None:
    with pytest.raises(ValidationError) as excinfo:
        subscribe(tournament, organizer, "https://hooks.example.org/x", events)
    assert list(excinfo.value.message_dict) == [field]
    assert says in excinfo.value.message_dict[field][0]
    assert WebhookSubscription.objects.count() == 0


def test_it_subscribes_to_every_event_by_default_in_a_known_order(tournament, organizer) -> None:
    everything = subscribe(tournament, organizer, "https://hooks.example.org/all")
    assert everything.events == list(webhooks.WEBHOOK_EVENTS)
    some = subscribe(
        tournament, organizer, "https://hooks.example.org/some", ["dispute.opened", "round.published"] * 2
    )
    assert some.events == ["round.published", "dispute.opened"]
    assert everything.created_by == organizer
    assert everything.active


def test_it_refuses_a_url_already_subscribed_and_more_than_the_limit(tournament, organizer) -> None:
    first = subscribe(tournament, organizer, "https://hooks.example.org/0")
    with pytest.raises(ValidationError, match=f"webhook {first.pk}") as excinfo:
        subscribe(tournament, organizer, "https://hooks.example.org/0")
    assert excinfo.value.error_dict["url"][0].code == "conflict"
    for n in range(1, webhooks.MAX_ACTIVE_PER_TOURNAMENT):
        subscribe(tournament, organizer, f"https://hooks.example.org/{n}")
    with pytest.raises(ValidationError, match="at most"):
        subscribe(tournament, organizer, "https://hooks.example.org/one-too-many")
    services.webhook_deactivate(first, by=organizer)
    again = subscribe(tournament, organizer, "https://hooks.example.org/0")  # deactivated ones do not count
    assert again.pk != first.pk


def test_it_needs_an_organizer_to_subscribe_or_deactivate(tournament, organizer) -> None:
    with pytest.raises(ValidationError) as excinfo:
        services.webhook_subscribe(tournament, "https://hooks.example.org/x", by=None)
    assert list(excinfo.value.message_dict) == ["by"]
    subscription = subscribe(tournament, organizer, "https://hooks.example.org/x")
    with pytest.raises(ValidationError):
        services.webhook_deactivate(subscription, by=None)


def test_it_deactivates_instead_of_deleting_and_fails_the_pending_deliveries(
    tournament, organizer, receiver
) -> None:
    subscription = subscribe(tournament, organizer, receiver.url)
    delivery = pending_delivery(subscription)
    services.webhook_deactivate(subscription, by=organizer)
    subscription.refresh_from_db()
    assert not subscription.active
    assert subscription.deactivated_at is not None
    delivery.refresh_from_db()
    assert (delivery.status, delivery.last_error) == ("failed", "subscription deactivated")
    assert services.delivery_attempt(delivery.pk) == "skipped"
    assert receiver.requests == []
    at = subscription.deactivated_at
    assert services.webhook_deactivate(subscription, by=organizer).deactivated_at == at  # a repeat
    # who did it is in the history; the secret is not copied there
    latest = subscription.history.first()
    assert latest.history_actor.startswith(f"user:{organizer.pk}:organizer")
    assert not hasattr(latest, "secret")
