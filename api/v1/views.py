from __future__ import annotations

from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.rules import PRESETS


class RulesPresetsView(APIView):
    """The engine's rule presets and every option's value in each, for clients building entry forms."""

    permission_classes = [AllowAny]

    def get(self, request: Request) -> Response:
        return Response({name: rules.options() for name, rules in PRESETS.items()})
