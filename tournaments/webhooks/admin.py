"""Admin lists of webhook subscriptions and deliveries (imported by ``tournaments.admin``).

All read-only: subscriptions are created through the API (which shows the secret once) and deactivated
with an action calling ``services.webhook_deactivate``; nothing here is deleted. The secret is not shown.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from simple_history.admin import SimpleHistoryAdmin

from tournaments import services
from tournaments.core.admin import DerivedAdmin as ReadOnlyAdmin
from tournaments.core.admin import report_each
from tournaments.webhooks.models import WebhookDelivery, WebhookSubscription


@admin.register(WebhookSubscription)
class WebhookSubscriptionAdmin(ReadOnlyAdmin, SimpleHistoryAdmin):
    list_display = ["url", "tournament", "active", "created_by", "created_at", "deactivated_at"]
    list_filter = ["active", "tournament"]
    exclude = ["secret"]
    actions = ["deactivate"]

    @admin.action(description="Deactivate (nothing more is sent; pending deliveries fail)")
    def deactivate(self, request: HttpRequest, queryset: QuerySet[WebhookSubscription]) -> None:
        report_each(self, request, lambda s: services.webhook_deactivate(s, by=request.user), queryset)


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyAdmin):
    list_display = [
        "event",
        "subscription",
        "status",
        "attempts",
        "last_status_code",
        "next_attempt_at",
        "delivered_at",
        "created_at",
    ]
    list_filter = ["status", "event"]
    list_select_related = ["subscription"]
