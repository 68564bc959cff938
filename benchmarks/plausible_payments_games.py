"""What one seat plausibly wins or loses in one hand at stake x1 in each game scored from summaries: the
figures behind each game's ``plausible_payment`` (its descriptor; docs/plausible-payments.md). Hungarian
Tarokk's own figure is measured from its bots' played hands (``plausible_payments.py``).

    python benchmarks/plausible_payments_games.py               # 2,000 summaries per preset and table size
    python benchmarks/plausible_payments_games.py --summaries 200 --games talon

Method: for each game, preset and table size, draw ``--summaries`` plausible summaries from the game's own
``sample_summary`` (seeds 0..N-1, the deal passing on), score each with the engine at stake 1 and collect
the largest ``|payment|`` of each. The samples draw every contract and bonus about equally often, far more
often than tables play the rare ones (a supra-contra'd valat), so the threshold stands a quarter above
their 99.9th percentile, not above their largest: an ordinary hand is never queried, a typed extra digit
(x10) is, and the rare giant hand is saved with one more tap ("Yes, this is what we played").
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.descriptor import GameDescriptor
from engine.games import GAMES

POSITIONS = "ABCDEF"


@dataclass
class Distribution:
    game: str
    payments: list[int]  # |payment| of every seat of every scored summary, sorted
    largest_at: tuple[str, int] | None  # (preset, table size) of the largest

    def quantile(self, q: float) -> int:
        return self.payments[min(len(self.payments) - 1, int(q * len(self.payments)))] if self.payments else 0

    @property
    def max(self) -> int:
        return self.payments[-1] if self.payments else 0


def scored_samples(
    game: GameDescriptor, preset: str, size: int, count: int, first_seed: int = 0
) -> list[int]:
    """The largest |payment| of each of ``count`` plausible summaries of ``game`` at a table of ``size``."""
    rules = game.presets[preset]
    positions = list(POSITIONS[:size])
    out = []
    for seed in range(first_seed, first_seed + count):
        deal = game.deal(positions, positions[0], ["played"] * (seed % size), rules)
        summary = game.sample_summary(random.Random(seed), rules, deal)
        seats = list(deal.active)
        if summary.get("kind") in game.everyone_plays_kinds:
            seats += list(deal.sitting_out)
        summary.update(seats=seats, stake=1, rules=preset)
        if deal.sitting_out:
            summary["sitting_out"] = deal.sitting_out[0]
        payments = game.score(summary, rules)["payments"]
        out.append(max(abs(v) for v in payments.values()))
    return out


def measure(game_id: str, count: int, first_seed: int = 0) -> Distribution:
    game = GAMES[game_id]
    values: list[int] = []
    largest, where = -1, None
    for preset in game.presets:
        for size in game.table_sizes:
            found = scored_samples(game, preset, size, count, first_seed)
            values += found
            if found and max(found) > largest:
                largest, where = max(found), (preset, size)
    return Distribution(game_id, sorted(values), where)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--summaries", type=int, default=2000, help="per preset and table size")
    parser.add_argument("--games", nargs="*", default=[g for g in GAMES if GAMES[g].sample_summary])
    args = parser.parse_args(argv)
    print(f"{'game':12} {'threshold':>9} {'p90':>5} {'p99':>5} {'p99.9':>6} {'max':>6}  largest at")
    failed = False
    for game_id in args.games:
        if game_id == "hungarian":
            continue  # measured from its bots' played hands: benchmarks/plausible_payments.py
        d = measure(game_id, args.summaries)
        threshold = GAMES[game_id].plausible_payment
        print(
            f"{game_id:12} {threshold:>9} {d.quantile(0.9):>5} {d.quantile(0.99):>5} {d.quantile(0.999):>6} "
            f"{d.max:>6}  {d.largest_at}"
        )
        failed |= d.quantile(0.999) >= threshold
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
