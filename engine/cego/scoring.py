"""Scoring a Cego hand (Ichenheim, 17.3 and 17.4): the scored items and the seats' game points.

Every item is paid one against each: the declarer against each defender (the other active seats and the
sitting-out dealer, 17.3), the Räuber's loser to each opponent (17.4). ``item_payments`` says what one item
moves; ``score_summary`` adds the items up with ``settle``, so the payments sum to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cego.rules import CONTRACTS, FIXED_CONTRACTS, Rules, resolve_rules
from engine.cego.summary import CARD_POINTS, Hand, parse_summary
from engine.core.scoring import settle
from engine.core.thirds import stored

#: what one seat plausibly wins or loses in one hand at stake 1: a quarter above the 99.9th percentile
#: of the game's plausible summaries (192; the largest of 2,000 per preset and size 192),
#: ``benchmarks/plausible_payments_games.py``; a typed payment beyond it is queried, not refused
PLAUSIBLE_PAYMENT = 240
#: the most seats one seat pays or is paid by in one hand: two other active seats and the sitting-out dealer
MOST_COUNTERPARTS = 3


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def base_value(hand: Hand, rules: Rules) -> tuple[int, bool]:
    """The base value of a point contract and whether the declarer won it (17.3)."""
    if hand.all_tricks != "none":  # 17.3: "If either side takes all the tricks the base value is 8"
        return rules.all_tricks_base, hand.all_tricks == "declarer"
    points = hand.card_points or 0
    if points >= rules.points_to_win:  # 17.3: "1 game point for each 5 points or part of 5 points over 35"
        return _ceil_div(points - (rules.points_to_win - 1), rules.points_unit), True
    # 17.3: "each 5 points or part of 5 points below 36 (so ... 26-30 points the base value is 2)"
    return _ceil_div(rules.points_to_win - points, rules.points_unit), False


def _raeuber_payees(hand: Hand, rules: Rules, loser: str) -> list[str]:
    """Whom a Räuber's loser pays: every other player (17.4), and the sitting-out dealer if the rules say."""
    payees = [s for s in hand.seats if s != loser]
    if hand.sitting_out and rules.raeuber_dealer_paid:
        payees.append(hand.sitting_out)
    return payees


def _played_items(hand: Hand, rules: Rules) -> list[dict[str, Any]]:
    contract = hand.contract or ""
    if contract in FIXED_CONTRACTS:
        # 17.3: Ulti 20 and Solodu 64 "to or from each defender"; 17.4: Piccolo 10, Bettel 15, Ulti 20.
        # choice: Solodu, Piccolo and Bettel are paid the same won or lost, as Ulti is.
        won = bool(hand.made)
        value = getattr(rules, contract) * hand.stake
        return [_item(contract, won, value, hand.declarer, base=None, multiplier=None)]
    base, won = base_value(hand, rules)
    multiplier = rules.multiplier(contract, won)  # 17.3: Solo 1, won or lost
    return [
        _item(contract, won, base * multiplier * hand.stake, hand.declarer, base=base, multiplier=multiplier)
    ]


def _item(name: str, won: bool, value: int, seat: str | None, **extra: Any) -> dict[str, Any]:
    return {"name": name, "team": "declarer", "won": won, "value": value, "kontra": 0, "seat": seat, **extra}


def _raeuber_items(hand: Hand, rules: Rules) -> list[dict[str, Any]]:
    points = hand.seat_thirds  # exact: each seat's count in thirds, compared as whole numbers
    most = max(points.values())
    losers = [s for s in hand.seats if points[s] == most]
    without = sum(1 for s in hand.seats if hand.seat_tricks[s] == 0)
    # 17.4: 5 to each opponent, "doubled to 10 if any player wins no trick, and doubled again to 20 if two
    # players take no trick"
    value = rules.raeuber * 2**without * hand.stake
    if len(losers) > 1 and rules.raeuber_tie == "none":  # choice: a tie for most points
        value = 0
    return [
        {
            "name": "raeuber",
            "team": None,
            "won": False,
            "value": value,
            "kontra": 0,
            "seat": loser,
            "card_points": stored(most),  # 23, or "23 1/3" as the summary writes it
            "without_trick": without,
        }
        for loser in losers
    ]


def item_payments(
    item: Mapping[str, Any], hand: Hand, rules: Rules, positions: Sequence[str]
) -> dict[str, int] | None:
    """What one scored item moves between ``positions`` (each seat, 0 when untouched), or None."""
    value = item["value"]
    if item.get("team") == "declarer" and hand.declarer is not None:
        net = value if item["won"] else -value
        return settle(positions, [(d, hand.declarer, net) for d in hand.defenders])
    if item.get("name") == "raeuber" and item.get("seat") in hand.seats:
        loser = item["seat"]
        return settle(positions, [(loser, p, value) for p in _raeuber_payees(hand, rules, loser)])
    return None


def score(hand: Hand) -> dict[str, Any]:
    """The items and payments of a checked hand."""
    rules = hand.rules
    items = _raeuber_items(hand, rules) if hand.kind == "raeuber" else _played_items(hand, rules)
    payments = dict.fromkeys(hand.positions, 0)
    for item in items:
        moved = item_payments(item, hand, rules, hand.positions) or {}
        for seat, amount in moved.items():
            payments[seat] += amount
    return {"payments": payments, "items": items, "kind": hand.kind}


def score_summary(summary: Any, rules: Rules | None = None) -> dict[str, Any]:
    """Score a hand summary: ``{"payments": {seat: game points}, "items": [...], "kind"}``; raises a
    FieldError naming the field for any malformed summary."""
    return score(parse_summary(summary, rules))


def max_payment(rules: Rules) -> int:
    """A true bound of one seat's payment in one hand at stake 1: the largest value one item moves between
    two seats, times the most seats one seat settles with."""
    multipliers = [
        rules.multiplier(c, won) for c in CONTRACTS if c not in FIXED_CONTRACTS for won in (True, False)
    ]
    base = max(
        rules.all_tricks_base,
        _ceil_div(rules.points_to_win, rules.points_unit),
        _ceil_div(CARD_POINTS - rules.points_to_win + 1, rules.points_unit),
    )
    single = max(base * max(multipliers), *(getattr(rules, c) for c in FIXED_CONTRACTS), rules.raeuber * 4)
    return MOST_COUNTERPARTS * single


__all__ = [
    "PLAUSIBLE_PAYMENT",
    "base_value",
    "item_payments",
    "max_payment",
    "resolve_rules",
    "score",
    "score_summary",
]
