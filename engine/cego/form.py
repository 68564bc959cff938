"""The Cego hand summary as a phone entry form (``engine.core.form``): what is asked, in order."""

from __future__ import annotations

from engine.cego.rules import CONTRACTS, FIXED_CONTRACTS, POINT_CONTRACTS
from engine.cego.summary import ALL_TRICKS, CARD_POINTS, KINDS, MAX_TRICKS
from engine.core.form import FormField
from engine.core.messages import gettext_noop as _

PLAYED = {"kind": ("played",)}

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField(
        "kind",
        "choice",
        _("Hand"),
        choices=KINDS,
        choices_from="kinds_at",
        required=True,
        help=_("Räuber: everybody passed (four-seat tables)"),
    ),
    FormField(
        "contract",
        "choice",
        _("Contract"),
        choices=CONTRACTS,
        choices_from="contracts_at",
        required=True,
        shown_when=PLAYED,
    ),
    FormField("declarer", "seat", _("Declarer"), required=True, shown_when=PLAYED),
    FormField(
        "card_points",
        "int",
        _("Declarer's card points"),
        minimum=0,
        maximum=CARD_POINTS,
        help=_("counted in threes, 70 in all (69 with the 51 cards of the three-handed game); 36 win"),
        shown_when={"contract": POINT_CONTRACTS},
    ),
    FormField(
        "all_tricks",
        "choice",
        _("Every trick taken by"),
        choices=ALL_TRICKS,
        shown_when={"contract": POINT_CONTRACTS},
    ),
    FormField("made", "bool", _("Made"), required=True, shown_when={"contract": FIXED_CONTRACTS}),
    FormField(
        "seat_points",
        "per_seat_thirds",
        _("Card points"),
        minimum=0,
        maximum=CARD_POINTS,
        required=True,
        help=_("each player's own count in threes: 23, 23 1/3 (or 23,33) or 23 2/3 (23,67)"),
        shown_when={"kind": ("raeuber",)},
    ),
    FormField(
        "seat_tricks",
        "per_seat",
        _("Tricks"),
        minimum=0,
        maximum=MAX_TRICKS,
        required=True,
        shown_when={"kind": ("raeuber",)},
    ),
)
