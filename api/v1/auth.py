"""Who is calling: an organizer (token or session), a table (its entry code), or the public.

A table code authenticates nothing but its table: ``request.auth`` becomes a ``TableAccess`` and the user
stays anonymous. Failed codes are counted per client address in the cache; past the limit a client is
answered 429 with ``Retry-After`` until the minute is over, whether its next code is right or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, TokenAuthentication
from rest_framework.request import Request

from tournaments.core import api_texts as texts
from tournaments.draw.models import Table
from tournaments.draw.services.tables import TooManyCodeFailures, table_code_find

TABLE_CODE_HEADER = "X-Table-Code"


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


class TableCodeAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, TableAccess] | None:
        code = request.headers.get(TABLE_CODE_HEADER)
        if code is None:
            return None
        slug = (request.parser_context or {}).get("kwargs", {}).get("slug")
        try:
            found = table_code_find(slug, code, client_address(request))
        except TooManyCodeFailures as exc:
            raise exceptions.Throttled(wait=exc.retry_after) from exc
        if found is None:
            raise exceptions.AuthenticationFailed(texts.UNKNOWN_TABLE_CODE)
        from django.contrib.auth.models import AnonymousUser

        return AnonymousUser(), TableAccess(found.table, found.code)

    def authenticate_header(self, request: Request) -> str:
        return TABLE_CODE_HEADER
