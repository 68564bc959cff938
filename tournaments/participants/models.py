"""Who plays: clubs, players (a person, optionally a user), and a player's registration in a tournament."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.audit import AuditedHistory
from tournaments.organizing.models import Tournament

RATING_MAX = 10_000


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
