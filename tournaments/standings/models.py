"""Derived data only: each player's result at each table, the ranked standings after each round, and the
state of their recompute (version, stale since, claimed by a worker). Rebuilt from the results, never
edited."""

from __future__ import annotations

from django.db import models

from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player


class TableResult(models.Model):
    """A player's result at one table: derived from its counted hands, rebuilt by ``standings.services``;
    none while no hand of the table counts."""

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
