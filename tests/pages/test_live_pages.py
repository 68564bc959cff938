"""Live tables' pages (issue 33 §2, §3): a seat's page, a table's spectators, a finished hand's replay, and
the forms that start live play (an organizer's "Play live", a club's practice table)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import logged_in
from tournaments.draw.models import Round
from tournaments.live import services as live
from tournaments.live.models import LiveHand, LiveSeat, LiveTable
from tournaments.organizing.models import Club, Tournament

LANGUAGES = {"en": "Score sheet", "hu": "Eredménylap", "de": "Schreibzettel"}


@pytest.fixture(autouse=True)
def _fresh_replays() -> Any:
    """The process keeps replayed hands by their id, and a rolled-back test's ids come back: forget them."""
    from tournaments.live import replay

    replay.clear()
    yield
    replay.clear()


@pytest.fixture
def practice(organizer_club: Club, organizer_user: Any) -> LiveTable:
    """A practice table: Anna and three rule bots, two hands; it starts at once (one person)."""
    return live.practice_table_start(
        club=organizer_club, by=organizer_user, game_id="hungarian", players=["Anna"], hands=2
    )


def body(response: Any) -> str:
    return response.content.decode()


def play_out(live_table: LiveTable) -> LiveHand:
    """Every seat to its bot, and the bots play the hand in play to its end (in this thread)."""
    for seat in live_table.seats.all():
        live.live_seat_to_bot(seat=seat, on=True)
    hand = live_table.hands.get(status=LiveHand.Status.PLAYING)
    for _ in range(200):
        hand.refresh_from_db()
        if hand.status == LiveHand.Status.FINISHED:
            return hand
        assert live.live_bot_move(hand.pk, hand.steps)
    raise AssertionError("the bots did not finish the hand")


# --- a seat's page ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_seat_page_renders_in_each_language(practice: LiveTable, client: Client, language: str) -> None:
    seat = practice.seats.get(position="A")
    client.cookies["django_language"] = language
    response = client.get(f"/live/{seat.token}/")
    assert response.status_code == 200
    page = body(response)
    assert f'<html lang="{language}">' in page
    assert LANGUAGES[language] in page
    assert response["Referrer-Policy"] == "same-origin"  # the key never leaves the site
    assert 'name="robots" content="noindex"' in page
    state = json.loads(
        re.search(r'<script id="live-state" type="application/json">(.*?)</script>', page, re.S)[1]
    )
    assert state["seat"]["position"] == "A"
    assert len(state["view"]["hand"]) == 9  # the seat's own cards, and nobody else's
    config = json.loads(
        re.search(r'<script id="live-config" type="application/json">(.*?)</script>', page, re.S)[1]
    )
    assert config["move_url"] == f"/api/v1/live/seats/{seat.token}/moves/"
    assert config["ws_path"] == f"/ws/live/seats/{seat.token}/"
    assert config["cards"]["HK"]["sym"] == "♥"
    assert config["cards"]["HK"]["red"]
    assert config["cards"]["SKIZ"]["kind"] == "tarokk"
    other = practice.seats.get(position="B")
    assert other.token not in page  # no other seat's key


def test_an_unknown_seat_is_404(practice: LiveTable, client: Client) -> None:
    assert client.get("/live/not-a-seat-token-at-all/").status_code == 404
    assert client.get("/live/abcdefghijklmnopqrstuvwx/").status_code == 404


# --- a table's spectators ---------------------------------------------------------------------------------


@pytest.fixture
def live_cup_table(cup: Tournament, organizer_user: Any) -> LiveTable:
    table = Round.objects.get(tournament=cup, number=2).tables.get(number=1)
    return live.live_table_start(table=table, by=organizer_user)


def test_the_spectator_page_refuses_the_public_unless_the_tournament_allows_it(
    live_cup_table: LiveTable, organizer_user: Any, client: Client
) -> None:
    url = f"/live/tables/{live_cup_table.pk}/"
    response = client.get(url)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    assert logged_in(stranger).get(url).status_code == 403

    Tournament.objects.filter(pk=live_cup_table.table.round.tournament_id).update(live_spectators="public")
    response = client.get(url)
    assert response.status_code == 200
    page = body(response)
    for seat in live_cup_table.seats.all():
        assert seat.token not in page  # the public never sees a seat's key
    state = json.loads(
        re.search(r'<script id="live-state" type="application/json">(.*?)</script>', page, re.S)[1]
    )
    assert "hand" not in state["view"]
    assert "choices" not in state["view"]


def test_the_organizer_sees_each_seats_link_as_a_qr_code(
    live_cup_table: LiveTable, organizer_user: Any
) -> None:
    response = logged_in(organizer_user).get(f"/live/tables/{live_cup_table.pk}/")
    assert response.status_code == 200
    page = body(response)
    seats = list(live_cup_table.seats.all())
    assert page.count('<svg role="img"') == len(seats)
    for seat in seats:
        assert f"/live/{seat.token}/" in page
    assert "Start without waiting" in page  # the table waits for its phones


def test_the_projector_layout(live_cup_table: LiveTable, organizer_user: Any) -> None:
    response = logged_in(organizer_user).get(f"/live/tables/{live_cup_table.pk}/?projector=1")
    assert response.status_code == 200
    page = body(response)
    assert "live-projector" in page
    assert "<svg" not in page  # no seat's key on the wall


def test_the_organizer_starts_a_seat_and_hands_seats_to_the_bot(
    live_cup_table: LiveTable, organizer_user: Any
) -> None:
    client = logged_in(organizer_user)
    response = client.post(f"/live/tables/{live_cup_table.pk}/seats/B/bot/", {"on": "1"})
    assert response.status_code == 302
    assert live_cup_table.seats.get(position="B").played_by == LiveSeat.PlayedBy.BOT
    response = client.post(f"/live/tables/{live_cup_table.pk}/begin/")
    assert response.status_code == 302
    live_cup_table.refresh_from_db()
    assert live_cup_table.status == LiveTable.Status.PLAYING
    assert Client().post(f"/live/tables/{live_cup_table.pk}/begin/").status_code == 302  # to the login


# --- starting live play -----------------------------------------------------------------------------------


def test_play_live_from_the_round_page_and_the_seats_qr_codes(cup: Tournament, organizer_user: Any) -> None:
    client = logged_in(organizer_user)
    round_page = body(client.get(f"/t/{cup.slug}/manage/rounds/2/"))
    assert f"/t/{cup.slug}/manage/rounds/2/tables/1/live/" in round_page

    response = client.post(f"/t/{cup.slug}/manage/rounds/2/tables/1/live/")
    live_table = LiveTable.objects.get(table__round__tournament=cup, table__number=1)
    assert response.status_code == 302
    assert response["Location"] == f"/live/tables/{live_table.pk}/"
    assert live_table.seats.count() == live_table.table.seats.count()
    again = client.post(f"/t/{cup.slug}/manage/rounds/2/tables/1/live/")  # asking again: the same table
    assert again["Location"] == f"/live/tables/{live_table.pk}/"
    assert LiveTable.objects.filter(table=live_table.table).count() == 1

    round_page = body(client.get(f"/t/{cup.slug}/manage/rounds/2/"))
    assert f"/live/tables/{live_table.pk}/" in round_page
    cards = body(client.get(f"/t/{cup.slug}/manage/rounds/2/cards/?table=1"))
    assert "live-card" in cards
    for seat in live_table.seats.all():
        assert seat.token in cards  # in each seat's QR code's label
    other = body(client.get(f"/t/{cup.slug}/manage/rounds/2/cards/?table=2"))
    assert "live-card" not in other

    assert Client().post(f"/t/{cup.slug}/manage/rounds/2/tables/2/live/").status_code == 302  # login
    assert not LiveTable.objects.filter(table__number=2, table__round__tournament=cup).exists()


def test_a_clubs_practice_form(organizer_club: Club, organizer_user: Any) -> None:
    client = logged_in(organizer_user)
    page = body(client.get(f"/clubs/{organizer_club.slug}/"))
    assert f'action="/clubs/{organizer_club.slug}/practice/"' in page
    public = body(Client().get(f"/clubs/{organizer_club.slug}/"))
    assert f'action="/clubs/{organizer_club.slug}/practice/"' not in public

    refused = client.post(
        f"/clubs/{organizer_club.slug}/practice/",
        {"game": "hungarian", "preset": "tournament", "bot_kind": "rule", "hands": "4"},
    )
    assert refused.status_code == 400
    assert 'class="error-summary' in body(refused)
    assert not LiveTable.objects.filter(club=organizer_club).exists()

    response = client.post(
        f"/clubs/{organizer_club.slug}/practice/",
        {"game": "hungarian", "preset": "tournament", "player_0": "Anna", "player_1": "Béla",
         "bot_kind": "random", "hands": "3"},
    )  # fmt: skip
    live_table = LiveTable.objects.get(club=organizer_club)
    assert response.status_code == 302
    assert response["Location"] == f"/live/tables/{live_table.pk}/"
    seats = {s.position: s for s in live_table.seats.all()}
    assert [seats["A"].name, seats["B"].name] == ["Anna", "Béla"]
    assert [seats[p].played_by for p in "CD"] == ["bot", "bot"]
    assert seats["C"].bot_kind == "random"
    assert live_table.hands_planned == 3
    assert live_table.rules["preset"] == "tournament"
    table_page = body(client.get(response["Location"]))
    for seat in seats.values():
        assert f"/live/{seat.token}/" in table_page
    assert table_page.count('<svg role="img"') == 4
    assert f"/live/tables/{live_table.pk}/" in body(client.get(f"/clubs/{organizer_club.slug}/"))

    anonymous = Client().post(f"/clubs/{organizer_club.slug}/practice/", {"player_0": "X"})
    assert anonymous.status_code == 302  # login
    assert LiveTable.objects.filter(club=organizer_club).count() == 1


def test_a_practice_table_of_six_and_a_size_the_rules_do_not_seat(
    organizer_club: Club, organizer_user: Any
) -> None:
    client = logged_in(organizer_user)
    url = f"/clubs/{organizer_club.slug}/practice/"
    form = {"game": "slovenian", "preset": "bled", "bot_kind": "rule", "hands": "1", "player_0": "Anna"}
    refused = client.post(url, {**form, "seats": "4"})  # Slovenian tarok is three-handed
    assert refused.status_code == 400
    page = body(refused)
    assert 'href="#f-seats"' in page  # the error summary links to the field
    assert "must be one of 3 for these rules" in page
    assert 'value="Anna"' in page  # what was typed is kept
    assert not LiveTable.objects.filter(club=organizer_club).exists()

    names = ["Anna", "Béla", "Csaba", "Dóra", "Emil", "Feri"]
    six = {**form, "game": "talon", "preset": "standard", "seats": "6"}
    response = client.post(url, {**six, **{f"player_{i}": n for i, n in enumerate(names)}})
    assert response.status_code == 302
    live_table = LiveTable.objects.get(club=organizer_club)
    assert live_table.positions == list("ABCDEF")
    assert [s.name for s in live_table.seats.order_by("position")] == names


def test_a_practice_table_is_never_public(practice: LiveTable, client: Client) -> None:
    response = client.get(f"/live/tables/{practice.pk}/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


# --- replay -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_finished_hand_replays_trick_by_trick(
    practice: LiveTable, organizer_user: Any, client: Client, language: str
) -> None:
    seat = practice.seats.get(position="A")
    hand = play_out(practice)
    url = f"/live/hands/{hand.pk}/replay/"
    assert client.get(url).status_code == 302  # a stranger: to the login
    client.get(f"/live/{seat.token}/")  # this browser holds a seat of the table
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    page = body(response)
    assert f'<html lang="{language}">' in page
    assert page.count("data-frame=") >= 2
    if hand.kind == "played":
        assert page.count(' class="card rp-frame rp-trick"') == 9
        assert page.count('data-card="') >= 36 + 6  # every hand at the deal, and the talon
    assert logged_in(organizer_user).get(url).status_code == 200
    playing = practice.hands.filter(status=LiveHand.Status.PLAYING).first()
    if playing is not None:
        assert client.get(f"/live/hands/{playing.pk}/replay/").status_code == 404


def test_the_score_sheet_links_a_live_hand_to_its_replay(live_cup_table: LiveTable, client: Client) -> None:
    live.live_table_begin(live_cup_table, by=None)
    hand = play_out(live_cup_table)
    assert hand.submission is not None
    table = live_cup_table.table
    page = body(client.get(f"/t/{table.round.tournament.slug}/rounds/2/tables/{table.number}/"))
    assert f"/live/hands/{hand.pk}/replay/" in page
    assert "played live" in page
    assert "bot moved for a player" not in page  # bots in bots' seats are no stand-ins
    assert client.get(f"/live/hands/{hand.pk}/replay/").status_code == 200  # the tournament is public


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_organizers_pages_render_in_each_language(
    live_cup_table: LiveTable, organizer_club: Club, organizer_user: Any, language: str
) -> None:
    client = logged_in(organizer_user)
    client.cookies["django_language"] = language
    for url in (
        f"/live/tables/{live_cup_table.pk}/",
        f"/live/tables/{live_cup_table.pk}/?projector=1",
        f"/clubs/{organizer_club.slug}/practice/",
        f"/clubs/{organizer_club.slug}/",
        f"/t/{live_cup_table.table.round.tournament.slug}/manage/rounds/2/cards/?table=1",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert f'<html lang="{language}">' in body(response), url
