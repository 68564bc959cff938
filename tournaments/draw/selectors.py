"""Reads of the draw: released rounds, their tables and seats, a table's entry code, the current round."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from tournaments.draw.models import RELEASED_ROUND_STATUSES, Round, Seat, Table, TableCode
from tournaments.organizing.models import Tournament
from tournaments.results.selectors import tables_with_play


def active_table_code(table: Any) -> str | None:
    """The table's entry code in force (from the ``tables_with_play(with_codes=True)`` prefetch if any)."""
    codes = getattr(table, "active_codes", None)
    if codes is not None:
        return codes[0].code if codes else None
    return (
        TableCode.objects.filter(table=table, replaced_at__isnull=True).values_list("code", flat=True).first()
    )


def rounds_with_draws(tournament: Tournament, *, public_only: bool = True) -> QuerySet[Round]:
    """Rounds with tables and seats prefetched; drafts are not public."""
    rounds = tournament.rounds.all()
    if public_only:
        rounds = rounds.filter(status__in=RELEASED_ROUND_STATUSES)
    seats = Seat.objects.select_related("player").order_by("position")
    tables = Table.objects.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    return rounds.prefetch_related(Prefetch("tables", queryset=tables), "byes__player").order_by("number")


def visible_rounds(tournament: Tournament, *, organizer: bool) -> QuerySet[Round]:
    """Organizers see every round; everyone else the released ones (published, in play, closed)."""
    return rounds_with_draws(tournament, public_only=not organizer)


def round_is_released(round_: Round) -> bool:
    return round_.status in RELEASED_ROUND_STATUSES


def current_round(tournament: Tournament) -> Round | None:
    """The round the public pages show as "current": the one in play, else the latest released one."""
    released = tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES)
    return (
        released.filter(status=Round.Status.IN_PLAY).order_by("-number").first()
        or released.order_by("-number").first()
    )


def released_round(tournament: Tournament, number: int) -> Round | None:
    """Round ``number`` with its tables, seats (players and clubs) and byes, if it is released."""
    seats = Seat.objects.select_related("player", "player__club").order_by("position")
    tables = Table.objects.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    return (
        tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES, number=number)
        .prefetch_related(Prefetch("tables", queryset=tables), "byes__player__club")
        .first()
    )


def released_table(tournament: Tournament, number: int, table_number: int) -> Table | None:
    """Table ``table_number`` of released round ``number``, with seats, hands and results prefetched
    (``tables_with_play``) and its round's tournament set, so ``score_sheet`` needs no extra lookup."""
    round_ = tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES, number=number).first()
    if round_ is None:
        return None
    table = tables_with_play(round_).filter(number=table_number).first()
    if table is not None:
        table.round = round_
        round_.tournament = tournament
    return table
