"""The moves of a hand (docs/engine-api-contract.md, "Actions"): the ``Action`` tuple, the error an illegal
one raises with the steps it names, and the fixed action objects the phases list and compare (so that
listing builds no tuples)."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _

BONUSES = ("trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch")
TEAMS = ("declarer", "opponents")
DECL, OPP = 0, 1  # the two teams, as indexes of TEAMS


class Action(NamedTuple):
    """One atomic move, e.g. ``Action("bid", 3)`` or ``Action("play", 21)`` (see the contract)."""

    kind: str
    arg: object = None


class IllegalAction(EngineError):
    """An action the rules forbid: ``IllegalAction(step, rule)``; ``step`` names where (e.g. "trick 4, seat
    C", one of the step messages below), ``rule`` why. Both read in English; ``where`` and ``message`` hold
    them as messages (``engine.core.messages``). A rule may come in parts, the outer first ("cannot announce
    trull", then why)."""

    def __init__(self, step: str | Message, *rule: str | Message) -> None:
        super().__init__(step, *rule)

    @property
    def step(self) -> str:
        return str(self.where[0])

    @property
    def rule(self) -> str:
        return self._text_after(1)


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
END_OF_HAND = Message("step_end_of_hand", _("end of hand"))


def trick_step(trick: int, seat: Any = None) -> Message:
    """Trick ``trick`` (1..9), or one seat's card in it."""
    if seat is None:
        return Message("step_trick", _("trick %(trick)s"), trick=trick)
    return Message("step_trick_seat", _("trick %(trick)s, seat %(seat)s"), trick=trick, seat=seat)


def auction_step(n: int) -> Message:
    """Step ``n`` (1, 2 ...) of a record's auction."""
    return Message("step_auction", _("auction step %(step)s"), step=n)


def turn_step(n: int, seat: Any = None) -> Message:
    """Turn ``n`` (1, 2 ...) of a record's round of announcements, or one seat's say in it."""
    if seat is None:
        return Message("step_turn", _("announcement turn %(turn)s"), turn=n)
    return Message("step_turn_seat", _("announcement turn %(turn)s, seat %(seat)s"), turn=n, seat=seat)


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
