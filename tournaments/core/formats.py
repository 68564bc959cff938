"""Pure rules of the tournament format: who deals, what a hand is played for, how a table ranks.

No database here, so the services, the standings, the demo and the tests share one implementation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext_lazy as _

from engine.hungarian.rules import Rules, RulesError, get_rules
from tournaments.core.engine_messages import engine_message

THROWN_IN = frozenset({"passed_out", "annulled"})
PAIRING_METHODS = ("random", "swiss", "balanced")
MAX_DEALS_PER_ROUND = 500  # a club round has 8 to 24; the column itself would hold 32,767


# The tie-breaks an organizer may order after the total, by name (stored in ``Tournament.tiebreaks``).
TIEBREAKS = {
    "total": _("Total"),
    "table_points": _("Table-rank points"),
    "game_points": _("Game points"),
    "table_wins": _("Table wins"),
    "best_round": _("Best single round"),
    "opponents_total": _("Opponents' total"),
    "fewest_hands_lost": _("Fewest hands lost"),
}


class FormatError(ValueError):
    """A tournament format setting is invalid; ``field`` names it."""

    def __init__(self, field: str, message: Any, params: Mapping[str, Any] | None = None) -> None:
        self.field = field
        self.message = message  # a translatable template (lazy), rendered with ``params`` when read
        self.params = dict(params or {})
        super().__init__(field, message)

    def __str__(self) -> str:
        text = str(self.message)
        return f"{self.field}: {text % self.params if self.params else text}"


def tournament_rules(preset: str, options: Mapping[str, Any] | None) -> Rules:
    try:
        return get_rules(preset, **dict(options or {}))
    except RulesError as exc:  # the engine's message, in the reader's language (the cause keeps its code)
        field = "rules_preset" if exc.code == "unknown_preset" else "rules_options"
        raise FormatError(field, engine_message(exc)) from exc
    except TypeError as exc:
        raise FormatError("rules_options", _("is not valid: %(error)s"), {"error": str(exc)}) from exc


@dataclass(frozen=True)
class Deal:
    """The n-th deal at a table: who deals, who is active (first bidder first) and the stake."""

    number: int
    dealer: str
    active: tuple[str, ...]
    stake: int


def active_positions(positions: Sequence[str], dealer: str) -> tuple[str, ...]:
    """Active players in anticlockwise order from the dealer's right (the first bidder).

    Positions A..E are in anticlockwise seat order, so the player "to the dealer's right", who bids first,
    is the next position. At a 5-player table the dealer sits out ("The players").
    """
    n = len(positions)
    d = positions.index(dealer)
    order = tuple(positions[(d + k) % n] for k in range(1, n + 1))
    return order[:4]


def deal_sequence(
    positions: Sequence[str], first_dealer: str, previous_kinds: Sequence[str], rules: Rules
) -> Deal:
    """The next deal after hands of ``previous_kinds``.

    "Choice of seats, dealing": the deal passes to the right after each hand. "The bidding": after a
    passed-out (or annulled) hand the same player deals again and the next round of deals (4 or 5, the
    table size) is doubled; overlapping doubled rounds quadruple. Variations: without doubling the deal
    simply passes on; ``extra_round`` appends doubled rounds instead of overlapping them; ``quadruple_round``
    plays a full round at x4 after a throw-in during a doubled round, never more.
    """
    n = len(positions)
    dealer_index = positions.index(first_dealer)
    doubled_until: list[int] = []  # for "overlap": the last deal number each doubled round covers
    extended_until = 0  # for extra_round / quadruple_round: the last deal number at raised stakes
    level = 1
    for number, kind in enumerate(previous_kinds, start=1):
        thrown_in = kind in THROWN_IN and rules.doubled_rounds != "none"
        if not thrown_in:
            dealer_index = (dealer_index + 1) % n
            continue
        if rules.doubled_rounds == "overlap":
            doubled_until.append(number + n)
        elif rules.doubled_rounds == "extra_round":
            extended_until = max(extended_until, number) + n
        elif rules.doubled_rounds == "quadruple_round":
            in_raised = number <= extended_until
            level = 4 if in_raised else 2
            extended_until = number + n
    number = len(previous_kinds) + 1
    if rules.doubled_rounds == "overlap":
        stake = 2 ** sum(1 for last in doubled_until if number <= last)
    elif rules.doubled_rounds in ("extra_round", "quadruple_round"):
        stake = (2 if rules.doubled_rounds == "extra_round" else level) if number <= extended_until else 1
    else:
        stake = 1
    dealer = positions[dealer_index]
    return Deal(number, dealer, active_positions(positions, dealer), stake)


PLAYED_STEP, THROWN_IN_STEP = "p", "t"


def deal_paths(
    positions: Sequence[str],
    first_dealer: str,
    previous_kinds: Sequence[str],
    rules: Rules,
    last: int,
    depth: int,
) -> dict[str, Deal]:
    """The next deal, and up to ``depth`` deals after it (not past deal ``last``) for every way the hands in
    between may go, keyed by their path: one letter per hand, ``p`` when it was played (the deal passes on)
    and ``t`` when it was thrown in (passed out or annulled: the same dealer again, doubled stakes). A phone
    entering hands without a connection picks the deal its own entries lead to (issue 21 §5)."""
    deals: dict[str, Deal] = {}
    paths = [""]
    for _step in range(depth + 1):
        if len(previous_kinds) + 1 + len(paths[0]) > last:
            break
        for path in paths:
            kinds = [*previous_kinds, *("played" if s == PLAYED_STEP else "passed_out" for s in path)]
            deals[path] = deal_sequence(positions, first_dealer, kinds, rules)
        paths = [path + step for path in paths for step in (PLAYED_STEP, THROWN_IN_STEP)]
    return deals


@dataclass(frozen=True)
class TablePlace:
    position: str
    game_points: int
    place: Fraction  # shared places are averaged: two players tied for 2nd both get 2.5
    table_points: Fraction
    won_table: bool


def rank_table(game_points: Mapping[str, int], scale: Sequence[int]) -> dict[str, TablePlace]:
    """Table places by game points; tied players share the places' table points equally (ITVB 2.3 style,
    as the 2018 rules do not say, item 4)."""
    ordered = sorted(game_points.items(), key=lambda item: -item[1])
    out: dict[str, TablePlace] = {}
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1][1] == ordered[i][1]:
            j += 1
        places = range(i, j + 1)
        points = Fraction(sum(scale[p] for p in places), len(places))
        place = Fraction(sum(p + 1 for p in places), len(places))
        for position, points_at_table in ordered[i : j + 1]:
            out[position] = TablePlace(position, points_at_table, place, points, won_table=(i == 0))
        i = j + 1
    return out


def to_decimal(value: Fraction, places: int = 2) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal(1).scaleb(-places))


def validate_format(values: Mapping[str, Any]) -> None:
    """Check a tournament's format fields together; raises FormatError naming the first bad field."""
    rounds = values.get("rounds_planned", 4)
    if not isinstance(rounds, int) or rounds < 1:
        raise FormatError("rounds_planned", _("must be a positive whole number"))
    for field in ("deals_per_round_4", "deals_per_round_5"):  # the database refuses 0 (a constraint)
        deals = values.get(field, 1)
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS_PER_ROUND:
            message = _("must be a whole number from 1 to %(max)s")
            raise FormatError(field, message, params={"max": MAX_DEALS_PER_ROUND})
    for field, size in (("table_points_4", 4), ("table_points_5", 5)):
        scale = values.get(field)
        if scale is not None and (
            len(scale) != size
            or any(not isinstance(p, int) for p in scale)
            or list(scale) != sorted(scale, reverse=True)
        ):
            raise FormatError(
                field, _("must list %(size)s whole numbers, best place first, not increasing"), {"size": size}
            )
    methods = values.get("pairing_methods") or []
    bad = [m for m in methods if m not in PAIRING_METHODS]
    if bad:
        raise FormatError(
            "pairing_methods",
            _("unknown method(s) %(unknown)s; use %(known)s"),
            {"unknown": ", ".join(map(str, bad)), "known": ", ".join(PAIRING_METHODS)},
        )
    tiebreaks = values.get("tiebreaks") or []
    unknown = [t for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        raise FormatError(
            "tiebreaks",
            _("unknown tie-break(s) %(unknown)s; use %(known)s"),
            {"unknown": ", ".join(map(str, unknown)), "known": ", ".join(TIEBREAKS)},
        )
    if "rules_preset" in values:
        tournament_rules(values["rules_preset"], values.get("rules_options"))


def pairing_method_for(methods: Sequence[str], round_number: int) -> str:
    """The configured method of a round; the last one listed repeats for later rounds."""
    if not methods:
        return "random" if round_number == 1 else "swiss"
    return methods[min(round_number, len(methods)) - 1]
