"""Each game's words in a dispute's finding (facts and scored items), chosen by the game's id."""

from __future__ import annotations

from types import ModuleType

from engine.core.descriptor import GameDescriptor
from tournaments.results.games import hungarian

EXPLANATIONS: dict[str, ModuleType] = {"hungarian": hungarian}


def explanation_of(game: GameDescriptor) -> ModuleType:
    """The module that says ``game``'s facts (``fact(name, value)``) and items (``item(item)``) in words."""
    return EXPLANATIONS[game.id]
