"""The series' API: the public read, organizers write (another club's organizer is refused), standings
with their freshness and each line's results counted or dropped, CSV, the final; bad input is a 400 naming
the field and stores nothing."""

from __future__ import annotations

import json
from datetime import date

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory
from tests.series.helpers import finished_tournament, staff
from tournaments.organizing.models import Tournament
from tournaments.series import services
from tournaments.series.models import Series, SeriesTournament

pytestmark = pytest.mark.django_db

RULES = {"points": {"table": [10, 6, 3, 1]}, "best_of": 1, "qualification": {"top": 2}}


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


@pytest.fixture
def club_org():
    return staff("club-org", is_staff=False)


@pytest.fixture
def club(club_org):
    club = ClubFactory(name="Pagát", city="Wien")
    club.organizers.add(club_org)
    return club


@pytest.fixture
def series(club, club_org, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return services.series_create(
            fields={
                "game": "hungarian",
                "name": "Wiener Cup",
                "slug": "wiener-cup",
                "club": club,
                "rules": RULES,
            },
            by=club_org,
        )


@pytest.fixture
def played(series, club_org, django_capture_on_commit_callbacks):
    """Two finished tournaments of the series (the second one later), its standings computed."""
    org = staff("tournament-org")
    players = PlayerFactory.create_batch(4)
    first = finished_tournament(
        players, (30, 10, -10, -30), by=org, capture=django_capture_on_commit_callbacks
    )
    second = finished_tournament(
        players[::-1],
        (30, 10, -10, -30),
        by=org,
        capture=django_capture_on_commit_callbacks,
        starts_on=date(2026, 4, 1),
    )
    with django_capture_on_commit_callbacks(execute=True):
        for tournament in (first, second):
            services.series_tournament_add(series, tournament, by=club_org)
    return players, first, second


def test_the_public_reads_the_list_the_series_and_its_standings(series, played) -> None:
    players, first, second = played
    Series.objects.create(game="hungarian", name="Hidden", slug="hidden", is_public=False)
    listed = client().get("/api/v1/series/", {"club": series.club.slug}).json()
    assert [item["slug"] for item in listed["results"]] == ["wiener-cup"]
    assert [i["slug"] for i in client().get("/api/v1/series/").json()["results"]] == ["wiener-cup"]
    assert client().get("/api/v1/series/hidden/").status_code == 404
    detail = client().get("/api/v1/series/wiener-cup/")
    assert detail["ETag"] == f'"series-{series.pk}-v3"'
    assert [t["slug"] for t in detail.json()["tournaments"]] == [first.slug, second.slug]
    body = client().get("/api/v1/series/wiener-cup/standings/").json()
    assert body["stale"] is False
    assert body["as_of"] is not None
    assert body["version"] >= 1
    top = body["results"][0]
    assert (top["rank"], top["player"]["id"], top["points"], top["qualified"]) == (
        1,
        players[3].pk,
        "10.00",
        True,
    )
    counted = {r["tournament"]: r["counted"] for r in top["results"]}
    assert counted == {first.slug: False, second.slug: True}
    csv_response = client().get("/api/v1/series/wiener-cup/standings.csv")
    assert csv_response["Content-Type"].startswith("text/csv")
    lines = csv_response.content.decode().splitlines()
    assert lines[0].startswith("rank,player,club,points,played,eligible,qualified")
    assert lines[1].endswith(",(1.00),10.00")  # dropped in brackets
    assert client().get("/api/v1/series/wiener-cup/standings/", {"ranking": "nope"}).status_code == 404


def test_organizers_write_and_another_clubs_organizer_is_refused(series, club_org) -> None:
    other = staff("other-club-org", is_staff=False)
    ClubFactory().organizers.add(other)
    patch = {"season": "2026"}
    assert client().patch("/api/v1/series/wiener-cup/", patch, format="json").status_code == 401
    assert client(other).patch("/api/v1/series/wiener-cup/", patch, format="json").status_code == 403
    stale = client(club_org).patch(
        "/api/v1/series/wiener-cup/", patch, format="json", HTTP_IF_MATCH=f'"series-{series.pk}-v0"'
    )
    assert stale.status_code == 412
    ok = client(club_org).patch(
        "/api/v1/series/wiener-cup/", patch, format="json", HTTP_IF_MATCH=f'"series-{series.pk}-v1"'
    )
    assert ok.status_code == 200
    assert ok["ETag"] == f'"series-{series.pk}-v2"'
    created = client(other).post(
        "/api/v1/series/", {"name": "Theirs", "slug": "theirs", "club": series.club.slug}, format="json"
    )
    assert created.status_code == 403
    tournament = finished_tournament(PlayerFactory.create_batch(4), (1, -1, 1, -1), by=staff(), finish=False)
    body = {"tournament": tournament.slug, "region": "Wien"}
    assert (
        client(other).post("/api/v1/series/wiener-cup/tournaments/", body, format="json").status_code == 403
    )
    added = client(club_org).post("/api/v1/series/wiener-cup/tournaments/", body, format="json")
    assert added.status_code == 201
    assert SeriesTournament.objects.get().region == "Wien"
    url = f"/api/v1/series/wiener-cup/tournaments/?tournament={tournament.slug}"
    assert client(other).delete(url).status_code == 403
    assert client(club_org).delete(url).status_code == 200
    assert not SeriesTournament.objects.exists()


def test_the_final_is_created_through_the_api(series, played, club_org) -> None:
    body = {"name": "Final", "slug": "wiener-final", "starts_on": "2026-12-12"}
    staff_org = staff("staff-club-org")
    series.club.organizers.add(staff_org)
    assert (
        client(staff("outsider")).post("/api/v1/series/wiener-cup/final/", body, format="json").status_code
        == 403
    )
    response = client(staff_org).post("/api/v1/series/wiener-cup/final/", body, format="json")
    assert response.status_code == 201, response.content
    final = Tournament.objects.get(slug="wiener-final")
    assert sorted(final.registrations.values_list("seed", flat=True)) == [1, 2]
    assert client(staff_org).post("/api/v1/series/wiener-cup/final/", body, format="json").status_code == 409


DEEP = {"points": {}}
_node = DEEP["points"]
for _ in range(40):
    _node["x"] = {}
    _node = _node["x"]

BAD = [
    ({"rules": "table"}, "rules"),
    ({"rules": {"points": {"table": [10, "8"]}}}, "rules.points.table[1]"),
    ({"rules": {"points": {"table": list(range(20_000))}}}, "rules"),
    (
        {"rules": {"side_rankings": [{"key": "w", "name": "W\x00", "filter": {"gender": "f"}}]}},
        "rules.side_rankings[0].name",
    ),
    ({"rules": DEEP}, "rules"),
    ({"name": 7}, "name"),
    ({"name": "x" * 10_000}, "name"),
    ({"is_public": "yes"}, "is_public"),
    ({"club": "no-such-club"}, "club"),
    ({"rules": {"points": {"method": "formula", "formula": "place / 0"}}}, "rules.points.formula"),
]


@pytest.mark.parametrize(("body", "field"), BAD, ids=[f for _, f in BAD])
def test_bad_input_is_a_400_naming_the_field_and_stores_nothing(series, club_org, body, field) -> None:
    before = Series.objects.values_list("version", "rules", "name").get()
    response = client(club_org).patch("/api/v1/series/wiener-cup/", body, format="json")
    assert response.status_code in (400, 413), response.content
    assert response.json()["errors"][0]["field"].startswith(field), response.json()
    assert Series.objects.values_list("version", "rules", "name").get() == before


def test_a_lone_surrogate_is_a_400_naming_the_field(series, club_org) -> None:
    raw = json.dumps(
        {"rules": {"side_rankings": [{"key": "w", "name": "W\ud800", "filter": {"gender": "f"}}]}}
    )
    response = client(club_org).patch("/api/v1/series/wiener-cup/", raw, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "rules.side_rankings[0].name"
    count = Series.objects.count()
    raw = json.dumps({"name": "Cup\ud800", "slug": "cup2"})
    assert client(club_org).post("/api/v1/series/", raw, content_type="application/json").status_code == 400
    assert Series.objects.count() == count


def test_a_public_series_counts_no_private_tournament(
    series, club_org, django_capture_on_commit_callbacks
) -> None:
    """A public series shows every result it counts to everyone (issue 32 §3): a private tournament is
    refused naming the field, a series counting one cannot become public, and a tournament a public series
    counts cannot turn private; nothing is stored by a refusal."""
    org = staff("tournament-org")
    capture = django_capture_on_commit_callbacks
    secret = finished_tournament(
        PlayerFactory.create_batch(4), (1, -1, 1, -1), by=org, capture=capture, is_public=False
    )
    secret.organizers.add(club_org)  # theirs too: they see it (another's private one is not found at all)
    body = {"tournament": secret.slug}
    refused = client(club_org).post("/api/v1/series/wiener-cup/tournaments/", body, format="json")
    assert refused.status_code == 400, refused.content
    (error,) = refused.json()["errors"]
    assert error["field"] == "tournament"
    assert "is private, and a public series shows its results to everyone" in error["message"]
    assert not SeriesTournament.objects.exists()

    assert (
        client(club_org).patch("/api/v1/series/wiener-cup/", {"is_public": False}, format="json").status_code
        == 200
    )
    assert (
        client(club_org).post("/api/v1/series/wiener-cup/tournaments/", body, format="json").status_code
        == 201
    )
    public_again = client(club_org).patch("/api/v1/series/wiener-cup/", {"is_public": True}, format="json")
    assert public_again.status_code == 400
    assert public_again.json()["errors"][0]["field"] == "is_public"
    assert Series.objects.get(pk=series.pk).is_public is False

    shown = finished_tournament(
        PlayerFactory.create_batch(4), (1, -1, 1, -1), by=org, capture=capture, starts_on=date(2026, 5, 1)
    )
    shown.organizers.add(org)
    services.series_tournament_remove(series, secret, by=club_org)
    assert (
        client(club_org).patch("/api/v1/series/wiener-cup/", {"is_public": True}, format="json").status_code
        == 200
    )
    services.series_tournament_add(series, shown, by=club_org)
    hidden = client(org).patch(f"/api/v1/tournaments/{shown.slug}/", {"is_public": False}, format="json")
    assert hidden.status_code == 400, hidden.content
    assert hidden.json()["errors"][0]["field"] == "is_public"
    assert "the public series Wiener Cup counts it" in hidden.json()["errors"][0]["message"]
    assert Tournament.objects.get(pk=shown.pk).is_public is True
