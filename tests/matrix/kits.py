"""A game's entry kit driven without a database: its summary form built for a deal at a table of unsaved
seats, bound to POST data, and what it hands the service (``to_data``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core.descriptor import Deal, GameDescriptor
from tournaments.draw.models import Seat
from tournaments.organizing.models import Tournament
from tournaments.pages.games import KITS
from tournaments.participants.models import Player

POSITIONS = "ABCDEF"


def table_view(game: GameDescriptor, preset: str, size: int) -> Any:
    """What the kit's forms read of a table page (``entry.TableView``): the tournament and its seats."""
    tournament = Tournament(name="Matrix", slug="matrix", game=game.id, rules_preset=preset, rules_options={})
    seats = [Seat(position=p, player=Player(name=f"Player {p}")) for p in POSITIONS[:size]]
    return SimpleNamespace(
        tournament=tournament,
        seats=seats,
        seat=lambda position: next((s for s in seats if s.position == position), None),
    )


def form_data(game: GameDescriptor, preset: str, size: int, deal: Deal, post: dict[str, Any]) -> Any:
    """The kit's summary form bound to ``post``: ``to_data()`` if it is valid, else its errors."""
    form = KITS[game.id].forms["summary"](post, view=table_view(game, preset, size), deal=deal)
    if not form.is_valid():
        return {"errors": {name: [str(e) for e in errors] for name, errors in form.errors.items()}}
    return form.to_data()
