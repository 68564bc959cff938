"""The public pages in a browser: find a table by typing a name on a phone, sort the standings by a column,
no horizontal scroll at phone width, axe-core on the main pages, and screenshots of every page."""

from __future__ import annotations

from datetime import timedelta
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
    # names are stored family name first: the given name first, or a bit of each, finds her too
    for typed in ("Anna Kovács", "anna kov", "ANNA"):
        phone.get_by_label("Find my table").fill(typed)
        assert phone.locator("tr.highlight").count() == 1, typed
        assert "Kovács Anna" in phone.locator("tr.highlight").inner_text(), typed
    phone.get_by_label("Find my table").fill("anna szabo")  # two people's words: nobody
    assert phone.locator("tr.highlight").count() == 0
    assert phone.locator("#finder-status").inner_text() == "No player matches."
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


def test_a_phone_shows_the_standings_compact_and_every_column_on_request(cup: Any, phone: Any) -> None:
    phone.goto("/t/cup/standings/")
    table = phone.locator("table.standings")
    box = phone.locator(".standings-box .scroll")
    # compact: rank, player (with each round and the game points under the name) and total
    visible = table.locator("thead th:visible").evaluate_all("ths => ths.map(th => th.dataset.key)")
    assert visible == ["rank", "player", "total"]
    line = table.locator("tbody tr").first.locator(".line")
    assert line.is_visible()
    assert "R1 " in line.inner_text()
    assert "Game points " in line.inner_text()
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")
    # every column: the box scrolls sideways (its right edge shadowed), the page does not
    phone.get_by_role("link", name="Show all columns").click()
    assert table.locator("th[data-key=hands]").is_visible()
    assert table.locator("th[data-key=disputed]").is_visible()
    assert not line.is_visible()
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    no_page_scroll(phone)
    shoot(phone, "public-standings-all-columns")
    phone.get_by_role("link", name="Show fewer columns").click()
    assert not table.locator("th[data-key=hands]").is_visible()
    assert line.is_visible()


def test_the_round_timer_reads_the_same_everywhere(
    cup: Any, organizer_user: Any, phone: Any, live_server: Any
) -> None:
    """One format wherever the timer shows: "ends 21:40 · 12:34 left" (the browser's clock set to a known
    time before the round's end), h:mm:ss from an hour, then "Time is up"; the projector shows the same
    parts, the time left above the end time in large type."""
    from django.test import Client
    from django.utils.timezone import localtime

    from tournaments import selectors

    round2 = cup.rounds.get(number=2)
    ends = round2.ends_at
    table = round2.tables.order_by("number").first()
    code = selectors.active_table_code(table)
    organizer = Client()
    organizer.force_login(organizer_user)
    phone.context.add_cookies(
        [{"name": "sessionid", "value": organizer.cookies["sessionid"].value, "url": live_server.url}]
    )
    phone.goto(f"/t/cup/enter/{code}/")
    phone.locator("button.seat[value=A]").click()
    phone.wait_for_selector("p.you")
    clock = localtime(ends).strftime("%H:%M")
    pages = [
        "/t/cup/",
        "/t/cup/pairings/",
        f"/t/cup/enter/{code}/",
        "/t/cup/manage/rounds/2/",
        "/t/cup/projector/",
    ]
    for left, shown in ((754, "12:34 left"), (3723, "1:02:03 left"), (-5, "Time is up")):
        phone.clock.set_fixed_time(ends - timedelta(seconds=left))
        for url in pages:
            phone.goto(url)
            timer = phone.locator(".timer[data-ends]")
            assert timer.count() == 1, url
            phone.wait_for_function(
                "t => t.querySelector('.countdown').textContent !== ''", arg=timer.element_handle()
            )
            assert timer.locator(".timer-ends").inner_text() == f"ends {clock}", url
            assert timer.locator(".countdown").inner_text() == shown, url
            separator = timer.locator(".countdown").evaluate("c => getComputedStyle(c, '::before').content")
            assert separator == ("none" if url.endswith("projector/") else '"· "'), (
                url
            )  # "ends … · 12:34 left"


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
