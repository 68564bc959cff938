"""A tournament's setup by its organizers: creating one, and its format until round 1 is drawn.

* ``/manage/new/`` ("My tournaments" and every dashboard link to it) and ``/clubs/<slug>/tournaments/new/``
  (a club's page) are one form and one view: the game, its rules preset (each game's, from the registry
  ``engine.games``), the rounds and the table sizes the game allows, the club (one of the organizer's; none
  for staff users), name, address, date, venue. The format starts as the preset's event plays it
  (``format_defaults``); ``services.tournament_create`` decides who may create what.
* ``/t/<slug>/manage/format/``: the details (name, venue, date, visibility, draft or open) and the length
  of a round stay editable; the format (rules, rounds, table sizes, deals and table points per size, what
  counts, the pairing of each round, tie-breaks, table money, whether the deals are a maximum within the
  round's time) until round 1 is drawn. ``services.tournament_edit`` refuses a format change after that.
  The live tables' settings (of a game played live) follow the service's split: who may watch, the grace
  period and the move clock (``DETAIL_FIELDS``) stay editable while the tournament runs; whether a hand a
  bot helped play counts at once (``live_bot_hands``) decides which hands count, so it is format, fixed
  once round 1 is drawn.

Every refusal names the field as the form labels it (``pages.forms``).
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.games import GAMES
from tournaments import selectors, services
from tournaments.core.formats import (
    ALL_TABLE_SIZES,
    LIVE_CHOICES,
    MAX_DEALS_PER_ROUND,
    TIEBREAKS,
    format_defaults,
    game_of,
    pairing_method_for,
    starting_preset,
    table_sizes_of,
)
from tournaments.core.labels import METHOD_CHOICES, VOCABULARIES, label, preset_name
from tournaments.organizing.models import Club, Tournament
from tournaments.organizing.services import FORMAT_FIELDS
from tournaments.pages.common import organizer_page
from tournaments.pages.forms import ENTER_WHOLE, PageForm, whole_number

ROUNDS_MAX = 50
MINUTES_MAX = 600
CENTS_MAX = 100_000
NEW_FIELDS = ("club", "name", "slug", "starts_on", "venue", "game", "rules_preset", "rounds_planned",
              "table_sizes", "first_size", "is_public", "draft")  # fmt: skip


#: the live tables' settings (``tournaments.live``), in the page's order, labelled in the players' words
LIVE_LABELS = {
    "live_spectators": gettext_lazy("Who may watch live tables"),
    "live_bot_hands": gettext_lazy("Hands a bot helped play"),
    "live_grace_seconds": gettext_lazy("Seconds before a bot plays for a disconnected player"),
    "live_clock_seconds": gettext_lazy("Move clock in seconds (0 = no clock)"),
}
LIVE_NAMES = tuple(LIVE_LABELS)


def field_labels(names: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The labels of the fields ``names``, as the field vocabulary has them (the refusals use the same)."""
    extra = {"draft": gettext_lazy("Keep it a draft for now"), **LIVE_LABELS}
    return {name: extra.get(name) or label("field", name) for name in names}


def game_choices() -> list[dict[str, Any]]:
    """Every game of the registry with its presets (label, what it is) and the table sizes it seats, in the
    page's language, the first the select starts on: what the forms offer and what their script reads to
    show each game's presets and sizes and fill a preset's rounds and sizes."""
    language = translation.get_language() or "en"
    games = sorted(GAMES.values(), key=lambda g: g.name(language))
    out = []
    for game in games:
        presets = []
        for name in game.presets:
            fmt = format_defaults(game.id, name)
            sizes = fmt.get("table_sizes") or list(table_sizes_of({"game": game.id}))
            presets.append(
                {
                    "id": name,
                    "label": str(preset_name(game.id, name)),
                    "about": _(game.preset_docs[name]) if game.preset_docs.get(name) else "",
                    "rounds": fmt.get("rounds_planned", Tournament._meta.get_field("rounds_planned").default),
                    "sizes": sizes,
                }
            )
        out.append(
            {
                "id": game.id,
                "name": game.name(language),
                "sizes": list(game.table_sizes),
                "presets": presets,
                "starting_preset": starting_preset(game.id),
            }
        )
    return out


def _sizes(form: PageForm, post: Any) -> list[int]:
    """The table sizes ticked, the one to fill first first; none ticked: the game's own (an empty list)."""
    ticked = sorted({int(v) for v in post.getlist("table_sizes") if v in {str(s) for s in ALL_TABLE_SIZES}})
    form["table_sizes"].value = ticked
    first = form.text(post, "first_size", 2)
    if not ticked:
        return []
    if not first.isdigit() or int(first) not in ticked:
        form.error("first_size", _("choose one of the sizes you ticked"))
        return ticked
    return [int(first), *(size for size in ticked if size != int(first))]


def _date(form: PageForm, post: Any, name: str) -> date | None:
    typed = form.text(post, name, 20).strip()
    try:
        return date.fromisoformat(typed)
    except ValueError:
        form.error(name, _("give a date (YYYY-MM-DD)"))
        return None


# --- a new tournament ---------------------------------------------------------------------------------


def _may_create_some(user: Any) -> bool:
    return bool(user.is_staff or user.is_superuser or selectors.organized_clubs(user).exists())


def new_tournament(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    """Create a tournament: of the club in the URL (``/clubs/<slug>/tournaments/new/``, the club's page),
    or of one of the organizer's clubs, chosen on the form (``/manage/new/``); staff users may create one of
    no club. The new tournament opens on its dashboard, whose format page changes the rest."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
    fixed = None
    if slug is not None:
        fixed = selectors.club_by_slug(slug)
        if fixed is None:
            raise Http404("No such club")
        if not selectors.can_manage_club(request.user, fixed):
            raise PermissionDenied("You do not organize this club.")
    elif not _may_create_some(request.user):
        raise PermissionDenied("You organize no club: a club's organizers create its tournaments.")
    clubs = list(selectors.organized_clubs(request.user)) if fixed is None else [fixed]
    no_club = fixed is None and bool(request.user.is_staff or request.user.is_superuser)
    games = game_choices()
    names = [n for n in NEW_FIELDS if n != "club" or fixed is None]
    # no default game: the form starts on the club's usual game (its latest tournament's), else on none
    usual = selectors.club_game(fixed or (clubs[0] if clubs else None))
    first = next((g for g in games if g["id"] == usual), None)
    initial: dict[str, Any] = {
        "club": str(clubs[0].pk) if clubs else "",
        "starts_on": timezone.localdate().isoformat(),
        "game": usual or "",
        "is_public": True,
    }
    if first is not None:
        preset = next(p for p in first["presets"] if p["id"] == first["starting_preset"])
        initial.update(
            rules_preset=preset["id"], rounds_planned=preset["rounds"], table_sizes=preset["sizes"]
        )
    form = PageForm(field_labels(names), initial)
    sizes = form["table_sizes"].value or []
    form["first_size"].value = sizes[0] if sizes else ""
    if request.method == "POST":
        fields = _new_tournament_fields(form, request.POST, fixed, clubs, no_club)
        if not form.invalid:
            try:
                tournament = services.tournament_create(fields=fields, by=request.user)
            except ValidationError as exc:
                form.refused(exc)
            else:
                created = _("%(name)s is created: check its format, then register its players.")
                messages.success(request, created % {"name": tournament.name})
                return redirect("tournaments:manage", tournament.slug)
    context = {
        "club": fixed,
        "club_choices": [(club.pk, club.name) for club in clubs],
        "no_club_label": _("No club (an administrator's tournament)") if no_club else None,
        "form": form,
        "games": games,
        "game_pairs": [(g["id"], g["name"]) for g in games],
        "no_game_label": _("— choose the game —"),
        "games_json": json.dumps({g["id"]: g for g in games}, ensure_ascii=False),
        "size_games": [(size, [g["id"] for g in games if size in g["sizes"]]) for size in ALL_TABLE_SIZES],
        "action": request.path,
    }
    return render(request, "tournaments/clubs/new_tournament.html", context, status=form.status)


def _new_tournament_fields(
    form: PageForm, post: Any, fixed: Club | None, clubs: list[Club], no_club: bool
) -> dict[str, Any]:
    """What was typed, read into the values ``tournament_create`` takes (each wrong one an error on its
    field, kept as typed)."""
    fields: dict[str, Any] = {name: form.text(post, name, 300) for name in ("slug", "venue")}
    fields["name"] = form.text(post, "name", 300, required=True)
    fields["slug"] = fields["slug"].strip() or slugify(fields["name"])[:200]
    if fixed is not None:
        fields["club"] = fixed
    else:
        typed = form.text(post, "club", 20)
        chosen = next((c for c in clubs if str(c.pk) == typed), None)
        if chosen is None and not (no_club and typed == ""):
            form.error("club", _("choose one of your clubs"))
        fields["club"] = chosen
    # a form that leaves out the rules, the rounds or the table sizes (a script's, an older page's) gets
    # the game's starting preset as its event plays it
    game_id = form.choice(post, "game", list(GAMES))
    preset = form.text(post, "rules_preset", 64) if "rules_preset" in post else None
    if game_id is not None and preset is None:
        preset = form["rules_preset"].value = starting_preset(game_id)
    if game_id is not None:
        fields["game"] = game_id
        if preset not in GAMES[game_id].presets:
            name = GAMES[game_id].name(translation.get_language() or "en")
            form.error("rules_preset", _("choose rules of %(game)s") % {"game": name})
        else:
            fields["rules_preset"] = preset
    rounds = form.whole(post, "rounds_planned", low=1, high=ROUNDS_MAX) if "rounds_planned" in post else None
    if rounds is not None:
        fields["rounds_planned"] = rounds
    sizes = _sizes(form, post) if "first_size" in post else []
    if sizes:
        fields["table_sizes"] = sizes
    starts = _date(form, post, "starts_on")
    if starts is not None:
        fields["starts_on"] = starts
    fields["is_public"] = form["is_public"].value = post.get("is_public") == "on"
    form["draft"].value = post.get("draft") == "on"
    fields["status"] = Tournament.Status.DRAFT if form["draft"].value else Tournament.Status.REGISTRATION
    return fields


# --- the format ----------------------------------------------------------------------------------------

EDIT_DETAILS = ("name", "venue", "starts_on", "is_public", "status", "round_minutes")
OPEN_STATUSES = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)  # before round 1: draft or open


def format_names(sizes: tuple[int, ...]) -> list[str]:
    """The format page's fields, in its order: the rules, rounds and tables, then per table size the deals
    and the table points, then what counts, the pairing, the tie-breaks and the table money."""
    return [
        "rules_preset",
        "rounds_planned",
        "deals_within_time",
        "table_sizes",
        "first_size",
        *(f"deals_per_round_{size}" for size in sizes),
        *(f"table_points_{size}" for size in sizes),
        "scoring",
        "pairing_methods",
        "tiebreaks",
        "point_value_cents",
        "kontras_to_box",
    ]


def points_text(points: list[Any]) -> str:
    """Table points as the form shows them: "10, 8, 6, 4" ("2, 1, 0.5")."""
    return ", ".join(str(int(p)) if float(p).is_integer() else str(p) for p in points)


def stored_values(tournament: Tournament, sizes: tuple[int, ...]) -> dict[str, Any]:
    """The tournament's settings as the format page shows them before anything is typed."""
    chosen = list(table_sizes_of(tournament))
    names = (*EDIT_DETAILS, *FORMAT_FIELDS, *LIVE_NAMES)
    values: dict[str, Any] = {name: getattr(tournament, name) for name in names}
    values.update(
        {
            "starts_on": tournament.starts_on.isoformat() if tournament.starts_on else "",
            "table_sizes": sorted(chosen),
            "first_size": chosen[0],
            "pairing_methods": planned_methods(tournament.pairing_methods, tournament.rounds_planned),
            "tiebreaks": list(tournament.tiebreaks),
        }
    )
    for size in sizes:
        values[f"table_points_{size}"] = points_text(tournament.table_points(size))
    return values


def planned_methods(methods: list[str], rounds: int) -> list[str]:
    """The pairing of each planned round (the last listed repeats, as the draw reads it)."""
    return [pairing_method_for(methods, number) for number in range(1, max(rounds, 1) + 1)]


def _read_details(form: PageForm, post: Any, tournament: Tournament) -> dict[str, Any]:
    changes: dict[str, Any] = {
        "name": form.text(post, "name", 300, required=True),
        "venue": form.text(post, "venue", 300),
    }
    starts = _date(form, post, "starts_on")
    if starts is not None:
        changes["starts_on"] = starts
    changes["is_public"] = form["is_public"].value = post.get("is_public") == "on"
    if tournament.status in OPEN_STATUSES:
        status = form.choice(post, "status", list(OPEN_STATUSES))
        if status is not None:
            changes["status"] = status
    minutes = form.whole(post, "round_minutes", low=1, high=MINUTES_MAX)
    if minutes is not None:
        changes["round_minutes"] = minutes
    return changes


def _read_format(form: PageForm, post: Any, tournament: Tournament, sizes: tuple[int, ...]) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    preset = form.choice(post, "rules_preset", list(game_of(tournament).presets))
    if preset is not None:
        changes["rules_preset"] = preset
    rounds = form.whole(post, "rounds_planned", low=1, high=ROUNDS_MAX)
    if rounds is not None:
        changes["rounds_planned"] = rounds
    changes["table_sizes"] = _sizes(form, post)
    for size in sizes:
        deals = form.whole(post, f"deals_per_round_{size}", low=1, high=MAX_DEALS_PER_ROUND)
        if deals is not None:
            changes[f"deals_per_round_{size}"] = deals
        points = form.points(post, f"table_points_{size}", size)
        if points is not None:
            changes[f"table_points_{size}"] = points
    scoring = form.choice(post, "scoring", Tournament.Scoring.values)
    if scoring is not None:
        changes["scoring"] = scoring
    typed_count = str(post.get("pairing_count", ""))
    count = int(typed_count) if typed_count.isdigit() and 0 < int(typed_count) <= ROUNDS_MAX else 1
    methods = [str(post.get(f"pairing_{n}", ""))[:20] for n in range(1, count + 1)]
    form["pairing_methods"].value = methods
    if any(m not in METHOD_CHOICES for m in methods) or not methods:
        form.error("pairing_methods", _("choose the pairing of each round"))
    else:
        changes["pairing_methods"] = methods
    tiebreaks = [str(post.get(f"tiebreak_{n}", ""))[:30] for n in range(1, len(TIEBREAKS) + 1)]
    chosen = [t for t in tiebreaks if t]
    form["tiebreaks"].value = tiebreaks
    if any(t not in TIEBREAKS for t in chosen):
        form.error("tiebreaks", _("choose each tie-break of the list"))
    elif len(set(chosen)) != len(chosen):
        form.error("tiebreaks", _("choose each tie-break once"))
    else:
        changes["tiebreaks"] = chosen
    cents = form.whole(post, "point_value_cents", low=0, high=CENTS_MAX)
    if cents is not None:
        changes["point_value_cents"] = cents
    for name in ("kontras_to_box", "deals_within_time") if has_kontra(tournament) else ("deals_within_time",):
        changes[name] = form[name].value = post.get(name) == "on"
    return changes


def _read_live(form: PageForm, post: Any, *, with_format: bool) -> dict[str, Any]:
    """The live tables' settings as typed: a choice of the list, whole numbers of seconds. Their bounds are
    the service's (``formats._validate_live``, through ``tournament_edit``), which names the field. Whether
    a bot-helped hand counts is format: read only with the format's part of the form (before round 1)."""
    changes: dict[str, Any] = {}
    for name, choices in LIVE_CHOICES.items():
        if name == "live_bot_hands" and not with_format:
            continue
        chosen = form.choice(post, name, list(choices))
        if chosen is not None:
            changes[name] = chosen
    for name in ("live_grace_seconds", "live_clock_seconds"):
        seconds = whole_number(form.text(post, name, 20).strip())
        if seconds is None:
            form.error(name, ENTER_WHOLE)
        else:
            changes[name] = seconds
    return changes


DEALS_WITHIN_TIME_HELP = gettext_lazy(
    "On: no new deal is dealt once the round's time is up, and the round closes with the deals its tables "
    "played (the deals not played count for nobody), as the Hungarian rules of 2018 say. Off: every table "
    "plays all its deals."
)


def plays_live(tournament: Tournament) -> bool:
    """Whether the game is played live (``GameDescriptor.live``): only then do the live settings mean
    anything (``live_table_start`` refuses the others)."""
    return game_of(tournament).live is not None


def has_kontra(tournament: Tournament) -> bool:
    """Whether the game doubles (Cego has no kontra): only then does "kontras go to the box" mean anything."""
    return bool(game_of(tournament).kontra_names)


def fixed_rows(tournament: Tournament, form: PageForm, sizes: tuple[int, ...]) -> list[tuple[Any, Any]]:
    """The format as a fixed page shows it, in its words: (label, value) in the form's order."""
    yes, no = _("yes"), _("no")
    rows: list[tuple[Any, Any]] = [
        (form["rules_preset"].label, preset_name(tournament.game, tournament.rules_preset)),
        (form["rounds_planned"].label, tournament.rounds_planned),
        (form["deals_within_time"].label, yes if tournament.deals_within_time else no),
        (form["table_sizes"].label, ", ".join(str(s) for s in table_sizes_of(tournament))),
    ]
    for size in sizes:
        rows.append((form[f"deals_per_round_{size}"].label, tournament.deals_per_round(size)))
        rows.append((form[f"table_points_{size}"].label, points_text(tournament.table_points(size))))
    rows += [
        (form["scoring"].label, tournament.get_scoring_display()),
        (
            form["pairing_methods"].label,
            ", ".join(str(label("method", m)) for m in form["pairing_methods"].value),
        ),
        (form["tiebreaks"].label, ", ".join(str(TIEBREAKS.get(t, t)) for t in tournament.tiebreaks)),
        (form["point_value_cents"].label, tournament.point_value_cents),
    ]
    if has_kontra(tournament):
        rows.append((form["kontras_to_box"].label, yes if tournament.kontras_to_box else no))
    if plays_live(tournament):  # which hands count is format; the live tables' other settings stay editable
        rows.append((form["live_bot_hands"].label, tournament.get_live_bot_hands_display()))
    return rows


@organizer_page
def format_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The tournament's details and format on one page: the format until round 1 is drawn (then shown,
    fixed), the details always. A refused form keeps what was typed; nothing is stored."""
    sizes = tuple(game_of(tournament).table_sizes)
    locked = tournament.rounds.exists()
    names = [*EDIT_DETAILS, *format_names(sizes), *LIVE_NAMES]
    form = PageForm(field_labels(names), stored_values(tournament, sizes))
    if request.method == "POST":
        changes = _read_details(form, request.POST, tournament)
        with_format = request.POST.get("format") == "1"  # the format's part (none once round 1 is drawn)
        if with_format:
            changes.update(_read_format(form, request.POST, tournament, sizes))
        # the live tables' part: of a game that plays live (an older page or a script may have none)
        if plays_live(tournament) and request.POST.get("live") == "1":
            changes.update(_read_live(form, request.POST, with_format=with_format))
        version = request.POST.get("version", "")
        if not form.invalid:
            try:
                services.tournament_edit(
                    tournament,
                    changes=changes,
                    by=request.user,
                    expected_version=int(version) if version.isdigit() and len(version) <= 9 else None,
                )
            except ValidationError as exc:
                form.refused(exc)
            else:
                messages.success(request, _("The settings are saved."))
                return redirect("tournaments:manage-format", tournament.slug)
    tiebreaks = form["tiebreaks"].value
    size_fields = [
        {"kind": kind, "f": form[f"{prefix}_{size}"]}
        for size in sizes
        for kind, prefix in (("deals", "deals_per_round"), ("points", "table_points"))
    ]
    context = {
        "tournament": tournament,
        "active": "format",
        "form": form,
        "locked": locked,
        "sizes": sizes,
        "game_name": game_of(tournament).name(translation.get_language() or "en"),
        "presets": [(name, preset_name(tournament.game, name)) for name in game_of(tournament).presets],
        "scorings": Tournament.Scoring.choices,
        "methods": METHOD_CHOICES,
        "pairing_rounds": list(enumerate(form["pairing_methods"].value, start=1)),
        "tiebreak_choices": TIEBREAKS,
        "tiebreak_slots": list(enumerate([*tiebreaks, *[""] * (len(TIEBREAKS) - len(tiebreaks))], start=1)),
        "statuses": [(s, VOCABULARIES["tournament_status"][s]) for s in OPEN_STATUSES],
        "can_open": tournament.status in OPEN_STATUSES,
        "size_fields": size_fields,
        "has_kontra": has_kontra(tournament),
        "plays_live": plays_live(tournament),
        "size_games": [(size, [tournament.game]) for size in sizes],
        "fixed_rows": fixed_rows(tournament, form, sizes) if locked else [],
        "deals_within_time_help": DEALS_WITHIN_TIME_HELP,
        "spectator_choices": Tournament.LiveSpectators.choices,
        "bot_hand_choices": Tournament.LiveBotHands.choices,
        "points_help": _(
            "Best place first, separated by commas (halves as 0.5); tied players share the places' points."
        ),
    }
    return render(request, "tournaments/organizer/format.html", context, status=form.status)


urlpatterns: list[URLPattern] = [
    path("manage/new/", new_tournament, name="tournament-new"),
    path("t/<slug:slug>/manage/format/", format_page, name="manage-format"),
]
