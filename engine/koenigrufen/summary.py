"""Reading a Königrufen hand summary into a ``Summary``: every key checked top-down with
``engine.core.fields``, every error a ``FieldError`` naming the field's path.

Two kinds of hand (``kind``):

``played`` (a contract)::

    {"seats": ["A", "B", "C", "D"], "contract": "rufer", "declarer": "A", "partner": "C", "won": true,
     "kontra": 0, "bonuses": {"pagat": {"side": "declarer", "announced": false, "made": true}},
     "more_declarers": [{"declarer": "B", "contract": "bettler", "won": false, "kontra": 0}]}

``partner`` is the holder of the called King (null: the declarer called their own King or it lay in the
talon, and played alone); only the calling contracts have one. ``won`` is whether the declarer's side made
the contract. A bonus ``{"side", "announced", "made"}`` not announced and not made is a bird (or the called
King) played to its trick and beaten: lost silently, where the rules count it (``Rules.silent_lost``).
Bonuses and their kontras belong to the positive contracts only. ``more_declarers`` lists the further
declarers of a negative contract where the rules let several play at once (LK, 18.10).

``trischaken`` (the first player's Trischaken, the Lungau Fahren)::

    {"seats": ["A", "B", "C", "D", "E"], "sitting_out": "E", "kind": "trischaken",
     "card_points": {"A": 20, "B": 30, "C": 20, "D": 0, "E": 0}, "jungfrau": ["D", "E"]}

``card_points``: each player's card points as the player counts their own pile, in threes, so it may end
in a third (``engine.core.thirds``: ``20``, ``"23 1/3"``, ``"23⅔"``; 70 in all); ``jungfrau``: the players
who took no trick; ``kontra``: its kontra level, only where the rules allow one (``Rules.trischaken_kontra``,
up to ``Rules.trischaken_max_kontra``; it doubles every payment). At a five-seat
table the dealer plays a Fahren too (18.11): the table may list the sitting-out dealer among ``seats`` (it
is then no longer sitting out), or list five seats without ``sitting_out``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core import fields
from engine.core.messages import FieldError
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.thirds import as_points
from engine.koenigrufen.rules import BIRD_OF, BONUSES, CALLING, CONTRACTS, NEGATIVE, Rules, resolve_rules

KINDS: tuple[str, ...] = ("played", "trischaken")
TEAMS: tuple[str, ...] = ("declarer", "opponents")
TABLE_KEYS: tuple[str, ...] = ("seats", "stake", "sitting_out", "rules", "kind")
PLAYED_KEYS: tuple[str, ...] = (
    *TABLE_KEYS,
    "contract",
    "declarer",
    "partner",
    "won",
    "kontra",
    "bonuses",
    "more_declarers",
)
TRISCHAKEN_KEYS: tuple[str, ...] = (*TABLE_KEYS, "card_points", "jungfrau", "kontra")
BONUS_KEYS: tuple[str, ...] = ("side", "announced", "made", "kontra")
MORE_KEYS: tuple[str, ...] = ("declarer", "contract", "won", "kontra")
MAX_STAKE = 1024
MAX_LABEL = 16
CARD_POINTS = 70  # the 54 cards count 70 (Königrufen)


@dataclass(frozen=True)
class Bonus:
    name: str
    side: str
    announced: bool
    made: bool
    kontra: int = 0


@dataclass(frozen=True)
class Game:
    """One declarer's contract: its result and kontra level."""

    contract: str
    declarer: str
    won: bool
    kontra: int = 0


@dataclass
class Summary:
    """A checked hand summary (seats as labelled in the input)."""

    seats: tuple[str, ...]
    stake: int
    rules: Rules
    kind: str
    sitting_out: str | None = None
    games: tuple[Game, ...] = ()
    partner: str | None = None
    bonuses: tuple[Bonus, ...] = ()
    #: a Trischaken's card points of each seat, exact (``Fraction``: 23⅓), and the same in thirds
    card_points: Mapping[str, Fraction] = field(default_factory=dict)
    card_thirds: Mapping[str, int] = field(default_factory=dict)
    jungfrau: tuple[str, ...] = ()
    kontra: int = 0

    @property
    def positions(self) -> tuple[str, ...]:
        """Every seat the payments name: the players, then a seat sitting out."""
        return self.seats + ((self.sitting_out,) if self.sitting_out else ())

    @property
    def declarer(self) -> str | None:
        return self.games[0].declarer if self.games else None

    @property
    def contract(self) -> str | None:
        return self.games[0].contract if self.games else None


def _labels(value: Any, path: str, low: int, high: int) -> tuple[str, ...]:
    ok = (
        isinstance(value, list)
        and low <= len(value) <= high
        and all(type(v) is str and 0 < len(v) <= MAX_LABEL and "\x00" not in v for v in value)
    )
    if not ok or len(set(value)) != len(value):
        raise fields.error(
            path,
            "seat_labels",
            _("must list %(least)s to %(most)s distinct seat labels (short strings)"),
            least=low,
            most=high,
        )
    return tuple(value)


def _kontra(value: Any, rules: Rules, path: str) -> int:
    return 0 if value is None else fields.integer(value, 0, rules.max_kontra, path)


def parse(data: Any, rules: Rules | None = None) -> Summary:
    """``data`` checked against ``rules`` (a Rules value or a preset spec; None: the summary's own
    ``rules``, else the default preset)."""
    data = fields.obj(data, "summary")
    if not isinstance(rules, Rules):
        try:
            rules = resolve_rules(data.get("rules") if rules is None else rules)
        except RulesError as exc:
            raise FieldError("rules", exc) from None
    kind = fields.choice(data.get("kind", "played"), KINDS, "kind")
    fields.keys_known(data, PLAYED_KEYS if kind == "played" else TRISCHAKEN_KEYS)
    seats = _labels(fields.present(data, "seats", "seats"), "seats", 4, 5 if kind == "trischaken" else 4)
    stake = fields.integer(data.get("stake", 1), 1, MAX_STAKE, "stake")
    sitting_out = data.get("sitting_out")
    if sitting_out is not None:
        sitting_out = _labels([sitting_out], "sitting_out", 1, 1)[0]
        if sitting_out in seats and kind == "played":
            raise fields.error("sitting_out", "sitting_out_plays", _("must be a seat that does not play"))
        if sitting_out in seats:
            if not rules.fahren_dealer_plays:  # 18.11: the dealer joins a Fahren
                raise fields.error(
                    "sitting_out", "dealer_plays_not", _("the dealer does not play Trischaken by these rules")
                )
            sitting_out = None  # the dealer plays this Fahren (18.11)
        elif len(seats) == 5:
            raise fields.error("sitting_out", "sitting_out_plays", _("must be a seat that does not play"))
    if len(seats) == 5 and not rules.fahren_dealer_plays:
        raise fields.error(
            "seats", "dealer_plays_not", _("the dealer does not play Trischaken by these rules")
        )
    summary = Summary(seats=seats, stake=stake, rules=rules, kind=kind, sitting_out=sitting_out)
    if kind == "trischaken":
        _trischaken(data, summary, rules)
    else:
        _played(data, summary, rules)
    return summary


def _trischaken(data: Mapping[str, Any], s: Summary, rules: Rules) -> None:
    if "trischaken" not in rules.contract_values:
        raise fields.error(
            "kind", "not_in_schedule", _("%(word)s is not in this schedule"), word="trischaken"
        )
    # each player counts their own pile in threes: one or two cards over are a third or two thirds
    # (engine.core.thirds)
    thirds = fields.per_seat_thirds(
        fields.present(data, "card_points", "card_points"), s.seats, 0, CARD_POINTS, "card_points"
    )
    if sum(thirds.values()) > 3 * CARD_POINTS:
        raise fields.error(
            "card_points", "card_points_total", _("add up to more than %(total)s"), total=CARD_POINTS
        )
    s.card_thirds = {seat: thirds[seat] for seat in s.seats}
    s.card_points = {seat: as_points(thirds[seat]) for seat in s.seats}
    jungfrau = data.get("jungfrau")
    s.jungfrau = (
        ()
        if jungfrau is None
        else fields.seats(jungfrau, s.seats, "jungfrau", least=0, most=len(s.seats) - 1)
    )
    for seat in s.jungfrau:
        if s.card_thirds[seat]:
            raise fields.error(
                f"card_points.{seat}", "jungfrau_points", _("a player without a trick has no card points")
            )
    if data.get("kontra") not in (None, 0) and not rules.trischaken_kontra:
        raise fields.error("kontra", "no_kontra", _("cannot be kontra'd by these rules"))
    kontra = data.get("kontra")
    # the Trischaken's own ladder (16.19: Kontra and Retour), within the schedule's
    s.kontra = 0 if kontra is None else fields.integer(kontra, 0, trischaken_kontra_top(rules), "kontra")


def trischaken_kontra_top(rules: Rules) -> int:
    """The highest kontra level of a Trischaken under ``rules`` (0: none)."""
    return min(rules.max_kontra, rules.trischaken_max_kontra) if rules.trischaken_kontra else 0


def _played(data: Mapping[str, Any], s: Summary, rules: Rules) -> None:
    contract = fields.choice(fields.present(data, "contract", "contract"), CONTRACTS, "contract")
    if contract not in rules.contract_values:
        raise fields.error(
            "contract", "not_in_schedule", _("%(word)s is not in this schedule"), word=contract
        )
    declarer = fields.seat(fields.present(data, "declarer", "declarer"), s.seats, "declarer")
    if contract in rules.first_player_only and declarer != s.seats[0]:
        raise fields.error(
            "declarer",
            "first_player_only",
            _("only the first player (%(seat)s) may play %(word)s"),
            word=contract,
            seat=s.seats[0],
        )
    partner = data.get("partner")
    if partner is not None:
        if contract not in CALLING:
            raise fields.error("partner", "no_partner", _("%(word)s has no partner"), word=contract)
        partner = fields.seat(partner, s.seats, "partner")
        if partner == declarer:
            raise fields.error("partner", "partner_is_declarer", _("must not be the declarer"))
    s.partner = partner
    won = fields.boolean(fields.present(data, "won", "won"), "won")
    games = [Game(contract, declarer, won, _kontra(data.get("kontra"), rules, "kontra"))]
    more = data.get("more_declarers")
    if more is not None and more != []:
        games += _more_declarers(more, games[0], s, rules)
    s.games = tuple(games)
    bonuses = data.get("bonuses")
    if contract in NEGATIVE:
        if bonuses not in (None, {}):
            raise fields.error("bonuses", "no_bonuses", _("%(word)s has no bonuses"), word=contract)
        return
    s.bonuses = _bonuses({} if bonuses is None else bonuses, contract, s, rules)


def _more_declarers(value: Any, first: Game, s: Summary, rules: Rules) -> list[Game]:
    if first.contract not in rules.simultaneous:
        raise fields.error(
            "more_declarers",
            "not_simultaneous",
            _("%(word)s has one declarer by these rules"),
            word=first.contract,
        )
    if not isinstance(value, list) or len(value) > len(s.seats) - 1:
        raise fields.error(
            "more_declarers",
            "more_declarers_list",
            _("must be a list of at most %(most)s declarers"),
            most=len(s.seats) - 1,
        )
    games, taken = [], {first.declarer}
    for i, entry in enumerate(value):
        path = f"more_declarers.{i}"
        entry = fields.obj(entry, path)
        fields.keys_known(entry, MORE_KEYS, path)
        seat = fields.seat(fields.present(entry, "declarer", f"{path}.declarer"), s.seats, f"{path}.declarer")
        if seat in taken:
            raise fields.error(f"{path}.declarer", "declarer_twice", _("declares a second time"))
        taken.add(seat)
        allowed = tuple(c for c in rules.simultaneous if type(c) is str)
        contract = fields.choice(
            fields.present(entry, "contract", f"{path}.contract"), allowed, f"{path}.contract"
        )
        if contract not in rules.contract_values:
            raise fields.error(
                f"{path}.contract", "not_in_schedule", _("%(word)s is not in this schedule"), word=contract
            )
        won = fields.boolean(fields.present(entry, "won", f"{path}.won"), f"{path}.won")
        games.append(Game(contract, seat, won, _kontra(entry.get("kontra"), rules, f"{path}.kontra")))
    return games


def _bonuses(value: Any, contract: str, s: Summary, rules: Rules) -> tuple[Bonus, ...]:
    mapping = fields.obj(value, "bonuses")
    known = [b for b in BONUSES if b in rules.bonus_values or b in rules.silent_bonus_values]
    fields.keys_known(mapping, known, "bonuses")
    out = []
    for name in known:
        if name not in mapping:
            continue
        path = f"bonuses.{name}"
        entry = fields.obj(mapping[name], path)
        fields.keys_known(entry, BONUS_KEYS, path)
        side = fields.choice(fields.present(entry, "side", f"{path}.side"), TEAMS, f"{path}.side")
        announced = fields.boolean(entry.get("announced", False), f"{path}.announced")
        made = fields.boolean(fields.present(entry, "made", f"{path}.made"), f"{path}.made")
        if announced and name not in rules.bonus_values:
            raise fields.error(
                f"{path}.announced", "not_announced", _("%(word)s is never announced"), word=name
            )
        if not announced and name not in rules.silent_bonus_values:
            raise fields.error(
                f"{path}.announced", "only_announced", _("%(word)s counts only announced"), word=name
            )
        if not announced and not made and name not in rules.silent_lost:
            # a bird played to its trick and beaten is lost "still" (rules.SILENT_LOST, the cups' practice);
            # Trull, Four Kings, Valat ... not made are simply not scored
            raise fields.error(
                f"{path}.made", "silent_lost", _("a silent bonus that was not made is left out")
            )
        kontra = _kontra(entry.get("kontra"), rules, f"{path}.kontra")
        if kontra and not announced:
            raise fields.error(
                f"{path}.kontra", "silent_kontra", _("only an announced bonus can be kontra'd")
            )
        if name == "king_ultimo" and contract not in CALLING:
            raise fields.error(path, "no_called_king", _("%(word)s has no called King"), word=contract)
        out.append(Bonus(name, side, announced, made, kontra))
    valat = next((b for b in out if b.name == "valat" and b.made), None)
    if valat is not None and (valat.side == "declarer") != s.games[0].won:
        raise fields.error("won", "valat_result", _("contradicts the Valat of the %(team)s"), team=valat.side)
    bird = BIRD_OF.get(contract)
    if bird is not None:  # 18.10: a bird Rufer is the Rufer plus its bird, announced by the declarer's side
        found = next((b for b in out if b.name == bird), None)
        if found is None or found.side != "declarer" or not found.announced:
            raise fields.error(
                f"bonuses.{bird}",
                "bird_announced",
                _("%(word)s needs its bird announced by the declarer's side"),
                word=contract,
            )
    return tuple(out)
