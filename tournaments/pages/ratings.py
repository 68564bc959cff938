"""Pages of the ratings: the games that have one (``/ratings/``) and each game's public ranking list
(``/ratings/<game>/``): phone-first, paginated, searchable by name, each rating shown with its uncertainty
(the ordinal ranked by, and mu ± sigma)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path
from django.utils.translation import get_language

from config.db_router import replica_reads
from engine.games import GAMES
from tournaments.ratings.selectors import ranking, ranking_params, rated_games


def rating_games(request: HttpRequest) -> HttpResponse:
    counts = rated_games()
    language = get_language() or "en"
    games = [(g.id, g.name(language), counts.get(g.id, 0)) for g in GAMES.values()]
    return render(request, "tournaments/ratings/games.html", {"games": games})


def rating_list(request: HttpRequest, game: str) -> HttpResponse:
    descriptor = GAMES.get(game)
    if descriptor is None:
        raise Http404
    try:
        params = ranking_params(request.GET)
    except ValidationError:
        params = ranking_params({})  # a hand-edited link shows the first page, never an error page
    page = ranking(game, **params)
    context = {
        "game": game,
        "game_name": descriptor.name(get_language() or "en"),
        "page": page,
        "search": params["search"],
        "previous": page.page - 1 if page.page > 1 else None,
        "next": page.page + 1 if page.page < page.pages else None,
    }
    return render(request, "tournaments/ratings/list.html", context)


urlpatterns: list[URLPattern] = [
    path("ratings/", replica_reads(rating_games), name="ratings"),
    path("ratings/<slug:game>/", replica_reads(rating_list), name="rating_list"),
]
