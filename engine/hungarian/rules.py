"""Rule options and presets for Hungarian Tarokk.

A `Rules` value is a frozen, named configuration: every item of the pagat text's "Variations" section is an
option here, with the main text as the default. Presets:

* ``pagat``: the main text of ``hungarian-tarokk-pagat-en.txt``.
* ``kegl``: the Board Game Arena / Lóránt Kégl list at the end of that text ("Other Hungarian Tarokk WWW
  pages and Online Games"), ultimó pot included.
* ``tournament``: the Hungarian tournament rules of 2018 (``hungarian-tournament-rules-2018.md``, items
  cited as "T n"); where those rules are silent it follows ``pagat`` (see ``TOURNAMENT_SILENT_CHOICES``).

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

from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown

__all__ = [
    "KEGL",
    "OPTION_DOCS",
    "PAGAT",
    "PRESETS",
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

DoubledRounds = Literal["overlap", "none", "extra_round", "quadruple_round"]
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
                value = list(value)
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
    if rules.doubled_rounds not in ("overlap", "none", "extra_round", "quadruple_round"):
        raise RulesError(
            "doubled_rounds",
            Message("doubled_rounds_value", _("must be overlap, none, extra_round or quadruple_round")),
        )
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
        "After a passed-out or annulled hand: overlap (pagat), none (T 5), extra_round, quadruple_round."
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

PRESETS: dict[str, Rules] = {"pagat": PAGAT, "kegl": KEGL, "tournament": TOURNAMENT}

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
