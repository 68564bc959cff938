"""Results: hands, the versions entered for each (append-only), disputes with the versions they weigh and
the validator's findings, and penalties. Data and database invariants only; behaviour is in
``results/services/``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.audit import AuditedHistory
from tournaments.core.messages import stored_text
from tournaments.draw.models import POSITION_CHOICES, Round, Table
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player

PENALTY_POINTS_MAX = 10_000  # an organizer's award, either way; far beyond any real one


class Hand(models.Model):
    """One deal at a table. Its result is the confirmed ``HandSubmission`` (at most one, by constraint)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Awaiting confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        VOIDED = "voided", _("Voided")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=POSITION_CHOICES)
    stake = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    # The kind that decides the next deal (played, passed_out, annulled, voided, ...): the confirmed
    # result's, else the latest entry's; kept while the hand is contested or sent back to the table.
    kind = models.CharField(max_length=24, blank=True)
    payments = models.JSONField(default=dict, blank=True)  # position -> points of the confirmed result
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["table_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} hand {self.number}"


# What a table's result is made of: confirmed hands, and voided ones (a void counts as played, for nothing).
COUNTED_HAND_STATUSES = (Hand.Status.CONFIRMED, Hand.Status.VOIDED)


class HandSubmission(models.Model):
    """An append-only, versioned entry of a hand's result. Payloads never change after insert; only the
    status moves (pending -> confirmed/superseded/disputed/rejected), by compare-and-set updates."""

    class Source(models.TextChoices):
        PAYMENTS = "payments", _("Payments")
        SUMMARY = "summary", _("Hand summary")
        RECORD = "record", _("Hand record")
        VOID = "void", _("Voided by organizer")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed")
        SUPERSEDED = "superseded", _("Superseded")
        REJECTED = "rejected", _("Rejected")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="submissions")
    version = models.PositiveIntegerField()
    source = models.CharField(max_length=16, choices=Source.choices)
    payload = models.JSONField(default=dict, blank=True)  # the summary or record as entered
    entered_payments = models.JSONField(null=True, blank=True)  # payments typed in by the table, if any
    payments = models.JSONField()  # position -> points: entered, or computed by the engine
    kind = models.CharField(max_length=24, default="played")
    # The deal this version was entered for: a correction of an earlier hand can change the hand's
    # dealer or stake, and a version entered for another deal is not confirmed as it stands.
    dealer = models.CharField(max_length=1, choices=POSITION_CHOICES)
    stake = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    submitted_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="submissions"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_by = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="confirmations"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The confirming seat confirmed on the phone the entry was made on (one phone per table), having
    # seen the whole hand and tapped its own name: kept for the history and the organizer's round page.
    same_device = models.BooleanField(default=False)
    idempotency_key = models.CharField(max_length=100, null=True, blank=True)  # noqa: DJ001 (unique if set)
    input_digest = models.CharField(max_length=64, blank=True)  # sha256 of the entry as sent, for retries
    note = models.TextField(blank=True)
    note_data = models.JSONField(null=True, blank=True)  # a note the system wrote, as template and params
    created_at = models.DateTimeField(auto_now_add=True)

    # The payload never changes: history keeps the status moves without copying it at each one.
    history = HistoricalRecords(bases=[AuditedHistory], excluded_fields=["payload", "entered_payments"])

    class Meta:
        ordering = ["hand_id", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="submission_version_unique"),
            models.UniqueConstraint(
                fields=["hand"], condition=Q(status="confirmed"), name="submission_one_confirmed_per_hand"
            ),
            models.UniqueConstraint(
                fields=["hand", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="submission_idempotency_key_unique",
            ),
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True)
                | Q(submitted_by__isnull=True)
                | ~Q(confirmed_by=models.F("submitted_by")),
                name="submission_confirmer_differs",
            ),
            models.CheckConstraint(
                condition=Q(same_device=False) | Q(confirmed_by__isnull=False),
                name="submission_same_device_needs_confirmer",
            ),
        ]
        indexes = [models.Index(fields=["hand", "status"])]

    def __str__(self) -> str:
        return f"{self.hand} v{self.version} ({self.status})"

    @property
    def note_text(self) -> Any:
        """The note in the reader's language: the system's words rendered, a person's as typed."""
        return stored_text(self.note_data, self.note)


class Dispute(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")
        VOIDED = "voided", _("Hand voided")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="disputes")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    reason = models.TextField()
    # A reason the system wrote (not one a player typed), kept as its template and params
    # (``messages.text_data``) and rendered when read; ``reason`` keeps it in English beside.
    reason_data = models.JSONField(null=True, blank=True)
    submissions = models.ManyToManyField(HandSubmission, through="DisputeSubmission", related_name="disputes")
    opened_by = models.CharField(max_length=200)  # the actor's label (audit.Actor)
    opened_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolution = models.TextField(blank=True)
    resolution_data = models.JSONField(null=True, blank=True)  # as ``reason_data``, for the system's words
    chosen = models.ForeignKey(
        HandSubmission, null=True, blank=True, on_delete=models.PROTECT, related_name="chosen_in"
    )
    version = models.PositiveIntegerField(default=1)  # bumped by every change (ETag / If-Match)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["-opened_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand"], condition=Q(status="open"), name="dispute_one_open_per_hand"
            )
        ]

    def __str__(self) -> str:
        return f"Dispute on {self.hand} ({self.status})"

    @property
    def reason_text(self) -> Any:
        """The reason in the reader's language: the system's words rendered, a player's as typed."""
        return stored_text(self.reason_data, self.reason)

    @property
    def resolution_text(self) -> Any:
        """The resolution in the reader's language: the validator's or the system's words rendered, an
        organizer's note as typed."""
        return stored_text(self.resolution_data, self.resolution)


class DisputeSubmission(models.Model):
    """A version a dispute concerns: append-only, with who brought it into the dispute and when."""

    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="links")
    submission = models.ForeignKey(HandSubmission, on_delete=models.PROTECT, related_name="dispute_links")
    added_by = models.CharField(max_length=200)  # the actor's label (audit.Actor)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["dispute_id", "added_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["dispute", "submission"], name="dispute_submission_unique")
        ]

    def __str__(self) -> str:
        return f"{self.submission} in {self.dispute}"


class DisputeFinding(models.Model):
    """What the dispute validator found, once per state (``version``) of a dispute: append-only, with the
    validator's label. ``decided``: the engine settles it and the validator confirmed ``chosen``;
    ``escalated``: the organizer decides. ``differences`` shows the disputed fields side by side:
    field -> {version number (or "engine"): value}."""

    class Outcome(models.TextChoices):
        DECIDED = "decided", _("Decided by the validator")
        ESCALATED = "escalated", _("Escalated to the organizer")

    dispute = models.ForeignKey(Dispute, on_delete=models.CASCADE, related_name="findings")
    dispute_version = models.PositiveIntegerField()  # the state of the dispute assessed
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    chosen = models.ForeignKey(
        HandSubmission, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    explanation = models.TextField()  # in English; rows before ``explanation_data`` have only this
    # the explanation as the validator's templates and params (``messages.text_data``), rendered when read
    explanation_data = models.JSONField(null=True, blank=True)
    differences = models.JSONField(default=dict, blank=True)
    validator = models.CharField(max_length=200)  # the actor's label (audit.Actor)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["dispute_id", "dispute_version"]
        constraints = [
            models.UniqueConstraint(fields=["dispute", "dispute_version"], name="dispute_finding_once"),
            models.CheckConstraint(
                condition=Q(outcome="decided", chosen__isnull=False)
                | Q(outcome="escalated", chosen__isnull=True),
                name="dispute_finding_decision_names_a_version",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.dispute}: {self.outcome} (dispute v{self.dispute_version})"

    @property
    def explanation_text(self) -> Any:
        """The explanation in the reader's language (an old row's stored text as it is)."""
        return stored_text(self.explanation_data, self.explanation)


class Penalty(models.Model):
    """Points awarded against (negative) or for a player by the organizer, outside the table results."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.CASCADE, related_name="penalties"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="penalties")
    points = models.IntegerField()
    reason = models.CharField(max_length=200)
    awarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    idempotency_key = models.CharField(max_length=100, null=True, blank=True)  # noqa: DJ001 (unique if set)
    # A penalty is never deleted: it is withdrawn, with who, when and why, and stops counting.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawal_reason = models.CharField(max_length=200, blank=True)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "penalties"
        constraints = [
            models.CheckConstraint(
                condition=Q(points__gte=-PENALTY_POINTS_MAX, points__lte=PENALTY_POINTS_MAX) & ~Q(points=0),
                name="penalty_points_bounded",
            ),
            models.UniqueConstraint(
                fields=["tournament", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="penalty_idempotency_key_unique",
            ),
        ]

    def __str__(self) -> str:
        withdrawn = " (withdrawn)" if self.withdrawn_at else ""
        return f"{self.points:+d} for {self.player}: {self.reason}{withdrawn}"
