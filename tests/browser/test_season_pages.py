"""The pages between tournaments on a phone (360 px) and a desktop (1280 px), filled by ``demo --season``:
a cup's ranking and a player's line in it, the rating lists, a player's page (series, rating over time,
statistics) and a tournament's statistics. Measured like test_layout.py: no wider than the screen, nothing
sticks out sideways, every control a 44 px target on the phone, no request fails, axe finds nothing
serious. Screenshots go to artifacts/screenshots/season-*."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from tests.browser.conftest import DESKTOP, assert_accessible, shoot
from tests.browser.test_layout import PHONE_360, layout_problems
from tournaments.series.models import MAIN_RANKING, Series, SeriesStanding

pytestmark = pytest.mark.browser


def test_the_season_pages_fit_a_phone_and_a_desktop(
    transactional_db: Any, live_server: Any, browser: Any
) -> None:
    call_command("demo", season=True, deals=1, rounds=2, stdout=open("/dev/null", "w"))  # noqa: SIM115
    series = Series.objects.get(slug="demo-kupa-2026")
    leader = (
        SeriesStanding.objects.filter(series=series, ranking=MAIN_RANKING).order_by("rank").first().player
    )
    qualifier = series.tournaments.order_by("starts_on").first()
    pages = [
        ("series", f"/series/{series.slug}/"),
        ("series-side", f"/series/{series.slug}/?ranking=nok"),
        ("series-player", f"/series/{series.slug}/players/{leader.pk}/"),
        ("ratings", "/ratings/"),
        ("rating-list", f"/ratings/{series.game}/"),
        ("player", f"/players/{leader.pk}/"),
        ("statistics", f"/t/{qualifier.slug}/statistics/"),
    ]
    problems: list[str] = []
    for size, options, width in (("360", PHONE_360, 360), ("1280", DESKTOP, 1280)):
        context = browser.new_context(base_url=live_server.url, locale="hu", **options)
        try:
            page = context.new_page()
            failed: list[str] = []
            page.on(
                "response", lambda r, failed=failed: r.status >= 400 and failed.append(f"{r.status} {r.url}")
            )
            for name, url in pages:
                page.goto(url)
                shoot(page, f"season-{name}-{size}")
                problems += layout_problems(page, f"{name} ({size})", width)
                assert_accessible(page)
            problems += [f"failed request ({size}): {f}" for f in failed]
        finally:
            context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
