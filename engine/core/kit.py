"""What a game kit without its own records shares: its summary's JSON schema read from
``engine/schemas/<game>/`` and the refusal to replay a record (its tables enter summaries or payments)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"


def summary_schema_of(game_id: str) -> Callable[[], dict[str, Any]]:
    """``() -> the JSON schema of game_id's hand summary``
    (``engine/schemas/<game>/hand-summary.schema.json``), read once when first asked."""

    @cache
    def summary_schema() -> dict[str, Any]:
        return json.loads((SCHEMAS / game_id / "hand-summary.schema.json").read_text(encoding="utf-8"))

    return summary_schema


def replays_nothing(record: Any) -> NoReturn:
    """The descriptor's ``replay`` of a game whose tables enter summaries or payments only."""
    raise EngineError("record", Message("no_records", _("this game replays no records")))
