"""The tournament domain: clubs, players, tournaments, registrations, rounds, tables, seats, hands,
result submissions, disputes, penalties and standings.

Models hold data and database-level invariants only (unique and partial-unique constraints, checks);
behaviour lives in ``services.py`` (writes), ``selectors.py`` (reads), ``pairing/`` (draws) and
``standings.py``. Every result, seating and dispute change is kept by django-simple-history with who and
when; result submissions are additionally append-only versions.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.audit import AuditedHistory
from tournaments.messages import stored_text
from tournaments.models_webhooks import (  # noqa: F401 (models of the app, defined beside)
    DeadLetter,
    WebhookDelivery,
    WebhookSubscription,
)

POSITIONS = "ABCDE"
POSITION_CHOICES = [(p, p) for p in POSITIONS]

RATING_MAX = 10_000
PENALTY_POINTS_MAX = 10_000  # an organizer's award, either way; far beyond any real one

DEFAULT_TABLE_POINTS_4 = [10, 8, 6, 4]
DEFAULT_TABLE_POINTS_5 = [10, 8, 6, 4, 4]
TIEBREAKS = {
    "total": _("Total"),
    "table_points": _("Table-rank points"),
    "game_points": _("Game points"),
    "table_wins": _("Table wins"),
    "best_round": _("Best single round"),
    "opponents_total": _("Opponents' total"),
    "fewest_hands_lost": _("Fewest hands lost"),
}
DEFAULT_TIEBREAKS = [
    "total",
    "table_points",
    "table_wins",
    "best_round",
    "opponents_total",
    "fewest_hands_lost",
]


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


def default_table_points_4() -> list[int]:
    return list(DEFAULT_TABLE_POINTS_4)


def default_table_points_5() -> list[int]:
    return list(DEFAULT_TABLE_POINTS_5)


def default_pairing_methods() -> list[str]:
    return ["random", "swiss", "swiss", "swiss"]


# Default orderings name foreign keys by their ``_id``: ordering by the related model would join it (and
# its own ordering's relations) into every ``first()`` and every listing.


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    city = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=120)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    rating = models.IntegerField(null=True, blank=True)
    external_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 (NULL = none, unique if set)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["external_id"],
                condition=Q(external_id__isnull=False),
                name="player_external_id_unique",
            ),
            models.CheckConstraint(
                condition=Q(rating__isnull=True) | Q(rating__gte=0, rating__lte=RATING_MAX),
                name="player_rating_bounded",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Scoring(models.TextChoices):
        GAME_POINTS = "game_points", _("Written game points")
        TABLE_POINTS = "table_points", _("Table-rank points")
        BOTH = "both", _("Both added")

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200, unique=True)
    venue = models.CharField(max_length=200, blank=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    is_public = models.BooleanField(default=True)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="organized_tournaments"
    )

    # Engine rules: a preset of engine.rules plus option overrides.
    rules_preset = models.CharField(max_length=32, default="tournament")
    rules_options = models.JSONField(default=dict, blank=True)

    # Format; the defaults are the Hungarian tournament rules of 2018 (items 1, 3, 5).
    rounds_planned = models.PositiveSmallIntegerField(default=4)
    deals_per_round_4 = models.PositiveSmallIntegerField(default=16)
    deals_per_round_5 = models.PositiveSmallIntegerField(default=20)
    round_minutes = models.PositiveSmallIntegerField(default=80)
    pairing_methods = models.JSONField(default=default_pairing_methods, blank=True)
    scoring = models.CharField(max_length=16, choices=Scoring.choices, default=Scoring.TABLE_POINTS)
    table_points_4 = models.JSONField(default=default_table_points_4)
    table_points_5 = models.JSONField(default=default_table_points_5)
    tiebreaks = models.JSONField(default=default_tiebreaks)
    bye_table_points = models.IntegerField(default=6)
    bye_game_points = models.IntegerField(default=0)
    final_table = models.BooleanField(default=False)
    placement_tables = models.BooleanField(default=False)

    # Set by ``tournament_finish``: the standings are final, no round is drawn or started, results frozen.
    finished_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=1)  # bumped by every change (ETag / If-Match)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds_planned__gte=1), name="tournament_rounds_positive"),
            models.CheckConstraint(
                condition=Q(deals_per_round_4__gte=1) & Q(deals_per_round_5__gte=1),
                name="tournament_deals_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def deals_per_round(self, table_size: int) -> int:
        """The deals a table of ``table_size`` plays in a round."""
        return self.deals_per_round_5 if table_size == 5 else self.deals_per_round_4


class Registration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTERED)
    registered_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Late entries join from this round on; a withdrawal takes effect from withdrawn_after_round + 1.
    first_round = models.PositiveSmallIntegerField(default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["tournament_id", "player__name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="registration_unique")]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


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


class TableResult(models.Model):
    """A player's result at one table: derived from its counted hands, rebuilt by ``standings``; none while
    no hand of the table counts."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="table_results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="table_results")
    game_points = models.IntegerField(default=0)
    hands_played = models.PositiveSmallIntegerField(default=0)
    hands_lost = models.PositiveSmallIntegerField(default=0)
    place = models.DecimalField(max_digits=4, decimal_places=1, default=0)  # shared places average, e.g. 2.5
    table_points = models.DecimalField(max_digits=6, decimal_places=2, default=0)
    won_table = models.BooleanField(default=False)  # first place, alone or shared

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="table_result_unique")]
        indexes = [models.Index(fields=["table"])]

    def __str__(self) -> str:
        return f"{self.player} at {self.table}: {self.game_points}"


class Standing(models.Model):
    """A player's standing after ``after_round`` (live while that round is in play)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    after_round = models.PositiveSmallIntegerField()
    rank = models.PositiveIntegerField()
    # Wide enough for any bounded result: payments are bounded per hand (engine.scoring.max_payment).
    total = models.DecimalField(max_digits=16, decimal_places=2)
    table_points = models.DecimalField(max_digits=16, decimal_places=2)
    game_points = models.BigIntegerField()
    penalties = models.BigIntegerField(default=0)
    hands_played = models.PositiveIntegerField()
    rounds = models.JSONField(default=list)  # per-round breakdown
    tiebreak_values = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament_id", "after_round", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "after_round", "player"], name="standing_unique")
        ]
        indexes = [models.Index(fields=["tournament", "after_round", "rank"])]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} after round {self.after_round}"


class StandingsState(models.Model):
    """Whether a tournament's stored standings are current. Every change that affects them bumps
    ``version`` and sets ``stale_since`` in its own transaction; a recompute that started at version v
    clears ``stale_since`` only if the version is still v (compare-and-set), so a change made during a
    recompute is never lost. A periodic sweep recomputes what stayed stale (e.g. the broker was down)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="standings_state")
    version = models.PositiveBigIntegerField(default=0)
    stale_since = models.DateTimeField(null=True, blank=True)
    computed_version = models.PositiveBigIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    # A worker recomputing holds a claim until this time (compare-and-set, renewed while it works).
    claimed_until = models.DateTimeField(null=True, blank=True)
    recomputations = models.PositiveBigIntegerField(default=0)  # how many recomputes ran (coalescing)

    class Meta:
        indexes = [models.Index(fields=["stale_since"])]

    def __str__(self) -> str:
        state = f"stale since {self.stale_since}" if self.stale_since else "current"
        return f"standings of {self.tournament}: {state} (v{self.version})"


class Job(models.Model):
    """Pairing work done by the worker: a draft of the next round, a re-draw or the final stage. The API
    answers 202 with the job; the worker claims it with a compare-and-set UPDATE (queued -> running, or
    running whose claim expired: its worker died) and stores the round with ``done`` in one transaction,
    fenced by ``attempts`` (a worker whose claim was taken over commits nothing). Behaviour lives in
    ``services/jobs.py``."""

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
