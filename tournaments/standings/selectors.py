"""Reads of the standings as stored: the table of a round (with what is provisional and in dispute), a
player's rounds, the CSV, and how stale they are."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Min
from django.utils import timezone

from tournaments.draw.models import OPEN_ROUND_STATUSES, RELEASED_ROUND_STATUSES, Round, Seat, Table
from tournaments.organizing.models import Tournament
from tournaments.results.selectors import hands_in_dispute
from tournaments.standings.models import Standing, StandingsState, TableResult


def standings_state(tournament: Tournament) -> StandingsState | None:
    """Whether the stored standings are current (``None`` before anything marked them)."""
    return StandingsState.objects.filter(tournament=tournament).first()


def oldest_stale_standings() -> float | None:
    """Seconds since the longest-waiting stale standings became stale (``None`` if all are current)."""
    since = StandingsState.objects.filter(stale_since__isnull=False).aggregate(m=Min("stale_since"))["m"]
    return None if since is None else round((timezone.now() - since).total_seconds(), 3)


def provisional_rounds(tournament: Tournament, up_to: int | None = None) -> list[int]:
    """The released rounds not closed yet (up to round ``up_to``): what they count is provisional, and
    becomes final when they close."""
    rounds = tournament.rounds.filter(status__in=OPEN_ROUND_STATUSES)
    if up_to is not None:
        rounds = rounds.filter(number__lte=up_to)
    return sorted(rounds.values_list("number", flat=True))


@dataclass
class StandingsTable:
    after_round: int = 0
    live: bool = False  # standings during round ``after_round`` (in play), not after it
    round_numbers: list[int] = field(default_factory=list)
    # each with ``hands_in_dispute`` and ``provisional`` (its totals count a round not closed) set
    rows: list[Standing] = field(default_factory=list)
    hands_in_dispute: int = 0  # hands of these rounds in dispute: not counted until decided
    provisional_rounds: list[int] = field(default_factory=list)  # rounds counted here that are not closed
    final: bool = False  # the tournament is finished and these are its latest standings: final

    @property
    def provisional(self) -> bool:
        """Totals and ranks may still change: a round they count is not closed."""
        return bool(self.provisional_rounds)


def standings_table(tournament: Tournament, after_round: int | None = None) -> StandingsTable:
    """The latest standings snapshot (or the one after ``after_round``), with the hands in dispute (in all
    and per player: live, not from the snapshot) and each per-round entry marked ``provisional`` while its
    round is not closed (read from the rounds now, so it turns final the moment a round closes)."""
    if after_round is None:
        after_round = tournament.standings.aggregate(m=Max("after_round"))["m"]
    if not after_round:
        return StandingsTable()
    rows = list(
        tournament.standings.filter(after_round=after_round)
        .select_related("player", "player__club")
        .order_by("rank", "player__name")
    )
    provisional = provisional_rounds(tournament, after_round)
    disputed, per_player = hands_in_dispute(tournament, after_round)
    for row in rows:
        row.hands_in_dispute = per_player.get(row.player_id, 0)  # type: ignore[attr-defined]
        mark_provisional(row, provisional)
    live = after_round in provisional
    final = getattr(tournament, "finished_at", None) is not None and (
        after_round == tournament.standings.aggregate(m=Max("after_round"))["m"]
    )
    return StandingsTable(
        after_round, live, list(range(1, after_round + 1)), rows, disputed, provisional, final
    )


def mark_provisional(row: Standing, provisional: Collection[int]) -> None:
    """Mark each per-round entry of ``row`` ``provisional`` when its round is one of ``provisional`` (not
    closed), and the row itself when its totals count such a round."""
    for entry in row.rounds:
        entry["provisional"] = entry.get("round") in provisional
    row.provisional = any(entry["provisional"] for entry in row.rounds)  # type: ignore[attr-defined]


def standings_csv(tournament: Tournament, after_round: int | None = None) -> str:
    """Standings as CSV: rank, player, club, total, per-round scores (empty where a round adds nothing),
    every tie-break value, and ``provisional`` (``true`` while a round counted is not closed: the row's
    total and rank may still change)."""
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
            "provisional",
        ]
    )
    provisional = "true" if table.provisional else "false"
    for row in table.rows:
        by_round = {r.get("round"): r["score"] for r in row.rounds}
        writer.writerow(
            [
                row.rank,
                row.player.name,
                row.player.club.name if row.player.club else "",
                row.total,
                *[by_round.get(n, "") for n in table.round_numbers],
                row.game_points,
                row.table_points,
                row.penalties,
                row.hands_played,
                *[row.tiebreak_values.get(t, "") for t in tiebreaks],
                provisional,
            ]
        )
    return out.getvalue()


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


@dataclass
class PlayerRound:
    """One released round as a player lived it: the table and seat (or a bye), the opponents, the points
    of the counted hands (as the last standings recompute stored them: none, and no place, while no hand of
    the table counts) and the rank after the round; all of it ``provisional`` until the round closes."""

    number: int
    status: str
    table: int | None = None
    seat: str | None = None
    opponents: list[dict[str, Any]] = field(default_factory=list)
    bye: bool = False
    game_points: int = 0
    table_points: Any = None
    place: Any = None
    hands_played: int = 0
    rank: int | None = None
    provisional: bool = False  # the round is not closed: its points, place and rank may change


def player_rounds(tournament: Tournament, player_id: int) -> list[PlayerRound]:
    """Every released round of ``player_id`` in ``tournament``, oldest first (the player's page)."""
    rounds = {
        r.number: PlayerRound(r.number, r.status, provisional=r.status in OPEN_ROUND_STATUSES)
        for r in tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES).order_by("number")
    }
    seats = Seat.objects.filter(round__tournament=tournament, round__number__in=rounds, player_id=player_id)
    table_ids = {}
    for seat in seats.select_related("round", "table"):
        line = rounds[seat.round.number]
        line.table, line.seat = seat.table.number, seat.position
        table_ids[seat.table_id] = line
    others = Seat.objects.filter(table_id__in=table_ids).exclude(player_id=player_id)
    for seat in others.select_related("player"):
        table_ids[seat.table_id].opponents.append(
            {"player": seat.player_id, "name": seat.player.name, "seat": seat.position}
        )
    for number in tournament.rounds.filter(number__in=rounds, byes__player_id=player_id).values_list(
        "number", flat=True
    ):
        rounds[number].bye = True
    for result in TableResult.objects.filter(table_id__in=table_ids, player_id=player_id):
        line = table_ids[result.table_id]
        line.game_points, line.hands_played = result.game_points, result.hands_played
        line.table_points, line.place = result.table_points, result.place
    for after_round, rank in Standing.objects.filter(
        tournament=tournament, player_id=player_id, after_round__in=rounds
    ).values_list("after_round", "rank"):
        rounds[after_round].rank = rank
    for line in rounds.values():
        line.opponents.sort(key=lambda o: o["seat"])
    return [line for line in rounds.values() if line.table is not None or line.bye]


def latest_standing(tournament: Tournament, player_id: int) -> Standing | None:
    """The player's row of the latest standings snapshot."""
    return tournament.standings.filter(player_id=player_id).order_by("-after_round").first()
