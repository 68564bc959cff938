"""Public pages: thin views over ``selectors``."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import selectors


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/list.html", {"tournaments": selectors.public_tournaments()})


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = selectors.public_tournament(slug)
    if tournament is None:
        raise Http404("No such public tournament")
    context = {
        "tournament": tournament,
        "standings": selectors.standings_table(tournament),
        "rounds": selectors.rounds_with_draws(tournament),
    }
    return render(request, "tournaments/detail.html", context)
