"""Tables' entry codes: issued when a round is published, replaceable by an organizer.

A code lets a phone at the table read the table and enter, confirm or contest its hands while the round is
in play. Codes are drawn from an alphabet without look-alike characters and never reused in a tournament.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.audit import acting_as, current_actor
from tournaments.models import TABLE_CODE_ALPHABET, TABLE_CODE_LENGTH, Round, Table, TableCode


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
        # not ``exclude(codes__replaced_at__isnull=True)``: its outer join also excludes tables without codes
        active = TableCode.objects.filter(replaced_at__isnull=True).values("table_id")
        tables = round_.tables.exclude(pk__in=active).order_by("number")
        return [_issue(table, round_.tournament_id) for table in tables]


def table_code_replace(table: Table, *, by: Any) -> TableCode:
    """A new code for the table (e.g. the card was lost or seen by another table); the old one stops."""
    with acting_as(by), transaction.atomic():
        table = Table.objects.select_related("round").select_for_update(of=("self",)).get(pk=table.pk)
        TableCode.objects.filter(table=table, replaced_at__isnull=True).update(replaced_at=timezone.now())
        return _issue(table, table.round.tournament_id)
