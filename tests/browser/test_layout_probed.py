"""Layout faults found by probing the pages (issue 31 §4), measured as a person meets them.

* the live standings of a long tournament at 1280 px show every column, or say that the table scrolls
  sideways and keep the player's column in view while it does;
* the printed standings on a phone (360 px) are cut by nothing: each player a card, every figure with
  its column's name;
* the announcement selects of the Hungarian summary form hold their longest choice at 360 px;
* a typo warning over several seats is said once, not once per seat;
* the footer's links are 44 px tall;
* the API's reference pages (Swagger UI, Redoc) load nothing from the internet.

At 360 px and 1280 px, in Hungarian and in English or German (whose words are longer). Screenshots go to
artifacts/screenshots/probed-*.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, shoot
from tests.browser.test_layout import DESKTOP, MEASURE, PHONE_360, TAP, layout_site
from tests.site_data import finish_round, start_round
from tournaments import services
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def open_page(browser: Any, live_server: Any) -> Iterator[Any]:
    """``open_page(language, size)``: a new page of its own context (closed after the test)."""
    contexts: list[Any] = []

    def new(language: str, options: dict[str, Any]) -> Any:
        context = browser.new_context(base_url=live_server.url, locale=language, **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield new
    for context in contexts:
        context.close()


def long_tournament(organizer: Any) -> Tournament:
    """The site's tournament (layout_site) and a second one of eight rounds, seven played, the eighth in
    play: its standings have a column for each round."""
    cup = layout_site(organizer)["cup"]
    long = Tournament.objects.create(
        name="Hosszú Kupa",
        slug="long",
        game=cup.game,
        rules_preset=cup.rules_preset,
        starts_on=cup.starts_on,
        rounds_planned=8,
        deals_per_round_4=1,
        deals_per_round_5=1,
    )
    long.organizers.add(organizer)
    for registration in cup.registrations.select_related("player"):
        services.player_register(long, registration.player, check_in=True, by=organizer)
    for number in range(1, 8):
        finish_round(start_round(long, organizer, f"long-{number}"), organizer)
    start_round(long, organizer, "long-8")
    return long


# --- the live standings at 1280 px ------------------------------------------------------------------

# Where the standings box is, what it shows, and (scrolled to its end) whether the last column and the
# player's name are both in view.
STANDINGS = """() => {
  const box = document.querySelector('.standings-box .scroll');
  const hint = document.querySelector('[data-scroll-hint]');
  const within = (el, outer) => {
    const a = el.getBoundingClientRect(), b = outer.getBoundingClientRect();
    return a.width > 0 && a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
  };
  const headers = Array.from(box.querySelectorAll('thead th'));
  const fits = box.scrollWidth <= box.clientWidth + 1;
  const visibleAtStart = headers.filter((th) => within(th, box)).length;
  const hintShown = !!hint && !hint.hidden && hint.getBoundingClientRect().height > 0
    && hint.getBoundingClientRect().bottom <= window.innerHeight;
  box.scrollLeft = box.scrollWidth;
  const last = headers[headers.length - 1];
  const name = box.querySelector('tbody th[scope=row]');
  const atEnd = {last: within(last, box), name: within(name, box), nameHeader: within(headers[1], box)};
  box.scrollLeft = 0;
  return {fits, columns: headers.length, visibleAtStart, hintShown, atEnd};
}"""


def test_the_live_standings_at_1280_px_show_every_column_or_say_they_scroll(
    organizer_user: Any, open_page: Any
) -> None:
    long_tournament(organizer_user)
    problems = []
    for language in ("hu", "en", "de"):
        page = open_page(language, DESKTOP)
        page.goto("/t/long/standings/")
        found = page.evaluate(STANDINGS)
        shoot(page, f"probed-standings-long-{language}")
        where = f"standings at 1280 px ({language})"
        assert found["columns"] >= 8 + 6, found  # a column for each of the 8 rounds at least
        if found["fits"]:
            if found["visibleAtStart"] != found["columns"]:
                problems.append(f"{where}: {found['visibleAtStart']} of {found['columns']} columns in view")
            continue
        # wider than the screen: said, and scrolling it keeps whose row it is in view
        if not found["hintShown"]:
            problems.append(f"{where}: the table is cut at the screen's edge and nothing says it scrolls")
        if not (found["atEnd"]["last"] and found["atEnd"]["name"] and found["atEnd"]["nameHeader"]):
            problems.append(f"{where}: scrolled to its last column, the player's name is gone: {found}")
    # a phone: its few columns fit, and nothing says otherwise; with every column shown, it says it scrolls
    phone = open_page("hu", PHONE_360)
    phone.goto("/t/long/standings/")
    assert phone.evaluate(STANDINGS)["fits"] is True
    assert phone.locator("[data-scroll-hint]").is_hidden()
    shoot(phone, "probed-standings-long")
    phone.locator(".show-all").click()
    # the hint follows the table's new width from a ResizeObserver, a frame later: as a person sees it
    phone.locator("[data-scroll-hint]").wait_for(state="visible", timeout=5_000)
    found = phone.evaluate(STANDINGS)
    assert not found["fits"]
    assert found["hintShown"], found
    assert found["atEnd"]["name"], found
    assert not problems, "\n".join(problems)


# --- the printed standings on a phone -----------------------------------------------------------------

# every value of the printed standings in the viewport, each figure with its column's name
PRINTED = """() => {
  const cells = Array.from(document.querySelectorAll('table.standings tbody td, table.standings tbody th'));
  const cut = cells.filter((c) => {
    const box = c.getBoundingClientRect();
    const outside = box.right > window.innerWidth + 0.5 || box.left < -0.5 || box.width === 0;
    return c.textContent.trim() && outside;
  }).map((c) => c.textContent.trim());
  const unlabelled = Array.from(document.querySelectorAll('table.standings tbody td.num'))
    .filter((c) => !getComputedStyle(c, '::before').content.replace(/"/g, '').trim()).length;
  return {cut, unlabelled, rows: document.querySelectorAll('table.standings tbody tr').length};
}"""


def test_the_printed_standings_are_not_cut_on_a_phone(organizer_user: Any, open_page: Any) -> None:
    long_tournament(organizer_user)
    problems = []
    for language in ("hu", "de", "en"):
        page = open_page(language, PHONE_360)
        for slug in ("cup", "long"):
            page.goto(f"/t/{slug}/print/standings/")
            shoot(page, f"probed-print-standings-{slug}-{language}")
            where = f"printed standings of {slug} at 360 px ({language})"
            found = page.evaluate(MEASURE, [TAP, 360])
            if max(found["scrollWidth"], found["innerWidth"]) > 360:
                problems.append(f"{where}: the page is {found['scrollWidth']}px wide")
            problems += [f"{where}: {item}" for item in found["out"]]
            printed = page.evaluate(PRINTED)
            assert printed["rows"] == 9
            assert "{#" not in page.inner_text("body")  # no template comment shown as text
            if printed["cut"]:
                problems.append(f"{where}: out of sight: {printed['cut'][:6]}")
            if printed["unlabelled"]:
                problems.append(f"{where}: {printed['unlabelled']} figures without their column's name")
            if language == "hu":  # the rounds are "F" (forduló) in Hungarian, as the legend says
                assert page.locator("table.standings thead abbr").first.inner_text() == "F1"
    # on paper (and on a wide screen) it is the table it was: a header row, one line per player
    desktop = open_page("en", DESKTOP)
    desktop.goto("/t/long/print/standings/")
    shoot(desktop, "probed-print-standings-long-en")
    assert desktop.locator("table.standings thead th").first.is_visible()
    desktop.emulate_media(media="print")
    assert desktop.locator("table.standings thead th").first.is_visible()
    heights = desktop.evaluate(
        "() => Array.from(document.querySelectorAll('table.standings tbody tr'))"
        ".map((r) => r.getBoundingClientRect().height)"
    )
    assert max(heights) < 40, heights  # a line each, not a card
    assert not problems, "\n".join(problems)


# --- the announcement selects of the Hungarian summary form -------------------------------------------

# each visible select's width, and the width it takes to show its longest choice (its natural width)
SELECTS = """(prefix) => Array.from(document.querySelectorAll('select'))
  .filter((s) => s.name.startsWith(prefix) && s.getBoundingClientRect().width > 0)
  .map((s) => {
    const width = s.getBoundingClientRect().width;
    const saved = s.getAttribute('style');
    s.style.width = 'auto'; s.style.maxWidth = 'none'; s.style.minWidth = '0'; s.style.flex = 'none';
    const natural = s.getBoundingClientRect().width;
    if (saved === null) s.removeAttribute('style'); else s.setAttribute('style', saved);
    const box = s.getBoundingClientRect();
    return {name: s.name, width: Math.round(width), natural: Math.round(natural),
            inside: box.left >= 0 && box.right <= window.innerWidth};
  })"""


def open_seated(page: Any, code: str, position: str) -> None:
    page.goto(f"/t/cup/enter/{code}/")
    page.locator(f"button.seat[value={position}]").click()
    page.wait_for_selector("p.you")


def test_the_announcement_selects_hold_their_longest_choice(organizer_user: Any, open_page: Any) -> None:
    site = layout_site(organizer_user)
    problems = []
    for language, options in (("hu", PHONE_360), ("de", PHONE_360), ("en", PHONE_360), ("hu", DESKTOP)):
        page = open_page(language, options)
        open_seated(page, site["code"], "D")
        page.goto(f"/t/cup/enter/{site['code']}/hands/4/summary/")
        width = options["viewport"]["width"]
        selects = page.evaluate(SELECTS, "ann_")
        assert len(selects) == 12, selects  # six bonuses: who announced it, its kontra
        for select in selects:
            if select["natural"] > select["width"] + 1 or not select["inside"]:
                problems.append(f"{select['name']} at {width} px ({language}): {select}")
        page.locator("#group-announcements").scroll_into_view_if_needed()
        shoot(page, f"probed-summary-{language}")
    assert not problems, "\n".join(problems)


# --- a typo warning said once ---------------------------------------------------------------------------


def test_a_typo_over_several_seats_is_said_once(organizer_user: Any, open_page: Any) -> None:
    site = layout_site(organizer_user)
    four = site["four"]
    deal = services.next_deal(four, 4)
    a, b, c, d = deal.active
    typed = {a: 9999, b: -9999, c: 0, d: 0}  # 99 typed as 9999: two seats far beyond a hand's payments
    for language, options in (("hu", PHONE_360), ("en", DESKTOP)):
        page = open_page(language, options)
        open_seated(page, site["code"], "D")
        page.goto(f"/t/cup/enter/{site['code']}/hands/4/payments/")
        for position, value in typed.items():
            page.fill(f"#id_pay_{position}", str(value))
        page.locator("form.entry-form button[name=action][value=save]").click()
        page.locator("#error-summary").wait_for()
        shoot(page, f"probed-typo-{language}")
        summary = page.locator("#error-summary li")
        assert summary.count() == 1, summary.all_inner_texts()  # not a line per seat
        for position in sorted((a, b)):
            assert f"{position} {typed[position]}" in summary.first.inner_text()  # every seat's number
        assert summary.locator("a").get_attribute("href") == f"#id_pay_{min(a, b)}"  # to the first box
        # beside the boxes: once, under the payments (not under each seat's box)
        beside = page.locator("#main form .field-error")
        assert beside.count() == 1, beside.all_inner_texts()
        assert beside.first.get_attribute("id") == "payments-error"
        assert beside.first.is_visible()
        for position in "ABCD":
            invalid = page.get_attribute(f"#id_pay_{position}", "aria-invalid")
            assert (invalid == "true") == (position in (a, b)), (position, invalid)
        for position, value in typed.items():
            assert page.input_value(f"#id_pay_{position}") == str(value)  # what was typed is kept


# --- the footer's links ---------------------------------------------------------------------------------


def test_the_footers_links_are_44_px_tall(organizer_user: Any, open_page: Any) -> None:
    layout_site(organizer_user)
    problems = []
    for language, options in (("hu", PHONE_360), ("de", PHONE_360), ("en", DESKTOP)):
        page = open_page(language, options)
        for url in ("/", "/t/cup/standings/"):
            page.goto(url)
            links = page.evaluate(
                "() => Array.from(document.querySelectorAll('.site-footer a, .site-footer button'))"
                ".map((a) => [a.innerText, a.getBoundingClientRect().height,"
                " a.getBoundingClientRect().right])"
            )
            assert len(links) >= 4, links
            width = options["viewport"]["width"]
            problems += [
                f"{url} at {width} px ({language}): {text!r} is {height:.0f} px tall"
                for text, height, _right in links
                if height + 0.5 < TAP
            ]
            problems += [
                f"{url} at {width} px ({language}): {text!r} ends at {right:.0f} px"
                for text, _height, right in links
                if right > width + 0.5
            ]
        page.locator(".site-footer").scroll_into_view_if_needed()
        shoot(page, f"probed-footer-{language}")
    assert not problems, "\n".join(problems)


# --- the API's reference pages without internet --------------------------------------------------------


def _no_internet(server: str, outside: list[str]) -> Any:
    """A route handler: this server's requests go through; any other is recorded in ``outside`` and
    refused at once."""

    def handle(route: Any) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("internetdisconnected")

    return handle


def test_the_api_reference_pages_load_nothing_from_the_internet(
    transactional_db: Any, open_page: Any, live_server: Any
) -> None:
    """As at a venue without internet: every request that would leave this server is recorded and
    refused; the pages still show the API."""
    for url, shown in (
        ("/api/v1/docs/", ".swagger-ui .info .title"),
        ("/api/v1/redoc/", "h1:has-text('tarokk-tournaments API')"),
    ):
        page = open_page("en", DESKTOP)
        outside: list[str] = []
        # what reaches the network (not what the page's CSP forbids), as a room without internet answers it
        page.context.route("**/*", _no_internet(live_server.url, outside))
        page.goto(url)
        page.locator(shown).first.wait_for()
        page.wait_for_timeout(500)  # what the page asks for once it is drawn (a logo, a font)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)  # the screen only: Redoc's whole page is 90,000 px tall
        page.screenshot(path=str(ARTIFACTS / f"probed-api-{url.strip('/').split('/')[-1]}-1280.png"))
        assert not outside, f"{url} asked the internet for {sorted(set(outside))}"
