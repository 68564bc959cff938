"""The Hungarian family of ``hungarian-tarokk-family.txt``: Basic (Paskievics) Tarokk, Palatine, Magus and
Emperor Tarokk, played as presets of the Hungarian game (``engine.hungarian.rules``).

Their basic bonuses are the Hungarian game's own items under other names ("Paskievics Tarokk"): Honours is
trull, Kings is four kings, High Game is double game, Slam is volát, The Sparrow is pagát ultimó and Conquest
is XXI-catch (at 20/40). The bonuses the later games add ("Palatine Tarokk", "Magus Tarokk", "Emperor's
Bonuses") are listed here: a summary names the ones made in ``result.bonuses`` (team by bonus) and the ones
announced in ``announcements``, as it names trull and four kings. A preset says which exist and what they
are worth (``Rules.family_bonuses``: name, silent value, announced value; a silent value of 0 is "must be
announced to score").
"""

from __future__ import annotations

from engine.core.messages import gettext_noop

#: every family bonus -> the fewest tricks the team that makes it must have taken (a summary crediting a
#: team with fewer is refused)
MIN_TRICKS: dict[str, int] = {
    "first_five": 5,  # Palatine: the first five tricks, the fifth won by the Judgement (XX)
    "first_six": 6,  # the first six, the sixth won by the World (XXI)
    "first_seven": 7,  # the first seven, the seventh won by Tomfool (skíz)
    "first_eight": 8,  # the first eight, the eighth won by the Magician (pagát)
    "last_king": 1,  # the last trick won by the king of the named suit
    "penultimate_king": 1,  # the penultimate trick won by the king of the named suit
    "last_owl": 1,  # Magus: the last trick won by the High Priestess (II)
    "owl": 1,  # the next to last trick won by the High Priestess
    "two_little_birds": 2,  # the last two tricks won by the Magician and the High Priestess
    "large_bird": 1,  # the seventh trick won by the named card (Sparrow, Owl or a king)
    "little_bird": 1,  # the sixth trick won by the named card
    "first_pheasant": 1,  # the first trick won by the Magician
    "second_pheasant": 1,  # the first trick won by the High Priestess
    "brace_of_pheasants": 1,  # the first trick won by the World, taking the Magician and High Priestess
    "house": 3,  # the last three tricks won by cards of the named suit
    "three_kings": 3,  # each of the last three tricks won by a king
    "evil_one": 1,  # Emperor: a trick won by a Fire or Water (evil) queen or cavalier
    "good_one": 1,  # a trick won by an Earth or Air (good) queen or cavalier
    "pip_the_post": 1,  # a trick won by a pip card of the named suit
    "marriage": 2,  # the last two tricks won by the king and queen of the named suit
    "bethlehem": 3,  # the last three tricks won by kings
    "family": 3,  # the last three tricks each won by a card of the named suit
    "flock": 3,  # the last three tricks each won by a bird (Magician, High Priestess, Empress, Emperor)
}
FAMILY_BONUSES: tuple[str, ...] = tuple(MIN_TRICKS)

#: (bonus, silent value, announced value); a silent value of 0: "must be announced to score"
PALATINE_BONUSES: tuple[tuple[str, int, int], ...] = (
    ("first_five", 5, 10),
    ("first_six", 6, 12),
    ("first_seven", 7, 14),
    ("first_eight", 10, 20),
    ("last_king", 0, 15),
    ("penultimate_king", 0, 20),
)
#: "Magus Tarokk": Palatine's list and its own ("each building upon the list of possible achievements")
MAGUS_BONUSES: tuple[tuple[str, int, int], ...] = (
    *PALATINE_BONUSES,
    ("last_owl", 5, 10),
    ("owl", 0, 20),
    ("two_little_birds", 0, 40),
    ("large_bird", 0, 30),
    ("little_bird", 0, 40),
    ("first_pheasant", 10, 50),
    ("second_pheasant", 10, 50),
    # "unannounced for 30 points if both The Magician and The High Priestess are played by opponents,
    # otherwise ... announced for 60": a summary credits a silent brace only in the first case
    ("brace_of_pheasants", 30, 60),
    ("house", 0, 100),
    ("three_kings", 0, 100),
)
#: "Emperor's Bonuses": Palatine's list, the owls at other values (announced only), and its own
EMPEROR_BONUSES: tuple[tuple[str, int, int], ...] = (
    *PALATINE_BONUSES,
    ("last_owl", 0, 25),
    ("owl", 0, 30),
    ("evil_one", 0, 20),
    ("good_one", 0, 20),
    ("pip_the_post", 0, 30),
    ("marriage", 0, 50),  # "Must be declared": read as announced
    ("bethlehem", 0, 60),
    ("family", 0, 60),
    ("flock", 0, 60),
)

#: "Two Little Birds ... if won, any Sparrow, Last Owl, or Owl, cannot score as well": the items of the same
#: team it keeps from scoring (announced or silent, won or lost - our reading: they are not scored at all)
BIRDS_EXCLUDE: frozenset[str] = frozenset({"pagat_ultimo", "last_owl", "owl"})

#: the English label of each family bonus (score sheets, the entry kit)
LABELS: dict[str, str] = {
    "first_five": gettext_noop("First Five"),
    "first_six": gettext_noop("First Six"),
    "first_seven": gettext_noop("First Seven"),
    "first_eight": gettext_noop("First Eight"),
    "last_king": gettext_noop("Last King"),
    "penultimate_king": gettext_noop("Penultimate King"),
    "last_owl": gettext_noop("Last Owl"),
    "owl": gettext_noop("Owl"),
    "two_little_birds": gettext_noop("Two Little Birds"),
    "large_bird": gettext_noop("Large Bird"),
    "little_bird": gettext_noop("Little Bird"),
    "first_pheasant": gettext_noop("First Pheasant"),
    "second_pheasant": gettext_noop("Second Pheasant"),
    "brace_of_pheasants": gettext_noop("Brace of Pheasants"),
    "house": gettext_noop("House of a suit"),
    "three_kings": gettext_noop("Three Kings"),
    "evil_one": gettext_noop("Evil One"),
    "good_one": gettext_noop("Good One"),
    "pip_the_post": gettext_noop("Pip the Post"),
    "marriage": gettext_noop("Marriage"),
    "bethlehem": gettext_noop("Bethlehem"),
    "family": gettext_noop("Family of a suit"),
    "flock": gettext_noop("Flock"),
}

#: the English name of each family preset (``engine.hungarian.rules.PRESETS``), as pages name a rules preset
PRESET_LABELS: dict[str, str] = {
    "family_basic": gettext_noop("Basic Tarokk (the Hungarian family)"),
    "palatine": gettext_noop("Palatine Tarokk"),
    "magus": gettext_noop("Magus Tarokk"),
    "emperor": gettext_noop("Emperor Tarokk"),
}
