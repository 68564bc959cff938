"""The player's page (public, a merged record's address redirects), registering a player after finding
them, and the merge pages (staff and club organizers; side by side; undo)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import PlayerFactory, logged_in
from tournaments import services
from tournaments.participants.models import Player, PlayerMerge

pytestmark = pytest.mark.django_db


def test_the_player_page_lists_the_public_tournaments_newest_first(season: Any) -> None:
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    season.kovacs.refresh_from_db()
    html = Client().get(f"/players/{season.kovacs.pk}/").content.decode()
    assert html.index("Téli kupa") < html.index("Őszi kupa")
    assert "of 4" in html  # the field's size
    assert "HU-7" not in html  # never the external id, gender or birth year
    assert "1970" not in html
    assert f"/t/{season.first.slug}/players/{season.kovacs.pk}/" in html  # the tournament's player page


def test_a_merged_records_address_leads_to_the_kept_record(season: Any) -> None:
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    response = Client().get(f"/players/{season.kovacs2.pk}/")
    assert response.status_code == 302
    assert response["Location"] == f"/players/{season.kovacs.pk}/"
    assert Client().get("/players/999999/").status_code == 404


def test_a_private_tournament_is_not_on_the_public_page(season: Any) -> None:
    season.second.is_public = False
    season.second.save()
    assert "Téli kupa" not in Client().get(f"/players/{season.kovacs2.pk}/").content.decode()


def test_the_tournaments_player_page_links_to_the_person(season: Any) -> None:
    html = Client().get(f"/t/{season.first.slug}/players/{season.kovacs.pk}/").content.decode()
    assert f'href="/players/{season.kovacs.pk}/"' in html


def test_registering_finds_the_person_before_making_a_new_record(season: Any) -> None:
    client = logged_in(season.staff)
    url = f"/t/{season.first.slug}/manage/players/"
    assert Client().get(url).status_code == 302  # to the login
    found = client.get(url, {"q": "kovacs anna"}).content.decode()
    assert "Kovács Anna" in found
    assert "Kovacs Anna" in found
    # a new record with a known name: the existing ones are shown first, the typed values kept
    asked = client.post(
        url, {"action": "create", "name": "Kovacs Anna", "external_id": "NEW-1", "rating": "1500"}
    )
    html = asked.content.decode()
    assert "exist already" in html
    assert 'value="NEW-1"' in html
    assert 'value="1500"' in html
    assert Player.objects.filter(external_id="NEW-1").count() == 0
    # the organizer picks the existing person
    picked = client.post(url, {"action": "register", "player": season.kovacs2.pk})
    assert picked.status_code == 302
    assert season.first.registrations.filter(player=season.kovacs2).exists()
    # or insists on a new record
    made = client.post(
        url, {"action": "create", "name": "Kovacs Anna", "external_id": "NEW-1", "confirm_new": "1"}
    )
    assert made.status_code == 302
    assert season.first.registrations.filter(player__external_id="NEW-1").exists()


def test_a_refused_new_player_keeps_what_was_typed(season: Any) -> None:
    client = logged_in(season.staff)
    url = f"/t/{season.first.slug}/manage/players/"
    response = client.post(url, {"action": "create", "name": "Újonc Ödön", "rating": "lots"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="Újonc Ödön"' in html
    assert 'value="lots"' in html
    assert not Player.objects.filter(name="Újonc Ödön").exists()


def test_merging_on_the_page_side_by_side_then_undoing(season: Any) -> None:
    client = logged_in(season.staff)
    assert b"/players/merges/" in client.get("/manage/?all=1").content  # where an organizer finds it
    assert Client().get("/players/merge/").status_code == 302
    assert logged_in(get_user_model().objects.create_user("nobody")).get("/players/merge/").status_code == 403
    page = client.get(
        "/players/merge/", {"q1": "kovacs", "kept": season.kovacs.pk, "merged": season.kovacs2.pk}
    ).content.decode()
    assert "Őszi kupa" in page
    assert "Téli kupa" in page  # both records' tournaments, side by side
    assert "HU-7" in page
    done = client.post(
        "/players/merge/", {"kept": season.kovacs.pk, "merged": season.kovacs2.pk, "reason": "same"}
    )
    assert done.status_code == 302
    merge = PlayerMerge.objects.get()
    listed = client.get("/players/merges/").content.decode()
    assert f"/players/merges/{merge.pk}/undo/" in listed
    assert client.post(f"/players/merges/{merge.pk}/undo/").status_code == 302
    merge.refresh_from_db()
    assert merge.undone_at is not None
    refused = client.post(f"/players/merges/{merge.pk}/undo/")
    assert refused.status_code == 409
    assert "undone already" in refused.content.decode()


def test_a_refused_merge_says_why_on_the_page(season: Any) -> None:
    client = logged_in(season.staff)
    response = client.post("/players/merge/", {"kept": season.kovacs.pk, "merged": season.others[0].pk})
    assert response.status_code == 409
    assert "Őszi kupa" in response.content.decode()
    assert PlayerMerge.objects.count() == 0


def test_a_club_organizer_may_merge_only_their_clubs_records(season: Any) -> None:
    organizer = get_user_model().objects.create_user("clubber")
    season.club.organizers.add(organizer)
    client = logged_in(organizer)
    twin = PlayerFactory(name="Kovács A.", club=season.club)
    refused = client.post("/players/merge/", {"kept": season.kovacs.pk, "merged": season.kovacs2.pk})
    assert refused.status_code == 403
    assert client.post("/players/merge/", {"kept": season.kovacs.pk, "merged": twin.pk}).status_code == 302


def test_a_merged_records_line_in_a_tournament_leads_to_the_kept_records(season: Any) -> None:
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    response = Client().get(f"/t/{season.second.slug}/players/{season.kovacs2.pk}/")
    assert response.status_code == 302
    assert response["Location"] == f"/t/{season.second.slug}/players/{season.kovacs.pk}/"
    assert Client().get(response["Location"]).status_code == 200
