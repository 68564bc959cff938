"""The registration desk on the organizer's site (issue 31 §4.3, §4.6), through Django's test client as an
organizer uses it: a pasted list (good lines registered, the others kept in the box with their line number
and reason), registered is not arrived (check in, undo, "did not come", withdraw before or after round N,
register again), the draws taking only the players present, and a player's record edited where it is
this tournament's alone; every refusal named as the form labels its field, in en, hu and de."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from tests.factories import PlayerFactory, TournamentFactory
from tests.site_data import finish_round
from tournaments import selectors, services
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player, Registration
from tournaments.participants.services import list_lines

pytestmark = pytest.mark.django_db

URL = "/t/cup/manage/players/"


@pytest.fixture
def cup(organizer_user: Any) -> Tournament:
    tournament = TournamentFactory(slug="cup", deals_per_round_4=1, deals_per_round_5=1, rounds_planned=2)
    tournament.organizers.add(organizer_user)
    return tournament


def text(response: Any) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def registration(tournament: Tournament, name: str) -> Registration:
    return tournament.registrations.select_related("player").get(player__name=name)


def press(web: Client, tournament: Tournament, name: str, action: str) -> Any:
    return web.post(URL, {"action": action, "registration": registration(tournament, name).pk})


# --- a pasted list -----------------------------------------------------------------------------------------


def test_a_pasted_line_reads_tabs_semicolons_or_commas_and_a_number_as_the_rating() -> None:
    lines, refused = list_lines(
        "Kovács Anna; Szegedi Tarokk Kör; 1500\n\nSzabó Bence\tPécsi Pagát Klub\nTóth Csaba, 1320\n"
        "  Varga Dóra  \nA; B; C; D\nKiss Flóra; Debrecen; sok\n;Budapest\n"
    )
    assert [(ln.number, ln.name, ln.club, ln.rating) for ln in lines] == [
        (1, "Kovács Anna", "Szegedi Tarokk Kör", 1500),
        (3, "Szabó Bence", "Pécsi Pagát Klub", None),
        (4, "Tóth Csaba", "", 1320),
        (5, "Varga Dóra", "", None),
    ]
    assert [(ln.number, str(why)) for ln, why in refused] == [
        (6, "line 6: write at most name; club; rating"),
        (7, "line 7: Rating: enter a whole number from 0 to 10000"),
        (8, "line 8: Name: must not be empty"),
    ]


def test_a_pasted_list_registers_its_good_lines_and_keeps_the_others_with_their_reasons(
    organizer_web: Client, cup: Tournament
) -> None:
    szeged = Club.objects.create(name="Szegedi Tarokk Kör")
    known = PlayerFactory(name="Kovács Anna", club=szeged, rating=1450)
    PlayerFactory(name="Nagy Éva", club=None)
    PlayerFactory(name="Nagy Éva", club=None)  # two records of that name: not clear which
    PlayerFactory(name="Huber Hans", club=Club.objects.create(name="Wiener Tarockrunde"))
    already = PlayerFactory(name="Farkas István", club=None)
    services.player_register(cup, already)
    pasted = (
        "kovacs anna; Szegedi Tarokk Kor; 1500\n"  # accents and case aside: the known record
        "Szabó Bence\tPécsi Pagát Klub\t1320\n"  # a new player, and a new club
        "Nagy Éva\n"
        "Huber Hans; Grazer Tarockclub\n"
        "Tóth Csaba; Pécsi Pagát Klub; 99999\n"
        "Farkas István\n"
        "Molnár Gábor, Szegedi Tarokk Kör\n"
    )
    response = organizer_web.post(URL, {"action": "list", "list": pasted, "list_check_in": "on"})
    assert response.status_code == 400  # some lines were refused
    page = text(response)
    assert "3 players registered." in page
    assert "1 was registered already." in page
    assert "3 lines were not registered" in page
    box = re.search(
        r'<textarea id="f-list" name="list"[^>]*>(.*?)</textarea>', response.content.decode(), re.S
    )
    assert html.unescape(box.group(1)).splitlines() == [
        "Nagy Éva",
        "Huber Hans; Grazer Tarockclub",
        "Tóth Csaba; Pécsi Pagát Klub; 99999",
    ]
    errors = re.search(
        r'<ul class="field-error" id="f-list-error">(.*?)</ul>', response.content.decode(), re.S
    )
    assert [html.unescape(e) for e in re.findall(r"<li>(.*?)</li>", errors.group(1))] == [
        "line 3: 2 players are called Nagy Éva: register the one you mean with the search",
        "line 4: Huber Hans is in the records with another club (Wiener Tarockrunde): register them with "
        "the search, or create a new player there",
        "line 5: Rating: enter a whole number from 0 to 10000",
    ]
    registered = {r.player.name: r for r in cup.registrations.select_related("player__club")}
    assert set(registered) == {"Kovács Anna", "Szabó Bence", "Molnár Gábor", "Farkas István"}
    assert registered["Kovács Anna"].player == known
    known.refresh_from_db()
    assert known.rating == 1450  # a known record is not changed by a list
    assert registered["Szabó Bence"].player.club.name == "Pécsi Pagát Klub"
    assert registered["Szabó Bence"].player.rating == 1320
    assert registered["Molnár Gábor"].player.club == szeged
    assert registered["Kovács Anna"].status == Registration.Status.CHECKED_IN  # "They are here" ticked
    assert registered["Farkas István"].status == Registration.Status.REGISTERED  # untouched
    assert not Player.objects.filter(name="Tóth Csaba").exists()
    assert not Club.objects.filter(name="Grazer Tarockclub").exists()  # its line stored nothing


def test_a_pasted_lists_reasons_read_in_the_pages_language(organizer_web: Client, cup: Tournament) -> None:
    organizer_web.cookies["django_language"] = "hu"
    page = text(organizer_web.post(URL, {"action": "list", "list": "Kiss Flóra; Debrecen; sok\nA;B;C;D"}))
    assert "1. sor: Értékszám: 0 és 10000 közötti egész számot adj meg" in page
    assert "2. sor: legfeljebb ennyit írj: név; klub; értékszám" in page
    organizer_web.cookies["django_language"] = "de"
    empty = organizer_web.post(URL, {"action": "list", "list": "   "})
    assert empty.status_code == 400
    assert "Spieler, einer pro Zeile: darf nicht leer sein" in text(empty)
    assert not cup.registrations.exists()


# --- registered is not arrived -----------------------------------------------------------------------------


@pytest.fixture
def field(cup: Tournament, organizer_user: Any) -> Tournament:
    """Ten registered players, none arrived yet."""
    for number in range(10):
        services.player_register(cup, PlayerFactory(name=f"Játékos {number}"), by=organizer_user)
    return cup


def test_checking_in_no_shows_and_withdrawals_decide_who_is_drawn(
    organizer_web: Client, field: Tournament, organizer_user: Any
) -> None:
    for number in range(8):
        assert press(organizer_web, field, f"Játékos {number}", "check_in").status_code == 302
    assert press(organizer_web, field, "Játékos 8", "no_show").status_code == 302
    assert press(organizer_web, field, "Játékos 9", "withdraw").status_code == 302
    page = text(organizer_web.get(URL))
    assert "0 registered, not arrived · 8 checked in · 1 did not come · 1 withdrawn" in page
    assert "withdrawn before the start" in page
    assert "The draw of round 1 takes the players present: 8 now" in page
    # a mistake undone: checked in by error, then "did not come" undone and checked in after all
    press(organizer_web, field, "Játékos 7", "undo_check_in")
    assert registration(field, "Játékos 7").status == Registration.Status.REGISTERED
    press(organizer_web, field, "Játékos 8", "undo_no_show")
    assert registration(field, "Játékos 8").status == Registration.Status.REGISTERED
    press(organizer_web, field, "Játékos 8", "check_in")
    present = sorted(r.player.name for r in selectors.present_registrations(field, 1))
    assert present == [f"Játékos {n}" for n in (0, 1, 2, 3, 4, 5, 6, 8)]
    round1 = services.round_generate(field, seed="desk", by=organizer_user)
    assert sorted(round1.draw_input["players"]) == sorted(
        r.player_id for r in selectors.present_registrations(field, 1)
    )
    assert registration(field, "Játékos 7").player_id not in round1.draw_input["players"]
    # the draft seats a player who then did not come: the page says to redraw it
    moved = organizer_web.post(
        URL, {"action": "no_show", "registration": registration(field, "Játékos 0").pk}, follow=True
    )
    assert "Round 1 is drawn as a draft with Játékos 0: redraw it." in text(moved)
    services.round_redraw(round1, by=organizer_user)
    round1.refresh_from_db()
    assert registration(field, "Játékos 0").player_id not in round1.draw_input["players"]
    assert len(round1.draw_input["players"]) == 7


def test_during_the_event_a_player_withdraws_after_round_n_and_may_come_back(
    organizer_web: Client, field: Tournament, organizer_user: Any
) -> None:
    for number in range(8):
        services.registration_check_in(registration(field, f"Játékos {number}"), by=organizer_user)
    round1 = services.round_generate(field, seed="r1", by=organizer_user)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round1, by=organizer_user)
    page = text(organizer_web.get(URL))
    assert "Withdraw after round 1" in page
    # who has played leaves by withdrawing: no "undo check-in", no "did not come"
    refused = press(organizer_web, field, "Játékos 0", "no_show")
    assert refused.status_code == 409
    assert "Status: Játékos 0 plays in round 1: withdraw them instead" in text(refused)
    finish_round(round1, organizer_user)
    assert press(organizer_web, field, "Játékos 0", "withdraw").status_code == 302
    gone = registration(field, "Játékos 0")
    assert (gone.status, gone.withdrawn_after_round) == (Registration.Status.WITHDRAWN, 1)
    assert "withdrawn after round 1" in text(organizer_web.get(URL))
    assert gone.player_id not in [r.player_id for r in selectors.present_registrations(field, 2)]
    assert gone.player_id in [r.player_id for r in selectors.present_registrations(field, 1)]  # kept
    assert press(organizer_web, field, "Játékos 0", "register_again").status_code == 302
    back = registration(field, "Játékos 0")
    assert (back.status, back.first_round) == (Registration.Status.REGISTERED, 2)


# --- a new player, a player's record ------------------------------------------------------------------------


def test_a_new_players_errors_name_the_field_as_the_form_labels_it(
    organizer_web: Client, cup: Tournament
) -> None:
    response = organizer_web.post(
        URL, {"action": "create", "name": "   ", "rating": "lots", "check_in": "on"}
    )
    assert response.status_code == 400
    page = text(response)
    assert '<a href="#f-name">Name: must not be empty</a>' in page
    assert '<a href="#f-rating">Rating: enter a whole number</a>' in page
    assert "not str" not in page
    assert 'value="lots"' in page
    organizer_web.cookies["django_language"] = "hu"
    assert "Értékszám: egész számot adj meg" in text(
        organizer_web.post(URL, {"action": "create", "name": "X", "rating": "sok"})
    )
    assert not Player.objects.exists()
    made = organizer_web.post(URL, {"action": "create", "name": "Újonc Ödön", "rating": "1200"})
    assert made.status_code == 302
    newcomer = registration(cup, "Újonc Ödön")
    assert (newcomer.status, newcomer.player.rating) == (Registration.Status.REGISTERED, 1200)  # not here yet


def test_a_record_only_this_tournament_has_is_edited_here_a_shared_one_is_not(
    organizer_web: Client, cup: Tournament, organizer_user: Any
) -> None:
    newcomer = PlayerFactory(name="Újonc Ödön", club=None)
    services.player_register(cup, newcomer, by=organizer_user)
    url = f"{URL}{newcomer.pk}/"
    refused = organizer_web.post(url, {"name": " ", "rating": "lots", "birth_year": "1850", "gender": "q"})
    assert refused.status_code == 400
    assert [
        html.unescape(line)
        for line in re.findall(r'<li><a href="#f-[a-z_]+">(.*?)</a></li>', refused.content.decode())
    ] == [
        "Name: must not be empty",
        "Rating: enter a whole number",
        "Gender: choose one of the list",
        "Birth year: enter a whole number from 1900 to 2100",
    ]
    club = Club.objects.create(name="Pécsi Pagát Klub")
    saved = organizer_web.post(url, {"name": "Újonc Ödön Péter", "club": club.pk, "rating": "1300",
                                     "gender": "m", "birth_year": "1990"})  # fmt: skip
    assert saved.status_code == 302
    newcomer.refresh_from_db()
    assert (newcomer.name, newcomer.club, newcomer.rating, newcomer.gender, newcomer.birth_year) == (
        "Újonc Ödön Péter", club, 1300, "m", 1990,
    )  # fmt: skip
    assert f'href="/t/cup/manage/players/{newcomer.pk}/"' in organizer_web.get(URL).content.decode()
    # a person who plays elsewhere too: shown, not changed here
    services.player_register(TournamentFactory(slug="other"), newcomer)
    page = text(organizer_web.get(url))
    assert "plays in other tournaments too" in page
    assert 'name="rating"' not in page
    forced = organizer_web.post(
        url, {"name": "Someone Else", "club": "", "rating": "", "gender": "", "birth_year": ""}
    )
    assert forced.status_code == 403
    newcomer.refresh_from_db()
    assert newcomer.name == "Újonc Ödön Péter"
    # the club's organizers change their members' records
    club.organizers.add(organizer_user)
    assert (
        organizer_web.post(
            url, {"name": "Újonc Ödön", "club": club.pk, "rating": "", "gender": "", "birth_year": ""}
        ).status_code
        == 302
    )
    newcomer.refresh_from_db()
    assert (newcomer.name, newcomer.rating) == ("Újonc Ödön", None)
