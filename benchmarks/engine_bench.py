"""Engine throughput on one core, and the rule bot's strength against the random bot.

    python benchmarks/engine_bench.py             # full run (a, b, c and the 2,000-hand strength test)
    python benchmarks/engine_bench.py --quick     # smoke run with small counts
    python benchmarks/engine_bench.py --strength 500 --skip-speed
    python benchmarks/engine_bench.py --breakdown --skip-speed --strength 0   # where figure (a)'s time goes

Figures: hands per CPU-second of this single-threaded process (``time.process_time``), each the best of
``--repeat`` timed runs (9; as ``timeit`` advises, the fastest run is the one least disturbed by other load
on a shared machine, whose noise here reaches +-30% from run to run, in bursts of seconds). The CPU time
also depends on the interpreter's build: CPython built with PGO and LTO (the python:3.11 Docker image of
docker/, Debian's python3.11) runs these loops some 5-15% faster than a build without them (pyenv's default).

(a) random self-play of whole hands, bidding and announcements included. The timed loop picks a uniformly
    random element of ``hand.legal_actions()`` directly (RandomBot's policy without building views), so
    the figure is the state machine's. Printed beside it: the same through ``RandomBot.choose(hand.view(
    seat), rng)`` (the views' cost), and a quiet variant passing at announcement turns (for scale).
(b) ``engine.hungarian.record.replay`` (replay and scoring) over hand records generated beforehand (untimed).
(c) ``engine.hungarian.scoring.score_summary`` over derived hand summaries collected beforehand (untimed); no
caching.

The hands for (b) and (c) are half random self-play (announcement-heavy: uniform choice makes ~85
announcement actions a hand) and half RuleBot self-play (few announcements, like real play); the figure
for each half is printed too.

(d) ``--games``: every game the registry plays live (``engine.games.GAMES``, ``descriptor.live``), each preset
at the game's full deal: replays per CPU-second of rule-bot hand records through ``descriptor.replay``
(records made beforehand with ``descriptor.bot_record``, untimed), whole rule-bot hands per CPU-second
(``bot_record``), and the rule bot's decision time at p50 and p95 (``hand.bot_move("rule", rng)``, each
decision timed alone). Targets (issue 34): every game's replays at least Hungarian Tarokk's of issue 33,
7,900/s, and a decision under 50 ms at p95.

Strength: ``engine.hungarian.bots.duel('rule', 'random', seeds)``; each seed is played with the rule bots in
seats A and C and again in B and D; the figure is the rule bot's average payment per hand per seat, with a 95%
confidence interval over seeds (the random bot's figure is its negative: payments are zero-sum).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.hungarian.bots import RandomBot, RuleBot, duel, play_hand
from engine.hungarian.record import replay
from engine.hungarian.rules import Rules, get_rules
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import Hand

TARGETS = {"a": 5_000, "b": 10_000, "c": 100_000}
#: issue 34: every game's replays per second, and a rule bot's decision at p95 (seconds)
GAME_REPLAYS_TARGET = 7_900
DECISION_P95_TARGET = 0.050


def random_hand(seed: int, rules: Rules, rng: random.Random) -> Hand:
    """One whole hand with uniformly random legal actions (the cheap RandomBot of figure a)."""
    hand = Hand.new(seed, rules=rules)
    uniform = rng.random  # cheaper than rng.choice, same distribution up to float granularity
    while not hand.done:
        legal = hand.legal_actions()
        hand.apply(legal[int(uniform() * len(legal))])
    return hand


def quiet_random_hand(seed: int, rules: Rules, rng: random.Random) -> Hand:
    """Like ``random_hand`` but announcement turns end at once (call, obligations, then pass): for scale."""
    hand = Hand.new(seed, rules=rules)
    while not hand.done:
        legal = hand.legal_actions()
        if hand.phase == "announcements":
            quiet = [a for a in legal if a[0] in ("pass", "call")]
            legal = quiet or legal
        hand.apply(rng.choice(legal))
    return hand


def average_actions(n: int, rules: Rules) -> float:
    """Actions per random self-play hand (untimed; explains figure a)."""
    rng = random.Random(4)
    total = 0
    for seed in range(n):
        hand = Hand.new(seed, rules=rules)
        while not hand.done:
            legal = hand.legal_actions()
            hand.apply(legal[int(rng.random() * len(legal))])
            total += 1
    return total / n


def best_rate(n: int, run: Callable[[], object], repeat: int) -> float:
    """Items per CPU-second of ``run()`` (which handles ``n`` items): the best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return n / best


def bench_self_play(n: int, rules: Rules, repeat: int) -> tuple[float, float, float]:
    """Hands per second: direct ``legal_actions`` choice, through ``RandomBot`` with views, and quiet."""

    def direct() -> None:
        rng = random.Random(1)
        for seed in range(n):
            random_hand(seed, rules, rng)

    def quiet() -> None:
        rng = random.Random(1)
        for seed in range(n):
            quiet_random_hand(seed, rules, rng)

    def with_views() -> None:
        rng = random.Random(1)
        bot = RandomBot()
        for seed in range(n):
            hand = Hand.new(seed, rules=rules)
            while not hand.done:
                hand.apply(bot.choose(hand.view(hand.to_move()), rng))  # type: ignore[arg-type]

    return (
        best_rate(n, direct, repeat),
        best_rate(n, with_views, max(1, repeat // 2)),
        best_rate(n, quiet, max(1, repeat // 2)),
    )


def breakdown(n: int, rules: Rules) -> None:
    """Figure (a)'s time per hand by phase (listing, choosing and applying each action; the timer's own cost
    subtracted), the deal, and the bare cost of the loop itself: where the time goes when (a) misses."""
    clock = time.perf_counter
    start = clock()
    for _ in range(100_000):
        clock()
    tick = (clock() - start) / 100_000  # one clock() call
    spent: dict[str, float] = {}
    count: dict[str, int] = {}
    rng = random.Random(1)
    for seed in range(n):
        t0 = clock()
        hand = Hand.new(seed, rules=rules)
        spent["deal"] = spent.get("deal", 0.0) + clock() - t0 - tick
        while not hand.done:
            phase = hand.phase
            t0 = clock()
            legal = hand.legal_actions()
            hand.apply(legal[int(rng.random() * len(legal))])
            spent[phase] = spent.get(phase, 0.0) + clock() - t0 - tick
            count[phase] = count.get(phase, 0) + 1
    print(f"where (a)'s time goes ({rules.name}, {n} hands, microseconds per hand):")
    for phase, seconds in spent.items():
        k = count.get(phase, 0)
        per_action = f", {k / n:.1f} actions x {1e6 * seconds / k:.2f}" if k else ""
        print(f"    {phase:14s} {1e6 * seconds / n:7.1f}{per_action}")
    noop = _NoopHand(sum(count.values()) // n)
    start = time.process_time()
    for _ in range(n):
        noop.moves = 0
        while noop.moves < noop.length:
            legal = noop.legal_actions()
            noop.apply(legal[int(rng.random() * len(legal))])
    loop = 1e6 * (time.process_time() - start) / n
    print(f"    the loop itself around a no-op hand of the same length: {loop:.1f}")


class _NoopHand:
    """Stands in for Hand in ``breakdown``: the benchmark loop's own cost (calls, random choice)."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.moves = 0
        self.legal = (None,) * 6

    def legal_actions(self) -> tuple[None, ...]:
        return self.legal

    def apply(self, action: None) -> None:
        self.moves += 1


def sample_hands(n: int, rules: Rules) -> dict[str, list[Hand]]:
    """``n`` finished hands: half random self-play, half RuleBot self-play (different seeds)."""
    rng = random.Random(2)
    half = n // 2
    rule_bots = [RuleBot() for _ in range(4)]
    return {
        "random": [random_hand(seed, rules, rng) for seed in range(half)],
        "rule": [play_hand(seed, rule_bots, rules=rules) for seed in range(half, n)],
    }


def rate(items: list[Any], work: Callable[[Any], object], repeat: int) -> float:
    """Items per second of ``work(item)`` over ``items``: the best of ``repeat`` passes."""

    def one_pass() -> None:
        for item in items:
            work(item)

    return best_rate(len(items), one_pass, repeat)


def bench_replay(hands: dict[str, list[Hand]], repeat: int) -> dict[str, float]:
    records = {kind: [hand.record() for hand in group] for kind, group in hands.items()}
    out = {kind: rate(group, replay, repeat) for kind, group in records.items()}
    out["mixed"] = rate(records["random"] + records["rule"], replay, repeat)
    return out


def bench_scoring(hands: dict[str, list[Hand]], rules: Rules, repeat: int) -> dict[str, float]:
    summaries = {kind: [hand.summary() for hand in group] for kind, group in hands.items()}

    def work(summary: dict) -> None:
        score_summary(summary, rules)

    out = {kind: rate(group, work, repeat) for kind, group in summaries.items()}
    out["mixed"] = rate(summaries["random"] + summaries["rule"], work, repeat)
    return out


def strength(n: int, rules: Rules) -> None:
    """The duplicate-style duel of RuleBot against RandomBot over ``n`` seeds, with a 95% CI."""
    start = time.perf_counter()
    per_seed = duel("rule", "random", range(n), rules)
    elapsed = time.perf_counter() - start
    mean = statistics.fmean(per_seed)
    half = 1.96 * statistics.stdev(per_seed) / len(per_seed) ** 0.5
    other = "the pot breaks zero-sum" if rules.ultimo_pot else f"{-mean:+.3f}"
    print(
        f"strength ({rules.name}, {n} seeds x 2 seatings = {2 * n} hands, {elapsed:.1f} s): "
        f"rule bot {mean:+.3f} points per hand per seat (95% CI {mean - half:+.3f} .. {mean + half:+.3f}); "
        f"random bot {other}"
    )


def report(label: str, key: str, value: float) -> None:
    target = TARGETS[key]
    verdict = "ok" if value >= target else "BELOW TARGET"
    print(f"({key}) {label}: {value:,.0f} hands/s (target >= {target:,}) {verdict}")


def bench_game(descriptor: Any, preset: str, n: int, repeat: int) -> dict[str, float]:
    """Figure (d) of one game and preset: replays/s, bot hands/s, the decision's p50 and p95 (seconds)."""
    from engine.core.live import LiveDeal

    rules = descriptor.resolve_rules(preset, None)
    seats = tuple("ABCDEF"[: descriptor.players_per_deal])
    start = time.process_time()
    records = [descriptor.bot_record(seed, rules, seats, 1) for seed in range(n)]
    hands_per_s = n / max(time.process_time() - start, 1e-9)
    replays = rate(records, descriptor.replay, repeat)
    decisions: list[float] = []
    for seed in range(min(n, 200)):
        hand = descriptor.live.start(LiveDeal(seed=seed, rules=rules, seats=seats))
        rng = random.Random(seed)
        while not hand.done:
            t0 = time.perf_counter()
            code = hand.bot_move("rule", rng)
            decisions.append(time.perf_counter() - t0)
            hand.apply(code)
    cuts = statistics.quantiles(decisions, n=100)
    return {"replays": replays, "hands": hands_per_s, "p50": cuts[49], "p95": cuts[94]}


def bench_games(n: int, repeat: int) -> bool:
    """Figure (d) for every game played live; True when every figure meets its target."""
    from engine.games import GAMES

    ok = True
    for descriptor in GAMES.values():
        if descriptor.live is None or descriptor.bot_record is None:
            print(f"(d) {descriptor.id}: not played live")
            continue
        for preset in descriptor.presets:
            f = bench_game(descriptor, preset, n, repeat)
            met = f["replays"] >= GAME_REPLAYS_TARGET and f["p95"] < DECISION_P95_TARGET
            ok = ok and met
            print(
                f"(d) {descriptor.id}/{preset}: replays {f['replays']:,.0f}/s, "
                f"bot hands {f['hands']:,.0f}/s, "
                f"rule-bot decision p50 {f['p50'] * 1000:.2f} ms p95 {f['p95'] * 1000:.2f} ms "
                f"(targets {GAME_REPLAYS_TARGET:,}/s, {DECISION_P95_TARGET * 1000:.0f} ms: "
                f"{'PASS' if met else 'MISS'})"
            )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run")
    parser.add_argument("--rules", default="pagat", help="rules preset (default pagat)")
    parser.add_argument("--strength", type=int, metavar="N", help="seeds for the strength test (2,000)")
    parser.add_argument("--skip-speed", action="store_true", help="only the strength test")
    parser.add_argument("--breakdown", action="store_true", help="where figure (a)'s time goes, by phase")
    parser.add_argument("--repeat", type=int, default=9, help="timed runs per figure; the best counts (9)")
    parser.add_argument("--games", action="store_true", help="only figure (d): every game played live")
    args = parser.parse_args()
    if args.games:
        bench_games(50 if args.quick else 1_000, 1 if args.quick else 3)
        return 0
    rules = get_rules(args.rules)
    quick = (200, 400, 2, 20)
    n_play, n_sample, score_repeat, n_strength = quick if args.quick else (1_000, 4_000, 5, 2_000)
    repeat = 1 if args.quick else args.repeat
    if args.strength is not None:
        n_strength = args.strength
    if not args.skip_speed:
        actions = average_actions(200, rules)
        direct, with_views, quiet = bench_self_play(n_play, rules, repeat)
        report(f"random self-play, {n_play} hands (~{actions:.0f} actions each), uniform", "a", direct)
        print(f"    same through RandomBot.choose(hand.view(seat)): {with_views:,.0f} hands/s")
        print(f"    same but passing at announcement turns (for scale, not the target): {quiet:,.0f} hands/s")
        hands = sample_hands(n_sample, rules)
        replays = bench_replay(hands, repeat)
        report(f"replay of {n_sample} recorded hands (mixed)", "b", replays["mixed"])
        print(f"    random-play records {replays['random']:,.0f}/s, rule-bot ones {replays['rule']:,.0f}/s")
        scores = bench_scoring(hands, rules, repeat * score_repeat)
        label = f"score_summary of {n_sample} distinct summaries, best of {repeat * score_repeat} (mixed)"
        report(label, "c", scores["mixed"])
        print(f"    random-play summaries {scores['random']:,.0f}/s, rule-bot ones {scores['rule']:,.0f}/s")
    if args.breakdown:
        breakdown(n_play, rules)
    if n_strength:
        strength(n_strength, rules)
    return 0


if __name__ == "__main__":
    sys.exit(main())
