"""The organizer's day through the API (issue 21 §3): finishing the tournament (409 until its planned
rounds are played and closed; then ``finished_at``, ``final: true`` on the standings, and nothing more
drawn or entered), an extra round beyond the plan only with ``extra_reason``, and a close while the
round's timer runs only with ``confirm: true``."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.api.conftest import drawn_round
from tournaments import services
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db

CUP = "/api/v1/tournaments/cup/"
ROUNDS = f"{CUP}rounds/"


def play_out(round_: Round, organizer_user: Any) -> None:
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        for number in range(1, round_.tournament.deals_per_round(len(positions)) + 1):
            services.hand_submit(
                table=table,
                number=number,
                source="payments",
                data={"payments": dict.fromkeys(positions, 0)},
                entered_by=organizer_user,
                trusted=True,
            )


@pytest.fixture
def one_round(tournament: Tournament) -> Tournament:
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=1)
    tournament.refresh_from_db()
    return tournament


def close(organizer: APIClient, number: int, **body: Any) -> Any:
    return organizer.post(f"{ROUNDS}{number}/close/", body, format="json")


def test_closing_while_the_timer_runs_needs_confirm(
    organizer: APIClient, round1: Round, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    play_out(round1, organizer_user)
    refused = close(organizer, 1)
    assert refused.status_code == 409
    error = refused.json()["errors"][0]
    assert error["field"] == "confirm"
    assert "still runs" in error["message"]
    assert "confirm to close it now" in error["message"]
    round1.refresh_from_db()
    assert round1.status == "in_play"
    assert close(organizer, 1, confirm="maybe").status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        done = close(organizer, 1, confirm=True)
    assert done.status_code == 200
    assert done.json()["status"] == "closed"


def test_a_round_whose_timer_ran_out_closes_without_confirm(
    organizer: APIClient, round1: Round, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    play_out(round1, organizer_user)
    Round.objects.filter(pk=round1.pk).update(ends_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        assert close(organizer, 1).status_code == 200


def test_an_unsettled_round_says_what_is_missing_before_asking_about_the_timer(
    organizer: APIClient, round1: Round
) -> None:
    refused = close(organizer, 1)
    assert refused.status_code == 409
    assert "cannot close" in refused.json()["errors"][0]["message"]


def test_finish_is_a_conflict_until_the_planned_rounds_are_closed_then_final(
    organizer: APIClient,
    anonymous: APIClient,
    one_round: Tournament,
    round1: Round,
    table1: Any,
    organizer_user: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    early = organizer.post(f"{CUP}finish/", {}, format="json")
    assert early.status_code == 409
    assert early.json()["errors"][0]["message"] == "close round 1 before finishing the tournament"
    play_out(round1, organizer_user)
    with django_capture_on_commit_callbacks(execute=True):
        assert close(organizer, 1, confirm=True).status_code == 200
    assert anonymous.get(f"{CUP}standings/").json()["final"] is False
    assert organizer.post(f"{CUP}finish/", {"skip_final": "x"}, format="json").status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        finished = organizer.post(f"{CUP}finish/", {}, format="json")
    assert finished.status_code == 200
    assert finished.json()["finished_at"]
    assert finished.json()["status"] == "finished"
    standings = anonymous.get(f"{CUP}standings/").json()
    assert standings["final"] is True
    assert standings["provisional"] is False
    assert organizer.post(f"{CUP}finish/", {}, format="json").status_code == 409  # once

    # frozen: no round drawn, no hand entered or voided
    refused = organizer.post(ROUNDS, {"extra_reason": "one more"}, format="json")
    assert refused.status_code == 409
    assert "the tournament is finished" in refused.json()["errors"][0]["message"]
    void = organizer.post(
        f"{ROUNDS}1/tables/{table1.number}/hands/1/void/", {"reason": "late"}, format="json"
    )
    assert void.status_code == 409
    assert "the tournament is finished" in void.json()["errors"][0]["message"]


def test_a_round_beyond_the_plan_needs_extra_reason(
    organizer: APIClient,
    one_round: Tournament,
    round1: Round,
    organizer_user: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    play_out(round1, organizer_user)
    with django_capture_on_commit_callbacks(execute=True):
        close(organizer, 1, confirm=True)
    refused = organizer.post(ROUNDS, {}, format="json")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["field"] == "extra_reason"
    assert error["message"] == "round 2 is beyond the 1 planned rounds: give the reason"
    assert one_round.rounds.count() == 1
    too_long = organizer.post(ROUNDS, {"extra_reason": "x" * 501}, format="json")
    assert too_long.status_code == 400
    assert too_long.json()["errors"][0]["field"] == "extra_reason"
    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post(ROUNDS, {"extra_reason": "the clock allows one more"}, format="json")
    round2 = drawn_round(organizer, accepted).json()
    assert round2["number"] == 2
    assert round2["extra_reason"] == "the clock allows one more"
    assert organizer.get(f"{ROUNDS}1/").json()["extra_reason"] == ""
