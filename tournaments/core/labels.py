"""Raw values people read (a draw method, a status, a source, a rules preset ...) by their labels in the
reader's language: one place for them, used by the pages (the ``label`` filter), the print, the projector,
the admin, the API's added labels and the services' messages (``messages.Labelled``). The raw values stay
what is stored and what the API reads and writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
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
# The other games' presets, named as the organizer chooses one (their descriptors' ``preset_docs`` say
# where each comes from)
_PRESET_NAMES.update(
    {
        "wiener_tarockcup": _("Wiener Tarockcup"),
        "vacha_lk": _("Vácha's Lehrbuch des Königrufens"),
        "raiffeisen": _("Raiffeisen Tarockcup"),
        "ichenheim": _("Ichenheim tournament"),
        "ichenheim_three_handed": _("Ichenheim, three-handed game only"),
        "bled": _("Bled tournament (2005)"),
        "classic": _("Classic three-handed game"),
        "taylor_king": _("Taylor, King called"),
        "taylor_xix": _("Taylor, XIX called"),
        "west_xix": _("West, XIX called"),
        "standard": _("Complete advanced game"),
        "introductory": _("Introductory game"),
        "basic": _("Complete basic game"),
        "advanced": _("Advanced game"),
    }
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
        # the organizer's forms: a refusal names the field as the form labels it (``pages.forms``)
        "name": pgettext_lazy("field", "Name"),
        "slug": pgettext_lazy("field", "Address (slug)"),
        "starts_on": pgettext_lazy("field", "Starts on"),
        "venue": pgettext_lazy("field", "Venue"),
        "game": pgettext_lazy("field", "Game"),
        "club": pgettext_lazy("field", "Club"),
        "is_public": pgettext_lazy("field", "Public"),
        "rules_preset": pgettext_lazy("field", "Rules"),
        "rules_options": pgettext_lazy("field", "Rule options"),
        "rounds_planned": pgettext_lazy("field", "Rounds"),
        "round_minutes": pgettext_lazy("field", "Minutes per round"),
        "deals_within_time": pgettext_lazy("field", "Deals are a maximum within the round's time"),
        "table_sizes": pgettext_lazy("field", "Table sizes"),
        "first_size": pgettext_lazy("field", "Fill first"),
        "pairing_methods": pgettext_lazy("field", "Pairing, round by round"),
        "scoring": pgettext_lazy("field", "What counts"),
        "tiebreaks": pgettext_lazy("field", "Tie-breaks"),
        "point_value_cents": pgettext_lazy("field", "Value of a game point (cents)"),
        "kontras_to_box": pgettext_lazy("field", "Kontras go to the box"),
        "rating": pgettext_lazy("field", "Rating"),
        "gender": pgettext_lazy("field", "Gender"),
        "birth_year": pgettext_lazy("field", "Birth year"),
        "external_id": pgettext_lazy("field", "External id"),
        "list": pgettext_lazy("field", "Players, one a line"),
        "confirm": pgettext_lazy("field", "Confirmation"),
        "target": pgettext_lazy("field", "Swap with, or move to"),
        "extra_reason": pgettext_lazy("field", "Why an extra round?"),
        "byes": pgettext_lazy("field", "Byes"),
        "skip_final": pgettext_lazy("field", "Finish without the final stage"),
        "final_stage": pgettext_lazy("field", "Final stage"),
        "tournament": pgettext_lazy("field", "Tournament"),
        "user": pgettext_lazy("field", "Your account"),
    },
}


def _per_size(template: Any, size: int) -> Any:
    """A field's label that names a table size ("Deals per round, table of 4"), lazy as the others."""
    return lazy(lambda: str(template) % {"size": size}, str)()


# Deals and table points are set per table size (tables of 2 to 6: the format's columns).
_DEALS_AT = pgettext_lazy("field", "Deals per round, table of %(size)s")
_POINTS_AT = pgettext_lazy("field", "Table points, table of %(size)s")
for _size in (2, 3, 4, 5, 6):
    VOCABULARIES["field"][f"deals_per_round_{_size}"] = _per_size(_DEALS_AT, _size)
    VOCABULARIES["field"][f"table_points_{_size}"] = _per_size(_POINTS_AT, _size)


def register_choices(**choices: Any) -> None:
    """The models' own choices as vocabularies (``round_status=Round.Status``, ...): registered by the app's
    ``ready()``, so that this module imports nothing of the project (the models render their stored texts
    through it)."""
    VOCABULARIES.update({name: dict(enum.choices) for name, enum in choices.items()})


def label(vocabulary: str, value: Any) -> Any:
    """``value``'s label in the reader's language (lazy), or the value itself when it has none."""
    found = VOCABULARIES.get(vocabulary, ENGINE_VOCABULARIES.get(vocabulary, {})).get(value)
    return value if found is None else found
