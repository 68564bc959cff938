"""Tournaments, clubs, players, registrations and penalties through HTTP, for every role."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from tests.api.conftest import client_with_token, player_client
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player, Registration
from tournaments.results.models import Penalty

pytestmark = pytest.mark.django_db

CUP = "/api/v1/tournaments/cup/"


def errors(response) -> list[dict]:
    return response.json()["errors"]


def fields(response) -> set:
    return {e["field"] for e in errors(response)}


@pytest.fixture
def staff():
    user = get_user_model().objects.create_user("staffer", email="staff@example.org", is_staff=True)
    return user, client_with_token(user)


@pytest.fixture
def private_cup(organizer_user):
    tournament = TournamentFactory(slug="private-cup", name="Private cup", is_public=False)
    tournament.organizers.add(organizer_user)
    return tournament


# --- tournaments ---------------------------------------------------------------------------------------


def test_it_lists_public_tournaments_to_everyone_and_own_private_ones_to_organizers(
    anonymous, organizer, other_organizer, superuser, tournament, private_cup
) -> None:
    TournamentFactory(slug="drafty", status=Tournament.Status.DRAFT)
    public = {t["slug"] for t in anonymous.get("/api/v1/tournaments/").json()["results"]}
    assert "cup" in public
    assert "private-cup" not in public
    assert "drafty" not in public
    own = {t["slug"] for t in organizer.get("/api/v1/tournaments/").json()["results"]}
    assert {"cup", "private-cup"} <= own
    assert "drafty" not in own
    other = {t["slug"] for t in other_organizer.get("/api/v1/tournaments/").json()["results"]}
    assert "private-cup" not in other
    assert "other-cup" in other
    everything = {t["slug"] for t in superuser.get("/api/v1/tournaments/?page_size=100").json()["results"]}
    assert {"cup", "private-cup", "drafty", "other-cup"} <= everything


def test_it_filters_orders_and_pages_tournaments(anonymous, tournament) -> None:
    TournamentFactory(slug="spring", name="Spring open", starts_on="2026-03-01")
    TournamentFactory(slug="autumn", name="Autumn open", starts_on="2026-10-01")
    named = anonymous.get("/api/v1/tournaments/?name=open&ordering=starts_on").json()
    assert [t["slug"] for t in named["results"]] == ["spring", "autumn"]
    reverse = anonymous.get("/api/v1/tournaments/?name=open&ordering=-starts_on").json()
    assert [t["slug"] for t in reverse["results"]] == ["autumn", "spring"]
    page = anonymous.get("/api/v1/tournaments/?page_size=1&ordering=name").json()
    assert page["count"] == 3
    assert len(page["results"]) == 1
    assert page["next"]
    assert page["results"][0]["slug"] == "autumn"
    after = anonymous.get("/api/v1/tournaments/?starts_after=2026-09-01&ordering=starts_on").json()
    assert [t["slug"] for t in after["results"]] == ["autumn", "cup"]


def test_it_shows_a_tournament_with_its_whole_format_and_an_etag(anonymous, tournament) -> None:
    response = anonymous.get(CUP)
    assert response.status_code == 200
    body = response.json()
    for name in ("rules_preset", "rules_options", "deals_per_round_4", "table_points_4", "tiebreaks",
                 "pairing_methods", "scoring", "bye_table_points", "version"):  # fmt: skip
        assert name in body
    assert "organizers" not in body
    assert response["ETag"] == f'"tournament-{tournament.pk}-v{tournament.version}"'


def test_it_hides_a_private_tournament_from_the_public_and_other_organizers(
    anonymous, organizer, other_organizer, private_cup
) -> None:
    assert anonymous.get("/api/v1/tournaments/private-cup/").status_code == 404
    assert other_organizer.get("/api/v1/tournaments/private-cup/").status_code == 404
    assert organizer.get("/api/v1/tournaments/private-cup/").status_code == 200
    assert anonymous.get("/api/v1/tournaments/private-cup/standings/").status_code == 404
    assert anonymous.get("/api/v1/tournaments/private-cup/players/").status_code == 404


def test_it_lets_staff_create_a_tournament_and_makes_them_its_organizer(staff) -> None:
    user, client = staff
    response = client.post(
        "/api/v1/tournaments/",
        {
            "slug": "winter",
            "name": "Winter cup",
            "game": "hungarian",
            "starts_on": "2026-12-05",
            "rounds_planned": 5,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    created = Tournament.objects.get(slug="winter")
    assert list(created.organizers.all()) == [user]
    assert response.json()["rounds_planned"] == 5
    assert response["ETag"] == f'"tournament-{created.pk}-v1"'
    edit = client.patch("/api/v1/tournaments/winter/", {"venue": "Budapest"}, format="json")
    assert edit.status_code == 200


def test_it_refuses_tournament_creation_to_anonymous_and_non_staff_users(anonymous, organizer) -> None:
    body = {"slug": "nope", "name": "Nope", "game": "hungarian", "starts_on": "2026-12-05"}
    assert anonymous.post("/api/v1/tournaments/", body, format="json").status_code == 401
    refused = organizer.post("/api/v1/tournaments/", body, format="json")
    assert refused.status_code == 403
    assert not Tournament.objects.filter(slug="nope").exists()


def test_it_names_the_field_of_a_bad_tournament_and_stores_nothing(staff, tournament) -> None:
    _, client = staff
    before = Tournament.objects.count()
    bad_type = client.post(
        "/api/v1/tournaments/",
        {"slug": "x1", "name": "X", "game": "hungarian", "starts_on": "someday"},
        format="json",
    )
    assert bad_type.status_code == 400
    assert fields(bad_type) == {"starts_on"}
    bad_format = client.post(
        "/api/v1/tournaments/",
        {
            "slug": "x2",
            "name": "X",
            "game": "hungarian",
            "starts_on": "2026-12-05",
            "tiebreaks": ["coin_toss"],
        },
        format="json",
    )
    assert bad_format.status_code == 400
    assert fields(bad_format) == {"tiebreaks"}
    taken = client.post(
        "/api/v1/tournaments/",
        {"slug": "cup", "name": "X", "game": "hungarian", "starts_on": "2026-12-05"},
        format="json",
    )
    assert taken.status_code == 409
    assert fields(taken) == {"slug"}
    bad_slug = client.post(
        "/api/v1/tournaments/",
        {"slug": "A B", "name": "X", "game": "hungarian", "starts_on": "2026-12-05"},
        format="json",
    )
    assert bad_slug.status_code == 400
    assert fields(bad_slug) == {"slug"}
    assert Tournament.objects.count() == before


def test_it_edits_a_tournament_with_if_match_and_refuses_a_stale_one_with_412(organizer, tournament) -> None:
    etag = organizer.get(CUP)["ETag"]
    first = organizer.patch(CUP, {"venue": "Szeged", "round_minutes": 70}, format="json", HTTP_IF_MATCH=etag)
    assert first.status_code == 200, first.content
    assert first.json()["venue"] == "Szeged"
    assert first.json()["version"] == tournament.version + 1
    assert first["ETag"] == f'"tournament-{tournament.pk}-v{tournament.version + 1}"'
    stale = organizer.patch(CUP, {"venue": "Pécs"}, format="json", HTTP_IF_MATCH=etag)
    assert stale.status_code == 412
    assert errors(stale)[0]["code"] == "precondition_failed"
    tournament.refresh_from_db()
    assert tournament.venue == "Szeged"
    wrong_object = organizer.patch(CUP, {"venue": "Pécs"}, format="json", HTTP_IF_MATCH='"tournament-999-v1"')
    assert wrong_object.status_code == 412


def test_it_lets_only_this_tournaments_organizers_edit_it(
    anonymous, other_organizer, superuser, tournament
) -> None:
    assert anonymous.patch(CUP, {"venue": "X"}, format="json").status_code == 401
    assert other_organizer.patch(CUP, {"venue": "X"}, format="json").status_code == 403
    assert superuser.patch(CUP, {"venue": "Root hall"}, format="json").status_code == 200
    tournament.refresh_from_db()
    assert tournament.venue == "Root hall"


def test_the_format_is_fixed_once_round_1_is_drawn(organizer, tournament) -> None:
    version = tournament.version
    refused = organizer.patch(CUP, {"venue": "Eger", "rounds_planned": 6}, format="json")
    assert refused.status_code == 409
    assert fields(refused) == {"rounds_planned"}
    assert errors(refused)[0]["message"] == "round 1 is drawn: the format can no longer change"
    same = organizer.patch(CUP, {"venue": "Eger", "rounds_planned": tournament.rounds_planned}, format="json")
    assert same.status_code == 200  # the format as it is: no change
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.version) == ("Eger", version + 1)


def test_it_names_the_bad_field_of_an_edit_and_changes_nothing(organizer, tournament) -> None:
    version = tournament.version
    bad = organizer.patch(CUP, {"table_points_4": [1, 2, 3, 4]}, format="json")
    assert bad.status_code == 400
    assert fields(bad) == {"table_points_4"}
    bad_type = organizer.patch(CUP, {"rounds_planned": "many"}, format="json")
    assert bad_type.status_code == 400
    assert fields(bad_type) == {"rounds_planned"}
    tournament.refresh_from_db()
    assert tournament.version == version
    assert tournament.table_points_4 == [10, 8, 6, 4]


def test_it_keeps_the_slug_of_an_existing_tournament(organizer, tournament) -> None:
    response = organizer.patch(CUP, {"slug": "renamed"}, format="json")
    assert response.status_code == 200
    assert Tournament.objects.filter(slug="cup").exists()
    assert not Tournament.objects.filter(slug="renamed")


# --- clubs -----------------------------------------------------------------------------------------------


def test_it_lists_filters_and_orders_clubs_for_everyone(anonymous, db) -> None:
    ClubFactory(name="Tarokk Pécs", city="Pécs")
    ClubFactory(name="Budai tarokk", city="Budapest")
    ClubFactory(name="Chess club", city="Budapest")
    found = anonymous.get("/api/v1/clubs/?name=tarokk&ordering=-name").json()
    assert [c["name"] for c in found["results"]] == ["Tarokk Pécs", "Budai tarokk"]
    in_city = anonymous.get("/api/v1/clubs/?city=budapest").json()
    assert [c["name"] for c in in_city["results"]] == ["Budai tarokk", "Chess club"]


def test_it_lets_organizers_create_clubs_and_no_one_else(anonymous, organizer, tournament) -> None:
    assert anonymous.post("/api/v1/clubs/", {"name": "New"}, format="json").status_code == 401
    nobody = client_with_token(get_user_model().objects.create_user("nobody"))
    assert nobody.post("/api/v1/clubs/", {"name": "New"}, format="json").status_code == 403
    created = organizer.post("/api/v1/clubs/", {"name": "New", "city": "Győr"}, format="json")
    assert created.status_code == 201
    assert created.json()["city"] == "Győr"
    again = organizer.post("/api/v1/clubs/", {"name": "new"}, format="json")
    assert again.status_code == 409
    assert fields(again) == {"name"}
    empty = organizer.post("/api/v1/clubs/", {"city": "Győr"}, format="json")
    assert empty.status_code == 400
    assert fields(empty) == {"name"}
    assert Club.objects.filter(name__iexact="new").count() == 1


# --- players and registrations ----------------------------------------------------------------------------


def test_it_lists_registered_players_publicly_without_accounts_or_emails(anonymous, tournament) -> None:
    registration = tournament.registrations.select_related("player").first()
    player = registration.player
    player.user = get_user_model().objects.create_user("p1", email="secret-player@example.org")
    player.save()
    response = anonymous.get(f"{CUP}players/?ordering=-player__name&page_size=3")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 8
    assert len(body["results"]) == 3
    names = [p["name"] for p in body["results"]]
    assert names == sorted(names, reverse=True)
    assert set(body["results"][0]) == {
        "id",
        "name",
        "club",
        "rating",
        "registration",
        "status",
        "first_round",
    }
    everything = anonymous.get(f"{CUP}players/?page_size=100").content.decode()
    assert "secret-player@example.org" not in everything
    assert "org@example.org" not in everything
    by_club = anonymous.get(f"{CUP}players/?club={player.club_id}").json()
    assert [p["id"] for p in by_club["results"]] == [player.pk]


def test_it_lets_an_organizer_add_a_new_player_and_an_existing_one(organizer, tournament) -> None:
    club = ClubFactory(name="Late club")
    new = organizer.post(
        f"{CUP}players/",
        {"name": "Late Comer", "club": club.pk, "rating": 1500, "check_in": True},
        format="json",
    )
    assert new.status_code == 201, new.content
    body = new.json()
    assert body["player"]["name"] == "Late Comer"
    assert body["status"] == "checked_in"
    assert body["first_round"] == 2  # round 1 is in play: a late entry from round 2 on
    known = PlayerFactory(name="Known Player")
    existing = organizer.post(f"{CUP}players/", {"player": known.pk}, format="json")
    assert existing.status_code == 201
    assert existing.json()["player"]["id"] == known.pk
    assert tournament.registrations.count() == 10


def test_it_refuses_to_add_players_to_anyone_but_this_tournaments_organizers(
    anonymous, other_organizer, tournament
) -> None:
    assert anonymous.post(f"{CUP}players/", {"name": "X"}, format="json").status_code == 401
    assert other_organizer.post(f"{CUP}players/", {"name": "X"}, format="json").status_code == 403
    assert not Player.objects.filter(name="X").exists()


def test_it_names_the_bad_field_of_a_new_player_and_stores_nothing(organizer, tournament) -> None:
    players = Player.objects.count()
    bad = organizer.post(f"{CUP}players/", {"name": "Bad", "rating": "high"}, format="json")
    assert bad.status_code == 400
    assert fields(bad) == {"rating"}
    out_of_range = organizer.post(f"{CUP}players/", {"name": "Bad", "rating": 10**6}, format="json")
    assert out_of_range.status_code == 400
    assert fields(out_of_range) == {"rating"}
    nameless = organizer.post(f"{CUP}players/", {"name": "  "}, format="json")
    assert nameless.status_code == 400
    assert fields(nameless) == {"name"}
    both = organizer.post(f"{CUP}players/", {"player": 1, "name": "Y"}, format="json")
    assert both.status_code == 400
    assert fields(both) == {"player"}
    assert Player.objects.count() == players
    assert tournament.registrations.count() == 8


def test_it_shows_registrations_to_organizers_and_a_player_their_own(
    anonymous, organizer, other_organizer, tournament, table1
) -> None:
    assert anonymous.get(f"{CUP}registrations/").status_code == 401
    assert other_organizer.get(f"{CUP}registrations/").status_code == 403
    everyone = organizer.get(f"{CUP}registrations/?status=checked_in").json()
    assert everyone["count"] == 8
    player = table1.seats.get(position="A").player
    mine = player_client(table1, "A").get(f"{CUP}registrations/?mine=1")
    assert mine.status_code == 200
    assert [r["player"]["id"] for r in mine.json()["results"]] == [player.pk]
    assert player_client(table1, "A").get(f"{CUP}registrations/").status_code == 403
    assert anonymous.get(f"{CUP}registrations/?mine=1").status_code == 401
    assert organizer.get(f"{CUP}registrations/?mine=1").json()["count"] == 0  # not a player


def test_it_registers_checks_in_and_withdraws_through_the_api(organizer, tournament) -> None:
    player = PlayerFactory()
    registered = organizer.post(f"{CUP}registrations/", {"player": player.pk}, format="json")
    assert registered.status_code == 201
    assert registered.json()["status"] == "registered"
    pk = registered.json()["id"]
    checked_in = organizer.post(f"{CUP}registrations/{pk}/check-in/")
    assert checked_in.status_code == 200
    assert checked_in.json()["status"] == "checked_in"
    withdrawn = organizer.post(f"{CUP}registrations/{pk}/withdraw/")
    assert withdrawn.status_code == 200
    assert withdrawn.json()["status"] == "withdrawn"
    assert withdrawn.json()["withdrawn_after_round"] == 1
    again = organizer.post(f"{CUP}registrations/{pk}/check-in/")
    assert again.status_code == 409
    filtered = organizer.get(f"{CUP}registrations/?status=withdrawn").json()
    assert [r["id"] for r in filtered["results"]] == [pk]
    assert organizer.post(f"{CUP}registrations/999999/withdraw/").status_code == 404


def test_it_refuses_registration_writes_to_others(anonymous, other_organizer, tournament) -> None:
    registration = tournament.registrations.first()
    url = f"{CUP}registrations/{registration.pk}/withdraw/"
    assert anonymous.post(url).status_code == 401
    assert other_organizer.post(url).status_code == 403
    assert (
        other_organizer.post(
            f"{CUP}registrations/", {"player": registration.player_id}, format="json"
        ).status_code
        == 403
    )
    registration.refresh_from_db()
    assert registration.status == Registration.Status.CHECKED_IN


def test_it_imports_players_from_csv(organizer, tournament) -> None:
    csv_text = "name,club,rating,external_id\nAnna Kiss,Pécs,1700,HU-1\nBéla Nagy,,,\n"
    response = organizer.post(
        f"{CUP}registrations/import/", {"file": csv_text, "check_in": True}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json() == {"created": 2, "updated": 0, "registered": 2}
    anna = tournament.registrations.get(player__external_id="HU-1")
    assert anna.status == Registration.Status.CHECKED_IN
    assert anna.player.club.name == "Pécs"


def test_it_rejects_a_bad_csv_whole_and_names_the_file(organizer, other_organizer, tournament) -> None:
    bad = "name,rating\nAnna,1700\nBéla,lots\n"
    response = organizer.post(f"{CUP}registrations/import/", {"file": bad}, format="json")
    assert response.status_code == 400
    assert fields(response) == {"file"}
    assert "line 3" in errors(response)[0]["message"]
    assert not Player.objects.filter(name="Anna").exists()
    missing = organizer.post(f"{CUP}registrations/import/", {"check_in": True}, format="json")
    assert missing.status_code == 400
    assert fields(missing) == {"file"}
    good = "name\nAnna\n"
    assert (
        other_organizer.post(f"{CUP}registrations/import/", {"file": good}, format="json").status_code == 403
    )
    assert not Player.objects.filter(name="Anna").exists()


# --- penalties ---------------------------------------------------------------------------------------


def test_it_awards_a_penalty_once_when_the_post_is_retried(organizer, tournament) -> None:
    player = tournament.registrations.first().player
    body = {"player": player.pk, "points": -2, "reason": "late", "round": 1}
    first = organizer.post(f"{CUP}penalties/", body, format="json", HTTP_IDEMPOTENCY_KEY="pen-1")
    assert first.status_code == 201, first.content
    retry = organizer.post(f"{CUP}penalties/", body, format="json", HTTP_IDEMPOTENCY_KEY="pen-1")
    assert (retry.status_code, retry.json()) == (first.status_code, first.json())
    assert Penalty.objects.filter(tournament=tournament).count() == 1
    penalty = Penalty.objects.get()
    assert penalty.idempotency_key == "pen-1"
    assert penalty.round.number == 1
    assert "pen-1" not in first.content.decode()
    other_body = organizer.post(
        f"{CUP}penalties/", {**body, "points": -5}, format="json", HTTP_IDEMPOTENCY_KEY="pen-1"
    )
    assert other_body.status_code == 422
    assert Penalty.objects.count() == 1


def test_it_names_the_bad_field_of_a_penalty_and_stores_nothing(organizer, tournament) -> None:
    player = tournament.registrations.first().player
    cases = [
        ({"player": player.pk, "points": "two", "reason": "late"}, "points"),
        ({"player": player.pk, "points": 0, "reason": "late"}, "points"),
        ({"player": player.pk, "points": -1, "reason": ""}, "reason"),
        ({"player": 999999, "points": -1, "reason": "late"}, "player"),
        ({"player": PlayerFactory().pk, "points": -1, "reason": "late"}, "player"),
        ({"player": player.pk, "points": -1, "reason": "late", "round": 7}, "round"),
    ]
    for body, field in cases:
        response = organizer.post(f"{CUP}penalties/", body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert fields(response) == {field}, body
    assert not Penalty.objects.exists()


def test_it_lists_and_withdraws_penalties_for_organizers_only(
    anonymous, organizer, other_organizer, tournament
) -> None:
    players = [r.player for r in tournament.registrations.all()[:2]]
    for points, player in zip((-3, 2), players, strict=True):
        organizer.post(
            f"{CUP}penalties/", {"player": player.pk, "points": points, "reason": "x"}, format="json"
        )
    assert anonymous.get(f"{CUP}penalties/").status_code == 401
    assert other_organizer.get(f"{CUP}penalties/").status_code == 403
    listed = organizer.get(f"{CUP}penalties/?ordering=points").json()
    assert [p["points"] for p in listed["results"]] == [-3, 2]
    pk = listed["results"][0]["id"]
    url = f"{CUP}penalties/{pk}/withdraw/"
    assert anonymous.post(url, {"reason": "oops"}, format="json").status_code == 401
    assert other_organizer.post(url, {"reason": "oops"}, format="json").status_code == 403
    no_reason = organizer.post(url, {}, format="json")
    assert no_reason.status_code == 400
    assert fields(no_reason) == {"reason"}
    withdrawn = organizer.post(url, {"reason": "wrong player"}, format="json")
    assert withdrawn.status_code == 200
    assert withdrawn.json()["withdrawal_reason"] == "wrong player"
    assert organizer.post(url, {"reason": "other reason"}, format="json").status_code == 409
    active = organizer.get(f"{CUP}penalties/?withdrawn=false").json()
    assert [p["points"] for p in active["results"]] == [2]
    by_player = organizer.get(f"{CUP}penalties/?player={players[0].pk}").json()
    assert [p["id"] for p in by_player["results"]] == [pk]


def test_it_never_shows_the_public_an_email_a_code_or_a_key(
    anonymous, organizer, organizer_user, tournament, table1
) -> None:
    from tournaments.draw.services.tables import table_code_replace

    code = table_code_replace(table1, by=organizer_user).code
    player = tournament.registrations.first().player
    organizer.post(
        f"{CUP}penalties/", {"player": player.pk, "points": -1, "reason": "x"}, format="json",
        HTTP_IDEMPOTENCY_KEY="secret-key-123",
    )  # fmt: skip
    for url in ("/api/v1/tournaments/", CUP, f"{CUP}players/", f"{CUP}standings/", "/api/v1/clubs/"):
        text = anonymous.get(url).content.decode()
        for secret in ("org@example.org", "secret-key-123", code):
            assert secret not in text, (url, secret)
    assert "email" not in json.dumps(anonymous.get(CUP).json())


def test_it_awards_once_per_key_even_when_another_organizer_retries(organizer, superuser, tournament) -> None:
    player = tournament.registrations.first().player
    body = {"player": player.pk, "points": -2, "reason": "late"}
    first = organizer.post(f"{CUP}penalties/", body, format="json", HTTP_IDEMPOTENCY_KEY="desk-7")
    second = superuser.post(f"{CUP}penalties/", body, format="json", HTTP_IDEMPOTENCY_KEY="desk-7")
    assert first.status_code == 201
    assert second.status_code == 201
    assert second.json()["id"] == first.json()["id"]
    assert Penalty.objects.filter(tournament=tournament).count() == 1
    different = superuser.post(
        f"{CUP}penalties/", {**body, "points": -4}, format="json", HTTP_IDEMPOTENCY_KEY="desk-7"
    )
    assert different.status_code == 422
    assert Penalty.objects.count() == 1


def test_it_finds_registrations_and_penalties_only_within_the_tournament_of_the_url(
    organizer, organizer_user, tournament
) -> None:
    elsewhere = TournamentFactory(slug="elsewhere")
    elsewhere.organizers.add(organizer_user)
    foreign = Registration.objects.create(tournament=elsewhere, player=PlayerFactory())
    assert organizer.post(f"{CUP}registrations/{foreign.pk}/withdraw/").status_code == 404
    award = organizer.post(
        "/api/v1/tournaments/elsewhere/penalties/",
        {"player": foreign.player_id, "points": -1, "reason": "x"},
        format="json",
    )
    assert award.status_code == 201
    url = f"{CUP}penalties/{award.json()['id']}/withdraw/"
    assert organizer.post(url, {"reason": "x"}, format="json").status_code == 404
    foreign.refresh_from_db()
    assert foreign.status == Registration.Status.REGISTERED
    assert Penalty.objects.get().withdrawn_at is None


# --- a player's own rounds -----------------------------------------------------------------------------


def test_it_shows_a_players_rounds_and_a_linked_player_their_own(
    tournament, table1, anonymous, django_capture_on_commit_callbacks
) -> None:
    from tests.api.test_standings import play_round

    with django_capture_on_commit_callbacks(execute=True):
        play_round(table1.round)  # seat A wins every deal
    winner = table1.seats.get(position="A").player
    body = anonymous.get(f"{CUP}players/{winner.pk}/rounds/").json()
    assert body["player"]["id"] == winner.pk
    [line] = body["rounds"]
    assert (line["number"], line["table"], line["seat"], line["bye"]) == (1, table1.number, "A", False)
    assert [o["seat"] for o in line["opponents"]] == ["B", "C", "D"]
    assert line["game_points"] == 12
    assert line["hands_played"] == 4
    assert line["place"] == "1.0"
    assert line["rank"] == 1

    me = player_client(table1, "A").get(f"{CUP}me/")
    assert me.status_code == 200
    assert me.json()["registration"]["player"]["id"] == winner.pk
    assert me.json()["rounds"] == body["rounds"]
    assert anonymous.get(f"{CUP}me/").status_code == 401
    stranger = client_with_token(get_user_model().objects.create_user("stranger"))
    assert stranger.get(f"{CUP}me/").status_code == 404
    assert anonymous.get(f"{CUP}players/{PlayerFactory().pk}/rounds/").status_code == 404  # not registered


def test_a_tournament_names_its_game_there_is_no_default_one(staff) -> None:
    _, client = staff
    body = {"slug": "no-game", "name": "No game", "starts_on": "2026-12-05"}
    missing = client.post("/api/v1/tournaments/", body, format="json")
    assert missing.status_code == 400
    assert fields(missing) == {"game"}
    unknown = client.post("/api/v1/tournaments/", {**body, "game": "skat"}, format="json")
    assert unknown.status_code == 400
    assert fields(unknown) == {"game"}
    assert not Tournament.objects.filter(slug="no-game").exists()
    created = client.post("/api/v1/tournaments/", {**body, "game": "cego"}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["rules_preset"] == "ichenheim"  # the game's tournament preset


def test_an_organizer_marks_a_player_as_not_come_and_the_draw_leaves_them_out(organizer_user) -> None:
    """The registration desk's "did not come" through the API: kept in the list, never drawn; checking
    the player in (they arrived after all) undoes it. Retried with the same key, it answers the same."""
    from tournaments import services

    cup = TournamentFactory(slug="desk")
    cup.organizers.add(organizer_user)
    registrations = [
        services.player_register(cup, player, check_in=True, by=organizer_user)
        for player in PlayerFactory.create_batch(9)
    ]
    late = registrations[-1]
    organizer = client_with_token(organizer_user)
    url = f"/api/v1/tournaments/desk/registrations/{late.pk}/no-show/"
    marked = organizer.post(url, HTTP_IDEMPOTENCY_KEY="desk-1")
    assert marked.status_code == 200, marked.content
    assert marked.json()["status"] == "no_show"
    assert organizer.post(url, HTTP_IDEMPOTENCY_KEY="desk-1").json() == marked.json()
    round_ = services.round_generate(cup, seed="desk", by=organizer_user)
    seated = set(round_.tables.values_list("seats__player_id", flat=True))
    assert late.player_id not in seated
    assert len(seated) == 8
    back = organizer.post(f"/api/v1/tournaments/desk/registrations/{late.pk}/check-in/")
    assert back.json()["status"] == "checked_in"
    assert client_with_token(get_user_model().objects.create_user("stranger")).post(url).status_code == 403


def test_an_organizer_sets_a_players_gender_and_birth_year_which_the_public_never_sees(
    organizer_user,
) -> None:
    """Issue 32 §3: a series' side rankings read gender and birth year; the tournament's organizers set
    them through the API (as on the registration desk's page), and no public page or read shows them."""
    from django.test import Client

    from tournaments import services

    cup = TournamentFactory(slug="side", is_public=True)
    cup.organizers.add(organizer_user)
    player = PlayerFactory(name="Kiss Anna")
    services.player_register(cup, player, check_in=True, by=organizer_user)
    organizer = client_with_token(organizer_user)
    url = f"/api/v1/tournaments/side/players/{player.pk}/"
    unknown = organizer.patch(
        url, {"gender": "f", "nested": [[[[1]]]]}, format="json", HTTP_ACCEPT_LANGUAGE="hu"
    )
    assert unknown.status_code == 400
    assert unknown.json()["errors"][0]["field"] == "nested"
    assert unknown.json()["errors"][0]["message"] == "nincs ilyen mező ebben a kérésben"
    bad = organizer.patch(url, {"gender": "woman", "birth_year": 1800}, format="json")
    assert bad.status_code == 400
    assert {e["field"] for e in bad.json()["errors"]} == {"gender", "birth_year"}
    changed = organizer.patch(url, {"gender": "f", "birth_year": 1987}, format="json")
    assert changed.status_code == 200, changed.content
    assert (changed.json()["gender"], changed.json()["birth_year"]) == ("f", 1987)
    player.refresh_from_db()
    assert (player.gender, player.birth_year) == ("f", 1987)
    assert player.history.first().history_user == organizer_user  # who and when, before and after
    assert organizer.get(url).json()["birth_year"] == 1987

    public = Client()
    assert public.get(url).status_code in (401, 403)
    for read in ("/api/v1/tournaments/side/players/", f"/api/v1/players/{player.pk}/", "/api/v1/players/"):
        body = public.get(read).content.decode()
        assert "1987" not in body
        assert "gender" not in body
    page = public.get(f"/t/side/players/{player.pk}/").content.decode()
    assert "1987" not in page
