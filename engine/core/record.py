"""The record envelope: what every game's hand record carries around its moves.

A record names its ``game`` (records of version 1, written before there was more than one game, do not:
``engine.games.game_of_stored`` reads them as Hungarian), its ``rules`` (a preset name or
``{"preset", "options"}``), the ``seed`` of its deal and its ``actions`` (the moves, in the game's own
sections). The registry reads the envelope to send a
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

    #: the record's ``"game"`` as given; None for a record of version 1 (``engine.games.game_of_stored``)
    game: Any
    rules: Any
    seed: int | None
    actions: Mapping[str, Any]


def envelope(record: Mapping[str, Any]) -> Envelope:
    """The envelope of ``record`` (an object)."""
    seed = record.get("seed")
    return Envelope(
        game=record.get("game"),
        rules=record.get("rules"),
        seed=seed if type(seed) is int else None,
        actions={k: v for k, v in record.items() if k not in ENVELOPE_KEYS},
    )
