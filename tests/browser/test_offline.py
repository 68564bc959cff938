"""A phone that loses the venue's Wi-Fi (issue 21 §5): entries and confirmations made without a connection
are kept on the phone ("not sent yet" and the count), sent by themselves when the connection is back with
the same idempotency key (stored once each), and one the server refuses meanwhile is shown with the
server's message. Screenshots of the "not sent yet" state at 360 and 1280 px."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.browser.test_entry import choose_seat, fill_payments, four_table
from tests.site_data import finish_round
from tournaments import selectors, services
from tournaments.draw.models import Round, Table
from tournaments.results.models import Hand, HandSubmission

pytestmark = pytest.mark.browser

QUEUE = "JSON.parse(localStorage.getItem('tarokk-offline-queue') || '[]')"


def five_table(cup: Any) -> Table:
    round2 = Round.objects.get(tournament=cup, number=2)
    return next(t for t in round2.tables.all() if t.seats.count() == 5)


def open_table(page: Any, cup: Any, table: Table, position: str) -> str:
    """The table page with the seat chosen, once it has fetched what it needs without a connection."""
    url = f"/t/{cup.slug}/enter/{selectors.active_table_code(table)}/"
    page.goto(url)
    choose_seat(page, position)
    page.wait_for_load_state("networkidle")
    return url


def save_offline(page: Any, payments: dict[str, int], count: int) -> None:
    fill_payments(page, payments)
    page.get_by_role("button", name="Save").click()
    page.wait_for_selector(f".offline-count >> text=Not sent yet: {count}")


def test_two_hands_entered_offline_are_stored_once_each(cup: Any, phone: Any) -> None:
    table = four_table(cup)
    table_url = open_table(phone, cup, table, "A")
    phone.context.set_offline(True)

    # the table page's link opens the next hand's form without the server
    phone.get_by_role("link", name="Enter payments only").click()
    phone.wait_for_selector("h1 >> text=Hand 1")
    first = {"A": 4, "B": -2, "C": -2, "D": 0}
    save_offline(phone, first, 1)
    assert "No connection" in phone.locator("[data-offline-status]").inner_text()
    phone.get_by_role("button", name="Save").click()  # a double tap: the fresh form keeps nothing
    assert len(phone.evaluate(QUEUE)) == 1
    # the same form is now hand 2's (its dealer and stake: checked against the server's below)
    phone.wait_for_selector("h1 >> text=Hand 2")
    shown = {2: phone.locator("[data-offline-dealer]").inner_text()}
    assert phone.locator("#id_pay_A").input_value() == ""
    second = {"A": -2, "B": 6, "C": -2, "D": -2}
    save_offline(phone, second, 2)
    phone.wait_for_selector("h1 >> text=Hand 3")
    shown[3] = phone.locator("[data-offline-dealer]").inner_text()
    assert phone.title().startswith("Hand 3, table")
    assert "/hands/3/payments/" in phone.url
    status = phone.locator("[data-offline-status]").inner_text()
    assert "Hand 1: A +4 · B −2 · C −2 · D 0" in status
    assert "Hand 2: A −2 · B +6 · C −2 · D −2" in status
    phone.set_viewport_size({"width": 360, "height": 780})
    shoot(phone, "entry-offline-not-sent")
    assert_accessible(phone)
    phone.set_viewport_size({"width": 390, "height": 844})

    kept = phone.evaluate(QUEUE)
    assert [(k["hand"], k["kind"]) for k in kept] == [(1, "entry"), (2, "entry")]
    keys = [k["key"] for k in kept]
    assert len(set(keys)) == 2
    assert not HandSubmission.objects.filter(hand__table=table).exists()  # nothing reached the server

    phone.context.set_offline(False)  # the "online" event: sent by itself, then the table page
    phone.wait_for_url(f"**{table_url}")
    phone.wait_for_selector("text=Sent now that the connection is back")
    for number, payments, key in ((1, first, keys[0]), (2, second, keys[1])):
        submissions = list(HandSubmission.objects.filter(hand__table=table, hand__number=number))
        assert len(submissions) == 1, number
        assert submissions[0].idempotency_key == key
        assert submissions[0].payments == payments
        assert submissions[0].status == HandSubmission.Status.PENDING
    assert phone.locator(".offline-count").count() == 0
    assert "Not sent yet" not in phone.locator("main").inner_text()
    assert phone.evaluate(QUEUE) == []
    assert phone.get_by_role("heading", name="Next: hand 3").is_visible()
    for number, text in shown.items():  # the phone showed the deals the server computes now
        deal = services.next_deal(table, number)
        assert text == f"{deal.dealer} — {table.seats.get(position=deal.dealer).player.name}"


def test_an_entry_the_server_refuses_is_shown_with_its_message(
    cup: Any, phone: Any, organizer_user: Any
) -> None:
    table = five_table(cup)
    open_table(phone, cup, table, "B")
    deal = services.next_deal(table, 1)
    phone.goto(f"/t/{cup.slug}/enter/{selectors.active_table_code(table)}/hands/1/payments/")
    phone.context.set_offline(True)
    payments = dict.fromkeys(deal.active, -2)  # the dealer sits out: their field is 0 and disabled
    payments[deal.active[0]] = 6
    save_offline(phone, payments, 1)
    # meanwhile the organizer enters the round's hands from the paper sheets and closes it
    finish_round(Round.objects.get(tournament=cup, number=2), organizer_user)

    phone.context.set_offline(False)
    refused = phone.locator(".offline-refused")
    refused.wait_for()
    text = refused.inner_text()
    assert "Hand 1" in text
    assert "Not saved: the server refused it." in text
    assert "Round 2 is closed: no more entries from the table." in text  # the server's own words
    assert phone.locator(".offline-count").count() == 0  # nothing is waiting: it was answered
    key = phone.evaluate(QUEUE)[0]["key"]
    assert not HandSubmission.objects.filter(idempotency_key=key).exists()
    shoot(phone, "entry-offline-refused")
    assert_accessible(phone)

    phone.get_by_role("button", name="Understood, remove it").click()  # never dropped silently
    assert phone.locator(".offline-refused").count() == 0
    assert phone.evaluate(QUEUE) == []


def test_a_confirmation_made_offline_is_sent_later(cup: Any, phone: Any, desktop: Any) -> None:
    table = four_table(cup)
    entered = services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data={"kind": "played", "payments": {"A": 6, "B": -2, "C": -2, "D": -2}},
        submitted_by=table.seats.get(position="A").player,
    )
    table_url = open_table(desktop, cup, table, "C")
    desktop.context.set_offline(True)
    desktop.get_by_role("button", name="Confirm hand 1").click()
    desktop.wait_for_selector(".offline-count >> text=Not sent yet: 1")
    assert "Confirmation of hand 1" in desktop.locator("[data-offline-status]").inner_text()
    assert desktop.get_by_role("button", name="Confirm hand 1").is_disabled()
    shoot(desktop, "entry-offline-not-sent")
    assert_accessible(desktop)
    assert Hand.objects.get(table=table, number=1).status == Hand.Status.PENDING

    desktop.context.set_offline(False)
    desktop.wait_for_selector("text=Sent now that the connection is back")
    assert "Hand 1 confirmed." in desktop.locator("[data-offline-status]").inner_text()
    entered.refresh_from_db()
    assert entered.status == HandSubmission.Status.CONFIRMED
    assert entered.confirmed_by == table.seats.get(position="C").player
    assert desktop.url.endswith(table_url)


def test_a_server_out_of_reach_keeps_the_entry_too(cup: Any, phone: Any) -> None:
    """Wi-Fi up but the laptop out of reach (navigator.onLine stays true): the post fails, the entry is
    kept and the retry timer sends it once the server answers again."""
    table = four_table(cup)
    code = selectors.active_table_code(table)
    open_table(phone, cup, table, "D")
    phone.goto(f"/t/{cup.slug}/enter/{code}/hands/1/payments/")
    phone.route("**/hands/1/payments/", lambda route: route.abort("connectionrefused"))
    save_offline(phone, {"A": -2, "B": -2, "C": -2, "D": 6}, 1)
    assert phone.evaluate("navigator.onLine")
    phone.unroute("**/hands/1/payments/")
    phone.wait_for_selector("text=Sent now that the connection is back", timeout=30_000)
    submission = HandSubmission.objects.get(hand__table=table, hand__number=1)
    assert submission.payments == {"A": -2, "B": -2, "C": -2, "D": 6}


def test_a_first_send_that_fails_as_the_connection_returns_is_retried_at_once(cup: Any, phone: Any) -> None:
    """A connection that has just come back often loses the first request: the next try follows within
    a second or two, not after the ten-second retry (the player is standing there waiting)."""
    table = four_table(cup)
    open_table(phone, cup, table, "A")
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Enter payments only").click()
    phone.wait_for_selector("h1 >> text=Hand 1")
    save_offline(phone, {"A": 4, "B": -2, "C": -2, "D": 0}, 1)
    lost: list[str] = []

    def lose_the_first(route: Any) -> None:
        if not lost:
            lost.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    phone.route("**/hands/1/payments/", lose_the_first)
    phone.context.set_offline(False)
    phone.wait_for_selector("text=Sent now that the connection is back", timeout=6_000)
    assert lost  # the first try was lost, the second stored it
    assert HandSubmission.objects.get(hand__table=table, hand__number=1).payments["A"] == 4


def test_a_thrown_in_hand_offline_keeps_the_dealer_and_doubles_the_stake(cup: Any, phone: Any) -> None:
    """At a 5-table with doubled rounds: hand 1 passed out offline, so hand 2 has the same dealer (who sits
    out) at ×2 — as the server computes once the entries arrive."""
    cup.rules_options = {"doubled_rounds": "overlap"}
    cup.save(update_fields=["rules_options"])
    table = five_table(cup)
    open_table(phone, cup, table, "C")
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Enter payments only").click()
    phone.wait_for_selector("h1 >> text=Hand 1")
    dealer1 = services.next_deal(table, 1).dealer
    phone.select_option("#id_kind", "passed_out")
    assert phone.locator("#group-payments").is_hidden()  # nobody pays: no boxes (issue 21 §4)
    save_offline(phone, {}, 1)
    phone.wait_for_selector("h1 >> text=Hand 2")
    assert phone.locator("[data-offline-stake]").inner_text() == "×2"
    assert phone.locator(f"#id_pay_{dealer1}").is_disabled()  # the same dealer sits out again
    assert "(dealer, sits out)" in phone.locator(f"label[for=id_pay_{dealer1}]").inner_text()
    shown = phone.locator("[data-offline-dealer]").inner_text()
    active = [p for p in "ABCDE" if p != dealer1]
    payments = {**dict.fromkeys(active, -2), active[0]: 6}
    save_offline(phone, payments, 2)
    phone.wait_for_selector("h1 >> text=Hand 3")

    phone.context.set_offline(False)
    phone.wait_for_selector("text=Sent now that the connection is back")
    deal2 = services.next_deal(table, 2)
    assert (deal2.dealer, deal2.stake) == (dealer1, 2)
    assert shown.startswith(f"{dealer1} — ")
    hand2 = Hand.objects.get(table=table, number=2)
    assert hand2.submissions.get().payments == {**payments, dealer1: 0}
    assert Hand.objects.get(table=table, number=1).kind == "passed_out"


def test_without_a_connection_other_pages_say_so(cup: Any, phone: Any) -> None:
    """Offline, a link to a page the phone cannot fetch and the summary's preview say why, instead of the
    browser's error page; the table page's own payments form still opens."""
    table = four_table(cup)
    open_table(phone, cup, table, "B")
    phone.context.set_offline(True)
    phone.get_by_role("link", name="Enter the hand").click()
    phone.wait_for_selector("text=No connection: this page opens when the connection is back.")
    assert "/hands/" not in phone.url
    phone.context.set_offline(False)
    phone.get_by_role("link", name="Enter the hand").click()
    phone.wait_for_selector("#id_bid")
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Preview").click()
    phone.wait_for_selector("text=the preview needs the server")
    assert "/hands/1/summary/" in phone.url
    phone.context.set_offline(False)
