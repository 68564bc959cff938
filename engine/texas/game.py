"""Texas Tarock as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``), made of this
package's modules. ``engine.games`` registers it as ``"texas"``. It scores summaries, plays hands live
(``engine.texas.live``) with its rule bots (``engine.texas.bots``), and replays the hand records it writes
(``engine.texas.record``)."""

from __future__ import annotations

from engine.core.descriptor import GameDescriptor
from engine.core.messages import gettext_noop
from engine.texas.deals import PLAYERS_PER_DEAL, TABLE_SIZES, deal_sequence, sitting_out, sitting_out_shares
from engine.texas.facts import hand_facts
from engine.texas.form import SUMMARY_FORM
from engine.texas.live import LIVE
from engine.texas.record import bot_record, record_rules, replay
from engine.texas.rules import (
    CONTRACTS,
    DECLARATIONS,
    DEFAULT,
    OPTION_DOCS,
    PRESET_DOCS,
    PRESETS,
    TALONS,
    resolve_rules,
)
from engine.texas.sample import sample_summary
from engine.texas.scoring import ITEMS, PLAUSIBLE_PAYMENT, item_payments, max_payment, score_summary
from engine.texas.summary import BONUSES, KINDS, TEAMS
from engine.texas.terms import TERMS

ID = "texas"
#: the ladder of 18.13 and 19.16: "Contra ... Re ... Supre ... Mort"
KONTRA_NAMES: tuple[str, ...] = ("Contra", "Re", "Supre", "Mort")

LABELS: dict[str, str] = {
    "played": gettext_noop("Played"),
    "called_from_talon": gettext_noop("Called trump drawn from the talon (thrown in)"),
    "povenost": "Povenost",
    "no_trick": gettext_noop("No Trick"),
    "prever": "Prever",
    "first": gettext_noop("First three"),
    "second": gettext_noop("Second three"),
    "back": gettext_noop("Back to the first three"),
    "declarer": gettext_noop("Declarer's side"),
    "opponents": gettext_noop("Opponents"),
    "game": gettext_noop("Game"),
    "valat": "Valat",
    "pagat": gettext_noop("Pagat on the last trick"),
    "pagat_captured": gettext_noop("Pagat captured on the last trick"),
    "king": gettext_noop("King on the last trick"),
    "king_captured": gettext_noop("King lost on the last trick"),
    "xxi_captured": gettext_noop("XXI captured by the Skys"),
    "tarockee": "Tarockee",
    "velki": "Velki",
    "trul": "Trul",
    "pane": "Pane",
    "trul_pane": "Trul Pane",
    "krale": "Krale",
    "rosane_pane": "Rosane Pane",
    "spjst": "SPJST",
    "two_trumps": gettext_noop("Two trumps"),
    "no_trumps": gettext_noop("No trumps (Uni)"),
}


#: each preset's name as pages show it (translated in tournaments/locale)
PRESET_NAMES: dict[str, str] = {
    "taylor_king": gettext_noop("Taylor, King called"),
    "taylor_xix": gettext_noop("Taylor, XIX called"),
    "west_xix": gettext_noop("West, XIX called"),
}


DESCRIPTOR = GameDescriptor(
    id=ID,
    about={"sources": "18.13, 19.16", "tables": "4, dealt counter-clockwise", "scoring": "game points"},
    order=50,  # where it stands in lists
    names={"hu": "Texasi tarokk", "en": "Texas Tarock", "de": "Texas-Tarock"},
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
        "talon": TALONS,
        "bonus": BONUSES,
        "declaration": DECLARATIONS,
        "item": (*ITEMS, *DECLARATIONS),
        "team": TEAMS,
    },
    kontra_names=KONTRA_NAMES,
    presets=PRESETS,
    default_preset=DEFAULT,
    resolve_rules=resolve_rules,
    thrown_in_kinds=frozenset(),
    deal_steps={"p": "played"},
    record_rules=record_rules,
    assess_summary=None,
    bot_record=bot_record,
    summary_form=SUMMARY_FORM,
    labels=LABELS,
    sample_summary=sample_summary,
    preferred_table_size=4,
    # the texts describe the tournaments' hands, not their standings: each event adds up game points
    formats={name: {"scoring": "game_points", "table_sizes": [4]} for name in PRESETS},
    option_docs=OPTION_DOCS,
    preset_docs=PRESET_DOCS,
    preset_names=PRESET_NAMES,
    hand_facts=hand_facts,
    live=LIVE,
)
