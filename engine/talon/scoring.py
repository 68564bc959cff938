"""Scoring a Talon hand in victory points (talon.txt 1.6 and the charts; "game points" are the same).

Every item is paid as the contract is (1.6, 2.0, 3.0, 4.0): each opponent pays one member of the declaring
side (at four with a partner, the declarer is paid by one opponent and the partner by the other; at six by
two each); a lone declarer is paid by, or pays, every opponent. A bonus "each member of the side winning
... is paid by the opposing side" (5.1, 6.1) is read the same way, so that the two sides always sum to
zero (5.0). A misère has no sides: the most card points pay every other player (5.4, 7.3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.core import fields
from engine.core.presets import spec_of
from engine.core.scoring import team_payments
from engine.talon.rules import PRESETS, Rules
from engine.talon.summary import MAX_KONTRA, Bonus, Summary, parse_summary, read_rules
from engine.talon.tables import (
    BONUS_OPTION,
    BONUS_SIZES,
    CONTRACT_VALUES,
    HANDFUL_MINIMA,
    REQUIRED_POINTS,
    SILENT_LOSS,
    TABLE_SIZES,
    TAROCKS,
    TOTAL_POINTS,
    handful,
)

#: the items a score sheet shows, in its order
ITEMS: tuple[str, ...] = (
    "contract",
    "valat",
    "pagat_ultimo",
    "king_ultimo",
    "all_three",
    "all_four",
    "single_handful",
    "double_handful",
    "triple_handful",
    "misere",
    "surrender",
)
#: what one seat plausibly wins or loses in one hand at stake 1: a quarter above the 99.9th percentile
#: of the game's plausible summaries (132; the largest of 2,000 per preset and size 1280),
#: ``benchmarks/plausible_payments_games.py``; a typed payment beyond it is queried, not refused
PLAUSIBLE_PAYMENT = 170


def _item(
    name: str, team: str | None, won: bool, value: int, kontra: int = 0, **extra: Any
) -> dict[str, Any]:
    return {"name": name, "team": team, "won": won, "value": value, "kontra": kontra, **extra}


def score_items(s: Summary, rules: Rules) -> list[dict[str, Any]]:
    """The scored items of a checked hand, values per payer after kontra and stake."""
    if s.kind == "played":
        return _played(s, rules)
    if s.kind == "misere":
        return _misere(s, rules)
    if s.kind == "surrendered":  # 2.0, 4.0: the declarer pays the contract to every other player
        value = CONTRACT_VALUES[s.size][s.contract or ""][1]
        return [_item("surrender", "declarer", False, value * s.stake)]
    return []  # annulled, passed out: nobody pays (1.2, 3.0)


def _played(s: Summary, rules: Rules) -> list[dict[str, Any]]:
    terms = _played_terms(
        s.size, s.stake, s.contract, s.card_points, s.bonuses, s.kontra, s.handfuls, s.declarers, rules
    )
    return [
        _item(name, team, won, value, kontra) if seat is None else _item(name, team, won, value, seat=seat)
        for name, team, won, value, kontra, seat in terms
    ]


def _played_terms(
    size: int,
    stake: int,
    contract: str | None,
    card_points: int | None,
    bonuses: Mapping[str, Bonus],
    kontra: Mapping[str, int],
    handfuls: Mapping[str, int],
    declarers: Sequence[str],
    rules: Rules,
) -> Iterator[tuple[str, str, bool, int, int, str | None]]:
    """The scored items of a played hand (a ``Summary``'s fields) as ``(name, team, won, value, kontra,
    seat)``: ``_item``'s arguments (``seat`` a handful's, else None); every one a team item."""
    won_value, lost_value = CONTRACT_VALUES[size][contract or ""]
    points = card_points or 0
    declarer_wins = points >= REQUIRED_POINTS[size]
    valat = bonuses.get("valat")
    if valat is not None and valat.announced:
        # 5.3: an announced valat scores eight times the contract and replaces it; it is won or lost as the
        # contract (6.2) and doubled on its own (7.2)
        declarer_wins = (valat.side == "declarer") == valat.made
        level = kontra.get("valat", 0)
        value = 8 * (won_value if declarer_wins else lost_value) * 2**level * stake
        yield "valat", valat.side, valat.made, value, level, None
    elif valat is not None and valat.made:
        # 5.2: four times the contract; the contract's doubling doubles it too (our choice: it is the
        # contract's score, 7.2); the option says whether it replaces the contract (8.2.3) or adds to it
        declarer_wins = valat.side == "declarer"
        contract_value = won_value if declarer_wins else lost_value
        level = kontra.get("contract", 0) if rules.valat_replaces_contract else 0
        if not rules.valat_replaces_contract:
            doubled = kontra.get("contract", 0)
            yield "contract", "declarer", declarer_wins, contract_value * 2**doubled * stake, doubled, None
        yield "valat", valat.side, True, 4 * contract_value * 2**level * stake, level, None
    elif contract == "straw_man" and 2 * points == TOTAL_POINTS[size]:
        yield "contract", "declarer", False, 0, 0, None  # 8.2: a tie of 53 each scores nothing
    else:
        level = kontra.get("contract", 0)
        value = (won_value if declarer_wins else lost_value) * 2**level * stake
        yield "contract", "declarer", declarer_wins, value, level, None
    if len(bonuses) > (valat is not None):
        for name in ("pagat_ultimo", "king_ultimo", "all_three", "all_four"):
            bonus = bonuses.get(name)
            if bonus is None:
                continue
            if bonus.announced:  # 5.3: double the basic value, won or lost; 7.2: doubled on its own
                level = kontra.get(name, 0)
                yield name, bonus.side, bonus.made, 2 * 2**level * stake, level, None
            elif bonus.made or name in SILENT_LOSS:  # 5.1, 6.3: an ultimo lost in the last trick costs 1
                yield name, bonus.side, bonus.made, stake, 0, None
    for seat, tarocks in handfuls.items():
        found = handful(size, tarocks)
        if found is None:
            continue
        name, value = found
        # 6.2: paid to the side that wins the contract, never doubled (7.2)
        team = "declarer" if seat in declarers else "opponents"  # ``Summary.side_of``
        yield name, team, declarer_wins == (team == "declarer"), value * stake, 0, seat


def _misere_base(s: Summary, rules: Rules) -> int:
    """1 a player (5.4); 7.3 doubles it when the most card points are more than half of the pack's (our
    reading of "the available card points": the chart's requirement, 1.6)."""
    top = max(s.seat_points.values())
    return 2 if rules.trick_compulsion and top >= REQUIRED_POINTS[s.size] else 1


def _misere(s: Summary, rules: Rules) -> list[dict[str, Any]]:
    top = max(s.seat_points.values())
    base = _misere_base(s, rules) * s.stake
    return [_item("misere", None, False, base, seat=seat) for seat in s.seats if s.seat_points[seat] == top]


def item_payments(
    item: Mapping[str, Any], s: Summary, rules: Rules, positions: Sequence[str]
) -> dict[str, int] | None:
    """What one scored item moves between the seats (zero-sum)."""
    value = item["value"]
    if item["name"] == "misere":
        # 5.4: the most card points pay each other player (tied takers pay each other alike, which cancels,
        # so they pay only the rest); 7.3: a player without card points is paid double
        payments = dict.fromkeys(positions, 0)
        top = max(s.seat_points.values())
        for seat in s.seats:
            if s.seat_points[seat] == top:
                continue
            paid = 2 * value if rules.trick_compulsion and s.seat_points[seat] == 0 else value
            payments[seat] += paid
            payments[item["seat"]] -= paid
        return payments
    if item.get("team") is None:
        return None
    net = value if item["won"] == (item["team"] == "declarer") else -value
    return team_payments(positions, net, s.seats, s.declarers)


def score(s: Summary, rules: Rules) -> dict[str, Any]:
    """The payments and items of a checked hand."""
    items = score_items(s, rules)
    payments = dict.fromkeys(s.seats, 0)
    for item in items:
        moved = item_payments(item, s, rules, s.seats)
        for seat, amount in (moved or {}).items():
            payments[seat] += amount
    out: dict[str, Any] = {"payments": payments, "items": items, "kind": s.kind}
    if s.kind in ("played", "surrendered"):
        out["contract"] = s.contract
        out["declarers"] = list(s.declarers)
    return out


def score_payments(s: Summary, rules: Rules) -> dict[str, int]:
    """``score(s, rules)["payments"]``, the team items' values summed before they are paid: every team item
    of a hand is paid between the same sides, and ``team_payments`` is linear in the value."""
    if s.kind == "played":
        return played_payments(
            s.seats, s.stake, s.contract, s.card_points, s.bonuses, s.kontra, s.handfuls, s.declarers, rules
        )
    payments = dict.fromkeys(s.seats, 0)
    net = 0
    for item in score_items(s, rules):
        team = item.get("team")
        if team is not None and item["name"] != "misere":
            net += item["value"] if item["won"] == (team == "declarer") else -item["value"]
            continue
        for seat, amount in (item_payments(item, s, rules, s.seats) or {}).items():
            payments[seat] += amount
    if net:
        for seat, amount in team_payments(s.seats, net, s.seats, s.declarers).items():
            payments[seat] += amount
    return payments


def played_payments(
    seats: tuple[str, ...],
    stake: int,
    contract: str | None,
    card_points: int | None,
    bonuses: Mapping[str, Bonus],
    kontra: Mapping[str, int],
    handfuls: Mapping[str, int],
    declarers: Sequence[str],
    rules: Rules,
) -> dict[str, int]:
    """``score_payments`` of a played hand given by its ``Summary``'s fields (a live hand's own, without
    building the Summary): its items are all team items (``_played_terms``), summed before they are paid."""
    net = 0
    size = len(seats)
    terms = _played_terms(size, stake, contract, card_points, bonuses, kontra, handfuls, declarers, rules)
    for _name, team, won, value, _kontra, _seat in terms:
        net += value if won == (team == "declarer") else -value
    return team_payments(seats, net, seats, declarers)


def score_summary(summary: Any, rules: Any = None) -> dict[str, Any]:
    """Score a hand summary: ``rules`` (a Rules value or spec), else the summary's ``rules``, else the
    default preset; raises FieldError naming the field."""
    checked = read_rules(fields.obj(summary, "summary"), rules)
    result = score(parse_summary(summary, checked), checked)
    result["rules"] = spec_of(checked, PRESETS)
    return result


def max_payment(rules: Rules) -> int:
    """A true bound on what one seat pays or is paid in one hand at stake 1: every item at its most, paid
    by each of the other seats (a lone declarer's part)."""
    k = 2**MAX_KONTRA if rules.doubling else 1
    bound = 0
    for size in TABLE_SIZES:
        kk = 1 if size == 2 else k
        v = max(max(pair) for pair in CONTRACT_VALUES[size].values())
        contract = v * kk
        if rules.valat:
            contract = 4 * v * kk + (0 if rules.valat_replaces_contract else v * kk)
            if rules.announcements and size > 2:
                contract = max(contract, 8 * v * kk)
        per_bonus = 2 * kk if rules.announcements and size > 2 else 1
        bonuses = sum(
            per_bonus
            for name, sizes in BONUS_SIZES.items()
            if name != "valat" and size in sizes and getattr(rules, BONUS_OPTION[name])
        )
        handfuls = (
            3 * (TAROCKS // HANDFUL_MINIMA[size][0]) if rules.handfuls and size in HANDFUL_MINIMA else 0
        )
        misere = 4 if rules.misere else 0
        bound = max(bound, (size - 1) * max(contract + bonuses + handfuls, misere))
    return bound
