"""How much one seat plausibly wins or loses in one hand at stake x1: the figures behind
``engine.hungarian.scoring.PLAUSIBLE_PAYMENT`` (docs/plausible-payments.md).

    python benchmarks/plausible_payments.py              # 20,000 hands per rules preset
    python benchmarks/plausible_payments.py --hands 2000 --presets tournament

Method: for each rules preset, deal ``--hands`` hands (seeds 0..N-1) and let the engine's rule bots play each
one to the end in all four seats (``engine.hungarian.bots.play_hand``: bidding, calling, announcements and
kontras, play), then score it with the engine (``Hand.payments``). Printed per preset: the distribution of
``|payment|`` over every seat of every hand that was played (max, p99, p99.9, mean), the share of played hands
in which every payment is 0, and how many hands were passed out or annulled. The rule bots play like careful
players (few announcements, kontra when strong), so the tail of their distribution is the tail of ordinary
tournament hands; a typed payment well beyond its maximum is far more likely a typo (an extra digit) than a
hand that was really played.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.hungarian.bots import make_bots, play_hand
from engine.hungarian.rules import PRESETS, get_rules
from engine.hungarian.scoring import PLAUSIBLE_PAYMENT


@dataclass
class Distribution:
    preset: str
    hands: int
    played: int
    thrown_in: int
    all_zero: int
    payments: list[int]  # |payment| of every seat of every played hand, sorted

    def quantile(self, q: float) -> int:
        if not self.payments:
            return 0
        return self.payments[min(len(self.payments) - 1, int(q * len(self.payments)))]

    @property
    def max(self) -> int:
        return self.payments[-1] if self.payments else 0


def measure(preset: str, hands: int, first_seed: int = 0) -> Distribution:
    """Play ``hands`` rule-bot hands under ``preset`` at stake 1 and collect the payments."""
    rules = get_rules(preset)
    bots = make_bots(["rule"] * 4)
    values: list[int] = []
    played = thrown_in = all_zero = 0
    for seed in range(first_seed, first_seed + hands):
        hand = play_hand(seed, bots, rules)
        if hand.kind != "played":
            thrown_in += 1
            continue
        played += 1
        payments = hand.payments()
        if not any(payments.values()):
            all_zero += 1
        values.extend(abs(int(v)) for v in payments.values())
    values.sort()
    return Distribution(preset, hands, played, thrown_in, all_zero, values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per preset (default 20,000)")
    parser.add_argument("--presets", nargs="*", default=list(PRESETS), choices=list(PRESETS))
    args = parser.parse_args(argv)
    print(f"PLAUSIBLE_PAYMENT (engine/hungarian/scoring.py) = {PLAUSIBLE_PAYMENT} per stake unit")
    print(
        f"{'preset':<11} {'hands':>6} {'played':>6} {'thrown in':>9} {'all-zero':>9} "
        f"{'mean':>6} {'p99':>5} {'p99.9':>6} {'max':>5} {'seconds':>8}"
    )
    worst = 0
    for preset in args.presets:
        start = time.perf_counter()
        d = measure(preset, args.hands)
        seconds = time.perf_counter() - start
        mean = sum(d.payments) / len(d.payments) if d.payments else 0.0
        share = 100 * d.all_zero / d.played if d.played else 0.0
        print(
            f"{preset:<11} {d.hands:>6} {d.played:>6} {d.thrown_in:>9} {share:>8.2f}% "
            f"{mean:>6.1f} {d.quantile(0.99):>5} {d.quantile(0.999):>6} {d.max:>5} {seconds:>8.1f}"
        )
        worst = max(worst, d.max)
    margin = PLAUSIBLE_PAYMENT / worst if worst else float("inf")
    print(f"largest |payment| seen: {worst}; the threshold is {margin:.2f}x that")
    return 0 if worst < PLAUSIBLE_PAYMENT else 1


if __name__ == "__main__":
    sys.exit(main())
