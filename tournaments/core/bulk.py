"""Writing derived rows fast: a recompute's thousands of rows (table results, standings, a series' rankings)
given as tuples, never as model instances; PostgreSQL's COPY where the database is PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Model
from django.utils import timezone


class JsonText(str):
    """A JSON column's value already written as JSON text (a recompute that writes many documents builds
    their text directly): stored as the document it spells."""


def bulk_insert(model: type[Model], names: Sequence[str], rows: list[tuple[Any, ...]]) -> None:
    """Insert derived rows fast, given as tuples of the field values ``names`` (attribute names; every
    other field takes its default, ``auto_now`` fields the time now): no model instance is built for
    the thousands of rows a recompute writes. PostgreSQL's COPY (several times quicker than a multi-row
    INSERT), ``bulk_create`` elsewhere."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    now = timezone.now()
    given = {name: i for i, name in enumerate(names)}
    extra = {
        f.attname: now
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        else f.get_default()
        for f in fields
        if f.attname not in given
    }
    if connection.vendor != "postgresql":
        model.objects.bulk_create(
            [
                model(
                    **{
                        n: json.loads(v) if isinstance(v, JsonText) else v
                        for n, v in zip(names, row, strict=True)
                    },
                    **extra,
                )
                for row in rows
            ],
            batch_size=2000,
        )
        return
    from psycopg.types.json import Jsonb

    dumped: dict[int, str] = {}  # a value given for several rows (the same object) is dumped once

    def dumps(value: Any) -> str:
        if isinstance(value, JsonText):
            return value
        text = dumped.get(id(value))
        if text is None:
            text = dumped[id(value)] = json.dumps(value)
        return text

    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    json_fields = {f.attname for f in fields if f.get_internal_type() == "JSONField"}
    extra = {name: Jsonb(value) if name in json_fields else value for name, value in extra.items()}
    # Per column: where its value comes from (an index into the row, or a constant), and whether it is JSON.
    plan = [(given.get(f.attname), extra.get(f.attname), f.attname in json_fields) for f in fields]
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(
            f"COPY {connection.ops.quote_name(model._meta.db_table)} ({columns}) FROM STDIN"
        ) as copy,
    ):
        for row in rows:
            copy.write_row(
                [
                    constant if index is None else Jsonb(row[index], dumps) if is_json else row[index]
                    for index, constant, is_json in plan
                ]
            )
