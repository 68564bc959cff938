"""The live tables' settings on the organizer's format page (issue 33): who may watch a live table, whether a
hand a bot helped play counts at once, the seconds a disconnected player's seat waits before its bot plays,
and the move clock. Driven over HTTP with Django's test client as an organizer uses the page: the fields
show the stored values, a save goes through ``services.tournament_edit`` (the history names who), a bad
value is refused naming its field as the form labels it (the range by the format's own check,
``formats._validate_live``), keeps what was typed and stores nothing. Who may watch and the two times stay
editable while the tournament runs; whether a bot-helped hand counts is format, fixed once round 1 is
drawn. Nobody but the tournament's organizers changes them."""

from __future__ import annotations

import dataclasses
import html
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from engine.games import GAMES
from tests.factories import PlayerFactory
from tournaments import services
from tournaments.organizing.models import Club, Tournament

pytestmark = pytest.mark.django_db

URL = "/t/open/manage/format/"
GRACE = "Seconds before a bot plays for a disconnected player"
CLOCK = "Move clock in seconds (0 = no clock)"

# the whole form as the page posts it before round 1 (the format as the preset's event plays it)
FORM = {
    "format": "1",
    "live": "1",
    "name": "Tavaszi Kupa",
    "venue": "Pécs",
    "starts_on": "2027-03-06",
    "status": "registration",
    "is_public": "on",
    "round_minutes": "90",
    "rules_preset": "tournament",
    "rounds_planned": "4",
    "deals_within_time": "on",
    "table_sizes": ["4", "5"],
    "first_size": "4",
    "deals_per_round_4": "16",
    "deals_per_round_5": "20",
    "table_points_4": "10, 8, 6, 4",
    "table_points_5": "10, 8, 6, 4, 4",
    "scoring": "table_points",
    "pairing_count": "2",
    "pairing_1": "random",
    "pairing_2": "swiss",
    "tiebreak_1": "game_points",
    "point_value_cents": "0",
    "live_spectators": "organizers",
    "live_bot_hands": "count",
    "live_grace_seconds": "60",
    "live_clock_seconds": "0",
}


@pytest.fixture
def open_cup(organizer_club: Club, organizer_user: Any) -> Tournament:
    """A tournament open for registration, no round drawn: its whole format is editable."""
    return services.tournament_create(
        fields={
            "name": "Tavaszi Kupa",
            "slug": "open",
            "starts_on": "2027-03-06",
            "venue": "Pécs",
            "game": "hungarian",
            "rules_preset": "tournament",
            "club": organizer_club,
            "is_public": True,
            "status": Tournament.Status.REGISTRATION,
        },
        by=organizer_user,
    )


def page(response: Any) -> str:
    return response.content.decode()


def summary(response: Any) -> list[str]:
    """The lines of the page's error summary, as they read."""
    box = re.search(r'<div class="error-summary.*?</div>', page(response), re.S)
    assert box, "no error summary"
    lines = re.findall(r"<li>(.*?)</li>", box.group(0), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", line).strip()) for line in lines]


def links(response: Any) -> list[str]:
    """The field ids the error summary's lines link to."""
    box = re.search(r'<div class="error-summary.*?</div>', page(response), re.S)
    return re.findall(r'<a href="#([^"]+)">', box.group(0)) if box else []


def selected(text: str, name: str) -> str:
    """The value of the select ``name``'s selected option."""
    select = re.search(rf'<select id="f-{name}" name="{name}"[^>]*>(.*?)</select>', text, re.S)
    assert select, f"no select {name}"
    chosen = re.findall(r'<option value="([^"]*)" selected>', select.group(1))
    assert len(chosen) == 1, chosen
    return chosen[0]


def live_values(tournament: Tournament) -> tuple[Any, ...]:
    tournament.refresh_from_db()
    return (
        tournament.live_spectators,
        tournament.live_bot_hands,
        tournament.live_grace_seconds,
        tournament.live_clock_seconds,
    )


def test_the_page_shows_the_live_settings_with_their_stored_values(
    organizer_web: Any, open_cup: Tournament
) -> None:
    text = page(organizer_web.get(URL))
    assert "<legend>Live tables</legend>" in text
    assert "At a live table each player plays on their own phone" in text
    assert '<label for="f-live_spectators">Who may watch live tables</label>' in text
    assert '<label for="f-live_bot_hands">Hands a bot helped play</label>' in text
    assert f'<label for="f-live_grace_seconds">{GRACE}</label>' in text
    assert f'<label for="f-live_clock_seconds">{CLOCK}</label>' in text
    assert '<input type="hidden" name="live" value="1">' in text
    # the defaults, the choices in the players' words
    assert (selected(text, "live_spectators"), selected(text, "live_bot_hands")) == ("organizers", "count")
    assert '<option value="public">Everyone who may see the tournament</option>' in text
    assert '<option value="confirm">A player of the table (or the organizer) confirms them</option>' in text
    assert 'name="live_grace_seconds" value="60" inputmode="numeric" maxlength="4"' in text
    assert 'name="live_clock_seconds" value="0" inputmode="numeric" maxlength="4"' in text

    services.tournament_edit(
        open_cup,
        changes={"live_spectators": "public", "live_bot_hands": "confirm", "live_grace_seconds": 90,
                 "live_clock_seconds": 45},
        by=open_cup.organizers.get(),
    )  # fmt: skip
    text = page(organizer_web.get(URL))
    assert (selected(text, "live_spectators"), selected(text, "live_bot_hands")) == ("public", "confirm")
    assert 'name="live_grace_seconds" value="90"' in text
    assert 'name="live_clock_seconds" value="45"' in text


def test_valid_live_settings_are_saved_by_the_service_and_its_history_names_who(
    organizer_web: Any, open_cup: Tournament, organizer_user: Any
) -> None:
    version = open_cup.version
    rows = open_cup.history.count()
    typed = {**FORM, "live_spectators": "public", "live_bot_hands": "confirm", "live_grace_seconds": " 120 ",
             "live_clock_seconds": "30", "version": version}  # fmt: skip
    response = organizer_web.post(URL, typed)
    assert response.status_code == 302
    assert response["Location"] == URL
    assert live_values(open_cup) == ("public", "confirm", 120, 30)
    assert open_cup.version == version + 1
    assert open_cup.history.count() == rows + 1
    last = open_cup.history.latest("history_date")
    assert (last.live_spectators, last.live_bot_hands, last.live_grace_seconds) == ("public", "confirm", 120)
    assert last.history_user == organizer_user
    assert "The settings are saved." in page(organizer_web.get(URL))
    # the bounds themselves are allowed: no clock, and the shortest and longest grace period
    for grace, clock in (("5", "3600"), ("3600", "0")):
        response = organizer_web.post(URL, {**typed, "live_grace_seconds": grace, "live_clock_seconds": clock,
                                            "version": open_cup.version})  # fmt: skip
        assert response.status_code == 302
        assert live_values(open_cup)[2:] == (int(grace), int(clock))


REFUSED = [
    ("live_grace_seconds", "3", f"{GRACE}: must be a whole number of seconds from 5 to 3600"),
    ("live_grace_seconds", "99999", f"{GRACE}: must be a whole number of seconds from 5 to 3600"),
    ("live_grace_seconds", "-60", f"{GRACE}: must be a whole number of seconds from 5 to 3600"),
    ("live_grace_seconds", "a minute", f"{GRACE}: enter a whole number"),
    ("live_grace_seconds", "", f"{GRACE}: enter a whole number"),
    ("live_grace_seconds", "6\x000", f"{GRACE}: enter a whole number"),
    ("live_grace_seconds", "６０", f"{GRACE}: enter a whole number"),  # full-width digits
    ("live_clock_seconds", "3601", f"{CLOCK}: must be a whole number of seconds from 0 to 3600"),
    ("live_clock_seconds", "1.5", f"{CLOCK}: enter a whole number"),
    ("live_spectators", "everyone", "Who may watch live tables: choose one of the list"),
    ("live_spectators", "public\x00", "Who may watch live tables: choose one of the list"),
    ("live_bot_hands", "", "Hands a bot helped play: choose one of the list"),
]


@pytest.mark.parametrize(("name", "typed", "message"), REFUSED)
def test_a_bad_live_setting_is_refused_naming_its_field_keeps_what_was_typed_and_stores_nothing(
    organizer_web: Any, open_cup: Tournament, name: str, typed: str, message: str
) -> None:
    before, version, rows = live_values(open_cup), open_cup.version, open_cup.history.count()
    response = organizer_web.post(URL, {**FORM, "venue": "Szeged", name: typed, "version": version})
    assert response.status_code == 400
    assert summary(response) == [message]
    assert links(response) == [f"f-{name}"]
    text = page(response)
    assert f'id="f-{name}-error"' in text
    if name.endswith("_seconds"):  # the input keeps what was typed, marked invalid
        field = re.search(rf'<input type="text" id="f-{name}" name="{name}" value="([^"]*)"[^>]*>', text)
        assert field, text
        assert html.unescape(field.group(1)) == typed
        assert 'aria-invalid="true"' in field.group(0)
        assert f'aria-describedby="f-{name}-help f-{name}-error"' in field.group(0)
    else:  # a select offers its choices again, none of them the typed value
        assert re.search(rf'<select id="f-{name}" name="{name}" aria-invalid="true"', text)
    # the rest of the form keeps what was typed too, and nothing is stored
    assert 'name="venue" value="Szeged"' in text
    assert live_values(open_cup) == before
    assert (open_cup.version, open_cup.venue, open_cup.history.count()) == (version, "Pécs", rows)


def test_every_bad_field_the_page_reads_is_named_at_once_in_the_forms_order(
    organizer_web: Any, open_cup: Tournament
) -> None:
    typed = {**FORM, "live_clock_seconds": "soon", "live_spectators": "all", "live_grace_seconds": "x",
             "version": open_cup.version}  # fmt: skip
    response = organizer_web.post(URL, typed)
    assert response.status_code == 400
    assert links(response) == ["f-live_spectators", "f-live_grace_seconds", "f-live_clock_seconds"]
    assert summary(response) == [
        "Who may watch live tables: choose one of the list",
        f"{GRACE}: enter a whole number",
        f"{CLOCK}: enter a whole number",
    ]
    assert live_values(open_cup) == ("organizers", "count", 60, 0)


def test_the_refusals_read_in_the_pages_language(organizer_web: Any, open_cup: Tournament) -> None:
    organizer_web.cookies["django_language"] = "hu"
    response = organizer_web.post(URL, {**FORM, "live_grace_seconds": "3", "version": open_cup.version})
    assert response.status_code == 400
    assert links(response) == ["f-live_grace_seconds"]
    assert "must be a whole number" not in page(response)  # the service's message, translated


def test_a_form_without_the_live_part_leaves_the_live_settings_as_they_are(
    organizer_web: Any, open_cup: Tournament
) -> None:
    """An older page or a script that posts no live part (no ``live=1``) changes the rest only."""
    services.tournament_edit(open_cup, changes={"live_grace_seconds": 90}, by=open_cup.organizers.get())
    open_cup.refresh_from_db()
    without = {k: v for k, v in FORM.items() if not k.startswith("live")}
    response = organizer_web.post(URL, {**without, "live_spectators": "public", "venue": "Szeged",
                                        "version": open_cup.version})  # fmt: skip
    assert response.status_code == 302
    assert live_values(open_cup) == ("organizers", "count", 90, 0)
    assert open_cup.venue == "Szeged"


def _draw_round_1(tournament: Tournament, by: Any) -> None:
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True, by=by)
    services.round_generate(tournament, seed="live-settings", by=by)
    tournament.refresh_from_db()


def test_once_round_1_is_drawn_who_watches_and_the_times_stay_editable_and_bot_hands_is_fixed(
    organizer_web: Any, open_cup: Tournament, organizer_user: Any
) -> None:
    # the page as it was read before the draw: the whole form, the format as stored
    read_before = {**FORM, "version": open_cup.version}
    assert organizer_web.post(URL, read_before).status_code == 302
    _draw_round_1(open_cup, organizer_user)

    text = page(organizer_web.get(URL))
    assert "<legend>Live tables</legend>" in text
    assert 'name="live_bot_hands"' not in text
    # which hands count is format: shown with the fixed format, the other live settings in their fieldset
    fixed = re.search(r'<section class="card fixed-format".*?</section>', text, re.S)
    assert fixed
    assert "<dt>Hands a bot helped play</dt><dd>They count as played</dd>" in fixed.group(0)
    for name in ("live_spectators", "live_grace_seconds", "live_clock_seconds"):
        assert f'name="{name}"' in text
    details = {"live": "1", "name": "Tavaszi Kupa", "venue": "Pécs", "starts_on": "2027-03-06",
               "round_minutes": "90", "is_public": "on", "live_spectators": "public",
               "live_grace_seconds": "30", "live_clock_seconds": "120"}  # fmt: skip
    # a bot-hands choice sent without the format's part (the fixed page has none) is not read
    response = organizer_web.post(URL, {**details, "live_bot_hands": "confirm", "version": open_cup.version})
    assert response.status_code == 302
    assert live_values(open_cup) == ("public", "count", 30, 120)
    # a refusal while it runs keeps what was typed, and stores nothing
    refused = organizer_web.post(URL, {**details, "live_clock_seconds": "4000", "version": open_cup.version})
    assert refused.status_code == 400
    assert summary(refused) == [f"{CLOCK}: must be a whole number of seconds from 0 to 3600"]
    assert 'name="live_clock_seconds" value="4000"' in page(refused)
    assert live_values(open_cup) == ("public", "count", 30, 120)
    # a page read before the draw, saved after it with another bot-hands choice: refused, naming it
    version = open_cup.version
    stale = organizer_web.post(URL, {**read_before, "live_bot_hands": "confirm", "version": version})
    assert stale.status_code == 409
    assert summary(stale) == ["Hands a bot helped play: round 1 is drawn: the format can no longer change"]
    assert links(stale) == ["f-live_bot_hands"]
    assert live_values(open_cup) == ("public", "count", 30, 120)
    assert open_cup.version == version


def test_only_the_tournaments_organizers_change_the_live_settings(open_cup: Tournament) -> None:
    before, version = live_values(open_cup), open_cup.version
    changed = {**FORM, "live_spectators": "public", "live_grace_seconds": "5", "version": version}
    other = Client()
    other.force_login(get_user_model().objects.create_user("someone-else", password="pw-other-12345"))
    assert other.get(URL).status_code == 403
    assert other.post(URL, changed).status_code == 403
    anonymous = Client()
    response = anonymous.post(URL, changed)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert live_values(open_cup) == before
    assert open_cup.version == version


def test_the_public_page_says_everyone_may_watch_only_where_they_may(
    organizer_web: Any, open_cup: Tournament
) -> None:
    public = Client()
    assert "Live tables" not in page(public.get("/t/open/"))
    response = organizer_web.post(URL, {**FORM, "live_spectators": "public", "version": open_cup.version})
    assert response.status_code == 302
    text = page(public.get("/t/open/"))
    assert "<dt>Live tables</dt><dd>everyone may watch</dd>" in text


def test_a_game_not_played_live_is_not_asked_about_live_tables(
    organizer_club: Club, organizer_user: Any, organizer_web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game without live play (every registered game has it since issue 34: here Cego's kit without its
    ``live``, as a new kit may come): its format page has no live tables' part, a posted one is ignored,
    and its public page says nothing of watching."""
    monkeypatch.setitem(GAMES, "cego", dataclasses.replace(GAMES["cego"], live=None))
    cego = services.tournament_create(
        fields={"name": "Cego-nap", "slug": "cego", "starts_on": "2027-03-06", "game": "cego",
                "club": organizer_club, "is_public": True, "status": Tournament.Status.REGISTRATION},
        by=organizer_user,
    )  # fmt: skip
    services.tournament_edit(cego, changes={"live_spectators": "public"}, by=organizer_user)
    cego.refresh_from_db()
    text = page(organizer_web.get("/t/cego/manage/format/"))
    assert "<legend>Live tables</legend>" not in text
    assert 'name="live"' not in text
    assert 'name="live_grace_seconds"' not in text
    details = {"live": "1", "name": "Cego-nap", "venue": "", "starts_on": "2027-03-06",
               "status": "registration", "round_minutes": "90", "is_public": "on",
               "live_grace_seconds": "3", "live_clock_seconds": "x", "version": cego.version}  # fmt: skip
    assert organizer_web.post("/t/cego/manage/format/", details).status_code == 302
    assert live_values(cego) == ("public", "count", 60, 0)
    assert "Live tables" not in page(Client().get("/t/cego/"))
