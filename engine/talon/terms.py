"""Talon's words: the glossary (``TERMS``) and the English label of each word a page shows (``LABELS``).
Talon is an English-language game, so its words are English and every one is translated."""

from __future__ import annotations

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop as _

#: the contra ladder of 7.2, level 1 first
KONTRA_NAMES: tuple[str, ...] = ("contra", "re-contra", "supra-contra")

TERMS: dict[str, Term] = {
    "talon": Term(
        "talon", _("talon"), _("The six cards dealt face down to the centre, also the kitty (1.2).")
    ),
    "oudler": Term(
        "oudler",
        _("oudler"),
        _("The world (tarock 21), the pagat (tarock 1) and the fool; also matadors (1.1)."),
    ),
    "pagat": Term("pagat", _("pagat"), _("Tarock 1, the little man (1.1).")),
    "fool": Term(
        "fool", _("fool"), _("The unnumbered tarock, also the excuse; the highest trump (1.5, 8.1).")
    ),
    "forehand": Term(
        "forehand", _("forehand"), _("The player on the dealer's left, who bids and leads first (1.3).")
    ),
    "tapper": Term("tapper", _("tapper"), _("Contract at five or six: take all six talon cards (3.0).")),
    "preference": Term(
        "preference", _("preference"), _("Contract: take the first or the last three talon cards (1.3).")
    ),
    "duo": Term("duo", _("duo"), _("Contract at three or four: take two talon cards side by side (1.3).")),
    "uno": Term("uno", _("uno"), _("Contract at three or four: take any one talon card (1.3).")),
    "solo": Term(
        "solo", _("solo"), _("Contract: play without the talon, which counts for the defenders (1.3).")
    ),
    "straw_man": Term(
        "straw man",
        _("straw man"),
        _("The two-player game with three face-down stacks each, the dummies (8.2)."),
    ),
    "take": Term(
        "take", _("take"), _("The one contract of the two-player auction: win 2 or lose 3 (8.2.3).")
    ),
    "misere": Term(
        "misère", _("misère"), _("The negative game: the most card points pay every other player (5.4, 7.3).")
    ),
    "valat": Term(
        "valat", _("valat"), _("Winning all the tricks: four times the contract, announced eight (5.2).")
    ),
    "pagat_ultimo": Term(
        "pagat ultimo", _("pagat ultimo"), _("Winning the last trick with the pagat (5.1).")
    ),
    "king_ultimo": Term(
        "king ultimo",
        _("king ultimo"),
        _("The side winning the last trick that holds the called king (6.3)."),
    ),
    "all_three": Term("all three", _("all three"), _("Winning all three oudlers in tricks (6.1).")),
    "all_four": Term("all four", _("all four"), _("Winning all four kings in tricks (6.1).")),
    "handful": Term("handful", _("handful"), _("Declaring many tarocks: single, double or triple (6.2).")),
    "contra": Term(
        "contra",
        _("contra"),
        _("Doubling the contract or an announced bonus; re-contra and supra-contra double again (7.2)."),
    ),
    "surrender": Term(
        "surrender",
        _("surrender"),
        _("A declarer who finds the called card in the talon may give up and pay the contract (2.0, 4.0)."),
    ),
    "victory_points": Term(
        "victory points", _("victory points"), _("The score of a hand, also game points (1.6).")
    ),
    "card_points": Term(
        "card points",
        _("card points"),
        _("What the cards won count: oudlers and kings 5 ... others 1 (1.1)."),
    ),
}

LABELS: dict[str, str] = {
    # kinds
    "played": _("played"),
    "misere": _("misère"),
    "surrendered": _("surrendered"),
    "annulled": _("annulled"),
    "passed_out": _("passed out"),
    # contracts
    "straw_man": _("straw man"),
    "take": _("take"),
    "tapper": _("tapper"),
    "preference": _("preference"),
    "duo": _("duo"),
    "uno": _("uno"),
    "solo": _("solo"),
    # items and bonuses
    "contract": _("contract"),
    "valat": _("valat"),
    "pagat_ultimo": _("pagat ultimo"),
    "king_ultimo": _("king ultimo"),
    "all_three": _("all three oudlers"),
    "all_four": _("all four kings"),
    "single_handful": _("single handful"),
    "double_handful": _("double handful"),
    "triple_handful": _("triple handful"),
    "surrender": _("surrender"),
    # sides
    "declarer": _("declarer"),
    "opponents": _("defenders"),
    # the contra ladder
    "contra": _("contra"),
    "re-contra": _("re-contra"),
    "supra-contra": _("supra-contra"),
}
