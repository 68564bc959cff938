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

#: the cards that may win a trick, as the bonuses name them: the Magician (I, the pagát), the High Priestess
#: (II), the Empress (III), the Emperor (IV), the Judgement (XX), the World (XXI), Tomfool (the skíz), and the
#: suit cards by rank
SUIT_CARDS: frozenset[str] = frozenset({"king", "queen", "rider", "jack", "pip"})
_KINGS = frozenset({"king"})
_BIRDS = frozenset({"I", "II"})

#: family bonus -> {trick: the cards one of which wins it}, a trick counted from the first (1) or from the
#: last (-1 the last, -2 the penultimate): what the text says each bonus is ("First Pheasant: ... winning the
#: first trick with The Magician"). Two bonuses made in one hand that name disjoint cards for the same trick
#: cannot both be true (First and Second Pheasant: the first trick is won by one card); a summary claiming
#: both is refused. The Evil One, the Good One and Pip the Post name no trick.
TRICK_WINNERS: dict[str, dict[int, frozenset[str]]] = {
    "first_five": {5: frozenset({"XX"})},  # "the last of them must be won by The Judgement"
    "first_six": {6: frozenset({"XXI"})},  # "... by The World"
    "first_seven": {7: frozenset({"skiz"})},  # "... by Tomfool"
    "first_eight": {8: frozenset({"I"})},  # "... by The Magician" (Emperor: "The Juggler")
    "last_king": {-1: _KINGS},  # "The last trick must be taken by the King of the named suit"
    "penultimate_king": {-2: _KINGS},
    "last_owl": {-1: frozenset({"II"})},  # "winning the last trick with The High Priestess"
    "owl": {-2: frozenset({"II"})},  # "the next to last trick"
    # "the last two tricks with The Magician and The High Priestess ... played to either trick"
    "two_little_birds": {-1: _BIRDS, -2: _BIRDS},
    # "the seventh (sixth) trick with the declared card": the Sparrow, the Owl or a King
    "large_bird": {7: _BIRDS | _KINGS},
    "little_bird": {6: _BIRDS | _KINGS},
    "first_pheasant": {1: frozenset({"I"})},  # "winning the first trick with The Magician"
    "second_pheasant": {1: frozenset({"II"})},  # "... with The High Priestess"
    "brace_of_pheasants": {1: frozenset({"XXI"})},  # "... with The World"
    "house": {-1: SUIT_CARDS, -2: SUIT_CARDS, -3: SUIT_CARDS},  # "with the cards of the named suit"
    "three_kings": {-1: _KINGS, -2: _KINGS, -3: _KINGS},  # "each of the last three tricks with ... Kings"
    "marriage": {-1: frozenset({"king", "queen"}), -2: frozenset({"king", "queen"})},
    "bethlehem": {-1: _KINGS, -2: _KINGS, -3: _KINGS},
    "family": {-1: SUIT_CARDS, -2: SUIT_CARDS, -3: SUIT_CARDS},
    "flock": {t: frozenset({"I", "II", "III", "IV"}) for t in (-1, -2, -3)},
}
#: family bonus -> the tricks its team wins, beyond those of ``TRICK_WINNERS``: "The team must take the
#: first five tricks" ... (Palatine). Each bonus whose text says its team wins the trick ("winning",
#: "taken by") gives the credited team that trick too; a first trick credited to both teams, or to one team
#: by one bonus and to the other by another, is refused. The Emperor's Marriage, Bethlehem, Family and Flock
#: say only "won by" the cards, not by whom: they name no team's tricks.
TEAM_TRICKS: dict[str, tuple[int, ...]] = {
    **{name: tuple(TRICK_WINNERS[name]) for name in TRICK_WINNERS},
    "first_five": tuple(range(1, 6)),
    "first_six": tuple(range(1, 7)),
    "first_seven": tuple(range(1, 8)),
    "first_eight": tuple(range(1, 9)),
}
for _name in ("marriage", "bethlehem", "family", "flock"):
    del TEAM_TRICKS[_name]


def trick_conflict(made: list[tuple[str, int]], tricks: int | None) -> tuple[str, str, int] | None:
    """The first pair of family bonuses ``made`` (``(bonus, team)`` in the summary's order) that cannot both
    be true: ``(bonus, earlier bonus, trick)``, the trick counted as ``TRICK_WINNERS`` counts it; None when
    they fit. ``tricks``: the hand's number of tricks when it is certain (nine of the 42-card pack), so that
    "the eighth" and "the penultimate" are the same trick; None compares only tricks counted the same way."""

    def trick(t: int) -> int:
        return tricks + 1 + t if tricks is not None and t < 0 else t

    cards: dict[int, tuple[frozenset[str], str]] = {}
    teams: dict[int, tuple[int, str]] = {}
    for name, team in made:
        for t, allowed in TRICK_WINNERS.get(name, {}).items():
            at = trick(t)
            if at in cards:
                before, other = cards[at]
                if not before & allowed:
                    return name, other, t
                cards[at] = (before & allowed, other)
            else:
                cards[at] = (allowed, name)
        for t in TEAM_TRICKS.get(name, ()):
            at = trick(t)
            if at in teams and teams[at][0] != team:
                return name, teams[at][1], t
            teams.setdefault(at, (team, name))
    return None


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
