"""What the entry pages give a phone that loses its connection (issue 21 §5), through Django's test client:
the table's plan (the deals ahead for each way the hands before them may go), the hooks offline.js uses,
and the server's side of sending a kept entry again: the same key stores nothing twice, a retried
confirmation is no error. The browser side is tests/browser/test_offline.py."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.pages.test_entry import hand_url, payments_form, round2_tables, seated, table_url
from tournaments import services
from tournaments.core.formats import deal_paths, deal_sequence, rules_for
from tournaments.organizing.models import Tournament
from tournaments.results.models import HandSubmission

pytestmark = pytest.mark.django_db

# every test of the database starts from the site's cup: it is built once for the module
# (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")


def plan_of(response: Any) -> dict[str, Any]:
    html = response.content.decode()
    found = re.search(r'<script id="offline-plan" type="application/json">(.*?)</script>', html, re.S)
    assert found, "no offline plan on the page"
    return json.loads(found.group(1))


@pytest.mark.parametrize("preset", ["tournament", "overlap", "extra_round", "quadruple_round"])
def test_deal_paths_are_the_deal_sequences_of_each_path(preset: str) -> None:
    rules = rules_for(
        "tournament", {} if preset == "tournament" else {"doubled_rounds": preset}, {"game": "hungarian"}
    )
    earlier = ["played", "annulled"]
    deals = deal_paths(list("ABCDE"), "B", earlier, rules, last=8, depth=3, tournament={"game": "hungarian"})
    expected_paths = ["".join(p) for n in range(4) for p in itertools.product("pt", repeat=n)]
    assert sorted(deals) == sorted(expected_paths)  # 1 + 2 + 4 + 8
    for path, deal in deals.items():
        kinds = [*earlier, *("played" if step == "p" else "passed_out" for step in path)]
        assert deal == deal_sequence(list("ABCDE"), "B", kinds, rules, {"game": "hungarian"})
        assert deal.number == 3 + len(path)
    assert (
        len(deal_paths(list("ABCD"), "A", earlier, rules, last=4, depth=5, tournament={"game": "hungarian"}))
        == 3
    )  # hands 3 and 4 only
    assert (
        deal_paths(
            list("ABCD"), "A", ["played"] * 4, rules, last=4, depth=5, tournament={"game": "hungarian"}
        )
        == {}
    )


def test_a_payments_form_lists_the_deals_ahead(cup: Tournament) -> None:
    five, _four = round2_tables(cup)
    phone = seated(five, "A")
    page = phone.get(hand_url(five, 1, "payments"), HTTP_ACCEPT_LANGUAGE="hu")
    plan = plan_of(page)
    assert plan["table"] == table_url(five)
    assert plan["thrownIn"] == ["annulled", "passed_out"]
    assert plan["start"] == 1
    assert len(plan["deals"]) == 1 + 2 + 4 + 8 + 16  # the round's 5 hands: hand 1 and 4 after it
    for path, deal in plan["deals"].items():
        expected = services.deals_ahead(five, 1, list("ABCDE"), 5)[path]
        assert deal == {"n": expected.number, "dealer": expected.dealer, "stake": expected.stake}
        assert plan["urls"][str(deal["n"])] == hand_url(five, deal["n"], "payments")
    assert plan["heading"] == "{n}. leosztás"  # in the reader's language, with the number to fill in
    assert plan["sitsOut"] == "kimarad"
    seat = five.seats.get(position="C")
    assert plan["dealers"]["C"] == f"C — {seat.player.name}"
    html = page.content.decode()
    assert 'data-offline="entry" data-hand="1"' in html
    assert "data-offline-status" in html
    assert "Még nincs elküldve: {n}" in html
    assert "tournaments/offline.js" in html


def test_a_hand_entered_again_lists_no_deals_after_it(cup: Tournament) -> None:
    """Another version of hand 1 once hand 2 is entered: the phone must not go on to hand 2 by itself."""
    _five, four = round2_tables(cup)
    for number in (1, 2):
        services.hand_submit(
            table=four,
            number=number,
            source="payments",
            data={"kind": "played", "payments": {"A": 6, "B": -2, "C": -2, "D": -2}},
            submitted_by=four.seats.get(position="A").player,
        )
    plan = plan_of(seated(four, "B").get(hand_url(four, 1, "payments")))
    assert list(plan["deals"]) == [""]
    assert plan["deals"][""]["n"] == 1


def test_the_table_page_has_the_hooks(cup: Tournament) -> None:
    _five, four = round2_tables(cup)
    services.hand_submit(
        table=four,
        number=1,
        source="payments",
        data={"kind": "played", "payments": {"A": 6, "B": -2, "C": -2, "D": -2}},
        submitted_by=four.seats.get(position="A").player,
    )
    page = seated(four, "B").get(table_url(four))
    html = page.content.decode()
    assert plan_of(page) == {"table": table_url(four), "thrownIn": ["annulled", "passed_out"]}
    assert f'href="{hand_url(four, 2, "payments")}" data-offline-form' in html
    assert 'data-offline="confirm" data-hand="1"' in html
    assert 'data-level="success"' in html  # "You enter results as B": how a sent entry's answer is read


def test_the_idempotency_key_header_stores_an_entry_once(cup: Tournament) -> None:
    """A kept entry is sent again with its key (the form's ``idem``, also the Idempotency-Key header)."""
    _five, four = round2_tables(cup)
    phone = seated(four, "A")
    payments = {"A": 4, "B": -2, "C": -2, "D": 0}
    form = payments_form(four, 1, payments)  # no idem field: the header carries the key
    url = hand_url(four, 1, "payments")
    first = phone.post(url, form, HTTP_IDEMPOTENCY_KEY="kept-on-phone-1")
    again = phone.post(url, form, HTTP_IDEMPOTENCY_KEY="kept-on-phone-1", follow=True)
    assert first.status_code == 302
    assert "Hand 1 was already saved" in again.content.decode()
    submission = HandSubmission.objects.get(hand__table=four)
    assert (submission.idempotency_key, submission.payments) == ("kept-on-phone-1", payments)
    different = phone.post(
        hand_url(four, 1, "payments"),
        payments_form(four, 1, {"A": 2, "B": -2, "C": 0, "D": 0}),
        HTTP_IDEMPOTENCY_KEY="kept-on-phone-1",
    )
    assert different.status_code == 400  # the key was used for another entry: refused, shown to the phone
    assert HandSubmission.objects.filter(hand__table=four).count() == 1


def test_a_confirmation_sent_twice_confirms_once(cup: Tournament) -> None:
    _five, four = round2_tables(cup)
    entered = services.hand_submit(
        table=four,
        number=1,
        source="payments",
        data={"kind": "played", "payments": {"A": 6, "B": -2, "C": -2, "D": -2}},
        submitted_by=four.seats.get(position="A").player,
    )
    phone = seated(four, "C")
    url = hand_url(four, 1, "payments").replace("/payments/", "/confirm/")
    answers = [phone.post(url, {"submission": entered.pk}, follow=True) for _ in range(2)]
    for answer in answers:
        html = answer.content.decode()
        assert 'data-level="success"' in html
        assert "Hand 1 confirmed." in html
        assert 'data-level="error"' not in html
    entered.refresh_from_db()
    assert entered.status == HandSubmission.Status.CONFIRMED
    assert entered.history.filter(status=HandSubmission.Status.CONFIRMED).count() == 1
