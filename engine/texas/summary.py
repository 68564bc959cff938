"""A Texas Tarock hand summary, read field by field into a ``Hand``; anything wrong is a ``FieldError``
naming the field's path.

The summary (``engine/schemas/texas/hand-summary.schema.json``)::

    {"seats": ["B", "A", "D", "C"], "stake": 1, "rules": "taylor_king", "kind": "played",
     "contract": "povenost", "declarer": "B", "partner": "D", "card_points": 61,
     "bonuses": {"pagat": {"side": "opponents", "announced": true, "made": false}},
     "kontra": {"game": 1, "pagat": 0},
     "declarations": {"trul": ["A"], "two_trumps": ["C", "D"]}}

``partner`` (Povenost only) is the holder of the called King (18.13) or XIX (19.16); left out when the
declarer called his own card and plays alone. ``card_points`` are the declarer's side's (of 106).
``talon`` (Prever): ``first``, ``second`` or ``back``. ``made`` (No Trick): the declarer took no trick.
``declarations`` lists, for each declared holding, the seats that declared it (a form asks one set of
check boxes per holding); they are scored whether the seat wins or loses the game (18.13, 19.16).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import fields
from engine.core.form import SIDES
from engine.core.messages import FieldError, Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.texas.rules import DECLARATIONS, TALONS, Rules, resolve_rules

#: kinds of hand: played, or (19.16 variants) thrown in by a declarer who drew the called trump
KINDS: tuple[str, ...] = ("played", "called_from_talon")
#: the bonuses of the last trick, of Valat and of the XXI; ``*_captured`` belong to the capturing side
BONUSES: tuple[str, ...] = ("pagat", "pagat_captured", "king", "king_captured", "valat", "xxi_captured")
TEAMS: tuple[str, ...] = SIDES
KONTRA_LEVELS = 4  # Contra, Re, Supre, Mort
CARD_POINTS = 106
TOP_KEYS = (
    "seats",
    "stake",
    "sitting_out",
    "rules",
    "kind",
    "contract",
    "declarer",
    "partner",
    "talon",
    "no_trick_bid",
    "card_points",
    "made",
    "bonuses",
    "kontra",
    "declarations",
)
BONUS_KEYS = ("side", "announced", "made")

# the same codes and texts as Hungarian Tarokk's summary
SEATS_LIST = Message("seats_list", _("must be a list of the 4 active seat labels"))
SEATS_DISTINCT = Message("seats_distinct", _("must be 4 distinct non-empty strings"))
SITTING_OUT_SEAT = Message("sitting_out_seat", _("must be a seat label distinct from the active seats"))
NOT_HERE = Message("texas_not_here", _("does not apply to this contract or kind of hand"))
NO_TALON_THROW = Message("texas_no_talon_throw", _("these rules let no declarer throw in his hand"))
PARTNER_SELF = Message(
    "texas_partner_self", _("must be another seat than the declarer (left out when he plays alone)")
)
BONUS_NOT_HERE = Message("texas_bonus_not_here", _("is not a bonus of these rules or of this contract"))
SILENT_ONLY = Message("texas_silent_only", _("cannot be announced"))
KING_SIDE = Message("texas_king_side", _("the called King is on the declarer's side"))
KING_CAPTURED_SIDE = Message("texas_king_captured_side", _("only the opponents can capture the called King"))
VALAT_POINTS = Message("texas_valat_points", _("a side that took every trick has won the game"))
KONTRA_UNANNOUNCED = Message("texas_kontra_unannounced", _("only an announced bonus can be given a Contra"))
HOLDING_KIND = Message(
    "texas_holding_kind", _("a seat declares only the highest holding of each kind (trumps, 5-point cards)")
)
HOLDINGS_IMPOSSIBLE = Message(
    "texas_holdings_impossible", _("these holdings cannot all be in the hands at once")
)


def _conflict(other: str) -> Message:
    return Message("texas_bonus_conflict", _("cannot go with %(bonus)s"), bonus=other)


# What a declared holding needs in a 12-card hand: (least trumps, least Kings, least Trul cards).
# 18.13: Pane is four 5-point cards with 2 or 3 Kings, Trul Pane the Trul and a King, Rosane Pane the four
# Kings and a Trul card, SPJST all seven; Tarockee 8 or 9 trumps, Velki 10 or more, Two trumps 1 or 2.
NEEDS: dict[str, tuple[int, int, int]] = {
    "tarockee": (8, 0, 0),
    "velki": (10, 0, 0),
    "two_trumps": (1, 0, 0),
    "no_trumps": (0, 0, 0),
    "trul": (3, 0, 3),
    "pane": (1, 2, 1),
    "trul_pane": (3, 1, 3),
    "krale": (0, 4, 0),
    "rosane_pane": (1, 4, 1),
    "spjst": (3, 4, 3),
}
TRUMP_COUNT = ("tarockee", "velki", "two_trumps", "no_trumps")
FIVE_POINT = ("trul", "pane", "trul_pane", "krale", "rosane_pane", "spjst")
MOST_TRUMPS = {"two_trumps": 2, "no_trumps": 0}  # and 9 for Tarockee, but Trul cards never reach that
TRUMPS, KINGS, TRUL_CARDS, HAND = 22, 4, 3, 12


@dataclass
class Bonus:
    side: str
    announced: bool
    made: bool


@dataclass
class Hand:
    """A checked summary."""

    rules: Rules
    seats: tuple[str, ...]
    stake: int = 1
    sitting_out: str | None = None
    kind: str = "played"
    contract: str = "povenost"
    declarer: str = ""
    partner: str | None = None
    talon: str | None = None
    no_trick_bid: bool = False
    card_points: int | None = None
    made: bool | None = None
    bonuses: dict[str, Bonus] = field(default_factory=dict)
    kontra: dict[str, int] = field(default_factory=dict)
    declarations: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def declarers(self) -> tuple[str, ...]:
        """The declarer's side: the declarer, and his partner when he has one."""
        return (self.declarer,) if self.partner is None else (self.declarer, self.partner)

    @property
    def positions(self) -> tuple[str, ...]:
        """Every seat the payments name: the active seats and a sitting-out one."""
        return self.seats if self.sitting_out is None else (*self.seats, self.sitting_out)


def _given(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key)
    return not (value is None or (isinstance(value, dict | list) and not value))


def _absent(data: Mapping[str, Any], *keys: str) -> None:
    for key in keys:
        if _given(data, key):
            raise FieldError(key, NOT_HERE)


def parse_summary(data: Any, rules: Rules | None = None) -> Hand:
    """Check ``data`` and return its Hand; ``rules`` overrides ``data["rules"]`` (default: taylor_king)."""
    data = fields.obj(data, "summary")
    fields.keys_known(data, TOP_KEYS)
    if rules is None:
        try:
            rules = resolve_rules(data.get("rules"))
        except RulesError as exc:
            raise FieldError("rules", exc) from None
    seats = data.get("seats")
    if type(seats) is not list or len(seats) != 4:
        raise FieldError("seats", SEATS_LIST)
    if not all(type(s) is str and s for s in seats) or len(set(seats)) != 4:
        raise FieldError("seats", SEATS_DISTINCT)
    hand = Hand(rules=rules, seats=tuple(seats))
    out = data.get("sitting_out")
    if out is not None:
        if type(out) is not str or not out or out in hand.seats:
            raise FieldError("sitting_out", SITTING_OUT_SEAT)
        hand.sitting_out = out
    if data.get("stake") is not None:
        hand.stake = fields.integer(data["stake"], 1, 10**6, "stake")
    hand.kind = fields.choice(data.get("kind", "played"), KINDS, "kind")
    hand.declarer = fields.seat(fields.present(data, "declarer", "declarer"), hand.seats, "declarer")
    if hand.kind == "called_from_talon":
        _parse_thrown_in(data, hand)
    else:
        _parse_played(data, hand)
    return hand


def _parse_thrown_in(data: Mapping[str, Any], hand: Hand) -> None:
    """19.16 variants: "If he draws the called trump from the talon, he may throw in his hand and pay 2
    game points to each of the other players" (a Povinost only)."""
    if hand.rules.called_from_talon_penalty <= 0:
        raise FieldError("kind", NO_TALON_THROW)
    if data.get("contract") is not None:
        fields.choice(data["contract"], ("povenost",), "contract")
    _absent(
        data, "partner", "talon", "no_trick_bid", "card_points", "made", "bonuses", "kontra", "declarations"
    )


def _parse_played(data: Mapping[str, Any], hand: Hand) -> None:
    rules = hand.rules
    contract = hand.contract = fields.choice(
        fields.present(data, "contract", "contract"), rules.contracts, "contract"
    )
    if contract == "povenost":
        if data.get("partner") is not None:
            hand.partner = fields.seat(data["partner"], hand.seats, "partner")
            if hand.partner == hand.declarer:
                raise FieldError("partner", PARTNER_SELF)
    else:
        _absent(data, "partner")
    if contract == "prever":
        hand.talon = fields.choice(fields.present(data, "talon", "talon"), TALONS, "talon")
        if "no_trick" in rules.contracts and data.get("no_trick_bid") is not None:
            hand.no_trick_bid = fields.boolean(data["no_trick_bid"], "no_trick_bid")
        else:
            _absent(data, "no_trick_bid")
    else:
        _absent(data, "talon", "no_trick_bid")
    if contract == "no_trick":
        # 18.13: "Contra, Re, etc. may be said to a No Trick game, but none of the other announcements may
        # be made" (we count the declared holdings among them)
        hand.made = fields.boolean(fields.present(data, "made", "made"), "made")
        _absent(data, "card_points", "bonuses", "declarations")
    else:
        _absent(data, "made")
        hand.card_points = fields.integer(
            fields.present(data, "card_points", "card_points"), 0, CARD_POINTS, "card_points"
        )
        if data.get("bonuses") is not None:
            _parse_bonuses(fields.obj(data["bonuses"], "bonuses"), hand)
        if data.get("declarations") is not None:
            _parse_declarations(fields.obj(data["declarations"], "declarations"), hand)
    if data.get("kontra") is not None:
        _parse_kontra(fields.obj(data["kontra"], "kontra"), hand)


def _bonuses_here(hand: Hand) -> tuple[str, ...]:
    rules, king = hand.rules, hand.rules.king_bonus and hand.contract == "povenost"
    return tuple(
        name
        for name, allowed in (
            ("pagat", True),
            ("pagat_captured", True),
            ("king", king),
            ("king_captured", king and rules.king_captured_value > 0),
            ("valat", True),
            ("xxi_captured", rules.xxi_captured_value > 0),
        )
        if allowed
    )


def _parse_bonuses(raw: Mapping[str, Any], hand: Hand) -> None:
    here = _bonuses_here(hand)
    for name in raw:
        if type(name) is str and name in BONUSES and name not in here:
            raise FieldError(f"bonuses.{name}", BONUS_NOT_HERE)
    fields.keys_known(raw, here, "bonuses")
    for name, value in raw.items():
        path = f"bonuses.{name}"
        entry = fields.obj(value, path)
        fields.keys_known(entry, BONUS_KEYS, path)
        bonus = Bonus(
            side=fields.choice(fields.present(entry, "side", f"{path}.side"), SIDES, f"{path}.side"),
            announced=fields.boolean(entry.get("announced", False), f"{path}.announced"),
            made=fields.boolean(fields.present(entry, "made", f"{path}.made"), f"{path}.made"),
        )
        if name in ("pagat_captured", "king_captured", "xxi_captured") and bonus.announced:
            raise FieldError(f"{path}.announced", SILENT_ONLY)
        if name == "king" and bonus.side != "declarer":
            raise FieldError(f"{path}.side", KING_SIDE)
        if name == "king_captured" and bonus.side != "opponents":
            raise FieldError(f"{path}.side", KING_CAPTURED_SIDE)
        if bonus.announced or bonus.made:  # an unannounced bonus not made is nothing (a form's blank)
            hand.bonuses[name] = bonus
    for card in ("pagat", "king"):
        # the card's own bonus (won, or announced) and its capture are two accounts of one last trick
        own, captured = hand.bonuses.get(card), hand.bonuses.get(f"{card}_captured")
        if own is not None and captured is not None:
            raise FieldError(f"bonuses.{card}_captured", _conflict(card))
    valat = hand.bonuses.get("valat")
    if valat is not None and valat.made and (hand.card_points >= 54) != (valat.side == "declarer"):
        raise FieldError("card_points", VALAT_POINTS)


def _parse_kontra(raw: Mapping[str, Any], hand: Hand) -> None:
    targets = hand.rules.kontra_targets if hand.contract != "no_trick" else ("game",)
    fields.keys_known(raw, targets, "kontra")
    for target, level in raw.items():
        path = f"kontra.{target}"
        hand.kontra[target] = fields.integer(level, 0, KONTRA_LEVELS, path)
        bonus = hand.bonuses.get(target)
        if target != "game" and hand.kontra[target] and (bonus is None or not bonus.announced):
            raise FieldError(path, KONTRA_UNANNOUNCED)


def _parse_declarations(raw: Mapping[str, Any], hand: Hand) -> None:
    words = tuple(w for w in DECLARATIONS if w in hand.rules.declarations)
    fields.keys_known(raw, words, "declarations")
    held: dict[str, list[str]] = {s: [] for s in hand.seats}
    for word, value in raw.items():
        path = f"declarations.{word}"
        seats = fields.seats(value, hand.seats, path, least=0)
        if seats:
            hand.declarations[word] = seats
        for s in seats:
            held[s].append(word)
    totals = [0, 0, 0]
    for words_held in held.values():
        for family in (TRUMP_COUNT, FIVE_POINT):
            mine = [w for w in words_held if w in family]
            if len(mine) > 1:
                raise FieldError(f"declarations.{mine[1]}", HOLDING_KIND)
        trumps = max((NEEDS[w][0] for w in words_held), default=0)
        kings = max((NEEDS[w][1] for w in words_held), default=0)
        trul = max((NEEDS[w][2] for w in words_held), default=0)
        most = min((MOST_TRUMPS.get(w, TRUMPS) for w in words_held), default=TRUMPS)
        if trul > most or max(trumps, trul) + kings > HAND:
            raise FieldError("declarations", HOLDINGS_IMPOSSIBLE)
        for i, n in enumerate((trumps, kings, trul)):
            totals[i] += n
    if totals[0] > TRUMPS or totals[1] > KINGS or totals[2] > TRUL_CARDS:
        raise FieldError("declarations", HOLDINGS_IMPOSSIBLE)
