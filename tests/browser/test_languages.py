"""A visitor reads the site in their browser's language and switches it with the HU/EN/DE links."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import assert_accessible, shoot


def test_it_switches_language_and_keeps_it_across_pages(cup: Any, new_phone: Any) -> None:
    phone = new_phone("hu-HU")
    phone.goto(f"/t/{cup.slug}/standings/")
    assert phone.locator("html").get_attribute("lang") == "hu"
    assert phone.get_by_role("link", name="Tabella").count() >= 1
    shoot(phone, "language-hu-standings")

    phone.get_by_role("link", name="DE", exact=True).click()
    phone.wait_for_url(f"**/t/{cup.slug}/standings/")
    assert phone.locator("html").get_attribute("lang") == "de"
    assert phone.get_by_role("heading", name="Rangliste").count() >= 1
    shoot(phone, "language-de-standings")
    assert_accessible(phone)

    phone.get_by_role("link", name="Tischeinteilung").first.click()  # the choice stays on the next page
    assert phone.locator("html").get_attribute("lang") == "de"
    phone.get_by_role("link", name="EN", exact=True).click()
    assert phone.get_by_role("link", name="Pairings").count() >= 1


def test_it_shows_the_glossary_and_the_organizers_login_on_any_screen(
    cup: Any, screenshots: Any, phone: Any, desktop: Any
) -> None:
    screenshots("/glossary/?game=hungarian", "glossary")
    assert phone.get_by_text("tarokk I, the lowest trump").count() == 1
    assert_accessible(phone)
    screenshots("/accounts/login/", "login")
    assert desktop.get_by_label("Username").count() == 1
    assert_accessible(desktop)
