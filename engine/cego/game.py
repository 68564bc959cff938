"""Cego (Ichenheim) as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``), made of this
package's modules. ``engine.games`` registers it as ``"cego"``.

Summaries, typed payments and hand records: a hand is played live move by move (``engine.cego.live``:
``LIVE``, its rule and random bots), and its record is replayed (``replay``) to the summary this package
scores.
"""

from __future__ import annotations

from engine.cego.deals import PLAYERS_PER_DEAL, TABLE_SIZES, deal, sitting_out, sitting_out_shares
from engine.cego.facts import hand_facts
from engine.cego.form import SUMMARY_FORM
from engine.cego.live import LIVE, bot_record, record_rules, replay
from engine.cego.rules import CONTRACTS, DEFAULT, OPTION_DOCS, PRESET_DOCS, PRESETS, resolve_rules
from engine.cego.sample import sample_summary
from engine.cego.scoring import PLAUSIBLE_PAYMENT, item_payments, max_payment, score_summary
from engine.cego.summary import ALL_TRICKS, KINDS, TEAMS
from engine.cego.terms import LABELS, TERMS
from engine.core.descriptor import GameDescriptor
from engine.core.messages import gettext_noop

ID = "cego"
#: 17.3: "Two sessions of 24 deals are played", at three-seat tables and one or two four-seat tables
FORMAT = {"scoring": "game_points", "table_sizes": [3, 4], "deals_per_round": {3: 24, 4: 24}, "rounds": 2}
#: 17.4: four-handed Cego at tables of four (at Ichenheim "a casual game": the text gives it no event
#: format, so the session is 17.3's two of 24 deals, each seat dealing six times a session: a choice)
FOUR_HANDED_FORMAT = {"scoring": "game_points", "table_sizes": [4], "deals_per_round": {4: 24}, "rounds": 2}
FORMATS = {name: FOUR_HANDED_FORMAT if PRESETS[name].all_four_play else FORMAT for name in PRESETS}


#: each preset's name as pages show it (translated in tournaments/locale)
PRESET_NAMES: dict[str, str] = {
    "ichenheim": gettext_noop("Ichenheim tournament"),
    "ichenheim_three_handed": gettext_noop("Ichenheim, three-handed only"),
    "four_handed": gettext_noop("Four-handed, all four play (17.4)"),
}


DESCRIPTOR = GameDescriptor(
    id=ID,
    about={
        "sources": "17.3, 17.4",
        "tables": (
            "3, and 4 when the field needs it (the dealer shares the defenders' score; all four play in "
            "`four_handed`)"
        ),
        "scoring": "plus/minus points, 2 sessions of 24 deals",
    },
    order=30,  # where it stands in lists
    names={"hu": "Cego (Ichenheim)", "en": "Cego (Ichenheim)", "de": "Cego (Ichenheim)"},
    table_sizes=TABLE_SIZES,
    players_per_deal=PLAYERS_PER_DEAL,
    sitting_out=sitting_out,
    sitting_out_shares=sitting_out_shares,
    deal=deal,
    score=score_summary,
    replay=replay,
    record_rules=record_rules,
    bot_record=bot_record,
    live=LIVE,
    item_payments=item_payments,
    max_payment=max_payment,
    plausible_payment=PLAUSIBLE_PAYMENT,
    terms=TERMS,
    vocabularies={
        "kind": KINDS,
        "contract": CONTRACTS,
        "bonus": (*CONTRACTS, "raeuber"),
        "team": TEAMS,
        "all_tricks": ALL_TRICKS,
    },
    kontra_names=(),
    presets=PRESETS,
    default_preset=DEFAULT,
    resolve_rules=resolve_rules,
    thrown_in_kinds=frozenset(),
    deal_steps={"p": "played"},  # a Räuber too: the deal passes on
    summary_form=SUMMARY_FORM,
    labels=LABELS,
    sample_summary=sample_summary,
    preferred_table_size=3,
    formats=FORMATS,
    option_docs=OPTION_DOCS,
    preset_docs=PRESET_DOCS,
    preset_names=PRESET_NAMES,
    hand_facts=hand_facts,
)
