"""A hand summary of three-handed Slovenian Tarok, read field by field into a ``Summary``.

The table fills in ``seats`` (the three players, the first bidder first), ``stake``, ``rules`` and ``kind``
(``played``, or ``annulled``: thrown in and dealt again). A played hand says its ``contract``; then

* Klop: ``klop_points`` (each seat's card points) and, at Bled, ``kontra_by`` (who said kontra);
* Trojka, Dvojka, Enojko, Solo trojka, Solo dvojka, Solo enojka (``solo_contracts``), Solo: ``declarer``,
  the declarer's ``card_points``, ``bonuses``, ``kontra``, ``bonus_kontra``, ``mond_captured``;
* Berač and the higher contracts: ``declarer``, ``made``, ``kontra``;
* with the ``radelci`` option: ``radelci``, the seats holding a radelc (a live hand names those of its
  deal's ``carry``: ``engine.slovenian.carry``).

Every error is a ``FieldError`` naming the field (``engine.core.fields``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import fields as f
from engine.core.form import SIDES
from engine.core.messages import FieldError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown
from engine.slovenian.rules import BONUSES, CONTRACTS, Rules, resolve_rules

KINDS: tuple[str, ...] = ("played", "annulled")
#: the contracts won on card points: the declarer needs more than half of the 70 (pagat)
POINT_CONTRACTS: tuple[str, ...] = (
    "trojka",
    "dvojka",
    "enojka",
    "solo_trojka",
    "solo_dvojka",
    "solo_enojka",
    "solo",
)
#: the contracts won or lost outright (Berač and above): ``made`` says which
MADE_CONTRACTS: tuple[str, ...] = ("berac", "odprti_berac", "barvni_valat", "valat")
TOTAL_POINTS = 70
TABLE_KEYS = ("seats", "stake", "sitting_out", "rules", "kind")
GAME_KEYS = (
    "contract",
    "declarer",
    "card_points",
    "made",
    "kontra",
    "bonuses",
    "bonus_kontra",
    "mond_captured",
    "klop_points",
    "kontra_by",
    "radelci",
)
#: how far the three players' Klop points may sum from 70: counting in threes leaves odd cards whose
#: rounding can move a player's count by one (our choice: the texts give no tolerance)
KLOP_SLACK = 2
MAX_STAKE = 10**6

THREE_SEATS = Message("three_seats", _("must list the three players' seat labels, got %(value)s"))
SEATS_TWICE = Message("seats_distinct_list", _("lists a seat twice"))
NOBODY_SITS_OUT = Message("nobody_sits_out", _("nobody sits out at a table of three"))
NOT_IN_KIND = Message("not_in_kind", _("is not part of a hand of kind %(kind)s"))
NOT_IN_CONTRACT = Message("not_in_contract", _("is not part of a %(bid)s"))
OPTION_OFF = Message("option_off", _("these rules have no %(option)s"))
KONTRA_SILENT = Message("kontra_silent", _("only an announced bonus can be kontra'd"))
KLOP_TOTAL = Message(
    "klop_total", _("the three players' card points must add up to %(total)s, got %(value)s")
)


@dataclass(frozen=True)
class Bonus:
    side: str
    announced: bool
    made: bool
    kontra: int


@dataclass(frozen=True)
class Summary:
    seats: tuple[str, str, str]
    stake: int
    kind: str
    contract: str | None = None
    declarer: str | None = None
    card_points: int | None = None
    made: bool | None = None
    kontra: int = 0
    bonuses: Mapping[str, Bonus] | None = None
    mond_captured: str | None = None
    klop_points: Mapping[str, int] | None = None
    kontra_by: str | None = None
    radelci: tuple[str, ...] = ()

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s != self.declarer)


def _not_here(path: str, contract: str) -> FieldError:
    return FieldError(path, NOT_IN_CONTRACT.with_params(bid=contract))


def rules_of(summary: Any, rules: Rules | None) -> Rules:
    """The rules to score ``summary`` by: ``rules``, else its own ``rules`` spec, else the default."""
    if rules is not None:
        return rules
    spec = summary.get("rules") if isinstance(summary, Mapping) else None
    try:
        return resolve_rules(spec)
    except RulesError as exc:
        raise FieldError("rules", *[w for w in exc.where if w != "rules"], exc.message) from None


def _seat_list(value: Any) -> tuple[str, str, str]:
    ok = (
        isinstance(value, list)
        and len(value) == 3
        and all(type(s) is str and 1 <= len(s) <= 16 and s.isprintable() for s in value)
    )
    if not ok:
        raise FieldError("seats", THREE_SEATS.with_params(value=shown(value)))
    if len(set(value)) != 3:
        raise FieldError("seats", SEATS_TWICE)
    return (value[0], value[1], value[2])


def parse_summary(summary: Any, rules: Rules) -> Summary:
    """``summary`` checked against ``rules``; raises FieldError naming the field."""
    data = f.obj(summary, "summary")
    f.keys_known(data, (*TABLE_KEYS, *GAME_KEYS))
    seats = _seat_list(f.present(data, "seats", "seats"))
    stake = 1 if data.get("stake") is None else f.integer(data["stake"], 1, MAX_STAKE, "stake")
    if data.get("sitting_out") is not None:
        raise FieldError("sitting_out", NOBODY_SITS_OUT)
    kind = "played" if data.get("kind") is None else f.choice(data["kind"], KINDS, "kind")
    if kind == "annulled":
        extra = [k for k in GAME_KEYS if data.get(k) is not None]
        if extra:
            raise FieldError(extra[0], NOT_IN_KIND.with_params(kind=kind))
        return Summary(seats, stake, kind)
    playable = rules.contracts
    contract = f.choice(
        f.present(data, "contract", "contract"), [c for c in CONTRACTS if c in playable], "contract"
    )
    radelci: tuple[str, ...] = ()
    if data.get("radelci") is not None:
        if not rules.radelci:
            raise FieldError("radelci", OPTION_OFF.with_params(option="radelci"))
        radelci = f.seats(data["radelci"], seats, "radelci", least=0)
    if contract == "klop":
        return _klop(data, rules, seats, stake, radelci)
    allowed = {"contract", "declarer", "kontra", "radelci"}
    allowed |= (
        {"card_points", "bonuses", "bonus_kontra", "mond_captured"}
        if contract in POINT_CONTRACTS
        else {"made"}
    )
    if contract == "solo" and not rules.solo_bonuses:
        allowed -= {"bonuses", "bonus_kontra"}
    extra = [k for k in GAME_KEYS if k not in allowed and data.get(k) is not None]
    if extra:
        raise _not_here(extra[0], contract)
    declarer = f.seat(f.present(data, "declarer", "declarer"), seats, "declarer")
    kontra = 0 if data.get("kontra") is None else f.integer(data["kontra"], 0, rules.max_kontra, "kontra")
    if contract not in POINT_CONTRACTS:
        made = f.boolean(f.present(data, "made", "made"), "made")
        return Summary(seats, stake, kind, contract, declarer, made=made, kontra=kontra, radelci=radelci)
    points = f.integer(f.present(data, "card_points", "card_points"), 0, TOTAL_POINTS, "card_points")
    bonuses = _bonuses(data, rules)
    mond = (
        None if data.get("mond_captured") is None else f.seat(data["mond_captured"], seats, "mond_captured")
    )
    return Summary(
        seats,
        stake,
        kind,
        contract,
        declarer,
        card_points=points,
        kontra=kontra,
        bonuses=bonuses,
        mond_captured=mond,
        radelci=radelci,
    )


def _bonuses(data: Mapping[str, Any], rules: Rules) -> dict[str, Bonus]:
    raw = {} if data.get("bonuses") is None else f.obj(data["bonuses"], "bonuses")
    f.keys_known(raw, BONUSES, "bonuses")
    kontras = {} if data.get("bonus_kontra") is None else f.obj(data["bonus_kontra"], "bonus_kontra")
    f.keys_known(kontras, BONUSES, "bonus_kontra")
    out: dict[str, Bonus] = {}
    for name in BONUSES:
        if raw.get(name) is None:
            if kontras.get(name):
                raise FieldError(f"bonus_kontra.{name}", KONTRA_SILENT)
            continue
        path = f"bonuses.{name}"
        entry = f.obj(raw[name], path)
        f.keys_known(entry, ("side", "announced", "made"), path)
        side = f.choice(f.present(entry, "side", f"{path}.side"), SIDES, f"{path}.side")
        announced = f.boolean(f.present(entry, "announced", f"{path}.announced"), f"{path}.announced")
        made = f.boolean(f.present(entry, "made", f"{path}.made"), f"{path}.made")
        level = 0
        if kontras.get(name) is not None:
            level = f.integer(kontras[name], 0, rules.max_kontra, f"bonus_kontra.{name}")
            if level and not announced:
                raise FieldError(f"bonus_kontra.{name}", KONTRA_SILENT)
        out[name] = Bonus(side, announced, made, level)
    return out


def _klop(
    data: Mapping[str, Any], rules: Rules, seats: tuple[str, str, str], stake: int, radelci: tuple[str, ...]
) -> Summary:
    extra = [
        k
        for k in GAME_KEYS
        if k not in ("contract", "klop_points", "kontra_by", "radelci") and data.get(k) is not None
    ]
    if extra:
        raise _not_here(extra[0], "klop")
    points = f.per_seat(f.present(data, "klop_points", "klop_points"), seats, 0, TOTAL_POINTS, "klop_points")
    total = sum(points.values())
    if abs(total - TOTAL_POINTS) > KLOP_SLACK:
        raise FieldError("klop_points", KLOP_TOTAL.with_params(total=TOTAL_POINTS, value=total))
    kontra_by = None
    if data.get("kontra_by") is not None:
        if not rules.klop_kontra:
            raise FieldError("kontra_by", OPTION_OFF.with_params(option="klop_kontra"))
        kontra_by = f.seat(data["kontra_by"], seats, "kontra_by")
    return Summary(seats, stake, "played", "klop", klop_points=points, kontra_by=kontra_by, radelci=radelci)
