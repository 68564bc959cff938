"""The organizer's pages read on a phone (issue 21 §1): measured with test_layout.py's MEASURE.

At 360×740, 390×844 and 1280×800 (and at 360 px in German, whose words are longest), signed in as the
tournament's organizer: the sign-in page, "My tournaments", the dashboard, the round page in each state
(in play with its progress table, a pending hand, a dispute and a hand confirmed on one phone; closed;
draft with the draw edit form; published), the disputes list (open, then settled) and a dispute page (open
with its "enter what was really played" form in both modes, then resolved):

* the page is no wider than the screen and nothing sticks out of the viewport sideways, also not inside a
  box that scrolls;
* on the phone sizes every interactive element is at least 44×44 px (a link inside a sentence excepted);
* no request of the page fails.

One tournament (test_layout.py's site: round 1 closed, round 2 in play), one browser, one signed-in
context per size kept for the three states of the day. Screenshots (English) go to
artifacts/screenshots/layout-org-<page>-<width>.png.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.utils import timezone

from tests.browser.conftest import assert_accessible, shoot
from tests.browser.test_layout import (
    DESKTOP,
    PHONE_360,
    PHONE_390,
    layout_problems,
    layout_site,
    seat_player,
)
from tests.site_data import finish_round
from tournaments import services
from tournaments.draw.models import Job, Round
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, HandSubmission

pytestmark = pytest.mark.browser

SIZES = [("en", PHONE_360), ("en", PHONE_390), ("en", DESKTOP), ("de", PHONE_360)]
CARDS = {"round-in_play", "dashboard-rounds", "disputes-open", "disputes-settled"}  # axe-checked at 360 px


def measure(page: Any, name: str, language: str, width: int) -> list[str]:
    """The problems of the page now in view (and its screenshot, in English)."""
    if language == "en":
        shoot(page, f"layout-org-{name}")
    return layout_problems(page, f"{name} at {width}px ({language})", width)


def sign_in(page: Any) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("organizer")
    page.locator("#id_password").fill("pw-org-12345")
    page.locator("form[action$='/accounts/login/'] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/manage/$"))  # "My tournaments": the organizer runs two


def test_every_organizer_page_fits_the_screen(organizer_user: Any, live_server: Any, browser: Any) -> None:
    site = layout_site(organizer_user)
    cup, five, four = site["cup"], site["five"], site["four"]
    # a hand a second seat confirmed on the phone it was entered on: "1 on one phone" in the progress
    deal4 = services.next_deal(five, 4)
    pays = {p: 0 for p in "ABCDE"} | {deal4.active[0]: 6, deal4.active[1]: -2, deal4.active[2]: -2}
    pays[deal4.active[3]] = -2
    entered = services.hand_submit(
        table=five, number=4, source="payments", data={"payments": pays}, submitted_by=seat_player(five, "A")
    )
    services.hand_confirm(entered, seat_player(five, "B"), same_device=True)
    dispute = Dispute.objects.get(hand__table=four)
    # a second tournament of the organizer's, so that "My tournaments" lists them instead of redirecting
    spring = Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Tavaszi Pagát-emlékverseny, Budapest",
        slug="spring",
        venue="Budapest",
        starts_on=date(2027, 3, 6),
    )
    spring.organizers.add(organizer_user)

    problems: list[str] = []
    failed: list[str] = []
    pages: list[tuple[str, dict[str, Any], Any]] = []
    try:
        for language, options in SIZES:
            context = browser.new_context(base_url=live_server.url, locale=language, **options)
            context.set_default_timeout(10_000)
            page = context.new_page()
            # a refused POST (409: "cannot close") is the page's answer; a GET that fails is a fault
            page.on(
                "response",
                lambda r: (
                    r.status >= 400 and r.request.method == "GET" and failed.append(f"{r.status} {r.url}")
                ),
            )
            pages.append((language, options, page))
            page.goto("/accounts/login/")
            problems += measure(page, "login", language, options["viewport"]["width"])
            sign_in(page)

        def visit(urls: list[tuple[str, str]]) -> None:
            for language, options, page in pages:
                for name, url in urls:
                    page.goto(url)
                    problems.extend(measure(page, name, language, options["viewport"]["width"]))
                    if page is pages[0][2] and name in CARDS:
                        assert_accessible(page)  # rows laid out as cards stay a table for screen readers

        # round 2 in play: a pending hand, a dispute, a hand confirmed on one phone
        visit(
            [
                ("mine", "/manage/"),
                ("dashboard", "/t/cup/manage/"),
                ("round-in_play", "/t/cup/manage/rounds/2/"),
                ("round-closed", "/t/cup/manage/rounds/1/"),
                ("disputes-open", "/t/cup/manage/disputes/"),
                ("dispute-open", f"/t/cup/manage/disputes/{dispute.pk}/"),
                ("dispute-enter-summary", f"/t/cup/manage/disputes/{dispute.pk}/?enter=summary#enter"),
            ]
        )
        # "Close the round" while tables still play: the page asks first (the timer runs) or refuses
        for language, options, page in pages:
            page.goto("/t/cup/manage/rounds/2/")
            page.locator("button[name=go][value=close]").click()
            page.wait_for_selector("#confirm-close, .msg-error")
            problems.extend(measure(page, "round-close-asked", language, options["viewport"]["width"]))
        round2 = Round.objects.get(tournament=cup, number=2)
        assert round2.status == "in_play"
        progress = pages[0][2]
        progress.goto("/t/cup/manage/rounds/2/")
        assert progress.locator("[data-same-device]").count() == 1  # the state the page was measured in
        assert progress.locator("table.progress .badge-pending").count() == 1

        # the dispute settled, round 2 closed, round 3 drawn: the draft with its edit form
        first = HandSubmission.objects.filter(hand=dispute.hand).order_by("version").first()
        services.dispute_resolve(dispute, resolved_by=organizer_user, chosen=first)
        pending = HandSubmission.objects.get(hand__table=four, hand__number=3, status="pending")
        services.hand_confirm(pending, seat_player(four, "D"))
        finish_round(round2, organizer_user)
        round3 = services.round_generate(cup, seed="layout-3", by=organizer_user)
        visit(
            [
                ("dashboard-rounds", "/t/cup/manage/"),
                ("round-draft", "/t/cup/manage/rounds/3/"),
                ("disputes-settled", "/t/cup/manage/disputes/"),
                ("dispute-resolved", f"/t/cup/manage/disputes/{dispute.pk}/"),
            ]
        )
        progress.goto("/t/cup/manage/rounds/3/")
        assert progress.locator("#edit-player").count() == 1  # the draw edit form was there

        services.round_confirm(round3, by=organizer_user)
        services.round_publish(round3, by=organizer_user)
        visit([("round-published", "/t/cup/manage/rounds/3/")])

        # the planned rounds played: the dashboard offers "Finish the tournament" and an extra round
        services.round_start(round3, by=organizer_user)
        finish_round(round3, organizer_user)
        visit([("dashboard-finish", "/t/cup/manage/")])
        progress.goto("/t/cup/manage/")
        assert progress.locator(".finish-form").count() == 1
        progress.locator(".extra-round summary").click()  # the extra round's form open, measured too
        problems.extend(measure(progress, "dashboard-extra", "en", 360))

        # finished, then re-opened with a reason (issue 32 §1): the form, its refusal, the record shown
        services.tournament_finish(cup, by=organizer_user)
        for language, options, page in pages:
            width = options["viewport"]["width"]
            page.goto("/t/cup/manage/")
            page.locator("details.reopen summary").click()
            problems.extend(measure(page, "dashboard-reopen", language, width))
            page.locator("button[name=go][value=reopen]").click()  # no reason: the service refuses it
            page.wait_for_selector(".msg-error")
            assert page.locator(".msg-error").is_visible()
            assert page.locator("#reopen-reason").is_visible()  # the form stays open beside its error
            problems.extend(measure(page, "dashboard-reopen-refused", language, width))
        cup.refresh_from_db()
        assert cup.finished_at is not None
        progress.locator("#reopen-reason").fill("Table 3's hand 5 was entered for the wrong seats")
        progress.locator("button[name=go][value=reopen]").click()
        progress.wait_for_selector(".reopenings")
        cup.refresh_from_db()
        assert cup.finished_at is None
        visit([("dashboard-reopened", "/t/cup/manage/"), ("home-reopened", "/t/cup/")])
        assert "wrong seats" in progress.locator(".reopenings").inner_text()

        # a draw the worker has not taken yet: its job page, and the dashboard that follows it
        job = Job.objects.create(
            kind=Job.Kind.GENERATE,
            tournament=cup,
            round_number=4,
            params={
                "method": "swiss",
                "seed": "a-seed-the-organizer-typed-that-is-rather-long-0123456789",
            },
            requested_by=organizer_user,
            enqueued_at=timezone.now(),
        )
        visit([("job", f"/t/cup/manage/jobs/{job.pk}/"), ("dashboard-job", "/t/cup/manage/")])
    finally:
        for _, _, page in pages:
            page.context.close()
    problems += [f"failed request: {f}" for f in failed]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
