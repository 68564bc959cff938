"""Tournaments, clubs, players, registrations, standings and penalties of /api/v1/.

Views authorize and call one service (or a selector); the serializers translate. Organizers of the
tournament (or superusers) write; the public reads public tournaments only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_filters
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.cache import patch_vary_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import exceptions, generics, renderers, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1 import serializers_tournaments as s
from api.v1.access import linked_player, require_organizer
from api.v1.base import ApiView, TournamentView, expected_version, with_etag
from api.v1.idempotency import HEADER as IDEMPOTENCY_HEADER
from api.v1.idempotency import idempotent
from config.cache import cache_get, cache_set
from tournaments import selectors
from tournaments.core import api_texts as texts
from tournaments.organizing.models import Club, Tournament
from tournaments.organizing.selectors import may_create_club
from tournaments.organizing.services import (
    club_create,
    tournament_create,
    tournament_edit,
    tournament_finish,
    tournament_reopen,
)
from tournaments.participants.models import Registration
from tournaments.participants.services import (
    player_edit,
    players_import_csv,
    registration_check_in,
    registration_no_show,
    registration_withdraw,
    tournament_player_add,
)
from tournaments.results.models import Penalty
from tournaments.results.services.penalties import penalty_award, penalty_withdraw

SLUG = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="the tournament's slug")
ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="the object's id")
IF_MATCH = OpenApiParameter(
    "If-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, description='the ETag read, e.g. "tournament-3-v7"'
)
IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="retry safely with the same key",
)
TOURNAMENT = "tournament"


def _authenticated(request: Request) -> Any:
    if not getattr(request.user, "is_authenticated", False):
        raise exceptions.NotAuthenticated(texts.LOG_IN)
    return request.user


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# --- tournaments -------------------------------------------------------------------------------------


class TournamentFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains")
    starts_after = django_filters.DateFilter(field_name="starts_on", lookup_expr="gte")
    starts_before = django_filters.DateFilter(field_name="starts_on", lookup_expr="lte")

    class Meta:
        model = Tournament
        fields = ("status", "is_public", "name", "starts_after", "starts_before")


class TournamentListView(ApiView, generics.GenericAPIView):
    """Tournaments: everyone reads the public ones; staff users create new ones."""

    serializer_class = s.TournamentSerializer
    filterset_class = TournamentFilter
    ordering_fields = ("starts_on", "name", "created_at")
    ordering = ("-starts_on", "name")

    def get_queryset(self) -> QuerySet[Tournament]:
        return (
            selectors.tournaments_visible_to(self.request.user)
            .select_related("club")
            .prefetch_related("reopenings")
        )

    @extend_schema(
        summary="List tournaments: the public ones, and every one you organize",
        responses=s.TournamentSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(s.TournamentSerializer(page, many=True).data)

    @extend_schema(
        summary="Create a tournament (staff users and superusers; you become its organizer)",
        request=s.TournamentSerializer,
        responses={201: s.TournamentSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    @idempotent
    def post(self, request: Request) -> Response:
        user = _authenticated(request)
        tournament = tournament_create(fields=_valid(s.TournamentSerializer, request), by=user)
        response = Response(s.TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)
        return with_etag(response, TOURNAMENT, tournament)


class TournamentDetailView(TournamentView):
    """One tournament and its format; edits carry If-Match so two organizers never overwrite each other."""

    @extend_schema(
        summary="A tournament with its whole format", parameters=[SLUG], responses=s.TournamentSerializer
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        return with_etag(Response(s.TournamentSerializer(tournament).data), TOURNAMENT, tournament)

    @extend_schema(
        summary="Edit a tournament (its organizers); If-Match refuses a stale edit with 412",
        parameters=[SLUG, IF_MATCH],
        request=s.TournamentEditSerializer,
        responses=s.TournamentSerializer,
    )
    def patch(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        version = expected_version(request, TOURNAMENT, tournament)
        serializer = s.TournamentEditSerializer(tournament, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        saved = tournament_edit(
            tournament, changes=dict(serializer.validated_data), by=user, expected_version=version
        )
        return with_etag(Response(s.TournamentSerializer(saved).data), TOURNAMENT, saved)


# --- clubs ---------------------------------------------------------------------------------------------


class ClubFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains")
    city = django_filters.CharFilter(lookup_expr="iexact")

    class Meta:
        model = Club
        fields = ("name", "city")


class ClubListView(ApiView, generics.GenericAPIView):
    """Clubs are shared by all tournaments: public to read, organizers add them."""

    queryset = Club.objects.all()
    serializer_class = s.ClubSerializer
    filterset_class = ClubFilter
    ordering_fields = ("name", "city")
    ordering = ("name",)

    @extend_schema(summary="List clubs", responses=s.ClubSerializer(many=True))
    def get(self, request: Request) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(s.ClubSerializer(page, many=True).data)

    @extend_schema(
        summary="Create a club (organizers of any tournament, staff users and superusers)",
        request=s.ClubSerializer,
        responses={201: s.ClubSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    @idempotent
    def post(self, request: Request) -> Response:
        user = _authenticated(request)
        if not may_create_club(user):
            raise exceptions.PermissionDenied(texts.ORGANIZERS_CREATE_CLUBS)
        data = request.data if isinstance(request.data, dict) else {}
        unknown = sorted(set(data) - {"name", "city"})
        if unknown:
            raise ValidationError({unknown[0]: [ValidationError(texts.CLUB_FIELD_UNKNOWN, code="invalid")]})
        # the service checks the values themselves (text, not a number; no NUL; length): the field is named
        club = club_create(name=data.get("name"), city=data.get("city", ""), by=user)
        return Response(s.ClubSerializer(club).data, status=status.HTTP_201_CREATED)


# --- players and registrations -------------------------------------------------------------------------


class RegistrationFilter(django_filters.FilterSet):
    club = django_filters.NumberFilter(field_name="player__club")
    name = django_filters.CharFilter(field_name="player__name", lookup_expr="icontains")

    class Meta:
        model = Registration
        fields = ("status", "club", "name")


class _RegistrationsBase(TournamentView, generics.GenericAPIView):
    filterset_class = RegistrationFilter
    ordering = ("player__name",)

    def get_queryset(self) -> QuerySet[Registration]:
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        return self.tournament().registrations.select_related("player", "player__club")


class PlayersView(_RegistrationsBase):
    """Who plays in the tournament, as the public may see it (no accounts, no e-mails)."""

    serializer_class = s.RegisteredPlayerSerializer
    ordering_fields = ("player__name", "player__rating", "registered_at")

    @extend_schema(
        summary="The tournament's registered players (public for public tournaments)",
        parameters=[SLUG],
        responses=s.RegisteredPlayerSerializer(many=True),
    )
    def get(self, request: Request, slug: str) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(s.RegisteredPlayerSerializer(page, many=True).data)

    @extend_schema(
        summary="Add a player (organizers): an existing one by id, or a new one created and registered",
        parameters=[SLUG, IDEMPOTENCY_KEY],
        request=s.PlayerAddSerializer,
        responses={201: s.RegistrationSerializer},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        registration = tournament_player_add(tournament, **_valid(s.PlayerAddSerializer, request), by=user)
        return Response(s.RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class PlayerResultsView(TournamentView):
    """A registered player's rounds: table, seat, opponents, points and rank after each released round."""

    @extend_schema(
        summary="A player's rounds: table, seat, opponents, points, rank after the round",
        parameters=[SLUG, ID],
        responses=s.PlayerResultsSerializer,
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        tournament = self.tournament()
        registration = get_object_or_404(
            tournament.registrations.select_related("player__club"), player_id=pk
        )
        rounds = selectors.player_rounds(tournament, registration.player_id)
        return Response(s.PlayerResultsSerializer({"player": registration.player, "rounds": rounds}).data)


class PlayerRecordView(TournamentView):
    """A registered player's record, organizers only: the private fields (gender, birth year) that a
    series' side rankings read are set here and never shown publicly."""

    def player(self, tournament: Tournament, pk: int) -> Any:
        registrations = tournament.registrations.select_related("player__club")
        return get_object_or_404(registrations, player_id=pk).player

    @extend_schema(
        summary="A registered player's record with its private fields (organizers)",
        parameters=[SLUG, ID],
        responses=s.PlayerPrivateSerializer,
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        tournament = self.tournament()
        require_organizer(request, tournament)
        return Response(s.PlayerPrivateSerializer(self.player(tournament, pk)).data)

    @extend_schema(
        summary="Change a registered player's record (organizers): name, club, rating, gender, birth year",
        parameters=[SLUG, ID],
        request=s.PlayerEditSerializer,
        responses=s.PlayerPrivateSerializer,
    )
    def patch(self, request: Request, slug: str, pk: int) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        if isinstance(request.data, dict):  # a key the record does not have is named, not ignored
            unknown = sorted(set(request.data) - set(s.PlayerEditSerializer().fields))
            if unknown:
                raise ValidationError(
                    {str(unknown[0])[:80]: [ValidationError(texts.FIELD_UNKNOWN, code="invalid")]}
                )
        changes = _valid(s.PlayerEditSerializer, request)
        player = player_edit(self.player(tournament, pk), changes=changes, by=user, tournament=tournament)
        return Response(s.PlayerPrivateSerializer(player).data)


class MeView(TournamentView):
    """The calling user's own player in this tournament: registration and rounds."""

    @extend_schema(
        summary="Your own registration and results (a user linked to a player)",
        parameters=[SLUG],
        responses=s.MeSerializer,
    )
    def get(self, request: Request, slug: str) -> Response:
        _authenticated(request)
        tournament = self.tournament()
        player = linked_player(request)
        registration = (
            tournament.registrations.select_related("player__club").filter(player=player).first()
            if player
            else None
        )
        if registration is None:
            raise exceptions.NotFound(texts.NOT_LINKED_TO_A_PLAYER)
        rounds = selectors.player_rounds(tournament, player.pk)
        data = {"player": player, "registration": registration, "rounds": rounds}
        return Response(s.MeSerializer(data).data)


class RegistrationsView(_RegistrationsBase):
    """Registrations with their status and rounds: organizers see all, a player their own."""

    serializer_class = s.RegistrationSerializer
    ordering_fields = ("player__name", "player__rating", "registered_at", "status")

    def get_queryset(self) -> QuerySet[Registration]:
        queryset = super().get_queryset()
        if self.request.query_params.get("mine") in ("1", "true"):
            player = linked_player(self.request)
            return queryset.filter(player=player) if player else queryset.none()
        return queryset

    @extend_schema(
        summary="Registrations (organizers); with ?mine=1 your own (a user linked to a player)",
        parameters=[
            SLUG,
            OpenApiParameter("mine", OpenApiTypes.BOOL, description="only your own registration"),
        ],
        responses=s.RegistrationSerializer(many=True),
    )
    def get(self, request: Request, slug: str) -> Response:
        if request.query_params.get("mine") in ("1", "true"):
            _authenticated(request)
        else:
            require_organizer(request, self.tournament())
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(s.RegistrationSerializer(page, many=True).data)

    @extend_schema(
        summary="Register an existing player (organizers); after round 1 a late entry",
        parameters=[SLUG, IDEMPOTENCY_KEY],
        request=s.RegisterSerializer,
        responses={201: s.RegistrationSerializer},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        data = _valid(s.RegisterSerializer, request)
        registration = tournament_player_add(
            tournament, player=data["player"], check_in=data["check_in"], by=user
        )
        return Response(s.RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class RegistrationsImportView(TournamentView):
    """A whole entry list at once, from the spreadsheet organizers already keep."""

    @extend_schema(
        summary="Import players from CSV and register them (organizers); one bad row rejects the file",
        parameters=[SLUG, IDEMPOTENCY_KEY],
        request=s.ImportSerializer,
        responses=s.ImportReportSerializer,
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        data = _valid(s.ImportSerializer, request)
        report = players_import_csv(tournament, data["file"], check_in=data["check_in"], by=user)
        return Response(s.ImportReportSerializer(report).data)


class _RegistrationAction(TournamentView):
    """An organizer changes a registration's status through its service (``service``: check in, did not
    come, withdraw); the answer is the registration as it now is."""

    service: Callable[..., Registration]

    def registration(self, pk: int) -> Registration:
        return get_object_or_404(self.tournament().registrations.select_related("player__club"), pk=pk)

    @idempotent
    def post(self, request: Request, slug: str, pk: int) -> Response:
        user = require_organizer(request, self.tournament())
        registration = type(self).service(self.registration(pk), by=user)
        return Response(s.RegistrationSerializer(registration).data)


def _registration_action(summary: str) -> Callable[[type], type]:
    return extend_schema_view(
        post=extend_schema(
            summary=summary,
            parameters=[SLUG, ID, IDEMPOTENCY_KEY],
            request=None,
            responses=s.RegistrationSerializer,
        )
    )


@_registration_action("Check a registered player in (organizers)")
class RegistrationCheckInView(_RegistrationAction):
    """Checked-in players are the ones the next draw seats."""

    service = staticmethod(registration_check_in)


@_registration_action("Mark a registered player as not come (organizers): never drawn until checked in")
class RegistrationNoShowView(_RegistrationAction):
    """Registered, did not come: kept in the list, never drawn; checking the player in undoes it."""

    service = staticmethod(registration_no_show)


@_registration_action(
    "Withdraw a player between rounds (organizers): kept in drawn rounds, left out of later ones"
)
class RegistrationWithdrawView(_RegistrationAction):
    """Withdrawal between rounds: earlier rounds keep counting."""

    service = staticmethod(registration_withdraw)


# --- standings -----------------------------------------------------------------------------------------


class StandingsCSVRenderer(renderers.BaseRenderer):
    """Standings as CSV (``Accept: text/csv`` or ``?format=csv``); the view hands it the CSV text."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        return data.encode(self.charset) if isinstance(data, str) else b""


def standings_body(
    tournament: Tournament, after_round: int | None, fmt: str
) -> tuple[str | None, tuple[bytes, str, str | None] | None]:
    """(cache key, (content, content type, content disposition)) of the standings; no body for a round
    without standings. Served from the cache while nothing changed: the key holds the standings' and the
    tournament's versions, so any change that affects them (each one bumps ``StandingsState.version``) or
    their recompute yields a new key, and a reader never gets an older body than the database holds."""
    state = selectors.standings_state(tournament)
    if state is None:
        return None, _standings_render(tournament, after_round, state, fmt)
    versions = f"{tournament.pk}-{tournament.version}-{state.version}-{state.computed_version}"
    key = f"standings-{versions}-{after_round or 'latest'}-{fmt}"
    body = cache_get(f"api:{key}")
    if body is None:
        body = _standings_render(tournament, after_round, state, fmt)
        if body is not None:
            cache_set(f"api:{key}", body)
    return key, body


def _standings_render(
    tournament: Tournament, after_round: int | None, state: Any, fmt: str
) -> tuple[bytes, str, str | None] | None:
    table = selectors.standings_table(tournament, after_round)
    if after_round is not None and not table.rows:
        return None
    if fmt == "csv":
        csv_text = selectors.standings_csv(tournament, table.after_round or None)
        disposition = f'inline; filename="{tournament.slug}-standings.csv"'
        return csv_text.encode(), "text/csv; charset=utf-8", disposition
    data = {
        "after_round": table.after_round,
        "live": table.live,
        "provisional": table.provisional,
        "final": table.final,
        "stale": bool(state and state.stale_since),
        "version": state.computed_version if state else 0,
        "as_of": state.computed_at if state else None,
        "round_numbers": table.round_numbers,
        "tiebreaks": list(tournament.tiebreaks),
        "hands_in_dispute": table.hands_in_dispute,
        "results": table.rows,
    }
    return renderers.JSONRenderer().render(s.StandingsSerializer(data).data), "application/json", None


def standings_warm(sender: Any, tournament: Tournament, **kwargs: Any) -> None:
    """Once a recompute made the standings current (in the worker), put the new body in the cache, so
    that the first of many scoreboards polling them does not wait for it."""
    tournament.refresh_from_db()
    for fmt in ("json", "csv"):
        standings_body(tournament, None, fmt)


class StandingsView(TournamentView):
    """Standings as stored by the recompute, with whether they are current, in JSON or CSV."""

    renderer_classes = [renderers.JSONRenderer, StandingsCSVRenderer]

    @extend_schema(
        summary="Standings: current (live during a round) or after a round; JSON, or CSV",
        parameters=[
            SLUG,
            OpenApiParameter("after_round", OpenApiTypes.INT, description="the standings after this round"),
            OpenApiParameter("format", OpenApiTypes.STR, enum=["json", "csv"]),
        ],
        responses={
            (200, "application/json"): s.StandingsSerializer,
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="the standings as CSV"),
        },
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        tournament = self.tournament()
        after_round = self._after_round(request)
        key, body = standings_body(tournament, after_round, request.accepted_renderer.format)
        if after_round is not None and body is None:
            raise Http404
        response = self._response(body)
        if key:
            response["ETag"] = f'"{key}"'
        return response

    @staticmethod
    def _response(body: tuple[bytes, str, str | None]) -> HttpResponse:
        content, content_type, disposition = body
        response = HttpResponse(content, content_type=content_type)
        if disposition:
            response["Content-Disposition"] = disposition
        patch_vary_headers(response, ["Accept"])
        return response

    def _after_round(self, request: Request) -> int | None:
        raw = request.query_params.get("after_round")
        if raw is None or raw == "":
            return None
        if not raw.isdigit() or not 1 <= int(raw) <= 10_000:
            raise exceptions.ValidationError({"after_round": [texts.ROUND_NUMBER]})
        return int(raw)

    def handle_exception(self, exc: Exception) -> Response:
        """Errors are JSON in the one error shape, whatever the client accepted."""
        self.request.accepted_renderer = renderers.JSONRenderer()
        self.request.accepted_media_type = "application/json"
        return super().handle_exception(exc)


# --- penalties -----------------------------------------------------------------------------------------


class PenaltyFilter(django_filters.FilterSet):
    player = django_filters.NumberFilter(field_name="player")
    round = django_filters.NumberFilter(field_name="round__number")
    withdrawn = django_filters.BooleanFilter(field_name="withdrawn_at", lookup_expr="isnull", exclude=True)

    class Meta:
        model = Penalty
        fields = ("player", "round", "withdrawn")


class PenaltiesView(TournamentView, generics.GenericAPIView):
    """Organizers' penalties and bonuses outside table results."""

    serializer_class = s.PenaltySerializer
    filterset_class = PenaltyFilter
    ordering_fields = ("created_at", "points")
    ordering = ("-created_at", "-id")

    def get_queryset(self) -> QuerySet[Penalty]:
        if getattr(self, "swagger_fake_view", False):
            return Penalty.objects.none()
        return self.tournament().penalties.select_related("player__club", "round")

    @extend_schema(
        summary="Penalties and bonuses (organizers)",
        parameters=[SLUG],
        responses=s.PenaltySerializer(many=True),
    )
    def get(self, request: Request, slug: str) -> Response:
        require_organizer(request, self.tournament())
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(s.PenaltySerializer(page, many=True).data)

    @extend_schema(
        summary="Award a penalty or bonus (organizers); a retry with the same Idempotency-Key awards it once",
        parameters=[SLUG, IDEMPOTENCY_KEY],
        request=s.PenaltyAwardSerializer,
        responses={201: s.PenaltySerializer},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        data = _valid(s.PenaltyAwardSerializer, request)
        round_ = None
        if data.get("round") is not None:
            round_ = tournament.rounds.filter(number=data["round"]).first()
            if round_ is None:
                raise exceptions.ValidationError({"round": [texts.NO_SUCH_ROUND % {"number": data["round"]}]})
        penalty = penalty_award(
            tournament=tournament,
            player=data["player"],
            points=data["points"],
            reason=data["reason"],
            round_=round_,
            by=user,
            idempotency_key=request.headers.get(IDEMPOTENCY_HEADER),
        )
        return Response(s.PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


class PenaltyWithdrawView(TournamentView):
    """A penalty is never deleted; a wrong one is withdrawn with a reason."""

    @extend_schema(
        summary="Withdraw a penalty with a reason (organizers): it stops counting; its history stays",
        parameters=[SLUG, ID, IDEMPOTENCY_KEY],
        request=s.ReasonSerializer,
        responses=s.PenaltySerializer,
    )
    @idempotent
    def post(self, request: Request, slug: str, pk: int) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        penalty = get_object_or_404(tournament.penalties, pk=pk)
        data = _valid(s.ReasonSerializer, request)
        penalty = penalty_withdraw(penalty, by=user, reason=data["reason"])
        return Response(s.PenaltySerializer(penalty).data)


class TournamentFinishView(TournamentView):
    """The planned rounds (and the final stage) are played: the standings become final, results freeze."""

    @extend_schema(
        summary="Finish the tournament (organizers): final standings, no more rounds, results frozen; "
        "409 while a planned round or the final stage is not played and closed",
        parameters=[SLUG, IDEMPOTENCY_KEY],
        request=s.FinishSerializer,
        responses=s.TournamentSerializer,
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        data = _valid(s.FinishSerializer, request)
        finished = tournament_finish(tournament, by=user, skip_final=data["skip_final"])
        return with_etag(Response(s.TournamentSerializer(finished).data), TOURNAMENT, finished)


class TournamentReopenView(TournamentView):
    """A finished tournament opened again to correct it, with a reason kept for everyone to read."""

    @extend_schema(
        summary="Re-open a finished tournament (organizers) with a reason: its standings are no longer "
        "final, entries, corrections, penalties and draws are accepted again, its series stop counting it "
        "and its game's ratings are rebuilt without it until it is finished again; 409 when not finished",
        parameters=[SLUG, IF_MATCH, IDEMPOTENCY_KEY],
        request=s.ReopenSerializer,
        responses=s.TournamentSerializer,
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        user = require_organizer(request, tournament)
        version = expected_version(request, TOURNAMENT, tournament)
        data = _valid(s.ReopenSerializer, request)
        tournament_reopen(tournament, by=user, reason=data["reason"], expected_version=version)
        reopened = Tournament.objects.get(pk=tournament.pk)
        return with_etag(Response(s.TournamentSerializer(reopened).data), TOURNAMENT, reopened)


T = "tournaments/<slug:slug>/"
urlpatterns = [
    path("tournaments/", TournamentListView.as_view(), name="tournaments"),
    path(T, TournamentDetailView.as_view(), name="tournament"),
    path(f"{T}finish/", TournamentFinishView.as_view(), name="tournament-finish"),
    path(f"{T}reopen/", TournamentReopenView.as_view(), name="tournament-reopen"),
    path("clubs/", ClubListView.as_view(), name="clubs"),
    path(f"{T}players/", PlayersView.as_view(), name="players"),
    path(f"{T}players/<num:pk>/", PlayerRecordView.as_view(), name="player-record"),
    path(f"{T}players/<num:pk>/rounds/", PlayerResultsView.as_view(), name="player-rounds"),
    path(f"{T}me/", MeView.as_view(), name="me"),
    path(f"{T}registrations/", RegistrationsView.as_view(), name="registrations"),
    path(f"{T}registrations/import/", RegistrationsImportView.as_view(), name="registrations-import"),
    path(
        f"{T}registrations/<num:pk>/check-in/",
        RegistrationCheckInView.as_view(),
        name="registration-check-in",
    ),
    path(
        f"{T}registrations/<num:pk>/no-show/",
        RegistrationNoShowView.as_view(),
        name="registration-no-show",
    ),
    path(
        f"{T}registrations/<num:pk>/withdraw/",
        RegistrationWithdrawView.as_view(),
        name="registration-withdraw",
    ),
    path(f"{T}standings/", StandingsView.as_view(), name="standings"),
    path(f"{T}penalties/", PenaltiesView.as_view(), name="penalties"),
    path(f"{T}penalties/<num:pk>/withdraw/", PenaltyWithdrawView.as_view(), name="penalty-withdraw"),
]
