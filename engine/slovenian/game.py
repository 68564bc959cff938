"""Three-handed Slovenian Tarok as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``).
Tables enter payments or hand summaries, or play live (``engine.slovenian.live``) and enter the hand's
record, which ``engine.slovenian.record.replay`` replays; the rule bots play a whole hand
(``bot_record``)."""

from __future__ import annotations

from typing import Any

from engine.core.descriptor import GameDescriptor
from engine.core.form import SIDES
from engine.core.messages import gettext_noop
from engine.slovenian.carry import carry_next
from engine.slovenian.deals import (
    PLAYERS_PER_DEAL,
    TABLE_SIZES,
    THROWN_IN,
    deal_sequence,
    sitting_out,
    sitting_out_shares,
)
from engine.slovenian.facts import hand_facts
from engine.slovenian.form import SUMMARY_FORM
from engine.slovenian.live import LIVE
from engine.slovenian.record import bot_record, record_rules, replay
from engine.slovenian.rules import (
    BONUSES,
    CONTRACTS,
    DEFAULT,
    OPTION_DOCS,
    PRESET_DOCS,
    PRESETS,
    resolve_rules,
)
from engine.slovenian.sample import sample_summary
from engine.slovenian.scoring import (
    ITEMS,
    KONTRA_NAMES,
    PLAUSIBLE_PAYMENT,
    item_payments,
    max_payment,
    score_summary,
)
from engine.slovenian.summary import KINDS
from engine.slovenian.terms import LABELS, TERMS

ID = "slovenian"

#: the Bled event's format (16.8 Bled and the issue): tables of three, places worth 2 / 1 / 0.5 (the score
#: difference breaks ties); the text gives no number of deals or rounds, so the site's defaults apply
FORMATS: dict[str, dict[str, Any]] = {
    # 16.8: table places worth 2 / 1 / 0.5, the score difference as the tie-break, round 1 seeded in three
    # groups by a ranking (then the usual draws)
    "bled": {
        "scoring": "table_points",
        "table_sizes": [3],
        "table_points": {3: [2, 1, 0.5]},
        "tiebreaks": ["total", "game_points"],
        "pairing_methods": ["seeded", "swiss"],
    },
    "classic": {"scoring": "game_points", "table_sizes": [3]},
}


#: each preset's name as pages show it (translated in tournaments/locale)
PRESET_NAMES: dict[str, str] = {
    "bled": gettext_noop("Bled tournament (2005)"),
    "classic": gettext_noop("Classic Slovenian tarok"),
}


DESCRIPTOR = GameDescriptor(
    id=ID,
    about={
        "sources": "16.8",
        "tables": "3",
        "scoring": "table places 2 / 1 / 0.5, score difference as tie-break, round 1 seeded in three groups",
    },
    order=40,  # where it stands in lists
    names={"hu": "Szlovén tarok", "en": "Slovenian Tarok", "de": "Slowenisches Tarock"},
    table_sizes=TABLE_SIZES,
    players_per_deal=PLAYERS_PER_DEAL,
    sitting_out=sitting_out,
    sitting_out_shares=sitting_out_shares,
    deal=deal_sequence,
    score=score_summary,
    replay=replay,
    item_payments=item_payments,
    max_payment=max_payment,
    plausible_payment=PLAUSIBLE_PAYMENT,
    terms=TERMS,
    vocabularies={
        "kind": KINDS,
        "contract": CONTRACTS,
        "bid": CONTRACTS,
        "bonus": BONUSES,
        "item": ITEMS,
        "team": SIDES,
    },
    kontra_names=KONTRA_NAMES,
    presets=PRESETS,
    default_preset=DEFAULT,
    resolve_rules=resolve_rules,
    thrown_in_kinds=THROWN_IN,
    deal_steps={"p": "played", "a": "annulled"},
    record_rules=record_rules,
    assess_summary=None,
    bot_record=bot_record,
    summary_form=SUMMARY_FORM,
    labels=LABELS,
    sample_summary=sample_summary,
    preferred_table_size=3,
    formats=FORMATS,
    option_docs=OPTION_DOCS,
    preset_docs=PRESET_DOCS,
    preset_names=PRESET_NAMES,
    hand_facts=hand_facts,
    live=LIVE,
    carry_next=carry_next,  # radelci across hands (engine.slovenian.carry)
)
