"""The other games on a phone and a desktop (issue 23 §2): a Cego 3-table's and a Talon 6-table's entry
pages (the summary form built from the game's description, and the payments form of six seats), the table's
score sheet, the format page and the blank score sheet of a 6-seat table, measured at 360×740 and 1280×800
like every other page (nothing out of the screen, tap targets of 44 px on the phone) and photographed
(artifacts/screenshots/games-*). The summary form shows the questions of the contract chosen only."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.test_layout import PHONE_360, layout_problems
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import selectors, services
from tournaments.core.formats import format_defaults

pytestmark = pytest.mark.browser
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def tournament_of(game: str, slug: str, players: int, **fields: Any) -> Any:
    tournament = TournamentFactory(slug=slug, game=game, **{**format_defaults(game), **fields})
    table = seated_table(tournament, PlayerFactory.create_batch(players))
    services.table_codes_issue(table.round)
    return table


def test_other_games_pages_fit_the_screen(transactional_db: Any, live_server: Any, browser: Any) -> None:
    cego = tournament_of("cego", "ichenheim", 3)
    talon = tournament_of("talon", "talon", 6, table_sizes=[6, 5], point_value_cents=10)
    deal = services.next_deal(talon, 1)
    services.hand_submit(
        table=talon,
        number=1,
        source="payments",
        data={"payments": {p: 0 for p in "ABCDEF"} | {deal.active[0]: 10, deal.active[1]: -10}},
        entered_by=None,
        trusted=True,
    )
    urls = [
        ("cego-entry", f"/t/ichenheim/enter/{selectors.active_table_code(cego)}/hands/1/summary/", "A"),
        ("talon-entry", f"/t/talon/enter/{selectors.active_table_code(talon)}/hands/2/summary/", "A"),
        ("talon-payments", f"/t/talon/enter/{selectors.active_table_code(talon)}/hands/2/payments/", "A"),
        ("talon-sheet", f"/t/talon/rounds/1/tables/{talon.number}/", None),
        ("talon-home", "/t/talon/", None),
        ("talon-print-6", "/t/talon/print/sheet-6/", None),
    ]
    problems: list[str] = []
    for options in (PHONE_360, DESKTOP):
        context = browser.new_context(base_url=live_server.url, locale="en", **options)
        try:
            page = context.new_page()
            width = options["viewport"]["width"]
            for name, url, seat in urls:
                if name.startswith("talon-print") and width < 500:
                    continue  # a sheet to print on A4 landscape, not read on a phone (as the 4 and 5's)
                if seat:  # the phone says which seat it is first
                    code = url.split("/enter/")[1].split("/")[0]
                    page.goto(url.split("/enter/")[0] + f"/enter/{code}/")
                    page.locator(f"button.seat[value={seat}]").click()
                    page.wait_for_selector("p.you")
                response = page.goto(url)
                assert response.status == 200, (name, response.status)
                shoot(page, f"games-{name}")
                problems += layout_problems(page, f"{name} at {width}px", width)
        finally:
            context.close()
    assert not problems, "\n".join(problems)


def test_the_summary_form_asks_what_the_contract_needs(
    transactional_db: Any, live_server: Any, browser: Any
) -> None:
    cego = tournament_of("cego", "ichenheim", 4)  # a table of four: 17.4's Räuber may be played there
    context = browser.new_context(base_url=live_server.url, locale="en", **PHONE_360)
    try:
        page = context.new_page()
        code = selectors.active_table_code(cego)
        page.goto(f"/t/ichenheim/enter/{code}/")
        page.locator("button.seat[value=B]").click()
        page.wait_for_selector("p.you")
        page.goto(f"/t/ichenheim/enter/{code}/hands/1/summary/")
        card_points = page.locator("#id_card_points")
        made = page.locator("#id_made")
        page.select_option("#id_contract", "solo")
        assert card_points.is_visible()
        assert not made.is_visible()
        page.select_option("#id_contract", "ulti")
        assert made.is_visible()
        assert not card_points.is_visible()
        page.select_option("#id_kind", "raeuber")
        assert not page.locator("#id_contract").is_visible()
        assert not made.is_visible()  # a question of a question not asked is not asked either
        assert page.locator("#id_seat_points__B").is_visible()  # A deals and sits out
    finally:
        context.close()
