"""The draw: rounds, their tables, seats and byes, the tables' entry codes, and the pairing jobs that make
rounds in a worker. Data and database invariants only; behaviour is in ``draw/services/`` and the pure
generators of ``draw/pairing/``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.audit import AuditedHistory
from tournaments.core.messages import stored_text
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player

POSITIONS = "ABCDEF"  # tables of 2 to 6 seats


POSITION_CHOICES = [(p, p) for p in POSITIONS]


class Round(models.Model):
    """A round and its draw. Lifecycle: draft -> confirmed -> published (the draw released) -> in_play ->
    closed. The draw is reproducible from ``seed`` and ``method``, both shown publicly."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        CONFIRMED = "confirmed", _("Confirmed")
        PUBLISHED = "published", _("Published")
        IN_PLAY = "in_play", _("In play")
        CLOSED = "closed", _("Closed")

    class Stage(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifying")
        FINAL = "final", _("Final stage")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=16, choices=Stage.choices, default=Stage.QUALIFYING)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    method = models.CharField(max_length=16, default="random")
    seed = models.CharField(max_length=64)
    draw_input = models.JSONField(default=dict, blank=True)  # what the draw was computed from, for checking
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Why a round beyond the planned number was drawn (required then, by ``round_generate``).
    extra_reason = models.TextField(blank=True, max_length=500)
    version = models.PositiveIntegerField(default=1)  # bumped by every change of the round or its draw

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["tournament_id", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


# Released rounds: their draw is public and their tables' results are entered (until the close) or corrected
# by the organizer (after it). The open ones are released and not closed: results come in, so what they
# count is provisional (the standings mark it).
RELEASED_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.IN_PLAY, Round.Status.CLOSED)
OPEN_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.IN_PLAY)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    label = models.CharField(max_length=64, blank=True)  # e.g. "Final", "Places 5-8"
    first_dealer = models.CharField(max_length=1, choices=POSITION_CHOICES, default="A")

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["round_id", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


TABLE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L


TABLE_CODE_LENGTH = 6


class TableCode(models.Model):
    """A table's entry code for a round in play: printed on the table card, typed on a phone. Codes are
    never reused within a tournament; a replaced code stops working at once."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="table_codes")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="codes")
    code = models.CharField(max_length=TABLE_CODE_LENGTH)
    issued_at = models.DateTimeField(auto_now_add=True)
    issued_by = models.CharField(max_length=200)  # the actor's label (audit.Actor)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table_id", "-issued_at"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="table_code_unique_in_tournament"),
            models.UniqueConstraint(
                fields=["table"], condition=Q(replaced_at__isnull=True), name="table_code_one_active"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table}: {self.code}"


class Seat(models.Model):
    """A player at a table position. ``round`` is denormalised so the database itself guarantees that
    nobody sits at two tables of one round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.CharField(max_length=1, choices=POSITION_CHOICES)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["table_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table} ({self.position})"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round")]

    def __str__(self) -> str:
        return f"{self.player} has a bye in {self.round}"


class Job(models.Model):
    """Pairing work done by the worker: a draft of the next round, a re-draw or the final stage. The API
    answers 202 with the job; the worker claims it with a compare-and-set UPDATE (queued -> running, or
    running whose claim expired: its worker died) and stores the round with ``done`` in one transaction,
    fenced by ``attempts`` (a worker whose claim was taken over commits nothing). Behaviour lives in
    ``draw/services/jobs.py``."""

    class Kind(models.TextChoices):
        GENERATE = "generate", _("Draw the next round")
        REDRAW = "redraw", _("Re-draw a round")
        FINAL_STAGE = "final_stage", _("Seat the final stage")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    ACTIVE = (Status.QUEUED, Status.RUNNING)

    kind = models.CharField(max_length=16, choices=Kind.choices)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="jobs")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)  # the round it draws
    params = models.JSONField(default=dict, blank=True)  # method, seed, expected_version
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    result = models.JSONField(default=dict, blank=True)  # when done: {"round": n, "version": v}
    error = models.TextField(blank=True)  # when failed: why (also the last retried error meanwhile)
    error_code = models.CharField(max_length=32, blank=True)  # invalid, conflict, ..., or "error"
    # a service's refusal as templates and params (``messages.text_data``), rendered when read
    error_data = models.JSONField(null=True, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    enqueued_at = models.DateTimeField()  # the last time a task was sent for it (the sweep resends)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)  # running: another worker may take over after
    attempts = models.PositiveSmallIntegerField(default=0)  # claims so far; also the claim's fencing token

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round_number"],
                condition=Q(status__in=["queued", "running"]),
                name="job_one_active_per_round",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "enqueued_at"]),  # the sweep
            models.Index(fields=["tournament", "status"]),
        ]

    def __str__(self) -> str:
        return f"job {self.pk}: {self.get_kind_display()} of {self.tournament} ({self.status})"

    @property
    def error_text(self) -> Any:
        """Why it failed, in the reader's language when a service refused it (an unexpected error, or a
        row from before, as stored)."""
        if self.error_code != "error" and self.error_data:
            return stored_text(self.error_data, self.error)
        return self.error
