"""Pages of one person across tournaments and clubs.

* ``/players/<id>/`` (public): the player's public tournaments, newest first, with rank, total and the
  field's size; a merged record's address leads to its kept record's page. Its context is built by
  ``player_profile_context`` alone, so the other parts of issue 24 add their sections there
  (``series_lines``, ``rating_history``, ``statistics``: empty until they do).
* ``/t/<slug>/manage/players/`` (the tournament's organizers): register a player, finding the person
  among the existing records first (``selectors.players_find``) so that nobody is entered twice.
* ``/players/merge/`` and ``/players/merges/`` (staff users, and organizers of the records' clubs):
  merge two records of one person after seeing both side by side, and undo a merge.

Private fields (gender, birth year, external id) show on the organizers' pages only, never publicly.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from config.db_router import replica_reads
from tournaments import selectors, services
from tournaments.core.formats import game_of
from tournaments.organizing.models import Club, Tournament
from tournaments.pages.common import organizer_page
from tournaments.pages.organizer import failure
from tournaments.participants.models import Player

QUERY_MAX = 100


# --- the public page -------------------------------------------------------------------------------------


def player_profile_context(player: Player, request: HttpRequest) -> dict[str, Any]:
    """Everything the player's page shows: the public tournaments, the player's line in each public series,
    the rating of each game over time (``ratings``: the current rating, its history and a chart) and the
    statistics from the hands; the template shows each section only when it has something."""
    language = get_language() or "en"
    played = selectors.player_tournaments(player, selectors.public_tournaments().select_related("club"))
    for line in played:
        line.game_name = game_of(line.tournament).name(language)  # type: ignore[attr-defined]
    clubs = list(dict.fromkeys(c for c in [player.club, *(line.tournament.club for line in played)] if c))
    return {
        "player": player,
        "played": played,
        "clubs": clubs,
        "series_lines": selectors.player_series_lines(player),
        "ratings": [_rating_of(rating, language) for rating in selectors.player_ratings(player)],
        "statistics": selectors.player_statistics(player),
    }


def _rating_of(rating: Any, language: str) -> dict[str, Any]:
    """A game's rating on the player's page: now, after each rated tournament (newest first) and as a
    chart's points (0..100 on both axes; a single tournament is a dot)."""
    history = selectors.rating_history(rating.player_id, rating.game)
    values = [point.ordinal for point in history]
    low, high = (min(values), max(values)) if values else (0.0, 0.0)
    span = (high - low) or 1.0
    step = 100 / max(1, len(values) - 1)
    points = " ".join(f"{i * step:.1f},{100 - (v - low) / span * 100:.1f}" for i, v in enumerate(values))
    return {
        "rating": rating,
        "game_name": game_of({"game": rating.game}).name(language),
        "history": list(reversed(history)),
        "chart": points if len(values) > 1 else "",
        "low": low,
        "high": high,
    }


def player_page(request: HttpRequest, player_id: int) -> HttpResponse:
    """The person across tournaments and clubs. A merged record's address redirects (302: an undo may
    make it a page of its own again) to the page of the record it was merged into."""
    kept = selectors.kept_player_ids([player_id])[player_id]
    if kept != player_id:
        return redirect("tournaments:player-profile", kept)
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    if player is None:
        raise Http404("No such player")
    return render(request, "tournaments/players/profile.html", player_profile_context(player, request))


# --- registering a player (the tournament's organizers) ---------------------------------------------------


def _typed(request: HttpRequest) -> dict[str, str]:
    """What the organizer typed, kept on the page when it is refused or asked about."""
    return {name: request.POST.get(name, "")[:200] for name in ("name", "club", "external_id", "rating")}


def _club(value: str) -> Club | None:
    if not value:
        return None
    club = Club.objects.filter(pk=int(value)).first() if value.isdigit() and len(value) <= 9 else None
    if club is None:
        raise ValidationError({"club": [ValidationError(_("choose a club of the list"), code="invalid")]})
    return club


def _rating(value: str) -> Any:
    value = value.strip()
    return (
        int(value) if value.isascii() and value.lstrip("-").isdigit() and len(value) <= 9 else value or None
    )


@organizer_page
def register(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register a player: search first (name, club, external id), pick the person if they exist, else
    create a new record. A new name that matches existing records shows them before anything is made."""
    query = request.GET.get("q", "")[:QUERY_MAX].strip()
    typed = {"name": "", "club": "", "external_id": "", "rating": ""}
    failed, similar = None, []
    if request.method == "POST":
        action = request.POST.get("action", "")
        typed = _typed(request)
        try:
            if action == "register":
                player = Player.objects.filter(pk=_id(request.POST.get("player", ""))).first()
                if player is None:
                    raise ValidationError({"player": [ValidationError(_("choose a player"), code="invalid")]})
                services.player_register(tournament, player, check_in=True, by=request.user)
                messages.success(request, _("%(name)s is registered.") % {"name": player.name})
                return redirect("tournaments:manage-players", tournament.slug)
            if action == "create":
                club = _club(typed["club"])
                if not request.POST.get("confirm_new"):
                    similar = selectors.players_find(typed["name"], limit=10) if typed["name"].strip() else []
                    if typed["external_id"].strip():
                        similar += [
                            p
                            for p in selectors.players_find("", external_id=typed["external_id"].strip())
                            if p not in similar
                        ]
                if not similar:
                    registration = services.tournament_player_add(
                        tournament,
                        name=typed["name"],
                        club=club,
                        rating=_rating(typed["rating"]),
                        external_id=typed["external_id"] or None,
                        check_in=True,
                        by=request.user,
                    )
                    name = registration.player.name
                    messages.success(request, _("%(name)s is a new player, registered.") % {"name": name})
                    return redirect("tournaments:manage-players", tournament.slug)
        except ValidationError as exc:
            failed = failure(exc, _("tournament"))
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    found = selectors.players_find(query, limit=20) if query else []
    context = {
        "tournament": tournament,
        "active": "players",
        "query": query,
        "found": [(p, p.pk in registered) for p in found],
        "similar": [(p, p.pk in registered) for p in similar],
        "typed": typed,
        "clubs": Club.objects.order_by("name"),
        "failure": failed,
        "registered": tournament.registrations.select_related("player__club").order_by("player__name"),
    }
    status = failed["status"] if failed else 200
    return render(request, "tournaments/players/register.html", context, status=status)


def _id(value: Any) -> int | None:
    value = str(value or "")
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 18 else None


# --- merging two records of one person -------------------------------------------------------------------


def _merger(request: HttpRequest) -> Any:
    """Staff users and clubs' organizers: anonymous -> login, anyone else -> 403."""
    if not request.user.is_authenticated:
        raise _LoginFirst
    if not selectors.may_merge_some(request.user):
        raise PermissionDenied(_("Only staff users and clubs' organizers merge players' records."))
    return request.user


class _LoginFirst(Exception):
    pass


def _guarded(view: Any) -> Any:
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            user = _merger(request)
        except _LoginFirst:
            return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
        return view(request, user, *args, **kwargs)

    guarded.__name__ = view.__name__
    guarded.__doc__ = view.__doc__
    return guarded


def _record(player: Player | None, user: Any) -> dict[str, Any] | None:
    """A record as the merge page shows it beside the other one."""
    if player is None:
        return None
    visible = selectors.tournaments_visible_to(user)
    return {"player": player, "played": selectors.player_tournaments(player, visible)}


@_guarded
def merge_page(request: HttpRequest, user: Any) -> HttpResponse:
    """Pick the record to keep and the record to merge into it (each found by name, club or external id),
    see both side by side, confirm."""
    params = request.POST if request.method == "POST" else request.GET
    kept = Player.objects.select_related("club").filter(pk=_id(params.get("kept"))).first()
    merged = Player.objects.select_related("club").filter(pk=_id(params.get("merged"))).first()
    failed = None
    if request.method == "POST":
        try:
            if kept is None or merged is None:
                field = "kept" if kept is None else "merged"
                raise ValidationError({field: [ValidationError(_("choose a player"), code="invalid")]})
            if not selectors.may_merge_players(user, kept, merged):
                raise ValidationError(
                    {
                        "merged": [
                            ValidationError(_("you may not merge these records"), code="permission_denied")
                        ]
                    }
                )
            services.player_merge(kept, merged, by=user, reason=request.POST.get("reason", ""))
        except ValidationError as exc:
            failed = failure(exc, _("player"))
        else:
            messages.success(
                request, _("%(merged)s is merged into %(kept)s.") % {"merged": merged.name, "kept": kept.name}
            )
            return redirect("tournaments:player-merges")
    q1 = params.get("q1", "")[:QUERY_MAX].strip()
    q2 = params.get("q2", "")[:QUERY_MAX].strip()
    context = {
        "q1": q1,
        "q2": q2,
        "found1": selectors.players_find(q1, limit=20) if q1 else [],
        "found2": selectors.players_find(q2, limit=20) if q2 else [],
        "kept": _record(kept, user),
        "merged": _record(merged, user),
        "allowed": kept is not None
        and merged is not None
        and selectors.may_merge_players(user, kept, merged),
        "failure": failed,
        "reason": request.POST.get("reason", "")[:500],
    }
    return render(
        request, "tournaments/players/merge.html", context, status=failed["status"] if failed else 200
    )


@_guarded
def merge_list(request: HttpRequest, user: Any) -> HttpResponse:
    """The merges this user may see, newest first, each with its Undo while it is in force."""
    merges = list(selectors.player_merges(user)[:200])
    return render(request, "tournaments/players/merges.html", {"merges": merges})


@_guarded
def merge_undo(request: HttpRequest, user: Any, merge_id: int) -> HttpResponse:
    """POST: undo a merge (refused, with the reason, while a later merge of either record is in force)."""
    merge = selectors.player_merges(user).filter(pk=merge_id).first()
    if merge is None:
        raise Http404("No such merge")
    if request.method == "POST":
        try:
            services.player_merge_undo(merge, by=user)
        except ValidationError as exc:
            failed = failure(exc, _("merge"))
            merges = list(selectors.player_merges(user)[:200])
            context = {"merges": merges, "failure": failed}
            return render(request, "tournaments/players/merges.html", context, status=failed["status"])
        messages.success(
            request,
            _("The merge is undone: %(name)s is a record of its own again.") % {"name": merge.merged.name},
        )
    return redirect("tournaments:player-merges")


urlpatterns: list[URLPattern] = [
    path("players/<num:player_id>/", replica_reads(player_page), name="player-profile"),
    path("players/merge/", merge_page, name="player-merge"),
    path("players/merges/", merge_list, name="player-merges"),
    path("players/merges/<num:merge_id>/undo/", merge_undo, name="player-merge-undo"),
    path("t/<slug:slug>/manage/players/", register, name="manage-players"),
]
