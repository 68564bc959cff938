"""The public pages in a browser: find a table by typing a name on a phone, sort the standings by a column,
no horizontal scroll at phone width, axe-core on the main pages, and screenshots of every page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot

pytestmark = pytest.mark.browser


def no_page_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways: {width}px"


def player_id(cup: Any, name: str) -> int:
    return cup.registrations.get(player__name=name).player_id


def test_find_my_table_by_typing_a_name(cup: Any, phone: Any) -> None:
    phone.goto("/t/cup/pairings/")
    cards = phone.locator("[data-table]")
    assert cards.count() == 2
    phone.get_by_label("Find my table").fill("kovacs")  # no accent: still finds Kovács Anna
    visible = phone.locator("[data-table]:visible")
    assert visible.count() == 1
    row = visible.locator("tr.highlight")
    assert row.count() == 1
    assert "Kovács Anna" in row.inner_text()
    assert (
        "1 " in phone.locator("#finder-status").inner_text()
        or "1" in phone.locator("#finder-status").inner_text()
    )
    assert "q=kovacs" in phone.url
    phone.get_by_label("Find my table").fill("")
    assert phone.locator("[data-table]:visible").count() == 2
    assert phone.locator("tr.highlight").count() == 0
    no_page_scroll(phone)


def test_find_my_table_without_javascript(
    cup: Any, browser: Any, contexts: list[Any], live_server: Any
) -> None:
    context = browser.new_context(
        base_url=live_server.url, java_script_enabled=False, viewport={"width": 390, "height": 844}
    )
    contexts.append(context)
    page = context.new_page()
    page.goto("/t/cup/pairings/")
    page.get_by_label("Find my table").fill("Szabó")
    page.get_by_role("button", name="Find").click()
    page.wait_for_url("**q=Szab*")
    assert page.locator("[data-table]:visible").count() == 1
    assert "Szabó Bence" in page.locator("tr.highlight").inner_text()


def test_sort_the_standings_by_a_column(cup: Any, desktop: Any) -> None:
    desktop.goto("/t/cup/standings/?after=1")
    names = desktop.locator("table.standings tbody th[scope=row]")
    before = names.all_inner_texts()
    header = desktop.locator("th[data-key=player]")
    header.locator("a").click()
    assert header.get_attribute("aria-sort") == "ascending"
    after = names.all_inner_texts()
    assert after == sorted(before, key=lambda n: n.casefold()) != before
    header.locator("a").click()
    assert header.get_attribute("aria-sort") == "descending"
    assert names.all_inner_texts() == list(reversed(after))
    # a numeric column: game points, best first
    desktop.locator("th[data-key=game_points] a").click()
    values = [
        float(v)
        for v in desktop.locator("table.standings tbody tr td:nth-child(6)").evaluate_all(
            "els => els.map(e => e.dataset.v)"
        )
    ]
    assert values == sorted(values, reverse=True)
    assert desktop.url.endswith("?after=1")  # sorted in place, no reload


def test_no_horizontal_scroll_and_accessible(cup: Any, phone: Any, desktop: Any) -> None:
    anna = player_id(cup, "Kovács Anna")
    for url in (
        "/t/cup/",
        "/t/cup/pairings/",
        "/t/cup/standings/",
        f"/t/cup/players/{anna}/",
        "/t/cup/rounds/1/tables/2/",
        "/t/cup/draws/",
    ):
        for page in (phone, desktop):
            page.goto(url)
            no_page_scroll(page)
            assert_accessible(page)


def test_screenshots_of_every_public_page(cup: Any, screenshots: Any, phone: Any) -> None:
    anna = player_id(cup, "Kovács Anna")
    for url, name in (
        ("/", "public-list"),
        ("/t/cup/", "public-home"),
        ("/t/cup/pairings/", "public-pairings"),
        ("/t/cup/rounds/1/", "public-pairings-round1"),
        ("/t/cup/standings/", "public-standings"),
        ("/t/cup/standings/?after=1", "public-standings-after1"),
        (f"/t/cup/players/{anna}/", "public-player"),
        ("/t/cup/rounds/1/tables/2/", "public-table"),
        ("/t/cup/rounds/2/tables/1/", "public-table-in-play"),
        ("/t/cup/draws/", "public-draws"),
        ("/t/cup/rounds/1/draw/", "public-draw"),
    ):
        screenshots(url, name)
    phone.goto("/t/cup/pairings/")
    phone.get_by_label("Find my table").fill("kov")
    shoot(phone, "public-pairings-find")
