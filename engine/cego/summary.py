"""Reading a Cego hand summary field by field into a ``Hand``; each error is a FieldError naming the field.

``seats`` are the active seats in play order: three (17.3; at a four-seat table the dealer is
``sitting_out``), or four in the four-handed game of 17.4 (``Rules.all_four_play``), where nobody sits out.
A played hand (``kind`` "played") names its ``contract`` and ``declarer``; a point contract (17.3: Cego,
the Leeren, Solo) gives the declarer's ``card_points`` (0..70, the pack counted in threes; 0..69 with the
51 cards of the three-handed game, ``Rules.three_handed_pack``) and
``all_tricks`` when a side took every trick; a fixed contract (Ulti, Solodu, Piccolo, Bettel) says whether
it was ``made``. A Räuber (``kind`` "raeuber", 17.4: everybody passed) gives every seat's card points
(``seat_points``) and tricks (``seat_tricks``). Each player counts their own pile in threes, so a pile that
is no multiple of three cards (four-card tricks, the Blinde's ten to the last trick) ends in a third: a
seat's points are a whole number or one ending in ⅓ or ⅔ (``engine.core.thirds``: ``23``, ``"23 1/3"``,
``"23,33"``), exact, and the table's add up to the pack's 70 (69 with the three-handed 51 cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cego.rules import CONTRACTS, POINT_CONTRACTS, Rules, resolve_rules
from engine.core import fields
from engine.core.messages import EngineError, FieldError
from engine.core.messages import gettext_noop as _
from engine.core.thirds import shown

KINDS: tuple[str, ...] = ("played", "raeuber")
#: who took every trick of a point contract (17.3: the base value is then 8)
ALL_TRICKS: tuple[str, ...] = ("none", "declarer", "opponents")
TEAMS: tuple[str, ...] = ("declarer", "opponents")
#: the card points of the whole pack counted in threes (the three-handed 51 cards: 69,
#: ``Rules.card_points``); the declarer needs more than half (17.3: "over 35")
CARD_POINTS = 70
#: the most tricks a seat can take (13 cards each at three-handed Cego)
MAX_TRICKS = 18
PLAYERS = 3
#: the active seats of 17.4's four-handed game (``Rules.all_four_play``)
FOUR_HANDED_PLAYERS = 4
TABLE_KEYS = ("seats", "stake", "sitting_out", "rules", "kind")
PLAYED_KEYS = ("contract", "declarer", "card_points", "all_tricks", "made")
RAEUBER_KEYS = ("seat_points", "seat_tricks")
MAX_STAKE = 10**6


@dataclass(frozen=True)
class Hand:
    """A checked summary: the table's facts and the hand's, in the summary's own words."""

    seats: tuple[str, ...]
    stake: int
    sitting_out: str | None
    rules: Rules
    kind: str
    contract: str | None = None
    declarer: str | None = None
    card_points: int | None = None
    all_tricks: str = "none"
    made: bool | None = None
    #: a Räuber's card points of each seat in thirds (23⅓ is 70), exact
    seat_thirds: Mapping[str, int] = field(default_factory=dict)
    seat_tricks: Mapping[str, int] = field(default_factory=dict)

    @property
    def positions(self) -> tuple[str, ...]:
        """Every seat the payments name: the active seats, then the sitting-out dealer."""
        return self.seats + ((self.sitting_out,) if self.sitting_out else ())

    @property
    def table_size(self) -> int:
        return len(self.positions)

    @property
    def defenders(self) -> tuple[str, ...]:
        """Who pays or is paid by the declarer: the other active seats and (17.3) the sitting-out dealer,
        who "wins and loses equally with the defenders"."""
        return tuple(s for s in self.positions if s != self.declarer)


def _label(value: Any, path: str) -> str:
    if type(value) is not str or not 1 <= len(value) <= 16 or not value.isprintable():
        raise fields.error(path, "seat_label", _("must be a seat label (1 to 16 printable characters)"))
    return value


def parse_summary(data: Any, rules: Rules | None = None) -> Hand:
    """``data`` as a ``Hand`` under ``rules`` (None: the summary's own ``rules``, else Ichenheim)."""
    summary = fields.obj(data, "summary")
    fields.keys_known(summary, (*TABLE_KEYS, *PLAYED_KEYS, *RAEUBER_KEYS))
    raw_seats = fields.present(summary, "seats", "seats")
    if not isinstance(raw_seats, list) or len(raw_seats) not in (PLAYERS, FOUR_HANDED_PLAYERS):
        raise fields.error("seats", "seats_three", _("must list the 3 active seats in play order"))
    seats = tuple(_label(v, f"seats.{i}") for i, v in enumerate(raw_seats))
    if len(set(seats)) != len(seats):
        raise fields.error("seats", "seats_distinct_list", _("lists a seat twice"))
    stake = fields.integer(summary.get("stake", 1), 1, MAX_STAKE, "stake")
    if rules is None:
        try:
            rules = resolve_rules(summary.get("rules"))
        except EngineError as exc:
            raise FieldError("rules", exc) from None
    if len(seats) == FOUR_HANDED_PLAYERS and not rules.all_four_play:
        raise fields.error("seats", "seats_three", _("must list the 3 active seats in play order"))
    sitting_out = summary.get("sitting_out")
    if sitting_out is not None:
        _label(sitting_out, "sitting_out")
        if rules.all_four_play:  # 17.4: all four play, the dealer too
            raise fields.error(
                "sitting_out", "all_four_play", _("nobody sits out: all four play the four-handed game")
            )
        if sitting_out in seats:
            raise fields.error(
                "sitting_out", "sitting_out_seat", _("must be a seat label distinct from the active seats")
            )
    kind = fields.choice(summary.get("kind", "played"), KINDS, "kind")
    base = {"seats": seats, "stake": stake, "sitting_out": sitting_out, "rules": rules, "kind": kind}
    if kind == "raeuber":
        return _raeuber(summary, base, rules)
    return _played(summary, base, rules)


def _played(summary: Mapping[str, Any], base: dict[str, Any], rules: Rules) -> Hand:
    for key in RAEUBER_KEYS:
        if key in summary:
            raise fields.error(key, "raeuber_only", _("only a Räuber gives every seat's points and tricks"))
    contract = fields.choice(fields.present(summary, "contract", "contract"), CONTRACTS, "contract")
    size = len(base["seats"]) + (1 if base["sitting_out"] else 0)
    if not rules.plays(contract, size):
        raise fields.error(
            "contract",
            "contract_not_played",
            _("%(value)s is not played at this table under these rules"),
            value=contract,
        )
    declarer = fields.seat(fields.present(summary, "declarer", "declarer"), base["seats"], "declarer")
    if contract in POINT_CONTRACTS:
        if "made" in summary:
            raise fields.error(
                "made", "made_fixed_only", _("only Ulti, Solodu, Piccolo and Bettel are made or not")
            )
        all_tricks = fields.choice(summary.get("all_tricks", "none"), ALL_TRICKS, "all_tricks")
        points = summary.get("card_points")
        if points is None and all_tricks == "none":
            raise FieldError("card_points", fields.REQUIRED)
        if points is not None:
            points = fields.integer(points, 0, rules.card_points(len(base["seats"])), "card_points")
            won = points >= rules.points_to_win
            if all_tricks != "none" and won != (all_tricks == "declarer"):
                raise fields.error(
                    "all_tricks",
                    "all_tricks_points",
                    _("%(points)s card points do not fit %(team)s taking every trick"),
                    points=points,
                    team=all_tricks,
                )
        return Hand(**base, contract=contract, declarer=declarer, card_points=points, all_tricks=all_tricks)
    for key in ("card_points", "all_tricks"):
        if key in summary:
            raise fields.error(
                key, "points_contract_only", _("only a contract scored by card points takes %(key)s"), key=key
            )
    made = fields.boolean(fields.present(summary, "made", "made"), "made")
    return Hand(**base, contract=contract, declarer=declarer, made=made)


def _raeuber(summary: Mapping[str, Any], base: dict[str, Any], rules: Rules) -> Hand:
    for key in PLAYED_KEYS:
        if key in summary:
            raise fields.error(key, "not_in_raeuber", _("a Räuber has no %(key)s"), key=key)
    size = len(base["seats"]) + (1 if base["sitting_out"] else 0)
    if not rules.specials_at(size):
        raise fields.error("kind", "raeuber_not_played", _("the Räuber is not played at this table"))
    seats = base["seats"]
    thirds = fields.per_seat_thirds(
        fields.present(summary, "seat_points", "seat_points"), seats, 0, CARD_POINTS, "seat_points"
    )
    tricks = fields.per_seat(
        fields.present(summary, "seat_tricks", "seat_tricks"), seats, 0, MAX_TRICKS, "seat_tricks"
    )
    total = sum(thirds.values())
    expected = rules.raeuber_total(len(seats))  # the pack's 70, or 69 with the three-handed 51 cards
    if expected and total != 3 * expected:
        raise fields.error(
            "seat_points",
            "card_points_total",
            _("add up to %(total)s, not %(expected)s"),
            total=shown(total),
            expected=expected,
        )
    if not any(tricks.values()):
        raise fields.error("seat_tricks", "no_tricks", _("somebody must take a trick"))
    for seat in seats:
        if tricks[seat] == 0 and thirds[seat] > 0:
            raise fields.error(
                f"seat_points.{seat}",
                "points_without_tricks",
                _("%(seat)s took no trick, so no card points"),
                seat=seat,
            )
    return Hand(**base, seat_thirds=thirds, seat_tricks=tricks)
