"""``/api/v1/``: the ratings, public to read.

* ``GET ratings/`` the games and how many players each rates;
* ``GET ratings/{game}/`` a game's ranking, paginated like every list (``count``, ``next``,
  ``previous``, ``results``), best first; ``search`` (or ``q``) a part of the name, ``club``,
  ``min_tournaments``, ``page`` and ``page_size`` (at most 200);
* ``GET players/{id}/ratings/`` a player's current rating in each game and its history (the player
  page's chart); a merged record answers for the person it was merged into.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.base import ApiView
from engine.games import GAMES
from tournaments.participants.models import Player
from tournaments.ratings.selectors import (
    player_ratings,
    ranking,
    ranking_params,
    rated_games,
    rating_history,
)


def _row(**kwargs: Any) -> Any:
    return inline_serializer(
        "RatingRow",
        {
            "rank": serializers.IntegerField(),
            "player": inline_serializer(
                "RatingPlayer", {"id": serializers.IntegerField(), "name": serializers.CharField()}
            ),
            "club": inline_serializer(
                "RatingClub",
                {
                    "id": serializers.IntegerField(),
                    "name": serializers.CharField(),
                    "slug": serializers.CharField(),
                },
                allow_null=True,
            ),
            "ordinal": serializers.FloatField(help_text="mu - 3 sigma: what the ranking orders by"),
            "mu": serializers.FloatField(help_text="the skill estimate"),
            "sigma": serializers.FloatField(help_text="its uncertainty"),
            "tournaments": serializers.IntegerField(),
        },
        **kwargs,
    )


QUERY = [
    OpenApiParameter("search", OpenApiTypes.STR, description="a part of the player's name (also `q`)"),
    OpenApiParameter("club", OpenApiTypes.INT, description="only this club's players"),
    OpenApiParameter("min_tournaments", OpenApiTypes.INT, description="at least this many rated tournaments"),
    OpenApiParameter("page", OpenApiTypes.INT),
    OpenApiParameter("page_size", OpenApiTypes.INT, description="at most 200 (default 50)"),
]


def _page_link(request: Request, page: int | None) -> str | None:
    if page is None:
        return None
    query = request.query_params.copy()
    query["page"] = str(page)
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


class RatingGamesView(ApiView):
    @extend_schema(
        summary="The games and how many players each rates",
        responses=inline_serializer(
            "RatingGame",
            {
                "game": serializers.CharField(),
                "name": serializers.CharField(),
                "players": serializers.IntegerField(),
            },
            many=True,
        ),
    )
    def get(self, request: Request) -> Response:
        counts = rated_games()
        return Response(
            [{"game": g.id, "name": g.names["en"], "players": counts.get(g.id, 0)} for g in GAMES.values()]
        )


class RatingListView(ApiView):
    @extend_schema(
        summary="A game's rating list, best first (public)",
        parameters=QUERY,
        responses=inline_serializer(
            "RatingPage",
            {
                "count": serializers.IntegerField(),
                "next": serializers.URLField(allow_null=True),
                "previous": serializers.URLField(allow_null=True),
                "results": _row(many=True),
            },
        ),
    )
    def get(self, request: Request, game: str) -> Response:
        if game not in GAMES:
            raise Http404
        page = ranking(game, **ranking_params(request.query_params))
        results = [
            {
                "rank": r.rank,
                "player": {"id": r.player_id, "name": r.name},
                "club": {"id": r.club_id, "name": r.club, "slug": r.club_slug} if r.club_id else None,
                "ordinal": round(r.ordinal, 3),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "tournaments": r.tournaments,
            }
            for r in page.rows
        ]
        return Response(
            {
                "count": page.total,
                "next": _page_link(request, page.page + 1 if page.page < page.pages else None),
                "previous": _page_link(request, page.page - 1 if page.page > 1 else None),
                "results": results,
            }
        )


class PlayerRatingsView(ApiView):
    @extend_schema(
        summary="A player's rating in each game, with its history (public)",
        responses=inline_serializer(
            "PlayerRatings",
            {
                "player": inline_serializer(
                    "RatedPlayer", {"id": serializers.IntegerField(), "name": serializers.CharField()}
                ),
                "ratings": serializers.ListField(child=serializers.DictField()),
            },
        ),
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = Player.objects.filter(pk=player_id).first()
        for _hop in range(10):  # a merged record answers for the person it was merged into
            if player is None or player.merged_into_id is None:
                break
            player = Player.objects.filter(pk=player.merged_into_id).first()
        if player is None:
            raise Http404
        ratings: list[dict[str, Any]] = []
        for rating in player_ratings(player):
            history = [
                {
                    "tournament": {"id": h.tournament_id, "name": h.tournament, "slug": h.slug}
                    if h.public
                    else None,
                    "date": h.date.isoformat(),
                    "mu": round(h.mu, 3),
                    "sigma": round(h.sigma, 3),
                    "ordinal": round(h.ordinal, 3),
                }
                for h in rating_history(player, rating.game)
            ]
            ratings.append(
                {
                    "game": rating.game,
                    "ordinal": round(rating.ordinal, 3),
                    "mu": round(rating.mu, 3),
                    "sigma": round(rating.sigma, 3),
                    "tournaments": rating.tournaments,
                    "tables": rating.tables,
                    "history": history,
                }
            )
        return Response({"player": {"id": player.pk, "name": player.name}, "ratings": ratings})


urlpatterns = [
    path("ratings/", RatingGamesView.as_view(), name="rating-games"),
    path("ratings/<slug:game>/", RatingListView.as_view(), name="rating-list"),
    path("players/<int:player_id>/ratings/", PlayerRatingsView.as_view(), name="player-ratings"),
]
