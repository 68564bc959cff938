"""``/api/v1/``: statistics from the hands (never a hand still in dispute, ``tournaments.statistics``).

* ``GET players/{player_id}/statistics/?game=``: a player's statistics per game. The public (and anyone
  but a superuser) gets only public tournaments' hands counted: a private tournament's hands are its
  organizers' business, and an organizer of one tournament may not learn another's through a player.
* ``GET tournaments/{slug}/statistics/``: a tournament's distribution of contracts and bonuses: public
  tournaments for everyone, a private one for its organizers (``TournamentView``).

Names of contracts and bonuses come with a ``label`` in the request's language (``Accept-Language``)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.base import ApiView, TournamentView
from engine.games import GAMES
from tournaments.core.validation import invalid
from tournaments.participants.models import Player
from tournaments.statistics.selectors import player_statistics, tournament_statistics

SLUG = OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="the tournament's slug")
PLAYER_ID = OpenApiParameter(
    "player_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="the player's id"
)
GAME = OpenApiParameter(
    "game",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    description="only this game's statistics",
    enum=list(GAMES),
)
UNKNOWN_GAME = _("must be one of %(games)s")


class ContractSerializer(serializers.Serializer):
    contract = serializers.CharField()
    label = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    won_percent = serializers.FloatField(allow_null=True)


class TournamentContractSerializer(ContractSerializer):
    share_percent = serializers.FloatField(allow_null=True)


class BonusSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    announced = serializers.IntegerField()
    made = serializers.IntegerField()
    announced_made = serializers.IntegerField()


class PaymentsSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    mean = serializers.FloatField(allow_null=True)
    best = serializers.IntegerField(allow_null=True)
    worst = serializers.IntegerField(allow_null=True)


class RoleSerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    won = serializers.IntegerField()


class GameStatisticsSerializer(serializers.Serializer):
    game = serializers.CharField()
    hands = serializers.IntegerField(help_text="hands played, voided ones included (for nothing)")
    voided = serializers.IntegerField()
    with_facts = serializers.IntegerField(help_text="hands entered as a summary or a record")
    declarer = RoleSerializer()
    partner = RoleSerializer()
    opponent = RoleSerializer()
    contracts = ContractSerializer(many=True, help_text="as declarer")
    bonuses = BonusSerializer(many=True, help_text="of the player's side (or the player's own declaration)")
    payments = PaymentsSerializer(help_text="per hand played")


class PlayerStatisticsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    public_only = serializers.BooleanField()
    games = GameStatisticsSerializer(many=True)


class TournamentStatisticsSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    game = serializers.CharField()
    hands = serializers.IntegerField()
    voided = serializers.IntegerField()
    with_facts = serializers.IntegerField()
    declared = serializers.IntegerField()
    contracts = TournamentContractSerializer(many=True)
    bonuses = BonusSerializer(many=True)
    other = serializers.DictField(
        child=serializers.IntegerField(), help_text="hands without a declarer, by kind"
    )


def _contract(line: Any, **extra: Any) -> dict[str, Any]:
    return {
        "contract": line.contract,
        "label": line.label,
        "played": line.played,
        "won": line.won,
        "won_percent": line.won_percent,
        **extra,
    }


def _bonus(line: Any) -> dict[str, Any]:
    return {
        "name": line.name,
        "label": line.label,
        "announced": line.announced,
        "made": line.made,
        "announced_made": line.announced_made,
    }


def _game(g: Any) -> dict[str, Any]:
    return {
        "game": g.game,
        "hands": g.hands,
        "voided": g.voided,
        "with_facts": g.with_facts,
        "declarer": {"hands": g.declarer, "won": g.declarer_won},
        "partner": {"hands": g.partner, "won": g.partner_won},
        "opponent": {"hands": g.opponent, "won": g.opponent_won},
        "contracts": [_contract(line) for line in g.contracts],
        "bonuses": [_bonus(line) for line in g.bonuses],
        "payments": {
            "total": g.payments_total,
            "mean": g.payments_mean,
            "best": g.payments_best,
            "worst": g.payments_worst,
        },
    }


class PlayerStatisticsView(ApiView):
    @extend_schema(
        summary="A player's statistics from the hands, per game (public tournaments, all for a superuser)",
        parameters=[PLAYER_ID, GAME],
        responses=PlayerStatisticsSerializer,
    )
    def get(self, request: Request, player_id: int) -> Response:
        game = request.query_params.get("game")
        if game is not None and game not in GAMES:
            raise invalid("game", UNKNOWN_GAME, params={"games": ", ".join(GAMES)})
        player = get_object_or_404(Player.objects.only("pk", "merged_into"), pk=player_id)
        # a merged record's results moved to the person's kept record: an old link still finds them
        target = player.merged_into_id or player.pk
        public_only = not getattr(request.user, "is_superuser", False)
        stats = player_statistics(target, game=game, public_only=public_only)
        body = {
            "player": stats.player_id,
            "public_only": stats.public_only,
            "games": [_game(g) for g in stats.games],
        }
        return Response(body)


class TournamentStatisticsView(TournamentView):
    @extend_schema(
        summary="A tournament's distribution of contracts and bonuses made (confirmed hands only)",
        parameters=[SLUG],
        responses=TournamentStatisticsSerializer,
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = self.tournament()
        stats = tournament_statistics(tournament)
        body = {
            "tournament": tournament.slug,
            "game": stats.game,
            "hands": stats.hands,
            "voided": stats.voided,
            "with_facts": stats.with_facts,
            "declared": stats.declared,
            "contracts": [_contract(line, share_percent=share) for line, share in stats.shares],
            "bonuses": [_bonus(line) for line in stats.bonuses],
            "other": dict(stats.other),
        }
        return Response(body)


urlpatterns = [
    path("players/<int:player_id>/statistics/", PlayerStatisticsView.as_view(), name="player-statistics"),
    path(
        "tournaments/<slug:slug>/statistics/",
        TournamentStatisticsView.as_view(),
        name="tournament-statistics",
    ),
]
