"""Penalties the organizer awards outside table results (e.g. lateness, conduct)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import Penalty, Player, Round, Tournament


def penalty_award(
    *,
    tournament: Tournament,
    player: Player,
    points: int,
    reason: str,
    by: Any = None,
    round_: Round | None = None,
    instance: Penalty | None = None,
) -> Penalty:
    """Award (negative points) or restore points; standings are refreshed after commit."""
    if not reason.strip():
        raise ValidationError({"reason": ["say why the penalty is awarded"]})
    if points == 0:
        raise ValidationError({"points": ["must not be 0"]})
    if round_ is not None and round_.tournament_id != tournament.pk:
        raise ValidationError({"round": ["belongs to another tournament"]})
    if not tournament.registrations.filter(player=player).exists():
        raise ValidationError({"player": [f"{player} is not registered in {tournament}"]})
    penalty = instance or Penalty(tournament=tournament)
    penalty.player, penalty.round, penalty.points, penalty.reason = player, round_, points, reason
    penalty.awarded_by = by if getattr(by, "is_authenticated", False) else None
    with transaction.atomic():
        penalty.save()
        from tournaments import tasks

        transaction.on_commit(lambda: tasks.standings_recompute_tournament.delay(tournament.pk))
    return penalty
