"""Projector mode in a browser: it cycles through its views and pages (a short interval for the test),
refreshes itself when a hand is confirmed, without reloading the page, and looks right at 1920×1080."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.site_data import play_table
from tournaments.draw.models import Round

pytestmark = pytest.mark.browser

WALL = {"viewport": {"width": 1920, "height": 1080}}


@pytest.fixture
def wall(browser: Any, contexts: list[Any], live_server: Any) -> Any:
    context = browser.new_context(base_url=live_server.url, locale="en", **WALL)
    context.set_default_timeout(10_000)
    contexts.append(context)
    return context.new_page()


def slide(page: Any) -> str:
    return page.locator("[data-projector]").get_attribute("data-slide") or ""


def test_projector_cycles_between_pairings_and_standings(cup: Any, wall: Any) -> None:
    # Slides of 3 seconds: long enough for the checks of one slide even on a loaded machine.
    wall.goto("/t/cup/projector/?interval=3&poll=30")
    assert slide(wall) == "pairings-0"
    assert wall.locator(".pj-view[data-view=pairings]").is_visible()
    assert not wall.locator(".pj-view[data-view=standings]").is_visible()
    assert wall.locator(".timer .countdown").inner_text().endswith(" left")  # the round's timer counts down
    shoot(wall, "projector-pairings")
    wall.wait_for_function("document.querySelector('[data-projector]').dataset.slide === 'standings-0'")
    assert wall.locator(".pj-view[data-view=standings]").is_visible()
    assert wall.locator(".pj-standings tbody tr:visible").count() == 9
    wall.wait_for_timeout(400)  # the fade-in
    shoot(wall, "projector-standings")
    assert_accessible(wall)
    assert wall.evaluate("document.documentElement.scrollHeight") <= 1080  # one screen, no scrolling


def test_projector_pages_a_long_list(cup: Any, browser: Any, contexts: list[Any], live_server: Any) -> None:
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 420})
    contexts.append(context)
    page = context.new_page()
    page.goto("/t/cup/projector/?interval=1&poll=30")
    seen = set()
    for _ in range(8):
        seen.add(slide(page))
        rows = page.locator(".pj-standings tbody tr:visible").count()
        if slide(page).startswith("standings"):
            assert 0 < rows < 9  # a screenful, not all
            assert "/" in page.locator(".pj-view[data-view=standings] .pj-page").inner_text()
        page.wait_for_timeout(1000)
    assert {"pairings-0", "standings-0", "standings-1"} <= seen


def test_projector_refreshes_when_a_hand_is_confirmed(cup: Any, wall: Any, organizer_user: Any) -> None:
    wall.goto("/t/cup/projector/?interval=600&poll=1")
    wall.evaluate("window.__same_page = true")
    table = Round.objects.get(tournament=cup, number=2).tables.get(number=1)
    before = wall.locator(".pj-live").get_attribute("data-version")
    wall.wait_for_timeout(2500)  # polls answered 304 (or the same version): nothing swapped
    assert wall.locator("[data-projector]").get_attribute("data-refreshed") in (None, "0")
    play_table(table, organizer_user, hands=1)
    wall.wait_for_function("Number(document.querySelector('[data-projector]').dataset.refreshed || 0) >= 1")
    assert wall.locator(".pj-live").get_attribute("data-version") != before
    assert wall.evaluate("window.__same_page") is True  # swapped in place, not reloaded
    assert slide(wall) == "pairings-0"  # the slide shown stays


def test_projector_screenshots(cup: Any, screenshots: Any) -> None:
    screenshots("/t/cup/projector/?interval=600&poll=600", "projector")
