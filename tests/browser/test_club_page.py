"""A club's page and its new-tournament page on a phone (issue 24 §5), measured like test_layout.py: the
page is no wider than the screen, nothing sticks out sideways, every control is a 44 px target, no request
fails, and axe finds nothing serious. Screenshots go to artifacts/screenshots/club-*."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import assert_accessible, shoot
from tests.browser.test_layout import PHONE_360, layout_problems
from tests.factories import PlayerFactory, TournamentFactory
from tournaments.organizing.models import Club, Tournament
from tournaments.ratings.models import PlayerRating
from tournaments.series.models import Series

pytestmark = pytest.mark.browser


def test_a_clubs_pages_fit_a_phone(transactional_db: Any, live_server: Any, browser: Any) -> None:
    organizer = get_user_model().objects.create_user("klub", password="pw-klub-12345")
    club = Club.objects.create(name="Budapesti Tarokk Egyesület és Baráti Kör", city="Budapest")
    club.organizers.add(organizer)
    TournamentFactory(
        name="Tavaszi Kupa", slug="tavasz", club=club, starts_on=date(2027, 3, 6), venue="Klubház"
    )
    TournamentFactory(name="Őszi Kupa", slug="osz", club=club, status=Tournament.Status.FINISHED)
    TournamentFactory(name="Titkos est", slug="titkos", club=club, is_public=False)
    Series.objects.create(
        game="hungarian", name="Budapesti Kupa", slug="bp-kupa", club=club, season="2026/27"
    )
    for n, name in enumerate(["Kovács Anna", "Bíró Béla", "Szentgyörgyváryné Kisfaludy Erzsébet"]):
        player = PlayerFactory(name=name, club=club)
        PlayerRating.objects.create(player=player, game="hungarian", mu=25 + n, sigma=3, ordinal=16.0 + n)
    problems: list[str] = []
    for language in ("en", "hu"):
        context = browser.new_context(base_url=live_server.url, locale=language, **PHONE_360)
        try:
            page = context.new_page()
            failed: list[str] = []
            page.on(
                "response", lambda r, failed=failed: r.status >= 400 and failed.append(f"{r.status} {r.url}")
            )
            club_url = "/clubs/budapesti-tarokk-egyesulet-es-barati-kor/"
            visits = [("club", club_url), ("clubs", "/clubs/"), ("login", None)]
            visits += [("club-organizer", club_url), ("club-new", club_url + "tournaments/new/")]
            for name, url in visits:
                if url is None:  # sign in as the club's organizer
                    page.goto(f"/accounts/login/?next={club_url}")
                    page.fill("input[name=username]", "klub")
                    page.fill("input[name=password]", "pw-klub-12345")
                    page.locator("form button[type=submit]").click()
                    page.wait_for_selector("text=Titkos est")
                    continue
                page.goto(url)
                assert ("Titkos est" in page.content()) == (name == "club-organizer"), name  # private
                if language == "en":
                    shoot(page, f"club-{name}")
                problems += layout_problems(page, f"{name} ({language})", 360)
                assert_accessible(page)
            problems += [f"failed request ({language}): {f}" for f in failed]
        finally:
            context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
