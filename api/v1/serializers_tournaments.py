"""Serializers of tournaments, clubs, players, registrations, standings and penalties: they translate JSON
to typed values and back, and decide nothing (the services do). No user's e-mail, no idempotency key."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.core import api_texts as texts
from tournaments.organizing.models import Club, Tournament, TournamentReopening
from tournaments.organizing.services import EDITABLE_FIELDS
from tournaments.participants.models import RATING_MAX, Gender, Player, Registration
from tournaments.results.models import Penalty
from tournaments.standings.models import Standing


class ReopeningSerializer(serializers.ModelSerializer):
    """A finished tournament re-opened: when, why, and the finish it undid (finishing again ends it)."""

    class Meta:
        model = TournamentReopening
        fields = ("reopened_at", "reason", "finished_at")


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament with its whole format; ``slug`` and ``game`` are set once, at creation (a new
    tournament of a game starts with the format of its preset's event: ``GET /api/v1/games/``); ``club``
    (a club's slug) too: a club's tournament is created by the club's organizers."""

    club = serializers.SlugRelatedField(
        slug_field="slug",
        queryset=Club.objects.all(),
        required=False,
        allow_null=True,
        help_text="The club's slug (its organizers run the tournament); set at creation only.",
    )
    reopenings = ReopeningSerializer(
        many=True,
        read_only=True,
        help_text="Each time the finished tournament was re-opened (POST reopen/), oldest first.",
    )

    class Meta:
        model = Tournament
        fields = ("id", "slug", "game", "club", *EDITABLE_FIELDS, "finished_at", "reopenings")
        fields += ("created_at", "version")
        read_only_fields = ("id", "finished_at", "created_at", "version")
        extra_kwargs = {
            "slug": {"validators": []},
            "name": {"validators": []},
            "game": {
                "help_text": "The game's id (GET /api/v1/games/): required at creation, set once; "
                "there is no default game."
            },
            "status": {
                "help_text": "Set by hand only between draft and registration; drawing round 1 makes it "
                "running, POST finish/ finished, and POST reopen/ (with a reason) running again: any "
                "other change is refused (409)."
            },
            "rules_preset": {
                "required": False,
                "help_text": "A preset of the tournament's game (GET /api/v1/games/<id>/); at creation, the "
                "game's tournament preset when left out.",
            },
        }


class TournamentEditSerializer(TournamentSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta(TournamentSerializer.Meta):
        read_only_fields = ("id", "slug", "game", "club", "finished_at", "created_at", "version")


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ("id", "name", "city")
        extra_kwargs = {"name": {"validators": []}}


class ClubRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ("id", "name")


class PlayerRefSerializer(serializers.ModelSerializer):
    club = ClubRefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Player
        fields = ("id", "name", "club", "rating")


class RegistrationSerializer(serializers.ModelSerializer):
    player = PlayerRefSerializer(read_only=True)

    class Meta:
        model = Registration
        fields = (
            "id",
            "player",
            "status",
            "first_round",
            "registered_at",
            "checked_in_at",
            "withdrawn_at",
            "withdrawn_after_round",
        )
        read_only_fields = fields


class RegisteredPlayerSerializer(serializers.ModelSerializer):
    """A player as the public sees them in a tournament: name, club, rating and registration status."""

    id = serializers.IntegerField(source="player.id", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)
    club = ClubRefSerializer(source="player.club", read_only=True, allow_null=True)
    rating = serializers.IntegerField(source="player.rating", read_only=True, allow_null=True)
    registration = serializers.IntegerField(source="id", read_only=True)

    class Meta:
        model = Registration
        fields = ("id", "name", "club", "rating", "registration", "status", "first_round")
        read_only_fields = fields


class PlayerAddSerializer(serializers.Serializer):
    """Either ``player`` (an existing player's id) or a new player's ``name`` (and club, rating, id)."""

    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), required=False)
    name = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all(), required=False, allow_null=True)
    rating = serializers.IntegerField(required=False, allow_null=True)
    external_id = serializers.CharField(required=False, allow_null=True, allow_blank=True)
    check_in = serializers.BooleanField(default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "player" in attrs and {"name", "club", "rating", "external_id"} & set(attrs):
            raise serializers.ValidationError({"player": texts.EXISTING_OR_NEW_PLAYER})
        if "player" not in attrs and "name" not in attrs:
            raise serializers.ValidationError({"name": texts.NAME_A_NEW_PLAYER})
        return attrs


class PlayerEditSerializer(serializers.Serializer):
    """An organizer's change of a registered player's record; each field optional (only what is sent
    changes). ``gender`` and ``birth_year`` are private: a series' side rankings read them, the public never
    sees them."""

    name = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    club = serializers.PrimaryKeyRelatedField(queryset=Club.objects.all(), required=False, allow_null=True)
    rating = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=RATING_MAX)
    gender = serializers.ChoiceField(choices=["", *Gender.values], required=False)
    birth_year = serializers.IntegerField(required=False, allow_null=True, min_value=1900, max_value=2100)


class PlayerPrivateSerializer(serializers.ModelSerializer):
    """A player's record as the tournament's organizers see it, the private fields included."""

    club = ClubRefSerializer(allow_null=True, read_only=True)
    gender = serializers.ChoiceField(choices=[("", "not given"), *Gender.choices], read_only=True)

    class Meta:
        model = Player
        fields = ("id", "name", "club", "rating", "gender", "birth_year")
        read_only_fields = fields


class RegisterSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    check_in = serializers.BooleanField(default=False)


class ImportSerializer(serializers.Serializer):
    file = serializers.CharField(
        trim_whitespace=False, help_text="CSV text with a header row: name, club, rating, external_id"
    )
    check_in = serializers.BooleanField(default=False)


class ImportReportSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    registered = serializers.IntegerField()


class StandingRowSerializer(serializers.ModelSerializer):
    player = serializers.SerializerMethodField()
    club = serializers.SerializerMethodField()
    total = serializers.FloatField()
    table_points = serializers.FloatField()
    tiebreak_values = serializers.DictField(child=serializers.FloatField())
    rounds = serializers.ListField(
        child=serializers.DictField(),
        help_text="per round that adds something: round, score, game_points, table_points, bye, "
        "hands_played, provisional (the round is not closed: may still change). A table where no hand "
        "counts yet adds nothing, so that round has no entry",
    )
    hands_in_dispute = serializers.IntegerField(
        read_only=True, help_text="the player's hands in dispute: not counted until decided"
    )

    class Meta:
        model = Standing
        fields = (
            "rank",
            "player",
            "club",
            "total",
            "table_points",
            "game_points",
            "penalties",
            "tiebreak_values",
            "rounds",
            "hands_played",
            "hands_in_dispute",
        )
        read_only_fields = fields

    def get_player(self, row: Standing) -> dict[str, Any]:
        return {"id": row.player_id, "name": row.player.name}

    def get_club(self, row: Standing) -> str | None:
        return row.player.club.name if row.player.club else None


class StandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    live = serializers.BooleanField(help_text="the round is still in play: these totals will change")
    provisional = serializers.BooleanField(
        help_text="a round these standings count is not closed: its table points (places by the hands so "
        "far), the totals and the ranks are provisional; they become final when it closes"
    )
    final = serializers.BooleanField(
        help_text="the tournament is finished and these are its final standings: they no longer change"
    )
    stale = serializers.BooleanField(help_text="a change is waiting to be counted: they are being updated")
    version = serializers.IntegerField(help_text="the standings version these totals count (grows)")
    as_of = serializers.DateTimeField(allow_null=True, help_text="when the standings were last computed")
    round_numbers = serializers.ListField(child=serializers.IntegerField())
    tiebreaks = serializers.ListField(child=serializers.CharField())
    hands_in_dispute = serializers.IntegerField(help_text="hands in dispute: not counted until decided")
    results = StandingRowSerializer(many=True)


class PenaltySerializer(serializers.ModelSerializer):
    player = PlayerRefSerializer(read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True, allow_null=True)

    class Meta:
        model = Penalty
        fields = (
            "id",
            "player",
            "round",
            "points",
            "reason",
            "created_at",
            "withdrawn_at",
            "withdrawal_reason",
        )
        read_only_fields = fields


class PenaltyAwardSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    round = serializers.IntegerField(required=False, allow_null=True, help_text="the round's number")
    points = serializers.IntegerField(help_text="negative: a penalty; positive: a bonus")
    reason = serializers.CharField(trim_whitespace=False)


class FinishSerializer(serializers.Serializer):
    skip_final = serializers.BooleanField(
        required=False,
        default=False,
        help_text="finish without the final stage the format has (it was not drawn): an explicit choice",
    )


class TextField(serializers.CharField):
    """A reason as the services read it: text only (DRF's CharField turns a number into its digits, so a
    reason of 123 would be kept as "123"); the service checks its length, NUL and blanks."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(trim_whitespace=False, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError(str(texts.NOT_TEXT % {"type": type(data).__name__}))
        return super().to_internal_value(data)


class ReasonSerializer(serializers.Serializer):
    reason = TextField()


class ReopenSerializer(serializers.Serializer):
    reason = TextField(help_text="Why the finished tournament is re-opened: kept and shown on its pages.")


class OpponentSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.CharField()


class PlayerRoundSerializer(serializers.Serializer):
    """A released round as the player lived it (``selectors.PlayerRound``)."""

    number = serializers.IntegerField()
    status = serializers.CharField()
    table = serializers.IntegerField(allow_null=True)
    seat = serializers.CharField(allow_null=True)
    opponents = OpponentSerializer(many=True)
    bye = serializers.BooleanField()
    game_points = serializers.IntegerField()
    table_points = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)
    place = serializers.DecimalField(max_digits=4, decimal_places=1, allow_null=True)
    hands_played = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True, help_text="rank after the round (live while in play)")
    provisional = serializers.BooleanField(
        help_text="the round is not closed: its points, place and rank may still change (null points and "
        "place: no hand of the table counts yet)"
    )


class PlayerResultsSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    rounds = PlayerRoundSerializer(many=True)


class MeSerializer(PlayerResultsSerializer):
    registration = RegistrationSerializer()
