"""Who sees a tournament: the public ones, and the ones a user organizes."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from tournaments.organizing.models import Tournament


def public_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(is_public=True).exclude(status=Tournament.Status.DRAFT)


def public_tournament(slug: str) -> Tournament | None:
    return public_tournaments().filter(slug=slug).first()


def is_public(tournament: Tournament) -> bool:
    """What ``public_tournaments`` lists: public and no longer a draft."""
    return tournament.is_public and tournament.status != Tournament.Status.DRAFT


def tournaments_visible_to(user: Any) -> QuerySet[Tournament]:
    """The public tournaments, plus every tournament ``user`` organizes (all of them for a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return public_tournaments()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(
        Q(pk__in=public_tournaments().values("pk")) | Q(organizers=user)
    ).distinct()


def is_organizer(user: Any, tournament: Tournament) -> bool:
    """May ``user`` run ``tournament`` (the API, the organizer pages and the admin ask the same)?"""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or tournament.organizers.filter(pk=user.pk).exists()


def organized_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` runs (``is_organizer``): a superuser runs every one."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    found = Tournament.objects.all() if user.is_superuser else user.organized_tournaments.all()
    return found.order_by("-starts_on", "name")
