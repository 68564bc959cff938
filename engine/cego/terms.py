"""Cego's own words (the glossary) and the English label of every word a page shows.

The words stay as Baden's players say them; ``plain`` is an English word where there is one and the gloss
says what the word means at Ichenheim (Dummett & McLeod supplement 17.3, 17.4).
"""

from __future__ import annotations

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop as _

TERMS: dict[str, Term] = {
    "cego": Term(
        "Cego",
        None,
        _(
            "The extra hand dealt face down to the table (the Blinde), and the lowest"
            " contract: the declarer keeps one card of his hand and plays with the Blinde."
        ),
    ),
    "blinde": Term("Blinde", _("blind"), _("The Cego: the extra hand dealt to the middle of the table.")),
    "trock": Term("Trock", _("trump"), _("One of the 22 permanent trumps: the Gstieß, then 21 down to 1.")),
    "gstiess": Term("Gstieß", None, _("The highest trump (the Fool), worth 5 card points.")),
    "brettli": Term(
        "Brettli", _("empty card"), _("A suit card below the court cards, worth no card points.")
    ),
    "eine_leere": Term("Eine Leere", None, _("The declarer keeps one empty card and plays with the Blinde.")),
    "zwei_leere": Term(
        "Zwei Leere", None, _("The declarer keeps two empty cards and plays with the Blinde.")
    ),
    "zwei_verschiedene": Term(
        "Zwei Verschiedene",
        None,
        _("The declarer keeps two empty cards of different suits and plays with the Blinde."),
    ),
    "kleiner_mann": Term("Kleiner Mann", None, _("A contract with the Trock 1 (not played at Ichenheim).")),
    "solo": Term(
        "Solo", None, _("The declarer plays his own hand against the others; multiplier 1, won or lost.")
    ),
    "ulti": Term(
        "Ulti",
        None,
        _(
            "With his own hand the declarer wins the last trick with the Trock 1: 20 game"
            " points to or from each defender."
        ),
    ),
    "solodu": Term(
        "Solodu",
        None,
        _("Also Drescher: with his own hand the declarer wins every trick: 64 game points per defender."),
    ),
    "piccolo": Term(
        "Piccolo", None, _("Four-handed special game: the declarer takes exactly one trick; 10 game points.")
    ),
    "bettel": Term(
        "Bettel", None, _("Four-handed special game: the declarer takes no trick; 15 game points.")
    ),
    "raeuber": Term(
        "Räuber",
        None,
        _(
            "Played when everybody passed: whoever takes most card points pays 5 to each"
            " opponent, doubled for each player who took no trick."
        ),
    ),
    "vorhand": Term("Vorhand", _("first hand"), _("The player at the dealer's right, who bids first.")),
    "buergermeister": Term(
        "Bürgermeister",
        _("mayor"),
        _("A declarer who loses with exactly 35 card points: he buys the table a round of Schnaps."),
    ),
}

LABELS: dict[str, str] = {
    "played": _("Played"),
    "raeuber": _("Räuber"),
    "cego": _("Cego"),
    "eine_leere": _("Eine Leere"),
    "zwei_leere": _("Zwei Leere"),
    "zwei_verschiedene": _("Zwei Verschiedene"),
    "kleiner_mann": _("Kleiner Mann"),
    "solo": _("Solo"),
    "ulti": _("Ulti"),
    "solodu": _("Solodu"),
    "piccolo": _("Piccolo"),
    "bettel": _("Bettel"),
    "declarer": _("Declarer"),
    "opponents": _("Defenders"),
    "none": _("Neither side"),
    # the presets
    "ichenheim": "Ichenheim",
    "ichenheim_three_handed": _("Ichenheim, three-handed only"),
    "four_handed": _("Four-handed Cego (all four play)"),
}
