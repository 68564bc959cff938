"""Provisional points in a browser (issue 21 §2): during round 2, with two hands entered at its 4-table, the
standings, a player's page, the projector and the printed standings show the round's points with the mark
and the legend in words, pass axe-core, and are saved as screenshots at phone and desktop sizes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.site_data import play_table
from tournaments.draw.models import Round

pytestmark = pytest.mark.browser

LEGEND = "provisional: the round is still being played."


@pytest.fixture
def four_players(cup: Any, organizer_user: Any) -> list[int]:
    """Two hands entered at round 2's 4-table (the 5-table has none); its players' ids."""
    four = min(Round.objects.get(tournament=cup, number=2).tables.all(), key=lambda t: t.seats.count())
    play_table(four, organizer_user, hands=2)
    return list(four.seats.values_list("player_id", flat=True))


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_standings_and_player_page_show_the_mark_and_the_legend(
    four_players: list[int], size: str, request: Any
) -> None:
    page = request.getfixturevalue(size)
    page.goto("/t/cup/standings/")
    assert page.locator("td.prov").count() == 4 * 3  # round 2, total and table points of the 4-table
    assert page.locator("td.prov .prov-mark").first.inner_text() == "°"
    legend = page.locator(".legend-provisional")
    assert legend.is_visible()
    assert LEGEND in legend.inner_text()
    assert_accessible(page)
    shoot(page, "provisional-standings")

    page.goto(f"/t/cup/players/{four_players[0]}/")
    assert page.locator(".player-rounds td.prov").count() == 3  # table points, place, rank of round 2
    assert page.locator(".legend-provisional").is_visible()
    assert page.locator("circle.dot-prov").count() == 1
    assert_accessible(page)
    shoot(page, "provisional-player")


def test_projector_and_print_show_the_mark_and_the_legend(four_players: list[int], desktop: Any) -> None:
    desktop.set_viewport_size({"width": 1920, "height": 1080})
    desktop.goto("/t/cup/projector/?interval=4&poll=30")
    desktop.wait_for_function("document.querySelector('[data-projector]').dataset.slide === 'standings-0'")
    desktop.wait_for_timeout(400)  # the fade-in
    legend = desktop.locator(".pj-legend")
    assert legend.is_visible()  # above the rows: on every page of a long list
    assert legend.inner_text().startswith("° " + LEGEND)
    assert desktop.locator("td.pj-r.prov:visible").count() == 4
    shoot(desktop, "provisional-projector")
    assert_accessible(desktop)

    desktop.set_viewport_size({"width": 1280, "height": 800})
    desktop.goto("/t/cup/print/standings/")
    assert desktop.locator("td.round.prov").count() == 4
    assert LEGEND in desktop.locator(".doc-foot").inner_text()
    assert "during round 2" in desktop.locator("h1").inner_text()
    shoot(desktop, "provisional-print")
