"""The organizer's day on the site (issue 21 §3), through Django's test client: signing in lands on the
tournament's dashboard (or the organizer's list), public pages show a signed-in organizer "Manage" and who
is signed in without leaking either into the page the cache gives others, the planned rounds end the
tournament (final stage, "Finish the tournament", an extra round only with a reason), the finished
tournament's standings are marked final everywhere and its results frozen, closing a round whose timer
still runs asks first, and the round page links each table to its score sheet and its card."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.site_data import finish_round, start_round
from tournaments import services
from tournaments.draw.models import Job, Round
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")

PUBLIC_PAGES = [
    "/t/cup/",
    "/t/cup/pairings/",
    "/t/cup/standings/",
    "/t/cup/draws/",
    "/t/cup/rounds/2/tables/1/",
]


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    cache.clear()


@pytest.fixture
def org(client: Any, organizer_user: Any) -> Any:
    client.force_login(organizer_user)
    return client


@pytest.fixture
def post(org: Any, django_capture_on_commit_callbacks: Any) -> Any:
    def send(url: str, data: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return org.post(url, data or {}, **kwargs)

    return send


@pytest.fixture
def played(cup: Tournament, organizer_user: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """The cup with its 3 planned rounds played and closed."""
    with django_capture_on_commit_callbacks(execute=True):
        finish_round(cup.rounds.get(number=2), organizer_user)
        finish_round(start_round(cup, organizer_user, "site-3"), organizer_user)
    cup.refresh_from_db()
    return cup


def text(response: Any) -> str:
    return response.content.decode()


# --- signing in ------------------------------------------------------------------------------------------


def test_signing_in_lands_on_the_dashboard_of_the_one_tournament(client: Any, cup: Tournament) -> None:
    response = client.post("/accounts/login/", {"username": "organizer", "password": "pw-org-12345"})
    assert (response.status_code, response["Location"]) == (302, "/manage/")
    assert client.get("/manage/")["Location"] == "/t/cup/manage/"
    # ?all=1 shows the list anyway
    assert "Őszi Kupa 2026" in text(client.get("/manage/?all=1"))


def test_an_organizer_of_two_tournaments_gets_their_list(
    client: Any, cup: Tournament, organizer_user: Any
) -> None:
    other = Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Tavaszi Kupa",
        slug="spring",
        starts_on=date(2027, 3, 1),
    )
    other.organizers.add(organizer_user)
    Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Someone else's",
        slug="theirs",
        starts_on=date(2027, 3, 1),
    )
    client.post("/accounts/login/", {"username": "organizer", "password": "pw-org-12345"})
    page = client.get("/manage/")
    assert page.status_code == 200
    body = text(page)
    assert 'href="/t/cup/manage/"' in body
    assert 'href="/t/spring/manage/"' in body
    assert "theirs" not in body
    assert client.get("/manage/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/manage/")["Location"].startswith("/accounts/login/?next=/manage/")


def test_a_login_with_next_still_goes_there(client: Any, cup: Tournament) -> None:
    response = client.post(
        "/accounts/login/",
        {"username": "organizer", "password": "pw-org-12345", "next": "/t/cup/standings/"},
    )
    assert response["Location"] == "/t/cup/standings/"


# --- Manage link and footer, kept out of the cached page ------------------------------------------------


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_public_pages_show_a_signed_in_organizer_manage_and_the_footer_but_not_to_others(
    client: Any, org: Any, cup: Tournament, path: str
) -> None:
    mine = org.get(path, HTTP_ACCEPT_ENCODING="gzip")  # the organizer fills the cache
    assert mine.status_code == 200
    assert mine.get("Content-Encoding") is None  # filled, so sent plain
    body = text(mine)
    assert re.search(r'<a class="manage-link" href="/t/cup/manage/">Manage</a>', body)
    assert "Signed in as organizer" in body
    assert re.search(r'<form method="post" action="/accounts/logout/"[^>]*>.*csrfmiddlewaretoken', body)
    assert "private" in mine["Cache-Control"]
    assert org.get(path, HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 304  # their own copy revalidates

    anonymous = type(client)()
    theirs = anonymous.get(path)
    assert theirs.status_code == 200
    other = text(theirs)
    assert "manage-link" not in other
    assert "/t/cup/manage/" not in other
    assert "Signed in as" not in other
    assert "csrfmiddlewaretoken" not in other
    assert 'href="/accounts/login/">Organizers</a>' in other
    assert theirs["ETag"] != mine["ETag"]
    # the organizer's ETag does not make a 304 for someone else
    assert anonymous.get(path, HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 200
    assert anonymous.get(path, HTTP_IF_NONE_MATCH=theirs["ETag"]).status_code == 304


def test_the_glossary_opened_from_a_tournament_shows_its_organizer_manage(org: Any, cup: Tournament) -> None:
    assert 'href="/t/cup/manage/">Manage</a>' in text(org.get("/glossary/?t=cup"))
    assert "manage-link" not in text(org.get("/glossary/"))


def test_a_signed_in_user_who_does_not_organize_sees_the_footer_only(client: Any, cup: Tournament) -> None:
    client.force_login(get_user_model().objects.create_user("player", password="pw-player-123"))
    body = text(client.get("/t/cup/standings/"))
    assert "Signed in as player" in body
    assert "manage-link" not in body


def test_the_footer_of_an_organizer_page_signs_out_to_the_public_page(org: Any, cup: Tournament) -> None:
    body = text(org.get("/t/cup/manage/rounds/2/"))
    assert "Signed in as organizer" in body
    assert '<input type="hidden" name="next" value="/t/cup/">' in body
    body = text(org.get("/t/cup/standings/?after=1"))
    assert '<input type="hidden" name="next" value="/t/cup/standings/?after=1">' in body


def test_signing_out_from_the_footer_goes_back_to_the_page(org: Any, cup: Tournament) -> None:
    response = org.post("/accounts/logout/", {"next": "/t/cup/standings/"})
    assert response["Location"] == "/t/cup/standings/"
    assert "Signed in as" not in text(org.get("/t/cup/standings/"))


# --- the end of the tournament ---------------------------------------------------------------------------


def test_finish_is_refused_before_the_planned_rounds_are_played(post: Any, cup: Tournament) -> None:
    response = post("/t/cup/manage/finish/")
    assert response.status_code == 409
    assert "close round 2 before finishing the tournament" in text(response)
    cup.refresh_from_db()
    assert cup.finished_at is None


def test_after_the_last_planned_round_the_dashboard_offers_finish_and_an_extra_round(
    org: Any, played: Tournament
) -> None:
    body = text(org.get("/t/cup/manage/"))
    assert "The 3 planned rounds are played" in body
    assert "Finish the tournament" in body
    assert "Draw an extra round 4" in body
    assert 'name="extra_reason"' in body
    assert "Draw round 4</button>" not in body  # no one-click "round 4 of 3"
    assert "Seat the final stage" not in body  # this format has none


def test_an_extra_round_needs_a_reason_which_is_kept_and_shown(
    post: Any, org: Any, played: Tournament, organizer_user: Any
) -> None:
    refused = post("/t/cup/manage/rounds/next/", {"method": "swiss", "extra_reason": "  "})
    assert refused.status_code == 400
    # named as the form labels the field, never by its key
    assert "Why an extra round?: round 4 is beyond the 3 planned rounds: give the reason" in text(refused)
    assert "extra_reason" not in text(refused).split('name="extra_reason"')[0]
    assert not Job.objects.exists()
    assert played.rounds.count() == 3
    drawn = post(
        "/t/cup/manage/rounds/next/", {"method": "swiss", "extra_reason": "two tables finished early"}
    )
    assert drawn.status_code == 302
    round4 = played.rounds.get(number=4)
    assert round4.extra_reason == "two tables finished early"
    assert round4.history.first().history_user == organizer_user  # audited
    assert "two tables finished early" in text(org.get("/t/cup/manage/rounds/4/"))


def test_a_planned_round_takes_no_reason(post: Any, cup: Tournament, organizer_user: Any) -> None:
    finish_round(cup.rounds.get(number=2), organizer_user)
    post("/t/cup/manage/rounds/next/", {"seed": "x", "extra_reason": "nothing to say"})
    assert cup.rounds.get(number=3).extra_reason == ""


def test_finishing_marks_the_standings_final_everywhere_and_freezes_the_results(
    client: Any, post: Any, org: Any, played: Tournament, organizer_user: Any
) -> None:
    anonymous = type(client)()
    before = text(anonymous.get("/t/cup/standings/"))  # cached before the finish
    assert "Final standings" not in before
    asked = post("/t/cup/manage/finish/")  # asked first, as closing a round whose timer runs is
    assert asked.status_code == 409
    assert 'id="confirm-finish"' in text(asked)
    assert 'name="confirm" value="1"' in text(asked)
    played.refresh_from_db()
    assert played.finished_at is None
    response = post("/t/cup/manage/finish/", {"confirm": "1"})
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.finished_at is not None
    assert played.status == "finished"
    assert played.history.first().history_user == organizer_user
    assert "The tournament is finished" in text(org.get("/t/cup/manage/"))

    player = played.registrations.first().player_id
    for path in ("/t/cup/standings/", "/t/cup/", f"/t/cup/players/{player}/", "/t/cup/projector/",
                 "/t/cup/print/standings/"):  # fmt: skip
        assert "Final standings" in text(anonymous.get(path)), path
    assert "Final standings" not in text(anonymous.get("/t/cup/standings/?after=2"))  # an earlier round
    api = APIClient()
    assert api.get("/api/v1/tournaments/cup/standings/").json()["final"] is True
    assert api.get("/api/v1/tournaments/cup/").json()["finished_at"]

    # frozen: no round is drawn, no hand changes
    refused = post("/t/cup/manage/rounds/next/", {"extra_reason": "one more"})
    assert refused.status_code == 409
    assert "the tournament is finished" in text(refused)
    table = played.rounds.get(number=3).tables.first()
    hand = table.hands.first()
    with pytest.raises(Exception, match="the tournament is finished"):
        services.hand_void(hand, by=organizer_user, reason="late correction")
    assert post("/t/cup/manage/finish/", {"confirm": "1"}).status_code == 409  # once only


def test_standings_are_not_final_before_the_finish(played: Tournament) -> None:
    api = APIClient()
    assert api.get("/api/v1/tournaments/cup/standings/").json()["final"] is False


@pytest.fixture
def with_final(played: Tournament) -> Tournament:
    Tournament.objects.filter(pk=played.pk).update(final_table=True)
    played.refresh_from_db()
    return played


def test_a_format_with_a_final_stage_offers_it_and_finishing_without_it_is_explicit(
    post: Any, org: Any, with_final: Tournament
) -> None:
    body = text(org.get("/t/cup/manage/"))
    assert "Seat the final stage" in body
    assert "Finish without the final stage" in body
    refused = post("/t/cup/manage/finish/")
    assert refused.status_code == 409
    assert "draw and play it, or finish without it explicitly" in text(refused)
    asked = post("/t/cup/manage/finish/", {"skip_final": "1"})
    assert asked.status_code == 409
    assert '<input type="hidden" name="skip_final" value="1">' in text(asked)  # the box keeps the choice
    assert post("/t/cup/manage/finish/", {"skip_final": "1", "confirm": "1"}).status_code == 302
    with_final.refresh_from_db()
    assert with_final.finished_at is not None


def test_the_final_stage_is_seated_from_the_dashboard_then_finished(
    post: Any, org: Any, with_final: Tournament, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    response = post("/t/cup/manage/final-stage/")
    assert response.status_code == 302
    final = with_final.rounds.get(number=4)
    assert final.stage == Round.Stage.FINAL
    assert post("/t/cup/manage/finish/").status_code == 409  # the final stage is not played yet
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(final, by=organizer_user)
    with django_capture_on_commit_callbacks(execute=True):
        finish_round(final, organizer_user)
    body = text(org.get("/t/cup/manage/"))
    assert "Seat the final stage" not in body
    assert "Draw an extra round" not in body
    assert post("/t/cup/manage/finish/", {"confirm": "1"}).status_code == 302


# --- closing a round whose timer still runs ----------------------------------------------------------------


def complete_round2(cup: Tournament, organizer_user: Any) -> Round:
    from tests.site_data import play_table

    round2 = cup.rounds.get(number=2)
    for table in round2.tables.all():
        play_table(table, organizer_user)
    return round2


def test_closing_while_the_timer_runs_asks_first(post: Any, cup: Tournament, organizer_user: Any) -> None:
    round2 = complete_round2(cup, organizer_user)
    asked = post("/t/cup/manage/rounds/2/", {"action": "close", "version": round2.version})
    assert asked.status_code == 200
    body = text(asked)
    assert "The round&#x27;s timer still runs." in body or "The round's timer still runs." in body
    assert re.search(r"\d+ min left", body)
    assert 'name="confirm" value="1"' in body
    round2.refresh_from_db()
    assert round2.status == "in_play"
    done = post("/t/cup/manage/rounds/2/", {"action": "close", "version": round2.version, "confirm": "1"})
    assert done.status_code == 302
    round2.refresh_from_db()
    assert round2.status == "closed"


def test_a_round_whose_timer_ran_out_closes_without_asking(
    post: Any, cup: Tournament, organizer_user: Any
) -> None:
    from django.utils import timezone

    round2 = complete_round2(cup, organizer_user)
    Round.objects.filter(pk=round2.pk).update(ends_at=timezone.now())
    response = post("/t/cup/manage/rounds/2/", {"action": "close", "version": round2.version})
    assert response.status_code == 302
    round2.refresh_from_db()
    assert round2.status == "closed"


# --- the round page's links --------------------------------------------------------------------------------


def test_the_round_page_links_each_table_to_its_sheet_and_card(
    org: Any, cup: Tournament, organizer_user: Any
) -> None:
    body = text(org.get("/t/cup/manage/rounds/2/"))
    for number in (1, 2):
        assert f'href="/t/cup/rounds/2/tables/{number}/"' in body
        assert f'href="/t/cup/manage/rounds/2/cards/?table={number}"' in body
    cards = text(org.get("/t/cup/manage/rounds/2/cards/?table=2"))
    table2 = cup.rounds.get(number=2).tables.get(number=2)
    codes = [c.code for c in table2.codes.filter(replaced_at__isnull=True)]
    assert codes
    assert codes[0] in cards
    other = cup.rounds.get(number=2).tables.get(number=1).codes.get(replaced_at__isnull=True).code
    assert other not in cards
    with_both = text(org.get("/t/cup/manage/rounds/2/cards/"))
    assert other in with_both
    assert codes[0] in with_both
    # once closed, the sheets stay and the cards go
    finish_round(cup.rounds.get(number=2), organizer_user)
    closed = text(org.get("/t/cup/manage/rounds/2/"))
    assert 'href="/t/cup/rounds/2/tables/1/"' in closed
    assert "cards/?table=" not in closed
