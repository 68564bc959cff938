"""Reads of the webhooks: a tournament's subscriptions, as its organizers list them."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.organizing.models import Tournament
from tournaments.webhooks.models import WebhookSubscription


def webhook_subscriptions(tournament: Tournament) -> QuerySet[WebhookSubscription]:
    """The tournament's subscriptions, newest first, the deactivated ones included."""
    return tournament.webhook_subscriptions.select_related("created_by").order_by("-created_at", "-id")
