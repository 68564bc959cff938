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
* ``/live/hands/<id>/replay/``: a finished live hand, trick by trick, every hand shown (the record is
  public once the hand is over): to whoever may see the tournament's score sheet, the practice table's
  club organizers, and the phones that held a seat of the table.

Every write goes through ``tournaments.live.services``; the states come from ``tournaments.live.selectors``
(the bodies the API and the pushes send), rendered in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from engine.games import GAMES, game
from tournaments import selectors
from tournaments.core.labels import engine_word, game_name, preset_name
from tournaments.draw.models import Table
from tournaments.live import replay as live_replay
from tournaments.live import selectors as live_selectors
from tournaments.live import services as live_services
from tournaments.live.models import LiveHand, LiveSeat, LiveTable
from tournaments.organizing.models import Club, Tournament
from tournaments.pages.common import organizer_page, qr_svg
from tournaments.pages.forms import PageForm

#: the session's list of live tables whose seat this browser opened (their finished hands' replays)
SEATS_SESSION_KEY = "live-seats"
SEATS_REMEMBERED = 20
#: how often the page asks for the state while no WebSocket connects (the test server, a proxy without them)
POLL_MS = 2000

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = frozenset("HD")


# --- the cards as the pages draw them -------------------------------------------------------------------


def _suit_names() -> dict[str, str]:
    return {
        "H": pgettext("card suit", "hearts"),
        "D": pgettext("card suit", "diamonds"),
        "C": pgettext("card suit", "clubs"),
        "S": pgettext("card suit", "spades"),
    }


def _rank_letters() -> dict[str, tuple[str, str]]:
    """Each suit rank's letter on the card and its name, in the reader's language."""
    return {
        "K": (pgettext("card rank letter: king", "K"), pgettext("card rank", "king")),
        "Q": (pgettext("card rank letter: queen", "Q"), pgettext("card rank", "queen")),
        "R": (pgettext("card rank letter: rider (cavalier)", "C"), pgettext("card rank", "cavalier")),
        "J": (pgettext("card rank letter: jack", "J"), pgettext("card rank", "jack")),
        "A": (pgettext("card rank letter: ace", "A"), pgettext("card rank", "ace")),
        "10": ("10", pgettext("card rank", "ten")),
    }


#: how wide each letter of a Roman numeral is, in em of the cards' serif: a numeral is drawn as large as fits
NUMERAL_WIDTH = {"I": 0.4, "V": 0.72, "X": 0.72}


def numeral_width(numeral: str) -> float:
    return round(sum(NUMERAL_WIDTH.get(letter, 0.72) for letter in numeral), 2)


def card_names(game_id: str) -> list[str]:
    """The names of ``game_id``'s cards, as its live views name them (its view schema's card names)."""
    live = game(game_id).live
    if live is None:
        return []
    return list(live.view_schema().get("$defs", {}).get("card", {}).get("enum", []))


def card_faces(game_id: str) -> dict[str, dict[str, Any]]:
    """Every card of ``game_id``'s pack by its name (the engine's: "XXI", "SKIZ", "HK", "C10") as the
    pages draw it, in the reader's language: ``kind`` (tarokk or suit), ``text`` (the numeral, or the rank
    letter), ``sym`` (the suit's symbol), ``red``, ``honour``, ``sub`` (a word under the numeral) and
    ``label`` (its name, for screen readers and tooltips)."""
    suits, ranks = _suit_names(), _rank_letters()
    faces: dict[str, dict[str, Any]] = {}
    for name in card_names(game_id):
        if name == "SKIZ":
            faces[name] = {
                "kind": "tarokk", "text": pgettext("the skíz on a card", "SKÍZ"), "sym": "✶", "red": False,
                "honour": True, "sub": "", "label": pgettext("card", "skíz"), "w": 1,
            }  # fmt: skip
        elif name[0] in SUIT_SYMBOLS and name[1:] in ranks:
            letter, rank = ranks[name[1:]]
            faces[name] = {
                "kind": "suit", "text": letter, "sym": SUIT_SYMBOLS[name[0]], "red": name[0] in RED_SUITS,
                "honour": False, "sub": "", "w": 1,
                "label": _("%(rank)s of %(suit)s") % {"rank": rank, "suit": suits[name[0]]},
            }  # fmt: skip
        else:  # a tarokk I .. XXI
            honour = name in ("I", "XXI")
            faces[name] = {
                "kind": "tarokk", "text": name, "sym": "", "red": False, "honour": honour,
                "sub": pgettext("card", "pagát") if name == "I" else "", "w": numeral_width(name),
                "label": (
                    _("pagát (tarokk I)") if name == "I" else _("tarokk %(numeral)s") % {"numeral": name}
                ),
            }  # fmt: skip
    return faces


@dataclass
class Face:
    """One card as a template draws it (``live/_card.html``)."""

    name: str
    kind: str
    text: str
    sym: str
    red: bool
    honour: bool
    sub: str
    label: str
    w: float = 1


def face(name: str, faces: dict[str, dict[str, Any]]) -> Face:
    found = faces.get(name) or {"kind": "suit", "text": name, "sym": "", "red": False, "honour": False,
                                "sub": "", "label": name}  # fmt: skip
    return Face(name=name, **found)


# --- the words live.js shows, in the reader's language ---------------------------------------------------


def client_words(game_id: str) -> dict[str, Any]:
    """The game's words a live page shows (the auction's says and meanings, the announcements, the
    bonuses, the sides, the phases, the kinds of hand), in the active language; ``{name}`` marks where the
    page puts a value."""
    descriptor = game(game_id)
    words: dict[str, Any] = {"say": {}, "meaning": {}, "bonus": {}, "bid": {}, "kind": {}, "phase": {}}
    live = descriptor.live
    if live is not None:
        words["phase"] = {key: _(label) for key, label in live.phases.items()}
    vocabularies = descriptor.vocabularies
    for bonus in vocabularies.get("bonus", ()):
        words["bonus"][bonus] = str(engine_word(game_id, "bonus", bonus))
    for bid in vocabularies.get("bid", ()):
        words["bid"][bid] = str(engine_word(game_id, "bid", bid))
    for kind in vocabularies.get("kind", ()):
        words["kind"][kind] = str(engine_word(game_id, "kind", kind))
    words["kontra"] = list(descriptor.kontra_names or ())
    # the auction's says (the record's words: "pass", "three", "raise two") as the table hears them
    words["say"] = {"pass": _("Pass"), "hold": _("Hold"), "no raise": _("No raise")}
    for bid, word in words["bid"].items():
        words["say"][bid] = word[:1].upper() + word[1:]
        words["say"][f"raise {bid}"] = _("Raise to {bid}").replace("{bid}", word)
    words["meaning"] = {
        "cue": _("cue bid: shows the {card}"),
        "yield": _("yields the game: shows the {card}"),
    }
    words["team"] = {"declarer": _("declarer's side"), "opponents": _("opponents' side")}
    words["announce"] = {
        "pass": _("pass"),
        "call": _("calls the {card}"),
        "declare": _("declares {count} tarokks"),
        "announce": _("announces {bonus}"),
        "kontra_game": _("{kontra} on the game"),
        "kontra": _("{kontra} on the {bonus} of the {team}"),
    }
    words["side"] = {"declarer": _("the declarer"), "opponents": _("the opponents")}
    return words


def client_texts() -> dict[str, str]:
    """The page's own sentences for live.js (``{name}``: a value put in)."""
    return {
        "bot_name": _("Bot"),
        "your_partner": _("your partner"),
        "you": _("you"),
        "bot": _("bot"),
        "offline": _("offline"),
        "dealer": _("dealer"),
        "declarer": _("declarer"),
        "partner": _("partner"),
        "to_move": _("to move"),
        "tricks": _("{n} tricks"),
        "hand_of": _("Hand {n} of {total}"),
        "hand_n": _("Hand {n}"),
        "stake": _("stake ×{n}"),
        "your_turn": _("Your turn"),
        "tap_card": _("Tap a card to play it."),
        "play_card": _("Play the {card}"),
        "pick": _("Choose {n} card(s) to discard, then confirm."),
        "picked": _("{k} of {n} chosen"),
        "confirm_discard": _("Discard these cards"),
        "waiting_for": _("Waiting for {name}"),
        "bot_plays_for": _("The bot plays for {name}."),
        "bot_plays_for_you": _("The bot plays for you. Take the seat back to play yourself."),
        "waiting_table": _(
            "Waiting for the players' phones. The table starts when every player is here, "
            "or when the organizer starts it."
        ),
        "no_hand": _("No hand is in play."),
        "table_finished": _("The table has played all its hands. The score sheet is below."),
        "table_stopped": _("Play at this table was stopped."),
        "sitting_out": _("You deal this hand and sit it out."),
        "sending": _("Sending your move…"),
        "retrying": _("No connection: sending the same move again (it is never played twice)…"),
        "moved_on": _("The table moved on before your move arrived: look again and choose."),
        "refused": _("That move was not accepted:"),
        "error": _("Something went wrong. Try again."),
        "conn_live": _("Live"),
        "conn_polling": _("Updating every 2 seconds"),
        "conn_offline": _("Offline: trying to reconnect…"),
        "bot_on": _("Let the bot play for me"),
        "bot_off": _("Play myself again"),
        "bot_help": _("The bot plays your moves until you take the seat back."),
        "last_trick": _("Last trick: {name} won it"),
        "nobody_yet": _("not known yet"),
        "none": _("none"),
        "result_title": _("Hand {n} is over"),
        "last_hand": _("Last hand"),
        "replay": _("Replay the hand"),
        "played_live": _("played live"),
        "bot_moved": _("bot moved for a player"),
        "playing": _("in play"),
        "total": _("Total"),
        "discarded_tarokks": _("{name}: {n} tarokk(s)"),
        "taken": _("{name}: {n}"),
        "declarer_points": _("{points} (declarer's side; tricks: {tricks})"),
        "alone": _("none: the declarer plays alone"),
        "no_auction": _("Nobody has bid yet."),
        "no_announcements": _("No announcement yet."),
        "no_hands": _("No hand finished yet."),
        "pay_line": _("{name}: {points}"),
    }


def fact_labels() -> dict[str, str]:
    """The names of the facts of a hand the page lists (the contract, the result)."""
    return {
        "declarer": _("Declarer"),
        "bid": _("Contract"),
        "called": _("Called card"),
        "partner": _("Declarer's partner"),
        "your_partner": _("Your partner"),
        "talon": _("Talon taken"),
        "received": _("You took"),
        "mine": _("Your discard"),
        "tarokks": _("Tarokks discarded"),
        "face_up": _("Declarer's discarded tarokks"),
        "points": _("Card points"),
        "score": _("Score sheet"),
    }


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


def _refuse(request: HttpRequest) -> HttpResponse:
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


def _where(live_table: LiveTable) -> dict[str, Any]:
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
        **_where(live_table),
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
        return _refuse(request)
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
        **_where(live_table),
    }
    response = render(request, "tournaments/live/table.html", context)
    response["X-Robots-Tag"] = "noindex"
    if runs:
        response["Referrer-Policy"] = "same-origin"  # the page holds the seats' links
    return response


def _managed_table(request: HttpRequest, live_table_id: int) -> LiveTable | HttpResponse:
    live_table = get_object_or_404(LiveTable, pk=live_table_id)
    if not manages(request.user, live_table):
        return _refuse(request)
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


PRACTICE_PLAYERS = 4
PRACTICE_HANDS_DEFAULT = 4


def practice_games() -> list[tuple[str, str]]:
    return [(g.id, game_name(g.id)) for g in GAMES.values() if g.live is not None]


def _practice_labels() -> dict[str, Any]:
    labels: dict[str, Any] = {"game": _("Game"), "preset": _("Rules")}
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
    return {"games": practice_games(), "presets": presets, "bots": bot_kinds()}


@never_cache
def practice_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's practice table: 1–4 players by name, bots in the other seats; for the club's organizers."""
    club = selectors.club_by_slug(slug)
    if club is None:
        raise Http404("No such club")
    if not selectors.can_manage_club(request.user, club):
        return _refuse(request)
    context = practice_context()
    form, choices = context["form"], context["choices"]
    if request.method == "POST":
        post = request.POST
        game_id = form.choice(post, "game", dict(choices["games"]))
        preset = form.choice(post, "preset", [p for p, _label in choices["presets"]])
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
                    bot_kind=bot_kind, hands=hands,
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
        {"game": default_game, "preset": game(default_game).default_preset, "bot_kind": "rule",
         "hands": PRACTICE_HANDS_DEFAULT},
    )  # fmt: skip
    return {"form": form, "choices": choices, "players": range(PRACTICE_PLAYERS)}


def practice_tables(club: Club, limit: int = 10) -> list[LiveTable]:
    """The club's latest practice tables (its page lists them for its organizers)."""
    return list(club.practice_tables.order_by("-created_at")[:limit])


# --- replay -------------------------------------------------------------------------------------------------


@dataclass
class Frame:
    """One step of a replay: a title, every seat's cards at that moment, and the trick or say it shows."""

    title: str
    kind: str
    hands: list[tuple[str, str, list[Face]]] = field(default_factory=list)
    trick: list[tuple[str, Face]] = field(default_factory=list)
    winner: str = ""
    lines: list[str] = field(default_factory=list)
    tricks_won: dict[str, int] = field(default_factory=dict)
    #: the cards the frame's trick plays (marked in the hands)
    played: list[str] = field(default_factory=list)


def _seat_label(names: dict[str, str], position: str) -> str:
    name = names.get(position) or _("Bot")
    return f"{position} · {name}"


def _say_text(words: dict[str, Any], say: dict[str, Any], faces: dict[str, Any]) -> str:
    text = words["say"].get(say.get("say"), say.get("say"))
    meaning = say.get("meaning")
    shows = say.get("shows")
    if meaning in ("cue", "yield") and shows and meaning in words["meaning"]:
        card = faces.get(shows, {}).get("label", shows)
        text = f"{text} — {words['meaning'][meaning].replace('{card}', card)}"
    return text


def _announcement_text(words: dict[str, Any], say: str, levels: dict[str, int], faces: dict[str, Any]) -> str:
    parts = say.split()
    texts = words["announce"]
    if parts[0] == "pass":
        return texts["pass"]
    if parts[0] == "call" and len(parts) == 2:
        return texts["call"].replace("{card}", faces.get(parts[1], {}).get("label", parts[1]))
    if parts[0] == "declare" and len(parts) == 2:
        return texts["declare"].replace("{count}", parts[1])
    if parts[0] == "announce" and len(parts) == 2:
        return texts["announce"].replace("{bonus}", words["bonus"].get(parts[1], parts[1]))
    if parts[0] == "kontra":
        target = " ".join(parts[1:])
        levels[target] = levels.get(target, 0) + 1
        names = words["kontra"] or ["kontra"]
        kontra = names[min(levels[target], len(names)) - 1]
        if parts[1:] == ["game"]:
            return texts["kontra_game"].replace("{kontra}", kontra)
        if len(parts) == 3:
            return (
                texts["kontra"]
                .replace("{kontra}", kontra)
                .replace("{bonus}", words["bonus"].get(parts[2], parts[2]))
                .replace("{team}", words["side"].get(parts[1], parts[1]))
            )
    return say


def replay_frames(hand: LiveHand) -> tuple[list[Frame], dict[str, Any]]:
    """A finished hand's steps, replayed from its deal and its stored moves: the deal, the auction, the
    talon and discards, the announcements, each trick, the result. Every seat's cards are shown (the hand
    is over)."""
    live_table = hand.live_table
    game_id = live_table.game
    names = live_selectors.seat_names(live_table)
    faces = card_faces(game_id)
    words = client_words(game_id)
    engine_hand = live_replay.live_game(game_id).start(live_replay.deal_of(hand, game_id))
    seats = list(hand.active)
    frames: list[Frame] = []

    def snapshot(title: str, kind: str) -> Frame:
        public = engine_hand.public_view()
        rows = []
        for s in seats:
            cards = engine_hand.seat_view(s).get("hand", [])
            rows.append((s, _seat_label(names, s), [face(c, faces) for c in cards]))
        return Frame(title=title, kind=kind, hands=rows, tricks_won=dict(public.get("tricks_won") or {}))

    frames.append(snapshot(_("The deal"), "deal"))
    codes = list(hand.actions.order_by("step").values_list("code", flat=True))
    phase = engine_hand.public_view()["phase"]
    tricks = 0
    held: Frame | None = None  # the cards as they were before the phase that just ended
    for code in codes:
        before = phase
        if held is None:
            held = snapshot("", before)
        engine_hand.apply(code)
        public = engine_hand.public_view()
        phase = public["phase"]
        if len(public["tricks"]) > tricks:
            tricks = len(public["tricks"])
            trick = public["tricks"][-1]
            frame = held
            frame.title = _("Trick %(n)s") % {"n": tricks}
            frame.kind = "trick"
            frame.trick = [(_seat_label(names, c["seat"]), face(c["card"], faces)) for c in trick["cards"]]
            frame.winner = _seat_label(names, trick["winner"])
            frame.played = [c["card"] for c in trick["cards"]]
            frame.tricks_won = dict(public.get("tricks_won") or {})
            frames.append(frame)
            held = None
        elif phase != before:
            frame = held
            frame.kind = before
            if before in ("bidding", "raise"):
                frame.title = _("The auction")
                frame.lines = [
                    f"{_seat_label(names, say['seat'])}: {_say_text(words, say, faces)}"
                    for say in public["auction"]
                ]
                if public.get("declarer"):
                    bid = words["bid"].get(public.get("bid") or "", public.get("bid") or "")
                    frame.lines.append(
                        _("Declarer: %(name)s, %(bid)s")
                        % {"name": _seat_label(names, public["declarer"]), "bid": bid}
                    )
            elif before == "discard":
                frame.title = _("The talon and the discards")
            elif before == "announcements":
                frame.title = _("The announcements")
                levels: dict[str, int] = {}
                frame.lines = [
                    f"{_seat_label(names, a['seat'])}: {_announcement_text(words, a['say'], levels, faces)}"
                    + (f" ({words['team'][a['team']]})" if a.get("team") in words["team"] else "")
                    for a in public["announcements"]
                ]
            else:
                frame.title = words["phase"].get(before, before)
            if before in ("bidding", "raise") and phase in ("bidding", "raise"):
                continue  # the sole bidder's raise: one auction frame
            frames.append(frame)
            held = None
    record = engine_hand.record() if engine_hand.done else {}
    for frame in frames:
        if frame.kind == "discard" and record:
            frame.lines = [
                _("%(name)s took %(taken)s, discarded %(discarded)s")
                % {
                    "name": _seat_label(names, s),
                    "taken": " ".join(
                        faces.get(c, {}).get("label", c) for c in (record.get("talon") or {}).get(s, [])
                    )
                    or "—",
                    "discarded": " ".join(
                        faces.get(c, {}).get("label", c) for c in (record.get("discards") or {}).get(s, [])
                    )
                    or "—",
                }
                for s in seats
                if (record.get("talon") or {}).get(s) or (record.get("discards") or {}).get(s)
            ]
    extra = {
        "talon": [face(c, faces) for c in ((record.get("deal") or {}).get("talon") or [])],
        "record": record,
        "names": names,
        "words": words,
    }
    return frames, extra


@never_cache
def replay_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """A finished live hand, trick by trick."""
    hand = get_object_or_404(
        LiveHand.objects.select_related(
            "live_table__table__round__tournament", "live_table__club", "submission"
        ),
        pk=hand_id,
    )
    live_table = hand.live_table
    if hand.status != LiveHand.Status.FINISHED:
        raise Http404("The hand is not over yet")
    if not may_replay(request, live_table):
        return _refuse(request)
    frames, extra = replay_frames(hand)
    names = extra["names"]
    payments = [
        (position, _seat_label(names, position), points) for position, points in (hand.payments or {}).items()
    ]
    items = []
    if extra["record"]:
        from tournaments.results.selectors import named_items, scored_result

        descriptor = game(live_table.game)
        rules = live_replay.deal_of(hand, live_table.game).rules
        scored = scored_result(descriptor, "record", extra["record"], rules)
        items = named_items(descriptor, scored["items"]) if scored else []
    context = {
        "hand": hand,
        "live_table": live_table,
        "frames": frames,
        "talon": extra["talon"],
        "payments": payments,
        "items": items,
        "kind": extra["words"]["kind"].get(hand.kind, hand.kind),
        "game_name": game_name(live_table.game),
        "runs": manages(request.user, live_table),
        **_where(live_table),
    }
    return render(request, "tournaments/live/replay.html", context)


urlpatterns: list[URLPattern] = [
    path("live/tables/<num:live_table_id>/", table_page, name="live-table"),
    path("live/tables/<num:live_table_id>/begin/", table_begin, name="live-table-begin"),
    path(
        "live/tables/<num:live_table_id>/seats/<str:position>/bot/",
        table_seat_bot,
        name="live-table-seat-bot",
    ),
    path("live/hands/<num:hand_id>/replay/", replay_page, name="live-replay"),
    path("live/<slug:token>/", seat_page, name="live-seat"),
    path("t/<slug:slug>/manage/rounds/<num:number>/tables/<num:table>/live/", table_start, name="live-start"),
    path("clubs/<slug:slug>/practice/", practice_new, name="live-practice"),
]
