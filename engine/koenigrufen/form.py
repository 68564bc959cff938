"""The Königrufen hand summary as a phone entry form: the kind of hand, then either the contract with its
declarer, called partner, result, kontra and bonuses (a bird beaten in its trick "lost silently"; and, where
the schedule lets several declarers play a negative contract at once (LK, 18.10), each further declarer
with their contract and result), or the Trischaken card points (each player's, counted in thirds) and
Jungfrauen. Kontras on bonuses are not asked here: a table enters those hands as JSON or as payments."""

from __future__ import annotations

from engine.core.form import FormField
from engine.core.messages import gettext_noop as _
from engine.koenigrufen.rules import BONUSES, CALLING, CONTRACTS, NEGATIVE, SILENT_LOST
from engine.koenigrufen.summary import CARD_POINTS, KINDS
from engine.koenigrufen.terms import LABELS

PLAYED = {"kind": ("played",)}
TRISCHAKEN = {"kind": ("trischaken",)}
POSITIVE = tuple(c for c in CONTRACTS if c not in NEGATIVE)

#: the negative contracts a schedule may let several declarers play at once (``Rules.simultaneous``)
SIMULTANEOUS: tuple[str, ...] = ("bettler", "zwiccolo", "piccolo")
#: the seats a further declarer may be
_ANY_SEAT = ("A", "B", "C", "D", "E")
#: labels of the further declarers, in order (at most three play beside the first)
_MORE_LABELS = (
    (_("Second declarer"), _("Second declarer's contract"), _("Won by the second declarer")),
    (_("Third declarer"), _("Third declarer's contract"), _("Won by the third declarer")),
    (_("Fourth declarer"), _("Fourth declarer's contract"), _("Won by the fourth declarer")),
)


def _more_declarers() -> tuple[FormField, ...]:
    """Each further declarer of a negative contract played by several at once: asked one after the other,
    each only once the one before is named."""
    out: list[FormField] = []
    for i, (who, contract, won) in enumerate(_MORE_LABELS):
        path = f"more_declarers.{i}"
        shown = {"contract": SIMULTANEOUS} if i == 0 else {f"more_declarers.{i - 1}.declarer": _ANY_SEAT}
        rules = {"simultaneous": SIMULTANEOUS}
        out += [
            FormField(
                f"{path}.declarer",
                "seat",
                who,
                help=_("another player who played a negative contract in the same hand (empty: nobody)")
                if i == 0
                else "",
                shown_when=shown,
                rules_when=rules,
            ),
            FormField(
                f"{path}.contract",
                "choice",
                contract,
                choices=SIMULTANEOUS,
                choices_from="simultaneous",
                required=True,
                shown_when={f"{path}.declarer": _ANY_SEAT},
                rules_when=rules,
            ),
            FormField(
                f"{path}.won", "bool", won, shown_when={f"{path}.declarer": _ANY_SEAT}, rules_when=rules
            ),
        ]
    return tuple(out)


SILENT_LOST_HELP = _("lost silently: played to its trick, unannounced, and beaten")

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField("kind", "choice", _("Kind of hand"), choices=KINDS, required=True),
    FormField(
        "contract",
        "choice",
        _("Contract"),
        choices=CONTRACTS,
        choices_from="contract_values",
        required=True,
        shown_when=PLAYED,
    ),
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
            rules_when={"bonuses_scored": (name,)},
            # the cups count a bird beaten in its trick, unannounced, as lost (rules.SILENT_LOST)
            help=SILENT_LOST_HELP if name in SILENT_LOST else "",
        )
        for name in BONUSES
    ),
    *_more_declarers(),
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
