"""Small views of /api/v1/ that belong to no resource group: the rules presets and tokens."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import parsers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.v1.parsers import JSONParser
from engine.rules import PRESETS


class RulesPresetsView(APIView):
    """The engine's rule presets and every option's value in each, for clients building entry forms."""

    permission_classes = [AllowAny]

    @extend_schema(summary="Rules presets and their options", responses=OpenApiTypes.OBJECT)
    def get(self, request: Request) -> Response:
        return Response({name: rules.options() for name, rules in PRESETS.items()})


class TokenView(ObtainAuthToken):
    """An organizer's API token for a username and password (the same token on every call)."""

    parser_classes = (parsers.FormParser, parsers.MultiPartParser, JSONParser)

    @extend_schema(summary="Get your API token")
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().post(request, *args, **kwargs)
