"""The organizers' pages of a series (a club's organizers, or a series' own): create a series of the club
(its main rules in a form: a cup's named point system (``series.presets``) or the points per place, best N,
the minimum, participation points, qualification; side rankings and formulas through the API or the
admin), then manage it: its point system, its tournaments in and out, and its final. Every write goes
through ``series.services``; a refused one shows what was typed again with the error beside its field's
name."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments import selectors, services
from tournaments.organizing.models import Tournament
from tournaments.pages.clubs import game_names
from tournaments.pages.organizer import failure, invalid_form
from tournaments.series.models import Series
from tournaments.series.presets import PRESETS, preset_choices

RULE_FIELDS = ("preset", "points", "best_of", "min_tournaments", "participation_points", "top")


def _signed_in(request: HttpRequest) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
    return None


def _number(post: Any, name: str) -> int | None:
    """A whole number typed in the form; empty: none; anything else: an error naming the field."""
    value = post.get(name, "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit() and len(value) <= 6):
        raise invalid_form(name, _("give a whole number"))
    return int(value)


def _preset(post: Any) -> str:
    """The named point system chosen (empty: none)."""
    preset = post.get("preset", "").strip()
    if preset and preset not in PRESETS:
        raise invalid_form("preset", _("choose one of the point systems offered"))
    return preset


def _rules(post: Any) -> dict[str, Any]:
    """The form's rules as the series' rules JSON (``series.compute.parse_rules`` checks them). With a
    point system chosen, only the fields filled in override it (an empty minimum keeps the system's)."""
    preset = _preset(post)
    table = [cell.strip() for cell in post.get("points", "").replace(";", ",").split(",") if cell.strip()]
    rules: dict[str, Any] = {"preset": preset} if preset else {"points": {"method": "score"}}
    if table:
        if len(table) > 200 or not all(c.isascii() and c.replace(".", "", 1).isdigit() for c in table):
            raise invalid_form("points", _("give the points of each place, separated by commas: 25, 20, 16"))
        rules["points"] = {"method": "table", "table": [float(c) if "." in c else int(c) for c in table]}
    best_of, minimum, participation, top = (
        _number(post, name) for name in ("best_of", "min_tournaments", "participation_points", "top")
    )
    if best_of is not None:
        rules["best_of"] = best_of
        if preset:
            rules["best_fraction"] = None  # "the best N" typed replaces a system's "the best half"
    if not preset or minimum is not None:
        rules["min_tournaments"] = minimum or 0
    if not preset or participation is not None:
        rules["participation_points"] = participation or 0
    if top is not None or post.get("region_winners") == "on":
        rules["qualification"] = {"top": top or 0, "region_winners": post.get("region_winners") == "on"}
    return rules


def _presets() -> list[dict[str, Any]]:
    """The point systems offered, for the forms' choice and their help."""
    return [
        {"name": name, "label": label, "summary": PRESETS[name].summary} for name, label in preset_choices()
    ]


def series_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A new series of the club (its organizers), opened on its manage page."""
    club = selectors.club_by_slug(slug)
    if club is None:
        raise Http404("No such club")
    if (login := _signed_in(request)) is not None:
        return login
    if not selectors.can_manage_club(request.user, club):
        raise PermissionDenied("You do not organize this club.")
    values: dict[str, Any] = {
        "game": selectors.club_game(club),
        "season": str(date.today().year),
    }
    failed = None
    if request.method == "POST":
        values = {name: request.POST.get(name, "")[:300] for name in ("name", "slug", "season", "game")}
        values |= {name: request.POST.get(name, "")[:300] for name in RULE_FIELDS}
        values["region_winners"] = request.POST.get("region_winners") == "on"
        try:
            fields = {
                "name": values["name"],
                "slug": values["slug"].strip() or slugify(values["name"])[:200],
                "season": values["season"],
                **({"game": values["game"]} if values["game"] else {}),  # none chosen: the service asks
                "club": club,
                "rules": _rules(request.POST),
            }
            series = services.series_create(fields=fields, by=request.user)
        except ValidationError as exc:
            failed = failure(exc, _("series"))
        else:
            return redirect("tournaments:series-manage", series.slug)
    context = {
        "club": club,
        "values": values,
        "failure": failed,
        "games": sorted(game_names().items(), key=lambda pair: pair[1]),
        "presets": _presets(),
    }
    return render(request, "tournaments/series/new.html", context, status=failed["status"] if failed else 200)


def series_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """A series' tournaments in and out (the club's tournaments of the series' game) and its final."""
    series = Series.objects.select_related("club", "final").filter(slug=slug).first()
    if series is None:
        raise Http404("No such series")
    if (login := _signed_in(request)) is not None:
        return login
    if not selectors.can_manage_series(request.user, series):
        raise PermissionDenied("You do not manage this series.")
    failed = None
    typed: dict[str, str] = {}
    if request.method == "POST":
        typed = {name: request.POST.get(name, "")[:200] for name in ("name", "starts_on", "region")}
        try:
            _act(request, series, typed)
        except ValidationError as exc:
            failed = failure(exc, _("series"))
        else:
            return redirect("tournaments:series-manage", series.slug)
    entries = list(series.entries.select_related("tournament").order_by("tournament__starts_on"))
    members = {entry.tournament_id for entry in entries}
    candidates = (
        Tournament.objects.filter(game=series.game)
        .filter(**({"club": series.club} if series.club_id else {"organizers": request.user}))
        .exclude(pk__in=members)
        .exclude(pk=series.final_id or 0)
        .order_by("-starts_on")[:50]
    )
    context = {
        "series": series,
        "entries": entries,
        "candidates": candidates,
        "failure": failed,
        "typed": typed,
        "qualified": series.standings.filter(ranking="", qualified=True).count(),
        "presets": _presets(),
        "preset": (series.rules or {}).get("preset", ""),
    }
    return render(
        request, "tournaments/series/manage.html", context, status=failed["status"] if failed else 200
    )


def _act(request: HttpRequest, series: Series, typed: dict[str, str]) -> None:
    """One action of the manage page: ``add``, ``remove`` (a tournament, by its slug), ``preset`` (the
    point system) or ``final``."""
    action = request.POST.get("action", "")
    if action == "preset":
        services.series_edit(
            series, fields={"rules": _with_preset(series, _preset(request.POST))}, by=request.user
        )
        return
    if action in ("add", "remove"):
        tournament = Tournament.objects.filter(slug=request.POST.get("tournament", "")[:200]).first()
        if tournament is None:
            raise invalid_form("tournament", _("no such tournament"))
        if action == "add":
            services.series_tournament_add(series, tournament, region=typed["region"], by=request.user)
        else:
            services.series_tournament_remove(series, tournament, by=request.user)
        return
    if action == "final":
        final = _("Final")  # outside the f-string: makemessages reads no call inside one
        name = typed["name"] or f"{series.name} – {final}"
        services.series_final_create(
            series, name=name, slug=slugify(name)[:200], starts_on=typed["starts_on"], by=request.user
        )
        return
    raise invalid_form("action", _("unknown action"))


def _with_preset(series: Series, preset: str) -> dict[str, Any]:
    """The series' rules on another point system: the system's rules with the series' side rankings,
    tie-breaks and qualification kept; none: the rules as they are, no longer named after a system."""
    current = dict(series.rules or {})
    if not preset:
        current.pop("preset", None)
        return current
    kept = {key: current[key] for key in ("side_rankings", "tiebreaks", "qualification") if key in current}
    return {"preset": preset, **kept}


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/series/new/", series_new, name="series-new"),
    path("series/<slug:slug>/manage/", series_manage, name="series-manage"),
]
