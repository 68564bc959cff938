"""Raw values people read (a draw method, a status, a source, a rules preset ...) by their labels in the
reader's language: one place for them, used by the pages (the ``label`` filter), the print, the projector,
the admin, the API's added labels and the services' messages (``messages.Labelled``). The raw values stay
what is stored and what the API reads and writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine.games import GAMES, game

#: Hungarian Tarokk: its score sheets and its engine's sentences name some of its words otherwise than its
#: descriptor's labels (``ITEM_NAMES``, ``HUNGARIAN_SENTENCE_WORDS``); the words its family adds are labelled
#: by the descriptor, translated by the catalogue
_HUNGARIAN = game("hungarian")

#: the draw methods as the organizer chooses one (the options of the dashboard's draw form)
METHOD_CHOICES: dict[str, Any] = {
    "random": _("Random (clubs kept apart)"),
    "swiss": _("Swiss (by the standings)"),
    "balanced": _("Balanced schedule"),
    "seeded": _("Seeded by rating (one of each group at every table)"),
}

#: a Hungarian Tarokk scored item's name as its score sheets show it (tarokk jargon stays Hungarian)
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
    {
        word: gettext_lazy(_HUNGARIAN.labels[word])
        for word in _HUNGARIAN.vocabularies["bonus"]
        if word not in ITEM_NAMES
    }
)

#: Hungarian Tarokk's engine vocabularies (``engine.messages.WORDS`` names the params that hold their
#: words): each word as it reads inside a sentence. English keeps the engine's own words where a sentence
#: reads well with them ("the declarer took no trick", "for a three"); tarokk jargon stays Hungarian
#: everywhere. The other games' words read as their labels (``engine_word``).
HUNGARIAN_SENTENCE_WORDS: dict[str, Mapping[str, Any]] = {
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
    """``value``'s label in the reader's language (lazy), or the value itself when it has none. A game's
    own words are the vocabularies ``word:<game>`` (``game_word``) and ``preset:<game>`` (``preset_name``)."""
    kind, _sep, game_id = vocabulary.partition(":")
    if game_id and type(value) is str:
        return preset_name(game_id, value) if kind == "preset" else game_word(game_id, value)
    # Hungarian Tarokk's sentence words under their plain names ("bid", "kind" ...): what its dispute kit
    # (``results/games/hungarian.py``) says, and the findings it stored so
    found = VOCABULARIES.get(vocabulary, HUNGARIAN_SENTENCE_WORDS.get(vocabulary, {})).get(value)
    return value if found is None else found


# --- each game's own words ------------------------------------------------------------------------------
# A word two games share ("solo", "played") reads as each game says it: every lookup names its game.

#: the words a sentence of any game uses for the sides of a hand
TEAM_WORDS = HUNGARIAN_SENTENCE_WORDS["team"]

#: each game's words where they read otherwise than its descriptor's labels
_OWN_WORDS: dict[str, Mapping[str, Any]] = {
    _HUNGARIAN.id: {
        **{
            w: t
            for vocabulary in ("bid", "kind", "holding")
            for w, t in HUNGARIAN_SENTENCE_WORDS[vocabulary].items()
        },
        **ITEM_NAMES,
    }
}


def game_word(game_id: str, key: str) -> Any:
    """``key`` (a contract, bid, bonus, scored item, kind of hand or side of ``game_id``) in the reader's
    language (lazy): the game's own word, never another game's; jargon stays as it is (the glossary
    explains it); a key the game does not name reads with spaces for underscores."""
    found = _OWN_WORDS.get(game_id, {}).get(key)
    if found is not None:
        return found
    labels = GAMES[game_id].labels if game_id in GAMES else {}
    return gettext_lazy(labels[key]) if key in labels else key.replace("_", " ")


def engine_word(game_id: str | None, vocabulary: str, value: str) -> Any:
    """A word of one of the engine's vocabularies (a bid, a team, a bonus, a kind of hand, a holding, any
    word of the game) as it reads inside a sentence of ``game_id``'s engine; a value the game does not know
    (an input quoted as given) as it is. ``game_id`` None: a message about no game's data (only the sides
    are words then)."""
    if vocabulary == "team" and value in TEAM_WORDS:
        return TEAM_WORDS[value]
    if game_id == _HUNGARIAN.id:
        found = HUNGARIAN_SENTENCE_WORDS.get(vocabulary, {}).get(value)
        if found is not None:
            return found
    if game_id in GAMES and value in GAMES[game_id].labels:
        return game_word(game_id, value)
    return value


def game_name(game_id: str) -> str:
    """The game's name in the reader's language (its id for a game no longer registered)."""
    return GAMES[game_id].name(get_language() or "en") if game_id in GAMES else game_id


def preset_name(game_id: str, preset: str) -> Any:
    """A rules preset of ``game_id`` by its name in the reader's language (lazy)."""
    names = GAMES[game_id].preset_names if game_id in GAMES else {}
    return gettext_lazy(names[preset]) if preset in names else preset.replace("_", " ")
