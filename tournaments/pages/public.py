"""Public pages: everything anyone may follow of a public tournament: its home, the pairings of each
released round (with "find my table"), the standings (current, live, or after any round; sortable), a page
per player and per table (the score sheet), and the published draws with their seeds.

Every page of a tournament goes through ``cached_page``: it looks the same to everyone, so it is rendered
once per change of the tournament and then served from the cache (with an ETag for a 304)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.formats import get_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from config.db_router import replica_reads
from tournaments import selectors, services
from tournaments.core import labels
from tournaments.core.formats import TIEBREAKS, game_of, table_sizes_of
from tournaments.core.text import fold
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.pages.common import cached_page, public_tournament_or_404
from tournaments.templatetags.tarokk import PROVISIONAL_MARK

METHODS = labels.VOCABULARIES["method"]


# --- helpers ----------------------------------------------------------------------------------------------


def name_matches(words: list[str], name: str) -> bool:
    """Whether a name matches what was typed in "find my table": every typed word (``fold``ed) occurs
    in the name, in any order. Names are stored family name first ("Kovács Anna"); "Anna Kovács",
    "anna kov" and "kovacs" all find her. public.js filters the same way as you type."""
    folded = fold(name)
    return bool(words) and all(word in folded for word in words)


def points(value: Any, separator: str | None = None) -> str:
    """A number as the standings write it: whole numbers plain, others with two decimals (with the page's
    language's decimal separator, ``separator`` if given), negative with a real minus sign."""
    if value is None or value == "":
        return ""
    number = value if isinstance(value, (int, float)) else Decimal(str(value))
    if number == int(number):
        text = str(int(number))
    else:
        text = f"{number:.2f}".replace(".", separator or get_format("DECIMAL_SEPARATOR"))
    return text.replace("-", "\u2212")


def released_round_or_404(tournament: Tournament, number: int) -> Round:
    round_ = selectors.released_round(tournament, number)
    if round_ is None:
        raise Http404("No such released round")
    return round_


def format_facts(tournament: Tournament) -> list[tuple[str, str]]:
    """The tournament's format in words, as (label, value) pairs for a ``<dl>``: its game, and deals and
    table points at each table size it uses; that everyone may watch its live tables, where they may."""
    game = game_of(tournament)
    sizes = sorted(table_sizes_of(tournament))
    tiebreaks = [str(TIEBREAKS.get(name, name)) for name in tournament.tiebreaks]
    preset = labels.preset_name(game.id, tournament.rules_preset)
    if tournament.rules_options:
        preset = _("%(preset)s, with changes") % {"preset": preset}
    if sizes == [4, 5]:  # as the pages have always said it
        deals = _("%(four)d at a 4-player table, %(five)d at a 5-player table") % {
            "four": tournament.deals_per_round_4,
            "five": tournament.deals_per_round_5,
        }
        points = _("%(four)s at a 4-player table; %(five)s at a 5-player table") % {
            "four": _scale(tournament.table_points_4),
            "five": _scale(tournament.table_points_5),
        }
    else:
        deals = ", ".join(
            _("%(deals)d at a %(size)d-player table") % {"deals": tournament.deals_per_round(s), "size": s}
            for s in sizes
        )
        points = "; ".join(
            _("%(points)s at a %(size)d-player table")
            % {"points": _scale(tournament.table_points(s)), "size": s}
            for s in sizes
        )
    if tournament.deals_within_time:
        deals += " " + _("(at most: no new deal once the round's time is up)")
    facts = [
        (_("Game"), game.name(get_language() or "en")),
        (
            _("Rounds"),
            ngettext("%(n)d round", "%(n)d rounds", tournament.rounds_planned)
            % {"n": tournament.rounds_planned}
            + " · "
            + _("%(m)d minutes each") % {"m": tournament.round_minutes},
        ),
        (_("Deals per round"), deals),
        (_("Scoring"), str(tournament.get_scoring_display())),
        *([] if tournament.scoring == "game_points" else [(_("Table points"), points)]),
        (_("Tie-breaks"), _(", then ").join(tiebreaks) if tiebreaks else _("none")),
        (_("Rules"), str(preset)),
    ]
    if tournament.point_value_cents:
        money = ngettext(
            "a game point is worth %(cents)d cent",
            "a game point is worth %(cents)d cents",
            tournament.point_value_cents,
        ) % {"cents": tournament.point_value_cents}
        if tournament.kontras_to_box:
            money += _("; what kontras win goes to the box")
        facts.append((_("Table money"), money))
    if game.live is not None and tournament.live_spectators == Tournament.LiveSpectators.PUBLIC:
        facts.append((_("Live tables"), _("everyone may watch")))
    return facts


def _scale(scale: Iterable[Any]) -> str:
    return " · ".join(points(p) for p in scale)


# --- the list and the home page -----------------------------------------------------------------------


def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = selectors.public_tournaments().order_by("-starts_on", "name")
    return render(request, "tournaments/public/list.html", {"tournaments": tournaments})


def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        standings = selectors.standings_table(tournament)
        context = {
            "tournament": tournament,
            "active": "home",
            "facts": format_facts(tournament),
            "current": selectors.current_round(tournament),
            "rounds": tournament.rounds.filter(status__in=selectors.RELEASED_ROUND_STATUSES).order_by(
                "number"
            ),
            "standings": standings,
            "leaders": standings.rows[:5],
        }
        return render(request, "tournaments/public/home.html", context)

    return cached_page(request, tournament, page)


# --- pairings -----------------------------------------------------------------------------------------


def pairings_context(request: HttpRequest, tournament: Tournament, round_: Round | None) -> dict[str, Any]:
    query = request.GET.get("q", "").strip()[:60]
    words = fold(query).split()
    tables: list[dict[str, Any]] = []
    matches = 0
    if round_ is not None:
        for table in round_.tables.all():
            seats = [
                {"seat": seat, "match": name_matches(words, seat.player.name)} for seat in table.seats.all()
            ]
            found = any(s["match"] for s in seats)
            matches += found
            tables.append({"table": table, "seats": seats, "hidden": bool(words) and not found})
    return {
        "tournament": tournament,
        "active": "pairings",
        "round": round_,
        "tables": tables,
        "query": query,
        "matches": matches,
        "rounds": tournament.rounds.filter(status__in=selectors.RELEASED_ROUND_STATUSES).order_by("number"),
    }


def pairings(request: HttpRequest, slug: str) -> HttpResponse:
    """The current round's pairings (the round in play, else the latest released one)."""
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        current = selectors.current_round(tournament)
        round_ = selectors.released_round(tournament, current.number) if current else None
        context = pairings_context(request, tournament, round_)
        return render(request, "tournaments/public/pairings.html", context)

    return cached_page(request, tournament, page)


def round_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        context = pairings_context(request, tournament, released_round_or_404(tournament, number))
        return render(request, "tournaments/public/pairings.html", context)

    return cached_page(request, tournament, page)


# --- standings -------------------------------------------------------------------------------------------


@dataclass
class Column:
    key: str
    label: str
    numeric: bool = True
    ascending: bool = False  # the natural order of a first click: best first
    title: str = ""
    short: str = ""  # shown instead of the label (which screen readers still read), to save width


@dataclass
class Row:
    standing: Any
    url: str = ""
    # (shown, sort value, provisional) per numeric column; provisional: a round not closed yet
    cells: list[tuple[str, Any, bool]] = field(default_factory=list)


# Tie-breaks that already have a column of their own.
OWN_COLUMNS = {"total", "table_points", "game_points"}


def standings_columns(
    tournament: Tournament, round_numbers: list[int], provisional: Iterable[int] = ()
) -> list[Column]:
    columns = [
        Column("rank", _("Rank"), ascending=True, short="#"),
        Column("player", _("Player"), numeric=False, ascending=True),
        Column("club", _("Club"), numeric=False, ascending=True),
        Column("total", _("Total")),
        Column("table_points", _("Table points")),
        Column("game_points", _("Game points")),
    ]
    for name in tournament.tiebreaks:
        if name not in OWN_COLUMNS and name in TIEBREAKS:
            columns.append(
                Column(
                    f"tb_{name}",
                    str(TIEBREAKS[name]),
                    ascending=name == "fewest_hands_lost",
                    title=_("Tie-break"),
                )
            )
    for number in round_numbers:
        title = _("Round %(n)d, provisional") if number in provisional else _("Round %(n)d")
        columns.append(Column(f"r{number}", _("R%(n)d") % {"n": number}, title=title % {"n": number}))
    columns.append(Column("hands", _("Hands"), title=_("Hands played")))
    columns.append(Column("disputed", _("In dispute"), ascending=True, title=_("Hands in dispute")))
    return columns


def standings_rows(tournament: Tournament, table: selectors.StandingsTable) -> list[Row]:
    tiebreaks = [name for name in tournament.tiebreaks if name not in OWN_COLUMNS and name in TIEBREAKS]
    # One reverse() for all rows: the player's id is the path's last part.
    url = reverse("tournaments:player", args=[tournament.slug, 0]).removesuffix("0/")
    sep = get_format("DECIMAL_SEPARATOR")
    rows = []
    for standing in table.rows:
        values = standing.tiebreak_values or {}
        counts_open_round = standing.provisional  # its totals count points of a round in play
        cells: list[tuple[str, Any, bool]] = [
            (points(standing.total, sep), float(standing.total), counts_open_round),
            (points(standing.table_points, sep), float(standing.table_points), counts_open_round),
            (points(standing.game_points, sep), standing.game_points, False),
        ]
        cells += [(points(values.get(name), sep), values.get(name, 0), False) for name in tiebreaks]
        by_round = {line.get("round"): line for line in standing.rounds or []}
        for number in table.round_numbers:
            line = by_round.get(number)
            if line is None:  # not seated, or at a table where no hand counts yet
                cells.append(("–", -1e9, False))
                continue
            shown = points(line["score"], sep)
            if line.get("bye"):
                shown = f"{shown} ({_('bye')})"
            cells.append((shown, line["score"], bool(line.get("provisional"))))
        cells.append((str(standing.hands_played), standing.hands_played, False))
        disputed = standing.hands_in_dispute
        cells.append((str(disputed) if disputed else "", disputed, False))
        rows.append(Row(standing, f"{url}{standing.player_id}/", cells))
    return rows


def sort_rows(rows: list[Row], columns: list[Column], sort: str) -> tuple[list[Row], str, bool] | None:
    """Rows ordered by ``sort`` (a column key, ``-key`` for descending); ``None`` for an unknown key."""
    descending = sort.startswith("-")
    key = sort.lstrip("-")
    if key == "rank":
        ordered = sorted(rows, key=lambda r: (r.standing.rank, r.standing.player.name), reverse=descending)
    elif key == "player":
        ordered = sorted(rows, key=lambda r: fold(r.standing.player.name), reverse=descending)
    elif key == "club":
        ordered = sorted(
            rows,
            key=lambda r: fold(r.standing.player.club.name if r.standing.player.club else ""),
            reverse=descending,
        )
    else:
        numeric = [c.key for c in columns if c.numeric and c.key != "rank"]
        if key not in numeric:
            return None
        index = numeric.index(key)
        ordered = sorted(rows, key=lambda r: (r.cells[index][1], -r.standing.rank), reverse=descending)
    return ordered, key, descending


def rows_html(rows: list[Row], columns: list[Column]) -> SafeString:
    """The standings' rows as HTML, built here rather than in the template: a 200-player table has some
    3,000 cells, and the template engine would spend most of a cold render's time on them.

    On a phone only rank, player and total show as columns (``public.css``); under the player's name a
    line carries each round's score, the game points and the hands in dispute, so that a player reads
    their whole line without scrolling sideways."""
    numeric = [c for c in columns if c.numeric and c.key != "rank"]
    line_columns = [i for i, c in enumerate(numeric) if c.key.startswith("r") and c.key[1:].isdigit()]
    line_columns += [i for i, c in enumerate(numeric) if c.key == "game_points"]
    labels = {i: escape(numeric[i].label) for i in line_columns}
    disputed_at = next(i for i, c in enumerate(numeric) if c.key == "disputed")
    out = []
    for row in rows:
        standing = row.standing
        club = escape(standing.player.club.name) if standing.player.club else ""
        texts = [escape(shown) + (PROVISIONAL_MARK if prov else "") for shown, _, prov in row.cells]
        cells = "".join(
            f'<td class="num{" prov" if prov else ""}" data-v="{value}">{text}</td>'
            for text, (_, value, prov) in zip(texts, row.cells, strict=True)
        )
        club_sub = f'<span class="sub club-sub">{club}</span>' if club else ""
        line = " · ".join(f"<span>{labels[i]} <b>{texts[i]}</b></span>" for i in line_columns if texts[i])
        disputed = row.cells[disputed_at][1]
        if disputed:
            words = ngettext("%(n)d hand in dispute", "%(n)d hands in dispute", disputed) % {"n": disputed}
            line += f' <span class="badge badge-disputed">{escape(words)}</span>'
        out.append(
            f'<tr><td class="num" data-v="{standing.rank}">{standing.rank}</td>'
            f'<th scope="row"><a class="row-link" href="{escape(row.url)}">{escape(standing.player.name)}</a>'
            f'{club_sub}<span class="sub line">{line}</span></th>'
            f'<td class="col-club">{club}</td>{cells}</tr>'
        )
    return mark_safe("\n".join(out))  # every value above is escaped or a number


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        after = request.GET.get("after")
        after_round = None
        if after:
            if not after.isdigit() or not 0 < int(after) < 1000:
                raise Http404("No standings after that round")
            after_round = int(after)
        table = selectors.standings_table(tournament, after_round)
        if after_round is not None and not table.rows:
            raise Http404("No standings after that round")
        columns = standings_columns(tournament, table.round_numbers, table.provisional_rounds)
        rows = standings_rows(tournament, table)
        sort = request.GET.get("sort", "rank")
        sorted_ = sort_rows(rows, columns, sort) or sort_rows(rows, columns, "rank")
        assert sorted_ is not None
        rows, sort_key, descending = sorted_
        for column in columns:
            if column.key == sort_key:
                column.sorted = "descending" if descending else "ascending"  # type: ignore[attr-defined]
                column.next = f"-{column.key}" if not descending else column.key  # type: ignore[attr-defined]
            else:
                column.sorted = ""  # type: ignore[attr-defined]
                column.next = column.key if column.ascending else f"-{column.key}"  # type: ignore[attr-defined]
        released = list(
            tournament.rounds.filter(status__in=selectors.RELEASED_ROUND_STATUSES)
            .order_by("number")
            .values_list("number", "status")
        )
        context = {
            "tournament": tournament,
            "active": "standings",
            "table": table,
            "columns": columns,
            "rows": rows,
            "rows_html": rows_html(rows, columns),
            "state": selectors.standings_state(tournament),
            "after": after_round,
            # standings after each closed round (the live ones are "current")
            "rounds": [
                n for n, status in released if status == Round.Status.CLOSED and n <= (table.after_round or 0)
            ],
        }
        return render(request, "tournaments/public/standings.html", context)

    return cached_page(request, tournament, page)


# --- players and tables -----------------------------------------------------------------------------------


def _coordinate(value: float) -> str:
    """An SVG coordinate: a decimal point in every language (a template would write "34,0" in Hungarian
    and German, which SVG does not read)."""
    return f"{value:.1f}"


def rank_chart(lines: list[selectors.PlayerRound], field_size: int) -> dict[str, Any] | None:
    """Coordinates of a small SVG line chart of rank by round (rank 1 at the top)."""
    ranked = [(line.number, line.rank) for line in lines if line.rank is not None]
    provisional = {line.number for line in lines if line.provisional}
    if not ranked:
        return None
    width, height, left, right, top, bottom = 320, 150, 34, 12, 14, 26
    last_round = max(number for number, _ in ranked)
    worst = max(field_size, max(rank for _, rank in ranked), 2)

    def x(number: int) -> str:
        return _coordinate(left + (width - left - right) * ((number - 1) / max(last_round - 1, 1)))

    def y(rank: int, shift: float = 0) -> str:
        return _coordinate(top + (height - top - bottom) * ((rank - 1) / (worst - 1)) + shift)

    dots = [
        {"x": x(n), "y": y(r), "label_y": y(r, -8), "round": n, "rank": r, "provisional": n in provisional}
        for n, r in ranked
    ]
    return {
        "width": width,
        "height": height,
        "dots": dots,
        "line": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "rounds": [{"x": x(n), "n": n} for n in range(1, last_round + 1)],
        "ticks": [{"y": y(r), "rank": r} for r in sorted({1, worst})],
        "axis_y": height - bottom,
        "left": left,
        "right": width - right,
        "worst": worst,
    }


def player(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        person = selectors.tournament_player(tournament, player_id)
        if person is None:
            kept = selectors.kept_player_ids([player_id])[player_id]
            if kept != player_id:  # a record merged into another (participants.merge): that person's line
                return redirect("tournaments:player", tournament.slug, kept)
            raise Http404("No such player in this tournament")
        lines = selectors.player_rounds(tournament, player_id)
        standing = selectors.latest_standing(tournament, player_id)
        field_size = tournament.standings.filter(after_round=standing.after_round).count() if standing else 0
        open_rounds = selectors.provisional_rounds(tournament, standing.after_round) if standing else []
        if standing is not None:
            selectors.mark_provisional(standing, open_rounds)
        context = {
            "tournament": tournament,
            "player": person,
            "lines": lines,
            "standing": standing,
            "provisional": bool(open_rounds),  # the rank may change; the totals if standing.provisional
            "field_size": field_size,
            "chart": rank_chart(lines, field_size),
        }
        return render(request, "tournaments/public/player.html", context)

    return cached_page(request, tournament, page)


def table_page(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        found = selectors.released_table(tournament, number, table)
        if found is None:
            raise Http404("No such table")
        seats = list(found.seats.all())
        names = {seat.player_id: seat.player for seat in seats}
        places = selectors.table_places(found)
        for place in places or []:
            place["player"] = names.get(place["player_id"])
        sheet = selectors.score_sheet(found)
        context = {
            "tournament": tournament,
            "active": "pairings",
            "round": found.round,
            "table": found,
            "seats": seats,
            "sheet": sheet,
            "places": places,
            "totals": sheet[-1].totals if sheet else {},
            "deals": tournament.deals_per_round(len(seats)),
            "counted": sum(1 for hand in sheet if hand.counted),
            "money": selectors.table_money(tournament, sheet),
        }
        return render(request, "tournaments/public/table.html", context)

    return cached_page(request, tournament, page)


# --- draws ----------------------------------------------------------------------------------------------


def draws(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        rounds = list(
            tournament.rounds.filter(status__in=selectors.RELEASED_ROUND_STATUSES).order_by("number")
        )
        for round_ in rounds:
            round_.verified = services.round_verify(round_)  # type: ignore[attr-defined]
            round_.method_words = METHODS.get(round_.method, round_.method)  # type: ignore[attr-defined]
        context = {"tournament": tournament, "active": "draws", "rounds": rounds}
        return render(request, "tournaments/public/draws.html", context)

    return cached_page(request, tournament, page)


def round_draw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = public_tournament_or_404(slug)

    def page() -> HttpResponse:
        round_ = released_round_or_404(tournament, number)
        context = {
            "tournament": tournament,
            "active": "draws",
            "round": round_,
            "verified": services.round_verify(round_),
            "method_words": METHODS.get(round_.method, round_.method),
        }
        return render(request, "tournaments/public/draw.html", context)

    return cached_page(request, tournament, page)


def round_draw_json(request: HttpRequest, slug: str, number: int) -> JsonResponse:
    """Everything needed to re-run a released draw: method, seed, input and the tables as drawn."""
    tournament = public_tournament_or_404(slug)
    round_ = selectors.rounds_with_draws(tournament).filter(number=number).first()
    if round_ is None:
        raise Http404("No such released round")
    tables = [
        {
            "number": t.number,
            "first_dealer": t.first_dealer,
            "seats": {s.position: s.player_id for s in t.seats.all()},
        }
        for t in round_.tables.all()
    ]
    return JsonResponse(
        {
            "round": round_.number,
            "method": round_.method,
            "seed": round_.seed,
            "input": round_.draw_input,
            "tables": tables,
            "byes": [b.player_id for b in round_.byes.all()],
            "verified": services.round_verify(round_),
        }
    )


T = "t/<slug:slug>/"
urlpatterns = [
    path("", replica_reads(tournament_list), name="list"),
    path(T, replica_reads(tournament_detail), name="detail"),
    path(f"{T}pairings/", replica_reads(pairings), name="pairings"),
    path(f"{T}rounds/<num:number>/", replica_reads(round_pairings), name="round"),
    path(f"{T}standings/", replica_reads(standings), name="standings"),
    path(f"{T}players/<num:player_id>/", replica_reads(player), name="player"),
    path(f"{T}rounds/<num:number>/tables/<num:table>/", table_page, name="table"),
    path(f"{T}draws/", replica_reads(draws), name="draws"),
    path(f"{T}rounds/<num:number>/draw/", replica_reads(round_draw), name="draw"),
    path(f"{T}rounds/<num:number>/draw.json", replica_reads(round_draw_json), name="draw-json"),
]
