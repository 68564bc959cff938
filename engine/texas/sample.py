"""Plausible hand summaries for the demo's tables and the tests: mostly Povenost with a partner, now and
then a Prever, a No Trick, a Contra, a last-trick Pagat or King, a declared holding or a Valat."""

from __future__ import annotations

import random
from typing import Any

from engine.core.descriptor import Deal
from engine.core.messages import FieldError
from engine.texas.rules import Rules
from engine.texas.summary import parse_summary

#: holdings a seat may be dealt, about as often as they come (most hands declare nothing)
_HOLDINGS = (("two_trumps", 0.12), ("tarockee", 0.08), ("trul", 0.04), ("pane", 0.04), ("no_trumps", 0.02))


def sample_summary(rng: random.Random, rules: Rules, deal: Deal) -> dict[str, Any]:
    """A plausible summary of ``deal`` under ``rules`` (without seats, stake, sitting_out and rules)."""
    seats = list(deal.active)
    declarer = rng.choice(seats)
    if rules.called_from_talon_penalty and rng.random() < 0.02:
        return {"kind": "called_from_talon", "contract": "povenost", "declarer": declarer}
    roll = rng.random()
    contract = "povenost"
    if roll < 0.08 and "no_trick" in rules.contracts:
        contract = "no_trick"
    elif roll < 0.2 and "prever" in rules.contracts:
        contract = "prever"
    summary: dict[str, Any] = {"kind": "played", "contract": contract, "declarer": declarer}
    kontra = {"game": rng.choice((0,) * 8 + (1, 1, 2))}
    if contract == "no_trick":
        summary.update(made=rng.random() < 0.6, kontra=kontra)
        return summary
    others = [s for s in seats if s != declarer]
    if contract == "povenost" and rng.random() < 0.85:
        summary["partner"] = rng.choice(others)
    if contract == "prever":
        summary["talon"] = rng.choice(("first", "first", "second", "back"))
        if "no_trick" in rules.contracts:
            summary["no_trick_bid"] = rng.random() < 0.1
    points = max(0, min(106, round(rng.gauss(58, 14))))
    summary["card_points"] = points
    bonuses: dict[str, Any] = {}
    if rng.random() < 0.03:
        side = "declarer" if points >= 54 else "opponents"
        bonuses["valat"] = {"side": side, "announced": rng.random() < 0.3, "made": True}
        summary["card_points"] = 106 if side == "declarer" else 0
    if rng.random() < 0.2:
        side, announced = rng.choice(("declarer", "opponents")), rng.random() < 0.3
        made = rng.random() < 0.6
        if announced or made:
            bonuses["pagat"] = {"side": side, "announced": announced, "made": made}
        else:
            other = "opponents" if side == "declarer" else "declarer"
            bonuses["pagat_captured"] = {"side": other, "announced": False, "made": True}
    if rules.king_bonus and contract == "povenost" and rng.random() < 0.15:
        bonuses["king"] = {"side": "declarer", "announced": rng.random() < 0.3, "made": rng.random() < 0.7}
    if rules.xxi_captured_value and rng.random() < 0.05:
        bonuses["xxi_captured"] = {
            "side": rng.choice(("declarer", "opponents")),
            "announced": False,
            "made": True,
        }
    for name in ("pagat", "king"):
        if name in rules.kontra_targets and bonuses.get(name, {}).get("announced") and rng.random() < 0.3:
            kontra[name] = 1
    if bonuses:
        summary["bonuses"] = bonuses
    summary["kontra"] = kontra
    declarations: dict[str, list[str]] = {}
    for seat in seats:
        for word, chance in _HOLDINGS:
            if word in rules.declarations and rng.random() < chance:
                declarations.setdefault(word, []).append(seat)
                break
    if declarations:
        summary["declarations"] = declarations
        try:
            parse_summary({**summary, "seats": seats}, rules)
        except FieldError:  # holdings that cannot be dealt together: none declared
            del summary["declarations"]
    return summary
