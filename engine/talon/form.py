"""The Talon hand summary as an entry form (``engine.core.form``), in the order a table enters a hand."""

from __future__ import annotations

from engine.core.form import FormField
from engine.core.messages import gettext_noop as _
from engine.talon.summary import KINDS
from engine.talon.tables import (
    ALL_CONTRACTS,
    BONUS_OPTION,
    BONUS_SIZES,
    BONUSES,
    CONTRACTS,
    HAND_SIZE,
    HANDFUL_MINIMA,
    PARTNER_SIZES,
    TABLE_SIZES,
)

_PLAYED = {"kind": ("played",)}
_CONTRACT_KINDS = {"kind": ("played", "surrendered")}
#: the ways a hand may end at each table size: the called card in the talon only where a card is called
#: (2.0, 4.0), a misère not at two (8.2.1), passing out only at five and six (3.0)
_KINDS_AT = {
    size: tuple(
        kind
        for kind in KINDS
        if (kind != "surrendered" or size in PARTNER_SIZES)
        and (kind != "misere" or size > 2)
        and (kind != "passed_out" or size >= 5)
    )
    for size in TABLE_SIZES
}
#: doubling and announcing: not at two (8.2.1)
_DOUBLING_SIZES = tuple(size for size in TABLE_SIZES if size > 2)

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField(
        "kind",
        "choice",
        _("How the hand ended"),
        choices=KINDS,
        required=True,
        choices_from="kinds",
        choices_at=_KINDS_AT,
    ),
    FormField(
        "contract",
        "choice",
        _("Contract"),
        choices=ALL_CONTRACTS,
        shown_when=_CONTRACT_KINDS,
        choices_at=CONTRACTS,
    ),
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
        at_sizes=tuple(sorted(PARTNER_SIZES)),
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
    FormField(
        "kontra.contract",
        "kontra",
        _("Contract doubled"),
        shown_when=_PLAYED,
        rules_when={"doubling": (True,)},
        at_sizes=_DOUBLING_SIZES,
    ),
    *(
        field
        for name, label, doubled in zip(
            BONUSES,
            (_("Pagat ultimo"), _("King ultimo"), _("All three oudlers"), _("All four kings"), _("Valat")),
            (
                _("Pagat ultimo doubled"),
                _("King ultimo doubled"),
                _("All three oudlers doubled"),
                _("All four kings doubled"),
                _("Valat doubled"),
            ),
            strict=True,
        )
        for field in (
            FormField(
                f"bonuses.{name}",
                "bonus",
                label,
                shown_when=_PLAYED,
                rules_when={BONUS_OPTION[name]: (True,)},
                at_sizes=tuple(sorted(BONUS_SIZES[name])),
            ),
            FormField(
                f"kontra.{name}",
                "kontra",
                doubled,
                shown_when=_PLAYED,
                rules_when={BONUS_OPTION[name]: (True,), "doubling": (True,)},
                at_sizes=tuple(s for s in sorted(BONUS_SIZES[name]) if s in _DOUBLING_SIZES),
            ),
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
        rules_when={"handfuls": (True,)},
        at_sizes=tuple(sorted(HANDFUL_MINIMA)),
    ),
)
