"""The rules of Texas Tarock as options: one frozen ``Rules`` value per preset, named after the tournament
that plays it.

Three presets, from Dummett & McLeod's supplement:

- ``taylor_king`` (18.13, the default): King called, as at the Taylor tournament; Povenost, No Trick and
  Prever, each game worth a flat number of game points.
- ``taylor_xix`` (19.16, the main text): XIX called; Povinost and Prever, the game scored by the difference
  of the card points from 53 (+10, x2 or x3, rounded to tens).
- ``west_xix`` (19.16, "Variants"): the same with the variants' changes. 19.16 is "based on rules for two
  tournaments played in the towns Taylor and West" and does not say which town plays the variants. We
  give the main text to Taylor because its holdings (Two trumps 2, No trumps 4) and its Prever multipliers
  are those of the Taylor King game 18.13, and the variants (Uni only 2, no Two trumps) to West.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.core import presets
from engine.core.messages import gettext_noop

#: every contract of the family, lowest first (18.13: "in ascending order Povenost, No Trick and Prever")
CONTRACTS: tuple[str, ...] = ("povenost", "no_trick", "prever")
#: the Prever declarer's talon choices (18.13, 19.16): the first three; the second three after exposing the
#: first; back to the first three after exposing the second
TALONS: tuple[str, ...] = ("first", "second", "back")
#: what a Contra may be said to (18.13: the game, the King, the Pagat; 19.16: the game, Pagat, Valat)
KONTRA_TARGETS: tuple[str, ...] = ("game", "pagat", "king", "valat")
#: the declared holdings (18.13's words; 19.16 spells Taroky, Tarocky, Trull, Rosanne Pane and says Uni)
DECLARATIONS: tuple[str, ...] = (
    "tarockee",
    "velki",
    "trul",
    "pane",
    "trul_pane",
    "krale",
    "rosane_pane",
    "spjst",
    "two_trumps",
    "no_trumps",
)

# 18.13 and 19.16 give the same table: Tarockee 2, Velki 4, Trul 2, Pane 2, Trul Pane 4, Krale 4,
# Rosane Pane 6, SPJST 10, Two trumps 2, No trumps 4 (each from each other player).
_HOLDINGS = {
    "tarockee": 2,
    "velki": 4,
    "trul": 2,
    "pane": 2,
    "trul_pane": 4,
    "krale": 4,
    "rosane_pane": 6,
    "spjst": 10,
    "two_trumps": 2,
    "no_trumps": 4,
}


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Rules:
    """One preset's rules; every field but ``name`` is an option a tournament may change."""

    name: str
    #: the contracts that may be bid (19.16 has no No Trick)
    contracts: tuple[str, ...] = CONTRACTS
    #: "flat": each game is worth a fixed number of game points (18.13); "difference": the difference of
    #: the card points from 53, plus 10, times the contract's factor, rounded to tens (19.16)
    game_value: str = "flat"
    #: flat game values (18.13: "The value of a Povenost or No Trick game is 1 game point")
    povenost_value: int = 1
    no_trick_value: int = 1
    #: 18.13: Prever with the first three 1, second three 2, back to the first three 4 (won or lost)
    prever_values: Mapping[str, int] = field(
        default_factory=lambda: _frozen({"first": 1, "second": 2, "back": 4})
    )
    #: 18.13: a Prever on the first three is worth 2 "if No Trick had been bid by anyone"
    prever_after_no_trick: int = 2
    #: 19.16: the factor of the difference (+10) in Povinost and in Prever
    povenost_factor: int = 2
    prever_factor: int = 3
    #: 19.16: a lost Prever's payment is doubled after the second three, tripled after going back
    prever_loss_factors: Mapping[str, int] = field(
        default_factory=lambda: _frozen({"first": 1, "second": 2, "back": 3})
    )
    #: 19.16 variants: "the score for the game when declarer took the first three cards of the talon after
    #: seeing the second three is 12 game points" (0: no such fixed score). The text does not say won or
    #: lost; we read it as the game's score either way (our choice)
    prever_back_game: int = 0
    #: Valat replaces the game's score (19.16: "the score for the game is raised to 20 game points")
    valat_value: int = 20
    valat_announced_value: int = 40
    #: 19.16: "if Valat is announced [or made], there is no score for the Pagat"; 18.13 is silent and we
    #: follow 19.16 (18.13 fills its gaps from 19.16), for the King too
    valat_cancels_last_trick: bool = True
    #: Pagat on the last trick: 2 silent (won, or captured), 4 announced (won or lost)
    pagat_value: int = 2
    pagat_announced_value: int = 4
    #: 18.13: the called King on the last trick, scored as the Pagat (only when a King is called)
    king_bonus: bool = True
    #: 18.13 names no penalty for an unannounced called King lost on the last trick (only for the Pagat);
    #: 0 follows the text, 2 would mirror the Pagat (our choice: 0)
    king_captured_value: int = 0
    #: 18.13: "Losing the XXI to the Skys incurs a penalty of 2 game points" (19.16 has none)
    xxi_captured_value: int = 2
    #: what a Contra may be said to
    kontra_targets: tuple[str, ...] = ("game", "pagat", "king")
    #: the declared holdings and their values (each other player pays the declaring player)
    declarations: Mapping[str, int] = field(default_factory=lambda: _frozen(_HOLDINGS))
    #: 19.16 variants: a Povinost declarer who draws the called trump from the talon may throw in his hand
    #: and pay this to each other player (0: not allowed)
    called_from_talon_penalty: int = 0

    # --- live play (engine/texas/live.py): what the texts leave open or tell apart ---------------------
    #: the partner card a Povenost declarer calls: "king" (18.13), "xix" (19.16: the XIX, or holding it the
    #: highest trump from XVIII to XV he lacks), "xx" (19.17: the XX, or down to the XVII)
    calls: str = "king"
    #: the red pips from the highest: "four_high" K, Q, C, J, 4, 3, 2, A (18.13, 19.16); "ace_high" K, Q, C,
    #: J, A, 4, 3, 2 (19.16 variants, 19.17)
    red_order: str = "four_high"
    #: 18.13, 19.16: a player with two trumps or no trumps may refuse his talon card "so as to preserve his
    #: right to be paid for these holdings" (only while the holding is a bonus of these rules)
    refuse_talon_card: bool = True
    #: 19.16 variants: "In a Povinost, the declarer must call before drawing from the talon"
    call_before_talon: bool = False
    #: who leads to the first trick of a Povenost or Prever: "declarer" (18.13: "The declarer will lead to
    #: the first trick"; silent on Prever, read the same) or "first_bidder" (19.16: "The opening bidder leads
    #: to the first trick"). A No Trick is always led by the first bidder (18.13)
    first_lead: str = "declarer"
    #: 18.13: announcements go "beginning with the declarer and continuing in clockwise rotation" (the play
    #: goes counter-clockwise); False: in the order of play. 19.16 is silent; its presets keep 18.13's order
    announce_clockwise: bool = True
    #: 19.16: "It is obligatory on every player to make any announcement [of a holding] that he can"; 18.13
    #: says "may declare" (19.17: "not obligatory"). Compulsory holdings are declared by the engine itself
    declarations_compulsory: bool = False
    #: No Trick: play stops once the declarer takes a trick (19.17's Zebrak; 18.13 is silent)
    no_trick_stops: bool = True
    #: Prever: the three talon cards the declarer did not take count for "opponents" (as the rest of the
    #: talon in Königrufen's Dreier, 18.10) or for the "declarer"; the texts are silent (our choice)
    prever_rest: str = "opponents"

    OPTION_CHOICES = {
        "game_value": ("flat", "difference"),
        "red_order": ("four_high", "ace_high"),
        "calls": ("king", "xix", "xx"),
        "first_lead": ("declarer", "first_bidder"),
        "prever_rest": ("opponents", "declarer"),
    }
    OPTION_RANGES = {
        "povenost_value": (0, 100),
        "no_trick_value": (0, 100),
        "prever_after_no_trick": (0, 100),
        "povenost_factor": (1, 20),
        "prever_factor": (1, 20),
        "prever_back_game": (0, 100),
        "valat_value": (0, 1000),
        "valat_announced_value": (0, 1000),
        "pagat_value": (0, 100),
        "pagat_announced_value": (0, 100),
        "king_captured_value": (0, 100),
        "xxi_captured_value": (0, 100),
        "called_from_talon_penalty": (0, 100),
    }

    def __hash__(self) -> int:  # the mappings are not hashable; a Rules value is compared, not hashed
        return hash(self.name)

    # What the entry form asks under these rules (``engine.core.form``'s ``rules_when``/``choices_from``):
    # the summary refuses the rest (``summary._bonuses_here``, ``_parse_thrown_in``).

    def spec(self) -> str | dict[str, Any]:
        """How a record names these rules: the preset's name, or ``{"preset", "options"}``."""
        return presets.spec_of(self, PRESETS)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of hand: played, and a hand thrown in by a declarer who drew the called trump from the
        talon where the rules let him (19.16 variants)."""
        return ("played", "called_from_talon") if self.called_from_talon_penalty > 0 else ("played",)

    @property
    def king_captured_scored(self) -> bool:
        return self.king_bonus and self.king_captured_value > 0

    @property
    def xxi_captured_scored(self) -> bool:
        return self.xxi_captured_value > 0


TAYLOR_KING = Rules(name="taylor_king")
TAYLOR_XIX = Rules(
    name="taylor_xix",
    contracts=("povenost", "prever"),
    game_value="difference",
    # 19.16 has no No Trick; the No Trick value stays for a tournament that adds it
    # (footnote 7 to 18.13: "perhaps 16 game points as in 19.17")
    no_trick_value=16,
    king_bonus=False,
    xxi_captured_value=0,
    kontra_targets=("game", "pagat", "valat"),
    calls="xix",
    first_lead="first_bidder",
    declarations_compulsory=True,
)
WEST_XIX = Rules(
    name="west_xix",
    contracts=("povenost", "prever"),
    game_value="difference",
    no_trick_value=16,
    prever_back_game=12,
    king_bonus=False,
    xxi_captured_value=0,
    kontra_targets=("game", "pagat", "valat"),
    # 19.16 variants: "The bonus for Uni is only 2 game points, and there is no bonus for having been dealt
    # only one or two trumps."
    declarations=_frozen({k: v for k, v in {**_HOLDINGS, "no_trumps": 2}.items() if k != "two_trumps"}),
    called_from_talon_penalty=2,
    calls="xix",
    red_order="ace_high",
    call_before_talon=True,
    first_lead="first_bidder",
    declarations_compulsory=True,
)

PRESETS: dict[str, Rules] = {r.name: r for r in (TAYLOR_KING, TAYLOR_XIX, WEST_XIX)}
DEFAULT = "taylor_king"


def resolve_rules(spec: Any = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a preset name, a ``{"preset", "options"}`` spec or a Rules value; raises RulesError."""
    return presets.resolve(PRESETS, DEFAULT, spec, options)


OPTION_DOCS: dict[str, str] = {
    "contracts": gettext_noop("the contracts that may be bid (povenost, no_trick, prever)"),
    "game_value": gettext_noop(
        "flat: each game is worth a fixed number of game points (18.13); difference: (|card points - 53| "
        "+ 10) times the contract's factor, rounded to tens, in game points (19.16)"
    ),
    "povenost_value": gettext_noop("flat scoring: game points of a Povenost"),
    "no_trick_value": gettext_noop("game points of a No Trick"),
    "prever_values": gettext_noop(
        "flat scoring: game points of a Prever by talon choice (first, second, back)"
    ),
    "prever_after_no_trick": gettext_noop("flat scoring: a Prever on the first three after a No Trick bid"),
    "povenost_factor": gettext_noop("difference scoring: the factor of a Povenost"),
    "prever_factor": gettext_noop("difference scoring: the factor of a Prever"),
    "prever_loss_factors": gettext_noop(
        "difference scoring: a lost Prever's payment times this, by talon choice"
    ),
    "prever_back_game": gettext_noop(
        "a Prever back on the first three is worth this many game points (0: as usual)"
    ),
    "valat_value": gettext_noop("game points of an unannounced Valat (replacing the game)"),
    "valat_announced_value": gettext_noop("game points of an announced Valat, won or lost"),
    "valat_cancels_last_trick": gettext_noop(
        "no Pagat or King on the last trick is scored when Valat is made or announced"
    ),
    "pagat_value": gettext_noop("game points of an unannounced Pagat on the last trick, won or captured"),
    "pagat_announced_value": gettext_noop("game points of an announced Pagat, won or lost"),
    "king_bonus": gettext_noop("the called King on the last trick scores as the Pagat does"),
    "king_captured_value": gettext_noop("game points for an unannounced called King lost on the last trick"),
    "xxi_captured_value": gettext_noop("game points for capturing the XXI with the Skys"),
    "kontra_targets": gettext_noop("what a Contra may be said to (game, pagat, king, valat)"),
    "declarations": gettext_noop("the declared holdings and their game points from each other player"),
    "called_from_talon_penalty": gettext_noop(
        "a declarer who draws the called trump from the talon may throw in, paying this to each other player "
        "(0: not allowed)"
    ),
}

OPTION_DOCS.update(
    {
        "red_order": gettext_noop(
            "the red pips from the highest: four_high (4, 3, 2, A: 18.13, 19.16) or ace_high (A, 4, 3, 2: "
            "19.16 variants)"
        ),
        "calls": gettext_noop(
            "the partner card of a Povenost: king (18.13), xix (19.16: the XIX, else the highest of "
            "XVIII..XV lacking), xx (19.17: the XX, else down to the XVII)"
        ),
        "refuse_talon_card": gettext_noop(
            "in a Povenost, a player holding two trumps or none may refuse his talon card to keep the bonus"
        ),
        "call_before_talon": gettext_noop("the Povenost declarer calls before drawing from the talon"),
        "first_lead": gettext_noop(
            "who leads to the first trick of a Povenost or Prever: declarer or first_bidder"
        ),
        "announce_clockwise": gettext_noop(
            "announcements go clockwise from the declarer (18.13); off: in the order of play"
        ),
        "declarations_compulsory": gettext_noop("every holding a player has is declared (19.16)"),
        "no_trick_stops": gettext_noop("a No Trick ends as soon as the declarer takes a trick"),
        "prever_rest": gettext_noop(
            "whose card points the talon cards a Prever declarer leaves are: opponents or declarer"
        ),
    }
)

PRESET_DOCS: dict[str, str] = {
    "taylor_king": gettext_noop("Taylor, Texas tournament, King called (Dummett & McLeod supplement 18.13)"),
    "taylor_xix": gettext_noop("Taylor, Texas tournament, XIX called (supplement 19.16, main text)"),
    "west_xix": gettext_noop("West, Texas tournament, XIX called (supplement 19.16 with its variants)"),
}
