"""Live tables' pages (issue 33 §2 and §3): a seat's phone, a table's spectators, a finished hand's replay,
and the forms that start live play (an organizer's table of a round, a club's practice table).

* ``/live/<token>/``: one seat's page. The seat's private link is its only key (no login): the page shows
  the seat's hand as cards and its legal moves; ``static/tournaments/live.js`` draws every state the
  API sends (``/api/v1/live/seats/<token>/``: pushed through the WebSocket, or polled while none
  connects) and sends each move with the step it was chosen at and its own idempotency key.
* ``/live/tables/<id>/``: the table as a spectator sees it (no hidden card): its organizers (a tournament's,
  or a practice table's club's) and, where the tournament allows it, the public. The organizers also see
  each seat's private link as a QR code, start play without waiting for every phone, and hand a seat to its
  bot. ``?projector=1``: the large-screen layout.
* ``/live/hands/<id>/replay/``: a finished live hand, trick by trick (``tournaments.pages.live_replay``;
  the cards and words both draw are ``tournaments.pages.live_cards``).

Every write goes through ``tournaments.live.services``; the states come from ``tournaments.live.selectors``
(the bodies the API and the pushes send), rendered in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from engine.games import GAMES, game
from tournaments import selectors
from tournaments.core.labels import game_name, preset_name
from tournaments.draw.models import Table
from tournaments.live import selectors as live_selectors
from tournaments.live import services as live_services
from tournaments.live.models import LiveSeat, LiveTable
from tournaments.organizing.models import Club, Tournament
from tournaments.pages.common import organizer_page, qr_svg
from tournaments.pages.forms import PageForm
from tournaments.pages.live_cards import card_faces, client_texts, client_words, fact_labels

#: the session's list of live tables whose seat this browser opened (their finished hands' replays)
SEATS_SESSION_KEY = "live-seats"
SEATS_REMEMBERED = 20
#: how often the page asks for the state while no WebSocket connects (the test server, a proxy without them)
POLL_MS = 2000

# --- access ----------------------------------------------------------------------------------------------


def manages(user: Any, live_table: LiveTable) -> bool:
    """May ``user`` run ``live_table`` (its seats' links, start it, hand a seat to its bot)? A tournament
    table's organizers; a practice table's club organizers."""
    if live_table.table_id is not None:
        return selectors.is_organizer(user, live_table.table.round.tournament)
    return selectors.can_manage_club(user, live_table.club)


def _remember_seat(request: HttpRequest, seat: LiveSeat) -> None:
    held = [pk for pk in request.session.get(SEATS_SESSION_KEY, []) if pk != seat.live_table_id]
    request.session[SEATS_SESSION_KEY] = [seat.live_table_id, *held][:SEATS_REMEMBERED]


def may_replay(request: HttpRequest, live_table: LiveTable) -> bool:
    """Who may replay a finished hand of ``live_table``: where the tournament's score sheets are public,
    everyone; its organizers; a practice table's club organizers; a browser that opened one of its seats."""
    if live_table.pk in request.session.get(SEATS_SESSION_KEY, []):
        return True
    if live_table.table_id is not None:
        tournament = live_table.table.round.tournament
        return selectors.is_public(tournament) or selectors.is_organizer(request.user, tournament)
    return selectors.can_manage_club(request.user, live_table.club)


def refuse(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
    raise PermissionDenied(_("You may not watch this table."))


# --- links ---------------------------------------------------------------------------------------------


def absolute(request: HttpRequest, url_path: str) -> str:
    """``url_path`` at ``PUBLIC_BASE_URL`` (the address phones reach), else on the host asked."""
    if settings.PUBLIC_BASE_URL:
        return settings.PUBLIC_BASE_URL + url_path
    return request.build_absolute_uri(url_path)


def seat_url(request: HttpRequest, token: str) -> str:
    return absolute(request, reverse("tournaments:live-seat", kwargs={"token": token}))


@dataclass
class SeatLink:
    """A seat's private link as the organizer's pages and the table card show it."""

    position: str
    name: str
    played_by: str
    url: str
    qr: Any = None
    connected: bool = False


def seat_links(request: HttpRequest, seats: Any, *, qr: bool = True) -> list[SeatLink]:

    links = []
    for seat in seats:
        url = seat_url(request, seat.token)
        links.append(
            SeatLink(
                position=seat.position,
                name=seat.name,
                played_by=seat.played_by,
                url=url,
                qr=qr_svg(url) if qr else None,
                connected=seat.connections > 0,
            )
        )
    return links


def seat_links_by_table(request: HttpRequest, tables: Any) -> dict[int, list[SeatLink]]:
    """The seats' links (with QR codes) of each of ``tables`` that plays live, by table id (one query):
    the printable table cards."""
    seats = LiveSeat.objects.filter(live_table__table__in=list(tables)).select_related("live_table")
    found: dict[int, list[Any]] = {}
    for seat in seats.order_by("live_table_id", "position"):
        found.setdefault(seat.live_table.table_id, []).append(seat)
    return {table_id: seat_links(request, table_seats) for table_id, table_seats in found.items()}


def live_tables_by_table(tables: Any) -> dict[int, LiveTable]:
    """The live play of each of ``tables`` that has one, by table id (one query): the round's page."""
    return {lt.table_id: lt for lt in LiveTable.objects.filter(table__in=list(tables))}


# --- the pages' settings for live.js ----------------------------------------------------------------------


def _csrf(request: HttpRequest) -> str:
    from django.middleware.csrf import get_token

    return get_token(request)


def _config(request: HttpRequest, live_table: LiveTable, **more: Any) -> dict[str, Any]:
    return {
        "game": live_table.game,
        "table": live_table.pk,
        "poll_ms": POLL_MS,
        "csrf": _csrf(request),
        "texts": client_texts(),
        "factsLabels": fact_labels(),
        "statuses": {value: str(label) for value, label in LiveTable.Status.choices},
        "words": client_words(live_table.game),
        "cards": card_faces(live_table.game),
        "replay_url": reverse("tournaments:live-replay", kwargs={"hand_id": 0}),
        **more,
    }


def live_where(live_table: LiveTable) -> dict[str, Any]:
    """Where the table plays, for the pages' headings: the tournament's round and table, or the club."""
    if live_table.table_id is not None:
        table = live_table.table
        return {"tournament": table.round.tournament, "round": table.round, "table": table, "club": None}
    return {"tournament": None, "round": None, "table": None, "club": live_table.club}


# --- a seat -------------------------------------------------------------------------------------------------


@never_cache
def seat_page(request: HttpRequest, token: str) -> HttpResponse:
    """One seat's phone: its cards, its moves, the table."""
    seat = live_services.live_seat_by_token(token)
    if seat is None:
        raise Http404("No such seat")
    live_services.live_seat_seen(seat)  # opening the page is a sign of life, as the API's state is
    seat.refresh_from_db()
    live_table = seat.live_table
    _remember_seat(request, seat)
    state = live_selectors.seat_state(seat)
    config = _config(
        request,
        live_table,
        mode="seat",
        me=seat.position,
        state_url=reverse("v1:live-seat", kwargs={"token": token}),
        move_url=reverse("v1:live-seat-moves", kwargs={"token": token}),
        bot_url=reverse("v1:live-seat-bot", kwargs={"token": token}),
        ws_path=f"/ws/live/seats/{token}/",
    )
    context = {
        "seat": seat,
        "live_table": live_table,
        "state": state,
        "config": config,
        "game_name": game_name(live_table.game),
        **live_where(live_table),
    }
    response = render(request, "tournaments/live/seat.html", context)
    response["X-Robots-Tag"] = "noindex"
    # the page's address is the seat's key: never sent to another site. Not "no-referrer": a browser then
    # sends the page's own POSTs with "Origin: null", which the CSRF check refuses
    response["Referrer-Policy"] = "same-origin"
    return response


# --- a table's spectators ----------------------------------------------------------------------------------


@never_cache
def table_page(request: HttpRequest, live_table_id: int) -> HttpResponse:
    """A live table as its spectators see it; its organizers also get the seats' links."""
    live_table = get_object_or_404(
        LiveTable.objects.select_related("table__round__tournament", "club"), pk=live_table_id
    )
    if not live_selectors.may_watch(request.user, live_table):
        return refuse(request)
    runs = manages(request.user, live_table)
    projector = request.GET.get("projector") == "1"
    seats = list(live_table.seats.all())
    config = _config(
        request,
        live_table,
        mode="spectator",
        me=None,
        state_url=reverse("v1:live-table", kwargs={"pk": live_table.pk}),
        ws_path=f"/ws/live/tables/{live_table.pk}/",
        projector=projector,
    )
    context = {
        "live_table": live_table,
        "state": live_selectors.spectator_state(live_table),
        "config": config,
        "runs": runs,
        "links": seat_links(request, seats) if runs and not projector else [],
        "projector": projector,
        "game_name": game_name(live_table.game),
        "humans_missing": [s for s in seats if s.played_by == LiveSeat.PlayedBy.HUMAN and s.connections <= 0],
        **live_where(live_table),
    }
    response = render(request, "tournaments/live/table.html", context)
    response["X-Robots-Tag"] = "noindex"
    if runs:
        response["Referrer-Policy"] = "same-origin"  # the page holds the seats' links
    return response


def _managed_table(request: HttpRequest, live_table_id: int) -> LiveTable | HttpResponse:
    live_table = get_object_or_404(LiveTable, pk=live_table_id)
    if not manages(request.user, live_table):
        return refuse(request)
    return live_table


def _table_url(live_table: LiveTable) -> str:
    return reverse("tournaments:live-table", kwargs={"live_table_id": live_table.pk})


@require_POST
def table_begin(request: HttpRequest, live_table_id: int) -> HttpResponse:
    """The organizer starts play without waiting for every phone."""
    live_table = _managed_table(request, live_table_id)
    if isinstance(live_table, HttpResponse):
        return live_table
    try:
        live_services.live_table_begin(live_table, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(
            request,
            _(
                "Play has started: a seat whose phone is not there is played by its bot "
                "after the grace period."
            ),
        )
    return redirect(_table_url(live_table))


@require_POST
def table_seat_bot(request: HttpRequest, live_table_id: int, position: str) -> HttpResponse:
    """The organizer hands a seat to its bot, or gives it back to its player."""
    live_table = _managed_table(request, live_table_id)
    if isinstance(live_table, HttpResponse):
        return live_table
    seat = get_object_or_404(LiveSeat, live_table=live_table, position=position)
    on = request.POST.get("on") == "1"
    try:
        live_services.live_seat_to_bot(seat=seat, on=on, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        done = _("The bot plays seat %(seat)s.") if on else _("Seat %(seat)s is played by its player again.")
        messages.success(request, done % {"seat": seat.position})
    return redirect(_table_url(live_table))


# --- starting live play ------------------------------------------------------------------------------------


@require_POST
@organizer_page
def table_start(request: HttpRequest, tournament: Tournament, number: int, table: int) -> HttpResponse:
    """The organizer's "Play live" for a seated table of a round in play: its seats get their links."""
    found = Table.objects.filter(round__tournament=tournament, round__number=number, number=table).first()
    if found is None:
        raise Http404("No such table")
    try:
        live_table = live_services.live_table_start(table=found, by=request.user)
    except ValidationError as exc:
        messages.error(request, _("Live play did not start:") + " " + " ".join(exc.messages))
        return redirect("tournaments:manage-round", tournament.slug, number)
    messages.success(
        request,
        _("Table %(n)s plays live: give each player the QR code of their seat.") % {"n": found.number},
    )
    return redirect(_table_url(live_table))


#: the name fields the practice form has: the largest table a live game seats (Talon: 6)
PRACTICE_PLAYERS = max(
    (size for g in GAMES.values() if g.live is not None for size in g.table_sizes), default=4
)
PRACTICE_HANDS_DEFAULT = 4


def practice_games() -> list[tuple[str, str]]:
    return [(g.id, game_name(g.id)) for g in GAMES.values() if g.live is not None]


def _practice_labels() -> dict[str, Any]:
    labels: dict[str, Any] = {"game": _("Game"), "preset": _("Rules"), "seats": _("Seats at the table")}
    for i in range(PRACTICE_PLAYERS):
        labels[f"player_{i}"] = _("Player %(n)s") % {"n": i + 1}
    labels["bot_kind"] = _("Bots")
    labels["hands"] = _("Hands to play")
    return labels


def bot_kinds() -> list[tuple[str, str]]:
    return [("rule", _("Rule bot (plays by the book)")), ("random", _("Random bot (any legal card)"))]


def practice_choices() -> dict[str, Any]:
    """The practice form's choices: the games played live with their presets, the bots."""
    presets = []
    for game_id, name in practice_games():
        descriptor = game(game_id)
        for preset in descriptor.presets:
            presets.append(
                (
                    preset,
                    f"{preset_name(game_id, preset)}"
                    if len(practice_games()) == 1
                    else f"{name}: {preset_name(game_id, preset)}",
                )
            )
    sizes = sorted({size for g in GAMES.values() if g.live is not None for size in g.table_sizes})
    seats = [("", _("As the rules seat a table")), *((str(n), _("%(n)s seats") % {"n": n}) for n in sizes)]
    return {"games": practice_games(), "presets": presets, "bots": bot_kinds(), "seats": seats}


@never_cache
def practice_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's practice table of any size its rules seat: players by name, bots in the other seats; for
    the club's organizers."""
    club = selectors.club_by_slug(slug)
    if club is None:
        raise Http404("No such club")
    if not selectors.can_manage_club(request.user, club):
        return refuse(request)
    context = practice_context()
    form, choices = context["form"], context["choices"]
    if request.method == "POST":
        post = request.POST
        game_id = form.choice(post, "game", dict(choices["games"]))
        preset = form.choice(post, "preset", [p for p, _label in choices["presets"]])
        seats = form.choice(post, "seats", dict(choices["seats"]))
        names = [form.text(post, f"player_{i}", 120).strip() for i in range(PRACTICE_PLAYERS)]
        players = [n for n in names if n]
        if not players:
            form.error("player_0", _("name at least one player (bots take the other seats)"))
        bot_kind = form.choice(post, "bot_kind", dict(bot_kinds()))
        hands = form.whole(post, "hands", low=1, high=live_services.PRACTICE_HANDS_MAX)
        if not form.invalid:
            try:
                live_table = live_services.practice_table_start(
                    club=club, by=request.user, game_id=game_id, preset=preset, players=players,
                    bot_kind=bot_kind, hands=hands, seats=int(seats) if seats else None,
                )  # fmt: skip
            except ValidationError as exc:
                form.refused(_practice_fields(exc))
            else:
                messages.success(
                    request,
                    _("The practice table is ready: open each player's seat with its link or QR code."),
                )
                return redirect(_table_url(live_table))
    context["club"] = club
    return render(request, "tournaments/live/practice.html", context, status=form.status)


def _practice_fields(exc: ValidationError) -> ValidationError:
    """A service's refusal with its keys as the form's fields ("players.0" is the field player_0)."""
    if not hasattr(exc, "error_dict"):
        return exc
    renamed: dict[str, Any] = {}
    for key, errors in exc.error_dict.items():
        name = key
        if key.startswith("players."):
            name = "player_" + key.split(".", 1)[1]
        elif key == "players":
            name = "player_0"
        renamed.setdefault(name, []).extend(errors)
    return ValidationError(renamed)


def practice_context() -> dict[str, Any]:
    """The practice form as the club's page shows it (empty, with its defaults)."""
    choices = practice_choices()
    default_game = choices["games"][0][0] if choices["games"] else "hungarian"
    form = PageForm(
        _practice_labels(),
        {"game": default_game, "preset": game(default_game).default_preset, "seats": "", "bot_kind": "rule",
         "hands": PRACTICE_HANDS_DEFAULT},
    )  # fmt: skip
    return {"form": form, "choices": choices, "players": range(PRACTICE_PLAYERS)}


def practice_tables(club: Club, limit: int = 10) -> list[LiveTable]:
    """The club's latest practice tables (its page lists them for its organizers)."""
    return list(club.practice_tables.order_by("-created_at")[:limit])


urlpatterns: list[URLPattern] = [
    path("live/tables/<num:live_table_id>/", table_page, name="live-table"),
    path("live/tables/<num:live_table_id>/begin/", table_begin, name="live-table-begin"),
    path(
        "live/tables/<num:live_table_id>/seats/<str:position>/bot/",
        table_seat_bot,
        name="live-table-seat-bot",
    ),
    path("live/<slug:token>/", seat_page, name="live-seat"),
    path("t/<slug:slug>/manage/rounds/<num:number>/tables/<num:table>/live/", table_start, name="live-start"),
    path("clubs/<slug:slug>/practice/", practice_new, name="live-practice"),
]
