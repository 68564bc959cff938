"""The hand summary as a phone's entry form: what a table fills in, in the order it is asked."""

from __future__ import annotations

from engine.core.form import FormField
from engine.core.messages import gettext_noop
from engine.texas.rules import CONTRACTS, TALONS
from engine.texas.summary import KINDS

_PLAYED = {"kind": ("played",)}
_CARDS = {"contract": ("povenost", "prever")}

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField(
        "kind",
        "choice",
        gettext_noop("Hand"),
        choices=KINDS,
        choices_from="kinds",
        help=gettext_noop("played, or thrown in (19.16 variants)"),
    ),
    FormField(
        "contract",
        "choice",
        gettext_noop("Contract"),
        choices=CONTRACTS,
        choices_from="contracts",
        required=True,
        shown_when=_PLAYED,
    ),
    FormField("declarer", "seat", gettext_noop("Declarer"), required=True),
    FormField(
        "partner",
        "seat",
        gettext_noop("Partner"),
        help=gettext_noop("who held the called card; leave empty when the declarer plays alone"),
        shown_when={"contract": ("povenost",)},
    ),
    FormField("talon", "choice", gettext_noop("Talon"), choices=TALONS, shown_when={"contract": ("prever",)}),
    FormField(
        "no_trick_bid",
        "bool",
        gettext_noop("No Trick was bid"),
        shown_when={"contract": ("prever",)},
        rules_when={"contracts": ("no_trick",)},
    ),
    FormField(
        "card_points",
        "int",
        gettext_noop("Declarer's side's card points"),
        minimum=0,
        maximum=106,
        help=gettext_noop("54 or more wins"),
        shown_when=_CARDS,
    ),
    FormField("made", "bool", gettext_noop("No trick taken"), shown_when={"contract": ("no_trick",)}),
    FormField("bonuses.pagat", "bonus", gettext_noop("Pagat on the last trick"), shown_when=_CARDS),
    FormField(
        "bonuses.pagat_captured",
        "bonus",
        gettext_noop("Unannounced Pagat captured on the last trick"),
        shown_when=_CARDS,
    ),
    FormField(
        "bonuses.king",
        "bonus",
        gettext_noop("Called King on the last trick"),
        shown_when={"contract": ("povenost",)},
        rules_when={"king_bonus": (True,)},
    ),
    FormField(
        "bonuses.king_captured",
        "bonus",
        gettext_noop("Unannounced called King lost on the last trick"),
        shown_when={"contract": ("povenost",)},
        rules_when={"king_captured_scored": (True,)},
    ),
    FormField("bonuses.valat", "bonus", gettext_noop("Valat"), shown_when=_CARDS),
    FormField(
        "bonuses.xxi_captured",
        "bonus",
        gettext_noop("XXI captured by the Skys"),
        shown_when=_CARDS,
        rules_when={"xxi_captured_scored": (True,)},
    ),
    FormField("kontra.game", "kontra", gettext_noop("Contra on the game"), shown_when=_PLAYED),
    FormField(
        "kontra.pagat",
        "kontra",
        gettext_noop("Contra on the Pagat"),
        shown_when=_CARDS,
        rules_when={"kontra_targets": ("pagat",)},
    ),
    FormField(
        "kontra.king",
        "kontra",
        gettext_noop("Contra on the King"),
        shown_when={"contract": ("povenost",)},
        rules_when={"kontra_targets": ("king",), "king_bonus": (True,)},
    ),
    FormField(
        "kontra.valat",
        "kontra",
        gettext_noop("Contra on the Valat"),
        shown_when=_CARDS,
        rules_when={"kontra_targets": ("valat",)},
    ),
    *(
        FormField(
            f"declarations.{word}",
            "seats",
            label,
            help=gettext_noop("the seats that declared it"),
            shown_when=_CARDS,
            rules_when={"declarations": (word,)},
        )
        for word, label in (
            ("tarockee", gettext_noop("Tarockee")),
            ("velki", gettext_noop("Velki")),
            ("trul", gettext_noop("Trul")),
            ("pane", gettext_noop("Pane")),
            ("trul_pane", gettext_noop("Trul Pane")),
            ("krale", gettext_noop("Krale")),
            ("rosane_pane", gettext_noop("Rosane Pane")),
            ("spjst", gettext_noop("SPJST")),
            ("two_trumps", gettext_noop("Two trumps")),
            ("no_trumps", gettext_noop("No trumps (Uni)")),
        )
    ),
)
