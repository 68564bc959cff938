"""What game kits share: their JSON schemas read from ``engine/schemas/<game>/``, and for a game without its
own records the refusal to replay one (its tables enter summaries or payments)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"


def schema_of(game_id: str, name: str) -> Callable[[], dict[str, Any]]:
    """``() -> the JSON schema engine/schemas/<game_id>/<name>.schema.json`` (``hand-summary``,
    ``hand-record``, ``live-view``), read once when first asked."""

    @cache
    def schema() -> dict[str, Any]:
        return json.loads((SCHEMAS / game_id / f"{name}.schema.json").read_text(encoding="utf-8"))

    return schema


def summary_schema_of(game_id: str) -> Callable[[], dict[str, Any]]:
    """``() -> the JSON schema of game_id's hand summary``, read once when first asked."""
    return schema_of(game_id, "hand-summary")


def replays_nothing(record: Any) -> NoReturn:
    """The descriptor's ``replay`` of a game whose tables enter summaries or payments only."""
    raise EngineError("record", Message("no_records", _("this game replays no records")))
