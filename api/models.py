"""What the API itself stores: the first response to each idempotent request."""

from __future__ import annotations

from django.db import models


class IdempotentRequest(models.Model):
    """The first answer to a POST with an ``Idempotency-Key``: a retry gets it again and stores nothing.
    The unique constraint decides between simultaneous twins: the second waits for the first's commit."""

    principal = models.CharField(max_length=64)  # "user:7", "table:12" or "anonymous"
    key = models.CharField(max_length=100)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=300)
    body_digest = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(default=0)  # 0 until the response is stored
    body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["principal", "key"], name="idempotent_request_unique")]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.method} {self.path} [{self.key}] -> {self.status_code}"
