"""Entry guards on the table's phone pages (issue 21 §4), through Django's test client: an unusual entry
asks "Yes, this is what we played" and keeps what was typed; a refused form has an error summary linking
each field; a passed-out hand ignores its payment boxes; the summary form names a solo explicitly; a
second seat confirms on the same phone after seeing the whole hand; the browser's limits are the server's.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tournaments import selectors, services
from tournaments.organizing.models import Tournament
from tournaments.results.models import Hand, HandSubmission

from .test_entry import hand_url, payments_form, round2_tables, seated, summary_form, table_url

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")


def confirm_here_url(table, number: int) -> str:
    code = selectors.active_table_code(table)
    kwargs = {"slug": table.round.tournament.slug, "code": code, "number": number}
    return reverse("tournaments:entry-confirm-here", kwargs=kwargs)


def four_payments(table, number: int, amount: int) -> dict[str, int]:
    deal = services.next_deal(table, number)
    a, b, c, d = deal.active
    return {a: amount, b: -amount, c: amount, d: -amount}


def test_a_typo_asks_to_confirm_and_keeps_every_typed_value(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    typed = four_payments(four, 1, 9999)
    refused = phone.post(hand_url(four, 1, "payments"), payments_form(four, 1, typed, key="t1"))
    html = refused.content.decode()
    assert refused.status_code == 400
    assert HandSubmission.objects.filter(hand__table=four).count() == 0
    assert 'id="error-summary"' in html
    assert "Yes, this is what we played" in html
    first = sorted(typed)[0]
    assert f'href="#id_pay_{first}"' in html  # the summary links the field the server named
    for position, value in typed.items():
        assert re.search(rf'name="pay_{position}" value="{value}"', html), position
    # the warning is said once, under the payments (issue 31 §4: it stood under each of the four boxes),
    # and each box it names is marked and points to it
    assert html.count('class="field-error"') == 1
    assert 'id="payments-error"' in html
    for position in typed:
        assert f'id="id_pay_{position}-error"' not in html, position
        box = re.search(rf'<input[^>]*name="pay_{position}"[^>]*>', html).group(0)
        assert 'aria-invalid="true"' in box, box
        assert 'aria-describedby="payments-error"' in box, box
    accepted = phone.post(
        hand_url(four, 1, "payments"), {**payments_form(four, 1, typed, key="t1"), "confirm_unusual": "on"}
    )
    assert accepted.status_code == 302
    assert HandSubmission.objects.get(hand__table=four).payments == typed


def test_every_payment_zero_in_a_played_hand_asks_too(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    zeros = four_payments(four, 1, 0)
    refused = phone.post(hand_url(four, 1, "payments"), payments_form(four, 1, zeros, key="z"))
    assert refused.status_code == 400
    assert 'href="#group-payments"' in refused.content.decode()
    assert HandSubmission.objects.filter(hand__table=four).count() == 0


def test_a_passed_out_hand_ignores_whatever_its_hidden_boxes_hold(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    form = {**payments_form(four, 1, four_payments(four, 1, 5), key="p"), "kind": "passed_out"}
    assert phone.post(hand_url(four, 1, "payments"), form).status_code == 302
    stored = HandSubmission.objects.get(hand__table=four)
    assert (stored.kind, set(stored.payments.values())) == ("passed_out", {0})
    page = phone.get(hand_url(four, 2, "payments")).content.decode()
    assert "data-pay-boxes" in page
    again = phone.post(hand_url(four, 2, "payments"), {"kind": "annulled", "action": "preview"})
    assert re.search(r'<fieldset id="group-payments" data-pay-boxes[^>]* hidden>', again.content.decode())


def test_the_payment_boxes_carry_the_servers_bound_and_the_contest_reason_its_length(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    bound = services.payment_bound(cup, services.next_deal(four, 1).stake)
    page = phone.get(hand_url(four, 1, "payments")).content.decode()
    assert f'max="{bound}"' in page
    assert f'min="-{bound}"' in page
    for seat in "AC":
        pays = four_payments(four, 1, 2)
        seated(four, seat).post(hand_url(four, 1, "payments"), payments_form(four, 1, pays, key=seat))
    assert Hand.objects.get(table=four, number=1).status == "confirmed"
    table_page = phone.get(table_url(four)).content.decode()
    assert f'maxlength="{services.NOTE_MAX}"' in table_page
    code = selectors.active_table_code(four)
    contest = reverse("tournaments:entry-contest", kwargs={"slug": cup.slug, "code": code})
    too_long = "x" * (services.NOTE_MAX + 200)
    refused = phone.post(contest, {"number": "1", "reason": too_long})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert too_long in html
    assert 'id="contest-reason-error"' in html
    assert Hand.objects.get(table=four, number=1).status == "confirmed"


def test_a_solo_is_chosen_as_nobody_never_the_declarer_as_own_partner(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    deal = services.next_deal(four, 1)
    declarer = deal.active[2]
    own = phone.post(hand_url(four, 1, "summary"), summary_form(four, 1, partner=declarer))
    assert own.status_code == 400
    assert "not their own partner" in own.content.decode()
    empty = phone.post(hand_url(four, 1, "summary"), summary_form(four, 1, partner=""))
    assert empty.status_code == 400
    assert 'href="#id_partner"' in empty.content.decode()
    solo = phone.post(
        hand_url(four, 1, "summary"), summary_form(four, 1, partner="alone", bid="solo", card_points=70)
    )
    assert solo.status_code == 200, solo.content.decode()[:2000]
    saved = phone.post(
        hand_url(four, 1, "summary"),
        summary_form(four, 1, partner="alone", bid="solo", card_points=70, action="save"),
    )
    assert saved.status_code == 302
    assert HandSubmission.objects.get(hand__table=four).payload["partner"] is None


def test_a_second_seat_confirms_on_the_same_phone_after_seeing_the_whole_hand(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    form = summary_form(four, 1, action="save")
    assert phone.post(hand_url(four, 1, "summary"), form).status_code == 302
    table_page = phone.get(table_url(four)).content.decode()
    assert confirm_here_url(four, 1) in table_page
    assert "Confirm on this phone" in table_page
    page = phone.get(confirm_here_url(four, 1))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Card points of the declarer&#x27;s team" in html or "Card points of the declarer's team" in html
    assert ">52<" in html  # the facts, not only the payments
    assert 'name="seat" value="A"' not in html  # the entering seat cannot confirm its own entry
    for other in "BCD":
        assert f'name="seat" value="{other}"' in html
    nobody = phone.post(confirm_here_url(four, 1), {"seat": "A"})
    assert nobody.status_code == 400
    assert HandSubmission.objects.get(hand__table=four).status == "pending"
    done = phone.post(confirm_here_url(four, 1), {"seat": "C"})
    assert done.status_code == 302
    stored = HandSubmission.objects.get(hand__table=four)
    assert (stored.status, stored.same_device, stored.confirmed_by.pk) == (
        "confirmed",
        True,
        four.seats.get(position="C").player_id,
    )


def test_a_contested_hand_offers_the_table_to_enter_what_was_really_played(cup: Tournament) -> None:
    _, four = round2_tables(cup)
    pays = four_payments(four, 1, 2)
    seated(four, "A").post(hand_url(four, 1, "payments"), payments_form(four, 1, pays, key="a"))
    other = four_payments(four, 1, 4)
    seated(four, "B").post(hand_url(four, 1, "payments"), payments_form(four, 1, other, key="b"))
    assert Hand.objects.get(table=four, number=1).status == "disputed"
    phone = seated(four, "C")
    page = phone.get(table_url(four)).content.decode()
    assert "Enter what we really played" in page
    assert hand_url(four, 1, "summary") in page
    assert phone.post(hand_url(four, 1, "summary"), summary_form(four, 1, action="save")).status_code == 302
    dispute = Hand.objects.get(table=four, number=1).disputes.get()
    assert dispute.submissions.count() == 3
