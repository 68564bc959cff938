"""What a caller may do in a tournament: the roles of issue #12 in one place.

* organizer: a user named on the tournament, an organizer of its club, or a superuser
  (``organizing.selectors.is_organizer``): everything in that tournament;
* table: a valid entry code (``TableAccess``): read its table, enter, confirm or contest its hands while
  the round is in play;
* player: a user linked to a player: what their table's code allows, plus reading their own entries;
* public: read public tournaments and released rounds only.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from rest_framework import exceptions
from rest_framework.request import Request

from api.v1.auth import TableAccess
from tournaments.core import api_texts as texts
from tournaments.draw.models import Seat, Table
from tournaments.organizing.models import Tournament
from tournaments.organizing.selectors import is_organizer
from tournaments.participants.models import Player


def require_organizer(request: Request, tournament: Tournament) -> Any:
    """The organizer making the request, or 401/403 (a table code is known, but not an organizer)."""
    if table_access(request) is not None:
        raise exceptions.PermissionDenied(texts.TABLE_CODE_ORGANIZERS_ONLY)
    if not getattr(request.user, "is_authenticated", False):
        raise exceptions.NotAuthenticated(texts.LOG_IN_AS_ORGANIZER)
    if not is_organizer(request.user, tournament):
        raise exceptions.PermissionDenied(texts.ORGANIZERS_ONLY)
    return request.user


def table_access(request: Request) -> TableAccess | None:
    return request.auth if isinstance(request.auth, TableAccess) else None


def linked_player(request: Request) -> Player | None:
    user = request.user
    if not getattr(user, "is_authenticated", False):
        return None
    return Player.objects.filter(user=user).first()


def table_member(request: Request, table: Table, seat: Any, seated: list[Seat] | None = None) -> Player:
    """The player on whose behalf a table write is made: with the table's code, the player at the
    named ``seat``; with a player account, that player (who must sit at the table). 401/403 otherwise.
    ``seated``: the table's seats with their players, when the caller has read them."""
    access = table_access(request)
    if access is not None:
        if access.table.pk != table.pk:
            raise exceptions.PermissionDenied(texts.CODE_OF_ANOTHER_TABLE)
        if seat is None:
            raise ValidationError({"entered_by": [ValidationError(texts.NAME_THE_SEAT, code="invalid")]})
        if seated is None:
            seated = list(Seat.objects.filter(table=table).select_related("player"))
        found = next((s for s in seated if s.position == str(seat)), None)
        if found is None:
            raise ValidationError(
                {"entered_by": [ValidationError(texts.NO_SEAT, code="invalid", params={"seat": str(seat)})]}
            )
        return found.player
    player = linked_player(request)
    if player is None:
        if getattr(request.user, "is_authenticated", False):
            raise exceptions.PermissionDenied(texts.TABLE_PLAYERS_ONLY)
        raise exceptions.NotAuthenticated(texts.GIVE_TABLE_CODE)
    if not Seat.objects.filter(table=table, player=player).exists():
        raise exceptions.PermissionDenied(texts.NOT_AT_THIS_TABLE)
    if seat is not None and not Seat.objects.filter(table=table, player=player, position=str(seat)).exists():
        raise exceptions.PermissionDenied(texts.NOT_IN_THIS_SEAT % {"seat": seat})
    return player


def can_read_table(request: Request, table: Table) -> bool:
    access = table_access(request)
    return access is not None and access.table.pk == table.pk
