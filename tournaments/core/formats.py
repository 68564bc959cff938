"""The tournament format: the game a tournament plays and its rules, who deals and who sits out, what a
hand is played for, how a table ranks, which format settings are valid.

Here the domain meets the engine's game descriptor (``engine.games``): the services, the standings, the
pages and the API ask these functions (never a game package) how many sit at a table and who sits out a
deal, who deals at what stake, which presets exist and what a preset with a tournament's options resolves
to. A new game of ``engine.games`` is served without a change here. No database here either, so the
services, the standings, the demo and the tests share one implementation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.core.descriptor import Deal, GameDescriptor
from engine.core.messages import EngineError
from engine.core.presets import options_of
from engine.games import game
from tournaments.core.engine_messages import engine_message

PAIRING_METHODS = ("random", "swiss", "balanced", "seeded")
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


ALL_TABLE_SIZES = (2, 3, 4, 5, 6)  # a format has deals and table points for each (columns of Tournament)


def game_of(tournament: Any) -> GameDescriptor:
    """The descriptor of ``tournament``'s game (a tournament, a series or a rating: anything with a
    ``game``, or a mapping of its fields). There is no default game: a tournament without one raises
    ``UnknownGame`` (an ``EngineError`` naming ``game``)."""
    game_id = tournament.get("game") if isinstance(tournament, Mapping) else getattr(tournament, "game", None)
    return game(game_id)


def format_defaults(game_id: str, preset: str | None = None) -> dict[str, Any]:
    """The tournament fields the game's preset plays by (its ``formats``: the event's scoring, table sizes,
    deals and table points per size, rounds, table money), with the preset itself: what a new tournament
    of that game starts with where the organizer says nothing else."""
    descriptor = game(game_id)
    preset = preset or starting_preset(game_id)
    fmt = descriptor.formats.get(preset, {})
    fields: dict[str, Any] = {"rules_preset": preset}
    simple = {"scoring": "scoring", "rounds": "rounds_planned", "point_value_cents": "point_value_cents"}
    for key, name in simple.items():
        if key in fmt:
            fields[name] = fmt[key]
    if "kontras_to_box" in fmt:
        fields["kontras_to_box"] = bool(fmt["kontras_to_box"])
    # a preset whose event does not say so plays a fixed number of deals (the model's default is the
    # 2018 Hungarian rules', where the deals are a maximum within the round's time)
    fields["deals_within_time"] = bool(fmt.get("deals_within_time", False))
    for key in ("table_sizes", "tiebreaks", "pairing_methods"):
        if key in fmt:
            fields[key] = list(fmt[key])
    for size, deals in dict(fmt.get("deals_per_round", {})).items():
        fields[f"deals_per_round_{int(size)}"] = deals
    for size, points in dict(fmt.get("table_points", {})).items():
        fields[f"table_points_{int(size)}"] = list(points)
    return fields


def starting_preset(game_id: str) -> str:
    """The preset a new tournament of ``game_id`` starts on: the game's default preset where its event has
    a tournament format, else the first preset that has one (Hungarian Tarokk: the 2018 tournament rules,
    not the pagat text's casual game), else the default preset."""
    descriptor = game(game_id)
    if descriptor.default_preset in descriptor.formats:
        return descriptor.default_preset
    return next(
        (name for name in descriptor.presets if name in descriptor.formats), descriptor.default_preset
    )


def preset_table_sizes(game_id: str, preset: str) -> tuple[int, ...]:
    """The table sizes ``preset`` of ``game_id`` seats, the game's preferred size first where the preset
    has it: the sizes its tournament format names (Cego's four-handed game: 4 only), else the game's."""
    descriptor = game(game_id)
    named = descriptor.formats.get(preset, {}).get("table_sizes")
    sizes = [size for size in descriptor.table_sizes if not named or size in set(named)]
    main = descriptor.main_table_size
    return tuple(sorted(sizes, key=lambda size: size != main))


def table_sizes_of(tournament: Any) -> tuple[int, ...]:
    """The table sizes a tournament's draw may use, the one it fills first first (its own choice where it
    made one, else its game's: e.g. Cego at Ichenheim (3, 4), Talon (6, 5), Hungarian Tarokk (4, 5))."""
    chosen = getattr(tournament, "table_sizes", None)
    if chosen:
        return tuple(chosen)
    descriptor = game_of(tournament)
    main = descriptor.main_table_size
    return (main, *(size for size in descriptor.table_sizes if size != main))


def game_catalogue(game_id: str) -> dict[str, Any]:
    """What a client needs to run a tournament of ``game_id``: its names, table sizes, entry kinds,
    presets (each with its options, what it is and the format its event plays), the kontra ladder, the
    summary's entry form and JSON schema (``GET /api/v1/games/<id>/``)."""
    descriptor = game(game_id)
    return {
        "id": descriptor.id,
        "names": dict(descriptor.names),
        "table_sizes": list(descriptor.table_sizes),
        "preferred_table_size": descriptor.main_table_size,
        "entry_kinds": sorted(descriptor.entry_kinds),
        "kinds": list(descriptor.vocabularies.get("kind", ("played",))),
        "kontra_names": list(descriptor.kontra_names),
        "default_preset": descriptor.default_preset,
        "presets": {
            name: {
                "about": descriptor.preset_docs.get(name, ""),
                "format": format_defaults(game_id, name),
                "options": options_of(rules),
            }
            for name, rules in descriptor.presets.items()
        },
        "summary_form": [
            {key: (dict(value) if key == "shown_when" else value) for key, value in asdict(f).items()}
            for f in descriptor.summary_form
        ],
        "summary_schema": descriptor.summary_schema(),
    }


def rules_for(preset: Any, options: Mapping[str, Any] | None, tournament: Any) -> Any:
    """The rules of ``preset`` with ``options`` on top, resolved by the game (the one resolver); a
    ``FormatError`` naming the field (``rules_preset`` or ``rules_options``) when they do not resolve."""
    descriptor = game_of(tournament)
    try:
        return descriptor.resolve_rules(preset, dict(options or {}))
    except EngineError as exc:  # the engine's message, in the reader's language (the cause keeps its code)
        field = "rules_preset" if exc.code == "unknown_preset" else "rules_options"
        raise FormatError(field, engine_message(exc, descriptor.id)) from exc
    except TypeError as exc:
        raise FormatError("rules_options", _("is not valid: %(error)s"), {"error": str(exc)}) from exc


def rules_of(tournament: Any) -> Any:
    """The rules the tournament's hands are played by: its preset with its options."""
    return rules_for(tournament.rules_preset, tournament.rules_options, tournament)


def deal_sequence(
    positions: Sequence[str],
    first_dealer: str,
    previous_kinds: Sequence[str],
    rules: Any,
    tournament: Any,
) -> Deal:
    """The next deal at a table (who deals, who plays first bidder first, who sits out, the stake) after
    hands of ``previous_kinds``, as the tournament's game deals."""
    return game_of(tournament).deal(positions, first_dealer, previous_kinds, rules)


def sits_out(positions: Sequence[str], dealer: str, tournament: Any, rules: Any = None) -> tuple[str, ...]:
    """The seats that sit out a deal dealt by ``dealer`` at a table of ``positions``, as the tournament's
    rules deal (``rules`` when the caller has them resolved already; Cego's four-handed game: nobody)."""
    return game_of(tournament).sitting_out(
        positions, dealer, rules_of(tournament) if rules is None else rules
    )


def sat_out(
    positions: Sequence[str], dealer: str, kind: str | None, tournament: Any, rules: Any = None
) -> tuple[str, ...]:
    """The seats that sat out a hand of ``kind`` dealt by ``dealer``: who sits the deal out, unless the hand
    is of a kind every seat plays (a Königrufen Trischaken or Fahren at five, 18.11), so that the dealer's
    hands played count it."""
    if kind is not None and kind in game_of(tournament).everyone_plays_kinds:
        return ()
    return sits_out(positions, dealer, tournament, rules)


def deal_paths(
    positions: Sequence[str],
    first_dealer: str,
    previous_kinds: Sequence[str],
    rules: Any,
    last: int,
    depth: int,
    tournament: Any,
) -> dict[str, Deal]:
    """The next deal, and up to ``depth`` deals after it (not past deal ``last``) for every way the hands in
    between may go, keyed by their path: one letter per hand, each a step of the game's
    (``deal_steps``: Hungarian Tarokk has ``p``, played, the deal passes on, and ``t``, thrown in, the same
    dealer again at doubled stakes). A phone entering hands without a connection picks the deal its own
    entries lead to (issue 21 §5)."""
    steps = game_of(tournament).deal_steps
    deals: dict[str, Deal] = {}
    paths = [""]
    for _step in range(depth + 1):
        if len(previous_kinds) + 1 + len(paths[0]) > last:
            break
        for path in paths:
            kinds = [*previous_kinds, *(steps[s] for s in path)]
            deals[path] = deal_sequence(positions, first_dealer, kinds, rules, tournament)
        paths = [path + step for path in paths for step in steps]
    return deals


@dataclass(frozen=True)
class TablePlace:
    position: str
    game_points: int
    place: Fraction  # shared places are averaged: two players tied for 2nd both get 2.5
    table_points: Fraction
    won_table: bool


def rank_table(game_points: Mapping[str, int], scale: Sequence[int | float]) -> dict[str, TablePlace]:
    """Table places by game points; tied players share the places' table points equally (ITVB 2.3 style,
    as the 2018 rules do not say, item 4). A scale may hold halves (Bled: 2, 1, 0.5)."""
    scale = [Fraction(str(points)) for points in scale]
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
    try:
        descriptor = game_of(values)
    except EngineError as exc:
        raise FormatError("game", engine_message(exc, None)) from exc
    _validate_table_sizes(values.get("table_sizes"), descriptor)
    for field in (f"deals_per_round_{size}" for size in ALL_TABLE_SIZES):  # the database refuses 0
        deals = values.get(field, 1)
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS_PER_ROUND:
            message = _("must be a whole number from 1 to %(max)s")
            raise FormatError(field, message, params={"max": MAX_DEALS_PER_ROUND})
    for field, size in ((f"table_points_{size}", size) for size in ALL_TABLE_SIZES):
        scale = values.get(field)
        if scale is not None and not _is_scale(scale, size):
            raise FormatError(
                field,
                _(
                    "must list %(size)s numbers (whole or with up to two decimals), best place first, "
                    "not increasing"
                ),
                {"size": size},
            )
    for field in ("kontras_to_box", "deals_within_time", "final_table", "placement_tables"):
        if not isinstance(values.get(field, False), bool):
            raise FormatError(field, _("must be true or false"))
    cents = values.get("point_value_cents", 0)
    if isinstance(cents, bool) or not isinstance(cents, int) or not 0 <= cents <= 100_000:
        raise FormatError("point_value_cents", _("must be a whole number of cents from 0 to 100000"))
    _validate_live(values)
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
        rules_for(values["rules_preset"], values.get("rules_options"), values)


#: the live tables' settings: the choices of each word, and each number's bounds in seconds
LIVE_CHOICES = {"live_spectators": ("organizers", "public"), "live_bot_hands": ("count", "confirm")}
LIVE_SECONDS = {"live_grace_seconds": (5, 3600), "live_clock_seconds": (0, 3600)}


def _validate_live(values: dict[str, Any]) -> None:
    """The live tables' settings (``tournaments.live``): who watches, whether bot-helped hands count, the
    grace period and the move clock."""
    for field, choices in LIVE_CHOICES.items():
        if field in values and values[field] not in choices:
            raise FormatError(field, _("must be one of %(known)s"), {"known": ", ".join(choices)})
    for field, (low, high) in LIVE_SECONDS.items():
        seconds = values.get(field, low)
        if isinstance(seconds, bool) or not isinstance(seconds, int) or not low <= seconds <= high:
            message = _("must be a whole number of seconds from %(low)s to %(high)s")
            raise FormatError(field, message, {"low": low, "high": high})


def _validate_table_sizes(sizes: Any, descriptor: GameDescriptor) -> None:
    """A tournament's own table sizes: empty (the game's), or distinct sizes the game seats."""
    if sizes in (None, []):
        return
    if (
        not isinstance(sizes, list)
        or any(isinstance(s, bool) or not isinstance(s, int) for s in sizes)
        or len(set(sizes)) != len(sizes)
        or not set(sizes) <= set(descriptor.table_sizes)
    ):
        raise FormatError(
            "table_sizes",
            _("must list distinct table sizes of %(game)s (%(known)s), the one to fill first first"),
            {"game": descriptor.name(get_language()), "known": ", ".join(map(str, descriptor.table_sizes))},
        )


def _is_scale(scale: Any, size: int) -> bool:
    """A list of ``size`` table points, best place first, not increasing; halves and quarters allowed."""
    if not isinstance(scale, list | tuple) or len(scale) != size:
        return False
    for points in scale:
        if isinstance(points, bool) or not isinstance(points, int | float):
            return False
        if isinstance(points, float) and (
            points != points or abs(points) > 1e6 or round(points, 2) != points
        ):
            return False
    return list(scale) == sorted(scale, reverse=True)


def pairing_method_for(methods: Sequence[str], round_number: int) -> str:
    """The configured method of a round; the last one listed repeats for later rounds."""
    if not methods:
        return "random" if round_number == 1 else "swiss"
    return methods[min(round_number, len(methods)) - 1]
