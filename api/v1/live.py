"""Live tables over HTTP (docs/live.md): a seat's state and its moves by its private link, a spectator's
state, the organizer's start, and a club's practice table. The same state is pushed over the WebSocket
(``/ws/live/seats/{token}/``) after every change; this API is what a phone falls back to, and where a move
is made (a retry with the same ``Idempotency-Key`` is answered with the current state, applied once)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.access import require_organizer
from api.v1.base import ApiView
from api.v1.clubs import ClubView
from api.v1.rounds import IDEMPOTENCY_KEY
from tournaments.core import api_texts as texts
from tournaments.draw.models import Round, Table
from tournaments.live import selectors as live_selectors
from tournaments.live import services as live
from tournaments.live.models import LiveTable
from tournaments.organizing.models import Tournament

TOKEN = OpenApiParameter(
    "token", OpenApiTypes.STR, OpenApiParameter.PATH, description="the seat's private link"
)


class MoveIn(serializers.Serializer):
    step = serializers.IntegerField(help_text="the view's step the move was chosen at (409 if it moved on)")
    code = serializers.CharField(help_text='the move, as the view\'s choices name it, e.g. "play XXI"')


class BotIn(serializers.Serializer):
    on = serializers.BooleanField(help_text="true: the bot plays this seat; false: the player takes it back")


class LiveStartIn(serializers.Serializer):
    bots = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text='seats a bot plays from the start, e.g. {"D": "rule"}',
    )


class PracticeIn(serializers.Serializer):
    game = serializers.CharField()
    preset = serializers.CharField(required=False)
    players = serializers.ListField(
        child=serializers.CharField(), help_text="the people's names, 1 to the table's seats"
    )
    seats = serializers.IntegerField(
        required=False, help_text="the table's size, one the preset seats (default: the game's usual one)"
    )
    bot_kind = serializers.CharField(required=False, help_text='"rule" or "random"')
    hands = serializers.IntegerField(required=False)


def _data(request: Request) -> dict[str, Any]:
    """The body as sent: the services check each value and name the field they refuse."""
    return request.data if isinstance(request.data, dict) else {}


class SeatView(ApiView):
    """A seat's state: its view of the hand in play (its own cards, what the table has seen, its choices
    when it moves), the table and the score sheet; reading it is a sign of life of the seat."""

    def seat(self) -> Any:
        seat = live.live_seat_by_token(self.kwargs["token"])
        if seat is None:
            raise Http404
        return seat

    @extend_schema(
        summary="A live seat's state (by its private link)", parameters=[TOKEN], responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request, token: str) -> Response:
        seat = self.seat()
        live.live_seat_seen(seat)
        return Response(live_selectors.seat_state(seat))


class SeatMoveView(SeatView):
    @extend_schema(
        summary="Make a move at a live seat: 409 naming step when the hand moved on since the view was read, "
        "400 naming code when the rules refuse it (nothing changes); a retry with the same Idempotency-Key "
        "is answered with the current state",
        parameters=[TOKEN, IDEMPOTENCY_KEY],
        request=MoveIn,
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request: Request, token: str) -> Response:
        seat = self.seat()
        data = _data(request)
        live.live_move(
            seat=seat,
            step=data.get("step"),
            code=data.get("code"),
            idempotency_key=request.headers.get("Idempotency-Key"),
            user=request.user,
        )
        seat.refresh_from_db()
        return Response(live_selectors.seat_state(seat))


class SeatBotView(SeatView):
    @extend_schema(
        summary="Hand a live seat to its bot, or take it back",
        parameters=[TOKEN],
        request=BotIn,
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request: Request, token: str) -> Response:
        seat = live.live_seat_to_bot(seat=self.seat(), on=_data(request).get("on"), by=request.user)
        return Response(live_selectors.seat_state(seat))


class LiveTableView(ApiView):
    def live_table(self) -> LiveTable:
        live_table = LiveTable.objects.filter(pk=self.kwargs["pk"]).first()
        if live_table is None or not live_selectors.may_watch(self.request.user, live_table):
            raise Http404
        return live_table

    @extend_schema(
        summary="A live table as a spectator sees it (no hidden card)", responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(live_selectors.spectator_state(self.live_table()))


class LiveTableBeginView(LiveTableView):
    @extend_schema(
        summary="Start a live table without waiting for every phone (organizers)",
        request=None,
        responses=OpenApiTypes.OBJECT,
    )
    def post(self, request: Request, pk: int) -> Response:
        live_table = self.live_table()
        if live_table.table_id is not None:
            require_organizer(request, live_table.table.round.tournament)
        elif not live_selectors.may_watch(request.user, live_table):
            raise exceptions.PermissionDenied(texts.CLUB_ORGANIZERS_ONLY)
        live.live_table_begin(live_table, by=request.user)
        return Response(live_selectors.spectator_state(live_table))


class TableLiveStartView(ApiView):
    @extend_schema(
        summary="Play a seated table of a round in play live (organizers): its seats' private links, and "
        "the seats a bot plays",
        request=LiveStartIn,
        responses={201: OpenApiTypes.OBJECT},
    )
    def post(self, request: Request, slug: str, number: int, table: int) -> Response:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise Http404
        user = require_organizer(request, tournament)
        round_ = Round.objects.filter(tournament=tournament, number=number).first()
        found = Table.objects.filter(round=round_, number=table).select_related("round__tournament").first()
        if found is None:
            raise Http404
        live_table = live.live_table_start(table=found, by=user, bots=_data(request).get("bots"))
        return Response(live_selectors.table_body(live_table, with_links=True), status=201)


class PracticeView(ClubView):
    @extend_schema(
        summary="Start a practice table of the club (its organizers) of any size its rules seat: people by "
        "name, bots for the rest; "
        "the answer holds each seat's private link",
        request=PracticeIn,
        responses={201: OpenApiTypes.OBJECT},
    )
    def post(self, request: Request, slug: str) -> Response:
        club = self.club()
        user = self.manager(club)
        data = _data(request)
        live_table = live.practice_table_start(
            club=club,
            by=user,
            game_id=data.get("game"),
            preset=data.get("preset"),
            players=data.get("players"),
            bot_kind=data.get("bot_kind", "rule"),
            hands=data.get("hands", 4),
            seats=data.get("seats"),
        )
        return Response(live_selectors.table_body(live_table, with_links=True), status=201)


urlpatterns = [
    path("live/seats/<str:token>/", SeatView.as_view(), name="live-seat"),
    path("live/seats/<str:token>/moves/", SeatMoveView.as_view(), name="live-seat-moves"),
    path("live/seats/<str:token>/bot/", SeatBotView.as_view(), name="live-seat-bot"),
    path("live/tables/<int:pk>/", LiveTableView.as_view(), name="live-table"),
    path("live/tables/<int:pk>/begin/", LiveTableBeginView.as_view(), name="live-table-begin"),
    path(
        "tournaments/<slug:slug>/rounds/<int:number>/tables/<int:table>/live/",
        TableLiveStartView.as_view(),
        name="table-live",
    ),
    path("clubs/<slug:slug>/practice/", PracticeView.as_view(), name="club-practice"),
]
