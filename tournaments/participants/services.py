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
from tournaments.core.messages import Join, Labelled, Text, error_as_text
from tournaments.core.text import fold
from tournaments.core.validation import conflict, invalid, max_length_of, text, whole_number
from tournaments.draw.models import RELEASED_ROUND_STATUSES, Round, Seat
from tournaments.organizing.models import Club, Tournament, refuse_if_finished
from tournaments.participants.merge import player_merge, player_merge_undo  # noqa: F401 (its services)
from tournaments.participants.models import RATING_MAX, Gender, Player, Registration
from tournaments.participants.selectors import may_edit_player, players_named

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
    if Player.objects.filter(pk=player.pk, merged_into__isnull=False).exists():  # as stored, not as read
        raise conflict(
            "player", _("%(name)s is a record merged into another: register that one"), {"name": player.name}
        )
    with acting_as(by), transaction.atomic():
        _lock_open(tournament.pk)
        first_round = _current_round_number(tournament) + 1
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


def _lock_open(tournament_id: int) -> Tournament:
    """The tournament locked for the caller's transaction (the finish takes the same lock) and refused
    once finished: a registration's change decides who is drawn and ranked."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    refuse_if_finished(tournament)
    return tournament


def registration_check_in(registration: Registration, *, by: Any = None) -> Registration:
    """The player has arrived: from now on they are drawn (``present_registrations``). A player marked as
    not come who arrives after all checks in the same way. Checking in twice changes nothing."""
    with acting_as(by), transaction.atomic():
        _lock_open(registration.tournament_id)
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.status == Registration.Status.WITHDRAWN:
            raise conflict("status", _("a withdrawn player must register again before checking in"))
        if registration.status != Registration.Status.CHECKED_IN:
            registration.status = Registration.Status.CHECKED_IN
            registration.checked_in_at = timezone.now()
            registration.save(update_fields=["status", "checked_in_at"])
    return registration


def _played(registration: Registration) -> int | None:
    """The first round the player sits in that the players have seen (published, in play or closed)."""
    return (
        Seat.objects.filter(
            round__tournament_id=registration.tournament_id,
            player_id=registration.player_id,
            round__status__in=RELEASED_ROUND_STATUSES,
        )
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )


def _not_after_play(registration: Registration) -> None:
    """Registered, checked in and not come are states before a player's first round: once they have
    played (a released round seats them), they leave by withdrawing."""
    played = _played(registration)
    if played is not None:
        raise conflict(
            "status",
            _("%(name)s plays in round %(round)s: withdraw them instead"),
            {"name": registration.player.name, "round": played},
        )


NOT_CHECKED_IN = _("%(name)s is not checked in")
WITHDRAWN_FIRST = _("%(name)s has withdrawn: register them again first")
NOT_NO_SHOW = _("%(name)s is not marked as not come")


def _set_status(
    registration: Registration, status: str, *, by: Any, allowed: tuple[str, ...], refusal: Any
) -> Registration:
    """Move a registration to ``status`` from one of the ``allowed`` statuses (from any other: the
    ``refusal``, naming the player); being there already is no change."""
    with acting_as(by), transaction.atomic():
        _lock_open(registration.tournament_id)
        registration = (
            Registration.objects.select_for_update().select_related("player").get(pk=registration.pk)
        )
        if registration.status == status:
            return registration
        if registration.status not in allowed:
            raise conflict("status", refusal, {"name": registration.player.name})
        _not_after_play(registration)
        registration.status = status
        if status == Registration.Status.REGISTERED:
            registration.checked_in_at = None
        registration.save(update_fields=["status", "checked_in_at"])
    return registration


def registration_check_in_undo(registration: Registration, *, by: Any = None) -> Registration:
    """Checked in by mistake: registered again, not drawn. Refused once the player has played (withdraw
    them instead)."""
    return _set_status(
        registration,
        Registration.Status.REGISTERED,
        by=by,
        allowed=(Registration.Status.CHECKED_IN,),
        refusal=NOT_CHECKED_IN,
    )


def registration_no_show(registration: Registration, *, by: Any = None) -> Registration:
    """The player did not come: kept in the list, never drawn, until undone (``registration_no_show_undo``)
    or checked in after all. Refused once the player has played (withdraw them instead)."""
    return _set_status(
        registration,
        Registration.Status.NO_SHOW,
        by=by,
        allowed=(Registration.Status.REGISTERED, Registration.Status.CHECKED_IN),
        refusal=WITHDRAWN_FIRST,
    )


def registration_no_show_undo(registration: Registration, *, by: Any = None) -> Registration:
    """Marked as not come by mistake: registered again (not yet checked in)."""
    return _set_status(
        registration,
        Registration.Status.REGISTERED,
        by=by,
        allowed=(Registration.Status.NO_SHOW,),
        refusal=NOT_NO_SHOW,
    )


def registration_withdraw(registration: Registration, *, by: Any = None) -> Registration:
    """Withdraw before the event or between rounds (``withdrawn_after_round``: the last round the players
    have seen, 0 before the first): the player keeps the rounds already drawn, and is left out of later
    draws. Withdrawing again changes nothing; registering again (``player_register``) undoes it, from the
    next round on."""
    with acting_as(by), transaction.atomic():
        _lock_open(registration.tournament_id)
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


# --- a person's record ---------------------------------------------------------------------------------

PLAYER_EDITABLE_FIELDS = ("name", "club", "rating", "gender", "birth_year")


def player_edit(player: Player, *, changes: dict[str, Any], by: Any, tournament: Tournament | None) -> Player:
    """Change a person's record (``PLAYER_EDITABLE_FIELDS``), for those ``may_edit_player`` names: the
    record is shared by every tournament the person plays, so an organizer of ``tournament`` changes it
    only while it is that tournament's alone. Each of those tournaments' pages shows the change at once
    (their standings are marked stale, which their public pages' cache keys read)."""
    if not may_edit_player(by, player, tournament):
        raise invalid(
            "player",
            _(
                "%(name)s plays in other tournaments too: their club's organizers or an administrator "
                "change the record"
            ),
            code="permission_denied",
            params={"name": player.name},
        )
    unknown = set(changes) - set(PLAYER_EDITABLE_FIELDS)
    if unknown:
        raise invalid(sorted(unknown)[0], _("cannot be changed"))
    fields: dict[str, Any] = {}
    if "name" in changes:
        fields["name"] = text(
            changes["name"], "name", max_length=max_length_of(Player, "name"), required=True
        )
    if "club" in changes:
        if changes["club"] is not None and not isinstance(changes["club"], Club):
            raise invalid("club", _("must be a club"))
        fields["club"] = changes["club"]
    if "rating" in changes:
        rating = changes["rating"]
        fields["rating"] = None if rating is None else whole_number(rating, "rating", low=0, high=RATING_MAX)
    if "gender" in changes:
        if changes["gender"] not in ("", *Gender.values):
            raise invalid("gender", _("choose one of the list"))
        fields["gender"] = changes["gender"]
    if "birth_year" in changes:
        year = changes["birth_year"]
        fields["birth_year"] = None if year is None else whole_number(year, "birth_year", low=1900, high=2100)
    with acting_as(by), transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.merged_into_id is not None:
            raise conflict(
                "player",
                _("%(name)s is a record merged into another: change that one"),
                {"name": player.name},
            )
        for name, value in fields.items():
            setattr(player, name, value)
        player.save()
        for tournament_id in Registration.objects.filter(player=player).values_list(
            "tournament_id", flat=True
        ):
            publish(REGISTRATION_CHANGED, tournament_id=tournament_id)
    return player


# --- a list of players, pasted ---------------------------------------------------------------------------

LIST_MAX_LINES = 500
LIST_MAX_CHARS = 100_000
LIST_SEPARATORS = ("\t", ";", ",")


@dataclass
class ListLine:
    """A line of a pasted list: its number (1 the first), the line as typed, and what it says."""

    number: int
    typed: str
    name: str = ""
    club: str = ""
    rating: int | None = None


@dataclass
class ListReport:
    """What a pasted list did: each line registered (the player, and whether the record is new), found
    registered already, or refused with its reason (the line stays for the organizer to fix)."""

    registered: list[tuple[ListLine, Player, bool]] = field(default_factory=list)
    already: list[tuple[ListLine, Player]] = field(default_factory=list)
    refused: list[tuple[ListLine, Text]] = field(default_factory=list)
    clubs_added: list[str] = field(default_factory=list)


def _line_problem(line: ListLine, field_name: str, problem: Any) -> Text:
    return Text(
        gettext_noop("line %(line)s: %(field)s: %(problem)s"),
        line=line.number,
        field=Labelled("field", field_name),
        problem=problem,
    )


def list_lines(typed: str) -> tuple[list[ListLine], list[tuple[ListLine, Text]]]:
    """A pasted list read line by line: name, then club and rating, separated by tabs (a spreadsheet's
    columns), semicolons or commas, whichever the line has first in that order; a third part is the
    rating, and so is a second part that is a number ("Kovács Anna; 1500"). Empty lines are skipped.
    Returns the lines read and the lines refused with their reason."""
    read: list[ListLine] = []
    refused: list[tuple[ListLine, Text]] = []
    for number, raw in enumerate(typed.splitlines(), start=1):
        line = ListLine(number, raw.strip())
        if not line.typed:
            continue
        separator = next((sep for sep in LIST_SEPARATORS if sep in raw), None)
        parts = [part.strip() for part in (raw.split(separator) if separator else [raw])]
        while len(parts) > 1 and not parts[-1]:
            parts.pop()  # a trailing separator
        if len(parts) > 3:
            refused.append(
                (line, Text(gettext_noop("line %(line)s: write at most name; club; rating"), line=number))
            )
            continue
        rating_typed = ""
        if len(parts) == 3 or (len(parts) == 2 and _looks_like_a_number(parts[1])):
            rating_typed = parts.pop()
        line.name, line.club = parts[0], (parts[1] if len(parts) > 1 else "")
        try:
            line.name = text(line.name, "name", max_length=max_length_of(Player, "name"), required=True)
            line.club = text(line.club, "club", max_length=max_length_of(Club, "name"))
        except ValidationError as exc:
            name, errors = next(iter(exc.error_dict.items()))
            refused.append((line, _line_problem(line, name, error_as_text(errors[0]))))
            continue
        if rating_typed:
            digits = rating_typed.removeprefix("-")
            value = int(rating_typed) if digits.isascii() and digits.isdigit() and len(digits) <= 9 else None
            if value is None or not 0 <= value <= RATING_MAX:
                problem = Text(
                    gettext_noop("enter a whole number from %(low)s to %(high)s"), low=0, high=RATING_MAX
                )
                refused.append((line, _line_problem(line, "rating", problem)))
                continue
            line.rating = value
        read.append(line)
    return read, refused


def _looks_like_a_number(part: str) -> bool:
    """A line's second part is its rating, not a club, when it has a digit and no letter ("1500")."""
    return any(c.isdigit() for c in part) and not any(c.isalpha() for c in part)


def _the_same_player(line: ListLine, named: dict[str, list[Player]]) -> tuple[Player | None, Text | None]:
    """The existing record a line clearly means, None for a new person, or the reason it is not clear:
    the same name (accents and case aside; ``players_named``, the records found by name) and, where the
    line names a club, no other club on the record."""
    folded = fold(line.name)
    namesakes = named.get(folded, [])
    if line.club:
        club = fold(line.club)
        same_club = [p for p in namesakes if p.club is not None and fold(p.club.name) == club]
        fitting = same_club or [p for p in namesakes if p.club is None]
    else:
        fitting = namesakes
    if len(fitting) == 1:
        return fitting[0], None
    if len(fitting) > 1:
        return None, Text(
            gettext_noop(
                "line %(line)s: %(count)s players are called %(name)s: register the one you mean with "
                "the search"
            ),
            line=line.number,
            count=len(fitting),
            name=line.name,
        )
    if namesakes:
        return None, Text(
            gettext_noop(
                "line %(line)s: %(name)s is in the records with another club (%(club)s): register them "
                "with the search, or create a new player there"
            ),
            line=line.number,
            name=line.name,
            club=", ".join(sorted({p.club.name for p in namesakes if p.club is not None})),
        )
    return None, None


def players_register_list(
    tournament: Tournament, typed: Any, *, check_in: Any = False, by: Any = None
) -> ListReport:
    """Register the players of a pasted list (``list_lines``), one a line. A line that clearly means an
    existing record (``players_find``, same name, no other club) registers that person, whose record is
    not changed; any other line creates a new record (its club added when no club of that name exists).
    The good lines are registered, each in its own savepoint; the others are reported with their line
    number and reason, nothing stored for them. ``check_in``: the players are here."""
    typed = text(typed, "list", max_length=LIST_MAX_CHARS, required=True)
    if not isinstance(check_in, bool):
        raise invalid("check_in", _("must be true or false"))
    if len(typed.splitlines()) > LIST_MAX_LINES:
        raise invalid("list", _("paste at most %(max)s lines at a time"), params={"max": LIST_MAX_LINES})
    refuse_if_finished(tournament)
    lines, refused = list_lines(typed)
    report = ListReport(refused=refused)
    clubs = {fold(club.name): club for club in Club.objects.all()}
    named = players_named(line.name for line in lines)
    registered = set(
        tournament.registrations.exclude(status=Registration.Status.WITHDRAWN).values_list(
            "player_id", flat=True
        )
    )
    with acting_as(by):
        for line in lines:
            player, problem = _the_same_player(line, named)
            if problem is not None:
                report.refused.append((line, problem))
                continue
            if player is not None and player.pk in registered:
                report.already.append((line, player))
                continue
            created, new_club = player is None, None
            try:
                with transaction.atomic():
                    if player is None:
                        club = clubs.get(fold(line.club)) if line.club else None
                        if line.club and club is None:
                            club = new_club = Club.objects.create(name=line.club)
                        player = Player.objects.create(name=line.name, club=club, rating=line.rating)
                    player_register(tournament, player, check_in=check_in, by=by)
            except ValidationError as exc:
                report.refused.append(
                    (
                        line,
                        Text(
                            gettext_noop("line %(line)s: %(problem)s"),
                            line=line.number,
                            problem=Join(
                                [error_as_text(e) for errors in exc.error_dict.values() for e in errors]
                            ),
                        ),
                    )
                )
                continue
            registered.add(player.pk)
            report.registered.append((line, player, created))
            if created:  # a later line of the same name is this person
                named.setdefault(fold(player.name), []).append(player)
            if new_club is not None:
                clubs[fold(new_club.name)] = new_club
                report.clubs_added.append(new_club.name)
    report.refused.sort(key=lambda pair: pair[0].number)
    return report
