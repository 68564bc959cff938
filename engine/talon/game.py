"""Talon as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``), made of this package's
modules. ``engine.games`` registers it as ``"talon"``. Tables of two to six (four preferred); summaries,
typed payments and hand records are entered; hands are played live (``engine.talon.live``) with the rule
and random bots, and their records replayed."""

from __future__ import annotations

from engine.core.descriptor import GameDescriptor
from engine.core.messages import gettext_noop
from engine.talon.deals import PLAYERS_PER_DEAL, deal_sequence, sitting_out, sitting_out_shares
from engine.talon.facts import hand_facts
from engine.talon.form import SUMMARY_FORM
from engine.talon.live import LIVE, bot_record, record_rules, replay
from engine.talon.rules import DEFAULT, OPTION_DOCS, PRESET_DOCS, PRESETS, resolve_rules
from engine.talon.sample import sample_summary
from engine.talon.scoring import ITEMS, PLAUSIBLE_PAYMENT, item_payments, max_payment, score_summary
from engine.talon.summary import KINDS, TEAMS, THROWN_IN
from engine.talon.tables import ALL_CONTRACTS, TABLE_SIZES
from engine.talon.terms import KONTRA_NAMES, LABELS, TERMS

ID = "talon"
#: 1.6: "a number equal to or a multiple of the number of players": two rounds of the deal a round
DEALS_PER_ROUND: dict[int, int] = {size: 2 * size for size in TABLE_SIZES}


#: each preset's name as pages show it (translated in tournaments/locale)
PRESET_NAMES: dict[str, str] = {
    "standard": gettext_noop("Complete Advanced Game"),
    "introductory": gettext_noop("Introductory Game"),
    "basic": gettext_noop("Complete Basic Game"),
    "advanced": gettext_noop("Advanced Game"),
}


DESCRIPTOR = GameDescriptor(
    id=ID,
    about={
        "sources": "talon.txt",
        "tables": "2 to 6 (a tournament picks, e.g. 6 and 5)",
        "scoring": "victory points",
    },
    order=60,  # where it stands in lists
    names={"hu": "Talon", "en": "Talon", "de": "Talon"},
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
    vocabularies={"kind": KINDS, "contract": ALL_CONTRACTS, "bonus": ITEMS, "team": TEAMS},
    kontra_names=KONTRA_NAMES,
    presets=PRESETS,
    default_preset=DEFAULT,
    resolve_rules=lambda spec=None, options=None: resolve_rules(spec, options),
    thrown_in_kinds=THROWN_IN,
    deal_steps={"p": "played", "t": "annulled"},  # played: the deal passes on; thrown in: dealt again
    record_rules=record_rules,
    assess_summary=None,
    bot_record=bot_record,
    summary_form=SUMMARY_FORM,
    labels=LABELS,
    sample_summary=sample_summary,
    preferred_table_size=4,
    formats={name: {"scoring": "game_points", "deals_per_round": DEALS_PER_ROUND} for name in PRESETS},
    option_docs=OPTION_DOCS,
    preset_docs=PRESET_DOCS,
    preset_names=PRESET_NAMES,
    hand_facts=hand_facts,
    live=LIVE,
)
