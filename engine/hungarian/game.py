"""Hungarian Tarokk as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``), made of this
package's modules. ``engine.games`` registers it as ``"hungarian"``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.descriptor import ENTRY_KINDS, GameDescriptor
from engine.core.messages import gettext_noop
from engine.core.scoring import KONTRA_NAMES
from engine.hungarian.bots import BaselineRuleBot, play_hand
from engine.hungarian.deals import (
    PLAYERS_PER_DEAL,
    TABLE_SIZES,
    THROWN_IN,
    deal_sequence,
    sitting_out,
    sitting_out_shares,
)
from engine.hungarian.facts import assess_summary, hand_facts
from engine.hungarian.family import FAMILY_BONUSES
from engine.hungarian.family import LABELS as FAMILY_LABELS
from engine.hungarian.family import PRESET_LABELS as FAMILY_PRESET_LABELS
from engine.hungarian.live import LIVE
from engine.hungarian.record import ReplayResult, replay
from engine.hungarian.record_format import rules_from_spec
from engine.hungarian.rules import ANNULMENT_HOLDINGS, OPTION_DOCS, PRESET_DOCS, PRESETS, resolve_rules
from engine.hungarian.sample import sample_summary
from engine.hungarian.scoring import PLAUSIBLE_PAYMENT, item_payments, max_payment, score_summary
from engine.hungarian.summary import BIDS, KINDS, TEAM_NAMES
from engine.hungarian.terms import TERMS

ID = "hungarian"
SCHEMAS = Path(__file__).resolve().parents[1] / "schemas" / "hungarian"
#: the names of the items a score sheet shows (``score``'s items), the order the sheets list them in
ITEMS: tuple[str, ...] = (
    "game",
    "double_game",
    "volat",
    "trull",
    "four_kings",
    "pagat_ultimo",
    "xxi_catch",
    "eight_tarokks",
    "nine_tarokks",
    "talon_honour",
    "trial_three",
    "penalty",
    *FAMILY_BONUSES,  # the Hungarian family's bonuses (engine.hungarian.family)
)

#: the English label of every word a page shows (the same texts as tournaments/core/labels.py, whose
#: ITEM_NAMES and ENGINE_VOCABULARIES hold them today); jargon is labelled by itself
LABELS: dict[str, str] = {
    # bids
    "three": gettext_noop("three"),
    "two": gettext_noop("two"),
    "one": gettext_noop("one"),
    "solo": gettext_noop("solo"),
    # kinds of hand
    "played": gettext_noop("played"),
    "passed_out": gettext_noop("passed out"),
    "annulled": gettext_noop("annulled"),
    "trial_three_failed": gettext_noop("failed trial three"),
    # teams
    "declarer": gettext_noop("declarer"),
    "opponents": gettext_noop("opponents"),
    # scored items and bonuses
    "game": gettext_noop("game"),
    "double_game": gettext_noop("double game"),
    "volat": "volát",
    "trull": "trull",
    "four_kings": gettext_noop("four kings"),
    "pagat_ultimo": "pagátultimó",
    "xxi_catch": gettext_noop("XXI catch"),
    "eight_tarokks": gettext_noop("eight tarokks"),
    "nine_tarokks": gettext_noop("nine tarokks"),
    "talon_honour": gettext_noop("talon honour"),
    "trial_three": gettext_noop("failed trial three"),
    "penalty": gettext_noop("penalty"),
    **FAMILY_LABELS,
    # the family's presets (the others are named by the tournament system)
    **FAMILY_PRESET_LABELS,
    # holdings that annul a hand
    "xxi_alone": gettext_noop("XXI alone"),
    "pagat_alone": gettext_noop("pagát alone"),
    "no_tarokks": gettext_noop("no tarokks"),
    "xxi_and_pagat": gettext_noop("XXI and pagát"),
}

#: the tournament format of the 2018 Hungarian rules: table points by place, 16 deals at four, 20 at five,
#: a maximum within the round's time (ITVB 2.6-2.7: no new deal once time is up)
FORMATS: dict[str, dict[str, Any]] = {
    "tournament": {
        "scoring": "table_points",
        "deals_within_time": True,
        "table_sizes": [4, 5],
        "deals_per_round": {4: 16, 5: 20},
        "table_points": {4: [10, 8, 6, 4], 5: [10, 8, 6, 4, 4]},
    }
}


@cache
def summary_schema() -> dict[str, Any]:
    """The JSON schema of a hand summary (engine/schemas/hungarian/hand-summary.schema.json)."""
    return json.loads((SCHEMAS / "hand-summary.schema.json").read_text(encoding="utf-8"))


@cache
def record_schema() -> dict[str, Any]:
    """The JSON schema of a hand record (engine/schemas/hungarian/hand-record.schema.json)."""
    return json.loads((SCHEMAS / "hand-record.schema.json").read_text(encoding="utf-8"))


def bot_record(seed: int, rules: Any, seats: Any, stake: int = 1) -> dict[str, Any]:
    """A hand dealt by ``seed`` and played to the end by rule bots, as its record: the 2025 rule bot, twice
    as fast as today's and playing plausibly (the demo's hands stay the ones they were)."""
    bots = [BaselineRuleBot()] * len(seats)
    return play_hand(seed, bots, rules=rules, seats=list(seats), stake=stake).record()


def replay_record(record: Any) -> ReplayResult:
    """Replay a hand record (``engine.hungarian.record.replay``)."""
    return replay(record)


#: each preset's name as pages show it (translated in tournaments/locale)
PRESET_NAMES: dict[str, str] = {
    "tournament": gettext_noop("Hungarian tournament rules (2018)"),
    "pagat": gettext_noop("the rules of pagat.com"),
    "kegl": gettext_noop("Kégl's rules (as on Board Game Arena)"),
    **FAMILY_PRESET_LABELS,
}


DESCRIPTOR = GameDescriptor(
    id=ID,
    about={
        "sources": "pagat; the 2018 tournament rules; the family",
        "tables": "4, 5 (the 5-table's dealer sits out)",
        "presets": "`tournament`: the 2018 rules; `family_basic` to `emperor`: the family",
        "scoring": "table points 10-8-6-4 (-4)",
    },
    order=10,  # where it stands in lists
    names={"hu": "Magyar tarokk", "en": "Hungarian Tarokk", "de": "Ungarisches Tarock"},
    table_sizes=TABLE_SIZES,
    players_per_deal=PLAYERS_PER_DEAL,
    sitting_out=sitting_out,
    sitting_out_shares=sitting_out_shares,
    deal=deal_sequence,
    entry_kinds=frozenset(ENTRY_KINDS),
    summary_schema=summary_schema,
    score=score_summary,
    replay=replay_record,
    item_payments=item_payments,
    max_payment=max_payment,
    plausible_payment=PLAUSIBLE_PAYMENT,
    terms=TERMS,
    vocabularies={
        "bid": BIDS,
        "team": TEAM_NAMES,
        "bonus": ITEMS,
        "kind": KINDS,
        "holding": ANNULMENT_HOLDINGS,
    },
    kontra_names=KONTRA_NAMES,
    presets=PRESETS,
    default_preset="pagat",
    resolve_rules=resolve_rules,
    commands={
        "score": "engine.hungarian.commands.score",
        "replay": "engine.hungarian.commands.replay",
        "play": "engine.hungarian.commands.play",
        "rules": "engine.hungarian.commands.rules",
    },
    thrown_in_kinds=THROWN_IN,
    deal_steps={"p": "played", "t": "passed_out"},  # played: the deal passes on; thrown in: dealt again
    record_rules=rules_from_spec,
    assess_summary=assess_summary,
    bot_record=bot_record,
    labels=LABELS,
    sample_summary=sample_summary,
    preferred_table_size=4,
    formats=FORMATS,
    option_docs=OPTION_DOCS,
    preset_docs=PRESET_DOCS,
    preset_names=PRESET_NAMES,
    hand_facts=hand_facts,
    live=LIVE,
)
