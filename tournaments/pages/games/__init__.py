"""Each game's part of the entry pages, chosen by the tournament's game (``formats.game_of``): a game with a
hand-made kit (Hungarian Tarokk) registers its ``KIT`` in ``KITS``; every other game of ``engine.games``
gets the kit its descriptor describes (``generic.kit_of``)."""

from __future__ import annotations

from typing import Any

from engine.games import GAMES
from tournaments.core.formats import game_of
from tournaments.pages.games import generic, hungarian
from tournaments.pages.games.kit import EntryKit

KITS: dict[str, EntryKit] = {kit.game: kit for kit in (hungarian.KIT,)}
KITS.update({game_id: generic.kit_of(game) for game_id, game in GAMES.items() if game_id not in KITS})


def entry_kit(tournament: Any) -> EntryKit:
    """The entry kit of ``tournament``'s game."""
    return KITS[game_of(tournament).id]
