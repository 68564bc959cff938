"""Raw values people read (a draw method, a status, a source, a rules preset ...) by their labels in the
reader's language: one place for them, used by the pages (the ``label`` filter), the print, the projector,
the admin, the API's added labels and the services' messages (``messages.Labelled``). The raw values stay
what is stored and what the API reads and writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine.games import game

#: the game whose words these are: the words it adds (the Hungarian family's bonuses and presets) are
#: labelled by its descriptor's English labels, translated by the catalogue once it has them
_GAME = game("hungarian")

#: the draw methods as the organizer chooses one (the options of the dashboard's draw form)
METHOD_CHOICES: dict[str, Any] = {
    "random": _("Random (clubs kept apart)"),
    "swiss": _("Swiss (by the standings)"),
    "balanced": _("Balanced schedule"),
    "seeded": _("Seeded by rating (one of each group at every table)"),
}

#: a scored item's name as the score sheets show it (tarokk jargon stays Hungarian)
ITEM_NAMES: dict[str, Any] = {
    "game": _("game"),
    "double_game": _("double game"),
    "volat": "volát",
    "trull": "trull",
    "four_kings": _("four kings"),
    "pagat_ultimo": "pagátultimó",
    "xxi_catch": _("XXI catch"),
    "eight_tarokks": _("eight tarokks"),
    "nine_tarokks": _("nine tarokks"),
    "talon_honour": _("talon honour"),
    "trial_three": _("failed trial three"),
    "penalty": _("penalty"),
}
ITEM_NAMES.update(
    {word: gettext_lazy(_GAME.labels[word]) for word in _GAME.vocabularies["bonus"] if word not in ITEM_NAMES}
)

#: the engine's vocabularies (``engine.messages.WORDS`` names the params that hold their words): each word
#: as it reads inside a sentence. English keeps the engine's own words where a sentence reads well with
#: them ("the declarer took no trick", "for a three"); tarokk jargon stays Hungarian everywhere.
ENGINE_VOCABULARIES: dict[str, Mapping[str, Any]] = {
    "bid": {
        "three": pgettext_lazy("bid", "three"),
        "two": pgettext_lazy("bid", "two"),
        "one": pgettext_lazy("bid", "one"),
        "solo": pgettext_lazy("bid", "solo"),
    },
    "team": {
        "declarer": pgettext_lazy("team in a sentence", "declarer"),
        "opponents": pgettext_lazy("team in a sentence", "opponents"),
    },
    "bonus": ITEM_NAMES,
    "kind": {
        "played": _("played"),
        "passed_out": _("passed out"),
        "annulled": _("annulled"),
        "trial_three_failed": _("failed trial three"),
        "penalty": _("penalty"),
    },
    "holding": {
        "four_kings": _("four kings"),
        "xxi_alone": _("XXI alone"),
        "pagat_alone": _("pagát alone"),
        "no_tarokks": _("no tarokks"),
        "xxi_and_pagat": _("XXI and pagát"),
    },
}

_PRESET_NAMES: dict[str, Any] = {
    "tournament": _("Hungarian tournament rules (2018)"),
    "pagat": _("the rules of pagat.com"),
    "kegl": _("Kégl's rules (as on Board Game Arena)"),
}
_PRESET_NAMES.update(
    {name: gettext_lazy(_GAME.labels[name]) for name in _GAME.presets if name not in _PRESET_NAMES}
)

#: the tournament system's own vocabularies (the models' choices join them at start-up: ``register_choices``)
VOCABULARIES: dict[str, Mapping[str, Any]] = {
    #: a round's draw method as it reads on every page (public draws, the organizer's rounds, a job)
    "method": {
        "random": _("random draw"),
        "swiss": _("Swiss (by the standings)"),
        "balanced": _("balanced (fewest repeat opponents)"),
        "seeded": _("seeded by rating in groups"),
        "manual": _("edited by hand"),
        "final": _("final stage by the standings"),
    },
    "rules_preset": _PRESET_NAMES,
    # statuses as they read inside a sentence ("round 3 is closed: ...", "the dispute is already resolved")
    "round_state": {
        "draft": pgettext_lazy("status in a sentence", "a draft"),
        "confirmed": pgettext_lazy("status in a sentence", "confirmed"),
        "published": pgettext_lazy("status in a sentence", "published"),
        "in_play": pgettext_lazy("status in a sentence", "in play"),
        "closed": pgettext_lazy("status in a sentence", "closed"),
    },
    "submission_state": {
        "pending": pgettext_lazy("status in a sentence", "pending"),
        "confirmed": pgettext_lazy("status in a sentence", "confirmed"),
        "disputed": pgettext_lazy("status in a sentence", "disputed"),
        "superseded": pgettext_lazy("status in a sentence", "superseded"),
        "rejected": pgettext_lazy("status in a sentence", "rejected"),
    },
    "dispute_state": {
        "open": pgettext_lazy("status in a sentence", "open"),
        "resolved": pgettext_lazy("status in a sentence", "resolved"),
        "voided": pgettext_lazy("status in a sentence", "closed (the hand was voided)"),
    },
    "job_state": {
        "queued": pgettext_lazy("status in a sentence", "queued"),
        "running": pgettext_lazy("status in a sentence", "running"),
        "done": pgettext_lazy("status in a sentence", "done"),
        "failed": pgettext_lazy("status in a sentence", "failed"),
    },
    #: the fields a service's refusal names, as an organizer's page introduces the refusal ("Round: ...")
    "field": {
        "round": pgettext_lazy("field", "Round"),
        "status": pgettext_lazy("field", "Status"),
        "method": pgettext_lazy("field", "Pairing"),
        "players": pgettext_lazy("field", "Players"),
        "stage": pgettext_lazy("field", "Stage"),
        "tables": pgettext_lazy("field", "Tables"),
        "final_table": pgettext_lazy("field", "Final table"),
        "seed": pgettext_lazy("field", "Seed"),
        "number": pgettext_lazy("field", "Hand"),
        "dispute": pgettext_lazy("field", "Dispute"),
        "chosen": pgettext_lazy("field", "Version"),
        "note": pgettext_lazy("field", "Note"),
        "reason": pgettext_lazy("field", "Reason"),
        "payments": pgettext_lazy("field", "Payments"),
        "kind": pgettext_lazy("field", "Kind of hand"),
        "file": pgettext_lazy("field", "File"),
        "player": pgettext_lazy("field", "Player"),
        "points": pgettext_lazy("field", "Points"),
    },
}


def register_choices(**choices: Any) -> None:
    """The models' own choices as vocabularies (``round_status=Round.Status``, ...): registered by the app's
    ``ready()``, so that this module imports nothing of the project (the models render their stored texts
    through it)."""
    VOCABULARIES.update({name: dict(enum.choices) for name, enum in choices.items()})


def label(vocabulary: str, value: Any) -> Any:
    """``value``'s label in the reader's language (lazy), or the value itself when it has none."""
    found = VOCABULARIES.get(vocabulary, ENGINE_VOCABULARIES.get(vocabulary, {})).get(value)
    return value if found is None else found
