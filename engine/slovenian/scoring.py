"""Scoring a three-handed Slovenian Tarok hand.

The score sheet: only the declarer scores in a contract (the game's value plus or minus, bonuses for or
against) and each player scores for himself in Klop (pagat); a captured Mond costs its holder 21. The
tournament's payments are the sheet settled between every two players: each pays the other the
difference of their sheet scores, so a declarer's +V is paid V by each opponent (+2V, -V, -V), a Klop
player's -x is paid x to each of the others, and the payments keep the sheet's order and its differences
(the Bled tie-break) while summing to zero (``engine.core.scoring.settle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.scoring import Transfer, settle
from engine.slovenian.rules import BONUSES, Rules
from engine.slovenian.summary import POINT_CONTRACTS, TOTAL_POINTS, Summary, parse_summary, rules_of

#: the kontra ladder (TZS B1.19): each level doubles the game or the announced bonus it is said to
KONTRA_NAMES: tuple[str, ...] = ("kontra", "re", "sub", "mort")
#: the names of the items a score sheet shows, in its order
ITEMS: tuple[str, ...] = ("game", *BONUSES, "mond_penalty", "klop")
#: the contracts after which, with radelci, every player gets a radelc (pagat)
RADELC_CONTRACTS = ("klop", "berac", "odprti_berac", "barvni_valat", "valat")
#: what one seat plausibly wins or loses in one hand at stake 1: a quarter above the 99.9th percentile
#: of the game's plausible summaries (2000; the largest of 2,000 per preset and size 4000),
#: ``benchmarks/plausible_payments_games.py``; a typed payment beyond it is queried, not refused
PLAUSIBLE_PAYMENT = 2500
HALF = TOTAL_POINTS // 2  # 35: the card-point difference is counted from here (16.8 Bled, pagat)


def difference(points: int, rounding: int) -> int:
    """|points - 35| rounded to the nearest multiple of ``rounding`` (pagat: "rounded to the nearest 5";
    a half rounds up)."""
    d = abs(points - HALF)
    return (2 * d + rounding) // (2 * rounding) * rounding


def _item(name: str, team: str | None, won: bool, value: int, kontra: int, **extra: Any) -> dict[str, Any]:
    return {"name": name, "team": team, "won": won, "value": value, "kontra": kontra, **extra}


def _declarer_items(s: Summary, rules: Rules) -> list[dict[str, Any]]:
    """The declarer's items at stake 1 (before a radelc)."""
    value = rules.contract_values[s.contract]  # type: ignore[index]
    if s.contract not in POINT_CONTRACTS:  # Berač and above: won or lost outright (pagat)
        return [_item("game", "declarer", bool(s.made), value * 2**s.kontra, s.kontra)]
    bonuses = s.bonuses or {}
    valat = bonuses.get("valat")
    if valat is not None and valat.made:
        # pagat, TZS B1.14: a valat replaces the game and every other bonus; a silent one counts half and
        # takes the kontras said to the game (our reading of B1.14's "izrečene posebne napovedi")
        full = rules.bonus_values["valat"]
        level = valat.kontra if valat.announced else s.kontra
        worth = full if valat.announced else full // 2
        return [_item("valat", valat.side, True, worth * 2**level, level, announced=valat.announced)]
    points = s.card_points or 0
    if s.contract != "solo" or rules.solo_adds_difference:
        value += difference(points, rules.difference_rounding)  # 16.8 Bled: "simply added to the basic value"
    items = [_item("game", "declarer", points > HALF, value * 2**s.kontra, s.kontra)]
    for name, bonus in bonuses.items():
        full = rules.bonus_values[name]
        if bonus.announced:  # announced: the full value, to whoever made it or against whoever failed
            items.append(
                _item(name, bonus.side, bonus.made, full * 2**bonus.kontra, bonus.kontra, announced=True)
            )
        elif bonus.made:  # TZS B1.18: a silent bonus counts half
            items.append(_item(name, bonus.side, True, full // 2, 0, announced=False))
    return items


def _klop_scores(s: Summary, rules: Rules) -> dict[str, int]:
    """Each player's Klop score (16.8 Bled for Klopecki's kontra, pagat otherwise)."""
    pts = s.klop_points or {}
    kontra = s.kontra_by is not None
    k = 2 if kontra else 1
    over = [p for p in s.seats if pts[p] >= rules.klop_limit]
    if (
        over
    ):  # 16.8 Bled: "he loses 140 game points if there was a Kontra, while the other players lose nothing"
        return {p: -TOTAL_POINTS * k if p in over else 0 for p in s.seats}
    scores = {}
    # 16.8 Bled: the kontra-sayer who takes the most card points loses twice them, the others once (our
    # choice: a tie for the most counts as the most)
    sayer_most = kontra and pts[s.kontra_by] >= max(pts.values())  # type: ignore[index]
    for p in s.seats:
        if pts[p] == 0:  # pagat: no trick, +70 (a kontra doubles losses only: our reading of 16.8 Bled)
            scores[p] = rules.klop_clean
        elif sayer_most:
            scores[p] = -pts[p] * (2 if p == s.kontra_by else 1)
        else:
            scores[p] = -pts[p] * k  # 16.8 Bled: "normally double the number of card points taken"
    return scores


def score(s: Summary, rules: Rules) -> dict[str, Any]:
    """The scored hand: payments (zero-sum), items, the sheet's scores, and whether radelci are earned."""
    seats = list(s.seats)
    items: list[dict[str, Any]] = []
    sheet = dict.fromkeys(seats, 0)
    if s.kind == "played" and s.contract == "klop":
        kontra = 1 if s.kontra_by is not None else 0
        for p, x in _klop_scores(s, rules).items():
            x *= 2 if p in s.radelci else 1
            sheet[p] += x * s.stake
            if x:
                items.append(_item("klop", None, x > 0, abs(x) * s.stake, kontra, seat=p))
    elif s.kind == "played":
        double = 2 if s.declarer in s.radelci else 1  # pagat: a radelc doubles its holder's score
        for it in _declarer_items(s, rules):
            it["value"] *= double * s.stake
            items.append(it)
            sheet[s.declarer] += _net(it)  # type: ignore[index]
        if s.mond_captured is not None and rules.mond_penalty:
            items.append(
                _item("mond_penalty", None, False, rules.mond_penalty * s.stake, 0, seat=s.mond_captured)
            )
            sheet[s.mond_captured] -= rules.mond_penalty * s.stake
    payments = settle(seats, _pairwise(seats, sheet))
    out: dict[str, Any] = {"payments": payments, "items": items, "scores": sheet, "kind": s.kind}
    if s.contract is not None:
        out["contract"] = s.contract
    if rules.radelci:
        valat = any(it["name"] == "valat" and it["won"] for it in items)
        out["radelci_earned"] = s.contract in RADELC_CONTRACTS or valat
    return out


def _net(item: dict[str, Any]) -> int:
    """A team item's worth to the declarer (negative: to the opponents)."""
    return item["value"] if item["won"] == (item["team"] == "declarer") else -item["value"]


def _pairwise(seats: Sequence[str], sheet: dict[str, int]) -> list[Transfer]:
    """Every two players settle the difference of their sheet scores."""
    return [(b, a, sheet[a] - sheet[b]) for i, a in enumerate(seats) for b in seats[i + 1 :]]


def score_summary(summary: Any, rules: Rules | None = None) -> dict[str, Any]:
    """Score a hand summary: ``rules`` None -> the summary's own ``rules`` spec -> ``bled``. Raises
    FieldError naming the field."""
    rules = rules_of(summary, rules)
    return score(parse_summary(summary, rules), rules)


def item_payments(item: dict[str, Any], s: Summary, rules: Rules, positions: Sequence[str]) -> dict[str, int]:
    """What one scored item moves: a team item worth n to the declarer is paid n by each opponent; a
    player's own item (Klop, the Mond penalty) worth x to him is paid x by each other player."""
    moves = dict.fromkeys(positions, 0)
    if item.get("team") is not None:
        seat, x = s.declarer, _net(item)
    else:
        seat, x = item["seat"], item["value"] if item["won"] else -item["value"]
    for p in s.seats:
        moves[p] -= x
    moves[seat] += 3 * x  # type: ignore[index]
    return moves


def max_payment(rules: Rules) -> int:
    """A bound on one seat's payment in one hand at stake 1."""
    kontra = 2**rules.max_kontra
    radelc = 2 if rules.radelci else 1
    values = rules.contract_values
    points = max((values[c] for c in POINT_CONTRACTS if c in values), default=0) + HALF
    bonuses = sum(v for b, v in rules.bonus_values.items() if b != "valat")
    declarer = max(points + bonuses, max(values.values()), rules.bonus_values["valat"]) * kontra * radelc
    klop = max(TOTAL_POINTS * 2, rules.klop_clean) * radelc
    return max(2 * declarer + 2 * rules.mond_penalty, 4 * klop)
