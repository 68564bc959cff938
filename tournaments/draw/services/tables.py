"""Tables' entry codes: issued when a round is published, replaceable by an organizer.

A code lets a phone at the table read the table and enter, confirm or contest its hands while the round is
in play. Codes are drawn from an alphabet without look-alike characters and never reused in a tournament.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from config.cache import cache_count, cache_get
from tournaments.core.audit import acting_as, current_actor
from tournaments.draw.models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, Round, Table, TableCode


def _new_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


def _issue(table: Table, tournament_id: int) -> TableCode:
    actor = current_actor()
    for _ in range(20):  # 31^6 codes: a collision is rare, twenty in a row impossible in practice
        try:
            with transaction.atomic():
                return TableCode.objects.create(
                    tournament_id=tournament_id,
                    table=table,
                    code=_new_code(),
                    issued_by=actor.label() if actor else "",
                )
        except IntegrityError:
            if TableCode.objects.filter(table=table, replaced_at__isnull=True).exists():
                raise  # not a collision: the table already has an active code
    raise RuntimeError("could not draw an unused table code")


def table_codes_issue(round_: Round) -> list[TableCode]:
    """Give every table of the round that has none an active code (idempotent)."""
    with transaction.atomic():
        coded = TableCode.objects.filter(replaced_at__isnull=True).values("table_id")
        tables = round_.tables.exclude(pk__in=coded).order_by("number")
        return [_issue(table, round_.tournament_id) for table in tables]


def table_code_replace(table: Table, *, by: Any) -> TableCode:
    """A new code for the table (e.g. the card was lost or seen by another table); the old one stops."""
    with acting_as(by), transaction.atomic():
        table = Table.objects.select_related("round").select_for_update(of=("self",)).get(pk=table.pk)
        TableCode.objects.filter(table=table, replaced_at__isnull=True).update(replaced_at=timezone.now())
        return _issue(table, table.round.tournament_id)


# --- finding a table by its code (the API's X-Table-Code and the phone pages share this) ---------------

CODE_FAILURE_WINDOW_SECONDS = 60
MAX_CODE_LENGTH = 16


@dataclass
class TooManyCodeFailures(Exception):
    """The client typed too many unknown codes this minute: it may try again after ``retry_after`` s."""

    retry_after: float


def table_code_find(slug: str, code: Any, client: str) -> TableCode | None:
    """The active code ``code`` of tournament ``slug`` (with its table, round and tournament), or None.

    Unknown codes are counted per client address (in the cache); past
    ``API_TABLE_CODE_FAILURES_PER_MINUTE`` in a minute every lookup raises ``TooManyCodeFailures`` until
    the minute is over, whether the next code is right or not: codes cannot be guessed by trying."""
    window = int(time.time()) // CODE_FAILURE_WINDOW_SECONDS
    key = f"api:table-code-failures:{client}:{window}"
    if (cache_get(key) or 0) >= settings.API_TABLE_CODE_FAILURES_PER_MINUTE:
        raise TooManyCodeFailures(CODE_FAILURE_WINDOW_SECONDS - time.time() % CODE_FAILURE_WINDOW_SECONDS)
    normalized = str(code or "").strip().upper()
    # a code is letters and digits: anything else (a NUL, which PostgreSQL refuses even to compare) is
    # no code, and is not looked up
    well_formed = 0 < len(normalized) <= MAX_CODE_LENGTH and normalized.isascii() and normalized.isalnum()
    found = (
        TableCode.objects.filter(tournament__slug=slug, code=normalized, replaced_at__isnull=True)
        .select_related("table__round__tournament")
        .first()
        if slug and well_formed
        else None
    )
    if found is None:
        cache_count(key, CODE_FAILURE_WINDOW_SECONDS)
    return found
