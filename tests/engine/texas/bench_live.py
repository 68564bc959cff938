"""Texas Tarock's live engine figures (not a test: ``python -m tests.engine.texas.bench_live``): replays per
second of a rule-bot hand's record, whole rule-bot hands per second, and the rule bot's decision time
(p95, max), per preset. CPU time (``time.process_time``), so that a busy machine counts less against it."""

from __future__ import annotations

import random
import time

from engine.core.live import LiveDeal
from engine.texas.live import start
from engine.texas.record import bot_record, play_hand, replay
from engine.texas.rules import PRESETS

SEATS = ("D", "C", "B", "A")


def main() -> None:
    for name, rules in PRESETS.items():
        records = [bot_record(seed, rules, SEATS) for seed in range(200)]
        began, replays = time.process_time(), 0
        while time.process_time() - began < 2.0:
            for record in records:
                replay(record)
            replays += len(records)
        per_second = replays / (time.process_time() - began)
        began = time.process_time()
        for seed in range(1000, 1300):
            play_hand(seed, rules, SEATS)
        hands = 300 / (time.process_time() - began)
        times = []
        for seed in range(2000, 2100):
            hand = start(LiveDeal(seed=seed, rules=rules, seats=SEATS))
            rng = random.Random(seed)
            while not hand.done:
                began = time.perf_counter()
                code = hand.bot_move("rule", rng)
                times.append(time.perf_counter() - began)
                hand.apply(code)
        times.sort()
        p95 = times[int(len(times) * 0.95)] * 1e3
        moves = sum(len(r["moves"]) for r in records) / len(records)
        print(
            f"{name}: {per_second:,.0f} replays/s, {hands:,.0f} rule-bot hands/s, "
            f"decision p95 {p95:.3f} ms (max {times[-1] * 1e3:.2f} ms), {moves:.1f} moves a hand"
        )


if __name__ == "__main__":
    main()
