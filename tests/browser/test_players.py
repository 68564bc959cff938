"""One person across tournaments, in a browser on a phone: the organizer finds an existing player before
registering a new one (accents ignored), merges two records after seeing them side by side, and the
public page of the person. Screenshots (artifacts/screenshots/players-*) and axe-core on each page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import assert_accessible, shoot
from tests.factories import PlayerFactory
from tournaments.participants.models import PlayerMerge

pytestmark = pytest.mark.browser


def test_the_organizer_finds_registers_and_merges_on_a_phone(
    cup: Any, organizer_user: Any, phone: Any
) -> None:
    organizer_user.is_staff = True
    organizer_user.save()
    known = PlayerFactory(name="Kovács Ödön", club=None, external_id="HU-42")
    twin = PlayerFactory(name="Kovacs Odon", club=None)
    phone.goto("/t/cup/manage/players/")
    phone.get_by_label("Username").fill("organizer")
    phone.get_by_label("Password").fill("pw-org-12345")
    phone.get_by_role("button", name="Sign in").click()
    phone.wait_for_url(re.compile(r"/manage/players/$"))

    phone.get_by_label("Name, club or external id").fill("kovacs odon")
    phone.get_by_role("button", name="Find").click()
    shoot(phone, "players-register-found")
    assert_accessible(phone)
    register = phone.get_by_role("button", name="Register Kovács Ödön")
    assert register.bounding_box()["height"] >= 44  # a tap target
    register.click()
    phone.get_by_text("Kovács Ödön is registered and checked in.").wait_for()
    assert cup.registrations.filter(player=known).exists()

    phone.goto(f"/players/merge/?q1=HU-42&q2=kovacs&kept={known.pk}&merged={twin.pk}")
    shoot(phone, "players-merge-side-by-side")
    assert_accessible(phone)
    assert phone.locator(".side-by-side > section").count() == 2
    phone.get_by_label("Reason").fill("the same Ödön")
    phone.get_by_role("button", name="Merge", exact=True).click()
    phone.wait_for_url(re.compile(r"/players/merges/$"))
    shoot(phone, "players-merges")
    assert PlayerMerge.objects.get().reason == "the same Ödön"

    phone.goto(f"/players/{twin.pk}/")  # the merged record's address: the kept person's page
    phone.wait_for_url(re.compile(rf"/players/{known.pk}/$"))
    shoot(phone, "players-profile")
    assert_accessible(phone)
    assert phone.get_by_role("link", name="Őszi Kupa 2026").is_visible()
