"""Tournaments: saving a tournament's settings and format."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.audit import acting_as
from tournaments.formats import FormatError, validate_format
from tournaments.models import Tournament
from tournaments.standings import standings_mark_stale
from tournaments.validation import check_version, invalid


def tournament_save(tournament: Tournament, *, by: Any, expected_version: int | None = None) -> Tournament:
    """Save a new or edited tournament. Its format decides the standings (scoring, table points,
    tie-breaks, byes), so a saved change marks them stale and they are recomputed. With
    ``expected_version`` an edit made against an older version is refused (no silent overwrite)."""
    values = {f.attname: getattr(tournament, f.attname) for f in Tournament._meta.concrete_fields}
    try:
        validate_format(values)
    except FormatError as exc:
        raise invalid(exc.field, exc.message) from exc
    with acting_as(by), transaction.atomic():
        if tournament.pk is not None:
            current = Tournament.objects.select_for_update().get(pk=tournament.pk)
            check_version(current, expected_version, "tournament")
            tournament.version = current.version + 1
        tournament.save()
        standings_mark_stale(tournament.pk)
    return tournament
