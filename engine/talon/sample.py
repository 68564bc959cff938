"""Plausible random Talon hand summaries (what the demo's bots enter): the table's own keys left out."""

from __future__ import annotations

import random
from typing import Any

from engine.core.descriptor import Deal
from engine.talon.rules import Rules
from engine.talon.tables import (
    BONUS_OPTION,
    BONUS_SIZES,
    CONTRACTS,
    FOREHAND_PREFERENCE_SIZES,
    HANDFUL_MINIMA,
    MAX_DISCARD_POINTS,
    PARTNER_SIZES,
    REQUIRED_POINTS,
    TALON_POINTS,
    TOTAL_POINTS,
)


def sample_summary(rng: random.Random, rules: Rules, deal: Deal) -> dict[str, Any]:
    """A plausible summary of ``deal`` under ``rules``."""
    seats = list(deal.active)
    size = len(seats)
    roll = rng.random()
    if roll < 0.03:
        return {"kind": "annulled"}
    if roll < 0.08 and size >= 3 and rules.misere:
        return {"kind": "misere", "seat_points": _misere_points(rng, seats)}
    if roll < 0.08 and size >= 5:
        return {"kind": "passed_out"}
    if roll < 0.10 and size in PARTNER_SIZES:
        contract = CONTRACTS[size][0]
        return {"kind": "surrendered", "contract": contract, "declarer": _declarer(rng, contract, seats)}
    return _played(rng, rules, seats)


def _declarer(rng: random.Random, contract: str, seats: list[str]) -> str:
    """Anyone, but only the forehand plays preference at three and four (1.3, 2.0)."""
    if contract == "preference" and len(seats) in FOREHAND_PREFERENCE_SIZES:
        return seats[0]
    return rng.choice(seats)


def _misere_points(rng: random.Random, seats: list[str]) -> dict[str, int]:
    size = len(seats)
    low, high = TALON_POINTS[size]
    left = TOTAL_POINTS[size] - rng.randint(low, high)
    shares = [rng.random() + (0 if rng.random() < 0.2 else 0.5) for _ in seats]
    points = [int(left * share / sum(shares)) for share in shares]
    points[rng.randrange(size)] += left - sum(points)
    return dict(zip(seats, points, strict=True))


def _played(rng: random.Random, rules: Rules, seats: list[str]) -> dict[str, Any]:
    size = len(seats)
    contracts = CONTRACTS[size] if rules.take_or_pass or size != 2 else ("straw_man",)
    contract = rng.choice(contracts)
    out: dict[str, Any] = {"kind": "played", "contract": contract}
    if contract != "straw_man":
        out["declarer"] = _declarer(rng, contract, seats)
    if size in PARTNER_SIZES and rng.random() < 0.8:
        out["partner"] = rng.choice([s for s in seats if s != out["declarer"]])
    total, need = TOTAL_POINTS[size], REQUIRED_POINTS[size]
    out["card_points"] = max(0, min(total, int(rng.gauss(need + 2, total / 8))))
    bonuses: dict[str, Any] = {}
    for name in ("pagat_ultimo", "king_ultimo", "all_three", "all_four"):
        if size in BONUS_SIZES[name] and getattr(rules, BONUS_OPTION[name]) and rng.random() < 0.12:
            announced = rules.announcements and size > 2 and rng.random() < 0.4
            made = rng.random() < 0.6
            if not made and not announced and name in ("all_three", "all_four"):
                made = True
            bonuses[name] = {
                "side": rng.choice(("declarer", "opponents")),
                "announced": announced,
                "made": made,
            }
    if rules.valat and rng.random() < 0.04:
        side = "declarer" if rng.random() < 0.8 else "opponents"
        announced = rules.announcements and size > 2 and rng.random() < 0.5
        made = not announced or rng.random() < 0.7
        bonuses["valat"] = {"side": side, "announced": announced, "made": made}
        if made:
            slack = 0 if size == 2 else TALON_POINTS[size][1]
            out["card_points"] = (
                rng.randint(total - slack, total)
                if side == "declarer"
                else rng.randint(0, 0 if size == 2 else MAX_DISCARD_POINTS)
            )
    if bonuses:
        out["bonuses"] = bonuses
    if rules.doubling and size > 2 and rng.random() < 0.15:
        kontra = {"contract": rng.randint(1, 3)}
        if "valat" in bonuses and bonuses["valat"]["announced"]:
            kontra = {"valat": kontra["contract"]}
        announced = [n for n, b in bonuses.items() if b["announced"] and n != "valat"]
        if announced and rng.random() < 0.5:
            kontra[rng.choice(announced)] = 1
        out["kontra"] = kontra
    if rules.handfuls and size in HANDFUL_MINIMA and rng.random() < 0.1:
        least = HANDFUL_MINIMA[size][0]
        out["handfuls"] = {rng.choice(seats): rng.randint(least, min(12, least + 3))}
    return out
