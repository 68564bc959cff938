"""The moves of a hand (docs/engine-api-contract.md, "Actions"): the ``Action`` tuple, the error an illegal
one raises with the steps it names, and the fixed action objects the phases list and compare (so that
listing builds no tuples)."""

from __future__ import annotations

from typing import Any

from engine.core.actions import (  # noqa: F401  (re-exported: the phases import them from here)
    END_OF_HAND,
    Action,
    IllegalAction,
    auction_step,
    trick_step,
    turn_step,
)
from engine.core.messages import Message
from engine.core.messages import gettext_noop as _

BONUSES = ("trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch")
TEAMS = ("declarer", "opponents")
DECL, OPP = 0, 1  # the two teams, as indexes of TEAMS


# The steps an error names, as the record's reader and the live table know them.
def step_by(what: str, seat: Any) -> Message:
    """``what`` by ``seat``: what is one of "bid", "raise", "discard", "annulment", "announcement", "call"."""
    return Message(*_STEPS_BY[what], seat=seat)


_STEPS_BY = {
    "bid": ("step_bid", _("bid by %(seat)s")),
    "raise": ("step_raise", _("raise by %(seat)s")),
    "discard": ("step_discard", _("discard by %(seat)s")),
    "annulment": ("step_annulment", _("annulment by %(seat)s")),
    "announcement": ("step_announcement", _("announcement by %(seat)s")),
    "call": ("step_call", _("call by %(seat)s")),
}


PASS = Action("pass")
NO_RAISE = Action("no_raise")
NO_ANNUL = Action("no_annul")
HOLD = Action("hold")
KONTRA_GAME = Action("kontra", "game")
GAME = (0, "game")  # the game is an item of the declarer's team that the opponents may kontra
ANNOUNCE = {b: Action("announce", b) for b in BONUSES}
KONTRA = {(t, b): Action("kontra", (TEAMS[t], b)) for t in (0, 1) for b in BONUSES} | {GAME: KONTRA_GAME}
DECLARE = {8: Action("declare", 8), 9: Action("declare", 9)}
CALL = tuple(Action("call", c) for c in range(22))
PLAY = tuple(Action("play", c) for c in range(42))
BID = {level: Action("bid", level) for level in (3, 2, 1, 0)}
RAISE = {level: Action("raise", level) for level in (2, 1, 0)}
