"""Clubs, players and registrations: add a player (new or known), CSV import, register, check in,
withdraw, late entry."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.core.audit import acting_as
from tournaments.core.events import REGISTRATION_CHANGED, publish
from tournaments.core.messages import Join, Text, error_as_text
from tournaments.core.validation import conflict, invalid, max_length_of, text, whole_number
from tournaments.draw.models import Round
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.merge import player_merge, player_merge_undo  # noqa: F401 (its services)
from tournaments.participants.models import RATING_MAX, Player, Registration

CSV_COLUMNS = ("name", "club", "rating", "external_id")


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    registered: int = 0
    errors: list[Text] = field(default_factory=list)  # one per refused line, rendered when read


def _current_round_number(tournament: Tournament) -> int:
    """The number of the last round that has been released (0 before the first)."""
    last = (
        tournament.rounds.exclude(status__in=(Round.Status.DRAFT, Round.Status.CONFIRMED))
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return last or 0


def _player_fields(name: Any, rating: Any, external_id: Any, field: str = "") -> dict[str, Any]:
    """A player's name, rating and external id, checked against their columns."""
    return {
        "name": text(name, f"{field}name", max_length=max_length_of(Player, "name"), required=True),
        "rating": None if rating is None else whole_number(rating, f"{field}rating", low=0, high=RATING_MAX),
        "external_id": text(
            external_id, f"{field}external_id", max_length=max_length_of(Player, "external_id")
        )
        or None,
    }


def player_create(
    *, name: Any, club: Club | None = None, rating: Any = None, external_id: Any = None, by: Any = None
) -> Player:
    """A new player; a taken external id is a field error, not a database error."""
    fields = _player_fields(name, rating, external_id)
    with acting_as(by), transaction.atomic():
        if fields["external_id"] and Player.objects.filter(external_id=fields["external_id"]).exists():
            raise conflict(
                "external_id", _("%(id)s belongs to another player"), {"id": repr(fields["external_id"])}
            )
        return Player.objects.create(club=club, **fields)


def player_register(
    tournament: Tournament, player: Player, *, check_in: bool = False, by: Any = None
) -> Registration:
    """Register a player; after rounds have started this is a late entry from the next round on."""
    if tournament.status == Tournament.Status.FINISHED:
        raise conflict("tournament", _("the tournament is finished"))
    if Player.objects.filter(pk=player.pk, merged_into__isnull=False).exists():  # as stored, not as read
        raise conflict(
            "player", _("%(name)s is a record merged into another: register that one"), {"name": player.name}
        )
    first_round = _current_round_number(tournament) + 1
    with acting_as(by), transaction.atomic():
        registration, created = Registration.objects.select_for_update().get_or_create(
            tournament=tournament, player=player, defaults={"first_round": first_round}
        )
        if not created and registration.status == Registration.Status.WITHDRAWN:
            registration.status = Registration.Status.REGISTERED
            registration.withdrawn_at = None
            registration.withdrawn_after_round = None
            registration.first_round = max(registration.first_round, first_round)
            registration.save()
        if check_in:
            registration = registration_check_in(registration)
    return registration


def registration_check_in(registration: Registration, *, by: Any = None) -> Registration:
    with acting_as(by), transaction.atomic():
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.status == Registration.Status.WITHDRAWN:
            raise conflict("status", _("a withdrawn player must register again before checking in"))
        if registration.status != Registration.Status.CHECKED_IN:
            registration.status = Registration.Status.CHECKED_IN
            registration.checked_in_at = timezone.now()
            registration.save(update_fields=["status", "checked_in_at"])
    return registration


def registration_withdraw(registration: Registration, *, by: Any = None) -> Registration:
    """Withdraw between rounds: the player keeps the rounds already drawn, and is left out of later draws.
    Withdrawing again changes nothing."""
    with acting_as(by), transaction.atomic():
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.status == Registration.Status.WITHDRAWN:
            return registration
        registration.status = Registration.Status.WITHDRAWN
        registration.withdrawn_at = timezone.now()
        registration.withdrawn_after_round = _current_round_number(registration.tournament)
        registration.save(update_fields=["status", "withdrawn_at", "withdrawn_after_round"])
        publish(REGISTRATION_CHANGED, tournament_id=registration.tournament_id)
    return registration


def players_import_csv(
    tournament: Tournament, csv_text: str, *, check_in: bool = False, by: Any = None
) -> ImportReport:
    """Import players from CSV with a header row: name (required), club, rating, external_id.

    A row with a known external_id updates that player; otherwise a player of the same name and club is
    reused. The whole file is imported in one transaction: any bad row rejects the file.
    """
    report = ImportReport()
    csv_text = text(csv_text, "file", max_length=2_000_000, required=True)
    reader = csv.DictReader(io.StringIO(csv_text.lstrip("\ufeff")))
    if reader.fieldnames is None or "name" not in [f.strip().lower() for f in reader.fieldnames]:
        raise invalid("file", _("the first row must be a header with at least a 'name' column"))
    with acting_as(by), transaction.atomic():
        for line_number, raw in enumerate(reader, start=2):
            row = {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items() if isinstance(v, str)}
            rating = row.get("rating") or None
            digits = (rating or "").removeprefix("-")
            # ASCII digits only ("²" is a digit to str.isdigit but not to int), and no more of them than
            # the largest rating has: int() refuses thousands of digits with a ValueError (a 500 before)
            if rating is not None and not (
                digits.isascii() and digits.isdigit() and len(digits) <= len(str(RATING_MAX))
            ):
                shown = rating if len(rating) <= 20 else rating[:20] + "…"
                report.errors.append(
                    Text(
                        gettext_noop(
                            "line %(line)s: rating %(value)s is not a whole number from 0 to %(max)s"
                        ),
                        line=line_number,
                        value=repr(shown),
                        max=RATING_MAX,
                    )
                )
                continue
            try:
                fields = _player_fields(
                    row.get("name", ""), None if rating is None else int(rating), row.get("external_id")
                )
                club_name = text(row.get("club"), "club", max_length=max_length_of(Club, "name"))
            except ValidationError as exc:
                report.errors += [
                    Text(
                        gettext_noop("line %(line)s: %(field)s %(problem)s"),
                        line=line_number,
                        field=name,
                        problem=Join([error_as_text(e) for e in errors]),
                    )
                    for name, errors in exc.error_dict.items()
                ]
                continue
            name, rating, external_id = fields["name"], fields["rating"], fields["external_id"]
            club = Club.objects.get_or_create(name=club_name)[0] if club_name else None
            player = Player.objects.filter(external_id=external_id).first() if external_id else None
            if player is None:
                player = Player.objects.filter(name=name, club=club).first()
            if player is None:
                player = Player.objects.create(name=name, club=club, rating=rating, external_id=external_id)
                report.created += 1
            else:
                player.name, player.club, player.rating = (
                    name,
                    club,
                    rating if rating is not None else player.rating,
                )
                if external_id:
                    player.external_id = external_id
                player.save()
                report.updated += 1
            player_register(tournament, player, check_in=check_in)
            report.registered += 1
        if report.errors:
            raise ValidationError(
                {"file": [ValidationError(error, code="invalid") for error in report.errors]}
            )
    return report


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
        return player_register(tournament, player, check_in=check_in, by=by)
