"""Webhooks: what the workers deliver to organizers' endpoints. Imported by ``tournaments.models`` (the
app's models module); behaviour is in ``webhooks/services.py``.

A subscription is never deleted, only deactivated (its deliveries stay as the record of what was sent).
A delivery is one event for one subscription: it is claimed by a worker with a compare-and-set update,
posted, and recorded (status, attempts, last error); it moves pending -> delivered, or pending -> failed
after the last attempt or when its subscription is deactivated.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history import register

from tournaments.core.audit import AuditedHistory

WEBHOOK_EVENT_CHOICES = [
    ("round.published", _("Round published")),
    ("round.closed", _("Round closed")),
    ("standings.updated", _("Standings updated")),
    ("dispute.opened", _("Dispute opened")),
    ("dispute.resolved", _("Dispute resolved")),
]
WEBHOOK_EVENTS = tuple(name for name, _label in WEBHOOK_EVENT_CHOICES)
WEBHOOK_URL_MAX_LENGTH = 500


def all_webhook_events() -> list[str]:
    return list(WEBHOOK_EVENTS)


class WebhookSubscription(models.Model):
    """An organizer's endpoint that is told about a tournament's events, signed with ``secret``."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="webhook_subscriptions"
    )
    url = models.CharField(max_length=WEBHOOK_URL_MAX_LENGTH)
    # The HMAC key of the signatures: generated, shown once (in the answer that creates it), never edited.
    secret = models.CharField(max_length=100, editable=False)
    events = models.JSONField(default=all_webhook_events)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    deactivated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "url"], condition=Q(active=True), name="webhook_url_once_active"
            )
        ]

    def __str__(self) -> str:
        state = "" if self.active else " (deactivated)"
        return f"{self.url} for {self.tournament_id}{state}"


# Who created and who deactivated it (``history``); the secret is not copied into the history. Registered
# for the app rather than declared in the class, so that the historical model lives in tournaments.models
# like the app's other ones (and can be imported by its name from there).
register(WebhookSubscription, app="tournaments", bases=[AuditedHistory], excluded_fields=["secret"])


class WebhookDelivery(models.Model):
    """One event sent (or to be sent) to one subscription. ``uuid`` goes out as ``X-Tarokk-Delivery``:
    the same on every attempt, so a receiver can drop a repeat. ``next_attempt_at`` is when a worker may
    claim it next; a claim moves it forward by a lease, so two workers never post it at once."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    subscription = models.ForeignKey(WebhookSubscription, on_delete=models.CASCADE, related_name="deliveries")
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    event = models.CharField(max_length=32, choices=WEBHOOK_EVENT_CHOICES)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    last_error = models.TextField(blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "webhook deliveries"
        indexes = [
            models.Index(fields=["status", "next_attempt_at"]),
            models.Index(fields=["subscription", "-created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.event} to {self.subscription.url} ({self.status}, {self.attempts} attempts)"
