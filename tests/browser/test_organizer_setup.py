"""A club day's new organizer pages in a browser (issue 31 §4), at 360 px and 1280 px (and German at 360
px, whose words are longest), measured with test_layout.py's MEASURE as test_layout_organizer.py measures
the others: nothing outside the screen, every tap target at least 44×44 px on the phone, no request that
fails, axe-core's serious rules on the phone.

The organizer of a club creates a Cego tournament (the game's presets and table sizes follow the game's
select), sees its format, is refused a bad one (the error summary), pastes a list with a bad line, checks
a player in, edits a newcomer's record, and, in a one-round tournament played out, is asked before
finishing. Screenshots: artifacts/screenshots/setup-<page>-<width>.png (and /tmp/shots-organizer/ when
that folder exists, for a person to look at).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.games import GAMES
from tests.browser.conftest import assert_accessible, shoot
from tests.browser.test_layout import DESKTOP, PHONE_360, layout_problems
from tests.factories import PlayerFactory
from tests.site_data import finish_round, start_round
from tournaments import services
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Registration

pytestmark = pytest.mark.browser

SIZES = [("en", PHONE_360), ("en", DESKTOP), ("de", PHONE_360)]
SHOTS = Path("/tmp/shots-organizer")


def measure(page: Any, name: str, language: str, width: int) -> list[str]:
    """The problems of the page now in view; its screenshot (copied to /tmp/shots-organizer/ if there)."""
    path = shoot(page, f"setup-{name}-{language}")
    if SHOTS.is_dir():
        shutil.copy(path, SHOTS / path.name)
    return layout_problems(page, f"{name} at {width}px ({language})", width)


def sign_in(page: Any) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("organizer")
    page.locator("#id_password").fill("pw-org-12345")
    page.locator("form[action$='/accounts/login/'] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/manage/"))


def test_a_club_day_on_a_phone_and_a_desktop(organizer_user: Any, live_server: Any, browser: Any) -> None:
    club = Club.objects.create(name="Szegedi Tarokk Kör", city="Szeged")
    club.organizers.add(organizer_user)
    # a one-round tournament played out: its dashboard asks before finishing
    one_round = {"rounds_planned": 1, "deals_per_round_4": 1, "deals_per_round_5": 1, "club": club}
    played = Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Tavaszi Kupa",
        slug="played",
        starts_on="2027-03-06",
        **one_round,
    )
    for player in PlayerFactory.create_batch(8):
        services.player_register(played, player, check_in=True, by=organizer_user)
    finish_round(start_round(played, organizer_user, "played-1"), organizer_user)

    problems: list[str] = []
    failed: list[str] = []
    for index, (language, options) in enumerate(SIZES):
        width = options["viewport"]["width"]
        context = browser.new_context(base_url=live_server.url, locale=language, **options)
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.on(
            "response",
            lambda r: r.status >= 400 and r.request.method == "GET" and failed.append(f"{r.status} {r.url}"),
        )
        try:
            sign_in(page)
            page.goto("/manage/?all=1")
            page.locator("a[href='/manage/new/']").first.click()
            page.wait_for_url(re.compile(r"/manage/new/$"))
            problems += measure(page, "new", language, width)
            if index == 0:
                assert_accessible(page)
            # the game's select shows that game's presets and table sizes, and a preset fills in its format
            page.locator("#f-game").select_option("cego")
            shown = page.locator("#f-rules_preset option").evaluate_all("os => os.map(o => o.value)")
            assert shown == list(GAMES["cego"].presets)
            assert page.locator("[data-size='5']").is_hidden()
            assert page.locator("#f-size-3").is_checked()
            slug = f"cego-{index}"
            page.locator("#f-name").fill(f"Szegedi Cego-nap {index}")
            page.locator("#f-slug").fill(slug)
            page.locator("#f-rounds_planned").fill("3")
            page.locator("form.setup-form button[type=submit]").click()
            page.wait_for_url(re.compile(rf"/t/{slug}/manage/$"))
            created = Tournament.objects.get(slug=slug)
            assert (created.game, created.rules_preset, created.rounds_planned) == ("cego", "ichenheim", 3)

            page.goto(f"/t/{slug}/manage/format/")
            problems += measure(page, "format", language, width)
            page.locator("#f-table_points_3").fill("2, 1, x")
            page.locator("#f-deals_per_round_3").fill("lots")
            page.locator("form.format-form button[type=submit]").first.click()
            page.wait_for_selector("#error-summary")
            assert page.locator("#error-summary li").count() == 2
            problems += measure(page, "format-refused", language, width)
            if index == 0:
                assert_accessible(page)
            # a game played live, round 1 played: its live tables' settings stay editable, refused by field
            page.goto("/t/played/manage/format/")
            page.locator("#f-live_grace_seconds").fill("3")
            page.locator("form.format-form button[type=submit]").first.click()
            page.wait_for_selector("#error-summary")
            assert page.locator("#error-summary a[href='#f-live_grace_seconds']").count() == 1
            problems += measure(page, "format-live-refused", language, width)
            if index == 0:
                assert_accessible(page)

            page.goto(f"/t/{slug}/manage/players/")
            page.locator("#f-list").fill(
                f"Kovács Anna; Szegedi Tarokk Kör; 1500\nTóth Csaba {index}\t\t1320\nVarga Dóra; X; Y; Z"
            )
            page.locator("#paste button[type=submit]").click()
            page.wait_for_selector(".list-report")
            assert page.locator("#f-list").input_value() == "Varga Dóra; X; Y; Z"
            problems += measure(page, "players-pasted", language, width)
            if index == 0:
                assert_accessible(page)
            page.locator(".desk-line", has_text=f"Tóth Csaba {index}").locator(
                "button", has_text=re.compile("Check in|Einchecken")
            ).click()
            page.wait_for_url(re.compile(r"/manage/players/#players$"))
            assert (
                created.registrations.get(player__name=f"Tóth Csaba {index}").status
                == Registration.Status.CHECKED_IN
            )
            problems += measure(page, "players", language, width)
            newcomer = created.registrations.get(player__name=f"Tóth Csaba {index}").player_id
            page.goto(f"/t/{slug}/manage/players/{newcomer}/")
            page.locator("#f-rating").fill("lots")
            page.locator("form.card button[type=submit]").click()
            page.wait_for_selector("#error-summary")
            problems += measure(page, "player-edit-refused", language, width)

            page.goto("/t/played/manage/")
            page.locator("button[name=go][value=finish]").click()
            page.wait_for_selector("#confirm-finish")
            problems += measure(page, "finish-asked", language, width)
            if index == len(SIZES) - 1:
                page.locator("button[name=go][value=finish-confirmed]").click()
                page.wait_for_url(re.compile(r"/t/played/manage/$"))
                played.refresh_from_db()
                assert played.finished_at is not None
        finally:
            context.close()
    problems += [f"failed request: {f}" for f in failed]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
