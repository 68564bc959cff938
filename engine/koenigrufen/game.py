"""Königrufen as the tournament system sees it: its ``GameDescriptor`` (``DESCRIPTOR``), registered in
``engine.games`` as ``"koenigrufen"``. Hands are entered as payments, as summaries or as records: a hand
played live (``engine.koenigrufen.live``: the auction, further declarers joining a negative contract where
the rules allow several, the King called, the talon, the announcements and kontras, the play, Trischaken and
its Kontra where allowed) is kept as its record (engine/schemas/koenigrufen/hand-record.schema.json),
which ``replay`` (``engine.koenigrufen.record``) deals again from its seed and plays move by move; the rule
bots (``engine.koenigrufen.bots``) play whole hands (``bot_record``).

Five-seat tables (18.11): the dealer sits out (``sitting_out``) and neither wins nor loses, except in a
Fahren (Trischaken), which all five play: the table enters that hand with ``kind`` "trischaken" and lists
the dealer among ``seats`` (five seats; a ``sitting_out`` naming one of them is read as the dealer joining
in), so the dealer's card points count and they pay or are paid like everyone else. ``deal`` reads the
hands' kinds: after a "trischaken" the next hands, as many as there are seats, are at stake 2, and a
further Trischaken adds as many again (``deal_steps`` {"p": "played", "t": "trischaken"}). 18.11 also
says a Fahren inside the doubled hands is itself not doubled; the deal cannot know beforehand that a hand
will be a Fahren, so the table enters such a hand at stake 1. Played live at a five-seat table, the dealer
(the fifth label, ``LiveDeal.dealer``) is dealt the talon in a Fahren and plays to its first six tricks
(``Rules.fahren_dealer_plays``), and the summary lists the five seats.
"""

from __future__ import annotations

from typing import Any

from engine.core.descriptor import GameDescriptor
from engine.core.messages import gettext_noop
from engine.koenigrufen.deals import (
    PLAYERS_PER_DEAL,
    TABLE_SIZES,
    TRISCHAKEN,
    deal,
    sitting_out,
    sitting_out_shares,
)
from engine.koenigrufen.facts import hand_facts
from engine.koenigrufen.form import SUMMARY_FORM
from engine.koenigrufen.live import LIVE
from engine.koenigrufen.record import bot_record, record_rules, replay
from engine.koenigrufen.rules import (
    BONUSES,
    CONTRACTS,
    DEFAULT,
    OPTION_DOCS,
    PRESET_DOCS,
    PRESETS,
    resolve_rules,
)
from engine.koenigrufen.sample import sample_summary
from engine.koenigrufen.scoring import PLAUSIBLE_PAYMENT, item_payments, max_payment, score_summary
from engine.koenigrufen.summary import KINDS, TEAMS
from engine.koenigrufen.terms import LABELS, TERMS

ID = "koenigrufen"
#: the kontra ladder (the Raiffeisen Tarockcup: Kontra, Rekontra, Subkontra; Viennese: Kontra, Re, Sub)
KONTRA_NAMES: tuple[str, ...] = ("Kontra", "Re", "Sub")
#: the names of the scored items: the contracts, the bonuses and the Trischaken's
ITEMS: tuple[str, ...] = (*CONTRACTS, *BONUSES, "trischaken", "jungfrau")

#: per preset, the tournament format. The rules texts (18.10, 18.11) give no deals per round, rounds, table
#: ranking or money for any of the three: the Wiener Tarockcup's three rounds of 20 deals and its ranking by
#: the sum of Schriftpunkte are from the cup's published tournament notices, the Raiffeisen Tarockcup's
#: 10 cents a point from its rules page ("1 Punkt = 10 Cent"); LK is a school book, with no event format
FORMATS: dict[str, dict[str, Any]] = {
    "wiener_tarockcup": {
        "scoring": "game_points",
        "table_sizes": [4, 5],
        "deals_per_round": {4: 20},
        "rounds": 3,
    },
    "vacha_lk": {"scoring": "game_points"},
    "raiffeisen": {"scoring": "game_points", "table_sizes": [4, 5], "point_value_cents": 10},
}


#: each preset's name as pages show it (translated in tournaments/locale)
PRESET_NAMES: dict[str, str] = {
    "wiener_tarockcup": gettext_noop("Wiener Tarockcup"),
    "vacha_lk": gettext_noop("Vácha's school schedule (Lehrbuch des Königrufens)"),
    "raiffeisen": gettext_noop("Raiffeisen Tarockcup"),
}


DESCRIPTOR = GameDescriptor(
    id=ID,
    about={
        "sources": "18.10, 18.11",
        "tables": "4, 5 (the dealer sits out but plays a Fahren; doubled stakes after it)",
        "presets": "`raiffeisen`: a kontra moves money only; 10 cents a point",
        "scoring": "Schriftpunkte (game points), optionally plus table places (`scoring: both`)",
    },
    order=20,  # where it stands in lists
    names={"hu": "Osztrák tarokk (Königrufen)", "en": "Königrufen", "de": "Königrufen"},
    table_sizes=TABLE_SIZES,
    players_per_deal=PLAYERS_PER_DEAL,
    sitting_out=sitting_out,
    sitting_out_shares=sitting_out_shares,
    everyone_plays_kinds=frozenset({TRISCHAKEN}),  # 18.11: the dealer of a 5-seat table plays a Fahren
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
    vocabularies={"kind": KINDS, "contract": CONTRACTS, "bonus": ITEMS, "team": TEAMS},
    kontra_names=KONTRA_NAMES,
    presets=PRESETS,
    default_preset=DEFAULT,
    resolve_rules=lambda spec=None, options=None: resolve_rules(spec, options),
    thrown_in_kinds=frozenset(),  # every hand is played (or is a Trischaken): the deal always passes on
    deal_steps={"p": "played", "t": "trischaken"},
    summary_form=SUMMARY_FORM,
    labels=LABELS,
    sample_summary=sample_summary,
    preferred_table_size=4,
    formats=FORMATS,
    option_docs=OPTION_DOCS,
    preset_docs=PRESET_DOCS,
    preset_names=PRESET_NAMES,
    hand_facts=hand_facts,
)
