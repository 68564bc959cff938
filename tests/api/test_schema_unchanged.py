"""The OpenAPI schema is the one saved with the last deliberate change of the API: a change nobody meant
fails here (issue 22 §3 saved it before its restructuring; issue 23 saved it again with the games, a table's
next deal, the tournament's game and per-size format fields and the seeded draw; issue 24 with series, clubs,
players and their merges, ratings and statistics; issue 31 with a registration's "did not come" and the
format's deals within the round's time, and every game named: a tournament's game is required at creation;
issue 34 with a practice table's size).

``openapi.yaml`` is generated with ``manage.py spectacular --lang en --file tests/api/openapi.yaml`` on
SQLite, and ``openapi.postgresql.yaml`` the same with ``DATABASE_URL`` on PostgreSQL: the integer fields'
bounds in the schema are the database's (SQLite has none). The running code must generate the same
schema, parsed and compared; a difference lists the paths in the schema that differ.

A deliberate API change replaces the saved copy (regenerate it with the command above) in the same commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command
from django.db import connection

HERE = Path(__file__).resolve().parent


def saved_schema() -> tuple[Path, dict[str, Any]]:
    """The saved copy, for the database the tests run on."""
    name = "openapi.postgresql.yaml" if connection.vendor == "postgresql" else "openapi.yaml"
    path = HERE / name
    return path, yaml.safe_load(path.read_text(encoding="utf-8"))


def differences(before: Any, after: Any, where: str = "") -> list[str]:
    """Every place where ``after`` differs from ``before``, as ``path: before -> after`` lines."""
    if isinstance(before, dict) and isinstance(after, dict):
        found: list[str] = []
        for key in [*before, *(k for k in after if k not in before)]:
            here = f"{where}/{key}"
            if key not in after:
                found.append(f"{here}: removed (was {_short(before[key])})")
            elif key not in before:
                found.append(f"{here}: added {_short(after[key])}")
            else:
                found += differences(before[key], after[key], here)
        return found
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [
            line
            for i, (a, b) in enumerate(zip(before, after, strict=True))
            for line in differences(a, b, f"{where}[{i}]")
        ]
    if before != after:
        return [f"{where or '/'}: {_short(before)} -> {_short(after)}"]
    return []


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def test_the_openapi_schema_is_the_one_saved_before_the_restructuring(tmp_path: Path) -> None:
    generated = tmp_path / "schema.yaml"
    call_command("spectacular", "--lang", "en", "--file", str(generated))
    now = yaml.safe_load(generated.read_text(encoding="utf-8"))
    path, before = saved_schema()
    if now != before:
        lines = differences(before, now)
        shown = "\n".join(lines[:60]) + (f"\n... and {len(lines) - 60} more" if len(lines) > 60 else "")
        pytest.fail(
            f"the OpenAPI schema differs from {path.name} in {len(lines)} places (saved -> now):\n{shown}",
            pytrace=False,
        )
