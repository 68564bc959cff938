"""The words of Slovenian Tarok for the glossary, as Slovenian players say them (16.8 Bled writes some as
the German translation has them: Dvojko, Enojko, Bera, Klopecki)."""

from __future__ import annotations

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop

TERMS: dict[str, Term] = {
    "tarok": Term("tarok", None, gettext_noop("a trump card (the 22 taroks I to XXI and the Škis)")),
    "skis": Term("škis", None, gettext_noop("the highest tarok, the Fool")),
    "mond": Term("mond", None, gettext_noop("tarok XXI, the second-highest trump")),
    "pagat": Term("pagat", None, gettext_noop("tarok I, the lowest trump")),
    "talon": Term(
        "talon",
        None,
        gettext_noop("the six cards dealt face down, taken in part or not at all by the declarer"),
    ),
    "klop": Term(
        "klop",
        None,
        gettext_noop(
            "everyone passed: each plays for himself and loses the card points he takes (Klopecki at Bled)"
        ),
    ),
    "trojka": Term(
        "trojka",
        gettext_noop("three"),
        gettext_noop("the declarer takes three talon cards and needs more than 35 points"),
    ),
    "dvojka": Term(
        "dvojka",
        gettext_noop("two"),
        gettext_noop("the declarer takes two talon cards and needs more than 35 points"),
    ),
    "enojka": Term(
        "enojka",
        gettext_noop("one"),
        gettext_noop("the declarer takes one talon card and needs more than 35 points"),
    ),
    "solo_trojka": Term(
        "solo trojka",
        gettext_noop("solo three"),
        gettext_noop(
            "played as Trojka at a higher value (pagat's four-handed game: Three without a partner)"
        ),
    ),
    "solo_dvojka": Term(
        "solo dvojka",
        gettext_noop("solo two"),
        gettext_noop("played as Dvojka at a higher value (pagat's four-handed game: Two without a partner)"),
    ),
    "solo_enojka": Term(
        "solo enojka",
        gettext_noop("solo one"),
        gettext_noop("played as Enojka at a higher value (pagat's four-handed game: One without a partner)"),
    ),
    "berac": Term(
        "berač", gettext_noop("beggar"), gettext_noop("the declarer must take no trick (Bera at Bled)")
    ),
    "solo": Term(
        "solo brez",
        gettext_noop("solo without"),
        gettext_noop("the declarer plays without the talon and needs more than 35 points"),
    ),
    "odprti_berac": Term(
        "odprti berač", gettext_noop("open beggar"), gettext_noop("a beggar with the declarer's cards shown")
    ),
    "barvni_valat": Term(
        "barvni valat",
        gettext_noop("colour valat"),
        gettext_noop("the declarer must take every trick, taroks not trumping"),
    ),
    "valat": Term("valat", None, gettext_noop("one side takes every trick")),
    "trula": Term("trula", None, gettext_noop("one side takes the Škis, the Mond and the Pagat")),
    "kralji": Term("kralji", gettext_noop("kings"), gettext_noop("one side takes all four kings")),
    "pagat_ultimo": Term("pagat ultimo", None, gettext_noop("winning the last trick with the Pagat")),
    "mond_penalty": Term("mond", None, gettext_noop("a player whose Mond is captured loses 21")),
    "difference": Term(
        "razlika",
        gettext_noop("difference"),
        gettext_noop("the declarer's card points minus 35, rounded to 5"),
    ),
    "kontra": Term("kontra", None, gettext_noop("doubling a game or an announced bonus")),
    "re": Term("re", None, gettext_noop("the answer to a kontra: doubled again")),
    "sub": Term("sub", None, gettext_noop("the answer to a re: doubled again")),
    "mort": Term("mort", None, gettext_noop("the answer to a sub: doubled again (16 times)")),
    "radelc": Term(
        "radelc",
        None,
        gettext_noop(
            "a mark every player gets after a Klop, Berač or Valat: its holder scores double until he wins a "
            "game he declared"
        ),
    ),
}

#: the English label of every word a page shows (jargon labelled by itself)
LABELS: dict[str, str] = {
    "klop": gettext_noop("Klop"),
    "trojka": gettext_noop("Trojka"),
    "dvojka": gettext_noop("Dvojka"),
    "enojka": gettext_noop("Enojka"),
    "solo_trojka": gettext_noop("Solo trojka"),
    "solo_dvojka": gettext_noop("Solo dvojka"),
    "solo_enojka": gettext_noop("Solo enojka"),
    "berac": gettext_noop("Berač"),
    "solo": gettext_noop("Solo brez"),
    "odprti_berac": gettext_noop("Odprti berač"),
    "barvni_valat": gettext_noop("Barvni valat"),
    "valat": gettext_noop("Valat"),
    "trula": gettext_noop("Trula"),
    "kralji": gettext_noop("Kralji"),
    "pagat_ultimo": gettext_noop("Pagat ultimo"),
    "game": gettext_noop("Game"),
    "mond_penalty": gettext_noop("Mond penalty"),
    "played": gettext_noop("Played"),
    "annulled": gettext_noop("Thrown in (no tarok)"),
    "declarer": gettext_noop("Declarer"),
    "opponents": gettext_noop("Opponents"),
}
