"""Public pages: everything anyone may follow of a public tournament (issue 14 builds these out)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path

from tournaments import selectors, services
from tournaments.pages.common import cached_page, public_tournament_or_404


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/list.html", {"tournaments": selectors.public_tournaments()})


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        context = {
            "tournament": tournament,
            "standings": selectors.standings_table(tournament),
            "rounds": selectors.rounds_with_draws(tournament),
        }
        return render(request, "tournaments/detail.html", context)

    return cached_page(request, tournament, page)


def round_draw_json(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    """Everything needed to re-run a released draw: method, seed, input and the tables as drawn."""
    tournament = public_tournament_or_404(slug)
    round_ = selectors.rounds_with_draws(tournament).filter(number=number).first()
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


urlpatterns = [
    path("", tournament_list, name="list"),
    path("t/<slug:slug>/", tournament_detail, name="detail"),
    path("t/<slug:slug>/rounds/<num:number>/draw.json", round_draw_json, name="draw-json"),
]
