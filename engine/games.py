"""The registry of games: each game package's descriptor under its id. The tournament system asks
``game(tournament.game)``; nothing in ``engine.core`` or a game package imports this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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

#: Data stored before a second game existed names no game: hand records of version 1 and the engine's
#: messages kept in a dispute's finding. They are Hungarian Tarokk. ``game_of_stored`` is the one place that
#: reads data without a game so; every other caller names the game it means (a tournament's ``game``), and
#: ``tests/architecture/test_no_default_game.py`` fails if a function gains a default game.
UNNAMED_STORED_GAME = HUNGARIAN.id


class UnknownGame(EngineError):
    """A game id that no package registers: ``UnknownGame("game", message)``."""


def game(game_id: str) -> GameDescriptor:
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


def game_of_stored(data: Any) -> Any:
    """The id of the game stored data is of (a hand record, a kept engine message): its ``"game"``, or
    Hungarian Tarokk for data that names none (``UNNAMED_STORED_GAME``). A ``"game"`` that is not text is
    returned as given, for ``game`` to refuse."""
    if isinstance(data, Mapping) and data.get("game") is not None:
        return data["game"]
    return UNNAMED_STORED_GAME
