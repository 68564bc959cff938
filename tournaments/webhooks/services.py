"""Webhooks: organizers' endpoints told about a tournament's events (a round published or closed, the
standings updated, a dispute opened or resolved).

* ``webhook_subscribe`` validates the URL (http or https, a real host, and, unless
  ``WEBHOOKS_ALLOW_PRIVATE_HOSTS``, no private, loopback or link-local address) and generates the secret
  that signs every delivery; ``webhook_deactivate`` stops it (subscriptions are never deleted).
* ``event_publish`` is called inside the transaction of the change: it stores one pending delivery per
  active subscription that wants the event, and enqueues them once the change commits. So a delivery
  exists exactly when the change does, and a lost task only delays it: ``webhooks_due`` (beat's sweep)
  finds it again.
* ``delivery_attempt`` (the worker's job) claims a due delivery with a compare-and-set update, posts it
  signed, and records the outcome: delivered on a 2xx; otherwise the next attempt after an exponential
  backoff with jitter, and failed after ``WEBHOOKS_MAX_ATTEMPTS``.

What a receiver gets: a JSON body ``{"id", "event", "created_at", "data"}`` and the headers
``X-Tarokk-Event``, ``X-Tarokk-Delivery`` (the same id on every attempt: drop repeats),
``X-Tarokk-Timestamp`` (Unix seconds) and ``X-Tarokk-Signature: sha256=<hex>``, the HMAC-SHA256 of
``"<timestamp>.<body>"`` with the subscription's secret. A receiver recomputes it over the raw body and
refuses an old timestamp (a replay).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import random
import re
import secrets
import socket
import urllib.error
import urllib.request
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core.audit import Actor, acting_as
from tournaments.core.events import WEBHOOK_DELIVERIES_DUE, publish
from tournaments.core.validation import conflict, invalid, json_document, text
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute
from tournaments.webhooks.models import (
    WEBHOOK_EVENTS,
    WEBHOOK_URL_MAX_LENGTH,
    WebhookDelivery,
    WebhookSubscription,
)

logger = logging.getLogger(__name__)

MAX_ACTIVE_PER_TOURNAMENT = 10
MAX_PAYLOAD_BYTES = 8 * 1024  # an event says what changed and where to read it, not the data itself
# A claimed delivery is not claimed again before the lease ends: longer than a post can take (the task's
# hard time limit), so a worker that died mid-post leaves it to the sweep, never to a second poster.
CLAIM_LEASE = timedelta(seconds=120)
# A new delivery's own task is on its way (sent on commit): the sweep leaves it alone this long.
FIRST_ATTEMPT_GRACE = timedelta(seconds=30)
BACKOFF_BASE_SECONDS = 30  # after the first failed attempt; doubled each time
BACKOFF_MAX_SECONDS = 3600
SWEEP_BATCH = 500
ERROR_MAX = 1000
RESPONSE_SNIPPET = 200
USER_AGENT = "tarokk-tournaments-webhooks/1"
SIGNATURE_PREFIX = "sha256="


# --- subscriptions -------------------------------------------------------------------------------------


def _organizer(by: Any) -> Any:
    if not getattr(by, "is_authenticated", False):
        raise invalid("by", _("an organizer must be named"))
    return by


def _refused_address(address: str) -> bool:
    """Whether an address is one a webhook must not reach: anything but a public unicast address."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])  # an IPv6 zone (fe80::1%eth0) is link-local anyway
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast


def check_public_host(host: str, port: int, field: str = "url") -> None:
    """Refuse a host that is, or resolves to, a private, loopback, link-local or reserved address.

    Why: a webhook makes this server send requests to an address an organizer chose. Without the check an
    organizer could point it at the server's own network (the database, Redis, a cloud metadata endpoint)
    and read or poke at it through the deliveries' recorded answers: server-side request forgery (SSRF).
    Every address the name resolves to is checked, and again before each delivery (a name may be
    re-pointed after it was accepted)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise invalid(field, _("the host %(host)s could not be resolved"), params={"host": host}) from exc
    addresses = sorted({str(info[4][0]) for info in infos})
    refused = [a for a in addresses if _refused_address(a)]
    if not addresses or refused:
        raise invalid(
            field,
            _(
                "the host %(host)s is a private, loopback or link-local address (%(addresses)s): "
                "webhooks go to public addresses only"
            ),
            params={"host": host, "addresses": ", ".join(refused) or "-"},
        )


_HOST_LABEL = re.compile(r"^(?!-)[a-z0-9_-]{1,63}(?<!-)$")


def _valid_host(host: str) -> bool:
    """An IP address (no IPv6 zone), or a DNS name: dot-separated labels of letters, digits, - and _."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    labels = host.removesuffix(".").split(".")
    return len(host) <= 253 and all(_HOST_LABEL.match(label) for label in labels)


def _split_url(url: str, field: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a well-formed http(s) URL without credentials."""
    if any(ch <= " " or ch == "\x7f" for ch in url) or not url.isascii():
        raise invalid(
            field, _("must be ASCII without spaces (write an international domain name in punycode)")
        )
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""  # lower case, without the brackets of an IPv6 address
    except ValueError as exc:  # e.g. an unclosed or invalid [IPv6] host
        raise invalid(field, _("is not a valid URL (%(error)s)"), params={"error": str(exc)}) from exc
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise invalid(field, _("must start with http:// or https://"))
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError as exc:
        raise invalid(field, _("has an invalid port")) from exc
    if not host:
        raise invalid(field, _("must name a host, e.g. https://example.org/hooks/tarokk"))
    if not _valid_host(host):
        raise invalid(field, _("%(host)s is not a valid host name or IP address"), params={"host": host})
    if parts.username is not None or parts.password is not None:
        raise invalid(field, _("must not contain a user name or password: the signature authenticates us"))
    return scheme, host, port


def webhook_url(value: Any, field: str = "url") -> str:
    """A webhook URL: http or https, at most ``WEBHOOK_URL_MAX_LENGTH`` characters, a host that, unless
    ``WEBHOOKS_ALLOW_PRIVATE_HOSTS``, is public (see ``check_public_host``)."""
    url = text(value, field, max_length=WEBHOOK_URL_MAX_LENGTH, required=True)
    _scheme, host, port = _split_url(url, field)
    if not settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS:
        check_public_host(host, port, field)
    return url


def webhook_events(value: Any, field: str = "events") -> list[str]:
    """The events a subscription wants: a non-empty list of known event names (``None``: all of them)."""
    if value is None:
        return list(WEBHOOK_EVENTS)
    if not isinstance(value, list | tuple):
        raise invalid(
            field, _("must be a list of event names, not %(type)s"), params={"type": type(value).__name__}
        )
    if not value:
        raise invalid(
            field,
            _("must name at least one event of %(events)s"),
            params={"events": ", ".join(WEBHOOK_EVENTS)},
        )
    for index, name in enumerate(value):
        if name not in WEBHOOK_EVENTS:
            raise invalid(
                f"{field}[{index}]",
                _("must be one of %(choices)s"),
                params={"choices": ", ".join(WEBHOOK_EVENTS)},
            )
    return [name for name in WEBHOOK_EVENTS if name in value]  # known order, no repeats


def webhook_subscribe(
    tournament: Tournament, url: Any, events: Any = None, *, by: Any
) -> WebhookSubscription:
    """Register an endpoint for a tournament's events. Its ``secret`` is in the returned object: show it
    to the organizer now, since nothing shows it again."""
    by = _organizer(by)
    url = webhook_url(url)
    events = webhook_events(events)
    with acting_as(Actor(user=by)), transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one subscriber at a time
        active = WebhookSubscription.objects.filter(tournament=tournament, active=True)
        same = active.filter(url=url).first()
        if same is not None:
            raise conflict(
                "url",
                _("this URL is already subscribed (webhook %(webhook)s); deactivate it first"),
                {"webhook": same.pk},
            )
        if active.count() >= MAX_ACTIVE_PER_TOURNAMENT:
            raise conflict(
                "url",
                _("a tournament has at most %(max)s active webhooks"),
                {"max": MAX_ACTIVE_PER_TOURNAMENT},
            )
        try:
            with transaction.atomic():
                return WebhookSubscription.objects.create(
                    tournament=tournament,
                    url=url,
                    events=events,
                    secret="whsec_" + secrets.token_hex(32),
                    created_by=by,
                )
        except IntegrityError as exc:  # the same URL, subscribed concurrently
            raise conflict("url", _("this URL is already subscribed; deactivate it first")) from exc


def webhook_deactivate(subscription: WebhookSubscription, *, by: Any) -> WebhookSubscription:
    """Stop a subscription: nothing more is sent to it, and its pending deliveries are marked failed. The
    subscription and its deliveries stay. A repeat returns it unchanged."""
    by = _organizer(by)
    with acting_as(Actor(user=by)), transaction.atomic():
        subscription = WebhookSubscription.objects.select_for_update().get(pk=subscription.pk)
        if not subscription.active:
            return subscription
        subscription.active = False
        subscription.deactivated_at = timezone.now()
        subscription.save(update_fields=["active", "deactivated_at"])
        subscription.deliveries.filter(status=WebhookDelivery.Status.PENDING).update(
            status=WebhookDelivery.Status.FAILED, last_error="subscription deactivated"
        )
    return subscription


# --- events ----------------------------------------------------------------------------------------------


def event_publish(tournament: Tournament, event: str, data: Any) -> list[WebhookDelivery]:
    """Inside the transaction of a change: one pending delivery per active subscription of the tournament
    that wants ``event``, each enqueued once the change commits (and never if it rolls back)."""
    if event not in WEBHOOK_EVENTS:
        raise invalid("event", _("must be one of %(choices)s"), params={"choices": ", ".join(WEBHOOK_EVENTS)})
    data = json_document(data, "data", max_bytes=MAX_PAYLOAD_BYTES)
    wanted = [
        subscription
        for subscription in WebhookSubscription.objects.filter(tournament_id=tournament.pk, active=True)
        if event in subscription.events
    ]
    if not wanted:
        return []
    now = timezone.now()
    payload = {"tournament": tournament.slug, **data}
    deliveries = [
        WebhookDelivery.objects.create(subscription=s, event=event, payload=payload, next_attempt_at=now)
        for s in wanted
    ]
    ids = [delivery.pk for delivery in deliveries]
    publish(WEBHOOK_DELIVERIES_DUE, ids=ids)  # posted by workers once the change commits
    return deliveries


def _api_path(name: str, **kwargs: Any) -> str:
    return reverse(f"v1:{name}", kwargs=kwargs)


def round_event(round_: Round, event: str) -> None:
    """A round was published or closed (called inside the transaction that moved it)."""
    tournament = round_.tournament
    event_publish(
        tournament,
        event,
        {
            "round": round_.number,
            "status": round_.status,
            "url": _api_path("round", slug=tournament.slug, number=round_.number),
        },
    )


def dispute_event(dispute: Dispute, event: str) -> None:
    """A dispute was opened or resolved (resolved also when its hand was voided: see ``status``)."""
    hand = dispute.hand
    table = hand.table
    round_ = table.round
    tournament = round_.tournament
    event_publish(
        tournament,
        event,
        {
            "round": round_.number,
            "table": table.number,
            "hand": hand.number,
            "dispute": dispute.pk,
            "status": dispute.status,
            "url": _api_path(
                "dispute",
                slug=tournament.slug,
                number=round_.number,
                table=table.number,
                hand=hand.number,
                dispute=dispute.pk,
            ),
        },
    )


def standings_event(tournament: Tournament, version: int) -> None:
    """The stored standings were recomputed and are current as of ``version``."""
    event_publish(
        tournament,
        "standings.updated",
        {"standings_version": version, "url": _api_path("standings", slug=tournament.slug)},
    )


# --- delivery --------------------------------------------------------------------------------------------


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The ``X-Tarokk-Signature`` value: HMAC-SHA256 of ``"<timestamp>.<body>"`` keyed by the secret."""
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return SIGNATURE_PREFIX + digest


def delivery_body(delivery: WebhookDelivery) -> bytes:
    """The JSON body of a delivery: the same bytes on every attempt."""
    envelope = {
        "id": str(delivery.uuid),
        "event": delivery.event,
        "created_at": delivery.created_at.isoformat(),
        "data": delivery.payload,
    }
    return json.dumps(envelope, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()


def backoff_delay(attempts: int) -> float:
    """Seconds to wait after ``attempts`` failed attempts: exponential, capped, with jitter (a random
    point in the upper half), so receivers coming back up are not hit by every delivery at once."""
    delay = min(BACKOFF_BASE_SECONDS * 2 ** max(attempts - 1, 0), BACKOFF_MAX_SECONDS)
    return delay / 2 + random.uniform(0, delay / 2)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not an order: following it could lead the post to a private address."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def _post(delivery: WebhookDelivery) -> tuple[int | None, str]:
    """Post the delivery once; (HTTP status or None, error text or ""). Never raises."""
    subscription = delivery.subscription
    body = delivery_body(delivery)
    timestamp = str(int(timezone.now().timestamp()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Tarokk-Event": delivery.event,
        "X-Tarokk-Delivery": str(delivery.uuid),
        "X-Tarokk-Timestamp": timestamp,
        "X-Tarokk-Signature": sign(subscription.secret, timestamp, body),
    }
    try:
        _scheme, host, port = _split_url(subscription.url, "url")
        if not settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS:
            check_public_host(host, port)
        request = urllib.request.Request(subscription.url, data=body, headers=headers, method="POST")
        with _opener.open(request, timeout=settings.WEBHOOKS_TIMEOUT_SECONDS) as response:
            response.read(RESPONSE_SNIPPET)
            return response.status, ""
    except urllib.error.HTTPError as exc:
        try:
            snippet = exc.read(RESPONSE_SNIPPET).decode("utf-8", "replace")
        except Exception:
            snippet = ""
        finally:
            exc.close()
        return exc.code, f"HTTP {exc.code} {exc.reason}: {snippet}".strip()
    except Exception as exc:  # refused, unreachable, timed out, reset, a refused address (ValidationError)
        message = "; ".join(getattr(exc, "messages", [])) or str(exc) or type(exc).__name__
        return None, f"{type(exc).__name__}: {message}"


def _claim(delivery: WebhookDelivery, now: Any) -> bool:
    """Compare-and-set: take the delivery as read (still pending, due, not claimed by anyone since), count
    the attempt and push ``next_attempt_at`` forward by the lease. Exactly one of two workers that read
    the same row wins; the other's update matches no row."""
    return bool(
        WebhookDelivery.objects.filter(
            pk=delivery.pk,
            status=WebhookDelivery.Status.PENDING,
            attempts=delivery.attempts,
            next_attempt_at=delivery.next_attempt_at,
            next_attempt_at__lte=now,
        ).update(next_attempt_at=now + CLAIM_LEASE, attempts=F("attempts") + 1)
    )


def delivery_attempt(delivery_id: int) -> str:
    """The worker's job for one delivery; idempotent. Returns what happened: ``delivered``, ``retry``
    (another attempt is scheduled), ``failed`` (no more attempts), or ``skipped`` (not due, claimed by
    another worker, already settled, or deliveries are switched off)."""
    if not settings.WEBHOOKS_DELIVERY_ENABLED:
        return "skipped"
    now = timezone.now()
    delivery = WebhookDelivery.objects.select_related("subscription").filter(pk=delivery_id).first()
    pending = delivery is not None and delivery.status == WebhookDelivery.Status.PENDING
    if not pending or delivery.next_attempt_at > now:
        return "skipped"
    if not delivery.subscription.active:
        WebhookDelivery.objects.filter(pk=delivery.pk, status=WebhookDelivery.Status.PENDING).update(
            status=WebhookDelivery.Status.FAILED, last_error="subscription deactivated"
        )
        return "failed"
    if not _claim(delivery, now):
        return "skipped"
    attempt = delivery.attempts + 1
    status_code, error = _post(delivery)
    done = timezone.now()
    fields: dict[str, Any] = {"last_status_code": status_code, "last_error": error[:ERROR_MAX]}
    if status_code is not None and 200 <= status_code < 300:
        outcome = "delivered"
        fields.update(status=WebhookDelivery.Status.DELIVERED, delivered_at=done, last_error="")
    elif attempt >= settings.WEBHOOKS_MAX_ATTEMPTS:
        outcome = "failed"
        fields.update(status=WebhookDelivery.Status.FAILED)
    else:
        outcome = "retry"
        fields.update(next_attempt_at=done + timedelta(seconds=backoff_delay(attempt)))
    # Only this claim's result is written (a deactivation meanwhile has already settled it).
    WebhookDelivery.objects.filter(
        pk=delivery.pk, status=WebhookDelivery.Status.PENDING, attempts=attempt
    ).update(**fields)
    if outcome != "delivered":
        logger.warning(
            "webhook delivery %s (%s) attempt %s: %s",
            delivery.uuid,
            delivery.event,
            attempt,
            error or f"HTTP {status_code}",
            extra={"delivery": str(delivery.uuid), "outcome": outcome},
        )
    return outcome


def webhooks_due(limit: int = SWEEP_BATCH) -> list[int]:
    """Ids of pending deliveries whose next attempt is due, oldest first: beat's sweep enqueues them.
    That is every retry whose time has come (the sweep is what sends retries), a claim whose worker died
    (its lease ran out), and a first attempt whose task has not run within ``FIRST_ATTEMPT_GRACE`` (lost
    while the broker was down, or failed)."""
    now = timezone.now()
    due = Q(attempts__gt=0, next_attempt_at__lte=now) | Q(
        attempts=0, next_attempt_at__lte=now - FIRST_ATTEMPT_GRACE
    )
    return list(
        WebhookDelivery.objects.filter(due, status=WebhookDelivery.Status.PENDING)
        .order_by("next_attempt_at", "id")
        .values_list("pk", flat=True)[:limit]
    )
