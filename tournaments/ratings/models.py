"""The rating of each player in each game (a skill estimate with its uncertainty, read from the margins
and places at each table and the opponents met: ``ratings.compute``) and its history: one change per player
and rated tournament, and one run per tournament (a tournament is rated once, in the order tournaments
finished). Derived data: rebuilt from the finished tournaments' table results, never edited."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player


class PlayerRating(models.Model):
    """A player's current rating in one game; ``ordinal`` (mu - 3 sigma) is what the ranking lists."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="game_ratings")
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    tournaments = models.PositiveIntegerField(default=0)
    tables = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-ordinal"]
        constraints = [models.UniqueConstraint(fields=["player", "game"], name="player_rating_unique")]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_ranking")]

    def __str__(self) -> str:
        return f"{self.player} ({self.game}): {self.ordinal:.1f}"


class RatingRun(models.Model):
    """A tournament's rating update, applied once (the unique tournament makes a retry a no-op)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="rating_run")
    game = models.CharField(max_length=32)
    sequence = models.PositiveBigIntegerField()  # the order updates were applied in, per game
    players = models.PositiveIntegerField(default=0)
    applied_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="rating_run_sequence_unique")
        ]

    def __str__(self) -> str:
        return f"rating of {self.tournament} (#{self.sequence})"


class RatingChange(models.Model):
    """A player's rating before and after one rated tournament: the player page's rating over time."""

    run = models.ForeignKey(RatingRun, on_delete=models.CASCADE, related_name="changes")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rating_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    tables = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["player_id", "run__sequence"]
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="rating_change_unique")]
        indexes = [models.Index(fields=["player", "game"])]

    def __str__(self) -> str:
        return f"{self.player} after {self.tournament}: {self.ordinal_after:.1f}"


class RatingState(models.Model):
    """Whether a game's stored ratings count every finished tournament as it stands now (the freshness rules
    of ``core.freshness``, as a series' standings): a merge, its undo or a re-opened tournament bumps
    ``version`` and sets ``stale_since`` in its own transaction; a rebuild that began at version v marks
    them current only if the version is still v; the sweep rebuilds what stayed stale."""

    game = models.CharField(max_length=32, unique=True)
    version = models.PositiveBigIntegerField(default=0)
    stale_since = models.DateTimeField(null=True, blank=True)
    computed_version = models.PositiveBigIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    recomputations = models.PositiveBigIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["stale_since"], name="rating_state_stale")]
        constraints = [
            models.CheckConstraint(
                condition=Q(computed_version__lte=models.F("version")), name="rating_state_not_ahead"
            )
        ]

    def __str__(self) -> str:
        state = f"stale since {self.stale_since}" if self.stale_since else "current"
        return f"ratings of {self.game}: {state} (v{self.version})"
