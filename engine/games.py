"""The registry of games: each game package's descriptor under its id. The tournament system asks
``game(tournament.game)``; nothing in ``engine.core`` or a game package imports this module."""

from __future__ import annotations

from collections.abc import Mapping

from engine.cego.game import DESCRIPTOR as CEGO
from engine.core.descriptor import GameDescriptor
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.hungarian.game import DESCRIPTOR as HUNGARIAN
from engine.koenigrufen.game import DESCRIPTOR as KOENIGRUFEN
from engine.slovenian.game import DESCRIPTOR as SLOVENIAN
from engine.talon.game import DESCRIPTOR as TALON
from engine.texas.game import DESCRIPTOR as TEXAS

GAMES: Mapping[str, GameDescriptor] = {
    g.id: g for g in (HUNGARIAN, KOENIGRUFEN, CEGO, SLOVENIAN, TEXAS, TALON)
}
DEFAULT_GAME = "hungarian"


class UnknownGame(EngineError):
    """A game id that no package registers: ``UnknownGame("game", message)``."""


def game(game_id: str = DEFAULT_GAME) -> GameDescriptor:
    """The descriptor of ``game_id``; raises UnknownGame (an EngineError) naming the known games."""
    found = GAMES.get(game_id) if type(game_id) is str else None
    if found is None:
        raise UnknownGame(
            "game",
            Message(
                "unknown_game",
                _("unknown game %(value)s (known: %(known)s)"),
                value=shown(game_id),
                known=", ".join(GAMES),
            ),
        )
    return found
