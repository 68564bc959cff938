"""Public pages: thin views over ``selectors``."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from tournaments import selectors, services


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


def round_draw_json(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    """Everything needed to re-run a released draw: method, seed, input and the tables as drawn."""
    tournament = selectors.public_tournament(slug)
    round_ = selectors.rounds_with_draws(tournament).filter(number=number).first() if tournament else None
    if round_ is None:
        raise Http404("No such released round")
    tables = [
        {
            "number": t.number,
            "first_dealer": t.first_dealer,
            "seats": {s.position: s.player_id for s in t.seats.all()},
        }
        for t in round_.tables.all()
    ]
    return JsonResponse(
        {
            "round": round_.number,
            "method": round_.method,
            "seed": round_.seed,
            "input": round_.draw_input,
            "tables": tables,
            "byes": [b.player_id for b in round_.byes.all()],
            "verified": services.round_verify(round_),
        }
    )
