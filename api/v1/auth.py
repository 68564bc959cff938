"""Who is calling: an organizer (token or session), a table (its entry code), or the public.

A table code authenticates nothing but its table: ``request.auth`` becomes a ``TableAccess`` and the user
stays anonymous. Failed codes are counted per client address in the cache; past the limit a client is
answered 429 with ``Retry-After`` until the minute is over, whether its next code is right or not.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, TokenAuthentication
from rest_framework.request import Request

from config.cache import cache_count, cache_get
from tournaments.models import Table, TableCode

TABLE_CODE_HEADER = "X-Table-Code"
WINDOW_SECONDS = 60


class BearerTokenAuthentication(TokenAuthentication):
    """``Authorization: Bearer <token>``, the same tokens as ``Authorization: Token <token>``."""

    keyword = "Bearer"


@dataclass(frozen=True)
class TableAccess:
    """What a valid table code grants: this table of this round, nothing else."""

    table: Table
    code: str


def client_address(request: Request) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _failures_key(request: Request) -> str:
    window = int(time.time()) // WINDOW_SECONDS
    return f"api:table-code-failures:{client_address(request)}:{window}"


class TableCodeAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, TableAccess] | None:
        code = request.headers.get(TABLE_CODE_HEADER)
        if code is None:
            return None
        key = _failures_key(request)
        if (cache_get(key) or 0) >= settings.API_TABLE_CODE_FAILURES_PER_MINUTE:
            raise exceptions.Throttled(wait=WINDOW_SECONDS - time.time() % WINDOW_SECONDS)
        slug = (request.parser_context or {}).get("kwargs", {}).get("slug")
        found = (
            TableCode.objects.filter(
                tournament__slug=slug, code=code.strip().upper(), replaced_at__isnull=True
            )
            .select_related("table__round__tournament")
            .first()
            if slug and len(code) <= 16
            else None
        )
        if found is None:
            cache_count(key, WINDOW_SECONDS)
            raise exceptions.AuthenticationFailed("unknown table code for this tournament")
        from django.contrib.auth.models import AnonymousUser

        return AnonymousUser(), TableAccess(found.table, found.code)

    def authenticate_header(self, request: Request) -> str:
        return TABLE_CODE_HEADER
