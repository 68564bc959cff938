"""``/api/v1/clubs/{slug}/``: a club's own page as data, its edits and its organizers.

Anyone reads a club (name, city, its public tournaments and series, how many members it has); the club's
organizers (and superusers) also see its private tournaments, rename it (``If-Match`` like a tournament)
and name its organizers by username. The rules are the services' (``club_edit``, ``club_organizer_add``,
``club_organizer_remove``): a refusal comes back as the API's one error shape.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import URLPattern, path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.base import ApiView, expected_version, with_etag
from tournaments import selectors, services
from tournaments.core import api_texts as texts
from tournaments.core.validation import invalid
from tournaments.organizing.models import Club, Tournament
from tournaments.series.models import Series

CLUB = "club"
SLUG = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="the club's slug")
IF_MATCH = OpenApiParameter(
    "If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description='the ETag read, e.g. "club-3-v12345"'
)


class ClubTournamentSerializer(serializers.ModelSerializer):
    class Meta:
        model = Tournament
        fields = ("slug", "name", "game", "venue", "starts_on", "ends_on", "status", "is_public")
        read_only_fields = fields


class ClubSeriesSerializer(serializers.ModelSerializer):
    class Meta:
        model = Series
        fields = ("slug", "name", "game", "season")
        read_only_fields = fields


class ClubDetailSerializer(serializers.ModelSerializer):
    """A club as its page shows it; ``tournaments``: the public ones, and the private ones for its
    organizers; ``members``: how many players name the club."""

    tournaments = serializers.SerializerMethodField()
    series = serializers.SerializerMethodField()
    members = serializers.SerializerMethodField()

    class Meta:
        model = Club
        fields = ("id", "slug", "name", "city", "tournaments", "series", "members")
        read_only_fields = fields

    @extend_schema_field(ClubTournamentSerializer(many=True))
    def get_tournaments(self, club: Club) -> list[dict[str, Any]]:
        found = selectors.club_tournaments(club, self.context.get("user")).order_by("starts_on", "name")
        return ClubTournamentSerializer(found, many=True).data

    @extend_schema_field(ClubSeriesSerializer(many=True))
    def get_series(self, club: Club) -> list[dict[str, Any]]:
        found = Series.objects.filter(club=club, is_public=True).order_by("-created_at", "name")
        return ClubSeriesSerializer(found, many=True).data

    def get_members(self, club: Club) -> int:
        return selectors.club_members(club).count()


class ClubEditSerializer(serializers.Serializer):
    """For the schema: the body is checked by ``club_edit`` (text, length, no NUL, a free name)."""

    name = serializers.CharField(required=False)
    city = serializers.CharField(required=False, allow_blank=True)


class OrganizerSerializer(serializers.Serializer):
    username = serializers.CharField()


class OrganizersSerializer(serializers.Serializer):
    organizers = serializers.ListField(child=serializers.CharField(), help_text="their usernames")


def _body(request: Request, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The JSON object of a write, with only ``allowed`` keys (a 400 naming the first other one)."""
    data = request.data
    if not isinstance(data, dict):
        raise invalid("body", texts.JSON_OBJECT)
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise invalid(unknown[0], texts.CLUB_FIELD_UNKNOWN)
    return dict(data)


class ClubView(ApiView):
    """A view under ``/clubs/{slug}/``: a club unknown is a 404; a write takes one of its organizers."""

    def club(self) -> Club:
        club = selectors.club_by_slug(self.kwargs["slug"])
        if club is None:
            raise Http404
        return club

    def manager(self, club: Club) -> Any:
        user = self.request.user
        if not getattr(user, "is_authenticated", False):
            raise exceptions.NotAuthenticated(texts.LOG_IN)
        if not selectors.can_manage_club(user, club):
            raise exceptions.PermissionDenied(texts.CLUB_ORGANIZERS_ONLY)
        return user


def _versioned(club: Club) -> Club:
    club.version = selectors.club_version(club)  # type: ignore[attr-defined]
    return club


class ClubDetailView(ClubView):
    @extend_schema(
        summary="A club: its tournaments, series and members' count",
        parameters=[SLUG],
        responses=ClubDetailSerializer,
    )
    def get(self, request: Request, slug: str) -> Response:
        club = _versioned(self.club())
        body = ClubDetailSerializer(club, context={"user": request.user}).data
        return with_etag(Response(body), CLUB, club)

    @extend_schema(
        summary="Rename a club or change its city (its organizers); If-Match refuses a stale edit with 412",
        parameters=[SLUG, IF_MATCH],
        request=ClubEditSerializer,
        responses=ClubDetailSerializer,
    )
    def patch(self, request: Request, slug: str) -> Response:
        club = _versioned(self.club())
        user = self.manager(club)
        version = expected_version(request, CLUB, club)
        saved = _versioned(
            services.club_edit(
                club, changes=_body(request, ("name", "city")), by=user, expected_version=version
            )
        )
        return with_etag(Response(ClubDetailSerializer(saved, context={"user": user}).data), CLUB, saved)


class ClubOrganizersView(ClubView):
    """The club's organizers by username: read, add one (POST) or remove one (DELETE), its organizers only.
    A club keeps at least one organizer once it has one."""

    def answer(self, club: Club, status: int = 200) -> Response:
        names = sorted(club.organizers.values_list("username", flat=True))
        return Response({"organizers": names}, status=status)

    @extend_schema(
        summary="The club's organizers (its organizers)", parameters=[SLUG], responses=OrganizersSerializer
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.club()
        self.manager(club)
        return self.answer(club)

    @extend_schema(
        summary="Name a user an organizer of the club (its organizers)",
        parameters=[SLUG],
        request=OrganizerSerializer,
        responses={201: OrganizersSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        club = self.club()
        user = self.manager(club)
        body = _body(request, ("username",))
        services.club_organizer_add(club, body.get("username"), by=user)
        return self.answer(club, 201)

    @extend_schema(
        summary="Take a user off the club's organizers (its organizers; never the last one)",
        parameters=[
            SLUG,
            OpenApiParameter(
                "username", OpenApiTypes.STR, OpenApiParameter.QUERY, description="or in the body"
            ),
        ],
        request=OrganizerSerializer,
        responses=OrganizersSerializer,
    )
    def delete(self, request: Request, slug: str) -> Response:
        club = self.club()
        user = self.manager(club)
        body = _body(request, ("username",)) if request.data else {}
        username = body.get("username", request.query_params.get("username"))
        services.club_organizer_remove(club, username, by=user)
        return self.answer(club)


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/", ClubDetailView.as_view(), name="club"),
    path("clubs/<slug:slug>/organizers/", ClubOrganizersView.as_view(), name="club-organizers"),
]
