"""A club's own site: the list of clubs, each club's page (its upcoming and past tournaments, its series,
its members' ranking) and, for the club's organizers, a page that creates a tournament of the club.

The page reads through ``selectors.club_page`` and writes through ``services.tournament_create``: who may
do what is the selectors' (``can_manage_club``), so another club's private tournaments never show here.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from config.db_router import replica_reads
from engine.games import GAMES
from tournaments import selectors, services
from tournaments.core import labels
from tournaments.organizing.models import Club
from tournaments.pages.organizer import failure


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
    context = {
        "club": club,
        "page": page,
        "rankings": [(names.get(r.game, r.game), r.rows) for r in page.rankings],
        "manages": selectors.can_manage_club(request.user, club),
    }
    return render(request, "tournaments/clubs/detail.html", context)


NEW_TOURNAMENT_FIELDS = ("name", "slug", "starts_on", "venue", "game")


def _new_tournament_fields(post: Any, club: Club) -> dict[str, Any]:
    """The form's values as ``tournament_create`` takes them; a date that is not one is a field error."""
    fields: dict[str, Any] = {name: post.get(name, "") for name in ("name", "slug", "venue")}
    fields["slug"] = fields["slug"].strip() or slugify(fields["name"])[:200]
    if post.get("game"):  # none chosen: the service asks for it
        fields["game"] = post["game"]
    try:
        fields["starts_on"] = date.fromisoformat(post.get("starts_on", "").strip())
    except ValueError:
        message = _("give a date (YYYY-MM-DD)")
        raise ValidationError({"starts_on": [ValidationError(message, code="invalid")]}) from None
    fields["is_public"] = post.get("is_public") == "on"
    fields["status"] = "draft" if post.get("draft") == "on" else "registration"
    fields["club"] = club
    return fields


def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Create a tournament of the club (its organizers): the club is the one in the URL, so the form needs
    no club field; the new tournament opens on its organizer's dashboard, where its format is set."""
    club = _club_or_404(slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
    if not selectors.can_manage_club(request.user, club):
        raise PermissionDenied("You do not organize this club.")
    failed: dict[str, Any] | None = None
    values = {
        "starts_on": timezone.localdate().isoformat(),
        "game": selectors.club_game(club),
        "is_public": True,
    }
    if request.method == "POST":
        values = {name: request.POST.get(name, "") for name in NEW_TOURNAMENT_FIELDS}
        values["is_public"] = request.POST.get("is_public") == "on"
        values["draft"] = request.POST.get("draft") == "on"
        try:
            tournament = services.tournament_create(
                fields=_new_tournament_fields(request.POST, club), by=request.user
            )
        except ValidationError as exc:
            failed = failure(exc, _("tournament"))
        else:
            return redirect("tournaments:manage", tournament.slug)
    context = {
        "club": club,
        "values": values,
        "failure": failed,
        "games": sorted(game_names().items(), key=lambda pair: pair[1]),
    }
    status = failed["status"] if failed else 200
    return render(request, "tournaments/clubs/new_tournament.html", context, status=status)


urlpatterns: list[URLPattern] = [
    path("clubs/", replica_reads(club_list), name="clubs"),
    path("clubs/<slug:slug>/", replica_reads(club_detail), name="club"),
    path("clubs/<slug:slug>/tournaments/new/", tournament_new, name="club-tournament-new"),
]
