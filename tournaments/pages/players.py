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

from collections import Counter
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import floatformat
from django.urls import URLPattern, path, reverse
from django.utils.formats import date_format, localize
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from config.db_router import replica_reads
from tournaments import selectors, services
from tournaments.core.formats import game_of
from tournaments.organizing.models import Club, Tournament
from tournaments.pages.common import organizer_page
from tournaments.pages.forms import PageForm
from tournaments.pages.organizer import failure
from tournaments.pages.setup import field_labels
from tournaments.participants.models import RATING_MAX, Gender, Player, Registration

QUERY_MAX = 100


# --- the public page -------------------------------------------------------------------------------------


#: what the page shows of each tournament (a busy player's has 500: the rest of their fields is not read)
TOURNAMENT_SHOWN = ("name", "slug", "starts_on", "status", "game", "club__name")


def player_profile_context(player: Player, request: HttpRequest) -> dict[str, Any]:
    """Everything the player's page shows: the public tournaments, the player's line in each public series,
    the rating of each game over time (``ratings``: the current rating, its history and a chart) and the
    statistics from the hands; the template shows each section only when it has something."""
    language = get_language() or "en"
    shown = selectors.public_tournaments().select_related("club").only(*TOURNAMENT_SHOWN)
    played = selectors.player_tournaments(player, shown)
    _shown(played, player, language)
    clubs = list(dict.fromkeys(c for c in [player.club, *(line.tournament.club for line in played)] if c))
    return {
        "player": player,
        "played": played,
        "clubs": clubs,
        "series_lines": selectors.player_series_lines(player),
        "ratings": [_rating_of(rating, language) for rating in selectors.player_ratings(player)],
        "statistics": selectors.player_statistics(player),
    }


def _shown(played: list[Any], player: Player, language: str) -> None:
    """What each tournament's row shows, made here once rather than by the template's tags and filters per
    row (a busy player's page has 500 rows): its link, its day (ISO and in the reader's format), the game's
    name, the rank in the field and the total. The same text the tags made ("12 of 150", "–")."""
    # one reverse for every row: only the slug differs ("/t/<slug>/players/<id>/")
    before, after = reverse("tournaments:player", args=["slug", player.pk]).split("/slug/")
    days: dict[Any, str] = {}
    of = _("%(r)s of %(n)s")  # the template's words for a rank in the field
    for line in played:
        tournament = line.tournament
        line.game_name = game_of(tournament).name(language)
        line.url = f"{before}/{tournament.slug}/{after}"
        day = tournament.starts_on
        if day not in days:
            days[day] = date_format(day, "DATE_FORMAT")
        line.day, line.day_shown = day.isoformat(), days[day]
        line.place = of % {"r": localize(line.rank), "n": localize(line.field_size)} if line.rank else "–"
        line.total_shown = floatformat(line.total, "-2") or "–"


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


# --- the registration desk (the tournament's organizers) --------------------------------------------------

NEW_PLAYER_FIELDS = ("name", "club", "external_id", "rating")
PLAYER_FIELDS = ("name", "club", "rating", "gender", "birth_year")


def _club(form: PageForm, value: str, name: str = "club") -> Club | None:
    if not value:
        return None
    club = Club.objects.filter(pk=int(value)).first() if value.isdigit() and len(value) <= 9 else None
    if club is None:
        form.error(name, _("choose a club of the list"))
    return club


def _new_player_form() -> PageForm:
    """A new player's form: their record, and whether they are here (ticked: checked in at once)."""
    labels = {**field_labels(NEW_PLAYER_FIELDS), "check_in": gettext_lazy("Here now: check in")}
    return PageForm(labels, {"check_in": True})


def _list_form() -> PageForm:
    """The pasted list's form: the lines, and whether the players are here."""
    labels = {**field_labels(("list",)), "list_check_in": gettext_lazy("They are here: check them in")}
    return PageForm(labels)


REGISTRATION_ACTIONS: dict[str, Any] = {
    "check_in": (services.registration_check_in, gettext_lazy("%(name)s is checked in.")),
    "undo_check_in": (services.registration_check_in_undo, gettext_lazy("%(name)s is no longer checked in.")),
    "no_show": (
        services.registration_no_show,
        gettext_lazy("%(name)s did not come: kept in the list, not drawn."),
    ),
    "undo_no_show": (
        services.registration_no_show_undo,
        gettext_lazy("%(name)s is registered again (not checked in yet)."),
    ),
    "withdraw": (services.registration_withdraw, None),
}


def _registration_action(request: HttpRequest, tournament: Tournament, action: str) -> str:
    """A registration's button (check in, undo, did not come, withdraw, register again), through its
    service: what happened, in words (``_draft_warning`` adds what a draft round needs then)."""
    registration = (
        tournament.registrations.select_related("player")
        .filter(pk=_id(request.POST.get("registration")))
        .first()
    )
    if registration is None:
        raise ValidationError({"player": [ValidationError(_("choose a player of the list"), code="invalid")]})
    name = registration.player.name
    if action == "register_again":
        services.player_register(tournament, registration.player, by=request.user)
        return _("%(name)s is registered again, from the next round on.") % {"name": name}
    service, done = REGISTRATION_ACTIONS[action]
    registration = service(registration, by=request.user)
    if action == "withdraw":
        after = registration.withdrawn_after_round
        if after:
            return _("%(name)s has withdrawn after round %(round)s.") % {"name": name, "round": after}
        return _("%(name)s has withdrawn before the start.") % {"name": name}
    return str(done) % {"name": name}


def _draft_warning(tournament: Tournament, player_id: int) -> str | None:
    """A draft round seating a player who is no longer present: redraw it (it was drawn from the old list)."""
    lines, _last = selectors.registration_desk(tournament)
    line = next((ln for ln in lines if ln.registration.player_id == player_id), None)
    if line is None or line.in_draft is None:
        return None
    if selectors.present_registrations(tournament, line.in_draft).filter(player_id=player_id).exists():
        return None
    return _("Round %(round)s is drawn as a draft with %(name)s: redraw it.") % {
        "round": line.in_draft,
        "name": line.registration.player.name,
    }


@organizer_page
def register(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The registration desk: find a person and register them (or create a new record, after seeing the
    records with a similar name), paste a list of players, check players in as they arrive, mark who did
    not come, withdraw, and edit a player's record. Registered is not arrived: the draws take only the
    players present (``selectors.present_registrations``)."""
    query = request.GET.get("q", "")[:QUERY_MAX].strip()
    new_form, list_form = _new_player_form(), _list_form()
    failed, similar, report = None, [], None
    status = 200
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "register":
                player = Player.objects.filter(pk=_id(request.POST.get("player", ""))).first()
                if player is None:
                    raise ValidationError({"player": [ValidationError(_("choose a player"), code="invalid")]})
                services.player_register(tournament, player, check_in=True, by=request.user)
                messages.success(request, _("%(name)s is registered and checked in.") % {"name": player.name})
                return redirect("tournaments:manage-players", tournament.slug)
            if action == "create":
                similar = _create(request, tournament, new_form)
                if not similar and not new_form.invalid:
                    return redirect("tournaments:manage-players", tournament.slug)
                status = new_form.status
            elif action == "list":
                report = _paste(request, tournament, list_form)
                status = list_form.status
            elif action in (*REGISTRATION_ACTIONS, "register_again"):
                messages.success(request, _registration_action(request, tournament, action))
                warning = _draft_warning(
                    tournament, _registered_player(tournament, request.POST.get("registration"))
                )
                if warning:
                    messages.warning(request, warning)
                return redirect(f"{reverse('tournaments:manage-players', args=[tournament.slug])}#players")
        except ValidationError as exc:
            failed = failure(exc, _("tournament"))
            status = failed["status"]
    lines, last = selectors.registration_desk(tournament)
    registered = {line.registration.player_id for line in lines}
    found = selectors.players_find(query, limit=20) if query else []
    counts = Counter(line.registration.status for line in lines)
    context = {
        "tournament": tournament,
        "active": "players",
        "query": query,
        "found": [(p, p.pk in registered) for p in found],
        "similar": [(p, p.pk in registered) for p in similar],
        "new_form": new_form,
        "list_form": list_form,
        "report": report,
        "clubs": [(club.pk, club.name) for club in Club.objects.order_by("name")],
        "failure": failed,
        "lines": lines,
        "last_round": last,
        "counts": {status: counts.get(status, 0) for status in Registration.Status.values},
        "present_next": selectors.present_registrations(tournament, last + 1).count(),
        "list_max": services.LIST_MAX_LINES,
    }
    return render(request, "tournaments/players/register.html", context, status=status)


def _registered_player(tournament: Tournament, registration_id: Any) -> int:
    return (
        tournament.registrations.filter(pk=_id(registration_id)).values_list("player_id", flat=True).first()
        or 0
    )


def _create(request: HttpRequest, tournament: Tournament, form: PageForm) -> list[Player]:
    """A new player, registered (and checked in, when ticked), after showing the records of a similar name
    (or the same external id) first; the records shown, or none once it is made."""
    post = request.POST
    name = form.text(post, "name", 200, required=True)
    external_id = form.text(post, "external_id", 64)
    club = _club(form, form.text(post, "club", 20))
    rating = form.whole(post, "rating", low=0, high=RATING_MAX, required=False)
    check_in = form["check_in"].value = post.get("check_in") == "on"
    if form.invalid:
        return []
    similar: list[Player] = []
    if not post.get("confirm_new"):
        similar = selectors.players_find(name, limit=10) if name.strip() else []
        if external_id.strip():
            similar += [
                p for p in selectors.players_find("", external_id=external_id.strip()) if p not in similar
            ]
    if similar:
        return similar
    try:
        registration = services.tournament_player_add(
            tournament,
            name=name,
            club=club,
            rating=rating,
            external_id=external_id or None,
            check_in=check_in,
            by=request.user,
        )
    except ValidationError as exc:
        form.refused(exc)
        return []
    done = _("%(name)s is a new player, registered.") % {"name": registration.player.name}
    messages.success(request, done)
    return []


def _paste(request: HttpRequest, tournament: Tournament, form: PageForm) -> Any:
    """Register a pasted list (``services.players_register_list``); the lines refused stay in the box with
    their reasons, to be fixed and sent again."""
    typed = form.text(request.POST, "list", services.LIST_MAX_CHARS + 1, required=True)
    check_in = form["list_check_in"].value = request.POST.get("list_check_in") == "on"
    if form.invalid:
        return None
    try:
        report = services.players_register_list(tournament, typed, check_in=check_in, by=request.user)
    except ValidationError as exc:
        form.refused(exc)
        return None
    form["list"].value = "\n".join(line.typed for line, _reason in report.refused)
    form["list"].errors += [str(reason) for _line, reason in report.refused]
    if report.refused:
        form.code = "invalid"
    return report


def _id(value: Any) -> int | None:
    value = str(value or "")
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 18 else None


@organizer_page
def player_edit(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    """A registered player's record: name, club, rating, gender and birth year. The record is shared by
    every tournament the person plays, so it is changed here only by those ``selectors.may_edit_player``
    names (an organizer of this tournament while the record is this tournament's alone); others see it."""
    player = selectors.tournament_player(tournament, player_id)
    if player is None:
        raise Http404("No such player in this tournament")
    allowed = selectors.may_edit_player(request.user, player, tournament)
    form = PageForm(
        field_labels(PLAYER_FIELDS),
        {
            "name": player.name,
            "club": str(player.club_id or ""),
            "rating": "" if player.rating is None else str(player.rating),
            "gender": player.gender,
            "birth_year": "" if player.birth_year is None else str(player.birth_year),
        },
    )
    if request.method == "POST":
        post = request.POST
        changes: dict[str, Any] = {
            "name": form.text(post, "name", 200, required=True),
            "club": _club(form, form.text(post, "club", 20)),
            "rating": form.whole(post, "rating", low=0, high=RATING_MAX, required=False),
            "gender": form.choice(post, "gender", ["", *Gender.values]),
            "birth_year": form.whole(post, "birth_year", low=1900, high=2100, required=False),
        }
        if not form.invalid:
            try:
                services.player_edit(player, changes=changes, by=request.user, tournament=tournament)
            except ValidationError as exc:
                form.refused(exc)
            else:
                messages.success(
                    request, _("%(name)s's record is saved.") % {"name": changes["name"].strip()}
                )
                return redirect("tournaments:manage-players", tournament.slug)
    context = {
        "tournament": tournament,
        "active": "players",
        "player": player,
        "form": form,
        "allowed": allowed,
        "clubs": [(club.pk, club.name) for club in Club.objects.order_by("name")],
        "genders": Gender.choices,
        "elsewhere": selectors.player_tournaments(player, selectors.tournaments_visible_to(request.user)),
    }
    return render(request, "tournaments/players/edit.html", context, status=form.status)


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
    path("t/<slug:slug>/manage/players/<num:player_id>/", player_edit, name="manage-player"),
]
