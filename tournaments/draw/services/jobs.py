"""Pairing computed in the worker: a draft of the next round, a re-draw and the final stage as jobs.

``job_request`` checks everything the synchronous service would check before computing (a bad request
stores nothing), creates the job and sends ``tournaments.job_run`` once the transaction commits; an
identical request while a job for the same round is queued or running returns that job.

``job_run`` claims the job with a compare-and-set UPDATE (queued -> running, or running whose claim has
expired because its worker died), runs the existing service acting as the requester (``system:worker``,
via the job), and marks the job done in the same transaction as the round it stored, fenced by the
claim's attempt number: a worker whose claim was taken over commits nothing, so a draw is stored once.
A refusal of the service (invalid input, conflict, changed since read) fails the job with its message;
an unexpected error is retried ``MAX_ATTEMPTS`` times in all, then fails it. A finished job is never run
again. ``jobs_sweep`` (celery beat) resends queued jobs whose task was lost and running jobs whose worker
stopped.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Case, CharField, F, Q, TextField, Value, When
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.core.audit import Actor, acting_as, actor_of
from tournaments.core.events import JOB_DUE, JOB_QUEUED, publish
from tournaments.core.messages import Join, Labelled, Text, error_as_text, kept
from tournaments.core.validation import conflict, invalid, whole_number
from tournaments.draw.models import Job, Round
from tournaments.draw.services.rounds import (
    final_stage_check,
    final_stage_generate,
    round_generate,
    round_generate_check,
    round_redraw,
    round_redraw_check,
)
from tournaments.organizing.models import Tournament

logger = logging.getLogger(__name__)

CLAIM_TIMEOUT = timedelta(minutes=10)  # far beyond any draw; the task's time limits stop it before this
RESEND_AFTER = timedelta(seconds=60)  # a job whose task was sent longer ago than this and is still queued
MAX_ATTEMPTS = 3  # claims of one job, the lost ones (worker killed) included
SWEEP_BATCH = 500
ERROR_MAX_LENGTH = 2000
WORKER_LOST = "the worker stopped during the job (killed or out of time)"

# Outcomes of job_run (the task's return value).
DONE, FAILED, RETRY, SKIPPED = "done", "failed", "retry", "skipped"

PARAMS = {
    Job.Kind.GENERATE: {"method", "seed", "extra_reason"},
    Job.Kind.REDRAW: {"number", "seed", "expected_version"},
    Job.Kind.FINAL_STAGE: set(),
}


def _checked(kind: str, tournament: Tournament, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The round a job of ``kind`` would store and its parameters as the job keeps them, after the checks
    the service makes before computing (under the tournament's lock)."""
    if kind == Job.Kind.GENERATE:
        number, method, seed, reason = round_generate_check(
            tournament,
            method=params.get("method"),
            seed=params.get("seed"),
            extra_reason=params.get("extra_reason"),
        )
        return number, {
            "method": method,
            **({"seed": seed} if seed else {}),
            **({"extra_reason": reason} if reason else {}),
        }
    if kind == Job.Kind.REDRAW:
        number = whole_number(params.get("number"), "round", low=1)
        round_ = tournament.rounds.filter(number=number).first()
        if round_ is None:
            raise invalid("round", _("there is no round %(number)s"), params={"number": number})
        expected = params.get("expected_version")
        if expected is not None:
            whole_number(expected, "If-Match", low=1)
        seed = round_redraw_check(round_, seed=params.get("seed"), expected_version=expected)
        # The re-draw is of the round as the requester saw it: a change meanwhile fails the job (412).
        version = round_.version if expected is None else expected
        return number, {"expected_version": version, **({"seed": seed} if seed else {})}
    return final_stage_check(tournament).number + 1, {}


def job_request(kind: str, tournament: Tournament, by: Any = None, **params: Any) -> Job:
    """Ask the worker for a draw: ``generate`` (``method``, ``seed``), ``redraw`` (``number`` of the round,
    ``seed``, ``expected_version`` from If-Match) or ``final_stage``. Refused at once (nothing stored) when
    the service would refuse it; an identical request for a round with a queued or running job returns
    that job, a different one is a conflict. Returns the job as it is after the commit (with eager tasks
    it has already run)."""
    if kind not in Job.Kind.values:
        raise invalid("kind", _("must be one of %(choices)s"), params={"choices": ", ".join(Job.Kind.values)})
    unknown = sorted(set(params) - PARAMS[Job.Kind(kind)])
    if unknown:
        raise invalid(
            unknown[0],
            _("is not a parameter of a job of this kind (%(kind)s)"),
            params={"kind": Labelled("job_kind", kind)},
        )
    actor = actor_of(by)
    # Checked without a lock first: a running job holds the tournament's lock while it computes, and the
    # same request again is answered at once. A new job is made under the lock, after the checks again.
    _number, _clean, twin = _checked_with_twin(kind, Tournament.objects.get(pk=tournament.pk), params)
    if twin is None:
        with acting_as(actor), transaction.atomic():
            tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
            number, clean, twin = _checked_with_twin(kind, tournament, params)
            if twin is None:
                try:
                    with transaction.atomic():
                        twin = Job.objects.create(
                            kind=kind,
                            tournament=tournament,
                            round_number=number,
                            params=clean,
                            requested_by=actor.user if actor else None,
                            enqueued_at=timezone.now(),
                        )
                except IntegrityError:  # a simultaneous request won (the lock makes this a backstop)
                    raise conflict(
                        "round", _("another job is already queued for round %(number)s"), {"number": number}
                    ) from None
                publish(JOB_QUEUED, job_id=twin.pk)
    return Job.objects.select_related("tournament", "requested_by").get(pk=twin.pk)


def _checked_with_twin(
    kind: str, tournament: Tournament, params: dict[str, Any]
) -> tuple[int, dict[str, Any], Job | None]:
    """``_checked``, and the queued or running job that is this same request, if any. A job of the same
    round that is another request is a conflict: one job per round at a time."""
    number, clean = _checked(kind, tournament, params)
    active = Job.objects.filter(tournament=tournament, round_number=number, status__in=Job.ACTIVE).first()
    if active is not None and (active.kind, active.params) != (kind, clean):
        raise conflict(
            "round",
            _("job %(job)s (%(kind)s) is already %(status)s for round %(number)s: wait for it to finish"),
            {
                "job": active.pk,
                "kind": Labelled("job_kind", active.kind),
                "status": Labelled("job_state", active.status),
                "number": number,
            },
        )
    return number, clean, active


def _claim(job_id: int) -> Job | None:
    """Take the job if it is queued, or running with an expired claim (its worker died): one UPDATE that
    only one worker can win. A job out of attempts ends failed instead."""
    now = timezone.now()
    claimable = Q(status=Job.Status.QUEUED) | Q(status=Job.Status.RUNNING, claimed_until__lt=now)
    lost = Q(status=Job.Status.RUNNING)
    taken = Job.objects.filter(claimable, pk=job_id, attempts__lt=MAX_ATTEMPTS).update(
        status=Job.Status.RUNNING,
        attempts=F("attempts") + 1,
        started_at=now,
        claimed_until=now + CLAIM_TIMEOUT,
        error=Case(When(lost, then=Value(WORKER_LOST)), default=F("error"), output_field=TextField()),
        error_code=Case(When(lost, then=Value("error")), default=F("error_code"), output_field=CharField()),
    )
    if taken:
        return Job.objects.select_related("tournament", "requested_by").get(pk=job_id)
    spent = Job.objects.filter(claimable, pk=job_id).first()
    if spent is not None:  # out of attempts (the last one's worker died): it ends here
        last = WORKER_LOST if spent.status == Job.Status.RUNNING else spent.error or "no reason given"
        Job.objects.filter(claimable, pk=job_id, attempts=spent.attempts).update(
            status=Job.Status.FAILED,
            finished_at=now,
            claimed_until=None,
            error=f"gave up after {spent.attempts} attempts; the last: {last}"[:ERROR_MAX_LENGTH],
            error_code="error",
        )
    return None


def _store(job: Job, fence: int, **fields: Any) -> bool:
    """Update the job if this worker's claim still holds (no other worker took it over since)."""
    return bool(
        Job.objects.filter(pk=job.pk, status=Job.Status.RUNNING, attempts=fence).update(
            claimed_until=None, **fields
        )
    )


def _perform(job: Job, actor: Actor) -> Round:
    """The job's service, as a synchronous caller would call it."""
    params = job.params
    if job.kind == Job.Kind.GENERATE:
        return round_generate(
            job.tournament,
            method=params.get("method"),
            seed=params.get("seed"),
            by=actor,
            number=job.round_number,
            extra_reason=params.get("extra_reason"),
        )
    if job.kind == Job.Kind.REDRAW:
        round_ = Round.objects.filter(tournament=job.tournament, number=job.round_number).first()
        if round_ is None:
            raise conflict("round", _("round %(number)s no longer exists"), {"number": job.round_number})
        return round_redraw(
            round_, seed=params.get("seed"), by=actor, expected_version=params.get("expected_version")
        )
    round_ = final_stage_generate(job.tournament, by=actor)
    if round_.number != job.round_number:
        raise conflict(
            "round",
            _("the final stage would be round %(number)s, not %(planned)s"),
            {"number": round_.number, "planned": job.round_number},
        )
    return round_


def _reason(exc: ValidationError) -> tuple[str, Any, str]:
    """A service's refusal as the job keeps it: "field: message; ..." in English, the same as data (rendered
    in the reader's language when read) and the first error's code."""
    if hasattr(exc, "error_dict"):
        parts = [
            (None if field == "__all__" else field, error)
            for field, errors in exc.error_dict.items()
            for error in errors
        ]
    else:
        parts = [(None, error) for error in exc.error_list]
    said = Join(
        Text(
            gettext_noop("%(field)s: %(message)s"),
            field=Labelled("field", field),
            message=error_as_text(error),
        )
        if field
        else error_as_text(error)
        for field, error in parts
    )
    text, data = kept(said)
    return text[:ERROR_MAX_LENGTH], data, (parts[0][1].code if parts else None) or "invalid"


class _ClaimLost(Exception):
    """Another worker took the job over while this one computed: roll this one's work back."""


def job_run(job_id: int) -> str:
    """Run a job once: ``done``, ``failed``, ``retry`` (an unexpected error; the job is queued again) or
    ``skipped`` (finished already, or another worker holds it). Safe to call any number of times."""
    job = _claim(job_id)
    if job is None:
        return SKIPPED
    fence = job.attempts
    actor = Actor(user=job.requested_by, system="worker", via=f"job {job.pk}")
    try:
        with acting_as(actor), transaction.atomic():
            round_ = _perform(job, actor)
            result = {"round": round_.number, "version": round_.version}
            if not _store(
                job, fence, status=Job.Status.DONE, result=result, finished_at=timezone.now(), error="",
                error_code="",
            ):  # fmt: skip
                raise _ClaimLost
    except _ClaimLost:
        logger.warning("job %s was taken over by another worker; this run stored nothing", job.pk)
        return SKIPPED
    except ValidationError as exc:  # the service refused: final, whatever the attempt
        error, error_data, code = _reason(exc)
        stored = _store(
            job,
            fence,
            status=Job.Status.FAILED,
            finished_at=timezone.now(),
            error=error,
            error_data=error_data,
            error_code=code,
        )
        return FAILED if stored else SKIPPED
    except Exception as exc:
        logger.exception("job %s failed on attempt %s", job.pk, fence, extra={"job": job.pk})
        reason = f"{type(exc).__name__}: {exc}"
        if fence >= MAX_ATTEMPTS:
            stored = _store(
                job, fence, status=Job.Status.FAILED, finished_at=timezone.now(), error_code="error",
                error=f"gave up after {fence} attempts; the last: {reason}"[:ERROR_MAX_LENGTH],
            )  # fmt: skip
            return FAILED if stored else SKIPPED
        stored = _store(
            job, fence, status=Job.Status.QUEUED, enqueued_at=timezone.now(), error_code="error",
            error=f"attempt {fence}: {reason}"[:ERROR_MAX_LENGTH],
        )  # fmt: skip
        return RETRY if stored else SKIPPED  # not stored: another worker holds the job now
    return DONE


def jobs_sweep() -> int:
    """Resend what stayed undone: queued jobs whose task was sent over ``RESEND_AFTER`` ago (lost, or
    the broker was down) and running jobs whose claim expired (their worker died). Returns how many."""
    now = timezone.now()
    due = Job.objects.filter(
        Q(status=Job.Status.QUEUED) | Q(status=Job.Status.RUNNING, claimed_until__lt=now),
        enqueued_at__lt=now - RESEND_AFTER,
    )
    ids = list(due.order_by("enqueued_at").values_list("pk", flat=True)[:SWEEP_BATCH])
    Job.objects.filter(pk__in=ids).update(enqueued_at=now)  # resent at most once per RESEND_AFTER
    for pk in ids:
        publish(JOB_DUE, job_id=pk)  # sent now: the sweep runs outside a transaction
    return len(ids)
