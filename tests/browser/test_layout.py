"""Every page reads on a phone (issue 21 §1): measured, not only photographed.

At 360×740, 390×844 and 1280×800 (and at 360 px in German and Hungarian, whose words are longer), on every
public page (home, pairings, standings current and after a
round, a player, a 4-seat and a 5-seat score sheet, the draws and a draw, the glossary) and on a seated
table's entry page showing a hand that awaits confirmation and one in dispute:

* the page is no wider than the screen, and no element (table cell, data element, anything) sticks out of
  the viewport sideways, also not inside a box that would scroll;
* on the phone sizes every interactive element is at least 44×44 px (a link inside a sentence excepted, as
  WCAG 2.5.5 does), and the tournament's tab bar shows all its items;
* no request of the page fails (the favicon included).

One tournament for the module (tests/site_data.py with played, pending and disputed hands), one browser.
Screenshots of every page at each size (in English) go to artifacts/screenshots/layout-*.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.site_data import site_tournament
from tournaments import selectors, services
from tournaments.draw.models import Round, Table

pytestmark = pytest.mark.browser

TOUCH = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
PHONE_360 = {"viewport": {"width": 360, "height": 740}, **TOUCH}
PHONE_390 = {"viewport": {"width": 390, "height": 844}, **TOUCH}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# (browser language, size): English at each size, and the longer German and Hungarian words on the narrowest
SIZES = [("en", PHONE_360), ("en", PHONE_390), ("en", DESKTOP), ("de", PHONE_360), ("hu", PHONE_360)]
TAP = 44  # px, WCAG 2.5.5

# Runs in the page: every visible element that sticks out of the viewport sideways, and (phones) every
# interactive element smaller than TAP×TAP that is not a link inside a sentence.
MEASURE = """([tap, width]) => {
  const describe = (el) => {
    let name = el.tagName.toLowerCase();
    if (el.id) name += '#' + el.id;
    if (el.classList.length) name += '.' + Array.from(el.classList).join('.');
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || '')
      .trim().replace(/\\s+/g, ' ');
    return name + (text ? ' "' + text.slice(0, 40) + '"' : '');
  };
  const hidden = (el) => el.closest('.visually-hidden, .skip, [hidden], details:not([open]) > :not(summary)')
    || getComputedStyle(el).visibility === 'hidden';
  const out = [], small = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || hidden(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      out.push(describe(el) + ' at ' + Math.round(box.left) + '..' + Math.round(box.right));
    }
    // a box that scrolls or clips sideways must not hold anything out of sight
    const clipped = box.width <= 1 && box.height <= 1;  // visually hidden, for screen readers
    if (!clipped && getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
      out.push(describe(el) + ' hides ' + (el.scrollWidth - el.clientWidth) + 'px sideways');
    }
  }
  const interactive = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]:not([tabindex="-1"])';
  for (const el of document.body.querySelectorAll(interactive)) {
    if (hidden(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.width + 0.5 >= tap && box.height + 0.5 >= tap) continue;
    // a check box or radio button is tapped through its label too (clicking the label ticks it)
    if (el.type === 'checkbox' || el.type === 'radio') {
      const label = el.closest('label') || (el.id && document.querySelector('label[for="' + el.id + '"]'));
      const lb = label && label.getBoundingClientRect();
      if (lb && lb.width + 0.5 >= tap && lb.height + 0.5 >= tap) continue;
    }
    // a link in a sentence: its parent has words of its own beside it (WCAG's "inline" exception)
    const own = Array.from(el.parentElement.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
    if (el.tagName === 'A' && /\\p{L}{2}/u.test(own)) continue;
    small.push(describe(el) + ' ' + Math.round(box.width) + '×' + Math.round(box.height));
  }
  const nav = document.querySelector('.tnav');
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    out: out,
    small: small,
    navCut: nav ? nav.scrollWidth > nav.clientWidth + 0.5 : false,
  };
}"""


def layout_problems(page: Any, where: str, width: int) -> list[str]:
    """What a person would notice on the page in view at ``width`` px, named after ``where``: the page
    wider than the screen (a phone widens its layout viewport to fit it), an element sticking out; on a
    phone (under 500 px) a tap target under 44 px and a tab bar that hides items."""
    found = page.evaluate(MEASURE, [TAP, width])
    problems = []
    if max(found["scrollWidth"], found["innerWidth"]) > width:
        problems.append(f"{where}: the page is {found['scrollWidth']}px wide")
    problems += [f"{where}: sticks out: {item}" for item in found["out"]]
    if width < 500:
        problems += [f"{where}: smaller than {TAP}×{TAP}: {item}" for item in found["small"]]
        if found["navCut"]:
            problems.append(f"{where}: the tab bar hides items")
    return problems


def summary(table: Table, number: int, *, won: bool = True) -> dict[str, Any]:
    """A played hand with a kontra'd game, a kontra'd trull and a failed pagát ultimó: coloured items."""
    deal = services.next_deal(table, number)
    declarer, partner = deal.active[1], deal.active[2]
    return {
        "kind": "played",
        "bid": "two",
        "declarer": declarer,
        "partner": partner,
        "game_kontra": 1,
        "announcements": [
            {"team": "declarer", "bonus": "trull", "kontra": 1},
            {"team": "opponents", "bonus": "pagat_ultimo", "kontra": 0},
        ],
        "declarations": [],
        "result": {
            "declarer_card_points": 60 if won else 40,
            "declarer_tricks": 6 if won else 3,
            "trull": "declarer" if won else None,
            "four_kings": None,
            "pagat_last_trick": {"team": "opponents", "won": False},
            "xxi_catch": None,
        },
    }


def seat_player(table: Table, position: str) -> Any:
    return table.seats.get(position=position).player


def layout_site(organizer: Any) -> dict[str, Any]:
    """The site's tournament with round 2 under way: the 5-table has played hands with scored items and
    big payments; the 4-table has a confirmed hand, one in dispute and one awaiting confirmation."""
    cup = site_tournament(organizer)
    round2 = Round.objects.get(tournament=cup, number=2)
    five = next(t for t in round2.tables.all() if t.seats.count() == 5)
    four = next(t for t in round2.tables.all() if t.seats.count() == 4)
    for number, won in ((1, True), (2, False), (3, True)):
        services.hand_submit(
            table=five,
            number=number,
            source="summary",
            data=summary(five, number, won=won),
            entered_by=organizer,
            trusted=True,
        )
    services.hand_submit(
        table=four, number=1, source="summary", data=summary(four, 1), entered_by=organizer, trusted=True
    )
    deal2 = services.next_deal(four, 2)
    big = {p: 0 for p in "ABCD"} | {deal2.active[0]: 135, deal2.active[1]: -45, deal2.active[2]: -45}
    big[deal2.active[3]] = -45
    services.hand_submit(
        table=four, number=2, source="payments", data={"payments": big}, submitted_by=seat_player(four, "A")
    )
    other = {p: -v for p, v in big.items()}
    services.hand_submit(
        table=four, number=2, source="payments", data={"payments": other}, submitted_by=seat_player(four, "B")
    )
    deal3 = services.next_deal(four, 3)
    services.hand_submit(
        table=four,
        number=3,
        source="payments",
        data={"payments": {p: 0 for p in "ABCD"} | {deal3.active[0]: 6, deal3.active[1]: -6}},
        submitted_by=seat_player(four, "C"),
    )
    return {"cup": cup, "five": five, "four": four, "code": selectors.active_table_code(four)}


def pages(site: dict[str, Any]) -> list[tuple[str, str]]:
    cup, five, four = site["cup"], site["five"], site["four"]
    anna = cup.registrations.get(player__name="Kovács Anna").player_id
    return [
        ("list", "/"),
        ("home", "/t/cup/"),
        ("pairings", "/t/cup/pairings/"),
        ("standings", "/t/cup/standings/"),
        ("standings-after1", "/t/cup/standings/?after=1"),
        ("player", f"/t/cup/players/{anna}/"),
        ("sheet-5", f"/t/cup/rounds/2/tables/{five.number}/"),
        ("sheet-4", f"/t/cup/rounds/2/tables/{four.number}/"),
        ("draws", "/t/cup/draws/"),
        ("draw", "/t/cup/rounds/2/draw/"),
        ("glossary", "/glossary/?t=cup"),
    ]


def test_every_page_fits_the_screen(organizer_user: Any, live_server: Any, browser: Any) -> None:
    site = layout_site(organizer_user)
    problems: list[str] = []
    for language, options in SIZES:
        context = browser.new_context(base_url=live_server.url, locale=language, **options)
        try:
            page = context.new_page()
            failed: list[str] = []
            page.on(
                "response", lambda r, failed=failed: r.status >= 400 and failed.append(f"{r.status} {r.url}")
            )
            urls = pages(site)
            # the entry pages: the code, then the table's page seated as D (the dispute and C's pending
            # hand in view)
            urls.append(("entry-code", "/t/cup/enter/"))
            page.goto(f"/t/cup/enter/{site['code']}/")
            page.locator("button.seat[value=D]").click()
            page.wait_for_selector("p.you")
            urls.append(("entry", f"/t/cup/enter/{site['code']}/"))
            for name, url in urls:
                page.goto(url)
                if language == "en":  # the screenshots a person looks at (German and Hungarian: measured)
                    shoot(page, f"layout-{name}")
                width = options["viewport"]["width"]
                problems += layout_problems(page, f"{name} at {width}px ({language})", width)
            problems += [
                f"failed request at {options['viewport']['width']}px ({language}): {f}" for f in failed
            ]
        finally:
            context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
