"""A tournament's setup on the organizer's site (issue 31 §4.1, §4.2, §4.6), through Django's test client as
an organizer uses it: creating a tournament from "My tournaments", the dashboard and a club's page (every
game of the registry with its presets and table sizes, the format starting as the preset's event plays
it), editing the details and the format until round 1 is drawn, and every refusal naming the field as the
form labels it, in English, Hungarian and German."""

from __future__ import annotations

import html
import re
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from engine.games import GAMES
from tests.factories import PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.core.formats import format_defaults, starting_preset, table_sizes_of
from tournaments.organizing.models import Club, Tournament

pytestmark = pytest.mark.django_db


def summary(response: Any) -> list[str]:
    """The lines of the page's error summary, as they read (each links to its field)."""
    box = re.search(r'<div class="error-summary.*?</div>', response.content.decode(), re.S)
    assert box, "no error summary"
    lines = re.findall(r"<li>(.*?)</li>", box.group(0), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", line).strip()) for line in lines]


def links(response: Any) -> list[str]:
    box = re.search(r'<div class="error-summary.*?</div>', response.content.decode(), re.S)
    return re.findall(r'<a href="#([^"]+)">', box.group(0)) if box else []


NEW = {
    "name": "Szegedi Cego-nap",
    "slug": "",
    "starts_on": "2026-12-05",
    "venue": "Szeged",
    "game": "cego",
    "rules_preset": "ichenheim",
    "rounds_planned": "3",
    "table_sizes": ["3", "4"],
    "first_size": "4",
    "is_public": "on",
}


# --- creating a tournament ---------------------------------------------------------------------------------


def test_my_tournaments_and_the_dashboard_lead_to_a_new_tournament_and_the_footer_to_the_clubs(
    organizer_web: Any, organizer_club: Club, organizer_user: Any
) -> None:
    mine = organizer_web.get("/manage/?all=1").content.decode()
    assert 'href="/manage/new/"' in mine
    assert f'href="/clubs/{organizer_club.slug}/"' in mine  # "My clubs"
    assert 'href="/clubs/"' in mine  # the footer's link to every club
    existing = TournamentFactory(slug="alfa", club=organizer_club)
    dashboard = organizer_web.get(f"/t/{existing.slug}/manage/").content.decode()
    assert 'href="/manage/new/"' in dashboard
    assert f'href="/t/{existing.slug}/manage/format/"' in dashboard
    assert f'href="/t/{existing.slug}/manage/players/"' in dashboard


def test_the_form_offers_every_game_its_presets_and_its_table_sizes(
    organizer_web: Any, organizer_club: Club
) -> None:
    page = organizer_web.get("/manage/new/").content.decode()
    game_select = re.search(r'<select id="f-game" name="game".*?</select>', page, re.S).group(0)
    # no default game: a club with no tournament yet starts on "choose the game"
    assert re.findall(r'<option value="([^"]*)"', game_select)[0] == ""
    assert " selected" not in game_select
    assert set(re.findall(r'<option value="([^"]+)"', game_select)) == set(GAMES)
    presets = re.search(r'<select id="f-rules_preset".*?</select>', page, re.S).group(0)
    for game in GAMES.values():
        group = re.search(rf'<optgroup label="[^"]+" data-game="{game.id}">(.*?)</optgroup>', presets, re.S)
        assert group, game.id
        assert re.findall(r'<option value="([^"]+)"', group.group(1)) == list(game.presets)
    for size in (2, 3, 4, 5, 6):
        seated = re.search(rf'data-size="{size}" data-games="([^"]*)"', page).group(1).split()
        assert set(seated) == {g.id for g in GAMES.values() if size in g.table_sizes}
    # a club that plays Hungarian Tarokk starts on it, with the 2018 rules (not pagat's casual game)
    services.tournament_create(
        fields={
            "name": "Előző",
            "slug": "elozo",
            "starts_on": date(2026, 1, 1),
            "game": "hungarian",
            "club": organizer_club,
        },
        by=organizer_club.organizers.first(),
    )
    again = organizer_web.get("/manage/new/").content.decode()
    assert re.search(r'<option value="hungarian" selected>', again)
    assert 'value="tournament" data-game="hungarian" selected' in again
    assert 'name="rounds_planned" value="4"' in again


def test_an_organizer_creates_a_tournament_of_their_club_with_game_preset_rounds_and_sizes(
    organizer_web: Any, organizer_club: Club, organizer_user: Any
) -> None:
    response = organizer_web.post("/manage/new/", {**NEW, "club": organizer_club.pk})
    assert response.status_code == 302
    assert response["Location"] == "/t/szegedi-cego-nap/manage/"
    created = Tournament.objects.get(slug="szegedi-cego-nap")
    defaults = format_defaults("cego", "ichenheim")
    assert (created.game, created.rules_preset, created.club, created.status) == (
        "cego", "ichenheim", organizer_club, "registration",
    )  # fmt: skip
    assert created.rounds_planned == 3  # the organizer's own choice wins over the preset's
    assert created.table_sizes == [4, 3]  # the one to fill first first
    assert created.deals_per_round_3 == defaults["deals_per_round_3"] == 24  # the rest as Ichenheim plays
    assert created.scoring == defaults["scoring"]
    assert created.deals_within_time is False  # Ichenheim counts a fixed number of deals
    assert created.organizers.filter(pk=organizer_user.pk).exists()
    assert "check its format" in organizer_web.get("/t/szegedi-cego-nap/manage/").content.decode()


@pytest.mark.parametrize(
    ("game_id", "preset"), [(g.id, p) for g in GAMES.values() for p in g.presets], ids=lambda v: str(v)
)
def test_every_preset_of_every_game_starts_as_its_event_plays_it(
    organizer_web: Any, organizer_club: Club, game_id: str, preset: str
) -> None:
    defaults = format_defaults(game_id, preset)
    sizes = defaults.get("table_sizes") or list(table_sizes_of({"game": game_id}))
    form = {**NEW, "club": organizer_club.pk, "name": f"{game_id} {preset}", "game": game_id,
            "rules_preset": preset, "rounds_planned": str(defaults.get("rounds_planned", 4)),
            "table_sizes": [str(s) for s in sizes], "first_size": str(sizes[0])}  # fmt: skip
    assert organizer_web.post("/manage/new/", form).status_code == 302
    created = Tournament.objects.get(name=f"{game_id} {preset}")
    assert (created.game, created.rules_preset) == (game_id, preset)
    for field, value in defaults.items():
        if field != "table_sizes":
            assert getattr(created, field) == value, field
    assert list(table_sizes_of(created)) == sizes
    assert created.deals_within_time is (game_id == "hungarian" and preset == "tournament")


def test_a_refused_new_tournament_names_each_field_as_the_form_labels_it_and_keeps_what_was_typed(
    organizer_web: Any, organizer_club: Club
) -> None:
    typed = {**NEW, "club": organizer_club.pk, "name": "   ", "starts_on": "soon",
             "rules_preset": "tournament", "rounds_planned": "lots", "table_sizes": ["3"],
             "first_size": "4"}  # fmt: skip
    response = organizer_web.post("/manage/new/", typed)
    assert response.status_code == 400
    assert summary(response) == [
        "Name: must not be empty",
        "Starts on: give a date (YYYY-MM-DD)",
        "Rules: choose rules of Cego (Ichenheim)",
        "Rounds: enter a whole number",
        "Fill first: choose one of the sizes you ticked",
    ]
    assert links(response) == ["f-name", "f-starts_on", "f-rules_preset", "f-rounds_planned", "f-first_size"]
    page = response.content.decode()
    assert 'value="soon"' in page
    assert 'name="rounds_planned" value="lots" inputmode="numeric" maxlength="2" aria-invalid="true"' in page
    # a size the game does not seat: the format's own check, named as the form labels it
    sizes = {"game": "hungarian", "rules_preset": "tournament", "table_sizes": ["3", "4"], "first_size": "4"}
    hungarian = organizer_web.post("/manage/new/", {**NEW, "club": organizer_club.pk, **sizes})
    assert hungarian.status_code == 400
    assert summary(hungarian) == [
        "Table sizes: must list distinct table sizes of Hungarian Tarokk (4, 5), the one to fill first first"
    ]
    taken = TournamentFactory(slug="szegedi-cego-nap")
    conflict = organizer_web.post("/manage/new/", {**NEW, "club": organizer_club.pk})
    assert conflict.status_code == 409
    assert summary(conflict) == ["Address (slug): 'szegedi-cego-nap' is taken by another tournament"]
    assert Tournament.objects.exclude(pk=taken.pk).count() == 0


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("hu", ["Név: nem lehet üres", "Fordulók: egész számot adj meg"]),
        ("de", ["Name: darf nicht leer sein", "Runden: gib eine ganze Zahl ein"]),
    ],
)
def test_the_refusals_read_in_the_pages_language(
    organizer_web: Any, organizer_club: Club, language: str, lines: list[str]
) -> None:
    organizer_web.cookies["django_language"] = language
    response = organizer_web.post(
        "/manage/new/", {**NEW, "club": organizer_club.pk, "name": " ", "rounds_planned": "sok"}
    )
    assert summary(response) == lines


def test_only_a_clubs_organizers_create_its_tournaments_and_staff_may_create_one_of_no_club(
    organizer_web: Any, organizer_club: Club
) -> None:
    other = Club.objects.create(name="Béta Kör")
    refused = organizer_web.post("/manage/new/", {**NEW, "club": other.pk})
    assert refused.status_code == 400
    assert summary(refused) == ["Club: choose one of your clubs"]
    nobody = Client()
    nobody.force_login(get_user_model().objects.create_user("nobody"))
    assert nobody.get("/manage/new/").status_code == 403
    staff = Client()
    staff.force_login(get_user_model().objects.create_user("staff", is_staff=True))
    assert "No club (an administrator" in staff.get("/manage/new/").content.decode()
    assert staff.post("/manage/new/", {**NEW, "club": ""}).status_code == 302
    assert Tournament.objects.get().club is None


def test_a_clubs_page_uses_the_same_form_with_its_club_fixed(
    organizer_web: Any, organizer_club: Club
) -> None:
    page = organizer_web.get(f"/clubs/{organizer_club.slug}/tournaments/new/").content.decode()
    assert 'name="club"' not in page  # the club is the URL's
    assert 'name="rules_preset"' in page
    assert 'name="table_sizes"' in page
    response = organizer_web.post(f"/clubs/{organizer_club.slug}/tournaments/new/", {
        **NEW, "game": "slovenian", "rules_preset": "bled", "table_sizes": ["3"], "first_size": "3",
    })  # fmt: skip
    assert response.status_code == 302
    created = Tournament.objects.get()
    assert (created.club, created.game, created.rules_preset, created.table_points_3) == (
        organizer_club, "slovenian", "bled", [2, 1, 0.5],
    )  # fmt: skip
    assert starting_preset("hungarian") == "tournament"


# --- the format --------------------------------------------------------------------------------------------


@pytest.fixture
def cup(organizer_club: Club, organizer_user: Any) -> Tournament:
    tournament = services.tournament_create(
        fields={
            "name": "Őszi Kupa",
            "slug": "cup",
            "starts_on": "2026-11-21",
            "game": "hungarian",
            "rules_preset": "tournament",
            "club": organizer_club,
        },
        by=organizer_user,
    )
    return tournament


FORMAT = {
    "format": "1",
    "name": "Őszi Kupa",
    "venue": "Szeged, Kárász utca",
    "starts_on": "2026-11-21",
    "status": "registration",
    "is_public": "on",
    "round_minutes": "75",
    "rules_preset": "tournament",
    "rounds_planned": "5",
    "deals_within_time": "on",
    "table_sizes": ["4", "5"],
    "first_size": "5",
    "deals_per_round_4": "12",
    "deals_per_round_5": "15",
    "table_points_4": "10-8-6-4",
    "table_points_5": "10, 8, 6, 4, 2",
    "scoring": "both",
    "pairing_count": "3",
    "pairing_1": "random",
    "pairing_2": "swiss",
    "pairing_3": "balanced",
    "tiebreak_1": "total",
    "tiebreak_2": "game_points",
    "point_value_cents": "10",
    "kontras_to_box": "on",
}


def test_the_format_page_changes_every_setting_the_creation_form_promises(
    organizer_web: Any, cup: Tournament
) -> None:
    page = organizer_web.get("/t/cup/manage/format/").content.decode()
    assert 'name="table_points_4" value="10, 8, 6, 4"' in page
    assert 'name="deals_per_round_5" value="20"' in page
    assert 'id="f-deals_within_time" name="deals_within_time" checked' in page
    response = organizer_web.post("/t/cup/manage/format/", {**FORMAT, "version": cup.version})
    assert response.status_code == 302
    cup.refresh_from_db()
    assert (cup.venue, cup.round_minutes, cup.rounds_planned) == ("Szeged, Kárász utca", 75, 5)
    assert cup.table_sizes == [5, 4]
    assert (cup.deals_per_round_4, cup.deals_per_round_5) == (12, 15)
    assert (cup.table_points_4, cup.table_points_5) == ([10, 8, 6, 4], [10, 8, 6, 4, 2])
    assert cup.scoring == "both"
    assert cup.pairing_methods == ["random", "swiss", "balanced"]
    assert cup.tiebreaks == ["total", "game_points"]
    assert (cup.point_value_cents, cup.kontras_to_box, cup.deals_within_time) == (10, True, True)
    unticked = {k: v for k, v in FORMAT.items() if k not in ("deals_within_time", "kontras_to_box")}
    assert (
        organizer_web.post("/t/cup/manage/format/", {**unticked, "version": cup.version}).status_code == 302
    )
    cup.refresh_from_db()
    assert (cup.deals_within_time, cup.kontras_to_box) == (False, False)


def test_a_game_without_kontra_is_not_asked_where_the_kontras_go(
    organizer_web: Any, organizer_club: Club, organizer_user: Any
) -> None:
    """Cego doubles nothing: "Kontras go to the box" would mean nothing on its format page, so it is not
    there, a posted one is ignored, and the fixed format does not list it."""
    services.tournament_create(
        fields={
            "name": "Cego-nap",
            "slug": "cego",
            "starts_on": "2026-11-21",
            "game": "cego",
            "club": organizer_club,
        },
        by=organizer_user,
    )
    page = organizer_web.get("/t/cego/manage/format/").content.decode()
    assert 'name="kontras_to_box"' not in page
    assert 'name="point_value_cents"' in page
    cego = Tournament.objects.get(slug="cego")
    values = {**FORMAT, "name": "Cego-nap", "rules_preset": cego.rules_preset, "table_sizes": ["3", "4"],
              "first_size": "3", "deals_per_round_3": "24", "deals_per_round_4": "24",
              "table_points_3": "10, 8, 6", "table_points_4": "10, 8, 6, 4",
              "version": cego.version}  # fmt: skip
    assert values["kontras_to_box"] == "on"
    assert organizer_web.post("/t/cego/manage/format/", values).status_code == 302
    cego.refresh_from_db()
    assert cego.kontras_to_box is False


def test_a_refused_format_names_each_field_and_stores_nothing(organizer_web: Any, cup: Tournament) -> None:
    version = cup.version
    typed = {**FORMAT, "version": version, "table_points_4": "10, 8, x", "deals_per_round_5": "0",
             "tiebreak_3": "total", "point_value_cents": "-5", "name": "  "}  # fmt: skip
    response = organizer_web.post("/t/cup/manage/format/", typed)
    assert response.status_code == 400
    assert summary(response) == [
        "Name: must not be empty",
        "Deals per round, table of 5: enter a whole number from 1 to 500",
        "Table points, table of 4: enter 4 numbers, best place first (e.g. 10, 8, 6, 4)",
        "Tie-breaks: choose each tie-break once",
        "Value of a game point (cents): enter a whole number from 0 to 100000",
    ]
    assert 'value="10, 8, x"' in response.content.decode()
    increasing = organizer_web.post(
        "/t/cup/manage/format/", {**FORMAT, "version": version, "table_points_4": "4, 6, 8, 10"}
    )
    assert increasing.status_code == 400
    assert summary(increasing) == [
        "Table points, table of 4: must list 4 numbers (whole or with up to two decimals), best place first, "
        "not increasing"
    ]
    cup.refresh_from_db()
    assert (cup.version, cup.table_points_4, cup.name) == (version, [10, 8, 6, 4], "Őszi Kupa")
    stale = organizer_web.post("/t/cup/manage/format/", {**FORMAT, "version": version - 1})
    assert stale.status_code == 409
    assert "the tournament changed since you read it" in summary(stale)[0]
    with_hu = Client()
    with_hu.force_login(cup.organizers.get())
    with_hu.cookies["django_language"] = "hu"
    hu = with_hu.post("/t/cup/manage/format/", {**FORMAT, "version": version, "rounds_planned": "négy"})
    assert summary(hu) == ["Fordulók: egész számot adj meg"]


def test_once_round_1_is_drawn_the_format_is_fixed_and_the_details_stay_editable(
    organizer_web: Any, cup: Tournament, organizer_user: Any
) -> None:
    for player in PlayerFactory.create_batch(8):
        services.player_register(cup, player, check_in=True, by=organizer_user)
    services.round_generate(cup, seed="x", by=organizer_user)
    cup.refresh_from_db()
    page = organizer_web.get("/t/cup/manage/format/").content.decode()
    assert "Round 1 is drawn: the format is fixed" in page
    assert 'name="format"' not in page
    assert 'name="rounds_planned"' not in page
    assert "<dt>Table points, table of 5</dt><dd>10, 8, 6, 4, 4</dd>" in page
    details = {"name": "Őszi Kupa 2026", "venue": "Szeged", "starts_on": "2026-11-21", "round_minutes": "70",
               "is_public": "on", "version": cup.version}  # fmt: skip
    assert organizer_web.post("/t/cup/manage/format/", details).status_code == 302
    cup.refresh_from_db()
    assert (cup.name, cup.round_minutes) == ("Őszi Kupa 2026", 70)
    # a format change sent anyway (an old page, a script) is refused, naming the field; nothing stored
    refused = organizer_web.post("/t/cup/manage/format/", {**FORMAT, **details, "version": cup.version})
    assert refused.status_code == 409
    assert summary(refused) == ["Rounds: round 1 is drawn: the format can no longer change"]
    cup.refresh_from_db()
    assert (cup.rounds_planned, cup.venue) == (4, "Szeged")
    with pytest.raises(Exception, match="round 1 is drawn"):
        services.tournament_edit(cup, changes={"table_points_4": [12, 8, 4, 0]}, by=organizer_user)
    # the same values as now are no change
    services.tournament_edit(
        cup, changes={"table_points_4": [10, 8, 6, 4], "venue": "Pécs"}, by=organizer_user
    )
