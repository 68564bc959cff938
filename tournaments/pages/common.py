"""What every page of the site shares: finding the tournament, the page cache, the language switch.

Public pages are cached whole, under a key made of the versions that change whenever anything they show
changes: the tournament's own version, its standings' version and computed version (bumped by every hand
confirmed, contested or voided, penalty, withdrawal and round released or closed) and its rounds' versions
(bumped by every draw change, publication, start and close). A confirmed hand therefore shows on the next
request, never after a timeout; the timeout only bounds what an unchanged tournament keeps in the cache.
The key is also the page's ETag, so a browser or projector that polls gets a 304 while nothing changed.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Sum
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import compress_string

from config.cache import cache_get, cache_set
from engine.games import GAMES
from tournaments import selectors
from tournaments.core.formats import game_of
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.standings.models import StandingsState

PAGE_CACHE_SECONDS = 600
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600


def seat_label(seat: Any) -> str:
    """A seat as the entry pages name it: "B — Kovács Anna"."""
    return f"{seat.position} — {seat.player.name}"


def organizer_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Organizers of the tournament in the URL (or superusers) only: anonymous -> login, others -> 403.
    The view gets the tournament in place of its slug."""

    @wraps(view)
    def guarded(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise Http404("No such tournament")
        if not selectors.is_organizer(request.user, tournament):
            raise PermissionDenied("You do not organize this tournament.")
        return view(request, tournament, *args, **kwargs)

    return guarded


def _versioned_tournament_sql() -> str:
    """One statement for a public tournament and the versions its pages depend on. Written out once, not
    built by the ORM per request: compiling the equivalent annotated queryset cost more than running it."""
    tournament, state, round_ = (m._meta.db_table for m in (Tournament, StandingsState, Round))
    return (
        f"SELECT t.*,"
        f" (SELECT s.version FROM {state} s WHERE s.tournament_id = t.id) AS standings_version,"
        f" (SELECT s.computed_version FROM {state} s WHERE s.tournament_id = t.id) AS standings_computed,"
        f" (SELECT COUNT(*) FROM {round_} r WHERE r.tournament_id = t.id) AS rounds_count,"
        f" (SELECT SUM(r.version) FROM {round_} r WHERE r.tournament_id = t.id) AS rounds_version"
        f" FROM {tournament} t WHERE t.slug = %s AND t.is_public AND t.status <> %s"
    )


VERSIONED_TOURNAMENT_SQL = _versioned_tournament_sql()


def public_tournament_or_404(slug: str) -> Tournament:
    """The public tournament ``slug`` (as ``selectors.public_tournaments`` defines public) with the
    versions its pages depend on, in one query."""
    found = list(Tournament.objects.raw(VERSIONED_TOURNAMENT_SQL, [slug, Tournament.Status.DRAFT]))
    if not found:
        raise Http404("No such public tournament")
    return found[0]


def page_version(tournament: Tournament) -> str:
    """Everything a public page of ``tournament`` depends on, as one string: read with the tournament by
    ``public_tournament_or_404``, else two small queries.

    ``created_at`` tells apart two tournaments that reuse a primary key (a test database, a restore)."""
    if hasattr(tournament, "rounds_version"):
        parts = [
            tournament.standings_version,
            tournament.standings_computed,
            tournament.rounds_count,
            tournament.rounds_version,
        ]
    else:
        state = StandingsState.objects.filter(tournament=tournament)
        state = state.values_list("version", "computed_version")
        rounds = Round.objects.filter(tournament=tournament).aggregate(n=Count("id"), v=Sum("version"))
        parts = [*(state.first() or (0, 0)), rounds["n"], rounds["v"]]
    created = int(tournament.created_at.timestamp() * 1_000_000)
    return ".".join(str(part or 0) for part in (tournament.pk, created, tournament.version, *parts))


def cached_page(
    request: HttpRequest,
    tournament: Tournament,
    render: Callable[[], HttpResponse],
    *,
    timeout: int = PAGE_CACHE_SECONDS,
) -> HttpResponse:
    """The page ``render`` makes, from the cache while ``tournament`` has not changed.

    Only for pages that look the same to everyone (no CSRF token, no user's name): the language and the
    full path (with its query) are part of the key."""
    raw = f"{page_version(tournament)}|{translation.get_language()}|{request.get_full_path()}"
    digest = hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()
    key = f"page-{digest}"
    cached = cache_get(key)
    if cached is None:
        response = render()
        if response.status_code == 200 and not response.streaming:
            content_type = response["Content-Type"]
            compressed = content_type.startswith("text/")  # HTML, CSV; not PDFs (compressed already)
            body = compress_string(response.content) if compressed else response.content
            cache_set(key, (body, content_type, compressed), timeout)
    else:
        body, content_type, compressed = cached
        if compressed and ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")):
            response = HttpResponse(body, content_type=content_type)
            response["Content-Encoding"] = "gzip"  # a phone on the venue's wifi gets a tenth of the bytes
        else:
            response = HttpResponse(gzip.decompress(body) if compressed else body, content_type=content_type)
    patch_vary_headers(response, ["Accept-Encoding"])
    response["ETag"] = f'W/"{digest}"'  # weak: the same page, gzipped or not
    response["Cache-Control"] = "no-cache"  # always revalidate: a 304 costs one query and no render
    return response


def language_switch(request: HttpRequest, code: str) -> HttpResponse:
    """Remember the chosen language in a cookie and go back. A plain link (no form, no CSRF token), so
    that cached pages can carry the switch and it works without JavaScript."""
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    response = HttpResponseRedirect(target)
    if code in dict(settings.LANGUAGES):
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME, code, max_age=LANGUAGE_COOKIE_MAX_AGE, samesite="Lax"
        )
    return response


FAVICON = "tournaments/favicon.svg"


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for on pages that name no icon (the API's, the admin's, a PDF):
    the site's icon, so that they find one instead of a 404. The HTML pages name it themselves."""
    response = HttpResponseRedirect(static(FAVICON))
    response["Cache-Control"] = "public, max-age=86400"
    return response


def glossary(request: HttpRequest) -> HttpResponse:
    """A game's terms as its players say them, glossed in the reader's language: the game of the
    tournament it is opened from (``?t=<slug>``, the footer's link: it keeps a way back), or the game chosen
    (``?game=<id>``); with neither, the list of games to choose from."""
    from tournaments.templatetags.tarokk import glossary as terms

    slug = request.GET.get("t", "")[:50]
    tournament = selectors.public_tournament(slug) if slug else None
    chosen = request.GET.get("game", "")[:32]
    language = translation.get_language() or "en"
    game = game_of(tournament) if tournament else GAMES.get(chosen)
    context = {
        "terms": terms(game.id) if game else [],
        "tournament": tournament,
        "game": game,
        "game_name": game.name(language) if game else "",
        "games": [(g.id, g.name(language)) for g in GAMES.values() if game is None or g.id != game.id],
        # the words of Hungarian Tarokk are Hungarian (lang="hu"); each other game's are its home players'
        "hungarian": game is not None and game.id == "hungarian",
    }
    return render(request, "tournaments/glossary.html", context)


def qr_svg(url: str) -> SafeString:
    """``url`` as an inline SVG QR code (sized by CSS), labelled with the URL for screen readers and for
    anyone checking what it opens (the table cards' entry codes, the live seats' links)."""
    qr = segno.make(url, error="m")
    svg = qr.svg_inline(scale=1, border=2, omitsize=True, svgclass="qr", lineclass="qr-dark", title=url)
    # segno escapes the title; format_html escapes the label
    return mark_safe(svg.replace("<svg ", format_html('<svg role="img" aria-label="{}" ', url), 1))
