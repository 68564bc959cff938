"""A series' rules and its rankings, pure (no database): ``parse_rules`` reads and checks the rules JSON
of a ``Series`` into ``SeriesRules``; ``series_rank`` ranks one ranking (the main one or a side ranking)
from the member tournaments' final places; ``series_rankings`` ranks them all and marks who qualifies for
the final.

What the rules say (every key optional; ``parse_rules`` names the field path of any error, e.g.
``rules.points.table[3]``)::

    {
      "points": {"method": "table", "table": [100, 80, 65, 55], "beyond": 5}   # a Punktespiegel
              | {"method": "formula", "formula": "max(0, players - place + 1)"}
              | {"method": "score"},                          # the tournament score itself (the default)
      "best_of": 8,                      # best N results count (null: all)
      "min_tournaments": 3,              # fewer: listed, not eligible, ranked after the eligible
      "participation_points": 2,         # per tournament played, counted or dropped
      "tiebreaks": ["counted", "best", "results", "recent"],
      "side_rankings": [{"key": "out-of-vienna", "name": "Out of Vienna", "filter": {"city_not": "Wien"}}],
      "qualification": {"top": 40, "region_winners": true}
    }

Decisions where the cups differ:

* Shared places (two players placed 3rd) share the points of the places they cover, averaged: 3rd and
  4th of a table ``[.., 60, 50]`` give each 55.
* A side ranking keeps the tournament places and points (the women's ranking of a cup is the women's
  lines of the main ranking recomputed over their results, not a re-ranking inside each tournament), and
  applies the series' best-N, minimum and participation points to what its filter keeps.
* Participation points are for playing: every tournament played earns them, whether its result counts
  or is dropped by best-N.
* Ranks are shared only when every tie-break is equal ("1, 2, 2, 4"); eligible lines come first.
* Qualification reads the main ranking: the eligible lines ranked at most ``top`` (a tie at the cut
  takes every tied player), then each region's winner in the region's own ranking (same rules, the
  region's tournaments only) among the players eligible in the main ranking (the minimum of tournaments
  is the series' own, not the region's); a winner already qualified hands the place to the next of that
  region.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import simpleeval
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from simpleeval import SimpleEval

from tournaments.core.validation import invalid, json_document, no_surrogates, text, whole_number

MAIN_RANKING = ""  # as series.models.MAIN_RANKING (the models floor is not imported by this pure module)
CENT = Decimal("0.01")
MAX_POINTS = Decimal("1000000000")  # a result's points, bounded (the standing's column holds 14 digits)
MAX_TABLE = 1000
MAX_SIDE_RANKINGS = 20
MAX_FORMULA = 300
REGION_PREFIX = "region-"
LAST = Decimal("Infinity")

POINT_METHODS = ("table", "formula", "score")
#: tie-breaks, in the order of ``DEFAULT_TIEBREAKS`` unless the rules name their own
TIEBREAKS = {
    "counted": _("more results counted"),
    "best": _("the best single result"),
    "results": _("the better results, compared best first"),
    "recent": _("the better results, compared most recent first"),
    "played": _("more tournaments played"),
}
DEFAULT_TIEBREAKS = ("counted", "best", "results", "recent")
GENDERS = ("f", "m", "x")  # participants.models.Gender
FILTER_KEYS = ("city", "city_not", "gender", "born_from", "born_before", "club", "region")
FORMULA_FUNCTIONS = {
    "min": min,
    "max": max,
    "abs": abs,
    "round": round,
    "floor": math.floor,
    "ceil": math.ceil,
    "sqrt": math.sqrt,
    "log": math.log,
}


@dataclass(frozen=True)
class Points:
    """How a result's place becomes series points."""

    method: str = "score"
    table: tuple[Decimal, ...] = ()
    beyond: Decimal = Decimal(0)
    formula: str = ""


@dataclass(frozen=True)
class SideFilter:
    """What a side ranking keeps; every condition given must hold. A tournament's city is its club's city,
    or its venue when it has no club or the club no city (compared case-insensitively, trimmed)."""

    city: str = ""
    city_not: str = ""
    gender: str = ""
    born_from: int | None = None  # juniors: born in or after
    born_before: int | None = None  # seniors: born before
    club: str = ""  # a club's slug: the player is its member
    region: str = ""  # the series entry's region

    def needs_player(self) -> bool:
        return bool(self.gender or self.club or self.born_from is not None or self.born_before is not None)


@dataclass(frozen=True)
class SideRanking:
    key: str
    name: str
    filter: SideFilter


@dataclass(frozen=True)
class Qualification:
    top: int = 0
    region_winners: bool = False


@dataclass(frozen=True)
class SeriesRules:
    """The parsed rules of a series (see the module's docstring); ``as_json`` is what is stored."""

    points: Points = field(default_factory=Points)
    best_of: int | None = None
    min_tournaments: int = 0
    participation_points: Decimal = Decimal(0)
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    side_rankings: tuple[SideRanking, ...] = ()
    qualification: Qualification = field(default_factory=Qualification)

    def as_json(self) -> dict[str, Any]:
        points: dict[str, Any] = {"method": self.points.method}
        if self.points.method == "table":
            points |= {"table": [_num(v) for v in self.points.table], "beyond": _num(self.points.beyond)}
        elif self.points.method == "formula":
            points["formula"] = self.points.formula
        return {
            "points": points,
            "best_of": self.best_of,
            "min_tournaments": self.min_tournaments,
            "participation_points": _num(self.participation_points),
            "tiebreaks": list(self.tiebreaks),
            "side_rankings": [
                {
                    "key": side.key,
                    "name": side.name,
                    "filter": {
                        name: getattr(side.filter, name)
                        for name in FILTER_KEYS
                        if getattr(side.filter, name) not in ("", None)
                    },
                }
                for side in self.side_rankings
            ],
            "qualification": {
                "top": self.qualification.top,
                "region_winners": self.qualification.region_winners,
            },
        }

    def side(self, key: str) -> SideRanking | None:
        return next((s for s in self.side_rankings if s.key == key), None)


def _num(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


# --- parsing ------------------------------------------------------------------------------------------


def parse_rules(value: Any, field_name: str = "rules", *, check: bool = True) -> SeriesRules:
    """Read a series' rules JSON (bounded: size, depth, NUL, lone surrogates, numbers), or raise
    ``ValidationError`` naming the first bad field's path. ``check=False`` (rules already stored, so
    checked once) skips trying a formula on every place of a grid of fields."""
    if value is None:
        value = {}
    no_surrogates(value, field_name)
    doc = json_document(value, field_name)
    _known(
        doc,
        field_name,
        (
            "points",
            "best_of",
            "min_tournaments",
            "participation_points",
            "tiebreaks",
            "side_rankings",
            "qualification",
        ),
    )
    best_of = doc.get("best_of")
    return SeriesRules(
        points=_points(doc.get("points"), f"{field_name}.points", check),
        best_of=None if best_of is None else whole_number(best_of, f"{field_name}.best_of", low=1, high=1000),
        min_tournaments=whole_number(
            doc.get("min_tournaments", 0), f"{field_name}.min_tournaments", low=0, high=1000
        ),
        participation_points=_number(
            doc.get("participation_points", 0), f"{field_name}.participation_points", low=Decimal(0)
        ),
        tiebreaks=_tiebreaks(doc.get("tiebreaks"), f"{field_name}.tiebreaks"),
        side_rankings=_sides(doc.get("side_rankings"), f"{field_name}.side_rankings"),
        qualification=_qualification(doc.get("qualification"), f"{field_name}.qualification"),
    )


def _known(doc: Mapping[str, Any], path: str, names: Sequence[str]) -> None:
    unknown = sorted(set(doc) - set(names))
    if unknown:
        raise invalid(
            f"{path}.{unknown[0]}",
            _("is not a rule of a series (known: %(known)s)"),
            params={"known": ", ".join(names)},
        )


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise invalid(path, _("must be a JSON object"))
    return value


def _list(value: Any, path: str, *, max_items: int) -> list[Any]:
    if not isinstance(value, list):
        raise invalid(path, _("must be a list"))
    if len(value) > max_items:
        raise invalid(path, _("must have at most %(max)s items"), params={"max": max_items})
    return value


def _number(value: Any, path: str, *, low: Decimal = -MAX_POINTS, high: Decimal = MAX_POINTS) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise invalid(path, _("must be a number, not %(type)s"), params={"type": type(value).__name__})
    if isinstance(value, float) and not math.isfinite(value):
        raise invalid(path, _("must be a finite number"))
    number = Decimal(str(value))
    if not low <= number <= high:
        raise invalid(path, _("must be between %(low)s and %(high)s"), params={"low": low, "high": high})
    return number.quantize(CENT, ROUND_HALF_UP)


def _points(value: Any, path: str, check: bool = True) -> Points:
    if value is None:
        return Points()
    doc = _object(value, path)
    method = doc.get("method", "table" if "table" in doc else "formula" if "formula" in doc else "score")
    if method not in POINT_METHODS:
        raise invalid(
            f"{path}.method", _("must be one of %(known)s"), params={"known": ", ".join(POINT_METHODS)}
        )
    if method == "score":
        _known(doc, path, ("method",))
        return Points()
    if method == "table":
        _known(doc, path, ("method", "table", "beyond"))
        table = _list(doc.get("table"), f"{path}.table", max_items=MAX_TABLE)
        if not table:
            raise invalid(f"{path}.table", _("must not be empty"))
        values = tuple(
            _number(v, f"{path}.table[{i}]", low=-MAX_POINTS, high=MAX_POINTS) for i, v in enumerate(table)
        )
        return Points("table", values, _number(doc.get("beyond", 0), f"{path}.beyond"))
    _known(doc, path, ("method", "formula"))
    formula = text(doc.get("formula"), f"{path}.formula", max_length=MAX_FORMULA, required=True)
    compiled = _Formula(formula, f"{path}.formula")
    # Tried on a grid of fields, places and scores: a formula that fails for a place a tournament can
    # have is refused now, not in the worker that recomputes the standings.
    for players in (1, 2, 3, 4, 5, 6, 8, 12, 24, 60, 200) if check else ():
        for place in range(1, players + 1):
            for total in (Decimal(-500), Decimal(0), Decimal("123.5")):
                compiled(place, players, total)
    return Points("formula", formula=formula)


def _tiebreaks(value: Any, path: str) -> tuple[str, ...]:
    if value is None:
        return DEFAULT_TIEBREAKS
    names = _list(value, path, max_items=len(TIEBREAKS))
    for i, name in enumerate(names):
        if name not in TIEBREAKS:
            raise invalid(
                f"{path}[{i}]", _("must be one of %(known)s"), params={"known": ", ".join(TIEBREAKS)}
            )
        if name in names[:i]:
            raise invalid(f"{path}[{i}]", _("is named twice"))
    return tuple(names)


def _sides(value: Any, path: str) -> tuple[SideRanking, ...]:
    if value is None:
        return ()
    sides = []
    for i, item in enumerate(_list(value, path, max_items=MAX_SIDE_RANKINGS)):
        at = f"{path}[{i}]"
        doc = _object(item, at)
        _known(doc, at, ("key", "name", "filter"))
        key = text(doc.get("key"), f"{at}.key", max_length=30, required=True)
        if slugify(key) != key or key.startswith(REGION_PREFIX):
            raise invalid(
                f"{at}.key", _("use lowercase letters, digits and hyphens only, not starting with region-")
            )
        if any(s.key == key for s in sides):
            raise invalid(f"{at}.key", _("is named twice"))
        name = text(doc.get("name"), f"{at}.name", max_length=80, required=True)
        sides.append(SideRanking(key, name, _filter(doc.get("filter"), f"{at}.filter")))
    return tuple(sides)


def _filter(value: Any, path: str) -> SideFilter:
    doc = _object(value, path)
    _known(doc, path, FILTER_KEYS)
    if not doc:
        raise invalid(path, _("must name at least one condition"))
    found: dict[str, Any] = {}
    for name in ("city", "city_not", "club", "region"):
        if name in doc:
            found[name] = text(doc[name], f"{path}.{name}", max_length=120, required=True)
    if "gender" in doc:
        if doc["gender"] not in GENDERS:
            raise invalid(
                f"{path}.gender", _("must be one of %(known)s"), params={"known": ", ".join(GENDERS)}
            )
        found["gender"] = doc["gender"]
    for name in ("born_from", "born_before"):
        if name in doc:
            found[name] = whole_number(doc[name], f"{path}.{name}", low=1900, high=2200)
    return SideFilter(**found)


def _qualification(value: Any, path: str) -> Qualification:
    if value is None:
        return Qualification()
    doc = _object(value, path)
    _known(doc, path, ("top", "region_winners"))
    region_winners = doc.get("region_winners", False)
    if not isinstance(region_winners, bool):
        raise invalid(f"{path}.region_winners", _("must be true or false"))
    return Qualification(whole_number(doc.get("top", 0), f"{path}.top", low=0, high=10_000), region_winners)


# --- points -------------------------------------------------------------------------------------------


class _Formula:
    """A points formula parsed once, evaluated per place with simpleeval (no attribute access, no
    imports, bounded powers and strings)."""

    def __init__(self, formula: str, path: str) -> None:
        self.path = path
        self.formula = formula
        self.evaluator = SimpleEval(functions=FORMULA_FUNCTIONS, names={})
        try:
            self.parsed = self.evaluator.parse(formula)
        except Exception as exc:  # a syntax error, or a construct simpleeval refuses
            raise invalid(path, _("is not a formula: %(error)s"), params={"error": _why(exc)}) from exc

    def __call__(self, place: int, players: int, total: Decimal) -> Decimal:
        return _formula_points(self, place, players, total)


def _why(exc: Exception) -> Any:
    """Why a formula failed, in the reader's language (simpleeval's and Python's messages are English)."""
    if isinstance(exc, simpleeval.NumberTooHigh | OverflowError):
        return _("a number too large")
    if isinstance(exc, ZeroDivisionError):
        return _("a division by zero")
    if isinstance(exc, simpleeval.NameNotDefined):
        return _("a name it may not use (only place, players, total and rank_share)")
    if isinstance(exc, simpleeval.FunctionNotDefined):
        return _("a function it may not use")
    return _("something a formula may not hold (only numbers, the names, + - * / ** and the functions)")


_formulas: dict[str, _Formula] = {}


def _formula(formula: str, path: str) -> _Formula:
    if formula not in _formulas:
        if len(_formulas) > 256:
            _formulas.clear()
        _formulas[formula] = _Formula(formula, path)
    return _formulas[formula]


def _formula_points(formula: _Formula, place: int, players: int, total: Decimal) -> Decimal:
    """The formula at one place, exact (``place_points`` rounds once, after a shared place's average);
    ``rank_share`` is 1 for the winner, 0 for the last (1 alone)."""
    path = formula.path
    formula.evaluator.names = {
        "place": place,
        "players": players,
        "total": float(total),
        "rank_share": (players - place) / (players - 1) if players > 1 else 1.0,
    }
    try:
        result = formula.evaluator.eval(formula.formula, previously_parsed=formula.parsed)
    except Exception as exc:  # simpleeval's own errors, and Python's (ZeroDivisionError, OverflowError)
        raise invalid(
            path,
            _("cannot be computed for place %(place)s of %(players)s: %(error)s"),
            params={"place": place, "players": players, "error": _why(exc)},
        ) from exc
    if isinstance(result, bool) or not isinstance(result, int | float) or not math.isfinite(result):
        raise invalid(path, _("must give a number (it gives %(value)s)"), params={"value": repr(result)[:40]})
    if abs(result) > MAX_POINTS:
        raise invalid(path, _("gives more than %(max)s points"), params={"max": MAX_POINTS})
    return Decimal(str(result))


def place_points(rules: SeriesRules, place: int, players: int, total: Decimal, shared: int = 1) -> Decimal:
    """A result's series points: the points of the places ``place .. place + shared - 1`` averaged (a
    shared place), or the tournament score (``score``). Rounded once, to the cent, after the average:
    rounding each place first can move a shared place by a cent and reverse a tie (72.23 for 72.22)."""
    points = rules.points
    if points.method == "score":
        return Decimal(total).quantize(CENT, ROUND_HALF_UP)
    places = range(place, place + max(1, shared))
    if points.method == "table":
        values = [points.table[p - 1] if p <= len(points.table) else points.beyond for p in places]
    else:
        compiled = _formula(points.formula, "rules.points.formula")
        values = [compiled(p, players, Decimal(total)) for p in places]
    return (sum(values, Decimal(0)) / len(values)).quantize(CENT, ROUND_HALF_UP)


# --- ranking ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A player's final result in one member tournament (its last standings snapshot)."""

    player_id: int
    tournament_id: int
    region: str
    place: int
    players: int  # the field: how many were ranked
    total: Decimal
    date: date
    city: str = ""  # the tournament's club's city, else its venue


@dataclass(frozen=True)
class PlayerFacts:
    """What a side ranking's filter may ask of a player."""

    gender: str = ""
    birth_year: int | None = None
    club: str = ""  # the club's slug


@dataclass(frozen=True)
class ResultLine:
    tournament_id: int
    date: date
    region: str
    place: int
    players: int
    total: Decimal
    points: Decimal
    counted: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "tournament_id": self.tournament_id,
            "date": self.date.isoformat(),
            "region": self.region,
            "place": self.place,
            "players": self.players,
            "total": str(self.total),
            "points": str(self.points),
            "counted": self.counted,
        }


@dataclass(frozen=True)
class Line:
    """A player's line in one ranking: rank, points, what counted and what was dropped."""

    player_id: int
    rank: int
    points: Decimal
    played: int
    eligible: bool
    qualified: bool
    results: tuple[ResultLine, ...]
    tiebreaks: dict[str, Any]

    @property
    def counted(self) -> tuple[ResultLine, ...]:
        return tuple(r for r in self.results if r.counted)

    @property
    def dropped(self) -> tuple[ResultLine, ...]:
        return tuple(r for r in self.results if not r.counted)


def _norm(city: str) -> str:
    return " ".join(city.split()).casefold()


def _keeps(flt: SideFilter | None, row: Result, facts: PlayerFacts | None) -> bool:
    if flt is None:
        return True
    if flt.city and _norm(row.city) != _norm(flt.city):
        return False
    if flt.city_not and _norm(row.city) == _norm(flt.city_not):
        return False
    if flt.region and _norm(row.region) != _norm(flt.region):
        return False
    if not flt.needs_player():
        return True
    if facts is None:
        return False
    if flt.gender and facts.gender != flt.gender:
        return False
    if flt.club and facts.club != flt.club:
        return False
    if flt.born_from is not None and (facts.birth_year is None or facts.birth_year < flt.born_from):
        return False
    return not (
        flt.born_before is not None and (facts.birth_year is None or facts.birth_year >= flt.born_before)
    )


def _sort_key(rules: SeriesRules, line_points: Decimal, eligible: bool, tb: dict[str, Any]) -> tuple:
    """Smaller sorts first: eligible, more points, then each tie-break (better first)."""
    key: list[Any] = [not eligible, -line_points]
    for name in rules.tiebreaks:
        value = tb[name]
        # a tuple compares best first; a longer one (more results) wins over its own prefix
        key.append((*(-v for v in value), LAST) if isinstance(value, tuple) else -value)
    return tuple(key)


def series_rank(
    rules: SeriesRules,
    results: Iterable[Result],
    *,
    players: Mapping[int, PlayerFacts] | None = None,
    side: SideFilter | None = None,
    eligible_players: Collection[int] | None = None,
) -> list[Line]:
    """One ranking of a series: the main one (``side=None``) or the one a side filter keeps. Qualification
    is not marked here (``series_rankings`` does, on the main ranking). ``eligible_players``: who meets the
    series' minimum of tournaments counting all of them (a region's ranking; by default a line's own
    results count)."""
    rows = list(results)
    shared: dict[tuple[int, int], int] = defaultdict(int)  # the places of the whole field, before filters
    for row in rows:
        shared[(row.tournament_id, row.place)] += 1
    # a player's results as plain tuples (tournament, date, region, place, players, total, points) until
    # best-N says which count: one ResultLine each then (a frozen dataclass is dear to copy)
    by_player: dict[int, list[tuple]] = defaultdict(list)
    for row in rows:
        if not _keeps(side, row, (players or {}).get(row.player_id)):
            continue
        points = place_points(
            rules, row.place, row.players, row.total, shared[(row.tournament_id, row.place)]
        )
        by_player[row.player_id].append(
            (row.tournament_id, row.date, row.region, row.place, row.players, row.total, points)
        )
    drafts = []
    for player_id, lines in by_player.items():
        best_first = sorted(lines, key=lambda r: (-r[6], -r[1].toordinal(), r[0]))
        keep = len(best_first) if rules.best_of is None else rules.best_of
        counted_ids = {r[0] for r in best_first[:keep]}
        marked = tuple(ResultLine(*r, r[0] in counted_ids) for r in sorted(lines, key=lambda r: (r[1], r[0])))
        counted = [r for r in marked if r.counted]
        total = sum((r.points for r in counted), Decimal(0)) + rules.participation_points * len(marked)
        tb = {
            "counted": len(counted),
            "best": max(r.points for r in marked),
            "results": tuple(sorted((r.points for r in counted), reverse=True)),
            "recent": tuple(r.points for r in sorted(marked, key=lambda r: r.date, reverse=True)),
            "played": len(marked),
        }
        if eligible_players is None:
            eligible = len(marked) >= rules.min_tournaments
        else:
            eligible = player_id in eligible_players
        drafts.append((_sort_key(rules, total, eligible, tb), player_id, total, eligible, marked, tb))
    drafts.sort(key=lambda d: (d[0], d[1]))
    out: list[Line] = []
    for position, (key, player_id, total, eligible, marked, tb) in enumerate(drafts, start=1):
        rank = out[-1].rank if out and drafts[position - 2][0] == key else position
        out.append(
            Line(
                player_id,
                rank,
                total.quantize(CENT, ROUND_HALF_UP),
                len(marked),
                eligible,
                False,
                marked,
                {name: _jsonable(tb[name]) for name in rules.tiebreaks},
            )
        )
    return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [str(v) for v in value]
    return str(value) if isinstance(value, Decimal) else value


def region_key(region: str) -> str:
    """The key of a region's own ranking (``region-tirol``), within the column's 40 characters."""
    return (REGION_PREFIX + (slugify(region) or "x"))[:40]


def series_rankings(
    rules: SeriesRules, results: Iterable[Result], players: Mapping[int, PlayerFacts] | None = None
) -> dict[str, list[Line]]:
    """Every ranking of a series: the main one (key ``""``, with who qualifies), each side ranking of the
    rules, and, when its tournaments have regions, each region's own ranking (``region-<slug>``)."""
    rows = list(results)
    rankings: dict[str, list[Line]] = {MAIN_RANKING: series_rank(rules, rows, players=players)}
    for side in rules.side_rankings:
        rankings[side.key] = series_rank(rules, rows, players=players, side=side.filter)
    regions = sorted({row.region for row in rows if row.region})
    # a region's ranking orders the players who meet the series' minimum over all its tournaments first:
    # a region's regular with fewer points must not pass its best for having played there more
    eligible = {line.player_id for line in rankings[MAIN_RANKING] if line.eligible}
    region_lines = {}
    for region in regions:
        region_lines[region] = series_rank(
            rules, rows, players=players, side=SideFilter(region=region), eligible_players=eligible
        )
        rankings.setdefault(region_key(region), region_lines[region])
    rankings[MAIN_RANKING] = qualify(rules, rankings[MAIN_RANKING], region_lines)
    return rankings


def qualify(rules: SeriesRules, main: list[Line], regions: Mapping[str, list[Line]]) -> list[Line]:
    """Mark the qualified lines of the main ranking (see the module's docstring)."""
    top = rules.qualification.top
    qualified = {line.player_id for line in main if line.eligible and top and line.rank <= top}
    eligible = {line.player_id for line in main if line.eligible}
    if rules.qualification.region_winners:
        for region in sorted(regions):
            winner = next(
                (
                    line
                    for line in regions[region]
                    if line.player_id in eligible and line.player_id not in qualified
                ),
                None,
            )
            if winner is not None:
                qualified.add(winner.player_id)
    return [replace(line, qualified=True) if line.player_id in qualified else line for line in main]


def qualified_in_order(main: Sequence[Line]) -> list[Line]:
    """The qualified lines of a main ranking, in its order (the seeds of the final: 1, 2, 3 ...)."""
    return [line for line in main if line.qualified]
