"""PostgreSQL read replicas for the public reads (``DATABASE_REPLICA_URLS``).

A federation's installation is read far more than it is written: phones polling standings, rankings,
series and player pages. With replicas configured, a GET or HEAD by an anonymous reader of a view marked
``@replica_reads`` (the public pages: standings, series, rankings, player and club pages) reads from a
replica; everything else (writes, organizers, table entry, a reader who has just entered a hand) reads
the primary, so nobody misses their own change to replication lag. A public page is at most the replica's
lag behind, and says "as of" what it shows, as it always did.

Without replicas (the default) the router sends everything to ``default``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

_public_read: ContextVar[bool] = ContextVar("public_read", default=False)


def replica_reads(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a view whose anonymous GETs may read from a replica (a function or a class-based view)."""
    view.replica_reads = True  # type: ignore[attr-defined]
    return view


def replicas() -> list[str]:
    return list(getattr(settings, "DATABASE_REPLICAS", []))


def may_read_replica(view: Any) -> bool:
    return bool(
        getattr(view, "replica_reads", False)
        or getattr(getattr(view, "view_class", None), "replica_reads", False)
    )


class ReplicaReadsMiddleware:
    """Sets, for the length of one request, whether its reads may go to a replica."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _public_read.set(False)
        try:
            return self.get_response(request)
        finally:
            _public_read.reset(token)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> None:
        # in this order: without replicas (or for another view) the session is never read, so a response
        # does not start to vary on the cookie because of this middleware
        _public_read.set(
            bool(replicas())
            and request.method in ("GET", "HEAD")
            and may_read_replica(view)
            and "HTTP_AUTHORIZATION" not in request.META
            and not getattr(getattr(request, "user", None), "is_authenticated", False)
        )


class PublicReadsRouter:
    """Reads of a public request go to a replica; every write and every other read to ``default``."""

    def db_for_read(self, model: Any, **hints: Any) -> str | None:
        if _public_read.get():
            names = replicas()
            if names:
                return random.choice(names)
        return "default"

    def db_for_write(self, model: Any, **hints: Any) -> str:
        return "default"

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # the replicas hold the same rows as the primary

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == "default"
