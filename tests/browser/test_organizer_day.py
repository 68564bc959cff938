"""The organizer's day in a browser (issue 21 §3), from signing in to the final standings: sign in with
no ``next`` and land on the tournament's dashboard, see "Manage" and "Signed in as" on a public page,
close round 2 (asked first: its timer still runs), draw, publish, start and close round 3, see the end of
the plan on the dashboard (finish, or an extra round with a reason), finish, read the final standings at
390 and 1280 px, and sign out from the footer. Screenshots: artifacts/screenshots/day-*."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.site_data import play_table
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.browser


def sign_in(page: Any) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("organizer")
    page.get_by_label("Password").fill("pw-org-12345")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/t/cup/manage/$"))  # the one tournament's dashboard


def fits(page: Any) -> None:
    """No side-scrolling: the page is no wider than the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (page.url, width)


def close_round(page: Any, number: int) -> None:
    page.goto(f"/t/cup/manage/rounds/{number}/")
    page.get_by_role("button", name="Close the round").click()
    page.wait_for_load_state()
    assert "timer still runs" in page.locator("#confirm-close").inner_text()
    page.get_by_role("button", name="Yes, close it now").click()
    page.wait_for_load_state()
    assert "The round is closed." in page.locator(".messages").inner_text()


def test_the_organizers_day_from_login_to_the_final_standings(
    cup: Tournament, organizer_user: Any, phone: Any, desktop: Any
) -> None:
    round2 = cup.rounds.get(number=2)
    for table in round2.tables.all():
        play_table(table, organizer_user)

    sign_in(phone)
    sign_in(desktop)
    for page in (phone, desktop):
        page.goto("/t/cup/standings/")
        assert page.get_by_role("link", name="Manage").is_visible()
        assert "Signed in as organizer" in page.locator(".site-footer").inner_text()
        fits(page)
        shoot(page, "day-standings-signed-in")

    # round 2: every table has entered all its deals, but the timer still runs
    close_round(phone, 2)
    shoot(phone, "day-round2-closed")

    # round 3, the last planned one: drawn by a job, then confirm, publish, start
    phone.goto("/t/cup/manage/")
    phone.get_by_role("button", name="Draw round 3").click()
    phone.wait_for_url(re.compile(r"/t/cup/manage/rounds/3/$"))
    for button in ("Confirm the draw", "Publish the draw", "Start the round"):
        phone.get_by_role("button", name=button).click()
        phone.wait_for_load_state()
    round3 = Round.objects.get(tournament=cup, number=3)
    assert round3.status == "in_play"
    links = phone.locator("table.progress .table-links a")
    assert links.count() == 2 * round3.tables.count()  # each table: its score sheet and its card
    fits(phone)
    shoot(phone, "day-round3-in_play")
    for table in round3.tables.all():
        play_table(table, organizer_user)
    close_round(phone, 3)

    # the end of the plan: finish, or an extra round only with a reason
    for page in (phone, desktop):
        page.goto("/t/cup/manage/")
        assert "The 3 planned rounds are played" in page.locator("#h-next").inner_text()
        assert page.get_by_role("button", name="Draw round 4").count() == 0
        fits(page)
        shoot(page, "day-dashboard-planned-played")
    assert_accessible(desktop)
    desktop.locator("details.extra-round summary").click()
    desktop.get_by_role("button", name="Draw extra round 4").click()  # no reason: the browser refuses
    assert desktop.url.endswith("/t/cup/manage/")
    assert cup.rounds.count() == 3

    phone.get_by_role("button", name="Finish the tournament").click()
    phone.wait_for_selector("#confirm-finish")  # asked first, as closing a round whose timer runs is
    fits(phone)
    shoot(phone, "day-dashboard-finish-asked")
    cup.refresh_from_db()
    assert cup.finished_at is None
    phone.get_by_role("button", name="Yes, finish it").click()
    phone.wait_for_load_state()
    assert "The tournament is finished" in phone.locator("#h-next").inner_text()
    cup.refresh_from_db()
    assert cup.finished_at is not None
    shoot(phone, "day-dashboard-finished")

    # the final standings, at both sizes
    for page in (phone, desktop):
        page.goto("/t/cup/standings/")
        assert page.locator("h1").inner_text().startswith("Final standings")
        fits(page)
        shoot(page, "day-final-standings")
        page.goto("/t/cup/")
        assert page.get_by_role("link", name="Final standings").first.is_visible()
        fits(page)
        shoot(page, "day-home-finished")
    assert_accessible(desktop)

    # in Hungarian too: the finished dashboard and the final standings fit the phone
    phone.goto("/lang/hu/?next=/t/cup/manage/")
    assert "A verseny véget ért" in phone.locator("#h-next").inner_text()
    fits(phone)
    shoot(phone, "day-dashboard-finished-hu")
    phone.goto("/t/cup/standings/")
    assert phone.locator("h1").inner_text().startswith("Végeredmény")
    assert "Bejelentkezve: organizer" in phone.locator(".site-footer").inner_text()
    fits(phone)
    phone.goto("/lang/en/?next=/t/cup/standings/")

    # signing out from the footer comes back to the page, without the organizer's bits
    phone.goto("/t/cup/standings/")
    phone.get_by_role("button", name="Sign out").click()
    phone.wait_for_url(re.compile(r"/t/cup/standings/$"))
    assert "Signed in as" not in phone.locator(".site-footer").inner_text()
    assert phone.get_by_role("link", name="Manage").count() == 0
    assert phone.locator("h1").inner_text().startswith("Final standings")
