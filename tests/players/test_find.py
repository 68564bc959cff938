"""Finding a player when registering: by name (accents and case folded), club, external id; a merged
record is never offered, its kept record is."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import ClubFactory, PlayerFactory
from tournaments import selectors, services

pytestmark = pytest.mark.django_db


def names(found: list[Any]) -> list[str]:
    return [p.name for p in found]


def test_a_name_is_found_without_its_accents_and_in_any_case_or_order() -> None:
    PlayerFactory(name="Kovács Ödön", club=None)
    PlayerFactory(name="Szabó Éva", club=None)
    assert names(selectors.players_find("kovacs")) == ["Kovács Ödön"]
    assert names(selectors.players_find("ODON kov")) == ["Kovács Ödön"]
    assert names(selectors.players_find("szabo eva")) == ["Szabó Éva"]
    assert selectors.players_find("nobody") == []


def test_the_club_and_the_external_id_narrow_the_search() -> None:
    buda, pest = ClubFactory(name="Budai Klub"), ClubFactory(name="Pesti Klub")
    PlayerFactory(name="Nagy Péter", club=buda, external_id="HU-1")
    PlayerFactory(name="Nagy Péter", club=pest, external_id="HU-2")
    assert len(selectors.players_find("nagy")) == 2
    assert [p.club for p in selectors.players_find("nagy", club="budai")] == [buda]
    assert [p.club for p in selectors.players_find("nagy", club=pest)] == [pest]
    assert [p.external_id for p in selectors.players_find("", external_id="HU-2")] == ["HU-2"]
    assert [p.external_id for p in selectors.players_find("HU-1")] == ["HU-1"]  # typed as the query
    assert [p.club for p in selectors.players_find("nagy pesti")] == [pest]  # words of the club's name
    assert len(selectors.players_find("nagy", limit=1)) == 1


def test_a_merged_record_is_never_offered_but_its_kept_record_is(season: Any) -> None:
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    assert selectors.players_find("kovacs anna") == [season.kovacs]
    season.kovacs2.refresh_from_db()
    season.kovacs2.external_id = "OLD-9"
    season.kovacs2.save()
    assert selectors.players_find("", external_id="OLD-9") == [season.kovacs]
