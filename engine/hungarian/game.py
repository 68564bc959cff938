"""Hungarian Tarokk as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``), made of this
package's modules. ``engine.games`` registers it as ``"hungarian"``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.descriptor import ENTRY_KINDS, GameDescriptor
from engine.core.scoring import KONTRA_NAMES
from engine.hungarian.bots import RuleBot, play_hand
from engine.hungarian.deals import (
    PLAYERS_PER_DEAL,
    TABLE_SIZES,
    THROWN_IN,
    deal_sequence,
    sitting_out,
    sitting_out_shares,
)
from engine.hungarian.facts import assess_summary
from engine.hungarian.record import ReplayResult, replay
from engine.hungarian.record_format import rules_from_spec
from engine.hungarian.rules import ANNULMENT_HOLDINGS, PRESETS, resolve_rules
from engine.hungarian.scoring import PLAUSIBLE_PAYMENT, item_payments, max_payment, score_summary
from engine.hungarian.summary import BIDS, KINDS, TEAM_NAMES
from engine.hungarian.terms import TERMS

ID = "hungarian"
SCHEMAS = Path(__file__).resolve().parent / "schemas"
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
)


@cache
def summary_schema() -> dict[str, Any]:
    """The JSON schema of a hand summary (engine/hungarian/schemas/hand-summary.schema.json)."""
    return json.loads((SCHEMAS / "hand-summary.schema.json").read_text(encoding="utf-8"))


@cache
def record_schema() -> dict[str, Any]:
    """The JSON schema of a hand record (engine/hungarian/schemas/hand-record.schema.json)."""
    return json.loads((SCHEMAS / "hand-record.schema.json").read_text(encoding="utf-8"))


def bot_record(seed: int, rules: Any, seats: Any, stake: int = 1) -> dict[str, Any]:
    """A hand dealt by ``seed`` and played to the end by rule bots, as its record."""
    return play_hand(seed, [RuleBot()] * len(seats), rules=rules, seats=list(seats), stake=stake).record()


def replay_record(record: Any) -> ReplayResult:
    """Replay a hand record (``engine.hungarian.record.replay``)."""
    return replay(record)


DESCRIPTOR = GameDescriptor(
    id=ID,
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
)
