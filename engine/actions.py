"""The moves of a hand (docs/engine-api-contract.md, "Actions"): the ``Action`` tuple, the error an illegal
one raises, and the fixed action objects the phases list and compare (so that listing builds no tuples)."""

from __future__ import annotations

from typing import NamedTuple

BONUSES = ("trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch")
TEAMS = ("declarer", "opponents")
DECL, OPP = 0, 1  # the two teams, as indexes of TEAMS


class Action(NamedTuple):
    """One atomic move, e.g. ``Action("bid", 3)`` or ``Action("play", 21)`` (see the contract)."""

    kind: str
    arg: object = None


class IllegalAction(ValueError):
    """An action the rules forbid; ``step`` names where (e.g. "trick 4, seat C"), ``rule`` why."""

    def __init__(self, step: str, rule: str) -> None:
        super().__init__(f"{step}: {rule}")
        self.step = step
        self.rule = rule


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
