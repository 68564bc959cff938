"""A tournament's statistics page (``/t/<slug>/statistics/``, beside its other public pages): how often
each contract was played and won, and the bonuses made, from its counted hands (never one in dispute).
Phone-first; cached whole like every public page (``cached_page``: a confirmed or contested hand bumps
the standings' version its key holds)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from config.db_router import replica_reads
from tournaments.core.formats import game_of
from tournaments.pages.common import cached_page, public_tournament_or_404
from tournaments.statistics.selectors import tournament_statistics


def tournament_statistics_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        context = {
            "tournament": tournament,
            "game": game_of(tournament),
            "statistics": tournament_statistics(tournament),
        }
        return render(request, "tournaments/public/statistics.html", context)

    return cached_page(request, tournament, page)


urlpatterns: list[URLPattern] = [
    path("t/<slug:slug>/statistics/", replica_reads(tournament_statistics_page), name="statistics"),
]
