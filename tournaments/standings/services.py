"""Standings: table results from confirmed hands, then ranked totals with ordered tie-breaks.

Stored standings are always a from-scratch computation, kept in step in two steps:
* ``standings_mark_stale``, called inside the transaction of every change that affects them (a hand
  confirmed, contested, corrected or voided, a penalty, a round released or closed, a withdrawal): it
  bumps the tournament's ``StandingsState`` version and enqueues a refresh for after the commit;
* ``standings_refresh`` (the worker's task, or a sweep for what stayed stale, e.g. while the broker was
  down) recomputes everything and marks the state current only if no change came in meanwhile.

A table adds only what was played there: until a hand of it counts (confirmed or voided) it gives its
players nothing (no table points, no place, no table win, no game points, no hands, no opponents for the
opponents' total, no round for the best round), though they are listed in the standings with what they
have from other rounds. Once hands count, the table ranks by the hands so far. Everything of a round not
yet closed is provisional (``OPEN_ROUND_STATUSES``: the readers mark it, ``standings.selectors``); it becomes
final, without any recomputation of its values, when the round closes.

5-player tables are fair to their players because the dealer sits out each hand: over the 20 deals of a
5-table (the 2018 default) every player plays 16 hands, exactly as at a 16-deal 4-table, and the
table-point scale has a fifth place worth as much as the fourth (10-8-6-4-4), so being seated at a
5-table neither adds hands nor costs places. ``tests/standings/test_standings.py`` checks both.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tournaments.core.bulk import bulk_insert
from tournaments.core.events import STANDINGS_CURRENT, STANDINGS_RECOMPUTED, STANDINGS_STALE, publish
from tournaments.core.formats import to_decimal
from tournaments.core.freshness import Freshness
from tournaments.draw.models import RELEASED_ROUND_STATUSES, Bye, Seat, Table
from tournaments.organizing.models import Tournament
from tournaments.results.models import COUNTED_HAND_STATUSES, Hand, Penalty
from tournaments.standings.compute import (
    CENT_TIEBREAKS,
    RoundLine,
    ScoringFormat,
    cents,
    compute_standings,
    from_cents,
    table_places,
)
from tournaments.standings.models import Standing, StandingsState, TableResult

logger = logging.getLogger(__name__)


TABLE_RESULT_FIELDS = (
    "table_id",
    "round_id",
    "player_id",
    "game_points",
    "hands_played",
    "hands_lost",
    "table_points",
    "place",
    "won_table",
)


STANDING_FIELDS = (
    "tournament_id",
    "player_id",
    "after_round",
    "rank",
    "total",
    "table_points",
    "game_points",
    "penalties",
    "hands_played",
    "rounds",
    "tiebreak_values",
)


def _rebuild_table_results(tournament: Tournament, table_ids: Iterable[int] | None = None) -> None:
    tables = Table.objects.filter(round__tournament=tournament)
    if table_ids is not None:
        tables = tables.filter(id__in=list(table_ids))
    table_round = dict(tables.values_list("id", "round_id"))
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    for table_id, position, player_id in Seat.objects.filter(table_id__in=table_round).values_list(
        "table_id", "position", "player_id"
    ):
        seats[table_id][position] = player_id
    hands: dict[int, list[tuple[str, dict[str, int], str]]] = defaultdict(list)
    for table_id, dealer, payments, kind in Hand.objects.filter(
        table_id__in=table_round, status__in=COUNTED_HAND_STATUSES
    ).values_list("table_id", "dealer", "payments", "kind"):
        hands[table_id].append((dealer, payments, kind))
    results = []
    for table_id, positions in seats.items():
        places = table_places(positions, hands[table_id], tournament.table_points(len(positions)), tournament)
        round_id = table_round[table_id]
        for player_id, line in places.items():
            results.append(
                (
                    table_id,
                    round_id,
                    player_id,
                    line.game_points,
                    line.hands_played,
                    line.hands_lost,
                    from_cents(line.table_cents),
                    to_decimal(line.place, 1),
                    line.won_table,
                )
            )
    TableResult.objects.filter(table_id__in=table_round).delete()
    bulk_insert(TableResult, TABLE_RESULT_FIELDS, results)


def _rebuild_snapshots(tournament: Tournament, from_round: int = 1) -> None:
    fmt = ScoringFormat.of(tournament)
    round_numbers = list(
        tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES)
        .order_by("number")
        .values_list("number", flat=True)
    )
    lines: dict[int, list[RoundLine]] = defaultdict(list)
    table_players: dict[int, list[int]] = defaultdict(list)
    rows = TableResult.objects.filter(round__tournament=tournament, round__number__in=round_numbers)
    results = list(
        rows.values_list(
            "round__number",
            "table_id",
            "player_id",
            "game_points",
            "table_points",
            "hands_played",
            "hands_lost",
            "won_table",
        )
    )
    for _, table_id, player_id, *_rest in results:
        table_players[table_id].append(player_id)
    with_result = {(player_id, number) for number, _, player_id, *_rest in results}
    for number, player_id in Seat.objects.filter(
        round__tournament=tournament, round__number__in=round_numbers
    ).values_list("round__number", "player_id"):
        if (player_id, number) not in with_result:  # the table has no counted hand (no TableResult)
            lines[player_id].append(RoundLine(number, counted=False))
    for number, table_id, player_id, game, table_pts, played, lost, won in results:
        lines[player_id].append(
            RoundLine(
                number,
                game,
                cents(table_pts),
                played,
                lost,
                won_table=won,
                opponents=tuple(p for p in table_players[table_id] if p != player_id),
            )
        )
    for number, player_id in Bye.objects.filter(
        round__tournament=tournament, round__number__in=round_numbers
    ).values_list("round__number", "player_id"):
        lines[player_id].append(RoundLine(number, fmt.bye_game_points, fmt.bye_table_points * 100, bye=True))
    penalties = list(
        Penalty.objects.filter(tournament=tournament, withdrawn_at__isnull=True).values_list(
            "player_id", "round__number", "points"
        )
    )

    snapshots = []
    for after in (n for n in round_numbers if n >= from_round):
        upto = {pid: [line for line in ls if line.round_number <= after] for pid, ls in lines.items()}
        upto = {pid: ls for pid, ls in upto.items() if ls}
        pens: dict[int, int] = defaultdict(int)
        for player_id, round_number, points in penalties:
            if round_number is None or round_number <= after:
                pens[player_id] += points
        for row in compute_standings(fmt, upto, pens):
            snapshots.append(
                (
                    tournament.pk,
                    row.player_id,
                    after,
                    row.rank,
                    from_cents(row.total_cents),
                    from_cents(row.table_cents),
                    row.game_points,
                    row.penalties,
                    row.hands_played,
                    row.rounds,
                    {k: v / 100 if k in CENT_TIEBREAKS else v for k, v in row.tiebreaks.items()},
                )
            )
    Standing.objects.filter(tournament=tournament, after_round__gte=from_round).delete()
    bulk_insert(Standing, STANDING_FIELDS, snapshots)


def standings_recompute(tournament: Tournament) -> bool:
    """From scratch: every table's results and every snapshot. Marks the standings current if nothing
    changed since the recompute began (compare-and-set on the version) and releases the worker's claim in
    the same update; returns whether they are current now."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)  # one standings writer per tournament
        state = _state(tournament.pk)
        _rebuild_table_results(tournament)
        _rebuild_snapshots(tournament)
        current = FRESHNESS.settle(state)
        if current and (state.stale_since is not None or state.computed_version != state.version):
            publish(STANDINGS_CURRENT, tournament=tournament, version=state.version)  # only when it was stale
        publish(STANDINGS_RECOMPUTED, tournament=tournament)
    return bool(current)


def standings_ensure_current(tournament: Tournament) -> bool:
    """Make the stored standings count every change, recomputing only when they do not already: when no
    change has been recorded since the last recompute (``StandingsState`` current: nothing stale, the
    computed version is the version) they are what a recompute would write, and a draw or the final
    stage reads them as they are (the worker normally keeps them current, so a draw does not wait for a
    second recompute). Returns whether it recomputed."""
    state = StandingsState.objects.filter(tournament_id=tournament.pk).first()
    if (
        state is not None
        and state.stale_since is None
        and state.computed_at is not None
        and state.computed_version == state.version
    ):
        return False
    standings_recompute(tournament)
    return True


CLAIM_SECONDS = 15  # a claim outlives a recompute; a killed worker's claim lapses and the sweep takes over
COALESCE_SECONDS = 0.25  # changes that arrive during a recompute are gathered this long, then recomputed
MAX_PASSES = 20
FRESHNESS = Freshness(StandingsState, "tournament_id", claim_seconds=CLAIM_SECONDS)


def standings_refresh(tournament_id: int) -> bool:
    """The worker's job, coalesced (``core.freshness``): claim a tournament's stale standings, recompute,
    and again while changes came in meanwhile; a second task finds the claim taken and stops. Returns
    whether it recomputed."""
    return FRESHNESS.refresh(
        tournament_id,
        standings_recompute,
        lambda pk: Tournament.objects.filter(pk=pk).first(),
        passes=MAX_PASSES,
        pause=COALESCE_SECONDS,
        hand_over=lambda: publish(STANDINGS_STALE, tournament_id=tournament_id),
    )


def standings_due(older_than: timedelta) -> list[int]:
    """Tournaments whose standings stayed stale for ``older_than`` and that no worker holds (the sweep)."""
    return FRESHNESS.due(older_than)


def _state(tournament_id: int) -> StandingsState:
    try:
        with transaction.atomic():
            return StandingsState.objects.get_or_create(tournament_id=tournament_id)[0]
    except IntegrityError:  # created by a concurrent transaction
        return StandingsState.objects.get(tournament_id=tournament_id)


NUDGE_AFTER = timedelta(seconds=2)


def standings_mark_stale(tournament_id: int) -> None:
    """Record, in the caller's transaction, that the standings must be recomputed, and enqueue a refresh
    for after the commit only when one is needed: when this change makes them stale, or when they have
    been stale a while with no worker holding them (their task was lost). Other changes find a worker on
    it, which sees them through the version: a burst of 100 confirmed hands costs a few recomputations,
    not 100. A broker outage only delays the refresh: see the sweep."""
    now = timezone.now()
    bumped = _bump(tournament_id, now)
    if bumped is None:  # the first change of this tournament
        _state(tournament_id)
        bumped = _bump(tournament_id, now)
    became_stale, unattended = bumped
    if became_stale or unattended:
        publish(STANDINGS_STALE, tournament_id=tournament_id)
    # else: a worker is on it, or the task that made them stale is on its way


def _bump(tournament_id: int, now: datetime) -> tuple[bool, bool] | None:
    """One UPDATE (an entry's hot path): the version bumped, the standings stale since ``now`` unless they
    were already; whether this made them stale, and whether they have been stale a while with no worker
    holding them. None when the tournament has no state row yet."""
    ops = connection.ops
    table, version, stale, claimed = map(
        ops.quote_name, (StandingsState._meta.db_table, "version", "stale_since", "claimed_until")
    )
    at, nudge = (ops.adapt_datetimefield_value(value) for value in (now, now - NUDGE_AFTER))
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {version} = {version} + 1, {stale} = COALESCE({stale}, %s) "
            f"WHERE {ops.quote_name('tournament_id')} = %s "
            # "not claimed, or the claim ran out" as COALESCE: SQLite 3.40's RETURNING reads
            # "claimed_until IS NULL" as false on a NULL (the nudge never came on the embedded default)
            f"RETURNING {stale} = %s, {stale} < %s AND COALESCE({claimed} < %s, TRUE)",
            [at, tournament_id, at, nudge, at],
        )
        row = cursor.fetchone()
    return None if row is None else (bool(row[0]), bool(row[1]))


def standings_snapshot(tournament: Tournament) -> list[tuple[Any, ...]]:
    """A comparable dump of all standings rows (used to check incremental == from scratch)."""
    return list(
        Standing.objects.filter(tournament=tournament)
        .order_by("after_round", "rank", "player_id")
        .values_list(
            "after_round",
            "player_id",
            "rank",
            "total",
            "table_points",
            "game_points",
            "penalties",
            "hands_played",
            "rounds",
            "tiebreak_values",
        )
    )
