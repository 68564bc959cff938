"""Setting a tournament up: creating it (its creator organizes it), editing it, clubs, and entering a
player who may not exist yet. Each goes through the existing services so their checks apply."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.text import slugify

from tournaments.audit import acting_as
from tournaments.models import Club, Player, Registration, Tournament
from tournaments.services.registrations import player_create, player_register
from tournaments.services.tournaments import tournament_save
from tournaments.validation import conflict, invalid, max_length_of, text

# What an organizer may set on a tournament; the slug only when creating it (URLs and ETags name it).
EDITABLE_FIELDS = (
    "name",
    "venue",
    "starts_on",
    "ends_on",
    "status",
    "is_public",
    "rules_preset",
    "rules_options",
    "rounds_planned",
    "deals_per_round_4",
    "deals_per_round_5",
    "round_minutes",
    "pairing_methods",
    "scoring",
    "table_points_4",
    "table_points_5",
    "tiebreaks",
    "bye_table_points",
    "bye_game_points",
    "final_table",
    "placement_tables",
)


def _may_create(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser))


def tournament_create(*, fields: dict[str, Any], by: Any) -> Tournament:
    """A new tournament organized by its creator; only staff or superusers create tournaments, so an
    arbitrary account cannot open events under the club's name."""
    if not _may_create(by):
        raise invalid("user", "only staff users may create tournaments", code="permission_denied")
    slug = text(fields.get("slug"), "slug", max_length=max_length_of(Tournament, "slug"), required=True)
    if slugify(slug) != slug:
        raise invalid("slug", "use lowercase letters, digits and hyphens only")
    unknown = set(fields) - set(EDITABLE_FIELDS) - {"slug"}
    if unknown:
        raise invalid(sorted(unknown)[0], "is not a tournament setting")
    name = text(fields.get("name"), "name", max_length=max_length_of(Tournament, "name"), required=True)
    with transaction.atomic():
        if Tournament.objects.select_for_update().filter(slug=slug).exists():
            raise conflict("slug", f"{slug!r} is taken by another tournament")
        tournament = Tournament(**{**fields, "slug": slug, "name": name})
        tournament_save(tournament, by=by)
        with acting_as(by):
            tournament.organizers.add(by)
    return tournament


def tournament_edit(
    tournament: Tournament, *, changes: dict[str, Any], by: Any, expected_version: int | None = None
) -> Tournament:
    """Apply an organizer's changes through ``tournament_save`` (format checks, version, stale standings)."""
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise invalid(sorted(unknown)[0], "cannot be changed")
    if "name" in changes:
        changes = {
            **changes,
            "name": text(
                changes["name"], "name", max_length=max_length_of(Tournament, "name"), required=True
            ),
        }
    tournament = Tournament.objects.get(pk=tournament.pk)
    for name, value in changes.items():
        setattr(tournament, name, value)
    return tournament_save(tournament, by=by, expected_version=expected_version)


def club_create(*, name: Any, city: Any = "", by: Any = None) -> Club:
    """A club; a taken name is a conflict, not a database error."""
    name = text(name, "name", max_length=max_length_of(Club, "name"), required=True)
    city = text(city, "city", max_length=max_length_of(Club, "city"))
    with acting_as(by), transaction.atomic():
        if Club.objects.filter(name__iexact=name).exists():
            raise conflict("name", f"a club named {name!r} exists")
        return Club.objects.create(name=name, city=city)


def tournament_player_add(
    tournament: Tournament,
    *,
    player: Player | None = None,
    name: Any = None,
    club: Club | None = None,
    rating: Any = None,
    external_id: Any = None,
    check_in: bool = False,
    by: Any = None,
) -> Registration:
    """Register a known player, or create a new one and register them, in one transaction: a refused
    registration (e.g. a finished tournament) leaves no orphan player behind."""
    with transaction.atomic():
        if player is None:
            player = player_create(name=name, club=club, rating=rating, external_id=external_id, by=by)
        registration = player_register(tournament, player, check_in=check_in, by=by)
    registration.refresh_from_db()  # player_register returns its object as it was before the check-in
    return registration
