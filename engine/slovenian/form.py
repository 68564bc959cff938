"""The hand summary as an entry form: the contract first, then what that contract asks."""

from __future__ import annotations

from engine.core.form import FormField
from engine.core.messages import gettext_noop
from engine.slovenian.rules import BONUSES, CONTRACTS
from engine.slovenian.summary import KINDS, MADE_CONTRACTS, POINT_CONTRACTS
from engine.slovenian.terms import LABELS

_GAMES = tuple(c for c in CONTRACTS if c != "klop")
_POINTS = {"contract": POINT_CONTRACTS}

_PLAYED = {"kind": ("played",)}

#: each bonus's kontra names its bonus: four questions "Kontra on the bonus" cannot be told apart
_BONUS_KONTRA = {
    "trula": gettext_noop("Kontra on the Trula"),
    "kralji": gettext_noop("Kontra on the Kralji"),
    "pagat_ultimo": gettext_noop("Kontra on the Pagat ultimo"),
    "valat": gettext_noop("Kontra on the Valat"),
}

SUMMARY_FORM: tuple[FormField, ...] = (
    FormField(
        "kind",
        "choice",
        gettext_noop("Kind of hand"),
        choices=KINDS,
        required=True,
        help=gettext_noop("annulled: thrown in and dealt again"),
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
    FormField("declarer", "seat", gettext_noop("Declarer"), shown_when={"contract": _GAMES}),
    FormField(
        "card_points",
        "int",
        gettext_noop("Declarer's card points"),
        minimum=0,
        maximum=70,
        help=gettext_noop("counted in threes, the declarer's talon cards included; more than 35 wins"),
        shown_when=_POINTS,
    ),
    FormField("made", "bool", gettext_noop("Contract made"), shown_when={"contract": MADE_CONTRACTS}),
    FormField("kontra", "kontra", gettext_noop("Kontra on the game"), shown_when={"contract": _GAMES}),
    *(
        field
        for b in BONUSES
        for field in (
            FormField(f"bonuses.{b}", "bonus", LABELS[b], shown_when=_POINTS),
            FormField(f"bonus_kontra.{b}", "kontra", _BONUS_KONTRA[b], shown_when=_POINTS),
        )
    ),
    FormField(
        "mond_captured",
        "seat",
        gettext_noop("Mond captured from"),
        help=gettext_noop("the player whose Mond was captured or left in the talon"),
        shown_when=_POINTS,
    ),
    FormField(
        "klop_points",
        "per_seat",
        gettext_noop("Card points taken"),
        minimum=0,
        maximum=70,
        shown_when={"contract": ("klop",)},
    ),
    FormField(
        "kontra_by",
        "seat",
        gettext_noop("Kontra said by"),
        shown_when={"contract": ("klop",)},
        rules_when={"klop_kontra": (True,)},
    ),
    FormField(
        "radelci",
        "seats",
        gettext_noop("Players with a radelc"),
        help=gettext_noop("only where the rules keep radelci"),
        rules_when={"radelci": (True,)},
    ),
)
