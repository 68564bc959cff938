"""Who plays: players (a person across clubs and years, optionally a user), a player's registration in a
tournament, and the audited merges of two records of one person."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.audit import AuditedHistory
from tournaments.organizing.models import Club, Tournament

RATING_MAX = 10_000


class Gender(models.TextChoices):
    WOMAN = "f", _("Woman")
    MAN = "m", _("Man")
    OTHER = "x", _("Other")


class Player(models.Model):
    name = models.CharField(max_length=120)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")
    rating = models.IntegerField(null=True, blank=True)
    external_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001 (NULL = none, unique if set)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="player"
    )
    # What a series' side ranking may filter on (women, juniors); private: organizers only.
    gender = models.CharField(max_length=1, choices=Gender.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    # A record merged into another (the same person entered twice): kept, so the merge can be undone and
    # an old link still finds the person; every result row moved to ``merged_into``.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="merged_records"
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
            models.CheckConstraint(
                condition=Q(birth_year__isnull=True) | Q(birth_year__gte=1900, birth_year__lte=2100),
                name="player_birth_year_bounded",
            ),
            models.CheckConstraint(
                condition=~Q(merged_into=models.F("pk")), name="player_not_merged_into_self"
            ),
        ]
        indexes = [models.Index(fields=["merged_into"])]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        # registered but did not come: kept in the list, never drawn; undone if they come after all
        NO_SHOW = "no_show", _("Did not come")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTERED)
    registered_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # Late entries join from this round on; a withdrawal takes effect from withdrawn_after_round + 1.
    first_round = models.PositiveSmallIntegerField(default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # A seed for a seeded round 1 (1 = strongest): given by a series' final (its ranking) or taken from the
    # game's rating; none: the draw ranks by the player's rating as entered.
    seed = models.PositiveIntegerField(null=True, blank=True)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["tournament_id", "player__name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="registration_unique")]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"


class PlayerMerge(models.Model):
    """Two records of one person made one: every row of ``merged`` moved to ``kept``. ``moved`` lists the
    rows that moved (model label -> primary keys) and ``merged_before`` the merged record as it was, so
    ``player_merge_undo`` moves exactly those rows back. Append-only: an undo stamps ``undone_at``."""

    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_kept")
    merged = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges_absorbed")
    moved = models.JSONField(default=dict)
    merged_before = models.JSONField(default=dict)
    kept_before = models.JSONField(default=dict)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    merged_at = models.DateTimeField(auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-merged_at"]
        constraints = [
            models.CheckConstraint(condition=~Q(kept=models.F("merged")), name="player_merge_two_records"),
            models.UniqueConstraint(
                fields=["merged"], condition=Q(undone_at__isnull=True), name="player_merge_once_in_force"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.merged} merged into {self.kept}"
