"""A series' rules and its rankings, pure (no database): ``parse_rules`` reads and checks the rules JSON
of a ``Series`` into ``SeriesRules``; ``series_rank`` ranks one ranking (the main one or a side ranking)
from the member tournaments' final places; ``series_rankings`` ranks them all and marks who qualifies for
the final.

What the rules say (every key optional; ``parse_rules`` names the field path of any error, e.g.
``rules.points.table[3]``)::

    {
      "preset": "austrian_cup",          # a named point system (series.presets); the keys below override it
      "points": {"method": "table", "table": [100, 80, 65, 55], "beyond": 5}   # a Punktespiegel
              | {"method": "table", "table": [...], "beyond": 0, "beyond_step": -1}  # then -1 a place
              | {"method": "formula", "formula": "max(0, players - place + 1)"}
              | {"method": "heine", "full": 100, "cap": 200}  # the score to 100, every 2nd point above
              | {"method": "score"},                          # the tournament score itself (the default)
      "best_of": 8,                      # best N results count (null: all)
      "best_fraction": {"share": 0.5, "round": "up" | "down" | "heine"},  # or: the best share of the
                                         # series' tournaments (heine: up to 10 rounded up, down above)
      "min_tournaments": 3,              # fewer: listed, not eligible, ranked after the eligible
      "participation_points": 2,         # per tournament played, counted or dropped
      "aggregate": {"method": "sum"}     # a line's points: the counted results' sum (the default)
                 | {"method": "per_games", "per_games": 60, "min_games": 0, "min_share": 0,
                    "cut": "pro_rata" | "abakus"}         # the scores per 60 games, cut under a minimum
                 | {"method": "ema", "as_of": null, "half_after": 1, "drop_after": 2, "pad_to": 5,
                    "best": 4, "drop_worst": true},       # the European mahjong ranking of the results
      "final_points": {"table": [120, 111, 104]},  # the main ranking's rank 1, 2, 3 ... as final points
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
* Aggregates other than the sum decide which results count themselves: ``best_of``, ``best_fraction``
  and participation points are refused with them; ``per_games`` reads the tournament scores (``points``
  must be ``score``) and the hands played; ``ema`` ages the results by the reference date (``as_of``, else
  the date of the series' latest result) and counts a player eligible on the results that still weigh.
  The series-wide figures (how many tournaments, the most games, the reference date) are the whole
  series', for the side and region rankings too (``RankContext``).
* Final points go to the eligible lines of the main ranking, by rank (a shared rank shares the rank's
  points); past the table's end, none.
* Qualification reads the main ranking: the eligible lines ranked at most ``top`` (a tie at the cut
  takes every tied player), then each region's winner in the region's own ranking (same rules, the
  region's tournaments only) among the players eligible in the main ranking (the minimum of tournaments
  is the series' own, not the region's); a winner already qualified hands the place to the next of that
  region.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal
from typing import Any, NamedTuple

import simpleeval
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from simpleeval import SimpleEval

from tournaments.core.validation import invalid, json_document, no_surrogates, text, whole_number
from tournaments.series.presets import PRESETS

MAIN_RANKING = ""  # as series.models.MAIN_RANKING (the models floor is not imported by this pure module)
CENT = Decimal("0.01")
MAX_POINTS = Decimal("1000000000")  # a result's points, bounded (the standing's column holds 14 digits)
MAX_TABLE = 1000
MAX_STEP = Decimal(10_000)  # a point table's change a place past its end: a place's points stay bounded
MAX_SIDE_RANKINGS = 20
MAX_FORMULA = 300
REGION_PREFIX = "region-"
LAST = Decimal("Infinity")

POINT_METHODS = ("table", "formula", "heine", "score")
AGGREGATES = ("sum", "per_games", "ema")
CUTS = ("pro_rata", "abakus")
ROUNDINGS = ("up", "down", "heine")
HEINE_ROUND_UP_TO = 10  # ABAKUS rounds the best half up up to 10 tournaments, down above
EMA_PART_A_SHARE = Decimal("0.8")  # part A keeps the best ``pad_to`` and this share of the rest
RULE_KEYS = (
    "preset",
    "points",
    "best_of",
    "best_fraction",
    "min_tournaments",
    "participation_points",
    "aggregate",
    "final_points",
    "tiebreaks",
    "side_rankings",
    "qualification",
)
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
    """How a result's place becomes series points: ``beyond`` past the table's end, changed by
    ``beyond_step`` a place (-1: the 51st of a 50-place table -1, the 52nd -2); ``full`` and ``cap`` are the
    Heine method's."""

    method: str = "score"
    table: tuple[Decimal, ...] = ()
    beyond: Decimal = Decimal(0)
    beyond_step: Decimal = Decimal(0)
    formula: str = ""
    full: Decimal = Decimal(100)
    cap: Decimal = Decimal(200)


@dataclass(frozen=True)
class BestFraction:
    """The best ``share`` of the series' tournaments count (not of the player's): rounded ``up``,
    ``down``, or ``heine`` (up to 10 tournaments up, down above, as ABAKUS)."""

    share: Decimal
    round: str = "up"

    def count(self, tournaments: int) -> int:
        """How many results count of ``tournaments``: at least one."""
        exact = self.share * tournaments
        up = self.round == "up" or (self.round == "heine" and tournaments <= HEINE_ROUND_UP_TO)
        return max(1, int(exact.to_integral_value(ROUND_CEILING if up else ROUND_FLOOR)))


@dataclass(frozen=True)
class Aggregate:
    """How a player's results make the line's points: their ``sum`` (best-N first), the scores ``per_games``
    (with a minimum of games, ``min_games`` or ``min_share`` percent of the most played, under which the
    points are ``cut``), or the ``ema`` ranking (aged ``half_after`` and ``drop_after`` years before the
    reference date, padded to ``pad_to`` results, part B of the ``best``)."""

    method: str = "sum"
    per_games: int = 60
    min_games: int = 0
    min_share: Decimal = Decimal(0)
    cut: str = "pro_rata"
    as_of: date | None = None
    half_after: int = 1
    drop_after: int = 2
    pad_to: int = 5
    best: int = 4
    drop_worst: bool = True

    def as_json(self) -> dict[str, Any]:
        if self.method == "per_games":
            return {
                "method": self.method,
                "per_games": self.per_games,
                "min_games": self.min_games,
                "min_share": _num(self.min_share),
                "cut": self.cut,
            }
        if self.method == "ema":
            return {
                "method": self.method,
                "as_of": self.as_of.isoformat() if self.as_of else None,
                "half_after": self.half_after,
                "drop_after": self.drop_after,
                "pad_to": self.pad_to,
                "best": self.best,
                "drop_worst": self.drop_worst,
            }
        return {"method": self.method}


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

    def by_player_only(self) -> bool:
        """Whether only the player decides (not a tournament's city or region): then a side ranking's line
        of a player is the main ranking's line, with the same results, points and tie-breaks."""
        return self.needs_player() and not (self.city or self.city_not or self.region)


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
    preset: str = ""  # the preset the rules were made from (``series.presets``), kept to show it
    best_fraction: BestFraction | None = None
    aggregate: Aggregate = field(default_factory=Aggregate)
    final_points: tuple[Decimal, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The rules as stored: every key the rules use, the optional ones only when set (parsing it again
        gives the same rules; with a preset named, its keys are all overridden by what is stored)."""
        points: dict[str, Any] = {"method": self.points.method}
        if self.points.method == "table":
            points |= {"table": [_num(v) for v in self.points.table], "beyond": _num(self.points.beyond)}
            if self.points.beyond_step:
                points["beyond_step"] = _num(self.points.beyond_step)
        elif self.points.method == "formula":
            points["formula"] = self.points.formula
        elif self.points.method == "heine":
            points |= {"full": _num(self.points.full), "cap": _num(self.points.cap)}
        # the optional keys when set, and all of them under a preset's name: what the preset gives and the
        # stored rules do not (a best_fraction taken away) must not come back when they are read again
        optional: dict[str, Any] = {"preset": self.preset} if self.preset else {}
        if self.best_fraction is not None or self.preset:
            optional["best_fraction"] = self.best_fraction and {
                "share": _num(self.best_fraction.share),
                "round": self.best_fraction.round,
            }
        if self.aggregate.method != "sum" or self.preset:
            optional["aggregate"] = self.aggregate.as_json()
        if self.final_points or self.preset:
            optional["final_points"] = (
                {"table": [_num(v) for v in self.final_points]} if self.final_points else None
            )
        return {
            **optional,
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
    _known(doc, field_name, RULE_KEYS)
    preset = ""
    if "preset" in doc and doc["preset"] is not None:
        preset = doc["preset"]
        if not isinstance(preset, str) or preset not in PRESETS:
            raise invalid(
                f"{field_name}.preset", _("must be one of %(known)s"), params={"known": ", ".join(PRESETS)}
            )
        doc = merge_rules(PRESETS[preset].rules(), {k: v for k, v in doc.items() if k != "preset"})
    best_of = doc.get("best_of")
    rules = SeriesRules(
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
        preset=preset,
        best_fraction=_best_fraction(doc.get("best_fraction"), f"{field_name}.best_fraction"),
        aggregate=_aggregate(doc.get("aggregate"), f"{field_name}.aggregate"),
        final_points=_final_points(doc.get("final_points"), f"{field_name}.final_points"),
    )
    _consistent(rules, field_name)
    return rules


def merge_rules(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """A preset's rules with ``override`` laid over them: objects merge key by key, anything else (a list,
    a number, null) replaces; an object of another ``method`` (points, aggregate; a points object with a
    ``table`` or a ``formula`` and no method is of that method) replaces whole."""
    out = dict(base)
    for key, value in override.items():
        under = out.get(key)
        if (
            isinstance(value, Mapping)
            and isinstance(under, Mapping)
            and _method(value, under) == under.get("method")
        ):
            out[key] = merge_rules(under, value)
        else:
            out[key] = value
    return out


def _method(value: Mapping[str, Any], under: Mapping[str, Any]) -> Any:
    """The method an overriding object names or implies (none: the one it overrides)."""
    if "method" in value:
        return value["method"]
    return "table" if "table" in value else "formula" if "formula" in value else under.get("method")


def _consistent(rules: SeriesRules, path: str) -> None:
    """What the keys, each valid alone, may not say together (the error names the key to change)."""
    if rules.best_of is not None and rules.best_fraction is not None:
        raise invalid(
            f"{path}.best_fraction",
            _("cannot be combined with best_of: one of them says how many results count"),
        )
    method = rules.aggregate.method
    if method == "sum":
        return
    params = {"method": method}
    if rules.best_of is not None:
        raise invalid(
            f"{path}.best_of",
            _("must be null with the %(method)s aggregate: it counts every result"),
            params=params,
        )
    if rules.best_fraction is not None:
        raise invalid(
            f"{path}.best_fraction",
            _("must be null with the %(method)s aggregate: it counts every result"),
            params=params,
        )
    if rules.participation_points:
        raise invalid(
            f"{path}.participation_points", _("must be 0 with the %(method)s aggregate"), params=params
        )
    if method == "per_games" and rules.points.method != "score":
        raise invalid(
            f"{path}.points.method",
            _("must be score with the per_games aggregate: it counts the tournament scores per game"),
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
        _known(doc, path, ("method", "table", "beyond", "beyond_step"))
        table = _list(doc.get("table"), f"{path}.table", max_items=MAX_TABLE)
        if not table:
            raise invalid(f"{path}.table", _("must not be empty"))
        values = tuple(
            _number(v, f"{path}.table[{i}]", low=-MAX_POINTS, high=MAX_POINTS) for i, v in enumerate(table)
        )
        step = _number(doc.get("beyond_step", 0), f"{path}.beyond_step", low=-MAX_STEP, high=MAX_STEP)
        return Points("table", values, _number(doc.get("beyond", 0), f"{path}.beyond"), step)
    if method == "heine":
        _known(doc, path, ("method", "full", "cap"))
        full = _number(doc.get("full", 100), f"{path}.full", low=Decimal(0))
        cap = _number(doc.get("cap", 200), f"{path}.cap", low=Decimal(0))
        if cap < full:
            raise invalid(f"{path}.cap", _("must be at least full (%(full)s)"), params={"full": _num(full)})
        return Points("heine", full=full, cap=cap)
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


def _choice(value: Any, path: str, known: Sequence[str]) -> str:
    if value not in known:
        raise invalid(path, _("must be one of %(known)s"), params={"known": ", ".join(known)})
    return value


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise invalid(path, _("must be true or false"))
    return value


def _best_fraction(value: Any, path: str) -> BestFraction | None:
    if value is None:
        return None
    doc = _object(value, path)
    _known(doc, path, ("share", "round"))
    if "share" not in doc:
        raise invalid(f"{path}.share", _("must not be empty"))
    share = _number(doc["share"], f"{path}.share", low=CENT, high=Decimal(1))
    return BestFraction(share, _choice(doc.get("round", "up"), f"{path}.round", ROUNDINGS))


def _aggregate(value: Any, path: str) -> Aggregate:
    if value is None:
        return Aggregate()
    doc = _object(value, path)
    method = _choice(doc.get("method", "sum"), f"{path}.method", AGGREGATES)
    if method == "sum":
        _known(doc, path, ("method",))
        return Aggregate()
    if method == "per_games":
        _known(doc, path, ("method", "per_games", "min_games", "min_share", "cut"))
        aggregate = Aggregate(
            method,
            per_games=whole_number(doc.get("per_games", 60), f"{path}.per_games", low=1, high=10_000),
            min_games=whole_number(doc.get("min_games", 0), f"{path}.min_games", low=0, high=1_000_000),
            min_share=_number(
                doc.get("min_share", 0), f"{path}.min_share", low=Decimal(0), high=Decimal(100)
            ),
            cut=_choice(doc.get("cut", "pro_rata"), f"{path}.cut", CUTS),
        )
        if aggregate.min_games and aggregate.min_share:
            raise invalid(
                f"{path}.min_share", _("cannot be combined with min_games: give one minimum of games")
            )
        return aggregate
    _known(doc, path, ("method", "as_of", "half_after", "drop_after", "pad_to", "best", "drop_worst"))
    as_of = doc.get("as_of")
    if as_of is not None:
        if not isinstance(as_of, str) or len(as_of) != 10:
            raise invalid(f"{path}.as_of", _("must be a date (YYYY-MM-DD)"))
        try:
            as_of = date.fromisoformat(as_of)
        except ValueError as exc:
            raise invalid(f"{path}.as_of", _("must be a date (YYYY-MM-DD)")) from exc
    aggregate = Aggregate(
        method,
        as_of=as_of,
        half_after=whole_number(doc.get("half_after", 1), f"{path}.half_after", low=1, high=50),
        drop_after=whole_number(doc.get("drop_after", 2), f"{path}.drop_after", low=1, high=50),
        pad_to=whole_number(doc.get("pad_to", 5), f"{path}.pad_to", low=0, high=100),
        best=whole_number(doc.get("best", 4), f"{path}.best", low=1, high=100),
        drop_worst=_flag(doc.get("drop_worst", True), f"{path}.drop_worst"),
    )
    if aggregate.drop_after < aggregate.half_after:
        raise invalid(f"{path}.drop_after", _("must be at least half_after"))
    return aggregate


def _final_points(value: Any, path: str) -> tuple[Decimal, ...]:
    if value is None:
        return ()
    doc = _object(value, path)
    _known(doc, path, ("table",))
    table = _list(doc.get("table"), f"{path}.table", max_items=MAX_TABLE)
    return tuple(_number(v, f"{path}.table[{i}]") for i, v in enumerate(table))


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
    if points.method == "heine":
        return heine_points(Decimal(total), points.full, points.cap).quantize(CENT, ROUND_HALF_UP)
    places = range(place, place + max(1, shared))
    if points.method == "table":
        size = len(points.table)
        values = [
            points.table[p - 1] if p <= size else points.beyond + points.beyond_step * (p - size)
            for p in places
        ]
    else:
        compiled = _formula(points.formula, "rules.points.formula")
        values = [compiled(p, players, Decimal(total)) for p in places]
    return (sum(values, Decimal(0)) / len(values)).quantize(CENT, ROUND_HALF_UP)


def heine_points(total: Decimal, full: Decimal = Decimal(100), cap: Decimal = Decimal(200)) -> Decimal:
    """The Heine points of a score: nothing for none or less, the score up to ``full``, every second
    point above (rounded down, as ABAKUS's parseInt), at most ``cap``: 150 -> 125, 350 -> 200, -20 -> 0."""
    if total <= 0:
        return Decimal(0)
    if total > full:
        total = full + ((total - full) / 2).to_integral_value(ROUND_FLOOR)
    return min(total, cap)


# --- ranking ------------------------------------------------------------------------------------------


class Result(NamedTuple):
    """A player's final result in one member tournament (its last standings snapshot); a tuple, as
    ``ResultLine``: a season reads tens of thousands."""

    player_id: int
    tournament_id: int
    region: str
    place: int
    players: int  # the field: how many were ranked
    total: Decimal
    date: date
    city: str = ""  # the tournament's club's city, else its venue
    games: int = 0  # the hands the player played (the per-games aggregate)


@dataclass(frozen=True)
class PlayerFacts:
    """What a side ranking's filter may ask of a player."""

    gender: str = ""
    birth_year: int | None = None
    club: str = ""  # the club's slug


class ResultLine(NamedTuple):
    """One result as a ranking shows it (a tuple: a season ranks tens of thousands of them, several times
    over, and a frozen dataclass costs several times a tuple to make)."""

    tournament_id: int
    date: date
    region: str
    place: int
    players: int
    total: Decimal
    points: Decimal
    counted: bool
    games: int | None = None  # shown by the per-games aggregate
    weight: Decimal | None = None  # the ema aggregate's: 1, 0.5 aged, 0 dropped by age

    def as_json(self) -> dict[str, Any]:
        """The result as a standing's ``results`` stores it (the document ``as_json_text`` writes)."""
        return json.loads(self.as_json_text())

    def as_json_text(self) -> str:
        """The result as JSON text, written at once (a season writes tens of thousands: no dict, no
        encoder): tournament, date, region, place, field, total, points, counted, and games or weight when
        the aggregate shows them."""
        tournament_id, day, region, place, players, total, points, counted, games, weight = self
        text = (
            f'{{"tournament_id": {tournament_id}, "date": "{day.isoformat()}", '
            f'"region": {json.dumps(region)}, "place": {place}, "players": {players}, '
            f'"total": "{total}", "points": "{points}", '
            f'"counted": {"true" if counted else "false"}'
        )
        if games is not None:
            text += f', "games": {games}'
        if weight is not None:
            text += f', "weight": "{weight}"'
        return text + "}"


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
    final_points: Decimal | None = None  # what the rank carries into the final (``final_points``)

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
    return _keeps_player(flt, facts)


def _keeps_player(flt: SideFilter, facts: PlayerFacts | None) -> bool:
    """What the filter asks of the player (all of it, when it asks nothing of the tournament)."""
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


@dataclass(frozen=True)
class RankContext:
    """What a ranking reads of the whole series, not of the results it ranks: how many tournaments the
    series has (``best_fraction``), the most games a player played in it (``min_share``) and the date the
    results age from (``ema``). The side and region rankings read the series' own."""

    tournaments: int = 0
    most_games: int = 0
    reference: date | None = None
    #: a result's points by (place, players, total, shared), shared by the rankings of one recompute
    points: dict[tuple, Decimal] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(
        cls,
        rules: SeriesRules,
        rows: Sequence[Result],
        *,
        tournaments: int | None = None,
        reference: date | None = None,
    ) -> RankContext:
        """``tournaments``: the series' member tournaments, played or to come (default: those with
        results); the reference date: the rules' ``as_of``, else ``reference``, else the latest result's."""
        games: dict[int, int] = defaultdict(int)
        for row in rows:
            games[row.player_id] += row.games
        return cls(
            tournaments=tournaments if tournaments is not None else len({row.tournament_id for row in rows}),
            most_games=max(games.values(), default=0),
            reference=rules.aggregate.as_of or reference or max((row.date for row in rows), default=None),
        )


def _years_before(day: date, years: int) -> date:
    """The same day ``years`` earlier (29 February: the 28th)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def _per_games(agg: Aggregate, lines: Sequence[tuple], most_games: int) -> Decimal:
    """The scores per ``per_games`` games, cut under the minimum of games when positive (see the preset
    ``per_60_games``)."""
    games = sum(r[7] for r in lines)
    if not games:
        return Decimal(0)
    score = sum((Decimal(r[5]) for r in lines), Decimal(0))
    value = score * agg.per_games / games
    minimum = Decimal(agg.min_games) if agg.min_games else most_games * agg.min_share / 100
    if value <= 0 or games >= minimum:
        return value
    if agg.cut == "pro_rata":
        return value * games / minimum
    short = (minimum - games) * 100 / most_games  # ABAKUS: percentage points of the most games
    return value * (100 - 2 * short) / 100 if short < 50 else Decimal(0)


def _ema(
    agg: Aggregate, lines: Sequence[tuple], reference: date | None
) -> tuple[Decimal, dict[int, Decimal], set[int]]:
    """The EMA ranking of one player's results (see the preset ``ema``): its value, each result's weight
    by age, and the tournaments counted in part A or B."""
    half = _years_before(reference, agg.half_after) if reference else None
    gone = _years_before(reference, agg.drop_after) if reference else None
    weights: dict[int, Decimal] = {}
    for r in lines:
        day = r[1]
        weights[r[0]] = (
            Decimal(0) if gone and day < gone else Decimal("0.5") if half and day < half else Decimal(1)
        )
    # (points, weight, tournament): the results that still weigh, best first (the heavier, then the more
    # recent, on equal points), then the zero results padding them up to ``pad_to``
    kept = sorted(
        ((r[6], weights[r[0]], r[1], r[0]) for r in lines if weights[r[0]]),
        key=lambda k: (-k[0], -k[1], -k[2].toordinal(), k[3]),
    )
    padding = [(Decimal(0), Decimal(1), None)] * max(0, agg.pad_to - len(kept))
    padded = [(p, w, t) for p, w, _day, t in kept] + padding
    keep_a = len(padded)
    if agg.drop_worst and keep_a > agg.pad_to:
        rest = (EMA_PART_A_SHARE * (keep_a - agg.pad_to)).to_integral_value(ROUND_CEILING)
        keep_a = agg.pad_to + int(rest)
    part_a, part_b = padded[:keep_a], padded[: agg.best]

    def mean(part: Sequence[tuple]) -> Decimal:
        weight = sum((w for _p, w, _t in part), Decimal(0))
        return sum((p * w for p, w, _t in part), Decimal(0)) / weight if weight else Decimal(0)

    counted = {t for _p, _w, t in (*part_a, *part_b) if t is not None}
    return (mean(part_a) + mean(part_b)) / 2, weights, counted


def series_rank(
    rules: SeriesRules,
    results: Iterable[Result],
    *,
    players: Mapping[int, PlayerFacts] | None = None,
    side: SideFilter | None = None,
    eligible_players: Collection[int] | None = None,
    context: RankContext | None = None,
) -> list[Line]:
    """One ranking of a series: the main one (``side=None``) or the one a side filter keeps. Qualification
    is not marked here (``series_rankings`` does, on the main ranking). ``eligible_players``: who meets the
    series' minimum of tournaments counting all of them (a region's ranking; by default a line's own
    results count). ``context``: the series' own figures (by default read from ``results``)."""
    rows = list(results)
    ctx = context or RankContext.of(rules, rows)
    return _ranked(
        rules, _drafts(rules, rows, ctx, players=players, side=side, eligible_players=eligible_players)
    )


@dataclass(frozen=True)
class _Draft:
    """A player's line before it is ranked: what ranks it (``key``) and what it shows."""

    key: tuple
    player_id: int
    points: Decimal
    eligible: bool
    results: tuple[ResultLine, ...]
    tiebreaks: dict[str, Any]  # the rules' tie-breaks, as stored (strings for Decimals)


def _drafts(
    rules: SeriesRules,
    rows: Sequence[Result],
    ctx: RankContext,
    *,
    players: Mapping[int, PlayerFacts] | None,
    side: SideFilter | None,
    eligible_players: Collection[int] | None,
) -> list[_Draft]:
    """Each player's line of one ranking, not yet ranked (``series_rank``'s first half)."""
    agg = rules.aggregate
    # the places of the whole field, before filters: how many share each
    shared = Counter((row.tournament_id, row.place) for row in rows)
    # a player's results as plain tuples (tournament, date, region, place, players, total, points, games)
    # until the aggregate says which count: one ResultLine each then
    by_player: dict[int, list[tuple]] = defaultdict(list)
    facts = players or {}
    known_points = ctx.points
    for row in rows:
        player_id, tournament_id, region, place, field_size, total, day, _city, games = row
        if side is not None and not _keeps(side, row, facts.get(player_id)):
            continue
        tied = shared[(tournament_id, place)]
        known = (place, field_size, total, tied)
        points = known_points.get(known)
        if points is None:
            points = known_points[known] = place_points(rules, place, field_size, total, tied)
        by_player[player_id].append((tournament_id, day, region, place, field_size, total, points, games))
    if rules.best_of is not None:
        keep: int | None = rules.best_of
    elif rules.best_fraction is not None:
        keep = rules.best_fraction.count(ctx.tournaments)
    else:
        keep = None
    text: dict[Decimal, str] = {}  # a season repeats few point values: each turned into text once
    per_games, ema, make_line = agg.method == "per_games", agg.method == "ema", ResultLine._make
    drafts = []
    for player_id, lines in by_player.items():
        weights: dict[int, Decimal] = {}
        if agg.method == "ema":
            total, weights, counted_ids = _ema(agg, lines, ctx.reference)
        else:
            best_first = sorted(lines, key=lambda r: (-r[6], -r[1].toordinal(), r[0]))
            counted_ids = {r[0] for r in best_first[: len(best_first) if keep is None else keep]}
        marked = tuple(
            make_line(
                (
                    *r[:7],
                    r[0] in counted_ids,
                    r[7] if per_games else None,
                    weights.get(r[0]) if ema else None,
                )
            )
            for r in sorted(lines, key=lambda r: (r[1], r[0]))
        )
        counted = [r for r in marked if r.counted]
        if agg.method == "per_games":
            total = _per_games(agg, lines, ctx.most_games)
        elif agg.method == "sum":
            total = sum((r.points for r in counted), Decimal(0)) + rules.participation_points * len(marked)
        tb = {
            "counted": len(counted),
            "best": max(r.points for r in marked),
            "results": tuple(sorted((r.points for r in counted), reverse=True)),
            "recent": tuple(r.points for r in sorted(marked, key=lambda r: r.date, reverse=True)),
            "played": len(marked),
        }
        if eligible_players is not None:
            eligible = player_id in eligible_players
        elif agg.method == "ema":  # the results that still weigh
            eligible = sum(1 for w in weights.values() if w) >= rules.min_tournaments
        else:
            eligible = len(marked) >= rules.min_tournaments
        total = total.quantize(CENT, ROUND_HALF_UP)
        shown = {name: _jsonable(tb[name], text) for name in rules.tiebreaks}
        drafts.append(
            _Draft(_sort_key(rules, total, eligible, tb), player_id, total, eligible, marked, shown)
        )
    return drafts


def _ranked(rules: SeriesRules, drafts: Sequence[_Draft]) -> list[Line]:
    """The lines in order with their ranks (shared only when every tie-break is equal)."""
    ordered = sorted(drafts, key=lambda d: (d.key, d.player_id))
    out: list[Line] = []
    for position, draft in enumerate(ordered, start=1):
        rank = out[-1].rank if out and ordered[position - 2].key == draft.key else position
        out.append(
            Line(
                draft.player_id,
                rank,
                draft.points,
                len(draft.results),
                draft.eligible,
                False,
                draft.results,
                draft.tiebreaks,
            )
        )
    return out


def _jsonable(value: Any, text: dict[Decimal, str]) -> Any:
    """A tie-break's value as stored: Decimals as text (``text`` keeps each one made)."""
    if isinstance(value, tuple):
        return [text.get(v) or text.setdefault(v, str(v)) for v in value]
    return (text.get(value) or text.setdefault(value, str(value))) if isinstance(value, Decimal) else value


def region_key(region: str) -> str:
    """The key of a region's own ranking (``region-tirol``), within the column's 40 characters."""
    return (REGION_PREFIX + (slugify(region) or "x"))[:40]


def series_rankings(
    rules: SeriesRules,
    results: Iterable[Result],
    players: Mapping[int, PlayerFacts] | None = None,
    *,
    tournaments: int | None = None,
    reference: date | None = None,
) -> dict[str, list[Line]]:
    """Every ranking of a series: the main one (key ``""``, with who qualifies and their final points), each
    side ranking of the rules, and, when its tournaments have regions, each region's own ranking
    (``region-<slug>``). ``tournaments``: how many the series has, played or to come (``best_fraction``);
    ``reference``: the date the ``ema`` aggregate ages from when the rules give none (default: the latest
    result's)."""
    rows = list(results)
    ctx = RankContext.of(rules, rows, tournaments=tournaments, reference=reference)
    main = _drafts(rules, rows, ctx, players=players, side=None, eligible_players=None)
    rankings: dict[str, list[Line]] = {MAIN_RANKING: _ranked(rules, main)}
    facts = players or {}
    for side in rules.side_rankings:
        if side.filter.by_player_only():  # the main ranking's lines of the players it keeps, ranked anew
            kept = [d for d in main if _keeps_player(side.filter, facts.get(d.player_id))]
            rankings[side.key] = _ranked(rules, kept)
        else:
            rankings[side.key] = series_rank(rules, rows, players=players, side=side.filter, context=ctx)
    regions = sorted({row.region for row in rows if row.region})
    # a region's ranking orders the players who meet the series' minimum over all its tournaments first:
    # a region's regular with fewer points must not pass its best for having played there more
    eligible = {line.player_id for line in rankings[MAIN_RANKING] if line.eligible}
    region_lines = {}
    for region in regions:
        region_lines[region] = series_rank(
            rules,
            rows,
            players=players,
            side=SideFilter(region=region),
            eligible_players=eligible,
            context=ctx,
        )
        rankings.setdefault(region_key(region), region_lines[region])
    rankings[MAIN_RANKING] = with_final_points(rules, qualify(rules, rankings[MAIN_RANKING], region_lines))
    return rankings


def final_points_for(rules: SeriesRules, rank: int, eligible: bool) -> Decimal | None:
    """What rank ``rank`` of the main ranking carries into the final: ``final_points[rank - 1]`` for an
    eligible line (players sharing a rank get its points alike, as ABAKUS), none past the table. A pure
    function of the stored line: the readers (API, CSV) ask it, nothing stores it."""
    table = rules.final_points
    return table[rank - 1] if table and eligible and 1 <= rank <= len(table) else None


def with_final_points(rules: SeriesRules, main: list[Line]) -> list[Line]:
    """The main ranking's lines with their final points (``final_points_for``)."""
    if not rules.final_points:
        return main
    return [replace(line, final_points=final_points_for(rules, line.rank, line.eligible)) for line in main]


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
