"""Entry guards in a real browser at phone size, 390 px (issue 21 §3, §4): a typo is refused with an error
summary at the top that links each field, every typed value kept, and then stored once confirmed; a
second seat confirms on the same phone after seeing the whole hand; a passed-out hand hides the payment
boxes; the organizer enters the correct result of a dispute on its page with the engine's preview.
Screenshots at 390 px (artifacts/screenshots/guard-*) and axe-core on the new pages."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.browser.test_organizer import sign_in
from tournaments import selectors, services
from tournaments.draw.models import Round, Table
from tournaments.results.models import Dispute, Hand, HandSubmission

pytestmark = pytest.mark.browser


def four_table(cup: Any) -> Table:
    round2 = Round.objects.get(tournament=cup, number=2)
    return next(t for t in round2.tables.all() if t.seats.count() == 4)


def open_seated(page: Any, cup: Any, table: Table, position: str) -> str:
    url = f"/t/{cup.slug}/enter/{selectors.active_table_code(table)}/"
    page.goto(url)
    page.locator(f"button.seat[value={position}]").click()
    page.wait_for_selector("p.you")
    return url


def test_a_typo_is_summarised_at_the_top_with_links_and_every_value_kept(cup: Any, phone: Any) -> None:
    table = four_table(cup)
    url = open_seated(phone, cup, table, "A")
    phone.get_by_role("link", name="Enter payments only").click()
    deal = services.next_deal(table, 1)
    a, b, c, d = deal.active
    typed = {a: "9999", b: "-9999", c: "9999", d: "-9999"}
    for position, value in typed.items():
        phone.fill(f"#id_pay_{position}", value)
    phone.get_by_role("button", name="Save").click()
    summary = phone.locator("#error-summary")
    summary.wait_for()
    box = summary.bounding_box()
    assert box is not None
    assert 0 <= box["y"] < 844  # scrolled to: the summary is on the screen
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    assert phone.evaluate("document.activeElement.id") == "error-summary"
    link = summary.locator("a").first
    target = link.get_attribute("href")
    assert target == f"#id_pay_{sorted(typed)[0]}"
    for position, value in typed.items():
        assert phone.input_value(f"#id_pay_{position}") == value
    # beside the boxes too, once for the four seats (issue 31 §4), not under each box
    assert phone.locator("#payments-error").is_visible()
    assert phone.locator(f"{target}-error").count() == 0
    shoot(phone, "guard-typo")
    assert_accessible(phone)
    link.click()
    assert phone.evaluate("location.hash") == target
    assert HandSubmission.objects.filter(hand__table=table).count() == 0
    phone.get_by_label("Yes, this is what we played").check()
    phone.get_by_role("button", name="Save").click()
    phone.wait_for_url(re.compile(re.escape(url) + "$"))
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.payments[a] == 9999


def test_passed_out_hides_the_payment_boxes(cup: Any, phone: Any) -> None:
    table = four_table(cup)
    open_seated(phone, cup, table, "A")
    phone.get_by_role("link", name="Enter payments only").click()
    boxes = phone.locator("#group-payments")
    assert boxes.is_visible()
    phone.select_option("#id_kind", "passed_out")
    assert boxes.is_hidden()
    shoot(phone, "guard-passed-out")
    phone.select_option("#id_kind", "played")
    assert boxes.is_visible()
    phone.select_option("#id_kind", "annulled")
    assert boxes.is_hidden()
    phone.get_by_role("button", name="Save").click()
    phone.wait_for_selector("p.you")
    assert Hand.objects.get(table=table, number=1).kind == "annulled"


def test_a_second_seat_confirms_on_the_same_phone(cup: Any, phone: Any) -> None:
    table = four_table(cup)
    url = open_seated(phone, cup, table, "A")
    phone.get_by_role("link", name="Enter the hand").click()
    deal = services.next_deal(table, 1)
    phone.select_option("#id_kind", "played")
    phone.select_option("#id_bid", "two")
    phone.select_option("#id_declarer", deal.active[2])
    phone.select_option("#id_partner", deal.active[3])
    phone.fill("#id_tricks", "6")
    phone.fill("#id_card_points", "52")
    phone.wait_for_selector("#preview >> text=The engine scores it so")
    phone.locator("#preview button[value=save]").click()
    phone.wait_for_url(re.compile(re.escape(url) + "$"))
    phone.get_by_role("link", name="Confirm on this phone").click()
    phone.wait_for_selector("[data-confirm-here]")
    facts = phone.locator("[data-facts]").inner_text()
    assert "52" in facts and "Declarer" in facts  # noqa: PT018 - the facts, not only the payments
    names = [b.get_attribute("value") for b in phone.locator("button[name=seat]").all()]
    assert sorted(names) == ["B", "C", "D"]  # not the seat that entered it
    shoot(phone, "guard-confirm-here")
    assert_accessible(phone)
    c_name = table.seats.get(position="C").player.name
    phone.get_by_role("button", name=re.compile(re.escape(c_name))).click()
    phone.wait_for_url(re.compile(re.escape(url) + "$"))
    assert "confirmed by C" in phone.locator("main").inner_text()
    stored = HandSubmission.objects.get(hand__table=table)
    assert (stored.status, stored.same_device, stored.confirmed_by.name) == ("confirmed", True, c_name)


def test_the_organizer_enters_the_correct_result_on_the_dispute_page(
    cup: Any, phone: Any, organizer_user: Any
) -> None:
    table = four_table(cup)
    seats = list(table.seats.select_related("player").order_by("position"))
    deal = services.next_deal(table, 1)
    a, b, c, d = deal.active
    for seat, amount in ((seats[0], 2), (seats[1], 4)):
        services.hand_submit(
            table=table, number=1, source="payments", submitted_by=seat.player,
            data={"payments": {a: amount, b: -amount, c: amount, d: -amount}},
        )  # fmt: skip
    dispute = Dispute.objects.get(hand__table=table)
    path = f"/t/{cup.slug}/manage/disputes/{dispute.pk}/"
    sign_in(phone, path)
    phone.locator("#enter").get_by_role("link", name="The hand").click()
    phone.wait_for_selector("#enter #id_card_points")
    phone.select_option("#id_kind", "played")
    phone.select_option("#id_bid", "two")
    phone.select_option("#id_declarer", c)
    phone.select_option("#id_partner", d)
    phone.fill("#id_tricks", "6")
    phone.fill("#id_card_points", "52")
    phone.locator("#enter").get_by_role("button", name="Preview").click()
    phone.wait_for_selector("#enter >> text=The engine scores it so")
    shoot(phone, "guard-dispute-entry")
    assert_accessible(phone)
    assert Dispute.objects.get(pk=dispute.pk).status == "open"
    phone.get_by_role("button", name="Save this result").click()
    phone.wait_for_selector("text=is now the hand's")
    dispute.refresh_from_db()
    assert dispute.status == "resolved"
    assert dispute.chosen.source == "summary"
    assert Hand.objects.get(table=table, number=1).payments[c] == 2


def test_an_unusual_entry_made_offline_is_shown_then_sent_confirmed(cup: Any, phone: Any) -> None:
    """The offline queue treats the server's 400 ``unusual`` as something to show, not to retry: the
    player confirms it with one tap and it is stored once."""
    from tests.browser.test_offline import QUEUE, open_table, save_offline

    table = four_table(cup)
    open_table(phone, cup, table, "A")
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Enter payments only").click()
    phone.wait_for_selector("h1 >> text=Hand 1")
    save_offline(phone, {"A": 9999, "B": -9999, "C": 9999, "D": -9999}, 1)
    phone.context.set_offline(False)
    send = phone.locator("[data-offline-confirm-unusual]")
    send.wait_for()
    refused = phone.locator(".offline-refused").inner_text()
    assert "far more than a hand at stake 1 pays" in refused
    assert not HandSubmission.objects.filter(hand__table=table).exists()
    phone.wait_for_timeout(500)
    assert [item["state"] for item in phone.evaluate(QUEUE)] == ["refused"]  # kept, not retried
    shoot(phone, "guard-offline-unusual")
    send.click()
    phone.wait_for_function(f"{QUEUE}.length === 0")
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.payments["A"] == 9999
