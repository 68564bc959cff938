"""The words of Königrufen a page shows: the glossary (``TERMS``: the Austrian word, the plain English word
where there is one, a gloss) and the English label of every contract, bonus, item, kind and side
(``LABELS``; jargon is labelled by itself, the glossary explains it)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.core.descriptor import Term
from engine.core.messages import gettext_noop as _

TERMS: Mapping[str, Term] = MappingProxyType(
    {
        "rufer": Term(
            "Rufer", None, _("the basic game: the declarer calls a King and its holder is the partner")
        ),
        "solorufer": Term("Solorufer", None, _("a Rufer played without the talon")),
        "pagatrufer": Term("Pagatrufer", None, _("a Rufer with the Pagat Ultimo announced")),
        "uhurufer": Term("Uhurufer", None, _("a Rufer with the Uhu announced")),
        "kakadurufer": Term("Kakadurufer", None, _("a Rufer with the Kakadu announced")),
        "quapilrufer": Term("Quapil Rufer", None, _("a Rufer with the Quapil announced")),
        "trischaken": Term(
            "Trischaken", None, _("everyone plays for themselves to take few card points; the most pays")
        ),
        "fahren": Term(
            "Fahren", None, _("the Lungau name of Trischaken; the next hands are at double stakes")
        ),
        "sechserdreier": Term(
            "Sechserdreier", None, _("the first player takes the whole talon and plays alone")
        ),
        "dreier": Term("Dreier", None, _("the declarer takes three talon cards and plays alone")),
        "farbendreier": Term(
            "Farbendreier", None, _("a Dreier played as a colour game, with its own rules for Tarocks")
        ),
        "farbensolo": Term("Farbensolo", None, _("a Farbendreier played without the talon")),
        "solodreier": Term("Solodreier", None, _("the declarer plays alone without the talon")),
        "piccolo": Term("Piccolo", None, _("the declarer must take exactly one trick")),
        "zwiccolo": Term("Zwiccolo", None, _("the declarer must take exactly two tricks")),
        "bettler": Term("Bettler", None, _("the declarer must take no trick")),
        "piccolo_ouvert": Term("Piccolo ouvert", None, _("a Piccolo with the declarer's cards shown")),
        "bettler_ouvert": Term("Bettler ouvert", None, _("a Bettler with the declarer's cards shown")),
        "trull": Term("Trull", None, _("Sküs, Mond and Pagat taken home by one side")),
        "four_kings": Term("Vier Könige", _("four Kings"), _("all four Kings taken home by one side")),
        "pagat": Term("Pagat Ultimo", None, _("the Pagat (Tarock I) wins the last trick")),
        "uhu": Term("Uhu", None, _("the Tarock II wins the last trick but one")),
        "kakadu": Term("Kakadu", None, _("the Tarock III wins the third last trick")),
        "quapil": Term("Quapil", None, _("the Tarock IIII wins the fourth last trick")),
        "king_ultimo": Term("König Ultimo", _("King Ultimo"), _("the called King wins the last trick")),
        "absolut": Term("Absolut", None, _("one side takes at least 49 card points and a card")),
        "mondfang": Term("Mondfang", None, _("the Mond (Tarock XXI) is caught by the Sküs")),
        "valat": Term("Valat", None, _("one side takes every trick")),
        "kontra": Term("Kontra", None, _("doubles a game or a bonus; Re and Sub double it again")),
        "still": Term(
            "still",
            _("silent"),
            _(
                "a bonus not announced: made, it scores its silent value; a bird played to its trick and"
                " beaten is lost silently and costs it"
            ),
        ),
        "blatt": Term(
            "Blatt",
            _("card over"),
            _(
                "one or two cards left when a pile is counted in threes: a third of a point each"
                " (35 and 2 Blatt)"
            ),
        ),
        "buergermeister": Term(
            "Bürgermeister", None, _("a Trischaken loser with 36 or more card points: pays double")
        ),
        "jungfrau": Term("Jungfrau", None, _("a Trischaken player without a trick: wins from the loser")),
        "vorhand": Term("Vorhand", _("first player"), _("the player after the dealer, first to bid")),
        "schriftpunkte": Term("Schriftpunkte", _("game points"), _("the points written down for each hand")),
    }
)

LABELS: Mapping[str, str] = MappingProxyType(
    {
        "played": _("played"),
        "trischaken": "Trischaken",
        "declarer": _("declarer"),
        "opponents": _("opponents"),
        "rufer": "Rufer",
        "solorufer": "Solorufer",
        "pagatrufer": "Pagatrufer",
        "uhurufer": "Uhurufer",
        "kakadurufer": "Kakadurufer",
        "quapilrufer": "Quapil Rufer",
        "sechserdreier": "Sechserdreier",
        "dreier": "Dreier",
        "farbendreier": "Farbendreier",
        "farbensolo": "Farbensolo",
        "solodreier": "Solodreier",
        "piccolo": "Piccolo",
        "zwiccolo": "Zwiccolo",
        "bettler": "Bettler",
        "piccolo_ouvert": "Piccolo ouvert",
        "bettler_ouvert": "Bettler ouvert",
        "trull": "Trull",
        "four_kings": _("Four Kings"),
        "pagat": "Pagat Ultimo",
        "uhu": "Uhu",
        "kakadu": "Kakadu",
        "quapil": "Quapil",
        "king_ultimo": _("King Ultimo"),
        "absolut": "Absolut",
        "mondfang": "Mondfang",
        "valat": "Valat",
        "jungfrau": "Jungfrau",
    }
)
