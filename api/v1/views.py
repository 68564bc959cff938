"""Small views of /api/v1/ that belong to no resource group: the rules presets, tokens, and the answer to
a URL no route matches."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import parsers, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.v1.parsers import JSONParser
from engine.games import GAMES, game
from tournaments.core.formats import game_catalogue


class RulesPresetsView(APIView):
    """The rule presets of Hungarian Tarokk and every option's value in each: the first game's route, kept
    for its clients. Every game's presets, Hungarian Tarokk's too: ``/api/v1/games/<id>/``."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="Hungarian Tarokk's rules presets and their options (every game's: /api/v1/games/<id>/)",
        responses=OpenApiTypes.OBJECT,
        deprecated=True,
    )
    def get(self, request: Request) -> Response:
        return Response({name: rules.options() for name, rules in game("hungarian").presets.items()})


class GameSummaryOut(serializers.Serializer):
    id = serializers.CharField()
    names = serializers.DictField(child=serializers.CharField(), help_text="the game's name in hu, en, de")
    table_sizes = serializers.ListField(child=serializers.IntegerField())
    default_preset = serializers.CharField()
    presets = serializers.ListField(child=serializers.CharField())


class GamesView(APIView):
    """The games a tournament may play: each game's id, names, table sizes and presets."""

    permission_classes = [AllowAny]

    @extend_schema(summary="The games", operation_id="games_list", responses=GameSummaryOut(many=True))
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "id": game_id,
                    "names": dict(descriptor.names),
                    "table_sizes": list(descriptor.table_sizes),
                    "default_preset": descriptor.default_preset,
                    "presets": list(descriptor.presets),
                }
                for game_id, descriptor in GAMES.items()
            ]
        )


class GameView(APIView):
    """One game: its presets with their options and formats, its entry form and its summary's JSON schema."""

    permission_classes = [AllowAny]

    @extend_schema(summary="One game", operation_id="game_retrieve", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: str) -> Response:
        if game_id not in GAMES:
            raise NotFound()
        return Response(game_catalogue(game_id))


class TokenView(ObtainAuthToken):
    """An organizer's API token for a username and password (the same token on every call)."""

    parser_classes = (parsers.FormParser, parsers.MultiPartParser, JSONParser)

    @extend_schema(summary="Get your API token")
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().post(request, *args, **kwargs)


@extend_schema(exclude=True)
class NoRouteView(APIView):
    """Any URL under /api/ that no route matches (e.g. a hand ``-1``): the API's JSON error shape with
    404, for every method, instead of Django's HTML page."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        raise NotFound()  # DRF's "Not found.", in the reader's language from DRF's own catalogue
