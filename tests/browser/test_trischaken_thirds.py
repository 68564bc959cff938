"""A Königrufen table's phone enters a Trischaken whose card points end in thirds (each player counts their
own tricks in threes): typed as players write them, "23 1/3", "23,67", at 360 px and 1280 px, nothing out
of the screen; the error of a count that is no third stands beside its box (artifacts/screenshots/
trischaken-thirds-*)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.test_games import DESKTOP, tournament_of
from tests.browser.test_layout import MEASURE, PHONE_360, TAP
from tournaments import selectors, services
from tournaments.results.models import HandSubmission

pytestmark = pytest.mark.browser


def test_a_trischaken_in_thirds_is_typed_on_the_phone(
    transactional_db: Any, live_server: Any, browser: Any
) -> None:
    table = tournament_of("koenigrufen", "wtc", 4)
    code = selectors.active_table_code(table)
    deal = services.next_deal(table, 1)
    problems: list[str] = []
    for options, number in ((PHONE_360, 1), (DESKTOP, 2)):
        deal = services.next_deal(table, number)
        context = browser.new_context(base_url=live_server.url, locale="en", **options)
        try:
            page = context.new_page()
            width = options["viewport"]["width"]
            page.goto(f"/t/wtc/enter/{code}/")
            page.locator(f"button.seat[value={deal.active[0]}]").click()
            page.wait_for_selector("p.you")
            page.goto(f"/t/wtc/enter/{code}/hands/{number}/summary/")
            page.select_option("#id_kind", "trischaken")
            typed = dict(zip(deal.active, ("10 1/3", "23,67", "23⅓", "23,5"), strict=True))
            for seat, value in typed.items():
                page.fill(f"#id_card_points__{seat}", value)
            page.locator("button[value=preview]").click()
            last = deal.active[3]
            assert page.locator(f"#id_card_points__{last}-error").is_visible()  # 23,5 is no third
            assert page.input_value(f"#id_card_points__{deal.active[1]}") == "23,67"  # kept as typed
            page.fill(f"#id_card_points__{last}", "12 2/3")
            page.locator("button[value=preview]").click()
            page.wait_for_selector("[data-page-save]")
            shoot(page, "trischaken-thirds")
            found = page.evaluate(MEASURE, [TAP, width])
            if max(found["scrollWidth"], found["innerWidth"]) > width:
                problems.append(f"{width}px: the page is {found['scrollWidth']}px wide")
            problems += [f"{width}px: sticks out: {item}" for item in found["out"]]
            if width < 500:  # the Jungfrau check boxes are the generic "seats" question's (its own fix)
                small = [item for item in found["small"] if not item.startswith("input#id_jungfrau")]
                problems += [f"{width}px: smaller than {TAP}x{TAP}: {item}" for item in small]
            page.locator("[data-page-save]").click()
            page.wait_for_selector("text=waiting for another seat to confirm")
        finally:
            context.close()
        stored = HandSubmission.objects.get(hand__table=table, hand__number=number)
        assert stored.payload["card_points"][deal.active[1]] == "23 2/3"
        assert stored.payments[deal.active[1]] == -3 * stored.hand.stake
    assert not problems, "\n".join(problems)
