"""What a hand's result says happened, as plain facts the tournament system counts (player statistics, a
tournament's distribution of contracts) without knowing any game's summary: the descriptor's
``hand_facts(summary, rules) -> HandFacts``. Words (contracts, bonuses, kinds) are the game's own keys, the
ones its ``labels`` name, so a page shows them in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: the two sides of a hand with a declarer
DECLARER = "declarer"
OPPONENTS = "opponents"


@dataclass(frozen=True)
class BonusFact:
    """A bonus (or a declared holding) of one side or one seat: ``seats`` are whose it is (the side's
    seats, or the one seat that declared it); ``side`` is ``"declarer"``, ``"opponents"`` or None (a
    seat's own, e.g. a Texas declaration); ``made`` says whether it succeeded."""

    name: str
    seats: tuple[str, ...]
    side: str | None
    announced: bool
    made: bool


@dataclass(frozen=True)
class DeclarerFact:
    """One declarer's contract and whether they (with their partner) made it."""

    seat: str
    contract: str
    won: bool


@dataclass(frozen=True)
class HandFacts:
    """One hand, as statistics count it.

    ``kind`` is the summary's kind (played, passed_out, trischaken ...). ``contract`` is the first
    declarer's contract, or the hand's own kind of game when it has no declarer (Trischaken, Räuber, Klop),
    or None (a hand thrown in). ``won`` is None when there is no declarer. ``declarers`` lists every
    declarer (Königrufen's negative contracts may have several, each in ``results``)."""

    kind: str
    contract: str | None = None
    declarers: tuple[str, ...] = ()
    partners: tuple[str, ...] = ()
    won: bool | None = None
    bonuses: tuple[BonusFact, ...] = ()
    results: tuple[DeclarerFact, ...] = ()
    #: the seats that played the hand
    seats: tuple[str, ...] = ()

    def side_of(self, seat: str) -> str | None:
        """``"declarer"`` for a declarer or partner, ``"opponents"`` for another seat in play, else None."""
        if seat in self.declarers or seat in self.partners:
            return DECLARER
        return OPPONENTS if seat in self.seats and self.declarers else None


def side_seats(
    side: str | None, seats: Sequence[str], declarers: Sequence[str], partners: Sequence[str]
) -> tuple[str, ...]:
    """The seats of ``side`` among ``seats`` (the ones that play)."""
    team = set(declarers) | set(partners)
    if side == DECLARER:
        return tuple(s for s in seats if s in team)
    if side == OPPONENTS:
        return tuple(s for s in seats if s not in team)
    return ()


def played(
    *,
    kind: str,
    contract: str,
    declarer: str,
    partners: Iterable[str | None],
    won: bool,
    seats: Sequence[str],
    bonuses: Iterable[tuple[str, str | None, bool, bool]] = (),
    seat_bonuses: Iterable[tuple[str, str, bool, bool]] = (),
    more: Iterable[DeclarerFact] = (),
) -> HandFacts:
    """The facts of a hand with a declarer: ``bonuses`` as ``(name, side, announced, made)``,
    ``seat_bonuses`` (a seat's declaration) as ``(name, seat, announced, made)``."""
    mates = tuple(p for p in partners if p and p != declarer)
    others = tuple(more)
    declarers = (declarer, *(d.seat for d in others if d.seat != declarer))
    facts = [
        BonusFact(name, side_seats(side, seats, declarers[:1], mates), side, announced, made)
        for name, side, announced, made in bonuses
    ]
    facts += [BonusFact(name, (seat,), None, announced, made) for name, seat, announced, made in seat_bonuses]
    return HandFacts(
        kind=kind,
        contract=contract,
        declarers=declarers,
        partners=mates,
        won=won,
        bonuses=tuple(facts),
        results=(DeclarerFact(declarer, contract, won), *others),
        seats=tuple(seats),
    )


def without_declarer(kind: str, contract: str | None, seats: Sequence[str]) -> HandFacts:
    """A hand with no declarer: thrown in (``contract`` None) or a game everyone plays for themselves."""
    return HandFacts(kind=kind, contract=contract, seats=tuple(seats))


def made_items(items: Iterable[Mapping[str, Any]]) -> set[tuple[str, str | None]]:
    """``(name, side)`` of the scored items a side succeeded in: what a made bonus must be among."""
    return {(str(i["name"]), i.get("team")) for i in items if i.get("won")}


def won_by_items(items: Iterable[Mapping[str, Any]], names: Iterable[str]) -> bool | None:
    """Whether the declarer's side won, read from the first scored item among ``names`` (the contract's
    item, or what replaces it: a Valat): made by the declarer's side, or failed by the opponents'."""
    wanted = frozenset(names)
    for item in items:
        if item.get("name") in wanted:
            return bool(item.get("won")) == (item.get("team") in (DECLARER, None))
    return None


def bonus_rows(bonuses: Mapping[str, Any] | Iterable[Any]) -> list[tuple[str, str | None, bool, bool]]:
    """``(name, side, announced, made)`` of a summary's bonuses: a mapping name -> a value with ``side``,
    ``announced``, ``made``, or values that carry their own ``name`` too."""
    pairs = bonuses.items() if isinstance(bonuses, Mapping) else ((b.name, b) for b in bonuses)
    return [(str(name), b.side, bool(b.announced), bool(b.made)) for name, b in pairs]
