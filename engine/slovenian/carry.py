"""Radelci across hands: what a hand of Slovenian tarok inherits from the earlier hands of its table
(``engine.core.live.LiveDeal.carry``) and leaves to the next one (the descriptor's ``carry_next``).

The carry is ``{"radelci": {seat: count}}``, the seats holding radelci and how many (1 to ``MOST_RADELCI``;
a seat holding none is left out, and so is the key when nobody holds one). A live hand checks it when it
is dealt (``radelci_of``) and its summary names the holders in ``radelci``, so the scorer doubles their
scores (pagat "Radelci": a player with a radelc scores double).

After the hand (``carry_next``; pagat "Radelci"):

* a declarer holding a radelc crosses one off when he wins his game (a Valat won by his side counts as his
  game won; with ``radelci_lost_crossed`` also when he loses it);
* in a Klop nobody declares, so nobody crosses one off (with ``radelci_klop_crossed``: each holder whose
  Klop score is above nothing does);
* then, after a Klop, a Berač, an Odprti berač, a Barvni valat, a Valat contract or a Valat made as a
  bonus (``radelci_earned`` of the scored hand), every player gets one more (up to ``MOST_RADELCI``, our
  bound).

A hand thrown in (``annulled``) leaves the radelci as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.facts import won_by_items
from engine.core.messages import EngineError, FieldError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.slovenian.rules import MOST_RADELCI, Rules, resolve_rules
from engine.slovenian.scoring import score
from engine.slovenian.summary import OPTION_OFF, parse_summary, rules_of

#: the keys a carry may have
CARRY_KEYS: tuple[str, ...] = ("radelci",)

CARRY_KEYS_ONLY = Message("sl_carry_keys", _("must be an object with no key but %(known)s, got %(value)s"))
RADELCI_COUNTS = Message(
    "sl_carry_radelci", _("radelci must map seats to whole numbers from 1 to %(most)s, got %(value)s")
)
RADELCI_SEAT = Message("sl_carry_seat", _("radelci name %(value)s, who has no seat in this hand"))


def radelci_of(
    carry: Any, seats: tuple[str, ...] | list[str], rules: Rules, error: type[EngineError] = FieldError
) -> dict[str, int]:
    """The radelci ``carry`` gives the seats holding any, checked against the hand's ``seats`` and
    ``rules``: anything wrong raises ``error("carry", why)``."""
    if carry is None or (isinstance(carry, Mapping) and not carry):
        return {}
    if not isinstance(carry, Mapping) or any(k not in CARRY_KEYS for k in carry):
        raise error("carry", CARRY_KEYS_ONLY.with_params(known=", ".join(CARRY_KEYS), value=shown(carry)))
    if "radelci" not in carry:
        return {}
    if not rules.radelci:
        raise error("carry", OPTION_OFF.with_params(option="radelci"))
    radelci = carry["radelci"]
    if not isinstance(radelci, Mapping) or not all(
        type(n) is int and 1 <= n <= MOST_RADELCI for n in radelci.values()
    ):
        raise error("carry", RADELCI_COUNTS.with_params(most=MOST_RADELCI, value=shown(radelci)))
    for seat in radelci:
        if seat not in seats:
            raise error("carry", RADELCI_SEAT.with_params(value=shown(seat)))
    return {s: radelci[s] for s in seats if s in radelci}


def carry_next(carry: Mapping[str, Any], summary: Mapping[str, Any], rules: Any = None) -> dict[str, Any]:
    """The carry of the table's next hand after a hand with ``summary`` dealt with ``carry`` (see the
    module's docstring); ``rules`` the table's (a Rules value or a spec; None: the summary's own). Raises
    FieldError naming ``carry`` or the summary's field."""
    if rules is not None and not isinstance(rules, Rules):
        rules = resolve_rules(rules)
    rules = rules_of(summary, rules)
    if not rules.radelci:
        return {}
    s = parse_summary(summary, rules)
    held = radelci_of(carry, s.seats, rules)
    if s.kind == "played":
        scored = score(s, rules)
        if s.contract == "klop":
            crossed = [p for p in s.seats if rules.radelci_klop_crossed and scored["scores"][p] > 0]
        elif rules.radelci_lost_crossed or won_by_items(scored["items"], ("game", "valat")):
            crossed = [s.declarer]  # type: ignore[list-item]
        else:
            crossed = []
        for p in crossed:
            if held.get(p):
                held[p] -= 1
        if scored.get("radelci_earned"):
            held = {p: min(held.get(p, 0) + 1, MOST_RADELCI) for p in s.seats}
    out = {p: held[p] for p in s.seats if held.get(p)}
    return {"radelci": out} if out else {}


__all__ = ["CARRY_KEYS", "carry_next", "radelci_of"]
