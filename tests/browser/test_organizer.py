"""The organizer in a browser: signs in, watches round 2's tables, decides a dispute side by side, closes the
round, then runs round 3 from its draft to in play on one page. Screenshots of every page and state at
390 and 1280 px (artifacts/screenshots/organizer-*), and axe-core on the dashboard, round and dispute pages.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.site_data import play_table, played_payments
from tournaments import services
from tournaments.draw.models import Round
from tournaments.results.models import Dispute

pytestmark = pytest.mark.browser


def sign_in(page: Any, path: str) -> None:
    page.goto(path)
    assert "/accounts/login/" in page.url
    page.get_by_label("Username").fill("organizer")
    page.get_by_label("Password").fill("pw-org-12345")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(re.escape(path) + "$"))


def both(pages: list[Any], path: str, name: str) -> None:
    for page in pages:
        page.goto(path)
        shoot(page, name)


def test_the_organizer_runs_a_round_and_decides_a_dispute(
    cup: Any, organizer_user: Any, desktop: Any, phone: Any
) -> None:
    round2 = cup.rounds.get(number=2)
    table1, table2 = round2.tables.order_by("number")
    play_table(table2, organizer_user)
    play_table(table1, organizer_user, hands=2)
    seats = list(table1.seats.select_related("player").order_by("position"))
    payments = played_payments(table1, 3)
    for seat, entered in ((seats[0], payments), (seats[1], {p: -v for p, v in payments.items()})):
        services.hand_submit(
            table=table1, number=3, source="payments", data={"payments": entered}, submitted_by=seat.player
        )
    dispute = Dispute.objects.get()

    sign_in(desktop, "/t/cup/manage/")
    sign_in(phone, "/t/cup/manage/")
    pages = [phone, desktop]
    both(pages, "/t/cup/manage/", "organizer-dashboard")
    assert_accessible(desktop)
    assert desktop.locator(".big-number").inner_text() == "1"

    # round 2 in play: which tables reported how many hands
    both(pages, "/t/cup/manage/rounds/2/", "organizer-round2-in_play")
    assert_accessible(desktop)
    row = desktop.locator('tr[data-table="1"]')
    deals = cup.deals_per_round(len(seats))
    assert row.locator(".count").inner_text() == f"2/{deals}"  # hand 3 is disputed: not done
    assert "1 disputed" in desktop.locator(".progress-summary").inner_text()

    # the disputes, side by side
    both(pages, "/t/cup/manage/disputes/", "organizer-disputes")
    both(pages, f"/t/cup/manage/disputes/{dispute.pk}/", "organizer-dispute")
    assert_accessible(desktop)
    assert desktop.locator("article.version").count() == 2
    desktop.get_by_label(re.compile(r"version 1 \(.*seat")).check()
    resolve = desktop.get_by_role("form", name="Resolve: choose a version")  # beside the entry form
    resolve.get_by_label("Note").fill("checked the paper sheet")
    resolve.get_by_role("button", name="Resolve").click()
    desktop.wait_for_load_state()
    assert "Version 1 is now the hand" in desktop.locator(".messages").inner_text()
    shoot(desktop, "organizer-dispute-resolved")
    dispute.refresh_from_db()
    assert (dispute.status, dispute.chosen.version) == ("resolved", 1)

    # close round 2 once every table is complete
    desktop.goto("/t/cup/manage/rounds/2/")
    desktop.get_by_role("button", name="Close the round").click()
    desktop.wait_for_load_state()
    assert "cannot close" in desktop.locator(".msg-error").inner_text()  # table 1 still misses deals
    for number in range(4, deals + 1):
        services.hand_submit(
            table=table1, number=number, source="payments",
            data={"payments": played_payments(table1, number)}, entered_by=organizer_user, trusted=True,
        )  # fmt: skip
    desktop.goto("/t/cup/manage/rounds/2/")
    desktop.get_by_role("button", name="Close the round").click()
    desktop.wait_for_load_state()
    assert "timer still runs" in desktop.locator("#confirm-close").inner_text()  # asked first
    desktop.get_by_role("button", name="Yes, close it now").click()
    desktop.wait_for_load_state()
    assert "The round is closed." in desktop.locator(".messages").inner_text()

    # round 3: draw it (a job), look at it, redraw, confirm, publish, start
    desktop.goto("/t/cup/manage/")
    desktop.get_by_label("Seed").fill("browser-3")
    desktop.get_by_role("button", name="Draw round 3").click()
    desktop.wait_for_url(re.compile(r"/t/cup/manage/rounds/3/$"))
    assert "Round 3 is drawn" in desktop.locator(".messages").inner_text()
    assert desktop.locator("article.draw-table").count() == 2
    both(pages, "/t/cup/manage/rounds/3/", "organizer-round-draft")
    assert_accessible(desktop)

    desktop.get_by_label("Seed").fill("browser-3b")
    desktop.get_by_role("button", name="Redraw").click()
    desktop.wait_for_url(re.compile(r"/t/cup/manage/rounds/3/$"))
    assert "browser-3b" in desktop.content()

    steps = [
        ("Confirm the draw", "confirmed"),
        ("Publish the draw", "published"),
        ("Start the round", "in_play"),
    ]
    for button, status in steps:
        desktop.get_by_role("button", name=button).click()
        desktop.wait_for_load_state()
        assert Round.objects.get(tournament=cup, number=3).status == status
        both(pages, "/t/cup/manage/rounds/3/", f"organizer-round-{status}")
    assert desktop.locator("table.progress tbody tr").count() == 2
    assert "0 of 9 deals done" in desktop.locator(".progress-summary").inner_text()
    assert_accessible(desktop)


def test_a_dispute_with_a_hand_record_shows_its_facts_and_items(
    cup: Any, organizer_user: Any, desktop: Any, phone: Any
) -> None:
    from engine.hungarian.bots import RuleBot, play_hand
    from tournaments.core.formats import rules_for

    table = cup.rounds.get(number=2).tables.get(number=1)
    seats = list(table.seats.select_related("player").order_by("position"))
    deal = services.next_deal(table, 1)
    rules = rules_for(cup.rules_preset, cup.rules_options, {"game": "hungarian"})
    hand = play_hand(11, [RuleBot()] * 4, rules=rules, seats=list(deal.active))
    wrong = {seat.position: 0 for seat in seats} | {p: -v for p, v in hand.payments().items()}
    services.hand_submit(
        table=table, number=1, source="payments", data={"payments": wrong}, submitted_by=seats[0].player
    )
    services.hand_submit(
        table=table, number=1, source="record", data=hand.record(), submitted_by=seats[1].player
    )
    dispute = Dispute.objects.get()
    for page in (phone, desktop):
        sign_in(page, f"/t/cup/manage/disputes/{dispute.pk}/")
        shoot(page, "organizer-dispute-record")
    assert desktop.locator("article.version").nth(1).locator(".fact-list dt").count() > 5
    assert_accessible(desktop)
