"""Plausible random hand summaries (the demo's tables and the tests): a contract drawn roughly as often as
three-handed tables bid it, with card points, bonuses and kontras in believable proportions."""

from __future__ import annotations

import random
from typing import Any

from engine.core.descriptor import Deal
from engine.slovenian.rules import Rules
from engine.slovenian.summary import POINT_CONTRACTS

_WEIGHTS = {
    "klop": 12,
    "trojka": 40,
    "dvojka": 20,
    "enojka": 12,
    "solo_trojka": 3,
    "solo_dvojka": 2,
    "solo_enojka": 2,
    "solo": 4,
    "berac": 6,
    "odprti_berac": 2,
    "barvni_valat": 1,
    "valat": 1,
}


def sample_summary(rng: random.Random, rules: Rules, deal: Deal) -> dict[str, Any]:
    """A plausible summary of ``deal`` (without the table's seats, stake and rules)."""
    seats = list(deal.active)
    if rng.random() < 0.02:
        return {"kind": "annulled"}
    playable = rules.contracts
    names = ["klop", *(c for c in _WEIGHTS if c in playable and c != "klop")]
    contract = rng.choices(names, [_WEIGHTS[c] for c in names])[0]
    out: dict[str, Any] = {"kind": "played", "contract": contract}
    if rules.radelci and rng.random() < 0.3:
        out["radelci"] = rng.sample(seats, rng.randint(1, 3))
    if contract == "klop":
        a = rng.randint(0, 34)
        b = rng.randint(0, 70 - a)
        points = [a, b, 70 - a - b]
        rng.shuffle(points)
        out["klop_points"] = dict(zip(seats, points, strict=True))
        if rules.klop_kontra and rng.random() < 0.2:
            out["kontra_by"] = rng.choice(seats)
        return out
    declarer = rng.choice(seats)
    out["declarer"] = declarer
    if rules.max_kontra and rng.random() < 0.1:
        out["kontra"] = rng.randint(1, min(2, rules.max_kontra))
    if contract not in POINT_CONTRACTS:
        out["made"] = rng.random() < 0.6
        return out
    out["card_points"] = max(0, min(70, round(rng.gauss(40, 9))))
    if contract == "solo" and not rules.solo_bonuses:
        return out
    bonuses: dict[str, Any] = {}
    for name, chance in (("trula", 0.15), ("kralji", 0.12), ("pagat_ultimo", 0.06), ("valat", 0.01)):
        if rng.random() < chance:
            announced = rng.random() < 0.3
            made = rng.random() < (0.8 if announced else 1.0)
            side = "declarer" if rng.random() < 0.7 else "opponents"
            bonuses[name] = {"side": side, "announced": announced, "made": made}
            if announced and rules.max_kontra and rng.random() < 0.2:
                out.setdefault("bonus_kontra", {})[name] = 1
    valat = bonuses.get("valat")
    if valat is not None and valat["made"]:  # a valat takes every trick: the card points say so
        out["card_points"] = 70 if valat["side"] == "declarer" else 0
    if bonuses:
        out["bonuses"] = bonuses
    if rng.random() < 0.04:
        out["mond_captured"] = rng.choice(seats)
    return out
