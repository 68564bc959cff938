"""Serializers of the rounds resources: they translate rounds, draws and tables to JSON and request
bodies to service arguments; every rule lives in the services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import selectors
from tournaments.core.formats import PAIRING_METHODS
from tournaments.draw.models import POSITIONS


class SeatSerializer(serializers.Serializer):
    position = serializers.CharField()
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="player.name")


class ByeSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField(source="player.name")


class DrawTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.CharField()
    first_dealer = serializers.CharField()
    seats = SeatSerializer(many=True)


class RoundSerializer(serializers.Serializer):
    """A round and its draw as stored (what anyone can re-run from ``method``, ``seed`` and ``input``)."""

    number = serializers.IntegerField()
    stage = serializers.CharField()
    status = serializers.CharField()
    method = serializers.CharField()
    seed = serializers.CharField()
    input = serializers.JSONField(source="draw_input")
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    extra_reason = serializers.CharField(help_text="why this round beyond the planned ones was drawn")
    version = serializers.IntegerField()
    tables = DrawTableSerializer(many=True)
    byes = ByeSerializer(many=True)


class RoundDetailSerializer(RoundSerializer):
    """A round with whether its stored draw is what its seed and input give (``context["verifies"]``)."""

    verifies = serializers.SerializerMethodField()

    @extend_schema_field(OpenApiTypes.BOOL)
    def get_verifies(self, round_: Any) -> bool:
        return bool(self.context["verifies"])


class VerifySerializer(serializers.Serializer):
    round = serializers.IntegerField()
    method = serializers.CharField()
    seed = serializers.CharField()
    verifies = serializers.BooleanField()


class HandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    stake = serializers.IntegerField()
    status = serializers.CharField()
    kind = serializers.CharField()
    payments = serializers.DictField(child=serializers.IntegerField())


class PlaceSerializer(serializers.Serializer):
    position = serializers.CharField()
    player_id = serializers.IntegerField()
    place = serializers.DecimalField(max_digits=4, decimal_places=1, coerce_to_string=False)
    table_points = serializers.DecimalField(max_digits=6, decimal_places=2, coerce_to_string=False)
    game_points = serializers.IntegerField()
    hands_played = serializers.IntegerField()
    won_table = serializers.BooleanField()


class TableSerializer(serializers.Serializer):
    """A table with its hands, each seat's running total and (closed rounds) its places. ``code`` is
    given only when ``context["with_codes"]`` (organizers of the tournament), else null."""

    round = serializers.IntegerField(source="round.number")
    number = serializers.IntegerField()
    label = serializers.CharField()
    first_dealer = serializers.CharField()
    seats = SeatSerializer(many=True)
    hands = HandSerializer(many=True)
    totals = serializers.SerializerMethodField()
    places = serializers.SerializerMethodField()
    code = serializers.SerializerMethodField(help_text="The entry code (organizers only; else null).")

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_totals(self, table: Any) -> dict[str, int]:
        return selectors.running_totals(table)

    @extend_schema_field(PlaceSerializer(many=True, allow_null=True))
    def get_places(self, table: Any) -> list[dict[str, Any]] | None:
        places = selectors.table_places(table)
        return None if places is None else PlaceSerializer(places, many=True).data

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_code(self, table: Any) -> str | None:
        return selectors.active_table_code(table) if self.context.get("with_codes") else None


class TableCodeSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="table.round.number")
    table = serializers.IntegerField(source="table.number")
    code = serializers.CharField()
    issued_at = serializers.DateTimeField()


class GenerateSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        choices=list(PAIRING_METHODS),
        required=False,
        help_text="Default: the tournament's pairing method for this round. seeded: the players cut into as "
        "many groups by rating as a table has seats, one of each group at every table (Bled's first round).",
    )
    seed = serializers.CharField(required=False, min_length=1, max_length=64, help_text="Default: random.")
    extra_reason = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="Why a round beyond the planned number is drawn: required then (the planned number of "
        "rounds ends the tournament), not taken otherwise.",
    )


class CloseSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Close even though the round's timer still runs; without it such a close is a 409.",
    )


class RedrawSerializer(serializers.Serializer):
    seed = serializers.CharField(required=False, min_length=1, max_length=64, help_text="Default: random.")


class DrawEditSerializer(serializers.Serializer):
    tables = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), max_length=len(POSITIONS)),
        max_length=1000,
        help_text="Each table as player ids in seat order (A first; A deals first).",
    )
    byes = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=list, max_length=1000
    )
