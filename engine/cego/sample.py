"""Plausible random Cego hand summaries (what the demo's tables enter): a contract the rules play at the
deal's table, a declarer and a believable count; now and then a Räuber where it is played."""

from __future__ import annotations

import random
from typing import Any

from engine.cego.rules import CONTRACTS, FIXED_CONTRACTS, Rules
from engine.core.descriptor import Deal
from engine.core.thirds import stored

#: how often each contract is played, roughly (the cheap contracts most)
WEIGHTS = {
    "cego": 30,
    "eine_leere": 20,
    "zwei_leere": 12,
    "zwei_verschiedene": 8,
    "kleiner_mann": 4,
    "solo": 15,
    "ulti": 3,
    "solodu": 1,
    "piccolo": 3,
    "bettel": 3,
}
TRICKS = 13  # three hands of 13 cards


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _raeuber(rng: random.Random, rules: Rules, seats: tuple[str, ...]) -> dict[str, Any]:
    takers = rng.sample(seats, rng.choice((3, 3, 3, 2, 1)))
    tricks = dict.fromkeys(seats, 0)
    for seat, n in zip(takers, _split(rng, TRICKS - len(takers), len(takers)), strict=True):
        tricks[seat] = n + 1
    # each player counts their own pile in threes: a share may end in a third (engine.core.thirds)
    points: dict[str, int | str] = dict.fromkeys(seats, 0)
    total = 3 * (rules.raeuber_total(len(seats)) or rules.card_points(len(seats)))
    for seat, n in zip(takers, _split(rng, total, len(takers)), strict=True):
        points[seat] = stored(n)
    return {"kind": "raeuber", "seat_points": points, "seat_tricks": tricks}


def sample_summary(rng: random.Random, rules: Rules, deal: Deal) -> dict[str, Any]:
    """A plausible summary of ``deal`` (without seats, stake, sitting_out and rules)."""
    size = len(deal.active) + len(deal.sitting_out)
    if rules.specials_at(size) and rng.random() < 0.05:
        return _raeuber(rng, rules, deal.active)
    playable = [c for c in CONTRACTS if rules.plays(c, size)]
    contract = rng.choices(playable, weights=[WEIGHTS[c] for c in playable])[0]
    out: dict[str, Any] = {"kind": "played", "contract": contract, "declarer": rng.choice(deal.active)}
    if contract in FIXED_CONTRACTS:
        out["made"] = rng.random() < 0.6
        return out
    pack_points = rules.card_points(len(deal.active))  # 70, or 69 with the three-handed 51 cards
    roll = rng.random()
    if roll < 0.03:
        out["all_tricks"] = "declarer"
        out["card_points"] = pack_points
    elif roll < 0.05:
        out["all_tricks"] = "opponents"
        out["card_points"] = rng.randint(0, min(6, rules.points_to_win - 1))
    else:
        out["card_points"] = max(0, min(pack_points, round(rng.gauss(40, 9))))
    return out
