"""What a finished (or thrown-in) hand shows to the code that writes it down: the summary
(``engine.hungarian.outcome.summarize``) and the record (``engine.hungarian.record_format.make_record``).

``Hand`` (engine.hungarian.state) calls both, so they type their argument by this protocol instead of
importing ``Hand``: the state machine imports them, never the other way round, not even for type checking
(import-linter counts those imports too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from engine.hungarian.rules import Rules


class FinishedHand(Protocol):
    """The fields of ``engine.hungarian.state.Hand`` that a summary and a record are made of."""

    rules: Rules
    labels: tuple[str, ...]
    seed: int | None
    stake: int
    kind: str
    done: bool
    declarer: int | None
    partner: int | None
    bid: int | None
    alone: str | None
    team: list[int]
    dealt: list[list[int]]
    talon: list[int]
    drawn: list[list[int]]
    discards: list[list[int]]
    discard_order: list[int]
    start_hands: list[int]
    annulment: tuple[int, str] | None
    called: int | None
    declared: list[int]
    item_by: dict[tuple[int, str], int]
    announce_log: list[tuple[int, Any]]
    tricks: list[tuple[int, Sequence[int], int]]
    won: list[int]

    @property
    def items(self) -> dict[tuple[int, str], int]: ...

    def auction_steps(self) -> list[Any]: ...
