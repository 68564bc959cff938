"""Live tables: hands played through the engine, each seat on its own phone (issue 33).

A live hand is stored as what it was dealt from (its seed, rules, seats and stake) and the actions applied
to it, one row per step (append-only, unique per step: two phones of one seat acting at once apply exactly
one). Its state is rebuilt by replaying them (``engine.core.live.replay``), so no process holds anything
that a restart would lose. Data and database invariants only; behaviour is in ``live/services.py``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.draw.models import POSITION_CHOICES, Table
from tournaments.organizing.models import Club
from tournaments.participants.models import Player
from tournaments.results.models import HandSubmission

#: a seat's private link is this many characters of URL-safe randomness (``secrets.token_urlsafe(18)``)
SEAT_TOKEN_LENGTH = 24
GRACE_SECONDS_DEFAULT = 60
BOT_DELAY_MS_DEFAULT = 700
#: a phone that polls instead of holding a connection counts as there this long after it asked
PRESENT_SECONDS = 20
#: how often a connected phone says it is still there (well within PRESENT_SECONDS)
HEARTBEAT_SECONDS = 8


class LiveTable(models.Model):
    """A table that plays its hands live: a seated table of a round in play, or a club's practice table."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for the players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")
        STOPPED = "stopped", _("Stopped")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, null=True, blank=True, related_name="live")
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, null=True, blank=True, related_name="practice_tables"
    )
    game = models.CharField(max_length=32)
    rules = models.JSONField()  # the rules spec every hand is dealt with (a preset name or {preset, options})
    positions = models.JSONField()  # the seats' labels in table order, e.g. ["A", "B", "C", "D"]
    first_dealer = models.CharField(max_length=1, choices=POSITION_CHOICES, default="A")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    #: how long a disconnected seat waits before its bot plays for it
    grace_seconds = models.PositiveIntegerField(default=GRACE_SECONDS_DEFAULT)
    #: the move clock: a seat silent this long has its move played by the bot (0: no clock)
    clock_seconds = models.PositiveIntegerField(default=0)
    #: the pause before a bot's move, so that the table sees it happen
    bot_delay_ms = models.PositiveIntegerField(default=BOT_DELAY_MS_DEFAULT)
    #: practice tables: hands to play (a tournament table plays its round's deals)
    hands_planned = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.CharField(max_length=200)  # the actor's label (audit.Actor)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(table__isnull=False, club__isnull=True)
                | Q(table__isnull=True, club__isnull=False),
                name="live_table_of_a_table_or_a_club",
            ),
            models.CheckConstraint(condition=Q(clock_seconds__lte=3600), name="live_clock_bounded"),
            models.CheckConstraint(condition=Q(grace_seconds__lte=3600), name="live_grace_bounded"),
        ]

    def __str__(self) -> str:
        return f"live {self.table or self.club} #{self.pk}"


class LiveSeat(models.Model):
    """A seat of a live table: its private link, who sits there, and whether its bot plays for it."""

    class PlayedBy(models.TextChoices):
        HUMAN = "human", _("Player")
        BOT = "bot", _("Bot")

    live_table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="seats")
    position = models.CharField(max_length=1, choices=POSITION_CHOICES)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    name = models.CharField(max_length=120, blank=True)  # a practice seat's name
    token = models.CharField(max_length=SEAT_TOKEN_LENGTH, unique=True)
    #: who plays the seat: a person, or a bot (chosen by the seat, the organizer, or a bot-only seat)
    played_by = models.CharField(max_length=8, choices=PlayedBy.choices, default=PlayedBy.HUMAN)
    bot_kind = models.CharField(max_length=16, default="rule")
    #: the last sign of life from a phone of this seat (a connection or an action); None: never seen
    seen_at = models.DateTimeField(null=True, blank=True)
    #: open connections of this seat's phones (several devices may hold one seat)
    connections = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["live_table_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["live_table", "position"], name="live_seat_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.live_table} seat {self.position}"

    def present(self, now: datetime) -> bool:
        """A phone of the seat was heard from within ``PRESENT_SECONDS``: a connected one says so every
        ``HEARTBEAT_SECONDS`` (consumers), a polling one asks for its state. The count of connections alone
        is not trusted: a web process killed mid-connection never counts its phones out."""
        return self.seen_at is not None and now - self.seen_at < timedelta(seconds=PRESENT_SECONDS)


class LiveHand(models.Model):
    """One deal of a live table: what it is dealt from, and how far it has been played."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    live_table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()  # the table's deal number (the score sheet's hand)
    seed = models.BigIntegerField()  # secret until the hand is over: it is the shuffle
    dealer = models.CharField(max_length=1, choices=POSITION_CHOICES)
    active = models.JSONField()  # the seats that play it, from the first bidder on
    stake = models.PositiveSmallIntegerField(default=1)
    rules = models.JSONField()
    #: what the hand inherits from the table's earlier hands (``engine.core.live.LiveDeal.carry``)
    carry = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    steps = models.PositiveIntegerField(default=0)  # actions applied: the step the next one is chosen at
    bot_steps = models.PositiveIntegerField(default=0)  # of them, played by a bot for a human's seat
    #: when the seat to move got its turn (the move clock and the grace period count from it)
    turn_since = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    payments = models.JSONField(default=dict, blank=True)  # when finished: position -> game points
    kind = models.CharField(max_length=24, blank=True)  # when finished: the summary's kind (the next deal's)
    #: the version entered for the tournament's hand (a practice table enters none)
    submission = models.OneToOneField(
        HandSubmission, on_delete=models.PROTECT, null=True, blank=True, related_name="live_hand"
    )

    class Meta:
        ordering = ["live_table_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["live_table", "number"], name="live_hand_number_unique"),
            models.UniqueConstraint(
                fields=["live_table"], condition=Q(status="playing"), name="live_hand_one_in_play"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.live_table} hand {self.number}"


class LiveAction(models.Model):
    """One applied move (append-only): its step, the seat, the engine's code, and who chose it."""

    class By(models.TextChoices):
        SEAT = "seat", _("Player")
        BOT = "bot", _("Bot (an empty seat)")
        STANDIN = "standin", _("Bot (for an absent or silent player)")

    hand = models.ForeignKey(LiveHand, on_delete=models.CASCADE, related_name="actions")
    step = models.PositiveIntegerField()
    seat = models.CharField(max_length=1, choices=POSITION_CHOICES)
    code = models.CharField(max_length=200)
    by = models.CharField(max_length=8, choices=By.choices)
    idempotency_key = models.CharField(max_length=100, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["hand_id", "step"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "step"], name="live_action_step_unique"),
            models.UniqueConstraint(
                fields=["hand", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="live_action_key_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.hand} step {self.step}: {self.seat} {self.code}"
