"""``/api/v1/players/``: one person across tournaments and clubs.

* ``GET players/?search=&club=&external_id=``: the organizers' search (``selectors.players_find``):
  staff users and organizers of a tournament or a club; a player's records (club, external id) are not
  public beyond their name in public tournaments;
* ``GET players/{id}/``: public: a player's name, club and public tournaments with rank and total (a
  merged record's id answers with its kept record; never gender, birth year or external id);
* ``GET|POST players/merges/``, ``POST players/merges/{id}/undo/``: merging two records of one person
  (``services.player_merge``): staff users, and organizers of the club of both records.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import exceptions, generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.access import table_access
from api.v1.base import ApiView, Pagination
from api.v1.idempotency import HEADER as IDEMPOTENCY_HEADER
from api.v1.idempotency import idempotent
from api.v1.serializers_tournaments import ClubRefSerializer
from tournaments import selectors, services
from tournaments.core import api_texts as texts
from tournaments.core.validation import invalid, max_length_of, text, whole_number
from tournaments.organizing.models import Club
from tournaments.participants.models import Player, PlayerMerge

ID = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH, description="the object's id")
SEARCH_MAX = 100
IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="retry safely with the same key",
)


class PlayerRecordSerializer(serializers.ModelSerializer):
    """A player's record as organizers see it (the search, a merge)."""

    club = ClubRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Player
        fields = ("id", "name", "club", "rating", "external_id")
        read_only_fields = fields


class PlayedTournamentSerializer(serializers.Serializer):
    """One public tournament of a player (``selectors.PlayedTournament``)."""

    slug = serializers.CharField(source="tournament.slug")
    name = serializers.CharField(source="tournament.name")
    starts_on = serializers.DateField(source="tournament.starts_on")
    game = serializers.CharField(source="tournament.game")
    rank = serializers.IntegerField(allow_null=True)
    total = serializers.DecimalField(max_digits=16, decimal_places=2, allow_null=True)
    field_size = serializers.IntegerField()
    finished = serializers.BooleanField()


class PlayerProfileSerializer(serializers.Serializer):
    """A player as the public sees them: name, club, public tournaments."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    club = ClubRefSerializer(allow_null=True)
    tournaments = PlayedTournamentSerializer(many=True)


class MergeSerializer(serializers.ModelSerializer):
    kept = PlayerRecordSerializer(read_only=True)
    merged = PlayerRecordSerializer(read_only=True)
    tournament_ids = serializers.SerializerMethodField()
    rows_moved = serializers.SerializerMethodField()

    class Meta:
        model = PlayerMerge
        fields = ("id", "kept", "merged", "reason", "merged_at", "undone_at", "tournament_ids", "rows_moved")
        read_only_fields = fields

    def get_tournament_ids(self, merge: PlayerMerge) -> list[int]:
        return list(merge.moved.get("tournament_ids", []))

    def get_rows_moved(self, merge: PlayerMerge) -> dict[str, int]:
        return {key: len(pks) for key, pks in merge.moved.get("rows", {}).items()}


class MergeRequestSerializer(serializers.Serializer):
    """For the schema: the body ``POST players/merges/`` reads (checked by ``merge_request``)."""

    kept = serializers.IntegerField(help_text="the record kept (the person's record from now on)")
    merged = serializers.IntegerField(help_text="the record merged into it")
    reason = serializers.CharField(required=False, allow_blank=True)


def _user(request: Request) -> Any:
    if table_access(request) is not None or not getattr(request.user, "is_authenticated", False):
        raise exceptions.NotAuthenticated(texts.LOG_IN)
    return request.user


def _player(value: Any, field: str) -> Player:
    pk = whole_number(value, field, low=1)
    found = Player.objects.select_related("club").filter(pk=pk).first()
    if found is None:
        raise invalid(field, texts.NOT_FOUND)
    return found


def merge_request(data: Any) -> dict[str, Any]:
    """The two records and the reason of a merge request, or a 400 naming the field."""
    if not isinstance(data, dict):
        raise invalid("body", texts.JSON_OBJECT)
    reason = text(data.get("reason", ""), "reason", max_length=max_length_of(PlayerMerge, "reason"))
    return {
        "kept": _player(data.get("kept"), "kept"),
        "merged": _player(data.get("merged"), "merged"),
        "reason": reason,
    }


class PlayerSearchView(ApiView):
    """The organizers' player search (finding an existing person before creating a new record)."""

    @extend_schema(
        summary="Find players by name (accents ignored), club or external id (organizers)",
        operation_id="players_search",
        parameters=[
            OpenApiParameter(
                "search", OpenApiTypes.STR, description="words of the name or club, or an external id"
            ),
            OpenApiParameter("club", OpenApiTypes.STR, description="a club's id or (part of) its name"),
            OpenApiParameter("external_id", OpenApiTypes.STR, description="exactly"),
            OpenApiParameter("limit", OpenApiTypes.INT, description="at most this many (20; up to 100)"),
        ],
        responses=inline_serializer("PlayerSearchResults", {"results": PlayerRecordSerializer(many=True)}),
    )
    def get(self, request: Request) -> Response:
        user = _user(request)
        if not selectors.may_find_players(user):
            raise exceptions.PermissionDenied(texts.PLAYER_RECORDS_ORGANIZERS_ONLY)
        params = request.query_params
        search = text(params.get("search", ""), "search", max_length=SEARCH_MAX)
        club_text = text(params.get("club", ""), "club", max_length=max_length_of(Club, "name"))
        external_id = text(
            params.get("external_id", ""), "external_id", max_length=max_length_of(Player, "external_id")
        )
        limit: Any = params.get("limit", "20")
        if limit.isascii() and limit.isdigit() and len(limit) <= 9:
            limit = int(limit)
        limit = whole_number(limit, "limit", low=1, high=selectors.FIND_LIMIT_MAX)
        club: Any = club_text or None
        if club_text.isascii() and club_text.isdigit() and len(club_text) <= 9:
            club = Club.objects.filter(pk=int(club_text)).first()
            if club is None:
                return Response({"results": []})
        found = selectors.players_find(search, club=club, external_id=external_id or None, limit=limit)
        return Response({"results": PlayerRecordSerializer(found, many=True).data})


class PlayerProfileView(ApiView):
    """A player's public profile: the public tournaments they played."""

    @extend_schema(
        summary="A player across tournaments and clubs (public)",
        parameters=[ID],
        responses=PlayerProfileSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        kept = selectors.kept_player_ids([pk]).get(pk)
        player = Player.objects.select_related("club").filter(pk=kept).first() if kept else None
        if player is None:
            raise Http404
        played = selectors.player_tournaments(player, selectors.public_tournaments())
        body = {"id": player.pk, "name": player.name, "club": player.club, "tournaments": played}
        return Response(PlayerProfileSerializer(body).data)


class MergeListView(ApiView, generics.GenericAPIView):
    """Merges of two records of one person: list them (paginated), make one."""

    pagination_class = Pagination
    serializer_class = MergeSerializer
    queryset = PlayerMerge.objects.none()  # the schema's model; the list is the caller's merges

    @extend_schema(
        summary="The merges you may see (staff users; organizers: their clubs' records)",
        responses=MergeSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        user = _user(request)
        if not selectors.may_merge_some(user):
            raise exceptions.PermissionDenied(texts.MERGES_ORGANIZERS_ONLY)
        page = self.paginate_queryset(selectors.player_merges(user))
        return self.get_paginated_response(MergeSerializer(page, many=True).data)

    @extend_schema(
        summary="Merge two records of one person: every row of `merged` moves to `kept` (undoable)",
        request=MergeRequestSerializer,
        responses={201: MergeSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    @idempotent
    def post(self, request: Request) -> Response:
        user = _user(request)
        data = merge_request(request.data)
        if not selectors.may_merge_players(user, data["kept"], data["merged"]):
            raise exceptions.PermissionDenied(texts.MERGES_ORGANIZERS_ONLY)
        merge = services.player_merge(data["kept"], data["merged"], by=user, reason=data["reason"])
        return Response(MergeSerializer(merge).data, status=status.HTTP_201_CREATED)


class MergeUndoView(ApiView):
    @extend_schema(
        summary="Undo a merge: exactly the rows it moved go back",
        parameters=[ID],
        request=None,
        responses=MergeSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        user = _user(request)
        merge = selectors.player_merges(user).filter(pk=pk).first()
        if merge is None:
            if not selectors.may_merge_some(user):
                raise exceptions.PermissionDenied(texts.MERGES_ORGANIZERS_ONLY)
            raise Http404
        merge = services.player_merge_undo(merge, by=user)
        return Response(MergeSerializer(merge).data)


urlpatterns = [
    path("players/", PlayerSearchView.as_view(), name="player-search"),
    path("players/merges/", MergeListView.as_view(), name="player-merges"),
    path("players/merges/<num:pk>/undo/", MergeUndoView.as_view(), name="player-merge-undo"),
    path("players/<num:pk>/", PlayerProfileView.as_view(), name="player-profile"),
]
