"""The one rules resolver of the engine: what the tournament system calls to turn a tournament's preset
and options, a summary's or a record's stored spec, or a ``Rules`` value into the rules of its game.

The tournament system asks a game's descriptor (``resolve_rules``), through ``tournaments.core.formats``
(``rules_for``, ``rules_of``); this function is the same for a caller that names the game by its id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.rules import RulesError
from engine.games import game

__all__ = ["RulesError", "resolve_rules"]


def resolve_rules(spec: Any, options: Mapping[str, Any] | None = None, *, game_id: str) -> Any:
    """The rules of game ``game_id`` for ``spec`` (a preset name, ``{"preset", "options"}`` or a Rules
    value) with ``options`` on top; raises RulesError (UnknownGame for an unknown game)."""
    return game(game_id).resolve_rules(spec, options)
