"""Pages of the series: the public list, a series' ranking (phone-first: rank, name, points, played; a tab
per side ranking; each line opens to the results counted and dropped), a player's page in a series, the
projector, the print view (A4) and the CSV. Freshness is said as on a tournament's standings: "as of"
and "being updated".

A private series is shown to those who manage it only (``series_get``); pages are not cached (a series'
page is light: its stored lines, one query each)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils import timezone

from config.db_router import replica_reads
from tournaments.series import selectors as series_selectors
from tournaments.series.models import Series, SeriesStanding


def _series_or_404(request: HttpRequest, slug: str) -> Series:
    found = series_selectors.series_get(slug, request.user)
    if found is None:
        raise Http404("No such series")
    return found


def _key(request: HttpRequest, series: Series) -> str:
    key = request.GET.get("ranking", "")
    if len(key) > 40 or series_selectors.ranking_name(series, key) is None:
        raise Http404("No such ranking")
    return key


@dataclass(frozen=True)
class ShownResult:
    """A line's result with its tournament, for the templates."""

    tournament: Any
    date: str
    place: int
    players: int
    points: str
    counted: bool
    region: str


def _shown(line: SeriesStanding, tournaments: dict[int, Any]) -> list[ShownResult]:
    return [
        ShownResult(
            tournaments.get(r["tournament_id"]),
            r["date"],
            r["place"],
            r["players"],
            r["points"],
            r["counted"],
            r.get("region", ""),
        )
        for r in line.results
    ]


def _context(request: HttpRequest, series: Series, key: str) -> dict[str, Any]:
    ranking = series_selectors.series_ranking(series, key)
    if ranking is None:
        raise Http404("No such ranking")
    tournaments = series_selectors.tournament_names(series)
    return {
        "series": series,
        "ranking": ranking,
        "key": key,
        "rankings": series_selectors.ranking_names(series),
        "lines": [(line, _shown(line, tournaments)) for line in ranking.lines],
        "tournaments": series_selectors.series_tournaments(series),
        "rules": series_selectors.rules_of(series),
        "freshness": ranking.freshness,
        "may_manage": series_selectors.can_manage_series(request.user, series),
    }


def series_list(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")[:32] or None
    club = request.GET.get("club", "")[:140] or None
    found = series_selectors.public_series(game=game, club=club).order_by("-created_at", "name")
    return render(request, "tournaments/series/list.html", {"series_list": found})


def series_page(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(request, slug)
    return render(request, "tournaments/series/detail.html", _context(request, series, _key(request, series)))


def series_player(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    series = _series_or_404(request, slug)
    key = _key(request, series)
    line = series_selectors.series_player_line(series, player_id, key)
    if line is None:
        raise Http404("The player has no line in this ranking")
    context = {
        "series": series,
        "key": key,
        "ranking_name": series_selectors.ranking_name(series, key),
        "line": line,
        "results": _shown(line, series_selectors.tournament_names(series)),
        "freshness": series_selectors.series_freshness(series),
    }
    return render(request, "tournaments/series/player.html", context)


def series_projector(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(request, slug)
    context = _context(request, series, _key(request, series))
    context["lines"] = context["lines"][:30]  # what a wall shows; the page refreshes every minute
    return render(request, "tournaments/series/projector.html", context)


def series_print(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(request, slug)
    context = _context(request, series, _key(request, series))
    context["printed_at"] = timezone.now()
    return render(request, "tournaments/series/print.html", context)


def series_csv(request: HttpRequest, slug: str) -> HttpResponse:
    series = _series_or_404(request, slug)
    key = _key(request, series)
    response = HttpResponse(
        series_selectors.series_csv(series, key).encode(), content_type="text/csv; charset=utf-8"
    )
    suffix = f"-{key}" if key else ""
    response["Content-Disposition"] = f'attachment; filename="{series.slug}{suffix}.csv"'
    return response


S = "series/<slug:slug>/"
urlpatterns = [
    path("series/", replica_reads(series_list), name="series-list"),
    path(S, replica_reads(series_page), name="series"),
    path(f"{S}players/<num:player_id>/", replica_reads(series_player), name="series-player"),
    path(f"{S}projector/", replica_reads(series_projector), name="series-projector"),
    path(f"{S}print/", replica_reads(series_print), name="series-print"),
    path(f"{S}standings.csv", replica_reads(series_csv), name="series-csv"),
]
