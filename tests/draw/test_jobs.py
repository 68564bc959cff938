"""Pairing jobs (issue 13 §3): a draft, a re-draw and the final stage computed by the worker. Requests are
checked before anything is stored; a job runs once (compare-and-set claim, fenced commit), fails with the
service's reason, retries unexpected errors a bounded number of times, and the sweep takes over from a
worker that died."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils import timezone

from tests.factories import PlayerFactory, TournamentFactory
from tests.row_counts import row_counts
from tournaments import services, tasks
from tournaments.draw.models import Job, Round
from tournaments.draw.services import jobs
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db

GENERATE, REDRAW, FINAL_STAGE = Job.Kind.GENERATE, Job.Kind.REDRAW, Job.Kind.FINAL_STAGE


@pytest.fixture
def organizer() -> Any:
    return get_user_model().objects.create_user("org")


@pytest.fixture
def tournament(organizer: Any) -> Tournament:
    """Eight checked-in players, no round yet (round 1 draws at random)."""
    tournament = TournamentFactory(deals_per_round_4=1, deals_per_round_5=1)
    tournament.organizers.add(organizer)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True, by=organizer)
    return tournament


def play_and_close(round_: Round, by: Any) -> None:
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round_, by=by)
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        services.hand_submit(
            table=table,
            number=1,
            source="payments",
            data={"payments": dict.fromkeys(positions, 0)},
            trusted=True,
        )
    services.round_close(round_, by=by)


def past(job: Job, **fields: Any) -> None:
    """Move the job's times back: what a clock would show after its worker stopped long ago."""
    long_ago = timezone.now() - timedelta(hours=1)
    Job.objects.filter(pk=job.pk).update(**dict.fromkeys(fields or ["enqueued_at"], long_ago))


def test_it_runs_a_requested_draft_as_the_requester_once(tournament, organizer) -> None:
    job = services.job_request(GENERATE, tournament, by=organizer, seed="s1")
    assert (job.status, job.round_number, job.requested_by) == ("queued", 1, organizer)
    assert job.params == {"method": "random", "seed": "s1"}  # the method resolved from the format
    assert not tournament.rounds.exists()  # the test's transaction never commits: nothing ran yet

    assert services.job_run(job.pk) == "done"
    job.refresh_from_db()
    assert (job.status, job.result, job.attempts, job.error, job.claimed_until) == (
        "done", {"round": 1, "version": 1}, 1, "", None,
    )  # fmt: skip
    assert job.started_at <= job.finished_at
    round_ = tournament.rounds.get()
    assert (round_.number, round_.seed, round_.status) == (1, "s1", "draft")
    actor = round_.history.get().history_actor
    assert actor == f"user:{organizer.pk}:org system:worker via:job {job.pk}"

    assert services.job_run(job.pk) == "skipped"  # a rerun of a finished job does nothing
    assert tasks.job_run(job.pk) == "skipped"
    assert tournament.rounds.count() == 1


def test_it_redraws_and_seats_the_final_stage_in_the_worker(tournament, organizer) -> None:
    round1 = services.round_generate(tournament, seed="first", by=organizer)
    job = services.job_request(REDRAW, tournament, by=organizer, number=1, seed="again")
    assert job.params == {"expected_version": 1, "seed": "again"}
    assert services.job_run(job.pk) == "done"
    round1.refresh_from_db()
    assert (round1.seed, round1.version) == ("again", 2)
    assert Job.objects.get(pk=job.pk).result == {"round": 1, "version": 2}

    play_and_close(round1, organizer)
    Tournament.objects.filter(pk=tournament.pk).update(final_table=True, rounds_planned=1)
    final = services.job_request(FINAL_STAGE, tournament, by=organizer)
    assert final.round_number == 2
    assert services.job_run(final.pk) == "done"
    assert tournament.rounds.get(number=2).stage == Round.Stage.FINAL


@pytest.mark.parametrize(
    ("kind", "params", "field"),
    [
        ("shuffle", {}, "kind"),
        (GENERATE, {"method": "zigzag"}, "method"),
        (GENERATE, {"seed": "x" * 65}, "seed"),
        (GENERATE, {"seed": "a\x00b"}, "seed"),
        (GENERATE, {"seed": 7}, "seed"),
        (GENERATE, {"colour": "red"}, "colour"),
        (REDRAW, {"number": 9}, "round"),
        (REDRAW, {"number": "1"}, "round"),
        (REDRAW, {"number": 1, "expected_version": 5}, "If-Match"),
        (FINAL_STAGE, {}, "final_table"),
    ],
)
def test_it_refuses_a_bad_request_and_stores_nothing(tournament, organizer, kind, params, field) -> None:
    if kind == REDRAW:
        services.round_generate(tournament, by=organizer)
    before = row_counts()
    with pytest.raises(ValidationError) as refused:
        services.job_request(kind, tournament, by=organizer, **params)
    assert field in refused.value.message_dict
    assert row_counts() == before


def test_it_refuses_a_request_the_round_state_refuses(tournament, organizer) -> None:
    services.round_generate(tournament, by=organizer)
    with pytest.raises(ValidationError) as refused:
        services.job_request(GENERATE, tournament, by=organizer)
    assert refused.value.error_dict["round"][0].code == "conflict"
    assert "close round 1" in refused.value.messages[0]
    small = TournamentFactory()
    for player in PlayerFactory.create_batch(3):
        services.player_register(small, player, check_in=True)
    with pytest.raises(ValidationError, match="only 3 checked-in players"):
        services.job_request(GENERATE, small, by=organizer)
    assert not Job.objects.exists()


def test_it_returns_the_active_job_for_an_identical_request_and_refuses_another(
    tournament, organizer
) -> None:
    first = services.job_request(GENERATE, tournament, by=organizer)
    assert services.job_request(GENERATE, tournament, by=organizer, method="random").pk == first.pk
    with pytest.raises(ValidationError) as refused:
        services.job_request(GENERATE, tournament, by=organizer, seed="other")
    assert refused.value.error_dict["round"][0].code == "conflict"
    assert f"job {first.pk}" in refused.value.messages[0]
    assert Job.objects.count() == 1
    services.job_run(first.pk)
    again = services.job_request(REDRAW, tournament, by=organizer, number=1)  # finished: a new job
    assert again.pk != first.pk


def test_it_fails_a_job_the_service_refuses_at_run_time_with_its_reason(tournament, organizer) -> None:
    job = services.job_request(GENERATE, tournament, by=organizer)
    services.round_generate(tournament, by=organizer)  # someone drew round 1 meanwhile, synchronously
    assert services.job_run(job.pk) == "failed"
    job.refresh_from_db()
    assert (job.status, job.error_code, job.attempts, job.result) == ("failed", "conflict", 1, {})
    assert job.error == "Round: round 1 is no longer the next one to draw (round 2 is)"
    assert job.finished_at is not None
    assert tournament.rounds.count() == 1

    redraw = services.job_request(REDRAW, tournament, by=organizer, number=1)
    services.round_confirm(tournament.rounds.get(), by=organizer)  # changed since the re-draw was asked
    assert services.job_run(redraw.pk) == "failed"
    redraw.refresh_from_db()
    assert redraw.error_code == "precondition_failed"
    assert redraw.error.startswith("If-Match: the round changed since you read it")
    assert tournament.rounds.get().status == Round.Status.CONFIRMED


def test_it_retries_an_unexpected_error_a_bounded_number_of_times_then_fails(
    tournament, organizer, monkeypatch
) -> None:
    calls = []

    def broken(job: Job, actor: Any) -> Round:
        calls.append(job.attempts)
        raise RuntimeError("out of memory")

    monkeypatch.setattr(jobs, "_perform", broken)
    job = services.job_request(GENERATE, tournament, by=organizer)
    tasks.job_run.apply(args=[job.pk])  # eager: the task's retries run at once
    job.refresh_from_db()
    assert calls == [1, 2, 3]
    assert (job.status, job.attempts, job.error_code) == ("failed", jobs.MAX_ATTEMPTS, "error")
    assert job.error == "gave up after 3 attempts; the last: RuntimeError: out of memory"
    assert not tournament.rounds.exists()


def test_it_succeeds_on_a_retry_after_a_passing_error(tournament, organizer, monkeypatch) -> None:
    real = jobs._perform

    def flaky(job: Job, actor: Any) -> Round:
        if job.attempts == 1:
            raise ConnectionError("database went away")
        return real(job, actor)

    monkeypatch.setattr(jobs, "_perform", flaky)
    job = services.job_request(GENERATE, tournament, by=organizer)
    assert services.job_run(job.pk) == "retry"
    job.refresh_from_db()
    assert (job.status, job.claimed_until) == ("queued", None)
    assert job.error == "attempt 1: ConnectionError: database went away"
    assert services.job_run(job.pk) == "done"
    job.refresh_from_db()
    assert (job.status, job.attempts, job.error) == ("done", 2, "")
    assert tournament.rounds.count() == 1


def test_it_lets_the_sweep_take_over_a_job_whose_worker_died(tournament, organizer) -> None:
    job = services.job_request(GENERATE, tournament, by=organizer)
    assert jobs._claim(job.pk) is not None  # a worker claims it, then is killed mid-job
    past(job)
    assert services.jobs_sweep() == 0  # its claim still runs: nobody else may take it yet
    assert services.job_run(job.pk) == "skipped"  # e.g. the message redelivered (acks_late)
    past(job, claimed_until=True, enqueued_at=True)
    assert tasks.jobs_sweep() == 1  # eager: the resent task runs here
    job.refresh_from_db()
    assert (job.status, job.attempts, job.error) == ("done", 2, "")
    assert tournament.rounds.count() == 1
    assert services.jobs_sweep() == 0


def test_it_lets_the_sweep_resend_a_queued_job_whose_task_was_lost(tournament, organizer) -> None:
    job = services.job_request(GENERATE, tournament, by=organizer)  # its task never arrives (not committed)
    assert services.jobs_sweep() == 0  # sent a moment ago: give the worker time
    past(job)
    assert services.jobs_sweep() == 1
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 1)


def test_it_fails_a_job_whose_worker_keeps_dying(tournament, organizer) -> None:
    job = services.job_request(GENERATE, tournament, by=organizer)
    for _ in range(jobs.MAX_ATTEMPTS):
        assert jobs._claim(job.pk) is not None  # claimed, and the worker dies each time
        past(job, claimed_until=True, enqueued_at=True)
    assert services.jobs_sweep() == 1
    job.refresh_from_db()
    assert (job.status, job.attempts, job.error_code) == ("failed", jobs.MAX_ATTEMPTS, "error")
    assert job.error == f"gave up after 3 attempts; the last: {jobs.WORKER_LOST}"
    assert not tournament.rounds.exists()


def test_it_computes_once_when_two_workers_run_the_job_at_once(tournament, organizer, monkeypatch) -> None:
    computed, second = [], []
    real = jobs.round_generate

    def generate(*args: Any, **kwargs: Any) -> Round:
        computed.append(1)
        second.append(services.job_run(job.pk))  # another worker, while this one computes
        return real(*args, **kwargs)

    monkeypatch.setattr(jobs, "round_generate", generate)
    job = services.job_request(GENERATE, tournament, by=organizer)
    assert services.job_run(job.pk) == "done"
    assert (computed, second) == ([1], ["skipped"])
    assert Job.objects.get(pk=job.pk).attempts == 1
    assert tournament.rounds.count() == 1


def test_it_stores_nothing_when_another_worker_took_the_job_over(tournament, organizer, monkeypatch) -> None:
    real = jobs._perform

    def slow(job: Job, actor: Any) -> Round:
        round_ = real(job, actor)
        Job.objects.filter(pk=job.pk).update(attempts=F("attempts") + 1)  # its claim expired and was taken
        return round_

    monkeypatch.setattr(jobs, "_perform", slow)
    job = services.job_request(GENERATE, tournament, by=organizer)
    assert services.job_run(job.pk) == "skipped"
    assert not tournament.rounds.exists()  # its draw was rolled back with the job's "done"
    assert Job.objects.get(pk=job.pk).status == "running"  # the other worker's to finish
