"""Pairing: who sits at which table, in which seat, and who deals first. Pure Python, no Django.

Methods (each a pure function of plain data and a seed):

* ``random_draw(players, seed, clubs=...)``: random tables, club-mates spread out.
* ``swiss_draw(players, seed, scores=..., history=..., seat_counts=..., dealer_counts=..., bye_counts=...)``:
  similar standings together, repeats avoided (a repeat of the previous round's meeting costs most),
  positions and first deals balanced over the rounds.
* ``balanced_schedule(players, rounds, seed)``: every round at once, with as few repeated meetings as
  possible (constructions from finite geometry and cyclic designs, then tabu search).

Every function takes ``sizes``, the table sizes allowed with the preferred size first (default (4, 5);
Cego (3,) or (3, 4), Talon (6, 5), ...). ``split_tables(n, sizes)`` seats the field with the fewest byes,
then the most tables of the preferred size: with (4, 5) tables of 4, or 5 where the field is not a
multiple of 4, and byes only when no split into 4s and 5s exists (1, 2, 3, 6, 7 and 11 players); with
(3, 4) 61 players sit at 19 tables of 3 and one of 4. ``Table.players`` is in seat order (position A
first) and ``Table.first_dealer`` indexes the first dealer. ``validate_round`` checks a hand-edited
round against the checked-in players and the sizes.

Checking a draw
---------------
A draw depends only on its input and its seed: never on global random state, the order in which the
players are listed, the machine or ``PYTHONHASHSEED``. Each call makes its own ``random.Random`` from
the seed, read as text (so ``7`` and ``"7"`` are the same seed). The seed is published with the round
and the input is stored with it (players, scores, earlier tables, seat/deal/bye counts), so anyone can
re-run the draw and compare::

    from tournaments.draw.pairing import swiss_draw
    draw = swiss_draw(players, seed, scores=scores, history=history, seat_counts=seat_counts,
                      dealer_counts=dealer_counts, bye_counts=bye_counts)
    assert [list(t.players) for t in draw.tables] == published_tables  # seat order, position A first

A whole schedule can be checked from the command line; the same arguments always print the same JSON::

    python -m tournaments.draw.pairing schedule --players 28 --rounds 9 --method balanced --seed 2024

``balanced_schedule`` searches with a deterministic budget (``effort``); only an explicit wall-clock
``time_limit`` that actually cuts the search short can make its result depend on the machine, and the
result says so (``Schedule.timed_out``).
"""

from tournaments.draw.pairing.balanced import Schedule, balanced_schedule, max_rounds_without_repeats
from tournaments.draw.pairing.random_draw import random_draw
from tournaments.draw.pairing.swiss import swiss_draw
from tournaments.draw.pairing.tables import (
    POSITIONS,
    PlayerId,
    RoundDraw,
    RoundProblem,
    Seed,
    Table,
    TableSplit,
    meeting_counts,
    repeated_pairs,
    seat_table,
    split_tables,
    table_sizes,
    validate_round,
)

__all__ = [
    "POSITIONS",
    "PlayerId",
    "RoundDraw",
    "RoundProblem",
    "Schedule",
    "Seed",
    "Table",
    "TableSplit",
    "balanced_schedule",
    "max_rounds_without_repeats",
    "meeting_counts",
    "random_draw",
    "repeated_pairs",
    "seat_table",
    "split_tables",
    "swiss_draw",
    "table_sizes",
    "validate_round",
]
