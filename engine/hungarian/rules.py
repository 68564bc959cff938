"""Rule options and presets for Hungarian Tarokk.

A `Rules` value is a frozen, named configuration: every item of the pagat text's "Variations" section is an
option here, with the main text as the default. Presets:

* ``pagat``: the main text of ``hungarian-tarokk-pagat-en.txt``.
* ``kegl``: the Board Game Arena / Lóránt Kégl list at the end of that text ("Other Hungarian Tarokk WWW
  pages and Online Games"), ultimó pot included.
* ``tournament``: the Hungarian tournament rules of 2018 (``hungarian-tournament-rules-2018.md``, items
  cited as "T n"); where those rules are silent it follows ``pagat`` (see ``TOURNAMENT_SILENT_CHOICES``).
* ``family_basic``, ``palatine``, ``magus``, ``emperor``: the Hungarian family of
  ``hungarian-tarokk-family.txt`` (``engine.hungarian.family``; choices where it is silent:
  ``FAMILY_SILENT_CHOICES``).

``OPTION_DOCS`` describes every option in one line (``python -m engine rules`` prints them);
``Rules.spec()`` gives the ``"rules"`` value a hand summary should carry for these rules.

This module is the contract between the scoring (``engine.hungarian.scoring``) and live play / replay
(``engine.hungarian.state``, ``engine.hungarian.record``): field names are stable; new options may be added
with a default that keeps the existing presets' behaviour.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.core.messages import Message, gettext_noop
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown
from engine.hungarian.family import EMPEROR_BONUSES, FAMILY_BONUSES, MAGUS_BONUSES, PALATINE_BONUSES

__all__ = [
    "EMPEROR",
    "FAMILY_BASIC",
    "FAMILY_SILENT_CHOICES",
    "KEGL",
    "MAGUS",
    "OPTION_DOCS",
    "PAGAT",
    "PALATINE",
    "PRESETS",
    "PRESET_DOCS",
    "TOURNAMENT",
    "TOURNAMENT_SILENT_CHOICES",
    "Rules",
    "RulesError",
    "get_rules",
    "resolve_rules",
    "unknown_preset",
    "validate",
]

ANNULMENT_HOLDINGS: tuple[str, ...] = (
    "four_kings",
    "xxi_alone",
    "pagat_alone",
    "no_tarokks",
    "xxi_and_pagat",
)

DoubledRounds = Literal["overlap", "none", "extra_round", "quadruple_round", "next_hand"]
DOUBLED_ROUNDS: tuple[str, ...] = ("overlap", "none", "extra_round", "quadruple_round", "next_hand")
GameValue = Literal["bid", "margin", "card_points"]
GAME_VALUES_MODES: tuple[str, ...] = ("bid", "margin", "card_points")
PACK_SIZES: tuple[int, ...] = (42, 46)
CueBidInterpretation = Literal["new", "old", "kegl"]
AnnulTiming = Literal["after_exchange", "before_discard"]


@dataclass(frozen=True)
class Rules:
    """One complete rule configuration. Defaults are the pagat main text."""

    name: str = "pagat"

    # --- Variations in the equipment and deal ---
    red_fours: bool = False  # red fours instead of aces (names H4/D4 accepted); no effect on play
    knock_instead_of_cut: bool = False  # deal in batches of nine, chosen clockwise from dealer's left

    # --- Variations in the bidding procedure ---
    old_holding_rule: bool = False  # only a player whose first turn was earlier may hold, once per bid
    sole_bidder_may_raise: bool = False  # a three that everybody passed may be raised (T 11)
    sole_bidder_raise_max: int = 1  # the highest level it may be raised to: 1 one (pagat), 0 solo (T 11)
    doubled_rounds: DoubledRounds = "overlap"  # after a passed-out/annulled hand ("none" = no doubling)
    trial_three_allowed: bool = True  # fourth hand may bid three without an honour after three passes
    trial_three_payment: int = 1  # paid to each other active player when no honour is drawn (T 22: 3)

    # --- Variations in the bidding conventions ---
    conventions: bool = True  # False: no cue bids and no yielded game
    cue_bid_interpretation: CueBidInterpretation = "new"  # "old": jump only overcallable by solo = XVIII
    first_bid_never_cue_bid: bool = False
    cue_bid_only_if_other_declarer: bool = False
    cue_bid_only_accepted_by_hold: bool = False
    pais_xvii_cue_bid: bool = False  # minimum bid then a single jump at the second turn shows the XVII
    cue_bid_withdrawn_bidder_passes: bool = False  # T 17: after a cue bid the cue bidder may only pass
    cue_bid_requires_high_honour: bool = False  # pagat: no; a cue bidder without one announces ulti
    yield_requires_high_honour: bool = True  # T 21, pagat; kegl: no, but a yielder without one announces ulti

    # --- Variations in the discarding and annulling the hand ---
    xx_discardable: bool = True
    free_call_after_tarokk_discard: bool = True  # someone else's tarokk discard frees the declarer's call
    free_call_needs_xx: bool = False  # T 30: only a declarer holding the XX gets the free call
    discarded_tarokks_admitted_at_announcements: bool = False
    annulment_holdings: frozenset[str] = field(default_factory=lambda: frozenset(ANNULMENT_HOLDINGS))
    annul_after_tarokk_discard: bool = False  # pagat: only four kings may annul after discarding a tarokk
    annul_timing: AnnulTiming = "after_exchange"
    lone_declarer_by_discard_takes_all_discards: bool = False  # T 31: all six discards count for declarer

    # --- Variations in bonuses, announcements and declarations ---
    double_game_and_volat_same_turn: bool = False
    double_game_and_volat_same_player: bool = True  # False: only partners can split the two announcements
    volat_blocks_further_announcements: bool = False  # T 42: after volát no trull, four kings, double game
    declarations_identify_side: bool = False  # declarations of 8/9 tarokks treated like announcements
    pais_declarations: bool = False  # partner may not declare until provable; announcers must declare
    discarder_states_called_card: bool = False
    declared_tarokks_team_item: bool = False  # T 35: paid to the declaring team by the other team
    max_kontra: int = 5  # 1 kontra, 2 rekontra, 3 szubkontra, 4 hirskontra, 5 mordkontra (T 43: 4)
    trull_announcement_restrictions: bool = False  # T 41: what a first-round trull announcement promises

    # --- Variations in the scoring ---
    exclusive_game_double_volat: bool = False  # double game/volát announced or made excludes unkontra'd game
    opponents_silent_double_volat_need_kontra: bool = False
    kontra_multiplies_silent_double_volat: bool = False
    silent_trull_with_volat: bool = False
    silent_four_kings_with_volat: bool = False
    silent_four_kings_with_silent_double_game: bool = True  # kegl: False
    kontra_raises_game_threshold: bool = False  # after kontra the opponents need 48 (47-47 is declarer's)
    trull_values: tuple[int, int] = (1, 2)  # (silent, announced)
    four_kings_values: tuple[int, int] = (1, 2)  # alternative: (2, 4)
    pagat_ultimo_values: tuple[int, int] = (5, 10)  # alternative: (6, 12)
    xxi_catch_values: tuple[int, int] = (21, 42)  # alternative: (30, 60)
    eight_tarokks_value: int = 1
    nine_tarokks_value: int = 2
    five_player_talon_honour_payment: bool = False  # skíz 3, XXI 2, pagát 1 paid to the sitting-out dealer
    five_player_dealer_weeps_laughs: bool = False  # sír-nevet: dealer wins/loses as one of the opponents
    ultimo_pot: bool = False  # kegl option
    ultimo_pot_abandon_payment: int = 2  # each player pays into the pot for an abandoned hand
    ultimo_pot_trial_three_payment: int = 8  # a failed trial three pays this into the pot instead

    # --- Tournament penalties (renonsz), T 7 ---
    penalty_min: int = 5
    penalty_max: int = 10

    # --- The Hungarian family (hungarian-tarokk-family.txt); the defaults are the Hungarian game's ---
    game_value: GameValue = "bid"  # "Scores": bid (GAME_VALUES), margin (card points over/under 48) ...
    game_value_cap: int = 60  # card_points (Emperor "Scores"): the won game is worth its card points, <= 60
    pack_size: int = 42  # Emperor "Pack": 46 cards (six per suit, a deuce worth 0), ten tricks a hand
    family_bonuses: tuple[tuple[str, int, int], ...] = ()  # (bonus, silent, announced): family.py

    @property
    def tricks_per_hand(self) -> int:
        """Nine tricks of the 42-card pack, ten of the Emperor's 46 ("Deal": two packets of five)."""
        return 10 if self.pack_size == 46 else 9

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed, validated."""
        return validate(dataclasses.replace(self, **options))

    def spec(self) -> str | dict[str, Any]:
        """How a hand summary names these rules: the preset name, or ``{"preset", "options"}`` with the
        options that differ from the preset (``engine.hungarian.summary.resolve_rules`` reads it back)."""
        base = PRESETS.get(self.name, PAGAT)
        if self == base:
            return base.name
        mine, theirs = self.options(), base.options()
        changed = {k: v for k, v in mine.items() if v != theirs[k] and k != "name"}
        return {"preset": base.name, "options": changed}

    def options(self) -> dict[str, Any]:
        """Option name -> value, JSON-friendly (frozensets as sorted lists, tuples as lists)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = [list(v) if isinstance(v, tuple) else v for v in value]
            out[f.name] = value
        return out


def validate(rules: Rules) -> Rules:
    """Reject option values that make no sense; returns the rules unchanged when valid.

    Every option must have the type of its default (``True``/``False`` for switches, never ``0``/``1``).
    """
    for f in dataclasses.fields(Rules):
        value = getattr(rules, f.name)
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
        if type(value) is not type(default):
            raise RulesError(
                f.name,
                Message(
                    "option_type",
                    _("must be %(type)s, got %(value)s"),
                    type=type(default).__name__,
                    value=shown(value),
                ),
            )
    if not 0 <= rules.sole_bidder_raise_max <= 2:
        raise RulesError(
            "sole_bidder_raise_max",
            Message("raise_max_range", _("must be 2 (two), 1 (one) or 0 (solo)")),
        )
    if not 1 <= rules.max_kontra <= 5:
        raise RulesError("max_kontra", Message("max_kontra_range", _("must be 1..5 (kontra .. mordkontra)")))
    unknown = set(rules.annulment_holdings) - set(ANNULMENT_HOLDINGS)
    if unknown:
        raise RulesError(
            "annulment_holdings",
            Message("unknown_holdings", _("unknown holding(s) %(values)s"), values=sorted(unknown)),
        )
    if rules.doubled_rounds not in DOUBLED_ROUNDS:
        raise RulesError("doubled_rounds", _one_of(DOUBLED_ROUNDS, rules.doubled_rounds))
    if rules.game_value not in GAME_VALUES_MODES:
        raise RulesError("game_value", _one_of(GAME_VALUES_MODES, rules.game_value))
    if rules.pack_size not in PACK_SIZES:
        raise RulesError("pack_size", _one_of(PACK_SIZES, rules.pack_size))
    if not 1 <= rules.game_value_cap <= 10**6:
        raise RulesError("game_value_cap", _integer_range(1, 10**6, rules.game_value_cap))
    _check_family_bonuses(rules.family_bonuses)
    if rules.cue_bid_interpretation not in ("new", "old", "kegl"):
        raise RulesError(
            "cue_bid_interpretation", Message("cue_bid_interpretation_value", _("must be new, old or kegl"))
        )
    if rules.cue_bid_withdrawn_bidder_passes and (
        rules.cue_bid_only_if_other_declarer or rules.cue_bid_interpretation == "kegl"
    ):
        # Both oblige a jump bidder without the shown card to keep bidding rather than let another player
        # win, which T 17 forbids: the bidder would be left with no legal call.
        other = (
            "cue_bid_only_if_other_declarer"
            if rules.cue_bid_only_if_other_declarer
            else "cue_bid_interpretation=kegl"
        )
        raise RulesError(
            "cue_bid_withdrawn_bidder_passes",
            Message(
                "options_conflict",
                _(
                    "cannot be combined with %(other)s (a jump bidder without the card it shows would have to"
                    " outbid the others but may only pass)"
                ),
                other=other,
            ),
        )
    if rules.annul_timing not in ("after_exchange", "before_discard"):
        raise RulesError(
            "annul_timing", Message("annul_timing_value", _("must be after_exchange or before_discard"))
        )
    if not 0 < rules.penalty_min <= rules.penalty_max:
        raise RulesError("penalty_min/penalty_max", Message("penalty_bounds", _("need 0 < min <= max")))
    for name in ("trull_values", "four_kings_values", "pagat_ultimo_values", "xxi_catch_values"):
        values = getattr(rules, name)
        if len(values) != 2 or any(type(v) is not int or v < 0 for v in values):
            raise RulesError(name, VALUE_PAIR)
    for name in (
        "trial_three_payment",
        "eight_tarokks_value",
        "nine_tarokks_value",
        "ultimo_pot_abandon_payment",
        "ultimo_pot_trial_three_payment",
    ):
        if getattr(rules, name) < 0:
            raise RulesError(name, Message("negative", _("must not be negative")))
    return rules


def _one_of(choices: tuple[Any, ...], value: Any) -> Message:
    return Message(
        "one_of",
        _("must be one of %(choices)s, got %(value)s"),
        choices=", ".join(map(str, choices)),
        value=shown(value),
    )


def _integer_range(low: int, high: int, value: Any) -> Message:
    return Message(
        "integer_range",
        _("must be an integer %(low)s..%(high)s, got %(value)s"),
        low=low,
        high=high,
        value=shown(value),
    )


def _check_family_bonuses(value: Any) -> None:
    """``family_bonuses``: distinct family bonuses (``engine.hungarian.family``), each [name, silent,
    announced] with integer values 0..10**6 (the messages are the engine's own: no new texts)."""
    seen: dict[str, Any] = {}
    for i, entry in enumerate(value):
        path = f"family_bonuses[{i}]"
        if type(entry) is not tuple or len(entry) != 3:
            raise RulesError(
                path,
                Message(
                    "option_type",
                    _("must be %(type)s, got %(value)s"),
                    type="[bonus, silent, announced]",
                    value=shown(entry),
                ),
            )
        name = entry[0]
        if type(name) is not str or name not in FAMILY_BONUSES:
            raise RulesError(
                path,
                Message(
                    "unknown_bonus",
                    _("unknown bonus %(value)s (known: %(known)s)"),
                    value=shown(name),
                    known=", ".join(FAMILY_BONUSES),
                ),
            )
        if name in seen:  # a bonus has one value: the entry that gave it is named
            raise RulesError(
                path,
                Message(
                    "option_value",
                    _("is not a valid value: %(value)s (now %(current)s)"),
                    value=shown(name),
                    current=shown(list(seen[name])),
                ),
            )
        for v in entry[1:]:
            if type(v) is not int or not 0 <= v <= 10**6:
                raise RulesError(path, _integer_range(0, 10**6, v))
        seen[name] = entry


# One line per option, for ``python -m engine rules`` and the docs ("Variations" section of the pagat text
# unless a T item is named).
OPTION_DOCS: dict[str, str] = {
    "name": "The preset this configuration started from.",
    "red_fours": "Red fours instead of red aces (no effect on play).",
    "knock_instead_of_cut": (
        "Knocking instead of cutting: the hands are dealt in batches of nine to choose from."
    ),
    "old_holding_rule": "Only a player whose first turn was earlier may hold, and each bid only once.",
    "sole_bidder_may_raise": "A three that everyone else passed may be raised before the talon (T 11).",
    "sole_bidder_raise_max": (
        "Highest level that raise may reach: 1 one (pagat's variation: two or one), 0 solo (T 11: 3-2-1-0)."
    ),
    "doubled_rounds": (
        "After a passed-out or annulled hand: overlap (pagat), none (T 5), extra_round, quadruple_round;"
        " next_hand (the family: an annulled hand is dealt again by the same dealer at double stake, a"
        " passed-out one passes the deal on)."
    ),
    "trial_three_allowed": "Fourth hand may bid three without an honour after three passes.",
    "trial_three_payment": (
        "A failed trial three pays this × stake to each other player (pagat 1, kegl 2, T 22: 3)."
    ),
    "conventions": "Cue bids and the yielded game are recognised.",
    "cue_bid_interpretation": (
        "new: a single jump shows the XIX; old: a jump only overcallable by solo shows the XVIII; kegl: BGA's"
        " rules."
    ),
    "first_bid_never_cue_bid": "The first bid of the auction is never a cue bid.",
    "cue_bid_only_if_other_declarer": "A jump is a cue bid only if some other player becomes declarer.",
    "cue_bid_only_accepted_by_hold": "A cue bid invites only an earlier bidder, who accepts by holding.",
    "pais_xvii_cue_bid": "Pais: a minimum bid and then a single jump at the second turn shows the XVII.",
    "cue_bid_withdrawn_bidder_passes": (
        "After a cue bid the cue bidder may only pass (T 17); not combinable with"
        " cue_bid_only_if_other_declarer or the kegl cue-bid interpretation."
    ),
    "cue_bid_requires_high_honour": "A cue bid needs a high honour (else ultimó is compulsory; T 18: no).",
    "yield_requires_high_honour": (
        "A yield (pass after three - two) needs the XX and a high honour (pagat, T 21); kegl: the XX, and a"
        " yielder without a high honour must announce ultimó."
    ),
    "xx_discardable": "The XX may be discarded (T 24: no).",
    "free_call_after_tarokk_discard": (
        "Another player's tarokk discard lets the declarer call any non-honour."
    ),
    "free_call_needs_xx": (
        "The free call needs the declarer to hold the XX (T 30 as [H] reads it); pagat: any declarer."
    ),
    "discarded_tarokks_admitted_at_announcements": (
        "Discarded tarokks are admitted at the first announcement turn."
    ),
    "annulment_holdings": "Holdings that may annul the hand.",
    "annul_after_tarokk_discard": (
        "A player who discarded a tarokk may still annul (pagat: only with four kings)."
    ),
    "annul_timing": "When a hand may be annulled: after_exchange (pagat) or before_discard (kegl, T 27).",
    "lone_declarer_by_discard_takes_all_discards": (
        "Called card discarded: all six discards count for the lone declarer (T 31)."
    ),
    "double_game_and_volat_same_turn": "Double game and volát may be announced in the same turn (T 42).",
    "double_game_and_volat_same_player": "One player may announce both double game and volát.",
    "volat_blocks_further_announcements": (
        "After volát no trull, four kings or double game may be announced (T 42)."
    ),
    "declarations_identify_side": (
        "A declaration of 8/9 tarokks identifies the side like an announcement (T 37)."
    ),
    "pais_declarations": "Pais: the partner may not declare until provable; announcers must declare.",
    "discarder_states_called_card": "The discarder of the called card says so with the obligatory kontra.",
    "declared_tarokks_team_item": (
        "Declared tarokks are a team item paid by the other team (T 35), not by all three others."
    ),
    "max_kontra": "Highest kontra level: 1 kontra .. 5 mordkontra (T 43: 4, hirskontra).",
    "trull_announcement_restrictions": "What a trull announcement promises (T 41).",
    "exclusive_game_double_volat": (
        "Double game/volát announced or made: no unkontra'd game, and volát excludes a silent double game."
    ),
    "opponents_silent_double_volat_need_kontra": (
        "The opponents score silent double game/volát only if they kontra'd the game (else the plain game)."
    ),
    "kontra_multiplies_silent_double_volat": (
        "A kontra'd game multiplies a silent double game/volát instead of adding to it."
    ),
    "silent_trull_with_volat": "A team with every trick also scores a silent trull.",
    "silent_four_kings_with_volat": "A team with every trick also scores silent four kings.",
    "silent_four_kings_with_silent_double_game": (
        "A team scoring silent double game also scores silent four kings (kegl: no)."
    ),
    "kontra_raises_game_threshold": "After kontra the opponents need 48 (47-47 goes to the declarer).",
    "trull_values": "Trull [silent, announced].",
    "four_kings_values": "Four kings [silent, announced] (some books: 2, 4).",
    "pagat_ultimo_values": "Pagát ultimó [silent, announced] (some books: 6, 12).",
    "xxi_catch_values": "XXI-catch [silent, announced] (some books: 30, 60).",
    "eight_tarokks_value": "Declared eight tarokks.",
    "nine_tarokks_value": "Declared nine tarokks.",
    "five_player_talon_honour_payment": (
        "Five players: an honour received from the talon pays the dealer (skíz 3, XXI 2, pagát 1)."
    ),
    "five_player_dealer_weeps_laughs": "Five players: sír-nevet, the dealer wins or loses like an opponent.",
    "ultimo_pot": "kegl's ultimó pot (abandoned hands pay in; an announced ultimó takes or doubles it).",
    "ultimo_pot_abandon_payment": "Each active player's payment into the pot for an abandoned hand.",
    "ultimo_pot_trial_three_payment": "A failed trial three pays this into the pot instead.",
    "penalty_min": "Renonsz: least payment to each other player, per offender (T 7).",
    "penalty_max": "Renonsz: greatest payment to each other player, per offender (T 7).",
    "game_value": gettext_noop(
        "What the game is worth: bid (three 1, two 2, one 3, solo 4), margin (the card points over or under"
        " 48, Basic Tarokk's \"Scores\") or card_points (Emperor: the declarer's card points up to"
        " game_value_cap if 48 or more, else nothing)."
    ),
    "game_value_cap": gettext_noop("game_value card_points: the most a won game is worth (Emperor: 60)."),
    "pack_size": gettext_noop(
        "42 cards (nine tricks) or the Emperor's 46 (six cards a suit with a deuce worth 0, ten tricks)."
    ),
    "family_bonuses": gettext_noop(
        "The family bonuses that exist, each [name, silent, announced]; silent 0: it must be announced to"
        " score (Palatine, Magus, Emperor Tarokk)."
    ),
}


PAGAT = Rules()

KEGL = Rules(
    name="kegl",
    cue_bid_interpretation="kegl",
    cue_bid_requires_high_honour=False,
    yield_requires_high_honour=False,  # "Invitations and yielded games do not guarantee a high honour"
    xx_discardable=False,
    free_call_after_tarokk_discard=False,
    annulment_holdings=frozenset({"xxi_alone", "no_tarokks", "four_kings"}),
    annul_timing="before_discard",
    trial_three_payment=2,
    silent_four_kings_with_silent_double_game=False,
    ultimo_pot=True,
)

TOURNAMENT = Rules(
    name="tournament",
    sole_bidder_may_raise=True,  # T 11
    sole_bidder_raise_max=0,  # T 11: "take fewer talon cards (3→2→1→0)"
    doubled_rounds="none",  # T 5, T 13
    trial_three_payment=3,  # T 22
    cue_bid_withdrawn_bidder_passes=True,  # T 17
    xx_discardable=False,  # T 24
    free_call_needs_xx=True,  # T 30: "If a tarokk has been discarded and the declarer holds the XX"
    lone_declarer_by_discard_takes_all_discards=True,  # T 31, T 33
    declarations_identify_side=True,  # T 37
    declared_tarokks_team_item=True,  # T 35
    double_game_and_volat_same_turn=True,  # T 42
    volat_blocks_further_announcements=True,  # T 42
    max_kontra=4,  # T 43
    trull_announcement_restrictions=True,  # T 41
    annul_timing="before_discard",  # T 27
    penalty_min=5,  # T 7
    penalty_max=10,
)

# hungarian-tarokk-family.txt, "Tarokk: Basic Rules" and "Paskievics Tarokk" (its basic bonuses are this
# game's items: Honours = trull, Kings = four kings, High Game = double game, Slam = volát, The Sparrow =
# pagát ultimó, Conquest = XXI-catch).
FAMILY_BASIC = Rules(
    name="family_basic",
    game_value="margin",  # "Scores": "as many game points as they have card points over or below 48"
    xxi_catch_values=(20, 40),  # "Conquest: 40 points announced, 20 points unannounced"
    max_kontra=3,  # "Contras": Contra, Re-Contra, Sub-Contra
    doubled_rounds="next_hand",  # "Auction": a passed hand moves the deal on; "Annulment": redealt, doubled
    annulment_holdings=frozenset({"no_tarokks", "pagat_alone", "xxi_alone", "four_kings"}),  # "Annulment"
    trial_three_allowed=False,  # "to be allowed to bid you must hold at least one Honour"
    eight_tarokks_value=0,  # the text knows no declared tarokks
    nine_tarokks_value=0,
)
PALATINE = dataclasses.replace(FAMILY_BASIC, name="palatine", family_bonuses=PALATINE_BONUSES)
MAGUS = dataclasses.replace(FAMILY_BASIC, name="magus", family_bonuses=MAGUS_BONUSES)
# "Emperor Tarokk", given in full: 46 cards, ten tricks, annulment only without trumps or with four kings,
# and "Declarer's side must make 48 card points or score nothing. If won, then the value of the card points
# will be added to their game points up to a maximum of 60."
EMPEROR = dataclasses.replace(
    FAMILY_BASIC,
    name="emperor",
    pack_size=46,
    game_value="card_points",
    game_value_cap=60,
    annulment_holdings=frozenset({"no_tarokks", "four_kings"}),
    family_bonuses=EMPEROR_BONUSES,
)

PRESETS: dict[str, Rules] = {
    "pagat": PAGAT,
    "kegl": KEGL,
    "tournament": TOURNAMENT,
    "family_basic": FAMILY_BASIC,
    "palatine": PALATINE,
    "magus": MAGUS,
    "emperor": EMPEROR,
}

#: which event or school plays each preset, with its rules text
PRESET_DOCS: dict[str, str] = {
    "pagat": gettext_noop("The rules of pagat.com (hungarian-tarokk-pagat-en.txt, main text)."),
    "kegl": gettext_noop("Kégl's rules as on Board Game Arena (the pagat text's list of online games)."),
    "tournament": gettext_noop("The Hungarian tournament rules of 2018 (T 1-53)."),
    "family_basic": gettext_noop(
        'Basic (Paskievics) Tarokk of the Hungarian family (hungarian-tarokk-family.txt, "Tarokk: Basic'
        ' Rules", "Paskievics Tarokk"): the game is worth the card points over or under 48.'
    ),
    "palatine": gettext_noop(
        'Palatine Tarokk: Basic Tarokk with First Five ... Penultimate King ("Palatine Tarokk").'
    ),
    "magus": gettext_noop(
        "Magus Tarokk: Palatine Tarokk with the owls, birds and pheasants, House and Three Kings."
    ),
    "emperor": gettext_noop(
        'Emperor Tarokk ("Emperor Tarokk", given in full): 46 cards and ten tricks, a won game worth its'
        " card points up to 60, and the Emperor's bonuses."
    ),
}

# Where the family text is silent or unclear, each preset's choice.
FAMILY_SILENT_CHOICES: dict[str, str] = {
    "bid_value": 'Basic Rules "Scores" gives the game as the card points over/under 48, so the bids\' own'
    " values (1-4) are not used; game_value=bid scores them as the Hungarian game does.",
    "margin_at_48": "Scores: 48 card points wins the game for 0 (over/under 48); 47 loses 1.",
    "high_game_and_slam": "High Game and Slam multiply the game's value as double game (x2/x4) and volát"
    " (x3/x6) do.",
    "emperor_lost_game": 'Emperor "Scores": a lost game is worth nothing (the opponents score 0 for it).',
    "annulled_stake": "Annulment: the new hand is doubled; a second annulment doubles it again; a played or"
    " passed-out hand ends the doubling (doubled_rounds=next_hand).",
    "contras": "Contras: three levels (Contra, Re-Contra, Sub-Contra; max_kontra=3), on any announced bonus.",
    "two_little_birds": "Two Little Birds won: the team's Sparrow, Last Owl and Owl are not scored at all.",
    "silent_sparrow": "The Sparrow keeps the Hungarian pagát ultimó's silent loss (the Magician beaten in the"
    " last trick loses 5).",
    "named_cards": "The suit or card a bonus names (Last King of ..., House of ...) is the table's: the"
    " summary says only whether the bonus was made.",
    "emperor_play": "The engine deals and plays the 42-card game only: Emperor hands are entered as"
    " summaries.",
    "slam_blocks": '"A team that declares a Slam cannot declare Honours or Kings" is a rule of play; the'
    " summary does not check it.",
}

# Where the tournament rules are silent the preset follows pagat; each such choice is listed here.
TOURNAMENT_SILENT_CHOICES: dict[str, str] = {
    "old_holding_rule": "T 12: C does not say who may hold; the new rule (any earlier bidder may hold once).",
    "kontra_raises_game_threshold": "T 47: defenders win with 47 whether or not the game was kontra'd.",
    "silent_trull_with_volat": "T 49: C silent; pagat's rule (no silent trull/four kings with volát).",
    "declarations_kontra": "T 39: a tarokk count cannot be kontra'd (C silent; both implementations say no).",
    "lone_game_value": "T 33: the game keeps the value of the bid when playing alone (C silent).",
    "kontrad_game_with_announced_double": "T 48: pagat's table (a kontra'd game is still scored).",
    "undeclared_tarokks": "T 35: with declarations a team item, undeclared tarokks (claimable only from the "
    "partner in pagat) score nothing.",
    "two_offenders": "T 7: two offenders each pay the amount (10..20) to each of the two other players.",
    "penalty_stake": "T 7/T 5: a renonsz amount is final; there are no doubled rounds to multiply it.",
    "five_player_dealer": 'T 6: the sitting-out dealer neither wins nor loses (pagat "The scoring").',
}


def unknown_preset(value: Any) -> Message:
    """What is said of a preset name that is none of ``PRESETS`` (here, in summaries and in records)."""
    return Message(
        "unknown_preset",
        _("unknown preset %(value)s (known: %(known)s)"),
        value=shown(value),
        known=", ".join(PRESETS),
    )


MUST_BE_LIST = Message("not_a_list", _("must be a list"))  # the engine's own text (summary.py)
VALUE_PAIR = Message("value_pair", _("must be [silent, announced], two non-negative integers"))


def get_rules(preset: str = "pagat", /, **options: Any) -> Rules:
    """The named preset, with options overriding it; raises RulesError for unknown names or bad values
    (of any type: options may come from JSON)."""
    base = PRESETS.get(preset) if type(preset) is str else None
    if base is None:
        raise RulesError("rules", unknown_preset(preset))
    known = {f.name for f in dataclasses.fields(Rules)} - {"name"}
    unknown = set(options) - known
    if unknown:
        raise RulesError(
            "rules",
            Message("unknown_options", _("unknown option(s) %(names)s"), names=sorted(unknown, key=str)),
        )
    if "annulment_holdings" in options:
        holdings = options["annulment_holdings"]
        if not isinstance(holdings, list | tuple | set | frozenset) or not all(
            type(h) is str for h in holdings
        ):
            raise RulesError(
                "annulment_holdings",
                Message(
                    "holdings_list",
                    _("must be a list of holdings (%(known)s), got %(value)s"),
                    known=", ".join(ANNULMENT_HOLDINGS),
                    value=shown(holdings),
                ),
            )
        options["annulment_holdings"] = frozenset(holdings)
    for name in ("trull_values", "four_kings_values", "pagat_ultimo_values", "xxi_catch_values"):
        if name in options:
            if not isinstance(options[name], list | tuple):
                raise RulesError(name, VALUE_PAIR)
            options[name] = tuple(options[name])
    if "family_bonuses" in options:
        entries = options["family_bonuses"]
        if not isinstance(entries, list | tuple):
            raise RulesError("family_bonuses", MUST_BE_LIST)
        options["family_bonuses"] = tuple(
            tuple(entry) if isinstance(entry, list | tuple) else entry for entry in entries
        )
    return base.replace(**options) if options else base


def resolve_rules(spec: Any = "pagat", options: Mapping[str, Any] | None = None) -> Rules:
    """The one way to rules: a preset name, a stored spec ``{"preset": NAME, "options": {...}}`` (as
    summaries and records carry it, ``Rules.spec()``) or a ``Rules`` value, with ``options`` (a tournament's
    overrides) on top. Raises RulesError for an unknown preset or option, a bad value or a malformed spec
    (and TypeError for option names that are not text, as ``get_rules`` does)."""
    extra = dict(options or {})
    if isinstance(spec, Rules):
        if not extra:
            return spec
        spec = spec.spec()
    if type(spec) is str:
        return get_rules(spec, **extra)
    if not isinstance(spec, Mapping) or set(spec) - {"preset", "options"}:
        raise RulesError(
            "rules", Message("rules_spec", _("must be a preset name or an object {preset, options}"))
        )
    stored = spec.get("options") or {}
    if not isinstance(stored, Mapping):
        raise RulesError(
            "rules", Message("rules_spec_parts", _("preset must be a name and options an object"))
        )
    return get_rules(spec.get("preset", "pagat"), **{**stored, **extra})
