"""The rule bot against the rule bot of 2025 (issue 33 §4 "Better bots").

    python benchmarks/bot_study.py                       # 2,000 seeded hands, pagat rules
    python benchmarks/bot_study.py --hands 500 --preset tournament
    python benchmarks/bot_study.py --first rule --second rule-2025

``engine.hungarian.bots.duel`` plays each seed twice, the new bot in seats A and C and then in B and D, so
both bots play the same cards from every seat (a duplicate-style comparison). Printed:

- the mean margin of the new bot per hand per seat, in game points at stake 1 (the payment its seats
  received, averaged per hand and seat: the baseline's figure is its negative), with its 95% interval
  ``mean +- 1.96 sd / sqrt(n)`` over the n per-seed values;
- the share of deals whose result differed between the two bots (the per-seed figure is not 0), and in
  how many of all deals the new bot came out ahead or behind; the share of hands each bot's seats won
  (were paid more than 0);
- how often each announcement the 2025 bot never made (four kings, volát, XXI catch) was made, succeeded and
  was kontra'd, and what it was worth to the announcer over silence (the same hand scored without it); the
  XXI catches each bot's side made (silent or announced);
- the new bot's decision time per ``choose`` call (median, p95, max; the live server asks p95 < 50 ms);
- the elapsed time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.hungarian.bots import BOTS, Bot, duel
from engine.hungarian.cards import SKIZ
from engine.hungarian.rules import PRESETS
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import Action, Hand, SeatView

NEW_BONUSES = ("four_kings", "volat", "xxi_catch")


class Timed:
    """Wraps a bot and adds each decision's wall time to ``times`` (seconds)."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The wrapped bot's choice, timed."""
        start = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.times.append(time.perf_counter() - start)
        return action


def made(bonus: str, team: str, result: dict[str, Any]) -> bool:
    """Whether ``team`` ("declarer" or "opponents") made ``bonus`` in a played hand's result."""
    if bonus == "volat":
        tricks = result["declarer_tricks"]
        return tricks == 9 if team == "declarer" else tricks == 0
    return result.get(bonus) == team


class Tally:
    """Counts, per finished hand of the duel, the seats paid, the first bot's new announcements and what
    they were worth, and the XXI catches."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.hands = 0

    def __call__(self, seed: int, hand: Hand, first_seats: tuple[int, int]) -> None:
        self.hands += 1
        payments = hand.payments()
        for s, label in enumerate(hand.labels):
            who = "new" if s in first_seats else "base"
            self.counts[f"{who} seat paid" if payments[label] > 0 else f"{who} seat not paid"] += 1
        summary = hand.summary()
        if summary["kind"] != "played":
            return
        mine = {hand.labels[s] for s in first_seats}
        result = summary["result"]
        for item in summary["announcements"]:
            if item["bonus"] not in NEW_BONUSES:
                continue
            who = "new" if item.get("by") in mine else "base"
            bonus = item["bonus"]
            self.counts[f"{who} {bonus} announced"] += 1
            self.counts[f"{who} {bonus} made"] += made(bonus, item["team"], result)
            self.counts[f"{who} {bonus} kontra"] += item["kontra"] > 0
            # What saying it was worth to the announcer: the same hand scored as if it had kept silent.
            silent = dict(summary, announcements=[a for a in summary["announcements"] if a is not item])
            worth = payments[item["by"]] - score_summary(silent, hand.rules)["payments"][item["by"]]
            self.counts[f"{who} {bonus} worth"] += worth
        catch = result.get("xxi_catch")
        if catch:  # each side is one seat of each bot: the catch is the catcher's seat's
            catcher = self._catcher(hand, catch, summary)
            self.counts["new xxi caught" if catcher in mine else "base xxi caught"] += 1

    @staticmethod
    def _catcher(hand: Hand, team: str, summary: dict[str, Any]) -> str:
        """The seat of ``team`` that held the skíz (who won the XXI with it)."""
        declarers = {summary["declarer"], summary.get("partner")} - {None}
        side = declarers if team == "declarer" else set(hand.labels) - declarers
        return next(
            label
            for s, label in enumerate(hand.labels)
            if label in side and (SKIZ in hand.dealt[s] or SKIZ in hand.drawn[s])
        )


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def study(first: str, second: str, hands: int, preset: str, start: int = 0) -> None:
    """Run the duel over ``hands`` seeds and print the figures (see the module docstring)."""
    times: list[float] = []
    tally = Tally()
    make: Callable[[], Bot] = BOTS[first]
    began = time.perf_counter()
    per_seed = duel(lambda: Timed(make(), times), second, range(start, start + hands), PRESETS[preset], tally)
    elapsed = time.perf_counter() - began
    n = len(per_seed)
    mean = statistics.fmean(per_seed)
    half = 1.96 * statistics.stdev(per_seed) / n**0.5 if n > 1 else float("nan")
    counts = tally.counts
    print(f"{first} against {second}: {n:,} seeds x 2 seatings = {tally.hands:,} hands, preset {preset}")
    low, high = mean - half, mean + half
    print(f"margin per hand per seat: {mean:+.3f} game points (95% interval {low:+.3f} .. {high:+.3f})")
    ahead = sum(1 for v in per_seed if v > 0)
    behind = sum(1 for v in per_seed if v < 0)
    print(
        f"deals whose result differed between the bots: {(ahead + behind) / n:.1%}; {first} came out ahead in"
        f" {ahead / n:.1%} of all deals, behind in {behind / n:.1%}"
    )
    for who, name in (("new", first), ("base", second)):
        paid, unpaid = counts[f"{who} seat paid"], counts[f"{who} seat not paid"]
        print(f"hands won (seat paid > 0) by {name}: {paid / max(1, paid + unpaid):.1%}")
    for bonus in NEW_BONUSES:
        for who, name in (("new", first), ("base", second)):
            said = counts[f"{who} {bonus} announced"]
            if said or who == "new":
                ok = counts[f"{who} {bonus} made"]
                rate = f" ({ok / said:.0%})" if said else ""
                print(
                    f"{bonus:>10} announced by {name}: {said} ({said / tally.hands:.2%} of hands),"
                    f" made {ok}{rate}, kontra'd {counts[f'{who} {bonus} kontra']},"
                    f" worth {counts[f'{who} {bonus} worth']:+d} to the announcer over silence"
                )
    caught = (counts["new xxi caught"], counts["base xxi caught"])
    print(f"XXI catches (silent or announced): by {first}'s side {caught[0]}, by {second}'s side {caught[1]}")
    ms = [t * 1000 for t in times]
    print(
        f"{first} decision time: median {statistics.median(ms):.2f} ms, p95 {percentile(ms, 0.95):.2f} ms,"
        f" max {max(ms):.1f} ms over {len(ms):,} decisions (limit: p95 < 50 ms)"
    )
    print(f"elapsed: {elapsed:.1f} s")


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments and run the study."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="seeds to play, each in both seatings")
    parser.add_argument("--preset", default="pagat", choices=sorted(PRESETS))
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--first", default="rule", choices=sorted(BOTS))
    parser.add_argument("--second", default="rule-2025", choices=sorted(BOTS))
    args = parser.parse_args(argv)
    study(args.first, args.second, args.hands, args.preset, args.start)


if __name__ == "__main__":
    main()
