"""The Talon hand summary as an entry form (``engine.core.form``), in the order a table enters a hand."""

from __future__ import annotations

from engine.core.form import FormField
from engine.core.messages import gettext_noop as _
from engine.talon.summary import KINDS
from engine.talon.tables import ALL_CONTRACTS, BONUSES, HAND_SIZE

_PLAYED = {"kind": ("played",)}
_CONTRACT_KINDS = {"kind": ("played", "surrendered")}

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField("kind", "choice", _("How the hand ended"), choices=KINDS, required=True),
    FormField("contract", "choice", _("Contract"), choices=ALL_CONTRACTS, shown_when=_CONTRACT_KINDS),
    FormField(
        "declarer",
        "seat",
        _("Declarer"),
        shown_when=_CONTRACT_KINDS,
        help=_(
            "Left out in a straw man hand without a taker; at three or four only the forehand plays"
            " preference"
        ),
    ),
    FormField(
        "partner",
        "seat",
        _("Partner"),
        shown_when=_PLAYED,
        help=_("The holder of the called king (four players) or tarock (six); empty when playing alone"),
    ),
    FormField(
        "card_points",
        "int",
        _("Card points of the declaring side"),
        minimum=0,
        maximum=130,
        shown_when=_PLAYED,
        help=_("Talon cards and discards included; the forehand's in a straw man hand without a taker"),
    ),
    FormField(
        "seat_points",
        "per_seat",
        _("Card points each player took"),
        minimum=0,
        maximum=130,
        shown_when={"kind": ("misere",)},
    ),
    FormField("kontra.contract", "kontra", _("Contract doubled"), shown_when=_PLAYED),
    *(
        field
        for name, label in zip(
            BONUSES,
            (_("Pagat ultimo"), _("King ultimo"), _("All three oudlers"), _("All four kings"), _("Valat")),
            strict=True,
        )
        for field in (
            FormField(f"bonuses.{name}", "bonus", label, shown_when=_PLAYED),
            FormField(f"kontra.{name}", "kontra", _("Announced bonus doubled"), shown_when=_PLAYED),
        )
    ),
    FormField(
        "handfuls",
        "per_seat",
        _("Tarocks declared in a handful"),
        minimum=0,
        maximum=HAND_SIZE,
        shown_when=_PLAYED,
        help=_("0 for a player who declared none"),
    ),
)
