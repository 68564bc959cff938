"""Score entry from phones in a real browser (issue 14 §3, §7): a hand by summary and one by payments from
one phone, each confirmed from a second phone; the public pages change; a different entry opens a dispute.
Screenshots of every entry page at 390 and 1280 px; axe-core on the table page and the forms."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tournaments import selectors, services
from tournaments.draw.models import Round, Table
from tournaments.results.models import Dispute, Hand

pytestmark = pytest.mark.browser


def four_table(cup: Any) -> Table:
    round2 = Round.objects.get(tournament=cup, number=2)
    return next(t for t in round2.tables.all() if t.seats.count() == 4)


def choose_seat(page: Any, position: str) -> None:
    page.locator(f"button.seat[value={position}]").click()
    page.wait_for_selector("p.you")


def standings_text(page: Any, cup: Any) -> str:
    page.goto(f"/t/{cup.slug}/standings/")
    return page.locator("main table").first.inner_text()


def player_text(page: Any, cup: Any, player: Any) -> str:
    page.goto(f"/t/{cup.slug}/players/{player.pk}/")
    return page.locator("main").inner_text()


def fill_summary(page: Any, table: Table, number: int, points: str = "52") -> None:
    deal = services.next_deal(table, number)
    page.select_option("#id_kind", "played")
    page.select_option("#id_bid", "two")
    page.select_option("#id_declarer", deal.active[2])
    page.select_option("#id_partner", deal.active[3])
    page.select_option("#id_ann_trull_team", "declarer")
    page.select_option("#id_won_trull", "declarer")
    page.fill("#id_tricks", "6")
    page.fill("#id_card_points", points)


def fill_payments(page: Any, payments: dict[str, int]) -> None:
    for position, value in payments.items():
        page.fill(f"#id_pay_{position}", str(value))


def test_two_phones_enter_confirm_and_dispute(cup: Any, phone: Any, new_phone: Any, desktop: Any) -> None:
    table = four_table(cup)
    code = selectors.active_table_code(table)
    before = standings_text(desktop, cup)
    player = table.seats.get(position="A").player
    player_before = player_text(desktop, cup, player)

    # the code form, then the table page
    phone.goto(f"/t/{cup.slug}/enter/")
    shoot(phone, "entry-code")
    assert_accessible(phone)
    phone.fill("#code", code.lower())
    phone.get_by_role("button", name="Open my table").click()
    phone.wait_for_selector("text=Who are you?")
    choose_seat(phone, "A")
    shoot(phone, "entry-table")
    assert_accessible(phone)

    # hand 1 by summary, with the live preview
    phone.get_by_role("link", name="Enter the hand").click()
    fill_summary(phone, table, 1, points="10")
    phone.wait_for_selector("#preview a[href='#id_card_points']")  # the engine's error, live
    phone.fill("#id_card_points", "52")
    phone.wait_for_selector("#preview >> text=The engine scores it so")
    assert "trull" in phone.locator("#preview").inner_text()
    shoot(phone, "entry-summary-preview")
    assert_accessible(phone)
    phone.locator("#preview button[value=save]").click()
    phone.wait_for_selector("text=waiting for another seat to confirm")

    # the second phone confirms it
    second = new_phone()
    second.goto(f"/t/{cup.slug}/enter/{code}/")
    choose_seat(second, "B")
    second.get_by_role("button", name="Confirm hand 1").click()
    second.wait_for_selector("text=Hand 1 confirmed")
    assert Hand.objects.get(table=table, number=1).status == "confirmed"

    # hand 2 by payments: the zero-sum check as you type, then on the server
    phone.goto(f"/t/{cup.slug}/enter/{code}/")
    phone.get_by_role("link", name="Enter payments only").click()
    payments = {"A": 4, "B": -2, "C": -2, "D": 0}
    fill_payments(phone, {**payments, "D": 1})
    assert "must sum to 0" in phone.locator("[data-sum]").inner_text()
    phone.get_by_role("button", name="Save").click()
    phone.wait_for_selector("#payments-error")
    assert "sum to zero" in phone.locator("#payments-error").inner_text()
    shoot(phone, "entry-payments-error")
    assert_accessible(phone)
    fill_payments(phone, payments)
    assert "Sum: 0" in phone.locator("[data-sum]").inner_text()
    phone.get_by_role("button", name="Save").click()
    phone.wait_for_selector("text=waiting for another seat to confirm")
    second.goto(f"/t/{cup.slug}/enter/{code}/")
    second.get_by_role("button", name="Confirm hand 2").click()
    second.wait_for_selector("text=Hand 2 confirmed")

    # the public pages changed
    after = standings_text(desktop, cup)
    assert after != before
    player_after = player_text(desktop, cup, player)
    assert player.name in player_after
    assert player_after != player_before  # the round's points and hands played moved

    # hand 3: a different result from the second phone opens a dispute
    phone.goto(f"/t/{cup.slug}/enter/{code}/")
    phone.get_by_role("link", name="Enter payments only").click()
    fill_payments(phone, {"A": 3, "B": -1, "C": -1, "D": -1})
    phone.get_by_role("button", name="Save").click()
    phone.wait_for_selector("text=waiting for another seat to confirm")
    second.goto(f"/t/{cup.slug}/enter/{code}/")
    second.get_by_role("link", name="That's not what we played").click()
    fill_payments(second, {"A": -3, "B": 1, "C": 1, "D": 1})
    second.get_by_role("button", name="Save").click()
    second.wait_for_selector("text=the organizer decides")
    assert "In dispute: the organizer decides" in second.locator("main").inner_text()
    shoot(second, "entry-dispute")
    assert Dispute.objects.filter(hand__table=table, status="open").count() == 1

    # the same pages at 1280 px
    desktop.goto(f"/t/{cup.slug}/enter/")
    shoot(desktop, "entry-code")
    desktop.goto(f"/t/{cup.slug}/enter/{code}/")
    choose_seat(desktop, "C")
    shoot(desktop, "entry-dispute")
    assert_accessible(desktop)
    desktop.get_by_role("link", name="Enter payments only").click()
    fill_payments(desktop, {"A": 5, "B": -1, "C": -1, "D": -1})
    desktop.get_by_role("button", name="Save").click()
    desktop.wait_for_selector("#payments-error")
    shoot(desktop, "entry-payments-error")
    desktop.goto(f"/t/{cup.slug}/enter/{code}/hands/4/summary/")
    fill_summary(desktop, table, 4)
    desktop.wait_for_selector("#preview >> text=The engine scores it so")
    shoot(desktop, "entry-summary-preview")
    assert_accessible(desktop)
    desktop.goto(f"/t/{cup.slug}/enter/{code}/")
    shoot(desktop, "entry-table")


def test_the_summary_form_previews_and_saves_without_javascript(
    cup: Any, browser: Any, live_server: Any
) -> None:
    from tests.browser.conftest import PHONE

    table = four_table(cup)
    code = selectors.active_table_code(table)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        page.goto(f"/t/{cup.slug}/enter/{code}/")
        choose_seat(page, "D")
        page.goto(f"/t/{cup.slug}/enter/{code}/hands/1/summary/")
        fill_summary(page, table, 1)
        page.get_by_role("button", name="Preview").click()
        page.wait_for_selector("text=The engine scores it so")
        page.get_by_role("button", name="Save this result").click()
        page.wait_for_selector("text=waiting for another seat to confirm")
        assert Hand.objects.get(table=table, number=1).status == "pending"
    finally:
        context.close()
