"""What a Talon hand says happened, for statistics (the descriptor's ``hand_facts``): the contract, the
declarer and partner, whether the declaring side won as the scorer decides it (the contract, or a Valat
in its place: 5.2, 5.3; a surrender is lost: 2.0, 4.0), the bonuses as the summary gives them and the
handfuls declared (6.2); a misère (5.4) has no declarer, a hand thrown in no contract."""

from __future__ import annotations

from typing import Any

from engine.core import fields
from engine.core.facts import HandFacts, bonus_rows, played, without_declarer, won_by_items
from engine.talon.scoring import score_items
from engine.talon.summary import parse_summary, read_rules


def hand_facts(summary: Any, rules: Any = None) -> HandFacts:
    """The facts of one hand summary; raises FieldError as ``score`` does."""
    checked = read_rules(fields.obj(summary, "summary"), rules)
    s = parse_summary(summary, checked)
    if s.kind not in ("played", "surrendered") or s.contract is None:
        return without_declarer(s.kind, "misere" if s.kind == "misere" else None, s.seats)
    items = score_items(s, checked)
    won = won_by_items(items, ("contract", "valat", "surrender"))
    return played(
        kind=s.kind,
        contract=s.contract,
        declarer=s.declarers[0],
        partners=s.declarers[1:],
        won=bool(won),
        seats=s.seats,
        bonuses=bonus_rows(s.bonuses),
        seat_bonuses=[(i["name"], i["seat"], True, True) for i in items if i.get("seat") and i.get("team")],
    )
