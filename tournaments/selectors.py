"""Read-side queries shared by the pages, the API, the admin and the workers."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Prefetch, Q, QuerySet

from tournaments.models import Registration, Round, Seat, Standing, StandingsState, Table, Tournament


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


def standings_state(tournament: Tournament) -> StandingsState | None:
    """Whether the stored standings are current (``None`` before anything marked them)."""
    return StandingsState.objects.filter(tournament=tournament).first()


RELEASED_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.IN_PLAY, Round.Status.CLOSED)


def active_table_code(table: Any) -> str | None:
    from tournaments.models import TableCode

    return (
        TableCode.objects.filter(table=table, replaced_at__isnull=True).values_list("code", flat=True).first()
    )


def active_registrations(tournament: Tournament, round_number: int) -> QuerySet[Registration]:
    """Checked-in players who play ``round_number``: late entries from their first round on, withdrawn
    players up to the round after which they withdrew."""
    return (
        tournament.registrations.filter(first_round__lte=round_number)
        .filter(
            Q(status=Registration.Status.CHECKED_IN)
            | Q(status=Registration.Status.WITHDRAWN, withdrawn_after_round__gte=round_number)
        )
        .select_related("player", "player__club")
        .order_by("player_id")
    )


def rounds_with_draws(tournament: Tournament, *, public_only: bool = True) -> QuerySet[Round]:
    """Rounds with tables and seats prefetched; drafts are not public."""
    rounds = tournament.rounds.all()
    if public_only:
        rounds = rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.IN_PLAY, Round.Status.CLOSED])
    seats = Seat.objects.select_related("player").order_by("position")
    tables = Table.objects.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    return rounds.prefetch_related(Prefetch("tables", queryset=tables), "byes__player").order_by("number")


@dataclass
class StandingsTable:
    after_round: int = 0
    live: bool = False
    round_numbers: list[int] = field(default_factory=list)
    rows: list[Standing] = field(default_factory=list)


def standings_table(tournament: Tournament, after_round: int | None = None) -> StandingsTable:
    """The latest standings snapshot (or the one after ``after_round``)."""
    if after_round is None:
        after_round = tournament.standings.aggregate(m=Max("after_round"))["m"]
    if not after_round:
        return StandingsTable()
    rows = list(
        tournament.standings.filter(after_round=after_round)
        .select_related("player", "player__club")
        .order_by("rank", "player__name")
    )
    live = tournament.rounds.filter(number=after_round).exclude(status=Round.Status.CLOSED).exists()
    return StandingsTable(after_round, live, list(range(1, after_round + 1)), rows)


def standings_csv(tournament: Tournament, after_round: int | None = None) -> str:
    """Standings as CSV: rank, player, club, total, per-round scores and every tie-break value."""
    table = standings_table(tournament, after_round)
    out = io.StringIO()
    writer = csv.writer(out)
    tiebreaks: list[str] = list(tournament.tiebreaks)
    writer.writerow(
        [
            "rank",
            "player",
            "club",
            "total",
            *[f"round_{n}" for n in table.round_numbers],
            "game_points",
            "table_points",
            "penalties",
            "hands_played",
            *tiebreaks,
        ]
    )
    for row in table.rows:
        rounds: list[dict[str, Any]] = row.rounds
        writer.writerow(
            [
                row.rank,
                row.player.name,
                row.player.club.name if row.player.club else "",
                row.total,
                *[r["score"] for r in rounds],
                row.game_points,
                row.table_points,
                row.penalties,
                row.hands_played,
                *[row.tiebreak_values.get(t, "") for t in tiebreaks],
            ]
        )
    return out.getvalue()
