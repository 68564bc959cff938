"""Printables: table cards (organizers only: they carry the entry codes), blank score sheets for a 4- and
a 5-table (also one per table of a released round, with the names filled in) and the standings, as
print-ready pages (``print.css``: real page sizes, no navigation, nothing split across pages) and as PDF.

The PDF is the same template rendered by WeasyPrint, imported only when a PDF is asked for: a machine
without it (or without the Pango it needs) answers the PDF URLs with a 503 that says to print the page
from the browser, and every HTML page still works.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.core.formats import game_of, rules_of, sits_out, table_sizes_of
from tournaments.draw.models import POSITIONS, RELEASED_ROUND_STATUSES, Round, Seat, Table, TableCode
from tournaments.organizing.models import Tournament
from tournaments.pages.common import cached_page, organizer_page, qr_svg
from tournaments.pages.live import seat_links_by_table

PRINT_CSS = "tournaments/print.css"


# --- QR codes and entry URLs ------------------------------------------------------------------------------


def entry_url(request: HttpRequest, slug: str, code: str) -> str:
    """The table's phone entry page at ``PUBLIC_BASE_URL`` (the LAN address with ``quickstart --lan``, so an
    organizer printing from 127.0.0.1 still prints cards the phones reach), else on the host the organizer
    printed from."""
    path = reverse("tournaments:entry-table", kwargs={"slug": slug, "code": code})
    if settings.PUBLIC_BASE_URL:
        return settings.PUBLIC_BASE_URL + path
    return request.build_absolute_uri(path)


# --- rendering: HTML or PDF -------------------------------------------------------------------------------


def _render(request: HttpRequest, template: str, context: dict[str, Any], *, pdf: bool = False) -> str:
    return render_to_string(template, {**context, "pdf": pdf}, request=request)


class PdfUnavailable(Exception):
    """WeasyPrint (or the system libraries it needs) is missing on this machine."""


def html_to_pdf(html: str, base_url: str) -> tuple[bytes, int]:
    """The PDF of ``html`` with the print stylesheet, and its page count."""
    try:
        from weasyprint import CSS, HTML  # lazily: it needs Pango, which a machine may lack
    except Exception as exc:  # ImportError, or OSError from a missing shared library
        raise PdfUnavailable(str(exc)) from exc
    stylesheet = finders.find(PRINT_CSS)
    document = HTML(string=html, base_url=base_url).render(stylesheets=[CSS(filename=stylesheet)])
    return document.write_pdf(), len(document.pages)


def pdf_response(request: HttpRequest, template: str, context: dict[str, Any], filename: str) -> HttpResponse:
    html = _render(request, template, context, pdf=True)
    try:
        content, _pages = html_to_pdf(html, request.build_absolute_uri("/"))
    except PdfUnavailable:
        message = _(
            "PDF files cannot be made on this server (its PDF library is not installed). "
            "Open the page and print it from the browser instead."
        )
        return HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _with_disposition(response: HttpResponse, filename: str) -> HttpResponse:
    """``cached_page`` keeps only the body and type: name the file again on every answer."""
    if response.status_code == 200 and response["Content-Type"] == "application/pdf":
        response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _printed(request: HttpRequest, tournament: Tournament, page: Any, *, public: bool) -> HttpResponse:
    return cached_page(request, tournament, page) if public else page()


def _readable_tournament(request: HttpRequest, slug: str) -> tuple[Tournament, bool]:
    """A public tournament, or one the user organizes (not yet public); and whether it is public."""
    tournament = selectors.public_tournament(slug)
    if tournament is not None:
        return tournament, True
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not selectors.is_organizer(request.user, tournament):
        raise Http404("No such public tournament")
    return tournament, False


# --- table cards (organizers) -----------------------------------------------------------------------------


@dataclass
class Card:
    table: Table
    seats: list[Seat]
    first_dealer: Seat | None
    code: str | None
    url: str = ""
    qr: SafeString | None = None
    dealer_sits_out: bool = False  # the game's dealer sits each deal out at a table of this size
    #: the seats' private links with their QR codes, when the table plays live (pages.live.SeatLink)
    live: list[Any] = field(default_factory=list)

    @property
    def url_origin(self) -> str:
        return self.url.split("/t/", 1)[0]

    @property
    def url_path(self) -> str:
        return self.url[len(self.url_origin) :]


def _organizer_round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def table_cards(
    request: HttpRequest, tournament: Tournament, round_: Round, only: int | None = None
) -> list[Card]:
    """The round's table cards (``only``: the card of that table number alone)."""
    seats = Seat.objects.select_related("player", "player__club").order_by("position")
    codes = TableCode.objects.filter(replaced_at__isnull=True)
    tables = Table.objects.filter(round=round_)
    if only is not None:
        tables = tables.filter(number=only)
    tables = tables.prefetch_related(
        Prefetch("seats", queryset=seats), Prefetch("codes", queryset=codes, to_attr="active_codes")
    ).order_by("number")

    tables = list(tables)
    live = seat_links_by_table(request, tables)
    cards = []
    for table in tables:
        table_seats = list(table.seats.all())
        dealer = next((s for s in table_seats if s.position == table.first_dealer), None)
        card = Card(table, table_seats, dealer, selectors.active_table_code(table))
        positions = [seat.position for seat in table_seats]
        card.dealer_sits_out = bool(positions and sits_out(positions, positions[0], tournament))
        if card.code:
            card.url = entry_url(request, tournament.slug, card.code)
            card.qr = qr_svg(card.url)
        card.live = live.get(table.pk, [])
        cards.append(card)
    return cards


def _cards_context(request: HttpRequest, tournament: Tournament, round_: Round) -> dict[str, Any]:
    per_page = 1 if request.GET.get("per_page") == "1" else 2
    coded = round_.status in RELEASED_ROUND_STATUSES
    wanted = request.GET.get("table", "")
    only = int(wanted) if wanted.isdigit() and len(wanted) <= 4 else None  # ?table=3: that card alone
    cards = table_cards(request, tournament, round_, only) if coded else []
    return {
        "tournament": tournament,
        "round": round_,
        "cards": cards,
        "coded": coded,
        "per_page": per_page,
        "any_live": any(card.live for card in cards),  # a table played live: its seats' codes too
    }


@organizer_page
def cards_page(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = _organizer_round(tournament, number)
    html = _render(request, "tournaments/print/cards.html", _cards_context(request, tournament, round_))
    return HttpResponse(html)


@organizer_page
def cards_pdf(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = _organizer_round(tournament, number)
    context = _cards_context(request, tournament, round_)
    return pdf_response(
        request, "tournaments/print/cards.html", context, f"{tournament.slug}-round-{round_.number}-cards.pdf"
    )


# --- score sheets -----------------------------------------------------------------------------------------


@dataclass
class Sheet:
    size: int
    deals: int
    positions: str
    round_number: int | None = None
    table: Table | None = None
    names: dict[str, str] = field(default_factory=dict)
    rows: list[int] = field(default_factory=list)
    #: the dealer sits out each deal and writes 0 (Hungarian Tarokk's 5-table); shares a side's score (Cego)
    dealer_sits_out: bool = False
    dealer_shares: bool = False
    #: what a game point is worth at the table, in cents (0: no table money), and whether kontras go to
    #: the box
    point_value_cents: int = 0
    kontras_to_box: bool = False
    #: the other table sizes of the tournament (the blank sheet links to theirs)
    other_sizes: tuple[int, ...] = ()


def _sheet(tournament: Tournament, size: int, table: Table | None = None) -> Sheet:
    deals = tournament.deals_per_round(size)
    game, positions = game_of(tournament), POSITIONS[:size]
    sits_out = bool(game.sitting_out(positions, positions[0], rules_of(tournament)))
    shares = sits_out and game.sitting_out_shares(rules_of(tournament)) is not None
    sheet = Sheet(
        size,
        deals,
        positions,
        rows=list(range(1, deals + 1)),
        dealer_sits_out=sits_out and not shares,
        dealer_shares=shares,
        point_value_cents=tournament.point_value_cents,
        kontras_to_box=tournament.kontras_to_box,
        other_sizes=tuple(s for s in sorted(table_sizes_of(tournament)) if s != size),
    )
    if table is not None:
        sheet.table = table
        sheet.round_number = table.round.number
        sheet.names = {seat.position: seat.player.name for seat in table.seats.all()}
    return sheet


def _blank_sheet_context(tournament: Tournament, size: int) -> dict[str, Any]:
    if size not in table_sizes_of(tournament):
        raise Http404("No table of the tournament seats that many players")
    return {"tournament": tournament, "sheets": [_sheet(tournament, size)], "blank": True}


def blank_sheet(request: HttpRequest, slug: str, size: int) -> HttpResponse:
    tournament, public = _readable_tournament(request, slug)
    context = _blank_sheet_context(tournament, size)
    return _printed(
        request,
        tournament,
        lambda: HttpResponse(_render(request, "tournaments/print/sheets.html", context)),
        public=public,
    )


def blank_sheet_pdf(request: HttpRequest, slug: str, size: int) -> HttpResponse:
    tournament, public = _readable_tournament(request, slug)
    context = _blank_sheet_context(tournament, size)
    filename = f"{tournament.slug}-score-sheet-{size}.pdf"
    page = lambda: pdf_response(request, "tournaments/print/sheets.html", context, filename)  # noqa: E731
    return _with_disposition(_printed(request, tournament, page, public=public), filename)


def _round_sheets_context(
    request: HttpRequest, slug: str, number: int
) -> tuple[Tournament, bool, dict[str, Any]]:
    tournament, public = _readable_tournament(request, slug)
    rounds = selectors.rounds_with_draws(tournament, public_only=public)
    round_ = rounds.filter(number=number).first()
    if round_ is None:
        raise Http404("No such released round")
    sheets = [_sheet(tournament, len(table.seats.all()), table) for table in round_.tables.all()]
    return tournament, public, {"tournament": tournament, "round": round_, "sheets": sheets, "blank": False}


def round_sheets(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament, public, context = _round_sheets_context(request, slug, number)
    return _printed(
        request,
        tournament,
        lambda: HttpResponse(_render(request, "tournaments/print/sheets.html", context)),
        public=public,
    )


def round_sheets_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament, public, context = _round_sheets_context(request, slug, number)
    filename = f"{tournament.slug}-round-{number}-score-sheets.pdf"
    page = lambda: pdf_response(request, "tournaments/print/sheets.html", context, filename)  # noqa: E731
    return _with_disposition(_printed(request, tournament, page, public=public), filename)


# --- standings --------------------------------------------------------------------------------------------


def _after(request: HttpRequest) -> int | None:
    value = request.GET.get("after", "")
    return int(value) if value.isdigit() and 0 < len(value) <= 4 else None


def _standings_context(tournament: Tournament, after: int | None) -> dict[str, Any]:
    standings = selectors.standings_table(tournament, after)
    has_bye = False
    for row in standings.rows:
        by_round = {int(r.get("round", 0)): r for r in (row.rounds or [])}
        row.round_cells = [by_round.get(n) for n in standings.round_numbers]  # type: ignore[attr-defined]
        has_bye = has_bye or any(r.get("bye") for r in by_round.values())
    return {
        "tournament": tournament,
        "standings": standings,
        "has_bye": has_bye,
        "as_of": timezone.localtime(),
        # a dealer of one of the tournament's table sizes sits the deal out (the note on "Hands")
        "dealer_sits_out": any(
            sits_out(POSITIONS[:size], "A", tournament) for size in table_sizes_of(tournament)
        ),
    }


def standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament, public = _readable_tournament(request, slug)
    after = _after(request)

    def page() -> HttpResponse:
        context = _standings_context(tournament, after)
        return HttpResponse(_render(request, "tournaments/print/standings.html", context))

    return _printed(request, tournament, page, public=public)


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament, public = _readable_tournament(request, slug)
    after = _after(request)
    suffix = f"-after-round-{after}" if after else ""
    filename = f"{tournament.slug}-standings{suffix}.pdf"

    def page() -> HttpResponse:
        context = _standings_context(tournament, after)
        return pdf_response(request, "tournaments/print/standings.html", context, filename)

    return _with_disposition(_printed(request, tournament, page, public=public), filename)


urlpatterns = [
    path("t/<slug:slug>/manage/rounds/<num:number>/cards/", cards_page, name="print-cards"),
    path("t/<slug:slug>/manage/rounds/<num:number>/cards.pdf", cards_pdf, name="print-cards-pdf"),
    path("t/<slug:slug>/print/sheet-<int:size>/", blank_sheet, name="print-sheet"),
    path("t/<slug:slug>/print/sheet-<int:size>.pdf", blank_sheet_pdf, name="print-sheet-pdf"),
    path("t/<slug:slug>/print/rounds/<num:number>/sheets/", round_sheets, name="print-round-sheets"),
    path(
        "t/<slug:slug>/print/rounds/<num:number>/sheets.pdf", round_sheets_pdf, name="print-round-sheets-pdf"
    ),
    path("t/<slug:slug>/print/standings/", standings_page, name="print-standings"),
    path("t/<slug:slug>/print/standings.pdf", standings_pdf, name="print-standings-pdf"),
]
