"""The terms of Hungarian Tarokk for the glossary: each as Hungarian players say it, the plain word where
there is one, and a gloss. Jargon (pagát, skíz, trull, kontra, volát ...) is never translated; the plain
word and the gloss are English templates (marked with ``gettext_noop``) that the tournament system shows in
the reader's language (the same texts ``tournaments/templatetags/tarokk.py`` holds today, phase 2 reads
them from here)."""

from __future__ import annotations

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop

#: key -> the term
TERMS: dict[str, Term] = {
    "tarokk": Term("tarokk", None, gettext_noop("a trump card (the 22 tarokks I to XXII)")),
    "pagat": Term("pagát", None, gettext_noop("tarokk I, the lowest trump")),
    "xxi": Term("XXI", None, gettext_noop("tarokk XXI, the second-highest trump")),
    "skiz": Term("skíz", None, gettext_noop("the Excuse (XXII), the highest tarokk")),
    "honours": Term(
        "honőrök", gettext_noop("honours"), gettext_noop("the three honours: pagát, XXI and skíz")
    ),
    "trull": Term(
        "trull", None, gettext_noop("a team wins all three honours (pagát, XXI and skíz) in its tricks")
    ),
    "four_kings": Term(
        "négy király", gettext_noop("four kings"), gettext_noop("a team wins all four kings in its tricks")
    ),
    "pagat_ultimo": Term("pagátultimó", None, gettext_noop("winning the last trick with the pagát")),
    "xxi_catch": Term(
        "XXI-fogás", gettext_noop("XXI catch"), gettext_noop("capturing the opponents' XXI with the skíz")
    ),
    "volat": Term("volát", None, gettext_noop("one team wins every trick")),
    "double_game": Term(
        "dupla játék",
        gettext_noop("double game"),
        gettext_noop("a team wins at least 71 card points in its tricks"),
    ),
    "kontra": Term("kontra", None, gettext_noop("doubling the value of a bonus or the game")),
    "rekontra": Term("rekontra", None, gettext_noop("the answer to a kontra: doubled again")),
    "szubkontra": Term("szubkontra", None, gettext_noop("the answer to a rekontra: doubled again")),
    "hirskontra": Term(
        "hirskontra", None, gettext_noop("the answer to a szubkontra: doubled again (16 times the value)")
    ),
    "mordkontra": Term(
        "mordkontra",
        None,
        gettext_noop(
            "the answer to a hirskontra: doubled again (32 times the value; not in the tournament rules)"
        ),
    ),
    "talon": Term("talon", None, gettext_noop("the six cards dealt face down and taken after the bidding")),
    "declarer": Term("felvevő", gettext_noop("declarer"), gettext_noop("the player who won the bidding")),
    "partner": Term("partner", None, gettext_noop("the declarer's partner, who holds the called tarokk")),
    "called_tarokk": Term(
        "hívott tarokk",
        gettext_noop("called tarokk"),
        gettext_noop("the tarokk the declarer calls (normally the XX): its holder is the declarer's partner"),
    ),
    "solo": Term(
        "szóló",
        gettext_noop("solo"),
        gettext_noop("the highest bid: the declarer takes no card from the talon"),
    ),
    "trial_three": Term(
        "próbahárom",
        gettext_noop("trial three"),
        gettext_noop(
            "after three passes the fourth player bids three without an honour; if the talon brings none,"
            " the game is lost without play (a failed trial three) and the bidder pays each player"
        ),
    ),
    "passed_out": Term(
        "körpassz",
        gettext_noop("passed out"),
        gettext_noop("all four players pass: nobody pays, the same dealer deals again"),
    ),
    "annulled": Term(
        "bedobás",
        gettext_noop("annulled hand"),
        gettext_noop(
            "a player with a hopeless hand (a lone XXI, no tarokk) throws it in: nobody pays, the deal is"
            " redone"
        ),
    ),
    "doubled_round": Term(
        "dupla kör",
        gettext_noop("doubled round"),
        gettext_noop(
            "after a hand passed out or annulled, a round of deals that counts double (not in the tournament"
            " rules)"
        ),
    ),
    "renonsz": Term(
        "renonsz",
        None,
        gettext_noop(
            "a breach of the rules (not following suit, announcing without the promised cards ...): the"
            " offender pays each other player a penalty"
        ),
    ),
    "eight_tarokks": Term(
        "nyolc tarokk",
        gettext_noop("eight tarokks"),
        gettext_noop("holding eight tarokks, declared at the start"),
    ),
    "nine_tarokks": Term(
        "kilenc tarokk",
        gettext_noop("nine tarokks"),
        gettext_noop("holding nine tarokks, declared at the start"),
    ),
}
