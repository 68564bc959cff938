"""The registry of games: each game package's descriptor under its id, found by looking (``kits``). The
tournament system asks ``game(tournament.game)``; nothing in ``engine.core`` or a game package imports this
module."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Mapping
from typing import Any

import engine
from engine.core.descriptor import GameDescriptor
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown


def kits() -> list[GameDescriptor]:
    """Every game kit: each package ``engine/<game>/`` (but ``core``) whose ``game`` module holds a
    ``DESCRIPTOR``, in their ``order``. A new game is found here without a list to edit."""
    found = []
    for info in pkgutil.iter_modules(engine.__path__):
        if (
            not info.ispkg
            or info.name == "core"
            or importlib.util.find_spec(f"engine.{info.name}.game") is None
        ):
            continue
        descriptor = getattr(importlib.import_module(f"engine.{info.name}.game"), "DESCRIPTOR", None)
        if isinstance(descriptor, GameDescriptor):
            found.append(descriptor)
    return sorted(found, key=lambda d: (d.order, d.id))


GAMES: Mapping[str, GameDescriptor] = {g.id: g for g in kits()}

#: Data stored before a second game existed names no game: hand records of version 1 and the engine's
#: messages kept in a dispute's finding. They are Hungarian Tarokk. ``game_of_stored`` is the one place that
#: reads data without a game so; every other caller names the game it means (a tournament's ``game``), and
#: ``tests/architecture/test_no_default_game.py`` fails if a function gains a default game.
UNNAMED_STORED_GAME = "hungarian"


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


#: the lines of README.md between which ``games_table`` stands (``python -m engine games --readme``)
TABLE_MARKERS = (
    "<!-- the games table: python -m engine games --readme README.md -->",
    "<!-- end of the games table -->",
)


def games_table() -> str:
    """The games as README.md's table shows them (Markdown), from each kit's ``about``: written once, in
    the kit."""
    rows = [
        "| game (`--game`) | tables | presets (default first) | tournament scoring of the default preset |",
        "|---|---|---|---|",
    ]
    for g in GAMES.values():
        about = g.about
        sources = f" ({about['sources']})" if about.get("sources") else ""
        presets = ", ".join(f"`{p}`" for p in g.presets)
        note = f" ({about['presets']})" if about.get("presets") else ""
        tables = about.get("tables") or ", ".join(map(str, g.table_sizes))
        rows.append(
            f"| `{g.id}` {g.names['en']}{sources} | {tables} | {presets}{note} | {about.get('scoring', '')} |"
        )
    return "\n".join(rows)
