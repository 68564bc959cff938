"""Scoring a Texas Tarock hand: the game (or Valat in its place), the last trick's Pagat and King, the XXI
captured, and the declared holdings, each an item settled into per-seat payments.

How an item is paid (18.13, 19.16): "When declarer has a partner, he is paid the stated amount by one
opponent or pays that amount to one opponent, and his partner is paid by or pays to the other opponent.
When declarer plays alone, he is paid by or pays each of the three opponents" -- the game, Pagat, King,
Valat and the XXI are such communal items. "Each of the other three players pays the winner of an
individual bonus" -- the declared holdings, whichever side the declaring seat is on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.presets import spec_of
from engine.core.scoring import settle, team_payments
from engine.texas.rules import PRESETS, Rules
from engine.texas.summary import KONTRA_LEVELS, Hand, parse_summary

#: what one seat plausibly wins or loses in one hand at stake 1: a quarter above the 99.9th percentile
#: of the game's plausible summaries (218; the largest of 2,000 per preset and size 246),
#: ``benchmarks/plausible_payments_games.py``; a typed payment beyond it is queried, not refused
PLAUSIBLE_PAYMENT = 280
#: the items a score sheet shows, in its order
ITEMS: tuple[str, ...] = (
    "game",
    "valat",
    "pagat",
    "pagat_captured",
    "king",
    "king_captured",
    "xxi_captured",
    "called_from_talon",
)
WIN = 54  # 18.13, 19.16: "at least 54 points" of the 106 wins


def game_value(hand: Hand) -> tuple[int, bool]:
    """The game's value in game points (before Contra and stake), and whether the declarer's side won."""
    rules = hand.rules
    if hand.contract == "no_trick":
        return rules.no_trick_value, bool(hand.made)
    points = hand.card_points or 0
    won = points >= WIN
    if hand.contract == "prever" and hand.talon == "back" and rules.prever_back_game:
        return rules.prever_back_game, won  # 19.16 variants: 12 game points
    if rules.game_value == "flat":
        if hand.contract == "povenost":
            return rules.povenost_value, won
        if hand.talon == "first" and hand.no_trick_bid:  # 18.13: "or 2 if No Trick had been bid by anyone"
            return rules.prever_after_no_trick, won
        return rules.prever_values.get(hand.talon or "first", 1), won
    # 19.16: (|points - 53| + 10) x2 (Povinost) or x3 (Prever), "rounded to the nearest 10 points, 5 being
    # rounded up, and divided by 10"; a lost Prever x2 after the second three, x3 back on the first
    factor = rules.povenost_factor if hand.contract == "povenost" else rules.prever_factor
    value = ((abs(points - 53) + 10) * factor + 5) // 10
    if hand.contract == "prever" and not won:
        value *= rules.prever_loss_factors.get(hand.talon or "first", 1)
    return value, won


def _item(name: str, team: str | None, won: bool, base: int, kontra: int, stake: int, **extra: Any) -> dict:
    return {
        "name": name,
        "team": team,
        "won": won,
        "value": base * 2**kontra * stake,
        "kontra": kontra,
        **extra,
    }


def score_items(hand: Hand) -> list[dict[str, Any]]:
    """The scored items of a checked hand."""
    rules, stake, kontra, bonuses = hand.rules, hand.stake, hand.kontra, hand.bonuses
    if hand.kind == "called_from_talon":
        return [_item("called_from_talon", "declarer", False, rules.called_from_talon_penalty, 0, stake)]
    items = []
    valat = bonuses.get("valat")
    if valat is None:
        value, won = game_value(hand)
        items.append(_item("game", "declarer", won, value, kontra.get("game", 0), stake))
    else:
        # 19.16: Valat raises the game's score to 20, announced 40 "for gain or loss"; a Contra said to the
        # announced Valat counts where the rules allow one, else the game's Contra (our choice for 18.13)
        own = valat.announced and "valat" in rules.kontra_targets
        level = kontra.get("valat", 0) if own else kontra.get("game", 0)
        value = rules.valat_announced_value if valat.announced else rules.valat_value
        items.append(_item("valat", valat.side, valat.made, value, level, stake))
    cancelled = valat is not None and rules.valat_cancels_last_trick
    for card in ("pagat", "king"):
        bonus = bonuses.get(card)
        if bonus is not None and not cancelled:
            value = rules.pagat_announced_value if bonus.announced else rules.pagat_value
            level = kontra.get(card, 0) if bonus.announced else 0
            items.append(_item(card, bonus.side, bonus.made, value, level, stake))
        captured = bonuses.get(f"{card}_captured")
        if captured is not None and not cancelled:
            value = rules.pagat_value if card == "pagat" else rules.king_captured_value
            items.append(_item(f"{card}_captured", captured.side, True, value, 0, stake))
    xxi = bonuses.get("xxi_captured")
    if xxi is not None:  # 18.13: "Losing the XXI to the Skys incurs a penalty of 2 game points"
        items.append(_item("xxi_captured", xxi.side, True, rules.xxi_captured_value, 0, stake))
    for word, seats in hand.declarations.items():
        for seat in seats:
            items.append(_item(word, None, True, rules.declarations[word], 0, stake, seat=seat))
    return items


def item_payments(
    item: Mapping[str, Any], hand: Hand, rules: Rules, positions: Sequence[str]
) -> dict[str, int] | None:
    """What one scored item moves between ``positions``: a holding is paid by each other player to its
    seat; a communal item pairwise, each opponent to one member of the declarer's side (or to a lone
    declarer)."""
    value = item["value"]
    seat = item.get("seat")
    if seat is not None:
        return settle(positions, [(other, seat, value) for other in hand.seats if other != seat])
    net = value if item["won"] == (item["team"] == "declarer") else -value
    return team_payments(positions, net, hand.seats, hand.declarers)


def score_summary(summary: Any, rules: Rules | None = None) -> dict[str, Any]:
    """Score a summary: ``{"payments": {seat: n}, "items": [...], "declarers": [...], "rules": spec}``;
    raises FieldError naming the field."""
    hand = parse_summary(summary, rules)
    items = score_items(hand)
    payments = dict.fromkeys(hand.positions, 0)
    for item in items:
        for seat, amount in (item_payments(item, hand, hand.rules, hand.positions) or {}).items():
            payments[seat] += amount
    return {
        "payments": payments,
        "items": items,
        "declarers": list(hand.declarers),
        "rules": spec_of(hand.rules, PRESETS),
    }


def max_payment(rules: Rules) -> int:
    """A bound on what one seat pays or wins in one hand at stake 1: three times every communal item at
    the top of the Contra ladder, plus three times the largest holdings a seat can declare."""
    top = 2**KONTRA_LEVELS
    if rules.game_value == "flat":
        game = max(
            rules.povenost_value,
            rules.prever_after_no_trick,
            *map(abs, rules.prever_values.values()),
        )
    else:
        most = max(rules.povenost_factor, rules.prever_factor)
        game = ((53 + 10) * most + 5) // 10 * max(1, *map(abs, rules.prever_loss_factors.values()))
    game = max(
        game, rules.no_trick_value, rules.prever_back_game, rules.valat_value, rules.valat_announced_value
    )
    last = max(rules.pagat_value, rules.pagat_announced_value)
    king = max(last, rules.king_captured_value) if rules.king_bonus else 0
    team = (game + last + king) * top + rules.xxi_captured_value + rules.called_from_talon_penalty
    # a seat declares at most two holdings (one of each kind) and pays at most two to each other seat
    held = max((abs(v) for v in rules.declarations.values()), default=0)
    return 3 * team + 3 * 2 * held
