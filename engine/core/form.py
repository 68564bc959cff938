"""A game's hand summary as an entry form: which fields a person fills in, in what order, with which words.

The tournament system's phone pages build one form for every game from this description (the game says
*what* is asked, the site says *how* it looks), map what was typed into the summary JSON by each field's
``path`` and show the engine's field errors beside the field of that path. Labels and help are English
templates marked with ``gettext_noop``; choices are words of the game whose labels are in the
descriptor's ``labels``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: what a field holds, and so how it is asked:
#: ``choice`` one word of ``choices`` (a select); ``seat`` one of the hand's active seats; ``seats`` some of
#: them (check boxes, stored as a list); ``int`` a whole number ``minimum``..``maximum``; ``bool`` yes/no;
#: ``per_seat`` a whole number for each active seat (``{seat: n}``); ``kontra`` a kontra level (0 none,
#: 1.. the descriptor's ``kontra_names``); ``bonus`` a bonus of the game (``{"side", "announced",
#: "made"}``, asked as one select: not made / made silently / announced and made / announced and lost, by
#: either side); ``per_seat_thirds`` card points counted in thirds for each active seat
#: (``engine.core.thirds``: typed ``23``, ``23 1/3``, ``23⅓`` or ``23,33``; stored as a whole number or the
#: string ``"23 1/3"``), ``minimum``..``maximum`` whole points
KINDS: tuple[str, ...] = (
    "choice",
    "seat",
    "seats",
    "int",
    "bool",
    "per_seat",
    "kontra",
    "bonus",
    "per_seat_thirds",
)
#: the kinds that ask one box per seat
PER_SEAT_KINDS: tuple[str, ...] = ("per_seat", "per_seat_thirds")
#: the sides of a hand a bonus belongs to
SIDES: tuple[str, ...] = ("declarer", "opponents")


@dataclass(frozen=True)
class FormField:
    """One question of a game's entry form.

    ``path``: the summary key it fills, dotted for nested objects (``bonuses.trull``); ``label`` and
    ``help``: English, marked with ``gettext_noop``; ``shown_when``: ``{other path: values}``: asked only
    when that other field holds one of the values (e.g. a partner only for contracts with a partner); an
    empty answer leaves the key out of the summary. ``rules_when``: ``{rules option: values}``: asked only
    under rules whose option holds one of the values (a list option: contains one; e.g. a Contra on the
    Valat only where the preset's ``kontra_targets`` name it); ``choices_from``: what of ``choices`` the rules
    offer: a rules option (a list, or a mapping by word: the contracts of the preset's schedule) or a method
    of the rules taking the table size (Cego's contracts at a table of four); ``at_sizes``: asked only at a
    table of that many seats (empty: any); ``choices_at``: table size -> the choices offered there (Talon's
    contracts at each size)."""

    path: str
    kind: str
    label: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    help: str = ""
    shown_when: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rules_when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    choices_from: str | None = None
    at_sizes: tuple[int, ...] = ()
    choices_at: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.path}: unknown field kind {self.kind!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"{self.path}: a choice needs choices")
        if self.kind in ("int", *PER_SEAT_KINDS) and (self.minimum is None or self.maximum is None):
            raise ValueError(f"{self.path}: a number needs its minimum and maximum")

    def asked_under(self, rules: Any, table_size: int) -> bool:
        """Whether the question is asked at a table of ``table_size`` seats under ``rules`` (``rules_when``,
        ``at_sizes``)."""
        if self.at_sizes and table_size not in self.at_sizes:
            return False
        return all(_holds(getattr(rules, option), values) for option, values in self.rules_when.items())

    def choices_under(self, rules: Any, table_size: int) -> tuple[str, ...]:
        """The choices the question offers at a table of ``table_size`` seats under ``rules``
        (``choices_from``, ``choices_at``)."""
        offered = self.choices
        if self.choices_from is not None:
            allowed = getattr(rules, self.choices_from)
            allowed = allowed(table_size) if callable(allowed) else allowed
            offered = tuple(choice for choice in offered if choice in allowed)
        if self.choices_at:
            here = self.choices_at.get(table_size, ())
            offered = tuple(choice for choice in offered if choice in here)
        return offered


def _holds(value: Any, values: tuple[Any, ...]) -> bool:
    """An option's value is one of ``values``, or (a collection) holds one of them."""
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        return any(v in value for v in values)
    return value in values
