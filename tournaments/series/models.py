"""Cups and series: tournaments of one game grouped under rules of their own (points per place, best N of M,
side rankings, qualification for a final), and their standings, derived data rebuilt like a tournament's.
Data and database invariants only; the rules are read by ``series.compute`` and applied by
``series.services``."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from simple_history.models import HistoricalRecords

from tournaments.core.audit import AuditedHistory
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player

MAIN_RANKING = ""  # the key of a series' main ranking; a side ranking has its own key


class Series(models.Model):
    """A cup or season: its game, its rules (``series.compute.SeriesRules`` as JSON), its tournaments and,
    when it has one, its final (a tournament of the project seeded from the series' ranking)."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=200, unique=True)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT, related_name="series")
    game = models.CharField(max_length=32)
    season = models.CharField(max_length=40, blank=True)  # e.g. "2026" or "2025/26"
    description = models.TextField(blank=True)
    rules = models.JSONField(default=dict, blank=True)
    is_public = models.BooleanField(default=True)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="organized_series")
    tournaments = models.ManyToManyField(Tournament, through="SeriesTournament", related_name="series")
    final = models.OneToOneField(
        Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="final_of"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=1)  # bumped by every change (ETag / If-Match)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name_plural = "series"
        # every series names its game: there is no default game (issue 31)
        constraints = [models.CheckConstraint(condition=~Q(game=""), name="series_game_named")]

    def __str__(self) -> str:
        return self.name


class SeriesTournament(models.Model):
    """A tournament counting for a series; ``region`` groups the qualifiers of a cup with regional
    winners (e.g. "Tirol")."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="series_entries")
    region = models.CharField(max_length=80, blank=True)
    added_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["series_id", "tournament__starts_on", "tournament_id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "tournament"], name="series_tournament_unique")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} in {self.series}"


class SeriesStanding(models.Model):
    """A player's line in one ranking of a series (the main one, ``ranking=""``, or a side ranking):
    derived, rewritten by ``series.services.series_recompute``. ``results`` lists every tournament's
    result with its points and whether it counts or is dropped."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="standings")
    ranking = models.CharField(max_length=40, blank=True, default=MAIN_RANKING)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="series_standings")
    rank = models.PositiveIntegerField()
    points = models.DecimalField(max_digits=16, decimal_places=2)
    tournaments_played = models.PositiveIntegerField()
    eligible = models.BooleanField(default=True)  # played the series' minimum of tournaments
    qualified = models.BooleanField(default=False)  # for the final
    results = models.JSONField(default=list)
    tiebreak_values = models.JSONField(default=dict)

    class Meta:
        ordering = ["series_id", "ranking", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["series", "ranking", "player"], name="series_standing_unique")
        ]
        indexes = [models.Index(fields=["series", "ranking", "rank"])]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} in {self.series}"


class SeriesState(models.Model):
    """Whether a series' stored standings are current: the tournaments' freshness rules (a change bumps
    ``version`` and sets ``stale_since``; a recompute that started at version v clears it only if the
    version is still v; a sweep recomputes what stayed stale)."""

    series = models.OneToOneField(Series, on_delete=models.CASCADE, related_name="state")
    version = models.PositiveBigIntegerField(default=0)
    stale_since = models.DateTimeField(null=True, blank=True)
    computed_version = models.PositiveBigIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    recomputations = models.PositiveBigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["stale_since"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(computed_version__lte=models.F("version")), name="series_state_not_ahead"
            )
        ]

    def __str__(self) -> str:
        state = f"stale since {self.stale_since}" if self.stale_since else "current"
        return f"standings of {self.series}: {state} (v{self.version})"
