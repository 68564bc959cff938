"""A finished Texas Tarock hand as its hand summary (``hand-summary.schema.json``) and its payments: the
live hand builds an ``engine.texas.summary.Hand`` from the play and these write it out and score it the way
``engine.texas.scoring.score_summary`` does, without parsing a summary again (the replay's last step)."""

from __future__ import annotations

from typing import Any

from engine.core.scoring import team_payments
from engine.texas.rules import Rules
from engine.texas.scoring import score_items
from engine.texas.summary import Hand

_SPECS: dict[int, tuple[Rules, Any]] = {}


def spec_of_rules(rules: Rules) -> Any:
    """``rules.spec()``, kept for the rules values met last (a replay asks it of the same value often)."""
    known = _SPECS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    if len(_SPECS) > 256:
        _SPECS.clear()
    spec = rules.spec()
    if type(spec) is str:  # a preset's name; a spec with options is made anew (it is a mutable dict)
        _SPECS[id(rules)] = (rules, spec)
    return spec


def summary_of(hand: Hand, rules_spec: Any) -> dict[str, Any]:
    """The hand-summary (``hand-summary.schema.json``) of a ``Hand``."""
    out: dict[str, Any] = {
        "seats": list(hand.seats),
        "stake": hand.stake,
        "rules": rules_spec,
        "kind": hand.kind,
        "contract": hand.contract,
        "declarer": hand.declarer,
    }
    if hand.kind != "played":
        return out
    if hand.partner is not None:
        out["partner"] = hand.partner
    if hand.contract == "prever":
        out["talon"] = hand.talon
        if hand.no_trick_bid:
            out["no_trick_bid"] = True
    if hand.contract == "no_trick":
        out["made"] = bool(hand.made)
    else:
        out["card_points"] = hand.card_points
        if hand.bonuses:
            out["bonuses"] = {
                name: {"side": b.side, "announced": b.announced, "made": b.made}
                for name, b in hand.bonuses.items()
            }
        if hand.declarations:
            out["declarations"] = {w: list(s) for w, s in hand.declarations.items()}
    if hand.kontra:
        out["kontra"] = dict(hand.kontra)
    return out


def payments_of(hand: Hand) -> dict[str, int]:
    """The payments ``engine.texas.scoring.score_summary`` gives the hand (the same items, settled the same
    way), without parsing a summary again."""
    payments = dict.fromkeys(hand.seats, 0)
    declarers = hand.declarers
    for item in score_items(hand):
        value = item["value"]
        seat = item.get("seat")
        if seat is not None:
            for other in hand.seats:
                if other != seat:
                    payments[other] -= value
                    payments[seat] += value
            continue
        net = value if item["won"] == (item["team"] == "declarer") else -value
        for s, amount in team_payments(hand.seats, net, hand.seats, declarers).items():
            payments[s] += amount
    return payments


__all__ = ["payments_of", "spec_of_rules", "summary_of"]
