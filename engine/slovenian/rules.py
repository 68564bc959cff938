"""Rule options and presets of three-handed Slovenian Tarok.

Sources, cited beside the rules that use them:

* "16.8 Bled": Dummett & McLeod, *Supplement*, 16.8 "Slovenian Tarok – additional variant: Bled rules"
  (``../shared/rules/dummett-mcleod-supplement.txt``): the contracts and their values (Trojka 10, Dvojko 20,
  Enojko 30, Bera 70, Solo 80, the card-point difference from 35 "probably ... simply added"), the forced
  Trojka of the first player, and Klopecki with its kontra. It "does not provide a complete description"
  and amends the base game of the main book (16.8, not in our files).
* "pagat": the base game as pagat.com describes Slovenian Tarok (mirror
  https://gambiter.com/cards/tarot/sltarok.html): the three-handed contracts (no king called), the
  difference rounded to the nearest 5, Klop (minus the card points taken, +70 for no trick, -70 for more
  than half), the bonuses (Trula, Kralji, Pagat ultimo, Valat), the Mond penalty of 21, the radelci
  (section "Radelci": every player gets one after a Klop, a Berač or a Valat; a radelc doubles its
  holder's score and is crossed off when its holder wins a game he declared). Its list of contracts names
  Solo three (40), Solo two (50) and Solo one (60) too, but they are the four-handed game's: Three, Two and
  One played without calling a king. At three no king is called, so Three is already played alone and the
  three-handed game leaves them out (google-deepmind/open_spiel, games/tarok, which follows pagat: "skip
  solo contracts for three players"); the ``solo_contracts`` option lets a table bid them anyway, played as
  Trojka, Dvojka, Enojka at their own values. King ultimo (the called king in the last trick) has no
  called king at three and is not a bonus here.
* "TZS B1.x": the competition rules of the Tarok zveza Slovenije (https://tarokzveza.si, "Pojasnila v
  zvezi s pravili tekmovalnega taroka"): announced bonuses kralji 20, trula 20, pagat 50, valat 500 (B1.17),
  silent ones half (B1.18), a silent valat replaces the rest (B1.14), the ladder kontra, re, sub, mort
  (B1.19).

Presets: ``bled`` (the 2005 Bled tournament; where its text is silent it keeps the base game, as the
supplement says it "differs ... as follows") and ``classic`` (the base three-handed game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.core import presets
from engine.core.messages import Message, gettext_noop
from engine.core.messages import gettext_noop as _
from engine.core.rules import RulesError
from engine.core.shown import shown

#: every contract of the three-handed game, lowest first (16.8 Bled's order, then the base game's higher
#: ones); ``klop`` is Bled's Klopecki
CONTRACTS: tuple[str, ...] = (
    "klop",
    "trojka",
    "dvojka",
    "enojka",
    "solo_trojka",
    "solo_dvojka",
    "solo_enojka",
    "berac",
    "solo",
    "odprti_berac",
    "barvni_valat",
    "valat",
)
#: the bonuses of the three-handed game (pagat; no Kralj ultimo: no king is called at three)
BONUSES: tuple[str, ...] = ("trula", "kralji", "pagat_ultimo", "valat")
#: pagat's Solo three, Solo two, Solo one: the four-handed game's Three, Two, One without a called king; at
#: three they play exactly as Trojka, Dvojka, Enojka (the talon taken and the rest to the opponents, pagat
#: "Exchange with the talon"), only their value is higher (the ``solo_contracts`` option)
SOLO_TALON: dict[str, str] = {"solo_trojka": "trojka", "solo_dvojka": "dvojka", "solo_enojka": "enojka"}
#: the most radelci one player may hold (our bound: the texts give none; ``carry_next`` stops there)
MOST_RADELCI = 99


def _classic_values() -> dict[str, int]:
    # pagat: three 10, two 20, one 30, solo three 40, solo two 50, solo one 60 (played only with the
    # solo_contracts option: the four-handed game's), beggar 70, solo without 80, open beggar 90, colour
    # valat 125, valat 500
    return {
        "trojka": 10,
        "dvojka": 20,
        "enojka": 30,
        "solo_trojka": 40,
        "solo_dvojka": 50,
        "solo_enojka": 60,
        "berac": 70,
        "solo": 80,
        "odprti_berac": 90,
        "barvni_valat": 125,
        "valat": 500,
    }


def _bled_values() -> dict[str, int]:
    # 16.8 Bled: "The contracts in ascending order and their values are: Trojka 10, Dvojko 20, Enojko 30,
    # Bera 70, Solo 80" - no open beggar, colour valat or valat contract
    return {"trojka": 10, "dvojka": 20, "enojka": 30, "berac": 70, "solo": 80}


def _announced() -> dict[str, int]:
    # TZS B1.17: kralji 20, trula 20, pagat 50, valat 500 when announced (pagat: the same)
    return {"trula": 20, "kralji": 20, "pagat_ultimo": 50, "valat": 500}


@dataclass(frozen=True)
class Rules:
    """One rule configuration of three-handed Slovenian Tarok (defaults: the Bled rules)."""

    name: str = "bled"
    #: contract -> value; a contract not listed cannot be played (Klop has no value of its own), nor can the
    #: solo contracts without ``solo_contracts``
    contract_values: Mapping[str, int] = field(default_factory=_bled_values)
    #: the card-point difference from 35 is rounded to the nearest multiple of this (1: not rounded)
    difference_rounding: int = 5
    #: Solo adds the difference like Trojka/Dvojko/Enojko (16.8 Bled's reading), else it scores its value
    solo_adds_difference: bool = True
    #: bonuses count in a Solo (they always count in Trojka, Dvojko, Enojko; never in Berač and above)
    solo_bonuses: bool = True
    #: bonus -> its value when announced; silent ones count half (TZS B1.18)
    bonus_values: Mapping[str, int] = field(default_factory=_announced)
    #: the Mond penalty: the holder whose Mond is captured (or left in the talon) loses this (pagat)
    mond_penalty: int = 21
    #: Klop: a player who takes at least this many card points loses 70 (doubled by a kontra) and the
    #: others nothing (16.8 Bled: "35 or more"; pagat: more than half, 36)
    klop_limit: int = 35
    #: Klop: a player who takes no trick wins this (pagat; 16.8 Bled is silent and keeps it)
    klop_clean: int = 70
    #: Klopecki may be kontra'd, once, in turn from the first player (16.8 Bled)
    klop_kontra: bool = True
    #: the highest kontra level on a game or an announced bonus (1 kontra, 2 re, 3 sub, 4 mort)
    max_kontra: int = 4
    #: radelci: a player marked with one scores double (16.8 Bled does not mention them)
    radelci: bool = False
    #: radelci: a declarer holding one crosses it off when he loses his game too (off: only when he wins it,
    #: pagat "Radelci")
    radelci_lost_crossed: bool = False
    #: radelci: in Klop, a player holding one who scores more than nothing crosses it off (off: only a won
    #: game crosses one off, and a Klop has no declarer; pagat is silent)
    radelci_klop_crossed: bool = False
    #: Solo trojka, Solo dvojka, Solo enojka may be bid (their values in ``contract_values``): pagat's
    #: four-handed contracts, played at three as Trojka, Dvojka, Enojka (off: pagat's three-handed game)
    solo_contracts: bool = False
    # --- live play (engine.slovenian.live): what the texts leave open, each at the Bled practice ---------
    #: the first bidder must open the auction (16.8 Bled: "the first player opens the bidding with Trojka");
    #: off: he may pass like the others, and a hand that all pass is a Klop (pagat, four-handed game)
    forced_opening: bool = True
    #: the first bidder may hold (equal) a bid of another player; the others must bid higher (pagat
    #: "Bidding": forehand's privilege)
    forehand_holds: bool = True
    #: in Klop and the beggars a player must beat the best card of the trick when able (pagat "Klop",
    #: "Beggar": "must play a higher card if possible")
    negative_overtake: bool = True
    #: in Klop and the beggars the Pagat may be played only as its holder's last tarok, or to a trick that
    #: already holds the Škis and the Mond (pagat "Klop")
    pagat_last_negative: bool = True
    #: the emperor's trick: a trick holding the Škis, the Mond and the Pagat is won by the Pagat (pagat
    #: "Play of the cards")
    emperor_trick: bool = True
    #: Solo brez: the unused talon counts for the declarer (off: for the opponents, pagat "Solo")
    solo_talon_to_declarer: bool = False
    #: Berač and the Valat contracts end as soon as they are decided (pagat "Beggar", "Valat")
    stop_when_decided: bool = True
    #: the declarer's opponents may announce bonuses too (off: only the declarer; TZS B1.17 lets either)
    opponents_announce: bool = True
    #: a hand in which a player holds no tarok is thrown in (pagat "Deal"; deals.py: "annulled")
    no_tarok_annul: bool = True

    OPTION_RANGES = {  # read by engine.core.presets: each number option's range
        "difference_rounding": (1, 35),
        "mond_penalty": (0, 100),
        "klop_limit": (1, 70),
        "klop_clean": (0, 140),
        "max_kontra": (0, 4),
    }

    def spec(self) -> str | dict[str, Any]:
        """How a summary or a record names these rules: the preset's name, or ``{"preset", "options"}``."""
        return presets.spec_of(self, PRESETS)

    @cached_property
    def contracts(self) -> tuple[str, ...]:
        """The contracts a hand may be played as, lowest first: Klop, and the schedule's (what the entry form
        offers; the solo contracts only with ``solo_contracts``). Worked out once per rules value (a live
        hand reads it as it is dealt)."""
        values, solo = self.contract_values, self.solo_contracts
        return tuple(c for c in CONTRACTS if c == "klop" or (c in values and (solo or c not in SOLO_TALON)))


BLED = Rules()
CLASSIC = Rules(
    name="classic",
    contract_values=_classic_values(),
    # our reading of pagat: Solo without scores its value only, and no bonuses count in it
    solo_adds_difference=False,
    solo_bonuses=False,
    klop_limit=36,  # pagat: "more than half the card points"
    klop_kontra=False,  # pagat: only "some allow a klop to be kontra'd"
    radelci=True,  # pagat: after a Klop, Berač or Valat each player gets a radelc
)
PRESETS: dict[str, Rules] = {"bled": BLED, "classic": CLASSIC}
DEFAULT = "bled"


#: the largest value a contract or a bonus may be given (keeps every payment a bounded number)
MAX_VALUE = 10_000


def resolve_rules(spec: Any = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a preset name or ``{"preset", "options"}`` spec (default ``bled``); raises RulesError
    (also for a value table naming an unknown contract or bonus, or a value out of range)."""
    rules = presets.resolve(PRESETS, DEFAULT, spec, options)
    _check_table(rules.contract_values, CONTRACTS[1:], "contract_values", every=False)
    _check_table(rules.bonus_values, BONUSES, "bonus_values", every=True)
    if rules.solo_contracts and not set(SOLO_TALON) <= set(rules.contract_values):
        raise RulesError(
            "solo_contracts",
            Message(
                "sl_solo_values",
                _("needs the values of %(names)s in contract_values"),
                names=", ".join(SOLO_TALON),
            ),
        )
    return rules


def _check_table(table: Mapping[str, int], names: tuple[str, ...], option: str, *, every: bool) -> None:
    wrong = [k for k, v in table.items() if k not in names or not 0 <= v <= MAX_VALUE]
    if wrong or not table or (every and set(table) != set(names)):
        raise RulesError(
            option,
            Message(
                "value_table",
                _("must map %(names)s to whole numbers 0..%(most)s, got %(value)s"),
                names=", ".join(names),
                most=MAX_VALUE,
                value=shown(dict(table)),
            ),
        )


OPTION_DOCS: dict[str, str] = {
    "contract_values": gettext_noop(
        "the contracts that may be played and their values (Bled: Trojka 10, Dvojko 20, Enojko 30, Bera 70, "
        "Solo 80; pagat adds Solo trojka 40, Solo dvojka 50, Solo enojka 60, played with solo_contracts)"
    ),
    "difference_rounding": gettext_noop(
        "the card-point difference from 35 is rounded to the nearest multiple of this (1: not rounded)"
    ),
    "solo_adds_difference": gettext_noop(
        "Solo adds the card-point difference to its value, as Trojka, Dvojko and Enojko do"
    ),
    "solo_bonuses": gettext_noop("bonuses (Trula, Kralji, Pagat ultimo, Valat) count in a Solo"),
    "bonus_values": gettext_noop("each bonus's value when announced; a silent bonus counts half"),
    "mond_penalty": gettext_noop("what a player loses whose Mond is captured or left in the talon"),
    "klop_limit": gettext_noop(
        "in Klop, a player who takes at least this many card points loses 70 (140 with a kontra) and the "
        "others nothing"
    ),
    "klop_clean": gettext_noop("in Klop, what a player who takes no trick wins"),
    "klop_kontra": gettext_noop("Klopecki may be kontra'd by one player, in turn from the first player"),
    "max_kontra": gettext_noop("the highest kontra level (1 kontra, 2 re, 3 sub, 4 mort)"),
    "radelci": gettext_noop(
        "radelci: after a Klop, Berač or Valat every player gets a radelc; a player holding one scores "
        "double and crosses one off when he wins a game he declared"
    ),
    "radelci_lost_crossed": gettext_noop(
        "radelci: a declarer crosses a radelc off when he loses his game too, not only when he wins it"
    ),
    "radelci_klop_crossed": gettext_noop(
        "radelci: in Klop, a player holding a radelc who scores more than nothing crosses one off"
    ),
    "solo_contracts": gettext_noop(
        "Solo trojka, Solo dvojka and Solo enojka may be bid: played as Trojka, Dvojka and Enojka (the talon "
        "taken), at their own values"
    ),
    "forced_opening": gettext_noop(
        "the first bidder must open the auction (with Trojka or higher); off: he may pass, and a hand all "
        "pass is a Klop"
    ),
    "forehand_holds": gettext_noop(
        "the first bidder may hold (equal) another player's bid; the others must bid higher"
    ),
    "negative_overtake": gettext_noop(
        "in Klop and the beggars a player must beat the best card of the trick when able"
    ),
    "pagat_last_negative": gettext_noop(
        "in Klop and the beggars the Pagat may be played only as its holder's last tarok (or to a trick "
        "holding the Škis and the Mond)"
    ),
    "emperor_trick": gettext_noop("a trick holding the Škis, the Mond and the Pagat is won by the Pagat"),
    "solo_talon_to_declarer": gettext_noop(
        "in Solo brez the unused talon counts for the declarer (off: for the opponents)"
    ),
    "stop_when_decided": gettext_noop("Berač and the Valat contracts end as soon as they are won or lost"),
    "opponents_announce": gettext_noop("the declarer's opponents may announce bonuses too"),
    "no_tarok_annul": gettext_noop("a hand in which a player holds no tarok is thrown in and dealt again"),
}

PRESET_DOCS: dict[str, str] = {
    "bled": gettext_noop(
        "The three-handed tournament at Bled, 2005 (Dummett-McLeod Supplement 16.8): Trojka 10, Dvojko 20, "
        "Enojko 30, Bera 70, Solo 80 plus the card-point difference from 35; Klopecki with its kontra; "
        "table places worth 2, 1 and 0.5 with the score difference as tie-break; round 1 is seeded in "
        "three groups by a ranking (the tournament's draw)."
    ),
    "classic": gettext_noop(
        "The base three-handed Slovenian Tarok (pagat.com; Dummett-McLeod 16.8): Trojka, Dvojka, Enojka, "
        "Berač, Solo brez, Odprti berač, Barvni valat and Valat; Klop without kontra; radelci."
    ),
}
