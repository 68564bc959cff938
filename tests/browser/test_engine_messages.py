"""The engine's refusal of a hand summary in the reader's language, in a real browser (issue 21 §6): the
live preview of a Hungarian phone and of a German desktop names the field and says why in their language.
Screenshots at 390 and 1280 px."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, _page, assert_accessible, shoot
from tests.browser.test_entry import choose_seat, fill_summary, four_table
from tournaments import selectors

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("hu", "10 kártyapont lehetetlen 6 ütéssel, ha a licit kettő"),
        ("de", "10 ist mit 6 Stich(en) bei einem Gebot von zwei unmöglich"),
    ],
)
def test_the_live_preview_gives_the_engines_refusal_in_the_readers_language(
    cup: Any, new_phone: Any, browser: Any, contexts: list[Any], live_server: Any, language: str, words: str
) -> None:
    table = four_table(cup)
    code = selectors.active_table_code(table)
    phone = new_phone(language)
    desktop = _page(browser, contexts, DESKTOP, live_server.url, language)
    for page, seat in ((phone, "A"), (desktop, "B")):
        page.goto(f"/t/{cup.slug}/enter/{code}/")
        choose_seat(page, seat)
        page.goto(f"/t/{cup.slug}/enter/{code}/hands/1/summary/")
        fill_summary(page, table, 1, points="10")
        page.wait_for_selector("#preview a[href='#id_card_points']")
        assert words in page.locator("#preview").inner_text()
        shoot(page, f"entry-summary-engine-error-{language}")
        assert_accessible(page)
