"""Command line: ``python -m tournaments.draw.pairing schedule --players N --rounds R --method M --seed S``.

Prints ``{"rounds": [[[1, 7, 12, 20], ...], ...]}``: players 1..N, one list per table in seat order
(position A first), every player once per round; a "byes" key (one list per round) only when N cannot
be split into tables of the allowed sizes. The same arguments always print the same JSON.

``--sizes 3,4`` sets the table sizes, the preferred first (default ``4,5``; see ``split_tables``).

* ``balanced``: ``balanced_schedule(N, R, S)``; ``--effort`` is its deterministic search budget and
  ``--time-limit`` a wall-clock cap (a warning on stderr says when the cap, not the budget, stopped it,
  as the result may then differ on another machine).
* ``random``: round r is ``random_draw(players, "S-r")``.
* ``swiss``: round r is ``swiss_draw(players, "S-r", ...)`` with every score 0 (there are no results to
  rank by), the schedule's own earlier rounds as history, and the seat, first-dealer and bye counts
  of those rounds, so it shows the repeat avoidance and the seat balancing.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from tournaments.draw.pairing.balanced import DEFAULT_EFFORT, balanced_schedule
from tournaments.draw.pairing.random_draw import random_draw
from tournaments.draw.pairing.swiss import swiss_draw
from tournaments.draw.pairing.tables import (
    POSITIONS,
    TABLE_SIZES,
    RoundDraw,
    repeated_pairs,
    split_tables,
    table_sizes,
)


def _sizes(text: str) -> tuple[int, ...]:
    """``--sizes``: table sizes separated by commas, the preferred first (e.g. ``3,4``)."""
    try:
        return table_sizes(int(part) for part in text.split(","))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from exc


def _sequential(
    method: str, n: int, rounds: int, seed: str, sizes: tuple[int, ...] = TABLE_SIZES
) -> list[RoundDraw]:
    players = list(range(1, n + 1))
    draws: list[RoundDraw] = []
    seat_counts: dict[int, Counter[str]] = {p: Counter() for p in players}
    dealer_counts: Counter[int] = Counter()
    bye_counts: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        round_seed = f"{seed}-{number}"
        if method == "random":
            draw = random_draw(players, round_seed, sizes=sizes)
        else:
            draw = swiss_draw(
                players,
                round_seed,
                history=[d.groups() for d in draws],
                seat_counts=seat_counts,
                dealer_counts=dealer_counts,
                bye_counts=bye_counts,
                sizes=sizes,
            )
        for table in draw.tables:
            for position, player in zip(POSITIONS, table.players, strict=False):
                seat_counts[player][position] += 1
            dealer_counts[table.players[table.first_dealer]] += 1
        bye_counts.update(draw.byes)
        draws.append(draw)
    return draws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tournaments.draw.pairing", description=__doc__.splitlines()[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    schedule = commands.add_parser("schedule", help="print a whole schedule as JSON")
    schedule.add_argument("--players", type=int, required=True, help="number of players, numbered 1..N")
    schedule.add_argument("--rounds", type=int, required=True)
    schedule.add_argument("--method", choices=("random", "swiss", "balanced"), default="balanced")
    schedule.add_argument("--seed", required=True, help="any text; the same seed gives the same schedule")
    schedule.add_argument(
        "--sizes",
        type=_sizes,
        default=TABLE_SIZES,
        help="table sizes separated by commas, the preferred first (default 4,5; e.g. 3,4 or 6,5)",
    )
    schedule.add_argument(
        "--effort",
        type=int,
        default=DEFAULT_EFFORT,
        help=f"balanced: search budget in evaluated swaps (default {DEFAULT_EFFORT:,})",
    )
    schedule.add_argument(
        "--time-limit", type=float, default=20.0, help="balanced: wall-clock cap in seconds (default 20)"
    )
    schedule.add_argument("--stats", action="store_true", help="print repeats and timing to stderr")
    args = parser.parse_args(argv)
    if args.players < 1 or args.rounds < 0:
        parser.error("--players must be at least 1 and --rounds at least 0")

    started = time.perf_counter()
    if args.method == "balanced":
        result = balanced_schedule(
            args.players,
            args.rounds,
            args.seed,
            sizes=args.sizes,
            effort=args.effort,
            time_limit=args.time_limit,
        )
        draws, note = list(result.rounds), f"lower bound {result.lower_bound}, {result.source}"
        if result.timed_out:
            print(
                f"warning: the {args.time_limit:g} s time limit stopped the search before its effort budget; "
                "the result may differ on a faster or slower machine",
                file=sys.stderr,
            )
    else:
        draws = _sequential(args.method, args.players, args.rounds, args.seed, args.sizes)
        note = args.method
    output: dict[str, object] = {"rounds": [draw.groups() for draw in draws]}
    if split_tables(args.players, args.sizes).byes:
        output["byes"] = [list(draw.byes) for draw in draws]
    print(json.dumps(output))
    if args.stats:
        repeats = repeated_pairs(draw.groups() for draw in draws)
        print(
            f"{args.players} players, {args.rounds} rounds: {repeats} repeated meetings ({note}); "
            f"{time.perf_counter() - started:.2f} s",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
