"""Score entry at the table from a phone (issue 14 §3), through Django's test client."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.site_data import played_payments
from tournaments import selectors, services
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, Hand, HandSubmission

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")


def round2_tables(cup: Tournament) -> tuple[Table, Table]:
    """(the 5-table, the 4-table) of round 2, in play."""
    tables = list(Round.objects.get(tournament=cup, number=2).tables.all())
    five = next(t for t in tables if t.seats.count() == 5)
    four = next(t for t in tables if t.seats.count() == 4)
    return five, four


def table_url(table: Table) -> str:
    code = selectors.active_table_code(table)
    return reverse("tournaments:entry-table", kwargs={"slug": table.round.tournament.slug, "code": code})


def hand_url(table: Table, number: int, source: str) -> str:
    code = selectors.active_table_code(table)
    kwargs = {"slug": table.round.tournament.slug, "code": code, "number": number, "source": source}
    return reverse("tournaments:entry-hand", kwargs=kwargs)


def seated(table: Table, position: str) -> Client:
    """A phone that opened the table and chose seat ``position``."""
    phone = Client()
    code = selectors.active_table_code(table)
    url = reverse("tournaments:entry-seat", kwargs={"slug": table.round.tournament.slug, "code": code})
    assert phone.post(url, {"position": position}).status_code == 302
    return phone


def idem(response: Any) -> str:
    return re.search(r'name="idem" value="([^"]+)"', response.content.decode()).group(1)


def payments_form(table: Table, number: int, payments: dict[str, int], key: str = "") -> dict[str, Any]:
    form = {f"pay_{p}": str(v) for p, v in payments.items()}
    return {"kind": "played", "action": "save", "idem": key, **form}


# The 4-table's first hand: declarer C with partner D win a two with 52 card points (tests/api).
TWO_WON = {
    "kind": "played",
    "bid": "two",
    "game_kontra": "0",
    "card_points": "52",
    "tricks": "6",
}


def summary_form(table: Table, number: int, **fields: Any) -> dict[str, Any]:
    deal = services.next_deal(table, number)
    active = list(deal.active)
    form = {**TWO_WON, "declarer": active[2], "partner": active[3], "action": "preview", "idem": "k"}
    form.update({k: str(v) for k, v in fields.items()})
    return form


def test_the_code_form_opens_the_table_and_refuses_a_wrong_code(client: Client, cup: Tournament) -> None:
    five, _ = round2_tables(cup)
    start = reverse("tournaments:entry", kwargs={"slug": cup.slug})
    page = client.get(start)
    assert page.status_code == 200
    assert 'name="code"' in page.content.decode()
    code = selectors.active_table_code(five)
    opened = client.get(start, {"code": code.lower()})
    assert opened.status_code == 302
    assert opened["Location"] == table_url(five)
    wrong = client.get(start, {"code": "NOPE99"})
    assert wrong.status_code == 404
    assert "There is no table with the code" in wrong.content.decode()
    assert 'aria-invalid="true"' in wrong.content.decode()
    direct = client.get(reverse("tournaments:entry-table", kwargs={"slug": cup.slug, "code": "NOPE99"}))
    assert direct.status_code == 404
    assert "There is no table" in direct.content.decode()


def test_too_many_wrong_codes_are_refused_for_a_while(client: Client, cup: Tournament, settings: Any) -> None:
    settings.API_TABLE_CODE_FAILURES_PER_MINUTE = 2
    five, _ = round2_tables(cup)
    start = reverse("tournaments:entry", kwargs={"slug": cup.slug})
    for _ in range(2):
        client.get(start, {"code": "WRONG1"})
    refused = client.get(start, {"code": selectors.active_table_code(five)})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert "Too many wrong codes" in refused.content.decode()


def test_the_table_page_shows_seats_sheet_and_the_next_hand(client: Client, cup: Tournament) -> None:
    five, _ = round2_tables(cup)
    page = client.get(table_url(five))
    html = page.content.decode()
    assert page.status_code == 200
    assert "no-cache" in page["Cache-Control"] or "max-age=0" in page["Cache-Control"]
    assert f"Table {five.number}" in html
    assert "Round 2" in html
    for seat in five.seats.all():
        assert seat.player.name in html
    assert "Who are you?" in html
    assert "Score sheet" in html
    deal = services.next_deal(five, 1)
    dealer = five.seats.get(position=deal.dealer).player.name
    assert "Next: hand 1" in html
    assert f"{deal.dealer} — {dealer}" in html
    assert "×1" in html
    assert "Enter the hand" not in html  # no seat chosen yet


def test_a_round_not_in_play_takes_no_entries(cup: Tournament, organizer_user: Any) -> None:
    five, _ = round2_tables(cup)
    phone = seated(five, "B")
    Round.objects.filter(pk=five.round_id).update(status=Round.Status.CLOSED)  # as if closed
    page = phone.get(table_url(five))
    assert "Round 2 is closed" in page.content.decode()
    assert "Enter the hand" not in page.content.decode()
    posted = phone.post(hand_url(five, 1, "payments"), payments_form(five, 1, played_payments(five, 1), "x1"))
    assert posted.status_code == 302
    assert "Round 2 is closed" in phone.get(posted["Location"]).content.decode()
    assert not HandSubmission.objects.filter(hand__table=five).exists()


def test_a_published_round_not_started_takes_no_entries(cup: Tournament, organizer_user: Any) -> None:
    five, _ = round2_tables(cup)
    Round.objects.filter(pk=five.round_id).update(status=Round.Status.PUBLISHED)
    page = seated(five, "B").get(table_url(five))
    assert "Round 2 has not started yet" in page.content.decode()
    assert "Enter the hand" not in page.content.decode()


def test_payments_are_entered_and_confirmed_by_a_second_seat(cup: Tournament) -> None:
    five, _ = round2_tables(cup)
    deal = services.next_deal(five, 1)
    b, c = [p for p in deal.active][:2]
    first, second = seated(five, b), seated(five, c)
    form = first.get(hand_url(five, 1, "payments"))
    html = form.content.decode()
    assert form.status_code == 200
    assert "Points of each seat" in html
    assert f'name="pay_{deal.dealer}"' in html
    assert "dealer, sits out" in html
    payments = played_payments(five, 1)
    saved = first.post(
        hand_url(five, 1, "payments"), payments_form(five, 1, payments, idem(form)), follow=True
    )
    assert "waiting for another seat to confirm" in saved.content.decode()
    submission = HandSubmission.objects.get(hand__table=five)
    assert submission.status == "pending"
    assert submission.payments == payments

    mine = first.get(table_url(five)).content.decode()
    assert "You entered this" in mine
    assert "Confirm hand 1" not in mine
    theirs = second.get(table_url(five)).content.decode()
    assert "Confirm hand 1" in theirs
    assert "Next: hand 2" in theirs
    confirm = reverse(
        "tournaments:entry-confirm",
        kwargs={"slug": cup.slug, "code": selectors.active_table_code(five), "number": 1},
    )
    own = first.post(confirm, {"submission": submission.pk}, follow=True)
    assert "the confirmer must differ from the submitter" in own.content.decode()
    done = second.post(confirm, {"submission": submission.pk}, follow=True)
    assert "Hand 1 confirmed" in done.content.decode()
    assert Hand.objects.get(table=five, number=1).status == "confirmed"


def test_a_zero_sum_error_names_the_payments_and_nothing_is_stored(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    payments = dict.fromkeys("ABCD", 0) | {"A": 3, "B": -1}
    bad = phone.post(hand_url(four, 1, "payments"), payments_form(four, 1, payments, "z1"))
    html = bad.content.decode()
    assert bad.status_code == 400
    assert 'id="payments-error"' in html
    assert "payments must sum to zero (they sum to 2)" in html
    assert 'aria-invalid="true"' in html
    assert 'aria-describedby="payments-error"' in html
    missing = phone.post(hand_url(four, 1, "payments"), payments_form(four, 1, {"A": 1}, "z2"))
    assert missing.status_code == 400
    assert 'id="id_pay_B-error"' in missing.content.decode()
    assert not HandSubmission.objects.filter(hand__table__round__number=2).exists()


def test_a_summary_is_previewed_without_storing_then_saved(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    page = phone.get(hand_url(four, 1, "summary"))
    assert page.status_code == 200
    assert "Announced bonuses" in page.content.decode()
    assert 'value="save"' not in page.content.decode()  # the preview comes first

    bad = phone.post(hand_url(four, 1, "summary"), summary_form(four, 1, card_points=95))
    assert bad.status_code == 400  # the form's own bound (0..94)
    assert 'id="id_card_points-error"' in bad.content.decode()
    impossible = phone.post(hand_url(four, 1, "summary"), summary_form(four, 1, card_points=10))
    html = impossible.content.decode()
    assert impossible.status_code == 400
    error = re.search(r'<p class="field-error" id="id_card_points-error">([^<]+)</p>', html)
    assert error
    assert "impossible with 6 trick(s)" in error.group(1)

    deal = services.next_deal(four, 1)
    declarer, partner = deal.active[2], deal.active[3]
    preview = phone.post(
        hand_url(four, 1, "summary"),
        summary_form(four, 1, ann_trull_team="declarer", won_trull="declarer"),
    )
    html = preview.content.decode()
    assert preview.status_code == 200
    assert "The engine scores it so" in html
    assert 'value="save"' in html
    assert "trull" in html
    assert not HandSubmission.objects.filter(hand__table__round__number=2).exists()
    assert not Hand.objects.filter(table=four).exists()
    expected, _kind, items = services.hand_preview(
        four,
        1,
        "summary",
        {
            "bid": "two",
            "declarer": declarer,
            "partner": partner,
            "announcements": [{"team": "declarer", "bonus": "trull", "kontra": 0}],
            "result": {"declarer_card_points": 52, "declarer_tricks": 6, "trull": "declarer"},
        },
    )
    assert {i["name"] for i in items} == {"game", "trull"}
    assert f"+{expected[declarer]}" in html

    saved = phone.post(
        hand_url(four, 1, "summary"),
        summary_form(four, 1, ann_trull_team="declarer", won_trull="declarer", action="save", idem="s1"),
    )
    assert saved.status_code == 302
    submission = HandSubmission.objects.get(hand__table=four)
    assert submission.source == "summary"
    assert submission.payments == expected
    assert submission.payload["announcements"] == [{"team": "declarer", "bonus": "trull", "kontra": 0}]
    assert submission.payload["result"]["trull"] == "declarer"


def test_the_live_preview_answers_a_fragment(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    url = reverse(
        "tournaments:entry-preview",
        kwargs={"slug": cup.slug, "code": selectors.active_table_code(four), "number": 1},
    )
    good = phone.post(url, summary_form(four, 1))
    assert good.status_code == 200
    assert "<html" not in good.content.decode()
    assert "The engine scores it so" in good.content.decode()
    assert 'value="save"' in good.content.decode()
    bad = phone.post(url, summary_form(four, 1, tricks=0))
    assert bad.status_code == 400
    assert 'href="#id_card_points"' in bad.content.decode()
    assert not HandSubmission.objects.filter(hand__table__round__number=2).exists()


def test_an_announcement_error_is_shown_beside_its_bonus(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    form = summary_form(four, 1, ann_volat_team="opponents", ann_volat_kontra=9)
    bad = phone.post(hand_url(four, 1, "summary"), form)
    assert bad.status_code == 400
    assert 'id="id_ann_volat_kontra-error"' in bad.content.decode()
    swept = phone.post(hand_url(four, 1, "summary"), summary_form(four, 1, tricks=9, card_points=90))
    html = swept.content.decode()
    assert swept.status_code == 400
    assert 'id="id_won_trull-error"' in html
    assert "took every trick" in html


def test_a_different_entry_opens_a_dispute_and_the_page_says_so(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    a, b = seated(four, "A"), seated(four, "B")
    payments = played_payments(four, 1)
    a.post(hand_url(four, 1, "payments"), payments_form(four, 1, payments, "d1"))
    other = {p: -v for p, v in payments.items()}
    page = b.get(hand_url(four, 1, "payments")).content.decode()
    assert "A — " in page
    assert "entered:" in page
    answer = b.post(hand_url(four, 1, "payments"), payments_form(four, 1, other, "d2"), follow=True)
    html = answer.content.decode()
    assert "a different result was entered" in html.lower()
    assert "the organizer decides" in html
    assert "In dispute: the organizer decides" in html
    assert Dispute.objects.filter(hand__table=four, status="open").count() == 1
    assert Hand.objects.get(table=four, number=1).status == "disputed"


def test_a_form_posted_twice_stores_one_submission(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "C")
    key = idem(phone.get(hand_url(four, 1, "payments")))
    form = payments_form(four, 1, played_payments(four, 1), key)
    first = phone.post(hand_url(four, 1, "payments"), form)
    again = phone.post(hand_url(four, 1, "payments"), form, follow=True)
    assert first.status_code == 302
    assert again.status_code == 200
    assert "already saved" in again.content.decode()
    assert HandSubmission.objects.filter(hand__table=four).count() == 1
    assert idem(phone.get(hand_url(four, 1, "payments"))) != key  # every rendered form has its own key


def test_a_confirmed_hand_says_so(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    a, b = seated(four, "A"), seated(four, "B")
    payments = played_payments(four, 1)
    a.post(hand_url(four, 1, "payments"), payments_form(four, 1, payments, "c1"))
    b.post(hand_url(four, 1, "payments"), payments_form(four, 1, payments, "c2"))  # the same: confirms
    assert Hand.objects.get(table=four, number=1).status == "confirmed"
    assert (
        "Hand 1 is already confirmed" in seated(four, "C").get(hand_url(four, 1, "payments")).content.decode()
    )
    other = {p: -v for p, v in payments.items()}
    late = seated(four, "D").post(hand_url(four, 1, "payments"), payments_form(four, 1, other, "c3"))
    assert late.status_code == 409
    assert "hand 1 is already confirmed" in late.content.decode()
    assert HandSubmission.objects.filter(hand__table=four).count() == 1


def test_a_seat_contests_a_confirmed_hand_and_it_stops_counting(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    a, b = seated(four, "A"), seated(four, "B")
    payments = played_payments(four, 1)
    a.post(hand_url(four, 1, "payments"), payments_form(four, 1, payments, "k1"))
    b.post(hand_url(four, 1, "payments"), payments_form(four, 1, payments, "k2"))
    c = seated(four, "C")
    assert "A confirmed hand is wrong?" in c.get(table_url(four)).content.decode()
    contest_url = table_url(four) + "contest/"
    refused = c.post(contest_url, {"number": 1, "reason": ""}, follow=True).content.decode()
    assert "Not contested:" in refused
    assert 'id="contest-reason-error"' in refused
    assert Hand.objects.get(table=four, number=1).status == "confirmed"
    for _ in range(2):  # a double tap opens one dispute
        page = c.post(contest_url, {"number": 1, "reason": "B took the trull, not A"}, follow=True)
    assert "Hand 1 is contested" in page.content.decode()
    assert Hand.objects.get(table=four, number=1).status == "disputed"
    assert Dispute.objects.filter(hand__table=four, status="open").count() == 1
    assert "In dispute: the organizer decides" in page.content.decode()


def test_entry_needs_a_seat_and_a_csrf_token(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    anonymous = Client()
    assert anonymous.get(hand_url(four, 1, "payments")).status_code == 302
    strict = Client(enforce_csrf_checks=True)
    code = selectors.active_table_code(four)
    seat = reverse("tournaments:entry-seat", kwargs={"slug": cup.slug, "code": code})
    assert strict.post(seat, {"position": "A"}).status_code == 403
