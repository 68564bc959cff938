"""Webhooks of a tournament: ``/api/v1/tournaments/{slug}/webhooks/...``, its organizers' only.

An organizer registers an endpoint (the answer shows its signing secret, once), reads its recent
deliveries, and deactivates it. What a receiver gets is described in ``tournaments/webhooks/services.py``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.access import require_organizer
from api.v1.base import TournamentView
from tournaments import selectors, services
from tournaments.webhooks.models import (
    WEBHOOK_EVENTS,
    WEBHOOK_URL_MAX_LENGTH,
    WebhookDelivery,
    WebhookSubscription,
)

RECENT_DELIVERIES = 20


# --- translation ---------------------------------------------------------------------------------------


class WebhookSubscribeSerializer(serializers.Serializer):
    url = serializers.CharField(
        max_length=WEBHOOK_URL_MAX_LENGTH,
        help_text="http:// or https://; a public host (private, loopback and link-local are refused)",
    )
    events = serializers.ListField(
        child=serializers.ChoiceField(WEBHOOK_EVENTS),
        required=False,
        allow_empty=False,
        help_text="the events to send; all of them when left out",
    )


class WebhookSerializer(serializers.ModelSerializer):
    events = serializers.ListField(child=serializers.ChoiceField(WEBHOOK_EVENTS), read_only=True)
    created_by = serializers.CharField(
        source="created_by.username", read_only=True, allow_null=True, help_text="the organizer's user name"
    )

    class Meta:
        model = WebhookSubscription
        fields = ("id", "url", "events", "active", "created_by", "created_at", "deactivated_at")
        read_only_fields = fields


class WebhookCreatedSerializer(WebhookSerializer):
    secret = serializers.CharField(
        read_only=True,
        help_text=(
            "the key of X-Tarokk-Signature (HMAC-SHA256 of '<X-Tarokk-Timestamp>.<body>'): shown only in "
            "this answer, keep it"
        ),
    )

    class Meta(WebhookSerializer.Meta):
        fields = (*WebhookSerializer.Meta.fields, "secret")
        read_only_fields = fields


class WebhookDeliverySerializer(serializers.ModelSerializer):
    delivery = serializers.UUIDField(source="uuid", read_only=True, help_text="sent as X-Tarokk-Delivery")
    payload = serializers.DictField(read_only=True, help_text="the event's data as sent")

    class Meta:
        model = WebhookDelivery
        fields = (
            "id",
            "delivery",
            "event",
            "status",
            "attempts",
            "next_attempt_at",
            "last_status_code",
            "last_error",
            "delivered_at",
            "created_at",
            "payload",
        )
        read_only_fields = fields


class WebhookDetailSerializer(WebhookSerializer):
    recent_deliveries = WebhookDeliverySerializer(many=True, read_only=True, help_text="newest first")

    class Meta(WebhookSerializer.Meta):
        fields = (*WebhookSerializer.Meta.fields, "recent_deliveries")
        read_only_fields = fields


# --- views ---------------------------------------------------------------------------------------------


class WebhooksView(TournamentView, generics.GenericAPIView):
    """A tournament's webhook subscriptions, newest first, the deactivated ones included."""

    serializer_class = WebhookSerializer
    filter_backends = ()

    def get_queryset(self) -> QuerySet[WebhookSubscription]:
        if getattr(self, "swagger_fake_view", False):
            return WebhookSubscription.objects.none()
        return selectors.webhook_subscriptions(self.tournament())

    @extend_schema(
        summary="List the tournament's webhooks (organizers)", responses=WebhookSerializer(many=True)
    )
    def get(self, request: Request, slug: str) -> Response:
        require_organizer(request, self.tournament())
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(WebhookSerializer(page, many=True).data)

    @extend_schema(
        summary="Register a webhook (organizers); the answer shows its signing secret, this once only",
        request=WebhookSubscribeSerializer,
        responses={201: WebhookCreatedSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        body = WebhookSubscribeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        subscription = services.webhook_subscribe(
            tournament, body.validated_data["url"], body.validated_data.get("events"), by=user
        )
        response = Response(WebhookCreatedSerializer(subscription).data, status=status.HTTP_201_CREATED)
        response["Location"] = request.build_absolute_uri(f"{subscription.pk}/")
        return response


class WebhookBase(TournamentView):
    def subscription(self, webhook: int) -> Any:
        tournament = self.tournament()
        require_organizer(self.request, tournament)
        return get_object_or_404(tournament.webhook_subscriptions.select_related("created_by"), pk=webhook)


class WebhookDetailView(WebhookBase):
    """A webhook with its most recent deliveries: status, attempts, the last answer or error."""

    @extend_schema(
        summary=f"A webhook and its {RECENT_DELIVERIES} most recent deliveries (organizers)",
        responses=WebhookDetailSerializer,
    )
    def get(self, request: Request, slug: str, webhook: int) -> Response:
        subscription = self.subscription(webhook)
        subscription.recent_deliveries = list(
            subscription.deliveries.order_by("-created_at", "-id")[:RECENT_DELIVERIES]
        )
        return Response(WebhookDetailSerializer(subscription).data)


class WebhookDeactivateView(WebhookBase):
    """Nothing more is sent to a deactivated webhook; it and its deliveries stay readable."""

    @extend_schema(
        summary="Deactivate a webhook (organizers); its pending deliveries are not sent",
        request=None,
        responses=OpenApiResponse(WebhookSerializer, description="The webhook, deactivated."),
    )
    def post(self, request: Request, slug: str, webhook: int) -> Response:
        subscription = self.subscription(webhook)
        subscription = services.webhook_deactivate(subscription, by=request.user)
        return Response(WebhookSerializer(subscription).data)


urlpatterns = [
    path("webhooks/", WebhooksView.as_view(), name="webhooks"),
    path("webhooks/<num:webhook>/", WebhookDetailView.as_view(), name="webhook"),
    path("webhooks/<num:webhook>/deactivate/", WebhookDeactivateView.as_view(), name="webhook-deactivate"),
]
