"""What a game brings to the entry pages (``EntryKit``): the pages' generic flow (open a table by its code,
say the seat, enter, preview, confirm, contest) asks the kit of the tournament's game for the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import forms


@dataclass(frozen=True)
class EntryKit:
    """One game's entry forms in its players' words.

    ``forms``: a form class per source (``payments``, ``summary``), each built with ``view`` and ``deal``,
    with ``to_data()`` (the service's data), ``field_for(path)`` / ``group_for(path)`` (where a service's
    error goes) and ``field_label(name)`` (a field's name in words, for the error summary);
    ``summary_template``: the template of the summary form's fields; ``hand_facts(view, submission)``:
    what an entered hand says, as (label, value) pairs, for the seat that confirms it."""

    game: str
    forms: Mapping[str, type[forms.Form]]
    summary_template: str
    hand_facts: Callable[[Any, Any], list[tuple[str, str]]]
