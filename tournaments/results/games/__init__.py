"""Each game's words in a dispute's finding (facts and scored items), chosen by the game's id: a game with
its own module here (Hungarian Tarokk) says them in its words; any other game by its descriptor's labels
(``generic``)."""

from __future__ import annotations

from typing import Any

from engine.core.descriptor import GameDescriptor
from tournaments.results.games import generic, hungarian

EXPLANATIONS: dict[str, Any] = {"hungarian": hungarian}


def explanation_of(game: GameDescriptor) -> Any:
    """What says ``game``'s facts (``fact(name, value)``) and items (``item(item)``) in words."""
    return EXPLANATIONS.get(game.id) or generic.Words(game.id)
