"""Talon's rule options and presets (talon.txt; sections cited as "5.1" ...).

The text builds the game up in levels, and each level is a preset: the Introductory Game (1.0-4.0, no
options), the Complete Basic Game (5.0: pagat ultimo, valat, announcements, misère), the Advanced Game (6.0:
honours, handfuls, king ultimo) and the Complete Advanced Game (7.0: the multiple round auction, doubling,
trick compulsion), which is ``standard``, the default. The two-player straw man variants (8.2.2, 8.2.3)
and the wild fool (8.1) are options of their own. Options that change only the play (the auction, the
fool, the straw men's tarocks and kings) are listed so that a tournament states them; the score ignores them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core import presets
from engine.core.messages import gettext_noop as _


@dataclass(frozen=True)
class Rules:
    """One rule configuration of Talon; the defaults are the Introductory Game (1.0-4.0)."""

    name: str = "introductory"
    pagat_ultimo: bool = False  # 5.1
    valat: bool = False  # 5.2
    announcements: bool = False  # 5.3
    misere: bool = False  # 5.4
    honours: bool = False  # 6.1: all three oudlers, all four kings
    handfuls: bool = False  # 6.2
    king_ultimo: bool = False  # 6.3 (four players only)
    multiple_round_auction: bool = False  # 7.1 (play only)
    doubling: bool = False  # 7.2: contra, re-contra, supra-contra
    trick_compulsion: bool = False  # 7.3 (changes the misère's settlement)
    wild_fool: bool = False  # 8.1 (play only)
    straw_man_tarocks_and_kings: bool = False  # 8.2.2 (play only)
    take_or_pass: bool = False  # 8.2.3: the two-player auction with its one contract, take
    # 5.2 says the side winning all the tricks "scores four times the value of the contract"; the chart's
    # footnote says only that an *announced* valat replaces the contract. 8.2.3 ("the declarer is,
    # therefore, paid eight victory points": 4 x 2, not 2 + 8) shows a silent valat replaces it too. Our
    # reading, kept as an option: False adds the silent valat to the contract's score instead.
    valat_replaces_contract: bool = True
    # 7.1 says the forehand, who may not pass at three and four (1.3), bids first; it is silent on whether
    # the forehand may pass in a later round of the multiple round auction. Our reading: it may (play only)
    forehand_passes_later: bool = True
    # 7.2: "contras ... may continue for a number of rounds after the single round of announcements": on,
    # rounds of doubling only follow the announcements while the last round doubled or announced something;
    # off, doubling happens only in the round of announcements itself (play only)
    contra_rounds: bool = True

    @property
    def kinds(self) -> tuple[str, ...]:
        """The ways a hand may end under these rules (the entry form's choices; the table size narrows
        them, ``form.SUMMARY_FORM``): a misère with 5.4, else a hand passed out at five or six (3.0)."""
        ending = ("misere",) if self.misere else ("passed_out",)
        return ("played", *ending, "surrendered", "annulled")

    def spec(self) -> str | dict[str, Any]:
        """How a record names these rules: the preset's name, or ``{"preset", "options"}`` (what differs)."""
        return presets.spec_of(self, PRESETS)


INTRODUCTORY = Rules()
BASIC = replace(INTRODUCTORY, name="basic", pagat_ultimo=True, valat=True, announcements=True, misere=True)
ADVANCED = replace(BASIC, name="advanced", honours=True, handfuls=True, king_ultimo=True)
STANDARD = replace(
    ADVANCED,
    name="standard",
    multiple_round_auction=True,
    doubling=True,
    trick_compulsion=True,
    take_or_pass=True,
)
PRESETS: dict[str, Rules] = {r.name: r for r in (STANDARD, INTRODUCTORY, BASIC, ADVANCED)}
DEFAULT = "standard"

PRESET_DOCS: dict[str, str] = {
    "standard": _(
        "The Complete Advanced Game (talon.txt 5.0-7.0) with the two-player take or pass auction (8.2.3)"
    ),
    "introductory": _("The Introductory Game (talon.txt 1.0-4.0, 8.2): contracts only, no options"),
    "basic": _("The Complete Basic Game (talon.txt 5.0): pagat ultimo, valat, announcements, misère"),
    "advanced": _("The Advanced Game (talon.txt 6.0): the basic game with honours, handfuls and king ultimo"),
}

OPTION_DOCS: dict[str, str] = {
    "pagat_ultimo": _("Pagat ultimo: winning the last trick with the pagat scores 1 (announced 2) (5.1)"),
    "valat": _("Valat: the side winning all the tricks scores four times the contract (5.2)"),
    "announcements": _("A round of announcements before the first trick doubles announced bonuses (5.3)"),
    "misere": _("Misère: the negative game when the others pass the forehand's preference (5.4)"),
    "honours": _("Honours: all three oudlers and all four kings won in tricks score 1 (announced 2) (6.1)"),
    "handfuls": _("Handfuls: declaring many tarocks scores 1, 2 or 3 to the side winning the contract (6.2)"),
    "king_ultimo": _("King ultimo: the called king in the last trick scores 1 (announced 2) (6.3)"),
    "multiple_round_auction": _("The auction goes round until all but one pass (7.1); the score is the same"),
    "doubling": _("Contra, re-contra and supra-contra double the contract and announced bonuses (7.2)"),
    "trick_compulsion": _("Trick compulsion in a misère; a player without card points is paid double (7.3)"),
    "wild_fool": _("The fool as a wild card, the excuse (8.1); the score is the same"),
    "straw_man_tarocks_and_kings": _(
        "Two players take tarocks and kings from the straw men into the hand (8.2.2); the score is the same"
    ),
    "take_or_pass": _("The two-player auction: a taker wins 2 or loses 3 victory points (8.2.3)"),
    "forehand_passes_later": _(
        "In the multiple round auction the forehand, who must bid first at three and four, may pass later "
        "(7.1)"
    ),
    "contra_rounds": _(
        "Doubling may go on in further rounds after the round of announcements, until a round doubles "
        "nothing (7.2); off: only in the round of announcements"
    ),
    "valat_replaces_contract": _(
        "A silent valat replaces the contract's score (as 8.2.3 counts it); off: it is added to it"
    ),
}


def resolve_rules(spec: Any = None, options: Any = None) -> Rules:
    """The rules of a preset name, a ``{"preset", "options"}`` spec or a Rules value, with ``options`` on
    top; raises RulesError."""
    return presets.resolve(PRESETS, DEFAULT, spec, options)
