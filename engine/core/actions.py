"""The action vocabulary every game shares (docs/engine-api-contract.md, "Actions"): the ``Action`` tuple a
move is, the error an illegal one raises, and the steps such an error names (a trick, an auction step, a
turn of announcements). A game adds its own kinds of action and the steps only it has."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _

__all__ = ["END_OF_HAND", "Action", "IllegalAction", "auction_step", "trick_step", "turn_step"]


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
