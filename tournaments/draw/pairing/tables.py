"""Shared vocabulary of every draw: table split, seats and first dealer, results, validation, repeats."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

PlayerId = int | str
Seed = int | str

POSITIONS = "ABCDEF"  # seat letters, position A first; a table seats at most 6 (Talon: 2 to 6)
TABLE_SIZES = (4, 5)  # the default: tables of 4, and of 5 where the field is not a multiple of 4
MAX_TABLE_SIZE = len(POSITIONS)


def make_rng(seed: Seed, *labels: object) -> random.Random:
    """A private generator for ``seed``: the seed is used as text, so 7 and "7" give the same draw.

    ``labels`` derive independent streams for the parts of one draw (e.g. each restart of a search)."""
    return random.Random("/".join(str(part) for part in (seed, *labels)))


def player_order(players: Iterable[PlayerId]) -> list[PlayerId]:
    """Players in a canonical order (ints before strings): a draw depends on the set, not the list order."""
    return sorted(players, key=lambda p: (isinstance(p, str), p))


def table_sizes(sizes: Iterable[int]) -> tuple[int, ...]:
    """The allowed table sizes as a tuple, checked: at least one, each 2..6 and none twice; order kept
    (the first is the preferred size)."""
    checked = tuple(sizes)
    if not checked:
        raise ValueError("at least one table size is needed")
    for size in checked:
        if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= MAX_TABLE_SIZE:
            raise ValueError(f"a table size must be a whole number from 2 to {MAX_TABLE_SIZE}, not {size!r}")
    if len(set(checked)) != len(checked):
        raise ValueError(f"table sizes {checked} name a size twice")
    return checked


@dataclass(frozen=True)
class TableSplit:
    """How many tables of each allowed size seat ``n`` players, and how many sit out (only when no split
    exists). ``counts`` pairs each allowed size with its number of tables, in the order the sizes were
    given (the preferred size first)."""

    counts: tuple[tuple[int, int], ...]
    byes: int

    def count(self, size: int) -> int:
        """The number of tables of ``size`` (0 for a size that is not allowed)."""
        return next((tables for s, tables in self.counts if s == size), 0)

    @property
    def fours(self) -> int:
        return self.count(4)

    @property
    def fives(self) -> int:
        return self.count(5)

    @property
    def sizes(self) -> tuple[int, ...]:
        """Table sizes, largest tables first (for (4, 5): the tables of 5 first)."""
        return tuple(sorted((s for s, tables in self.counts for _ in range(tables)), reverse=True))

    @property
    def preferred_first(self) -> tuple[int, ...]:
        """Table sizes in the order of preference: the preferred size's tables, then the next size's ..."""
        return tuple(s for s, tables in self.counts for _ in range(tables))

    @property
    def tables(self) -> int:
        return sum(tables for _, tables in self.counts)

    @property
    def seated(self) -> int:
        return sum(s * tables for s, tables in self.counts)


def split_tables(n: int, sizes: Sequence[int] = TABLE_SIZES) -> TableSplit:
    """The tables for ``n`` players: the fewest byes, then the most tables of the preferred size
    (``sizes[0]``), then the most of ``sizes[1]``, and so on (the order of ``sizes`` is the preference).

    With (4, 5): tables of 4 plus n mod 4 tables of 5; byes only for n in 1, 2, 3, 6, 7, 11 (6 -> one
    5-table + 1 bye, 7 -> 5 + 2 byes, 11 -> 5 + 5 + 1 bye, 1-3 -> everyone sits out). With (3, 4): 61 ->
    19 tables of 3 and one of 4; with (6, 5): 50 -> 5 tables of 6 and 4 of 5; with (3,): 50 -> 16 tables
    of 3 and 2 byes. Fewer players than the smallest table: everyone sits out.
    """
    if n < 0:
        raise ValueError("the number of players cannot be negative")
    sizes = table_sizes(sizes)
    # reach[k][m]: m players can be seated exactly at tables of sizes[k:] (reach[len][m] only for m = 0).
    reach = [[False] * (n + 1) for _ in range(len(sizes) + 1)]
    reach[len(sizes)][0] = True
    for k in range(len(sizes) - 1, -1, -1):
        size, row, after = sizes[k], reach[k], reach[k + 1]
        for m in range(n + 1):
            row[m] = after[m] or (m >= size and row[m - size])
    for byes in range(n):
        seated = n - byes
        if not reach[0][seated]:
            continue
        counts = []
        for k, size in enumerate(sizes):  # the most tables of this size that leave a seatable rest
            tables = seated // size
            while not reach[k + 1][seated - size * tables]:
                tables -= 1
            counts.append((size, tables))
            seated -= size * tables
        return TableSplit(counts=tuple(counts), byes=byes)
    return TableSplit(counts=tuple((size, 0) for size in sizes), byes=n)


@dataclass(frozen=True)
class Table:
    """One table: players in seat order (position A first) and the first dealer's index in ``players``."""

    players: tuple[PlayerId, ...]
    first_dealer: int = 0

    @property
    def positions(self) -> dict[str, PlayerId]:
        return dict(zip(POSITIONS, self.players, strict=False))

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "first_dealer": POSITIONS[self.first_dealer]}


@dataclass(frozen=True)
class RoundDraw:
    """The draw of one round: tables in table-number order, players who sit out, and the seed it came from."""

    tables: tuple[Table, ...]
    byes: tuple[PlayerId, ...] = ()
    seed: Seed | None = None

    def groups(self) -> list[list[PlayerId]]:
        return [list(table.players) for table in self.tables]

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "tables": [t.to_json() for t in self.tables], "byes": list(self.byes)}


def seat_table(
    players: Sequence[PlayerId],
    rng: random.Random,
    seat_counts: Mapping[PlayerId, Mapping[str, int]] | None = None,
    dealer_counts: Mapping[PlayerId, int] | None = None,
) -> Table:
    """Seat a table: random positions and first dealer, or, given past counts, the least-used ones.

    With counts, the seat order minimises how often each player has already had their position, and the
    first dealer is a player who has dealt first least often; ties are broken by ``rng``.
    """
    if seat_counts is None:
        order = list(players)
        rng.shuffle(order)
    else:
        # had[position][i]: how often the i-th player sat at that position. The arrangements are index
        # permutations in the order of ``permutations(players)``, so the draw is the same as summing the
        # counts seat by seat, only faster (a table of 6 has 720 arrangements).
        had = [[seat_counts.get(p, {}).get(POSITIONS[j], 0) for p in players] for j in range(len(players))]
        arrangements = list(itertools.permutations(range(len(players))))
        rng.shuffle(arrangements)
        costs = [sum(map(list.__getitem__, had, a)) for a in arrangements]
        order = [players[i] for i in arrangements[costs.index(min(costs))]]
    if dealer_counts is None:
        first = rng.randrange(len(order))
    else:
        candidates = list(range(len(order)))
        rng.shuffle(candidates)
        first = min(candidates, key=lambda i: dealer_counts.get(order[i], 0))
    return Table(players=tuple(order), first_dealer=first)


@dataclass(frozen=True)
class RoundProblem:
    """One reason a proposed round is invalid; ``str()`` gives the message shown to the organiser."""

    code: str
    template: str  # English, with %(name)s params (marked for the catalogues by ``gettext_noop``)
    params: Mapping[str, Any]
    player: PlayerId | None = None
    table: int | None = None  # 1-based table number

    @property
    def message(self) -> str:
        return self.template % self.params

    def __str__(self) -> str:
        return self.message


def gettext_noop(message: str) -> str:
    """Mark a template for the catalogues (Django's ``makemessages`` extracts these calls); pairing itself
    stays pure Python and speaks English: the tournament system renders a problem in the reader's language."""
    return message


def validate_round(
    tables: Sequence[Sequence[PlayerId]],
    checked_in: Iterable[PlayerId],
    *,
    byes: Sequence[PlayerId] = (),
    sizes: Sequence[int] = TABLE_SIZES,
) -> list[RoundProblem]:
    """Check a hand-edited round; an empty list means it is valid.

    Every table seats one of ``sizes`` (default 4 or 5); nobody is seated twice or both seated and
    sitting out; everyone seated is checked in; every checked-in player is seated or sits out; and the
    number sitting out is exactly what ``split_tables(n, sizes)`` needs (byes are only for fields that
    cannot be split into tables of those sizes). Any mix of the sizes is accepted, not only the split's.
    """
    sizes = table_sizes(sizes)
    expected = player_order(set(checked_in))
    known = set(expected)
    problems: list[RoundProblem] = []

    def report(
        code: str, template: str, who: PlayerId | None = None, at: int | None = None, **params: Any
    ) -> None:
        problems.append(RoundProblem(code, template, params, who, at))

    _ = gettext_noop
    seen: dict[PlayerId, int] = {}
    for number, table in enumerate(tables, start=1):
        if len(table) not in sizes:
            template, params = _size_message(sizes)
            report("table_size", template, at=number, table=number, players=len(table), **params)
        for player in table:
            if player in seen:
                if seen[player] == number:
                    template = _("player %(player)s is seated twice at table %(table)s (the same table)")
                    report("seated_twice", template, player, number, player=player, table=number)
                else:
                    template = _("player %(player)s is seated at tables %(first)s and %(table)s")
                    report(
                        "seated_twice",
                        template,
                        player,
                        number,
                        player=player,
                        first=seen[player],
                        table=number,
                    )
                continue
            seen[player] = number
            if player not in known:
                template = _("player %(player)s at table %(table)s is not checked in")
                report("not_checked_in", template, player, number, player=player, table=number)
    bye_seen: set[PlayerId] = set()
    for player in byes:
        if player in seen:
            template = _("player %(player)s is seated at table %(table)s and also sits out")
            report("seated_and_bye", template, player, seen[player], player=player, table=seen[player])
        elif player in bye_seen:
            report("bye_twice", _("player %(player)s is listed twice as sitting out"), player, player=player)
        elif player not in known:
            report(
                "not_checked_in", _("player %(player)s sits out but is not checked in"), player, player=player
            )
        bye_seen.add(player)
    for player in expected:
        if player not in seen and player not in bye_seen:
            template = _("player %(player)s is checked in but neither seated nor sitting out")
            report("missing", template, player, player=player)
    needed = split_tables(len(expected), sizes).byes
    if len(bye_seen) != needed:
        template = (
            _("%(byes)s players sit out, but with %(players)s checked in no byes are allowed")
            if needed == 0
            else _(
                "%(byes)s players sit out, but with %(players)s checked in exactly %(needed)s must sit out"
            )
        )
        report("bye_count", template, byes=len(bye_seen), players=len(expected), needed=needed)
    return problems


def _size_message(sizes: Sequence[int]) -> tuple[str, dict[str, Any]]:
    """The template (and its size parameters) saying which table sizes are allowed."""
    _ = gettext_noop
    allowed = sorted(sizes)
    if allowed == [4, 5]:  # the message of the default sizes, as the catalogues have it
        return _("table %(table)s has %(players)s players; a table seats 4 or 5"), {}
    if len(allowed) == 1:
        return _("table %(table)s has %(players)s players; a table seats %(size)s"), {"size": allowed[0]}
    if len(allowed) == 2:
        template = _("table %(table)s has %(players)s players; a table seats %(smaller)s or %(larger)s")
        return template, {"smaller": allowed[0], "larger": allowed[1]}
    if allowed == list(range(allowed[0], allowed[-1] + 1)):
        template = _("table %(table)s has %(players)s players; a table seats %(smallest)s to %(largest)s")
        return template, {"smallest": allowed[0], "largest": allowed[-1]}
    template = _("table %(table)s has %(players)s players; a table seats one of %(sizes)s")
    return template, {"sizes": ", ".join(str(size) for size in allowed)}


def meeting_counts(rounds: Iterable[Iterable[Iterable[PlayerId]]]) -> Counter[tuple[PlayerId, PlayerId]]:
    """How often each pair of players shared a table (pairs in canonical order)."""
    counts: Counter[tuple[PlayerId, PlayerId]] = Counter()
    for tables in rounds:
        for table in tables:
            for a, b in itertools.combinations(player_order(table), 2):
                counts[a, b] += 1
    return counts


def repeated_pairs(rounds: Iterable[Iterable[Iterable[PlayerId]]]) -> int:
    """Meetings beyond the first, summed over all pairs (0 means nobody met anyone twice)."""
    return sum(count - 1 for count in meeting_counts(rounds).values())
