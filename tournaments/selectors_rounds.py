"""Read-side queries for the rounds API: rounds visible to a caller, a round's tables with their hands,
running totals and places. (Kept apart from ``selectors.py`` so parallel API work does not collide.)"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Prefetch, QuerySet

from tournaments.models import Hand, Round, Seat, Table, TableCode, TableResult, Tournament
from tournaments.selectors import RELEASED_ROUND_STATUSES, rounds_with_draws
from tournaments.standings import COUNTED_HAND_STATUSES


def visible_rounds(tournament: Tournament, *, organizer: bool) -> QuerySet[Round]:
    """Organizers see every round; everyone else the released ones (published, in play, closed)."""
    return rounds_with_draws(tournament, public_only=not organizer)


def round_is_released(round_: Round) -> bool:
    return round_.status in RELEASED_ROUND_STATUSES


def tables_with_play(round_: Round, *, with_codes: bool = False) -> QuerySet[Table]:
    """A round's tables in number order, with seats, hands, results (and, for organizers, the active
    entry code) prefetched, so a page of tables costs a fixed number of queries."""
    prefetches: list[Any] = [
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
        Prefetch("hands", queryset=Hand.objects.order_by("number")),
        Prefetch("results", queryset=TableResult.objects.order_by("place", "player_id")),
    ]
    if with_codes:
        prefetches.append(
            Prefetch(
                "codes", queryset=TableCode.objects.filter(replaced_at__isnull=True), to_attr="active_codes"
            )
        )
    return (
        Table.objects.filter(round=round_)
        .select_related("round")
        .prefetch_related(*prefetches)
        .order_by("number")
    )


def running_totals(table: Table) -> dict[str, int]:
    """Each seat's sum of the payments of the table's counted (confirmed or voided) hands so far."""
    totals: dict[str, int] = {seat.position: 0 for seat in table.seats.all()}
    for hand in table.hands.all():
        if hand.status in COUNTED_HAND_STATUSES:
            for position, points in (hand.payments or {}).items():
                totals[position] = totals.get(position, 0) + int(points)
    return totals


def table_places(table: Table) -> list[dict[str, Any]] | None:
    """The table's places from its ``TableResult`` rows once its round is closed (``None`` before)."""
    if table.round.status != Round.Status.CLOSED:
        return None
    positions: dict[int, str] = defaultdict(str)
    for seat in table.seats.all():
        positions[seat.player_id] = seat.position
    return [
        {
            "position": positions[result.player_id],
            "player_id": result.player_id,
            "place": result.place,
            "table_points": result.table_points,
            "game_points": result.game_points,
            "hands_played": result.hands_played,
            "won_table": result.won_table,
        }
        for result in table.results.all()
    ]


def active_code(table: Table) -> str | None:
    """The table's active entry code from the ``with_codes`` prefetch."""
    codes = getattr(table, "active_codes", None)
    return codes[0].code if codes else None
