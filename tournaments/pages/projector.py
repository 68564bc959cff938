"""Projector mode: the current round's pairings and the standings in large type for a wall (1080p),
cycling through pages when a list is longer than the screen and refreshing itself.

The page embeds the live part (``projector/live/``); ``projector.js`` polls that fragment with
If-None-Match: while nothing changed it gets a 304 (``cached_page`` sets the ETag, Django's
``ConditionalGetMiddleware`` answers it) and otherwise swaps the new fragment in, in one step."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from tournaments import selectors
from tournaments.draw.models import OPEN_ROUND_STATUSES
from tournaments.organizing.models import Tournament
from tournaments.pages.common import cached_page, page_version, public_tournament_or_404
from tournaments.pages.public import points

# A wall has room for a few of the latest rounds' scores, not for all of them.
ROUND_COLUMNS = 4


def live_context(tournament: Tournament) -> dict[str, Any]:
    current = selectors.current_round(tournament)
    pairings = None
    if current is not None and current.status in OPEN_ROUND_STATUSES:
        pairings = selectors.released_round(tournament, current.number)
    table = selectors.standings_table(tournament)
    shown_rounds = table.round_numbers[-ROUND_COLUMNS:]
    rows = []
    for standing in table.rows:
        by_round = {line.get("round"): line for line in standing.rounds or []}
        rows.append(
            {
                "standing": standing,
                "total": points(standing.total),
                "table_points": points(standing.table_points),
                "game_points": points(standing.game_points),
                # (shown, provisional): a round adds nothing ("–") until a hand of its table counts
                "rounds": [
                    (points(by_round[n]["score"]), by_round[n]["provisional"])
                    if n in by_round
                    else ("–", False)
                    for n in shown_rounds
                ],
            }
        )
    return {
        "tournament": tournament,
        "current": current,
        "pairings": pairings,
        "standings": table,
        "rows": rows,
        "shown_rounds": shown_rounds,
        "state": selectors.standings_state(tournament),
        "version": page_version(tournament),
    }


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        context = live_context(tournament)
        context["active"] = "projector"
        return render(request, "tournaments/projector/projector.html", context)

    return cached_page(request, tournament, page)


def projector_live(request: HttpRequest, slug: str) -> HttpResponse:
    """The part of the projector page that changes, for its polling (304 while unchanged)."""
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        return render(request, "tournaments/projector/live.html", live_context(tournament))

    return cached_page(request, tournament, page)


urlpatterns = [
    path("t/<slug:slug>/projector/", projector, name="projector"),
    path("t/<slug:slug>/projector/live/", projector_live, name="projector-live"),
]
