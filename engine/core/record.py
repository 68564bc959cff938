"""The record envelope: what every game's hand record carries around its moves.

A record names its ``game`` (records of version 1, written before there was more than one game, do not:
they are Hungarian), its ``rules`` (a preset name or ``{"preset", "options"}``), the ``seed`` of its deal
and its ``actions`` (the moves, in the game's own sections). The registry reads the envelope to send a
record to its game's replayer; the game reads the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: the keys of the envelope; every other key of a record belongs to the game's actions
ENVELOPE_KEYS: tuple[str, ...] = ("game", "version", "rules", "seats", "stake", "seed")


@dataclass(frozen=True)
class Envelope:
    """A record's game, rules spec and seed, and its actions (the rest of the record, as given)."""

    game: str
    rules: Any
    seed: int | None
    actions: Mapping[str, Any]


def record_game(record: Any, default: str) -> str:
    """The game a record is of: its ``"game"``, else ``default`` (records of version 1 carry none). A record
    that is not an object, or names its game with something other than text, is left to ``default``'s
    replayer to refuse."""
    if isinstance(record, Mapping):
        game = record.get("game", default)
        if isinstance(game, str):
            return game
    return default


def envelope(record: Mapping[str, Any], default_game: str) -> Envelope:
    """The envelope of ``record`` (an object)."""
    seed = record.get("seed")
    return Envelope(
        game=record_game(record, default_game),
        rules=record.get("rules"),
        seed=seed if type(seed) is int else None,
        actions={k: v for k, v in record.items() if k not in ENVELOPE_KEYS},
    )
