"""Printables in Chromium: print a round's table cards as a logged-in organizer (print media, a PDF from
the browser), and screenshots of every printable at phone and desktop size."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from django.conf import settings
from django.test import Client

from tests.browser.conftest import ARTIFACTS, assert_accessible, shoot
from tournaments import selectors


def log_in(page: Any, user: Any, live_server: Any) -> None:
    """The organizer's session, made by Django's test client and handed to the browser as its cookie."""
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    host = urlparse(live_server.url).hostname
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "domain": host, "path": "/"}]
    )


def test_print_table_cards(desktop: Any, phone: Any, cup: Any, organizer_user: Any, live_server: Any) -> None:
    codes = [
        selectors.active_table_code(t)
        for t in selectors.tables_with_play(cup.rounds.get(number=2), with_codes=True)
    ]
    for page in (desktop, phone):
        log_in(page, organizer_user, live_server)
        page.goto("/t/cup/manage/rounds/2/cards/")
        assert page.locator("article.card").count() == 2
        for code in codes:
            assert page.get_by_text(code, exact=True).is_visible()
        qr = page.locator("svg.qr").first
        assert qr.get_attribute("aria-label") == f"{live_server.url}/t/cup/enter/{codes[0]}/"
        shoot(page, "table-cards")
    assert_accessible(desktop)

    desktop.emulate_media(media="print")
    assert not desktop.locator(".toolbar").is_visible()
    shoot(desktop, "table-cards-print")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf = desktop.pdf(path=str(ARTIFACTS / "table-cards.pdf"), prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF")

    desktop.emulate_media(media="screen")
    desktop.goto("/t/cup/manage/rounds/2/cards/?per_page=1")
    desktop.emulate_media(media="print")
    shoot(desktop, "table-cards-a5-print")


def test_printables_screenshots(screenshots: Any, desktop: Any, phone: Any, cup: Any) -> None:
    for url, name in (
        ("/t/cup/print/sheet-4/", "score-sheet-4"),
        ("/t/cup/print/sheet-5/", "score-sheet-5"),
        ("/t/cup/print/rounds/2/sheets/", "score-sheets-round-2"),
        ("/t/cup/print/standings/?after=1", "standings-print"),
    ):
        screenshots(url, name)
    for page in (desktop, phone):
        page.goto("/t/cup/print/standings/?after=1")
        assert page.locator("table.standings tbody tr").count() == 9
        assert_accessible(page)
    desktop.emulate_media(media="print")
    shoot(desktop, "standings-print-media")
    desktop.goto("/t/cup/print/sheet-5/")
    assert_accessible(desktop)
    shoot(desktop, "score-sheet-5-print-media")
