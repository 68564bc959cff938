"""Tournaments: saving a tournament's settings and format."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.audit import acting_as
from tournaments.formats import FormatError, validate_format
from tournaments.models import Tournament
from tournaments.standings import standings_mark_stale
from tournaments.validation import invalid


def tournament_save(tournament: Tournament, *, by: Any) -> Tournament:
    """Save a new or edited tournament. Its format decides the standings (scoring, table points,
    tie-breaks, byes), so a saved change marks them stale and they are recomputed."""
    values = {f.attname: getattr(tournament, f.attname) for f in Tournament._meta.concrete_fields}
    try:
        validate_format(values)
    except FormatError as exc:
        raise invalid(exc.field, exc.message) from exc
    with acting_as(by), transaction.atomic():
        tournament.save()
        standings_mark_stale(tournament.pk)
    return tournament
