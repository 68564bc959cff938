"""What every package's tasks share: the dead letter of a task that gave up (``core.reliability``)."""

from __future__ import annotations

from django.db import models

DEAD_LETTER_TRACEBACK_MAX = 10_000  # characters kept of a traceback (its end: where it failed)
DEAD_LETTER_EXCEPTION_MAX = 2_000


class DeadLetter(models.Model):
    """A task that failed for good (its retries exhausted, or its hard time limit hit): what it was asked
    to do and why it failed, for an operator to look at. Written by ``reliability.ReliableTask``."""

    task_name = models.CharField(max_length=200)
    task_id = models.CharField(max_length=255, blank=True)
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    exception = models.TextField()
    traceback = models.TextField(blank=True)
    retries = models.PositiveIntegerField(default=0)
    failed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-failed_at", "-id"]
        indexes = [models.Index(fields=["task_name", "-failed_at"])]

    def __str__(self) -> str:
        return f"{self.task_name} failed at {self.failed_at}: {self.exception[:80]}"
