"""Pairing jobs through HTTP: drawing the next round, re-drawing and the final stage answer 202 with a job
(``Location: /api/v1/jobs/{id}/``) that the client polls until it is done, with a link to the round, or
failed, with the reason. Refused requests are 4xx at once and store no job."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import drawn_round, finished_job
from tournaments import services
from tournaments.draw.models import Job, Round
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Registration

pytestmark = pytest.mark.django_db

CUP = "/api/v1/tournaments/cup/"
ROUNDS = f"{CUP}rounds/"


def close(round_: Round, by) -> None:
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        for number in range(1, round_.tournament.deals_per_round(len(positions)) + 1):
            services.hand_submit(
                table=table,
                number=number,
                source="payments",
                data={"payments": dict.fromkeys(positions, 0)},
                trusted=True,
            )
    services.round_close(round_, by=by)


@pytest.fixture
def closed1(round1: Round, organizer_user) -> Round:
    close(round1, organizer_user)
    return round1


def test_it_accepts_a_draw_with_202_and_a_location_to_poll_until_done(organizer, closed1) -> None:
    accepted = organizer.post(ROUNDS, {"method": "swiss", "seed": "two"}, format="json")
    assert accepted.status_code == 202
    job = accepted.json()
    assert accepted["Location"] == job["url"]
    assert job["url"].endswith(f"/api/v1/jobs/{job['id']}/")
    assert (job["kind"], job["status"], job["tournament"], job["round"]) == ("generate", "queued", "cup", 2)
    assert (job["params"], job["requested_by"], job["round_url"], job["error"]) == (
        {"method": "swiss", "seed": "two"}, "organizer", None, None,
    )  # fmt: skip

    polled = organizer.get(accepted["Location"])  # the worker has not run it yet
    assert (polled.status_code, polled.json()["status"], polled["Retry-After"]) == (200, "queued", "1")

    services.job_run(job["id"])  # the worker
    done = organizer.get(accepted["Location"])
    assert "Retry-After" not in done
    body = done.json()
    assert (body["status"], body["attempts"], body["error"], body["error_code"]) == ("done", 1, None, None)
    assert body["started_at"]
    assert body["finished_at"] >= body["started_at"]
    assert body["round_url"].endswith("/api/v1/tournaments/cup/rounds/2/")
    drawn = organizer.get(body["round_url"])
    assert (drawn.json()["number"], drawn.json()["method"], drawn.json()["seed"]) == (2, "swiss", "two")
    assert drawn.json()["verifies"] is True


def test_it_shows_the_reason_of_a_job_that_failed(organizer, closed1, organizer_user) -> None:
    accepted = organizer.post(ROUNDS, {}, format="json")
    assert accepted.status_code == 202
    services.round_generate(closed1.tournament, by=organizer_user)  # drawn meanwhile (e.g. in the admin)
    services.job_run(accepted.json()["id"])
    job = organizer.get(accepted["Location"]).json()
    assert (job["status"], job["error_code"], job["round_url"]) == ("failed", "conflict", None)
    assert job["error"] == "Round: round 2 is no longer the next one to draw (round 3 is)"


def test_it_returns_the_same_job_for_a_repeated_request(organizer, closed1) -> None:
    first = organizer.post(ROUNDS, {"seed": "x"}, format="json")
    again = organizer.post(ROUNDS, {"seed": "x"}, format="json")
    assert (first.status_code, again.status_code) == (202, 202)
    assert again.json()["id"] == first.json()["id"]
    other = organizer.post(ROUNDS, {"seed": "y"}, format="json")
    assert other.status_code == 409
    assert f"job {first.json()['id']}" in other.json()["errors"][0]["message"]
    assert Job.objects.count() == 1


def test_it_refuses_bad_requests_at_once_and_stores_no_job(organizer, closed1, tournament) -> None:
    for body, field in (
        ({"method": "zigzag"}, "method"),
        ({"seed": "x" * 65}, "seed"),
        ({"seed": ""}, "seed"),
    ):
        refused = organizer.post(ROUNDS, body, format="json")
        assert (refused.status_code, refused.json()["errors"][0]["field"]) == (400, field), body
    no_final = organizer.post(f"{CUP}final-stage/")
    assert (no_final.status_code, no_final.json()["errors"][0]["field"]) == (400, "final_table")
    assert organizer.post(f"{ROUNDS}1/redraw/", {}, format="json").status_code == 409  # closed
    Registration.objects.filter(tournament=tournament).update(status=Registration.Status.WITHDRAWN)
    few = organizer.post(ROUNDS, {}, format="json")
    assert (few.status_code, few.json()["errors"][0]["field"]) == (400, "players")
    assert not Job.objects.exists()


def test_it_redraws_in_the_worker_against_the_version_read(
    organizer, closed1, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post(ROUNDS, {"seed": "a"}, format="json")
    draft = drawn_round(organizer, accepted)
    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post(
            f"{ROUNDS}2/redraw/", {"seed": "b"}, format="json", HTTP_IF_MATCH=draft["ETag"]
        )
    redrawn = drawn_round(organizer, accepted)
    assert (redrawn.json()["seed"], redrawn.json()["version"]) == ("b", 2)
    stale = organizer.post(f"{ROUNDS}2/redraw/", {}, format="json", HTTP_IF_MATCH=draft["ETag"])
    assert stale.status_code == 412
    assert Job.objects.filter(kind="redraw").count() == 1

    queued = organizer.post(f"{ROUNDS}2/redraw/", {"seed": "c"}, format="json")  # no If-Match: as it is now
    assert queued.json()["params"] == {"expected_version": 2, "seed": "c"}
    organizer.post(f"{ROUNDS}2/confirm/")  # changed before the worker ran the re-draw
    services.job_run(queued.json()["id"])
    job = finished_job(organizer, queued)
    assert (job["status"], job["error_code"]) == ("failed", "precondition_failed")
    assert organizer.get(f"{ROUNDS}2/").json()["seed"] == "b"


def test_it_seats_the_final_stage_in_the_worker(organizer, closed1, tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(final_table=True, rounds_planned=1)
    accepted = organizer.post(f"{CUP}final-stage/")
    assert accepted.status_code == 202
    assert (accepted.json()["kind"], accepted.json()["round"]) == ("final_stage", 2)
    services.job_run(accepted.json()["id"])
    final = drawn_round(organizer, accepted).json()
    assert (final["number"], final["stage"], final["tables"][0]["label"]) == (2, "final", "Final")


@pytest.mark.django_db(transaction=True)
def test_it_answers_with_the_job_already_done_when_tasks_run_in_process(organizer, closed1) -> None:
    """Nothing wraps the request in a transaction here: the job runs on commit, before the answer."""
    accepted = organizer.post(ROUNDS, {"seed": "now"}, format="json")
    assert accepted.status_code == 202
    assert accepted.json()["status"] == "done"
    assert accepted.json()["round_url"].endswith("/rounds/2/")
    assert Round.objects.filter(number=2, seed="now").exists()


def test_it_shows_a_job_to_its_tournaments_organizers_only(
    organizer, closed1, anonymous, other_organizer, superuser, table1
) -> None:
    from tests.api.conftest import player_client, table_client

    url = organizer.post(ROUNDS, {}, format="json")["Location"]
    readers = {
        "organizer": (organizer, 200),
        "superuser": (superuser, 200),
        "anonymous": (anonymous, 404),
        "other organizer": (other_organizer, 404),
        "table code": (table_client(table1), 404),
        "player": (player_client(table1, "A"), 404),
    }
    for who, (client, expected) in readers.items():
        response = client.get(url)
        assert response.status_code == expected, who
        if expected == 404:
            assert response.json()["errors"][0]["code"] == "not_found"
    assert organizer.get("/api/v1/jobs/999999/").status_code == 404
    assert APIClient().post(url).status_code in (404, 405)  # read-only
