"""The words of Texas Tarock for the glossary and the score sheets: each as the Texas Czech players say it
(never translated), the plain English word where there is one, and a gloss (18.13, 19.16)."""

from __future__ import annotations

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop

TERMS: dict[str, Term] = {
    "povenost": Term(
        "Povenost",
        None,
        gettext_noop(
            "the lowest bid (Povinost in 19.16): the declarer takes four talon cards, the next two "
            "players one each, and he calls a King (or the XIX) for a partner"
        ),
    ),
    "no_trick": Term(
        "No Trick",
        gettext_noop("no trick"),
        gettext_noop("a bid to take no trick, alone; the talon is set aside"),
    ),
    "prever": Term(
        "Prever",
        None,
        gettext_noop(
            "the highest bid: the declarer plays alone with three talon cards, the first or the second three"
        ),
    ),
    "skys": Term("Skys", None, gettext_noop("the Excuse, the highest trump")),
    "mond": Term("Mond", None, gettext_noop("trump XXI")),
    "pagat": Term("Pagat", None, gettext_noop("trump I; winning the last trick with it scores")),
    "rider": Term("Rider", gettext_noop("knight"), gettext_noop("the Knight (Cavalier) of a suit")),
    "walker": Term("Walker", gettext_noop("jack"), gettext_noop("the Jack of a suit")),
    "valat": Term("Valat", None, gettext_noop("one side takes every trick")),
    "contra": Term(
        "Contra", None, gettext_noop("doubling the game or an announcement; Re, Supre and Mort double again")
    ),
    "tarockee": Term("Tarockee", None, gettext_noop("holding 8 or 9 trumps (Taroky)")),
    "velki": Term("Velki", None, gettext_noop("holding 10 or more trumps (Tarokee, Tarocky)")),
    "trul": Term("Trul", None, gettext_noop("holding Skys, Mond and Pagat (Trull)")),
    "pane": Term("Pane", None, gettext_noop("holding four 5-point cards, two or three of them Kings")),
    "trul_pane": Term("Trul Pane", None, gettext_noop("holding the Trul and a King")),
    "krale": Term("Krale", gettext_noop("four Kings"), gettext_noop("holding all four Kings")),
    "rosane_pane": Term(
        "Rosane Pane", None, gettext_noop("holding the four Kings and one Trul card (Rosanne Pane)")
    ),
    "spjst": Term("SPJST", None, gettext_noop("holding all seven 5-point cards")),
    "two_trumps": Term(
        "Two trumps", gettext_noop("two trumps"), gettext_noop("holding only one or two trumps")
    ),
    "no_trumps": Term("Uni", gettext_noop("no trumps"), gettext_noop("holding no trump")),
}
