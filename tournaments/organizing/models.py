"""Clubs and their tournaments. A club organizes tournaments and series and has its own page; the
tournament: its format (rounds, table points, tie-breaks, scoring, rules preset), its organizers and
its life (draft, running, finished). Every other noun of the domain belongs to one tournament."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.core.audit import AuditedHistory
from tournaments.core.validation import conflict

DEFAULT_TABLE_POINTS_4 = [10, 8, 6, 4]
DEFAULT_TABLE_POINTS_5 = [10, 8, 6, 4, 4]
# Tables of 2, 3 and 6 (the other games): the same ladder, the places below the fourth worth the fourth's.
DEFAULT_TABLE_POINTS_2 = [10, 6]
DEFAULT_TABLE_POINTS_3 = [10, 8, 6]
DEFAULT_TABLE_POINTS_6 = [10, 8, 6, 4, 4, 4]

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


def default_table_points_2() -> list[int]:
    return list(DEFAULT_TABLE_POINTS_2)


def default_table_points_3() -> list[int]:
    return list(DEFAULT_TABLE_POINTS_3)


def default_table_points_6() -> list[int]:
    return list(DEFAULT_TABLE_POINTS_6)


def default_pairing_methods() -> list[str]:
    return ["random", "swiss", "swiss", "swiss"]


class Club(models.Model):
    """A club: its organizers create its tournaments and series; its members are the players it names."""

    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=140, unique=True)
    city = models.CharField(max_length=120, blank=True)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="organized_clubs")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new club's slug comes from its name (a number appended if another club has it)."""
        if not self.slug:
            base = slugify(self.name)[:120] or "club"
            slug, n = base, 1
            while Club.objects.filter(slug=slug).exclude(pk=self.pk).exists():
                n += 1
                slug = f"{base}-{n}"
            self.slug = slug
        super().save(*args, **kwargs)


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class SeedBy(models.TextChoices):
        PLAYER_RATING = "player_rating", _("The players' ratings as entered")
        GAME_RATING = "game_rating", _("The game's rating")
        SEEDS = "seeds", _("The seeds given at registration")

    class Scoring(models.TextChoices):
        GAME_POINTS = "game_points", _("Written game points")
        TABLE_POINTS = "table_points", _("Table-rank points")
        BOTH = "both", _("Both added")

    class LiveSpectators(models.TextChoices):
        ORGANIZERS = "organizers", _("Only the organizers")
        PUBLIC = "public", _("Everyone who may see the tournament")

    class LiveBotHands(models.TextChoices):
        COUNT = "count", _("They count as played")
        CONFIRM = "confirm", _("A player of the table (or the organizer) confirms them")

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
    # The club that runs it (its organizers may manage it); none: an organizer's own tournament.
    club = models.ForeignKey(
        Club, null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )

    # The game (an id of engine.games, set when the tournament is created) and its rules: a preset of the
    # game plus option overrides.
    game = models.CharField(max_length=32)
    rules_preset = models.CharField(max_length=32)
    rules_options = models.JSONField(default=dict, blank=True)

    # Format; the defaults are the Hungarian tournament rules of 2018 (items 1, 3, 5).
    rounds_planned = models.PositiveSmallIntegerField(default=4)
    deals_per_round_4 = models.PositiveSmallIntegerField(default=16)
    deals_per_round_5 = models.PositiveSmallIntegerField(default=20)
    deals_per_round_2 = models.PositiveSmallIntegerField(default=16)
    deals_per_round_3 = models.PositiveSmallIntegerField(default=24)
    deals_per_round_6 = models.PositiveSmallIntegerField(default=24)
    # The table sizes a draw may use, the one it fills first first; empty: the game's own.
    table_sizes = models.JSONField(default=list, blank=True)
    round_minutes = models.PositiveSmallIntegerField(default=80)
    # The deals per round are a maximum within the round's time (the 2018 rules with ITVB 2.6-2.7): no new
    # deal once time is up, and a round whose time is up closes with the deals its tables played.
    # Off: every table plays all its deals (a game whose event counts a fixed number, e.g. Ichenheim's 24).
    deals_within_time = models.BooleanField(default=True)
    pairing_methods = models.JSONField(default=default_pairing_methods, blank=True)
    scoring = models.CharField(max_length=16, choices=Scoring.choices, default=Scoring.TABLE_POINTS)
    table_points_4 = models.JSONField(default=default_table_points_4)
    table_points_5 = models.JSONField(default=default_table_points_5)
    table_points_2 = models.JSONField(default=default_table_points_2)
    table_points_3 = models.JSONField(default=default_table_points_3)
    table_points_6 = models.JSONField(default=default_table_points_6)
    # Table money: what a game point is worth at the table (0: no money) and whether kontras go to the box.
    point_value_cents = models.PositiveIntegerField(default=0)
    kontras_to_box = models.BooleanField(default=False)
    tiebreaks = models.JSONField(default=default_tiebreaks)
    bye_table_points = models.IntegerField(default=6)
    bye_game_points = models.IntegerField(default=0)
    final_table = models.BooleanField(default=False)
    # What a seeded round 1 ranks the players by: their rating as entered, the project's rating of the
    # game (``tournaments.ratings``), or the seeds given at registration (a series' final).
    seed_by = models.CharField(max_length=16, choices=SeedBy.choices, default=SeedBy.PLAYER_RATING)
    placement_tables = models.BooleanField(default=False)

    # Live tables (``tournaments.live``): who may watch a table play, whether a hand in which a bot moved
    # for an absent or silent player counts as it stands or waits for the organizer, how long a dropped
    # phone's seat waits before its bot plays, and the move clock (0: none).
    live_spectators = models.CharField(
        max_length=16, choices=LiveSpectators.choices, default=LiveSpectators.ORGANIZERS
    )
    live_bot_hands = models.CharField(max_length=16, choices=LiveBotHands.choices, default=LiveBotHands.COUNT)
    live_grace_seconds = models.PositiveSmallIntegerField(
        default=60, validators=[MinValueValidator(5), MaxValueValidator(3600)]
    )
    live_clock_seconds = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(3600)])

    # Set by ``tournament_finish`` (with the status finished): the standings are final, no round is drawn
    # or started, nothing that counts changes; cleared only by ``tournament_reopen``.
    finished_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=1)  # bumped by every change (ETag / If-Match)

    history = HistoricalRecords(bases=[AuditedHistory])

    class Meta:
        ordering = ["-starts_on", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds_planned__gte=1), name="tournament_rounds_positive"),
            # every tournament names its game and preset: there is no default game (issue 31)
            models.CheckConstraint(condition=~Q(game="") & ~Q(rules_preset=""), name="tournament_game_named"),
            models.CheckConstraint(
                condition=Q(deals_per_round_4__gte=1) & Q(deals_per_round_5__gte=1),
                name="tournament_deals_positive",
            ),
            models.CheckConstraint(
                condition=Q(deals_per_round_2__gte=1)
                & Q(deals_per_round_3__gte=1)
                & Q(deals_per_round_6__gte=1),
                name="tournament_deals_positive_other_sizes",
            ),
            # finished and the final mark go together: re-opening clears both (issue 32 §1)
            models.CheckConstraint(
                condition=(Q(status="finished") & Q(finished_at__isnull=False))
                | (~Q(status="finished") & Q(finished_at__isnull=True)),
                name="tournament_finished_marked",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    # A format stores deals and table points per table size (one column each, tables of 2 to 6).

    def deals_per_round(self, table_size: int) -> int:
        """The deals a table of ``table_size`` plays in a round (a size without its own column: the
        4-table's, as before)."""
        return getattr(self, f"deals_per_round_{table_size}", self.deals_per_round_4)

    def table_points(self, table_size: int) -> list[int]:
        """The table-rank points of a table of ``table_size``, best place first."""
        return getattr(self, f"table_points_{table_size}", self.table_points_4)


#: what every change that counts meets once a tournament is finished (issue 32 §1)
FINISHED_FROZEN = _(
    "the tournament is finished: its results are final and can no longer change (its organizers may "
    "re-open it, giving a reason)"
)


def refuse_if_finished(tournament: Tournament, field: str = "tournament") -> None:
    """Refuse a change that counts (an entry, a confirmation, a void, a correction, a penalty, a draw, a
    registration's change) to a finished tournament. The caller holds a lock the finish also takes (the
    tournament's row, or a round's), so no change slips in between the check and the finish."""
    if tournament.finished_at is not None:
        raise conflict(field, FINISHED_FROZEN)


class TournamentReopening(models.Model):
    """A finished tournament re-opened (``organizing.services.tournament_reopen``): who, when, why, and the
    final mark it cleared. Append-only: finishing again is the undo, and both stay in the record."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="reopenings")
    reopened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    reopened_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=500)
    finished_at = models.DateTimeField()  # the finish this re-opening undid

    class Meta:
        ordering = ["tournament_id", "reopened_at", "pk"]
        constraints = [models.CheckConstraint(condition=~Q(reason=""), name="reopening_has_reason")]

    def __str__(self) -> str:
        return f"{self.tournament} re-opened at {self.reopened_at}: {self.reason}"
