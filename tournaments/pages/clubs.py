"""A club's own site: the list of clubs, each club's page (its upcoming and past tournaments, its series,
its members' ranking) and, for the club's organizers, a page that creates a tournament of the club.

The page reads through ``selectors.club_page``; its new-tournament form is the organizer's
(``pages.setup.new_tournament``, the club fixed by the URL). Who may do what is the selectors'
(``can_manage_club``), so another club's private tournaments never show here.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path

from config.db_router import replica_reads
from engine.games import GAMES
from tournaments import selectors
from tournaments.core import labels
from tournaments.organizing.models import Club
from tournaments.pages import live, setup


def _club_or_404(slug: str) -> Club:
    club = selectors.club_by_slug(slug)
    if club is None:
        raise Http404("No such club")
    return club


def game_names() -> dict[str, str]:
    """Each game's name in the page's language."""
    return {game_id: labels.game_name(game_id) for game_id in GAMES}


def club_list(request: HttpRequest) -> HttpResponse:
    """Every club, with a link to its page (a club's name and city are public)."""
    return render(request, "tournaments/clubs/list.html", {"clubs": selectors.clubs_visible()})


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's page: public to all; its organizers also see its drafts and private tournaments and the
    links that create a tournament of the club. Per user, so never cached."""
    club = _club_or_404(slug)
    page = selectors.club_page(club, request.user)
    names = game_names()
    manages = selectors.can_manage_club(request.user, club)
    context = {
        "club": club,
        "page": page,
        "rankings": [(names.get(r.game, r.game), r.rows) for r in page.rankings],
        "manages": manages,
    }
    if manages:  # a practice table's form and the club's latest ones (pages.live)
        context["practice"] = live.practice_context()
        context["practice_tables"] = live.practice_tables(club)
    return render(request, "tournaments/clubs/detail.html", context)


urlpatterns: list[URLPattern] = [
    path("clubs/", replica_reads(club_list), name="clubs"),
    path("clubs/<slug:slug>/", replica_reads(club_detail), name="club"),
    path("clubs/<slug:slug>/tournaments/new/", setup.new_tournament, name="club-tournament-new"),
]
