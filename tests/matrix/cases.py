"""The matrix's cases, from the registry alone: every game of ``engine.games.GAMES``, each of its presets and
each table size that preset allows. A new game, preset or size is a new case without editing the tests.

What "allows" means: a preset whose ``formats`` entry names ``table_sizes`` (the event it is the rules of
plays at those tables: Wiener Tarockcup at 4 and 5, Ichenheim at 3 and 4, Bled at 3) allows those sizes;
a preset without one allows every size its game seats (``table_sizes``: Talon's presets at 2 to 6). These
are exactly the table sizes a new tournament of that preset may be created with (``formats.
validate_format`` refuses any other), so every tournament the site accepts is one of the cases."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.descriptor import GameDescriptor
from engine.games import GAMES
from tournaments.core.formats import preset_table_sizes


@dataclass(frozen=True)
class Case:
    """One (game, preset, table size); ``index`` numbers the game's cases (to rotate choices among them)."""

    game_id: str
    preset: str
    size: int
    index: int

    @property
    def id(self) -> str:
        return f"{self.game_id}-{self.preset}-{self.size}"

    @property
    def game(self) -> GameDescriptor:
        return GAMES[self.game_id]


def allowed_sizes(game: GameDescriptor, preset: str) -> tuple[int, ...]:
    """The table sizes a tournament of ``preset`` may seat (see the module's docstring), smallest first."""
    return tuple(sorted(preset_table_sizes(game.id, preset)))


def all_cases() -> list[Case]:
    out = []
    for game_id, game in GAMES.items():
        index = 0
        for preset in game.presets:
            for size in allowed_sizes(game, preset):
                out.append(Case(game_id, preset, size, index))
                index += 1
    return out


CASES = all_cases()


def cases_of(game_id: str) -> list[Case]:
    return [case for case in CASES if case.game_id == game_id]
