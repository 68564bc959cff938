"""The words of Slovenian Tarok for the glossary, as Slovenian players say them (16.8 Bled writes some as
the German translation has them: Dvojko, Enojko, Bera, Klopecki)."""

from __future__ import annotations

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop as _

TERMS: dict[str, Term] = {
    "tarok": Term("tarok", None, _("a trump card (the 22 taroks I to XXI and the Škis)")),
    "skis": Term("škis", None, _("the highest tarok, the Fool")),
    "mond": Term("mond", None, _("tarok XXI, the second-highest trump")),
    "pagat": Term("pagat", None, _("tarok I, the lowest trump")),
    "talon": Term(
        "talon", None, _("the six cards dealt face down, taken in part or not at all by the declarer")
    ),
    "klop": Term(
        "klop",
        None,
        _("everyone passed: each plays for himself and loses the card points he takes (Klopecki at Bled)"),
    ),
    "trojka": Term(
        "trojka", _("three"), _("the declarer takes three talon cards and needs more than 35 points")
    ),
    "dvojka": Term("dvojka", _("two"), _("the declarer takes two talon cards and needs more than 35 points")),
    "enojka": Term("enojka", _("one"), _("the declarer takes one talon card and needs more than 35 points")),
    "berac": Term("berač", _("beggar"), _("the declarer must take no trick (Bera at Bled)")),
    "solo": Term(
        "solo brez",
        _("solo without"),
        _("the declarer plays without the talon and needs more than 35 points"),
    ),
    "odprti_berac": Term("odprti berač", _("open beggar"), _("a beggar with the declarer's cards shown")),
    "barvni_valat": Term(
        "barvni valat", _("colour valat"), _("the declarer must take every trick, taroks not trumping")
    ),
    "valat": Term("valat", None, _("one side takes every trick")),
    "trula": Term("trula", None, _("one side takes the Škis, the Mond and the Pagat")),
    "kralji": Term("kralji", _("kings"), _("one side takes all four kings")),
    "pagat_ultimo": Term("pagat ultimo", None, _("winning the last trick with the Pagat")),
    "mond_penalty": Term("mond", None, _("a player whose Mond is captured loses 21")),
    "difference": Term("razlika", _("difference"), _("the declarer's card points minus 35, rounded to 5")),
    "kontra": Term("kontra", None, _("doubling a game or an announced bonus")),
    "re": Term("re", None, _("the answer to a kontra: doubled again")),
    "sub": Term("sub", None, _("the answer to a re: doubled again")),
    "mort": Term("mort", None, _("the answer to a sub: doubled again (16 times)")),
    "radelc": Term(
        "radelc", None, _("a mark after a Klop, Berač or Valat: its holder's next score counts double")
    ),
}

#: the English label of every word a page shows (jargon labelled by itself)
LABELS: dict[str, str] = {
    "klop": _("Klop"),
    "trojka": _("Trojka"),
    "dvojka": _("Dvojka"),
    "enojka": _("Enojka"),
    "berac": _("Berač"),
    "solo": _("Solo brez"),
    "odprti_berac": _("Odprti berač"),
    "barvni_valat": _("Barvni valat"),
    "valat": _("Valat"),
    "trula": _("Trula"),
    "kralji": _("Kralji"),
    "pagat_ultimo": _("Pagat ultimo"),
    "game": _("Game"),
    "mond_penalty": _("Mond penalty"),
    "played": _("Played"),
    "annulled": _("Thrown in (no tarok)"),
    "declarer": _("Declarer"),
    "opponents": _("Opponents"),
}
