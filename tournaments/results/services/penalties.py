"""Penalties the organizer awards outside table results (e.g. lateness, conduct).

A penalty is never edited or deleted: a wrong one is withdrawn (who, when, why) and a new one awarded.
Awards are idempotent: a retry with the same key returns the first award.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.core.audit import Actor, acting_as
from tournaments.core.events import PENALTY_CHANGED, publish
from tournaments.core.validation import conflict, invalid, key, max_length_of, text, whole_number
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament, refuse_if_finished
from tournaments.participants.models import Player
from tournaments.results.models import PENALTY_POINTS_MAX, Penalty


def _organizer(by: Any) -> Any:
    if not getattr(by, "is_authenticated", False):
        raise invalid("by", _("an organizer must be named"))
    return by


def penalty_award(
    *,
    tournament: Tournament,
    player: Player,
    points: Any,
    reason: Any,
    by: Any,
    round_: Round | None = None,
    idempotency_key: Any = None,
) -> Penalty:
    """Award points against (negative) or for a player; standings are refreshed after commit."""
    by = _organizer(by)
    points = whole_number(points, "points", low=-PENALTY_POINTS_MAX, high=PENALTY_POINTS_MAX)
    if points == 0:
        raise invalid("points", _("must not be 0"))
    reason = text(reason, "reason", max_length=max_length_of(Penalty, "reason"), required=True)
    idempotency_key = key(idempotency_key, "idempotency_key")
    if round_ is not None and round_.tournament_id != tournament.pk:
        raise invalid("round", _("belongs to another tournament"))
    if not tournament.registrations.filter(player=player).exists():
        raise invalid(
            "player",
            _("%(player)s is not registered in %(tournament)s"),
            params={"player": str(player), "tournament": str(tournament)},
        )
    fields = {"player": player, "round": round_, "points": points, "reason": reason}
    with acting_as(Actor(user=by)), transaction.atomic():
        # under the tournament's lock, which the finish takes: no penalty moves final standings
        refuse_if_finished(Tournament.objects.select_for_update().get(pk=tournament.pk))
        if idempotency_key:
            existing = Penalty.objects.filter(tournament=tournament, idempotency_key=idempotency_key).first()
            if existing is not None:
                return _same_award(existing, fields)
        try:
            with transaction.atomic():
                penalty = Penalty.objects.create(
                    tournament=tournament, awarded_by=by, idempotency_key=idempotency_key, **fields
                )
        except IntegrityError:  # the same key, awarded concurrently
            existing = Penalty.objects.get(tournament=tournament, idempotency_key=idempotency_key)
            return _same_award(existing, fields)
        publish(PENALTY_CHANGED, tournament_id=tournament.pk)
    return penalty


def _same_award(existing: Penalty, fields: dict[str, Any]) -> Penalty:
    if any(getattr(existing, name) != value for name, value in fields.items()):
        message = _("this key was already used for a different penalty")
        raise invalid("idempotency_key", message, code="idempotency_mismatch")
    return existing


def penalty_withdraw(penalty: Penalty, *, by: Any, reason: Any) -> Penalty:
    """Withdraw a penalty (it stops counting; the row and its history stay). A retry returns it."""
    by = _organizer(by)
    reason = text(reason, "reason", max_length=max_length_of(Penalty, "withdrawal_reason"), required=True)
    with acting_as(Actor(user=by)), transaction.atomic():
        refuse_if_finished(Tournament.objects.select_for_update().get(pk=penalty.tournament_id))
        penalty = Penalty.objects.select_for_update().get(pk=penalty.pk)
        if penalty.withdrawn_at is not None:
            if penalty.withdrawal_reason == reason:
                return penalty
            raise conflict(
                "penalty", _("already withdrawn: %(reason)s"), {"reason": penalty.withdrawal_reason}
            )
        penalty.withdrawn_at = timezone.now()
        penalty.withdrawn_by = by
        penalty.withdrawal_reason = reason
        penalty.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawal_reason"])
        publish(PENALTY_CHANGED, tournament_id=penalty.tournament_id)
    return penalty
