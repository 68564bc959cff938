"""The Königrufen hand summary as a phone entry form: the kind of hand, then either the contract with its
declarer, called partner, result, kontra and bonuses (a bird beaten in its trick "lost silently"), or the
Trischaken card points (each player's, counted in thirds) and Jungfrauen.
Several declarers of a negative contract (``more_declarers``, LK) and kontras on bonuses are not asked
here: a table enters those hands as JSON or as payments."""

from __future__ import annotations

from engine.core.form import FormField
from engine.core.messages import gettext_noop as _
from engine.koenigrufen.rules import BONUSES, CALLING, CONTRACTS, NEGATIVE, SILENT_LOST
from engine.koenigrufen.summary import CARD_POINTS, KINDS
from engine.koenigrufen.terms import LABELS

PLAYED = {"kind": ("played",)}
TRISCHAKEN = {"kind": ("trischaken",)}
POSITIVE = tuple(c for c in CONTRACTS if c not in NEGATIVE)

SILENT_LOST_HELP = _("lost silently: played to its trick, unannounced, and beaten")

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField("kind", "choice", _("Kind of hand"), choices=KINDS, required=True),
    FormField("contract", "choice", _("Contract"), choices=CONTRACTS, required=True, shown_when=PLAYED),
    FormField("declarer", "seat", _("Declarer"), required=True, shown_when=PLAYED),
    FormField(
        "partner",
        "seat",
        _("Partner (holder of the called King)"),
        help=_("leave empty when the declarer called their own King or it lay in the talon"),
        shown_when={"contract": CALLING},
    ),
    FormField("won", "bool", _("Won by the declarer's side"), required=True, shown_when=PLAYED),
    FormField("kontra", "kontra", _("Kontra on the game"), shown_when=PLAYED),
    *(
        FormField(
            f"bonuses.{name}",
            "bonus",
            LABELS[name],
            shown_when={"contract": POSITIVE},
            # the cups count a bird beaten in its trick, unannounced, as lost (rules.SILENT_LOST)
            help=SILENT_LOST_HELP if name in SILENT_LOST else "",
        )
        for name in BONUSES
    ),
    FormField(
        "card_points",
        "per_seat_thirds",
        _("Card points"),
        minimum=0,
        maximum=CARD_POINTS,
        required=True,
        help=_("each player's own count in threes: 23, 23 1/3 (or 23,33) or 23 2/3 (23,67)"),
        shown_when=TRISCHAKEN,
    ),
    FormField("jungfrau", "seats", _("Players without a trick (Jungfrau)"), shown_when=TRISCHAKEN),
)
