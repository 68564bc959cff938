"""Reading a Talon hand summary into a ``Summary``: every error a ``FieldError`` naming the field.

The table fills in ``seats`` (every seat, the forehand first: all play at every size), ``stake``,
``rules`` and ``kind``; the rest is the hand in Talon's own words (``hand-summary.schema.json``):

* ``played``: ``contract``, ``declarer`` (none in a straw man hand without a taker: the forehand's side is
  then the "declarer" side), ``partner`` (the called king's or tarock's holder at four or six; left out, or
  the declarer, when the declarer plays alone), ``card_points`` (the declaring side's, talon and discards
  included), ``bonuses`` ``{name: {side, announced, made}}``, ``kontra`` ``{"contract" or a bonus: level}``,
  ``handfuls`` ``{seat: tarocks declared}``;
* ``misere``: ``seat_points`` ``{seat: card points taken}`` (5.4);
* ``surrendered``: ``contract``, ``declarer``: the called card was in the talon (2.0, 4.0);
* ``annulled`` (1.2, 8.2) and ``passed_out`` (3.0): thrown in, the same dealer deals again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import fields
from engine.core.form import SIDES
from engine.core.messages import FieldError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.talon.rules import Rules, resolve_rules
from engine.talon.tables import (
    ALL_CONTRACTS,
    BONUS_OPTION,
    BONUS_SIZES,
    BONUSES,
    CONTRACTS,
    FOREHAND_PREFERENCE_SIZES,
    HAND_SIZE,
    HANDFUL_MINIMA,
    MAX_DISCARD_POINTS,
    PARTNER_SIZES,
    TABLE_SIZES,
    TALON_POINTS,
    TAROCKS,
    TOTAL_POINTS,
)

KINDS: tuple[str, ...] = ("played", "misere", "surrendered", "annulled", "passed_out")
THROWN_IN: frozenset[str] = frozenset({"annulled", "passed_out"})
TEAMS: tuple[str, ...] = SIDES
#: the ladder's top: supra-contra octuples (7.2)
MAX_KONTRA = 3
MAX_STAKE = 10**6
MAX_LABEL = 16

TABLE_KEYS = ("seats", "stake", "sitting_out", "rules", "kind")
KEYS: dict[str, tuple[str, ...]] = {
    "played": ("contract", "declarer", "partner", "card_points", "bonuses", "kontra", "handfuls"),
    "misere": ("seat_points",),
    "surrendered": ("contract", "declarer"),
    "annulled": (),
    "passed_out": (),
}
BONUS_KEYS = ("side", "announced", "made")


@dataclass(frozen=True)
class Bonus:
    side: str
    announced: bool
    made: bool


@dataclass(frozen=True)
class Summary:
    """A checked hand: ``declarers`` is the declaring side (the declarer first; the forehand in a straw man
    hand without a taker), ``seats`` every seat in play order."""

    seats: tuple[str, ...]
    stake: int
    kind: str
    contract: str | None = None
    declarer: str | None = None
    partner: str | None = None
    card_points: int | None = None
    seat_points: Mapping[str, int] = field(default_factory=dict)
    bonuses: Mapping[str, Bonus] = field(default_factory=dict)
    kontra: Mapping[str, int] = field(default_factory=dict)
    handfuls: Mapping[str, int] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def declarers(self) -> tuple[str, ...]:
        lead = self.declarer or self.seats[0]
        return (lead,) if self.partner is None else (lead, self.partner)

    def side_of(self, seat: str) -> str:
        return "declarer" if seat in self.declarers else "opponents"


def _not_in_rules(path: str) -> FieldError:
    return FieldError(path, Message("not_in_rules", _("is not played under these rules")))


def _not_at_size(path: str, size: int) -> FieldError:
    return FieldError(path, Message("not_at_size", _("is not played with %(size)s players"), size=size))


def read_rules(summary: Mapping[str, Any], rules: Any = None) -> Rules:
    """The rules to score by: ``rules`` (a Rules value or a spec) if given, else the summary's ``rules``;
    the summary's own spec is checked either way (a RulesError becomes a FieldError at ``rules``)."""
    try:
        own = resolve_rules(summary.get("rules"))
        return own if rules is None else resolve_rules(rules)
    except RulesError as exc:
        raise FieldError("rules", exc) from exc


def _seat_list(value: Any) -> tuple[str, ...]:
    sizes = f"{TABLE_SIZES[0]}..{TABLE_SIZES[-1]}"
    if not isinstance(value, list) or not TABLE_SIZES[0] <= len(value) <= TABLE_SIZES[-1]:
        raise FieldError("seats", Message("seat_count", _("must list %(sizes)s seats"), sizes=sizes))
    for i, label in enumerate(value):
        if type(label) is not str or not 1 <= len(label) <= MAX_LABEL or "\x00" in label:
            raise FieldError(f"seats.{i}", Message("seat_label", _("must be a short seat label")))
    if len(set(value)) != len(value):
        raise FieldError("seats", Message("seats_distinct_list", _("lists a seat twice")))
    return tuple(value)


def parse_summary(summary: Any, rules: Rules) -> Summary:
    """``summary`` checked against ``rules`` and its table size; raises FieldError."""
    s = fields.obj(summary, "summary")
    kind = fields.choice(s.get("kind", "played"), KINDS, "kind")
    fields.keys_known(s, (*TABLE_KEYS, *KEYS[kind]))
    seats = _seat_list(fields.present(s, "seats", "seats"))
    stake = fields.integer(s.get("stake", 1), 1, MAX_STAKE, "stake")
    if s.get("sitting_out") is not None:  # every seat plays at every size (1.2, 2.0, 3.0, 4.0, 8.2)
        raise FieldError("sitting_out", Message("talon_nobody_sits_out", _("nobody sits out in this game")))
    size = len(seats)
    base = Summary(seats=seats, stake=stake, kind=kind)
    if kind == "played":
        return _played(s, base, rules)
    if kind == "misere":
        return _misere(s, base, rules)
    if kind == "surrendered":
        if size not in PARTNER_SIZES:  # only a called card can be found in the talon (2.0, 4.0)
            raise _not_at_size("kind", size)
        contract = fields.choice(fields.present(s, "contract", "contract"), CONTRACTS[size], "contract")
        if contract == "solo":  # the talon stays face down in a solo (1.3)
            raise FieldError("contract", Message("solo_talon_hidden", _("a solo never sees the talon")))
        declarer = fields.seat(fields.present(s, "declarer", "declarer"), seats, "declarer")
        _check_preference(contract, declarer, seats)
        return Summary(seats=seats, stake=stake, kind=kind, contract=contract, declarer=declarer)
    if kind == "passed_out" and (size < 5 or rules.misere):
        # 3.0: only at five and six may the forehand pass; there, with misère, all passing plays one (5.4)
        raise FieldError("kind", Message("not_passed_out", _("this hand cannot be passed out")))
    return base


def _misere(s: Mapping[str, Any], base: Summary, rules: Rules) -> Summary:
    if not rules.misere:
        raise _not_in_rules("kind")
    size = base.size
    if size == 2:  # 8.2.1
        raise _not_at_size("kind", size)
    total = TOTAL_POINTS[size]
    points = fields.per_seat(
        fields.present(s, "seat_points", "seat_points"), base.seats, 0, total, "seat_points"
    )
    low, high = TALON_POINTS[size]  # the talon is set aside (5.4): its points are nobody's
    if not total - high <= sum(points.values()) <= total - low:
        raise FieldError(
            "seat_points",
            Message(
                "points_sum",
                _("must add up to %(low)s..%(high)s card points"),
                low=total - high,
                high=total - low,
            ),
        )
    return Summary(seats=base.seats, stake=base.stake, kind="misere", seat_points=points)


def _played(s: Mapping[str, Any], base: Summary, rules: Rules) -> Summary:
    seats, size = base.seats, base.size
    contract = fields.choice(fields.present(s, "contract", "contract"), ALL_CONTRACTS, "contract")
    if contract not in CONTRACTS[size]:
        raise _not_at_size("contract", size)
    if contract == "take" and not rules.take_or_pass:
        raise _not_in_rules("contract")
    declarer = None
    if contract == "straw_man":  # no auction, no declarer (8.2)
        if s.get("declarer") is not None:
            raise FieldError(
                "declarer", Message("no_declarer", _("a straw man hand without a taker has no declarer"))
            )
    else:
        declarer = fields.seat(fields.present(s, "declarer", "declarer"), seats, "declarer")
        _check_preference(contract, declarer, seats)
    partner = None
    if s.get("partner") is not None:
        if size not in PARTNER_SIZES:
            raise _not_at_size("partner", size)
        partner = fields.seat(s["partner"], seats, "partner")
        if partner == declarer:  # calling one's own king or tarock is playing alone (2.0, 4.0)
            partner = None
    total = TOTAL_POINTS[size]
    points = fields.integer(fields.present(s, "card_points", "card_points"), 0, total, "card_points")
    hand = Summary(
        seats=seats,
        stake=base.stake,
        kind="played",
        contract=contract,
        declarer=declarer,
        partner=partner,
        card_points=points,
    )
    bonuses = _bonuses(s.get("bonuses"), hand, rules)
    kontra = _kontra(s.get("kontra"), hand, bonuses, rules)
    handfuls = _handfuls(s.get("handfuls"), hand, rules)
    return replace(hand, bonuses=bonuses, kontra=kontra, handfuls=handfuls)


def _check_preference(contract: str, declarer: str, seats: tuple[str, ...]) -> None:
    """At three and four "the preference contract is only available to the forehand who is not allowed to
    pass" (1.3, 2.0): the first seat; the others must bid higher or pass. At five and six anyone may (3.0)."""
    if contract == "preference" and len(seats) in FOREHAND_PREFERENCE_SIZES and declarer != seats[0]:
        raise FieldError(
            "declarer",
            Message(
                "preference_forehand_only",
                _("only the forehand (%(seat)s) may play preference with %(size)s players"),
                seat=seats[0],
                size=len(seats),
            ),
        )


def _bonuses(value: Any, hand: Summary, rules: Rules) -> dict[str, Bonus]:
    if value is None:
        return {}
    given = fields.obj(value, "bonuses")
    fields.keys_known(given, BONUSES, "bonuses")
    out: dict[str, Bonus] = {}
    for name, raw in given.items():
        path = f"bonuses.{name}"
        if not getattr(rules, BONUS_OPTION[name]):
            raise _not_in_rules(path)
        if hand.size not in BONUS_SIZES[name]:
            raise _not_at_size(path, hand.size)
        b = fields.obj(raw, path)
        fields.keys_known(b, BONUS_KEYS, path)
        side = fields.choice(fields.present(b, "side", f"{path}.side"), SIDES, f"{path}.side")
        announced = fields.boolean(b.get("announced", False), f"{path}.announced")
        made = fields.boolean(fields.present(b, "made", f"{path}.made"), f"{path}.made")
        if announced and (not rules.announcements or hand.size == 2):  # 5.3; none at two (8.2.1)
            raise _not_in_rules(f"{path}.announced")
        out[name] = Bonus(side, announced, made)
    valat = out.get("valat")
    if valat is not None and valat.made:
        _check_valat_points(valat.side, hand)
    return out


def _check_valat_points(side: str, hand: Summary) -> None:
    """All the tricks leave the other side only the talon's rest (declarer's valat) or the discards
    (the opponents' valat) (1.3, 1.4); at two there is neither (8.2)."""
    size, points = hand.size, hand.card_points or 0
    total = TOTAL_POINTS[size]
    slack = 0 if size == 2 else TALON_POINTS[size][1]
    ok = points >= total - slack if side == "declarer" else points <= (0 if size == 2 else MAX_DISCARD_POINTS)
    if not ok:
        raise FieldError(
            "card_points", Message("valat_points", _("do not fit a valat won by the %(team)s"), team=side)
        )


def _kontra(value: Any, hand: Summary, bonuses: Mapping[str, Bonus], rules: Rules) -> dict[str, int]:
    if value is None:
        return {}
    given = fields.obj(value, "kontra")
    fields.keys_known(given, ("contract", *BONUSES), "kontra")
    valat = bonuses.get("valat")
    out: dict[str, int] = {}
    for name, raw in given.items():
        path = f"kontra.{name}"
        level = fields.integer(raw, 0, MAX_KONTRA, path)
        if level == 0:
            continue
        if not rules.doubling or hand.size == 2:  # 7.2; no doubling at two (8.2.1)
            raise _not_in_rules(path)
        if name == "contract" and valat is not None and valat.announced:
            # 7.2: an announced valat replaces the contract; it is the valat that is doubled
            raise FieldError(
                path, Message("kontra_the_valat", _("the announced valat replaces the contract: double it"))
            )
        if name != "contract" and not (name in bonuses and bonuses[name].announced):
            raise FieldError(path, Message("kontra_unannounced", _("only an announced bonus can be doubled")))
        out[name] = level
    return out


def _handfuls(value: Any, hand: Summary, rules: Rules) -> dict[str, int]:
    """The handfuls declared, ``{seat: tarocks}``; a seat with 0 declared none (as the entry form sends)."""
    if value is None:
        return {}
    given = fields.per_seat(value, hand.seats, 0, HAND_SIZE, "handfuls", every=False)
    out = {seat: n for seat, n in given.items() if n}
    if not out:
        return {}
    if not rules.handfuls:
        raise _not_in_rules("handfuls")
    if hand.size not in HANDFUL_MINIMA:  # 8.2.1
        raise _not_at_size("handfuls", hand.size)
    least = HANDFUL_MINIMA[hand.size][0]
    for seat, tarocks in out.items():
        if tarocks < least:
            raise FieldError(
                f"handfuls.{seat}",
                Message(
                    "handful_too_small",
                    _("a handful is at least %(least)s tarocks with %(size)s players"),
                    least=least,
                    size=hand.size,
                ),
            )
    if sum(out.values()) > TAROCKS:
        raise FieldError(
            "handfuls", Message("too_many_tarocks", _("there are only %(count)s tarocks"), count=TAROCKS)
        )
    return out
