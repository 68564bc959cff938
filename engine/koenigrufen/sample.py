"""Plausible random hand summaries (the demo's bots enter these): mostly Rufer, now and then a solo, a
negative contract or a Trischaken, with the bonuses and kontras a table sees."""

from __future__ import annotations

import random
from typing import Any

from engine.core.descriptor import Deal
from engine.core.thirds import stored
from engine.koenigrufen.rules import BIRD_OF, BONUSES, CALLING, NEGATIVE, Rules, resolve_rules
from engine.koenigrufen.summary import CARD_POINTS

#: how often each contract is played (roughly; a contract missing from the schedule is skipped)
WEIGHTS: dict[str, int] = {
    "rufer": 40,
    "solorufer": 6,
    "pagatrufer": 3,
    "uhurufer": 2,
    "kakadurufer": 1,
    "quapilrufer": 1,
    "sechserdreier": 2,
    "dreier": 8,
    "farbendreier": 2,
    "farbensolo": 1,
    "solodreier": 2,
    "piccolo": 5,
    "zwiccolo": 2,
    "bettler": 5,
    "piccolo_ouvert": 2,
    "bettler_ouvert": 2,
}


def sample_summary(rng: random.Random, rules: Any, deal: Deal) -> dict[str, Any]:
    """A plausible summary of ``deal`` under ``rules`` (without seats, stake, sitting_out, rules)."""
    rules = rules if isinstance(rules, Rules) else resolve_rules(rules)
    seats = list(deal.active)
    if "trischaken" in rules.contract_values and rng.random() < 0.08:
        return _trischaken(rng, seats + list(deal.sitting_out))  # 18.11: the dealer plays a Fahren
    contracts = [c for c in WEIGHTS if c in rules.contract_values]
    contract = rng.choices(contracts, [WEIGHTS[c] for c in contracts])[0]
    declarer = seats[0] if contract in rules.first_player_only else rng.choice(seats)
    won = rng.random() < 0.6
    out: dict[str, Any] = {"kind": "played", "contract": contract, "declarer": declarer, "won": won}
    if rng.random() < 0.15:
        out["kontra"] = min(rules.max_kontra, rng.choice([1, 1, 1, 2, 3]))
    if contract in CALLING:
        others = [s for s in seats if s != declarer]
        out["partner"] = None if rng.random() < 0.1 else rng.choice(others)
    if contract in NEGATIVE:
        if contract in rules.simultaneous and rng.random() < 0.3:
            second = rng.choice([s for s in seats if s != declarer])
            out["more_declarers"] = [
                {"declarer": second, "contract": rng.choice(rules.simultaneous), "won": rng.random() < 0.5}
            ]
            out["more_declarers"] = [
                m for m in out["more_declarers"] if m["contract"] in rules.contract_values
            ]
        return out
    out["bonuses"] = _bonuses(rng, rules, contract, won)
    return out


def _bonuses(rng: random.Random, rules: Rules, contract: str, won: bool) -> dict[str, Any]:
    bonuses: dict[str, Any] = {}
    bird = BIRD_OF.get(contract)
    if bird is not None:
        bonuses[bird] = {"side": "declarer", "announced": True, "made": rng.random() < 0.6}
    for name in BONUSES:
        if name in bonuses or name == "valat" or (name == "king_ultimo" and contract not in CALLING):
            continue
        if name in rules.silent_bonus_values and rng.random() < 0.08:
            # a bird played to its trick is now and then beaten: lost silently where the rules count it
            made = name not in rules.silent_lost or rng.random() < 0.7
            bonuses[name] = {"side": rng.choice(["declarer", "opponents"]), "announced": False, "made": made}
        elif name in rules.bonus_values and rng.random() < 0.03:
            bonuses[name] = {"side": "declarer", "announced": True, "made": rng.random() < 0.5}
    if rng.random() < 0.02:
        bonuses["valat"] = {"side": "declarer" if won else "opponents", "announced": False, "made": True}
    return bonuses


def _trischaken(rng: random.Random, seats: list[str]) -> dict[str, Any]:
    """Each player counts their own pile in threes: the 70 points (210 thirds) split among the takers, each
    share a whole number or one ending in a third (``engine.core.thirds``), as players write them."""
    jungfrau = [rng.choice(seats)] if rng.random() < 0.15 else []
    takers = [s for s in seats if s not in jungfrau]
    total = 3 * CARD_POINTS
    cuts = sorted(rng.randint(1, total - 1) for _ in range(len(takers) - 1))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    points: dict[str, int | str] = dict.fromkeys(seats, 0)
    points.update({seat: stored(share) for seat, share in zip(takers, shares, strict=True)})
    return {"kind": "trischaken", "card_points": points, "jungfrau": jungfrau}
