"""``/api/v1/series/``: cups and series, their tournaments, their standings (JSON and CSV) and their final.

Everyone reads the public series; their organizers (and their club's organizers, and superusers) write.
Bodies are checked by the services (``tournaments.series.services``): a bad one is a 400 naming the field
(``rules.points.table[3]``) and nothing is stored. Edits carry ``If-Match`` like a tournament's.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.access import table_access
from api.v1.base import ApiView, expected_version, with_etag
from tournaments import selectors
from tournaments.core import api_texts as texts
from tournaments.core.validation import invalid
from tournaments.organizing.models import Tournament
from tournaments.series import selectors as series_selectors
from tournaments.series import services
from tournaments.series.models import Series
from tournaments.series.presets import PRESETS

SERIES = "series"
SLUG = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="the series' slug")
IF_MATCH = OpenApiParameter(
    "If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description='the ETag read, e.g. "series-3-v7"'
)
RANKING = OpenApiParameter(
    "ranking", OpenApiTypes.STR, description="a side ranking's key (empty: the main ranking)"
)

MUST_BE_OBJECT = _("must be a JSON object")
NAME_A_TOURNAMENT = _("name a tournament by its slug")
NO_TOURNAMENT = _("no tournament has the slug %(slug)s")
NO_RANKING = _("the series has no such ranking")


# --- serializers (the shapes; the services check the input) ---------------------------------------------


class SeriesSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    final = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    tournaments = serializers.SerializerMethodField()
    rankings = serializers.SerializerMethodField()

    class Meta:
        model = Series
        fields = (
            "slug",
            "name",
            "club",
            "game",
            "season",
            "description",
            "rules",
            "is_public",
            "final",
            "version",
            "tournaments",
            "rankings",
        )
        read_only_fields = fields

    def get_tournaments(self, series: Series) -> list[dict[str, Any]]:
        return [
            {
                "slug": t.slug,
                "name": t.name,
                "starts_on": t.starts_on,
                "region": region,
                "finished": t.finished_at is not None,
            }
            for t, region in series_selectors.series_tournaments(series)
        ]

    def get_rankings(self, series: Series) -> list[dict[str, str]]:
        return [{"key": key, "name": name} for key, name in series_selectors.ranking_names(series)]


class SeriesListSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)

    class Meta:
        model = Series
        fields = ("slug", "name", "club", "game", "season", "is_public", "version")
        read_only_fields = fields


class SeriesWriteSerializer(serializers.Serializer):
    """What a create or an edit may send (the slug and the game only when creating)."""

    slug = serializers.SlugField(required=False)
    game = serializers.CharField(required=False)
    name = serializers.CharField(required=False)
    club = serializers.CharField(required=False, allow_null=True, help_text="a club's slug")
    season = serializers.CharField(required=False)
    description = serializers.CharField(required=False)
    rules = serializers.JSONField(
        required=False,
        help_text=(
            "see tournaments/series/compute.py and docs/series.md; a named point system with overrides: "
            '{"preset": "<name>", ...}, the names: ' + ", ".join(PRESETS)
        ),
    )
    is_public = serializers.BooleanField(required=False)


class MembershipSerializer(serializers.Serializer):
    tournament = serializers.SlugField(help_text="the tournament's slug")
    region = serializers.CharField(required=False, allow_blank=True)


class FinalSerializer(serializers.Serializer):
    name = serializers.CharField()
    slug = serializers.SlugField()
    starts_on = serializers.DateField()


class SeriesResultSerializer(serializers.Serializer):
    tournament = serializers.CharField(help_text="the tournament's slug")
    date = serializers.DateField()
    region = serializers.CharField()
    place = serializers.IntegerField()
    players = serializers.IntegerField()
    total = serializers.DecimalField(max_digits=16, decimal_places=2)
    points = serializers.DecimalField(max_digits=16, decimal_places=2)
    counted = serializers.BooleanField(help_text="counts for the series (false: dropped by best-of)")
    games = serializers.IntegerField(
        required=False, help_text="the hands played (only with the per_games aggregate)"
    )
    weight = serializers.DecimalField(
        max_digits=4,
        decimal_places=2,
        required=False,
        help_text="the result's weight by age: 1, 0.5, 0 (only with the ema aggregate)",
    )


class SeriesLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.DictField()
    points = serializers.DecimalField(max_digits=16, decimal_places=2)
    played = serializers.IntegerField()
    eligible = serializers.BooleanField(help_text="played the series' minimum of tournaments")
    qualified = serializers.BooleanField(help_text="qualified for the final")
    final_points = serializers.DecimalField(
        max_digits=16,
        decimal_places=2,
        allow_null=True,
        help_text="what the rank carries into the final (the rules' final_points; main ranking only)",
    )
    results = SeriesResultSerializer(many=True)
    tiebreaks = serializers.DictField()


class SeriesStandingsSerializer(serializers.Serializer):
    ranking = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField(help_text="the series' standings version these points count")
    as_of = serializers.DateTimeField(allow_null=True, help_text="when the standings were last computed")
    stale = serializers.BooleanField(help_text="a change is waiting to be counted: they are being updated")
    results = SeriesLineSerializer(many=True)


# --- helpers ------------------------------------------------------------------------------------------


def _user(request: Request) -> Any:
    if table_access(request) is not None:
        raise exceptions.PermissionDenied(texts.TABLE_CODE_ORGANIZERS_ONLY)
    if not getattr(request.user, "is_authenticated", False):
        raise exceptions.NotAuthenticated(texts.LOG_IN)
    return request.user


def _body(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise invalid("body", MUST_BE_OBJECT)
    return dict(request.data)


class SeriesView(ApiView):
    """A view under ``/series/{slug}/``: a series the caller may see (404 otherwise)."""

    def series(self) -> Series:
        if not hasattr(self, "_series"):
            found = series_selectors.series_get(self.kwargs["slug"], self.request.user)
            if found is None:
                raise Http404
            self._series = found
        return self._series

    def manager(self) -> Any:
        user = _user(self.request)
        if not series_selectors.can_manage_series(user, self.series()):
            raise exceptions.PermissionDenied(texts.ORGANIZERS_ONLY)
        return user


# --- views --------------------------------------------------------------------------------------------


class SeriesFilter(django_filters.FilterSet):
    game = django_filters.CharFilter()
    club = django_filters.CharFilter(field_name="club__slug")
    season = django_filters.CharFilter()

    class Meta:
        model = Series
        fields = ("game", "club", "season")


class SeriesListView(ApiView, generics.GenericAPIView):
    """Series: the public ones and those you manage; organizers create them."""

    serializer_class = SeriesListSerializer
    filterset_class = SeriesFilter

    def get_queryset(self) -> QuerySet[Series]:
        return series_selectors.series_visible_to(self.request.user).order_by("-created_at", "name")

    @extend_schema(
        summary="List series (filter by game, club, season)", responses=SeriesListSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(SeriesListSerializer(page, many=True).data)

    @extend_schema(
        summary="Create a series (a club's organizers for their club; staff for a series of no club)",
        request=SeriesWriteSerializer,
        responses={201: SeriesSerializer},
    )
    def post(self, request: Request) -> Response:
        series = services.series_create(fields=_body(request), by=_user(request))
        return with_etag(
            Response(SeriesSerializer(series).data, status=status.HTTP_201_CREATED), SERIES, series
        )


class SeriesDetailView(SeriesView):
    @extend_schema(
        summary="A series with its rules, tournaments and rankings",
        parameters=[SLUG],
        responses=SeriesSerializer,
    )
    def get(self, request: Request, slug: str) -> Response:
        series = self.series()
        return with_etag(Response(SeriesSerializer(series).data), SERIES, series)

    @extend_schema(
        summary="Edit a series (its organizers); If-Match refuses a stale edit with 412",
        parameters=[SLUG, IF_MATCH],
        request=SeriesWriteSerializer,
        responses=SeriesSerializer,
    )
    def patch(self, request: Request, slug: str) -> Response:
        series = self.series()
        user = self.manager()
        version = expected_version(request, SERIES, series)
        saved = services.series_edit(series, fields=_body(request), by=user, expected_version=version)
        return with_etag(Response(SeriesSerializer(saved).data), SERIES, saved)


class SeriesTournamentsView(SeriesView):
    def _tournament(self, slug: Any) -> Tournament:
        if not isinstance(slug, str) or not slug:
            raise invalid("tournament", NAME_A_TOURNAMENT)
        found = selectors.tournaments_visible_to(self.request.user).filter(slug=slug[:200]).first()
        if found is None:
            raise invalid("tournament", NO_TOURNAMENT, params={"slug": slug[:200]})
        return found

    @extend_schema(
        summary="Count a tournament for the series (of the series' game), in a region",
        parameters=[SLUG],
        request=MembershipSerializer,
        responses={201: SeriesSerializer},
    )
    def post(self, request: Request, slug: str) -> Response:
        user = self.manager()
        body = _body(request)
        unknown = sorted(set(body) - {"tournament", "region"})
        if unknown:
            raise invalid(str(unknown[0])[:80], texts.FIELD_UNKNOWN)
        tournament = self._tournament(body.get("tournament"))
        services.series_tournament_add(self.series(), tournament, region=body.get("region", ""), by=user)
        series = Series.objects.get(pk=self.series().pk)
        return with_etag(
            Response(SeriesSerializer(series).data, status=status.HTTP_201_CREATED), SERIES, series
        )

    @extend_schema(
        summary="Stop counting a tournament for the series (?tournament=<slug>)",
        parameters=[SLUG, OpenApiParameter("tournament", OpenApiTypes.STR, required=True)],
        responses={200: SeriesSerializer},
    )
    def delete(self, request: Request, slug: str) -> Response:
        user = self.manager()
        tournament = self._tournament(request.query_params.get("tournament"))
        if not services.series_tournament_remove(self.series(), tournament, by=user):
            raise Http404
        series = Series.objects.get(pk=self.series().pk)
        return with_etag(Response(SeriesSerializer(series).data), SERIES, series)


def _ranking_key(request: Request, series: Series) -> str:
    key = request.query_params.get("ranking", "")
    if len(key) > 40 or series_selectors.ranking_name(series, key) is None:
        raise exceptions.NotFound(NO_RANKING)
    return key


def standings_data(series: Series, key: str) -> dict[str, Any]:
    ranking = series_selectors.series_ranking(series, key)
    if ranking is None:
        raise Http404
    slugs = {pk: t.slug for pk, t in series_selectors.tournament_names(series).items()}
    rules = series_selectors.rules_of(series)
    return {
        "ranking": ranking.key,
        "name": ranking.name,
        "version": ranking.freshness.version,
        "as_of": ranking.freshness.as_of,
        "stale": ranking.freshness.stale,
        "results": [
            {
                "rank": line.rank,
                "player": {"id": line.player_id, "name": line.player.name},
                "points": line.points,
                "played": line.tournaments_played,
                "eligible": line.eligible,
                "qualified": line.qualified,
                "final_points": series_selectors.line_final_points(series, line, rules),
                "results": [{**r, "tournament": slugs.get(r["tournament_id"], "")} for r in line.results],
                "tiebreaks": line.tiebreak_values,
            }
            for line in ranking.lines
        ],
    }


class SeriesStandingsView(SeriesView):
    @extend_schema(
        summary="A ranking of the series, with its freshness and each line's results counted or dropped",
        parameters=[SLUG, RANKING],
        responses=SeriesStandingsSerializer,
    )
    def get(self, request: Request, slug: str) -> Response:
        series = self.series()
        data = standings_data(series, _ranking_key(request, series))
        response = Response(SeriesStandingsSerializer(data).data)
        response["ETag"] = f'"series-standings-{series.pk}-v{data["version"]}"'
        return response


class SeriesStandingsCSVView(SeriesView):
    @extend_schema(
        summary="A ranking of the series as CSV",
        parameters=[SLUG, RANKING],
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="the ranking as CSV")},
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        series = self.series()
        key = _ranking_key(request, series)
        response = HttpResponse(
            series_selectors.series_csv(series, key).encode(), content_type="text/csv; charset=utf-8"
        )
        suffix = f"-{key}" if key else ""
        response["Content-Disposition"] = f'attachment; filename="{series.slug}{suffix}.csv"'
        return response


class SeriesFinalView(SeriesView):
    @extend_schema(
        summary="Create the series' final: its qualified players seeded by their series rank",
        parameters=[SLUG],
        request=FinalSerializer,
        responses={201: OpenApiResponse(description="the final: {slug, name, starts_on}")},
    )
    def post(self, request: Request, slug: str) -> Response:
        user = self.manager()
        body = _body(request)
        unknown = sorted(set(body) - {"name", "slug", "starts_on"})
        if unknown:
            raise invalid(str(unknown[0])[:80], texts.FIELD_UNKNOWN)
        final = services.series_final_create(
            self.series(),
            name=body.get("name"),
            slug=body.get("slug"),
            starts_on=body.get("starts_on"),
            by=user,
        )
        return Response(
            {"slug": final.slug, "name": final.name, "starts_on": final.starts_on},
            status=status.HTTP_201_CREATED,
        )


S = "series/<slug:slug>/"
urlpatterns = [
    path("series/", SeriesListView.as_view(), name="series-list"),
    path(S, SeriesDetailView.as_view(), name="series-detail"),
    path(f"{S}tournaments/", SeriesTournamentsView.as_view(), name="series-tournaments"),
    path(f"{S}standings/", SeriesStandingsView.as_view(), name="series-standings"),
    path(f"{S}standings.csv", SeriesStandingsCSVView.as_view(), name="series-standings-csv"),
    path(f"{S}final/", SeriesFinalView.as_view(), name="series-final"),
]
