"""Each game's part of the entry pages, chosen by the tournament's game (``formats.game_of``): a new game
adds its module here and its ``KIT`` to ``KITS``."""

from __future__ import annotations

from typing import Any

from tournaments.core.formats import game_of
from tournaments.pages.games import hungarian
from tournaments.pages.games.kit import EntryKit

KITS: dict[str, EntryKit] = {kit.game: kit for kit in (hungarian.KIT,)}


def entry_kit(tournament: Any) -> EntryKit:
    """The entry kit of ``tournament``'s game."""
    return KITS[game_of(tournament).id]
