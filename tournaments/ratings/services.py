"""The rating's writes: a finished tournament rated once (``ratings_update``), a game's ratings rebuilt from
scratch (``ratings_rebuild``), and what the sweep still has to rate (``ratings_due``, ``ratings_stale_due``).

A game's ratings are rebuilt when finished results move under them: a player merge or its undo, a finished
tournament re-opened. Those changes mark the game stale in their own transaction (``ratings_mark_stale``,
the freshness rules of ``core.freshness``, as a series' standings); a worker rebuilds it
(``ratings_refresh``) after making the stale standings it reads current, and the sweep rebuilds a game whose
task was lost.

Derived data only (``ratings.models``): everything here is recomputed from the finished tournaments' table
results (``standings.models.TableResult``: game points, hands played, place), never edited by hand.

Once and in order, per game: every write of a game's ratings holds the game's lock (a PostgreSQL advisory
lock on the game's id; SQLite serialises writers anyway), then checks the tournament's ``RatingRun`` (one
per tournament, unique), so a second call, a retry or a concurrent task finds the run and changes nothing.
A run's ``sequence`` is the next of its game. The reads and writes are in bulk (one query per kind of row),
so a 200-player tournament is rated well under a second (``docs/ratings.md`` has the figures).
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from tournaments.core.events import RATINGS_STALE, publish
from tournaments.core.freshness import Freshness
from tournaments.organizing.models import Tournament
from tournaments.ratings.compute import PlayerId, Rating, Seat, new_rating, rate_tournament
from tournaments.ratings.models import PlayerRating, RatingChange, RatingRun, RatingState
from tournaments.standings.models import StandingsState, TableResult
from tournaments.standings.services import standings_ensure_current

Tables = list[list[Seat]]
BATCH = 1000


def _lock_game(game: str) -> None:
    """Serialise the rating writes of one game (held to the end of the transaction)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # a stable 32-bit key per game in its own key space (the first key names the ratings)
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [0x5241, zlib.crc32(game.encode()) >> 1])


def _rounds_of(tournament_ids: Iterable[int]) -> dict[int, list[Tables]]:
    """Each tournament's rounds in order, each a list of tables of seats (player, place, game points,
    hands played): one query."""
    rows = (
        TableResult.objects.filter(round__tournament_id__in=list(tournament_ids))
        .order_by("round__tournament_id", "round__number", "table_id", "place", "player_id")
        .values_list(
            "round__tournament_id",
            "round__number",
            "table_id",
            "player_id",
            "place",
            "game_points",
            "hands_played",
        )
    )
    grouped: dict[int, dict[int, dict[int, list[Seat]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    for tournament_id, number, table_id, player_id, place, game_points, hands in rows:
        grouped[tournament_id][number][table_id].append(Seat(player_id, float(place), game_points, hands))
    return {
        tid: [list(tables.values()) for _number, tables in sorted(rounds.items())]
        for tid, rounds in grouped.items()
    }


def _rate(
    ratings: dict[PlayerId, Rating], rounds: Sequence[Tables]
) -> tuple[dict[PlayerId, Rating], dict[PlayerId, int]]:
    """The ratings after a tournament's ``rounds`` (only the players who sat at a table of two or more)
    and how many tables each played."""
    tables_played: dict[PlayerId, int] = defaultdict(int)
    for tables in rounds:
        for table in tables:
            if len(table) >= 2:
                for seat in table:
                    tables_played[seat.player] += 1
    current = rate_tournament(ratings, rounds)
    return {p: current[p] for p in tables_played}, dict(tables_played)


class _Apply:
    """One game's ratings in memory while tournaments are applied in order; written in bulk at the end."""

    def __init__(self, game: str, stored: Iterable[PlayerRating], sequence: int) -> None:
        self.game = game
        self.rows: dict[int, PlayerRating] = {r.player_id: r for r in stored}
        self.known = set(self.rows)
        self.sequence = sequence
        self.runs: list[tuple[RatingRun, list[RatingChange]]] = []

    def apply(self, tournament: Tournament, rounds: Sequence[Tables]) -> None:
        seated = {seat.player for tables in rounds for table in tables for seat in table}
        before = {p: Rating(self.rows[p].mu, self.rows[p].sigma) for p in seated if p in self.rows}
        after, tables = _rate(before, rounds)
        self.sequence += 1
        run = RatingRun(tournament=tournament, game=self.game, sequence=self.sequence, players=len(after))
        changes = []
        for player_id, rating in after.items():
            old = before.get(player_id) or new_rating()
            row = self.rows.get(player_id)
            if row is None:
                row = self.rows[player_id] = PlayerRating(player_id=player_id, game=self.game)
                row.tournaments = row.tables = 0
            row.mu, row.sigma, row.ordinal = rating.mu, rating.sigma, rating.ordinal
            row.tournaments += 1
            row.tables += tables[player_id]
            changes.append(
                RatingChange(
                    tournament=tournament,
                    player_id=player_id,
                    game=self.game,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    mu_after=rating.mu,
                    sigma_after=rating.sigma,
                    ordinal_after=rating.ordinal,
                    tables=tables[player_id],
                )
            )
        self.runs.append((run, changes))

    def write(self) -> list[RatingRun]:
        now = timezone.now()
        for row in self.rows.values():
            row.updated_at = now  # bulk writes skip auto_now
        fresh = [r for p, r in self.rows.items() if p not in self.known]
        old = [r for p, r in self.rows.items() if p in self.known]
        PlayerRating.objects.bulk_create(fresh, batch_size=BATCH)
        PlayerRating.objects.bulk_update(
            old, ["mu", "sigma", "ordinal", "tournaments", "tables", "updated_at"], batch_size=BATCH
        )
        runs = RatingRun.objects.bulk_create([run for run, _changes in self.runs], batch_size=BATCH)
        changes = []
        for run, (_run, run_changes) in zip(runs, self.runs, strict=True):
            for change in run_changes:
                change.run = run
                changes.append(change)
        RatingChange.objects.bulk_create(changes, batch_size=BATCH)
        return runs


def _next_sequence(game: str) -> int:
    return RatingRun.objects.filter(game=game).aggregate(m=Max("sequence"))["m"] or 0


def ratings_update(tournament: Tournament | int) -> RatingRun | None:
    """Rate a finished tournament once, from its players' current ratings in its game (a newcomer starts
    at ``new_rating()``); its run, or None while it is not finished. Idempotent: a second call, a retry
    or a concurrent task returns the stored run and changes nothing."""
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    existing = RatingRun.objects.filter(tournament_id=tournament_id).first()
    if existing is not None:
        return existing
    found = Tournament.objects.filter(pk=tournament_id).first()
    if found is None or found.status != Tournament.Status.FINISHED:
        return None
    standings_ensure_current(found)  # the table places count every result (normally already current)
    with transaction.atomic():
        _lock_game(found.game)
        found = Tournament.objects.select_for_update().get(pk=tournament_id)
        existing = RatingRun.objects.filter(tournament_id=tournament_id).first()
        if existing is not None:  # a concurrent call got there first
            return existing
        rounds = _rounds_of([tournament_id]).get(tournament_id, [])
        players = {seat.player for tables in rounds for table in tables for seat in table}
        stored = PlayerRating.objects.select_for_update().filter(game=found.game, player_id__in=players)
        state = _Apply(found.game, stored, _next_sequence(found.game))
        state.apply(found, rounds)
        (run,) = state.write()
    return run


def _finishing_order(game: str) -> list[Tournament]:
    return list(
        Tournament.objects.filter(game=game, status=Tournament.Status.FINISHED).order_by("finished_at", "pk")
    )


def ratings_rebuild(game: str) -> int:
    """Delete the game's ratings, runs and changes and re-apply every finished tournament of the game in
    the order they finished (after a player merge moved results, or a merge was undone); how many
    tournaments were rated. One transaction: readers see the old ratings until the new ones commit."""
    if not isinstance(game, str) or not game:
        raise ValueError("game must be a game's id")
    with transaction.atomic():
        _lock_game(game)
        tournaments = _finishing_order(game)
        RatingRun.objects.filter(game=game).delete()  # their changes go with them
        PlayerRating.objects.filter(game=game).delete()
        rounds = _rounds_of(t.pk for t in tournaments)
        state = _Apply(game, [], 0)
        for tournament in tournaments:
            state.apply(tournament, rounds.get(tournament.pk, []))
        state.write()
    return len(tournaments)


def ratings_rebuild_for(tournament_ids: Iterable[int]) -> list[str]:
    """Rebuild the games of these tournaments (a merge's tournaments); the games rebuilt."""
    games = sorted(set(Tournament.objects.filter(pk__in=list(tournament_ids)).values_list("game", flat=True)))
    for game in games:
        ratings_rebuild(game)
    return games


def ratings_due(limit: int = 50) -> list[int]:
    """Finished tournaments without a rating run, the earliest finished first (what the sweep rates)."""
    return list(
        Tournament.objects.filter(status=Tournament.Status.FINISHED, rating_run__isnull=True)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )


# --- freshness: a game's ratings rebuilt after what moves finished results --------------------------------

CLAIM_SECONDS = 120  # longer than a large game's rebuild
COALESCE_SECONDS = 0.25
MAX_PASSES = 5
FRESHNESS = Freshness(RatingState, "game", claim_seconds=CLAIM_SECONDS)
NUDGE_AFTER = timedelta(seconds=2)


def ratings_mark_stale(game: str) -> None:
    """Record, in the caller's transaction, that the game's ratings must be rebuilt (a merge or its undo
    moved finished results, a finished tournament was re-opened); publish ``RATINGS_STALE`` (a rebuild
    after the commit) when this makes them stale, or when they stayed stale a while with no worker on
    them (``Freshness.mark_stale``). The mark commits or rolls back with the change, so a lost task leaves
    it for the sweep."""
    if FRESHNESS.mark_stale(game, nudge_after=NUDGE_AFTER):
        publish(RATINGS_STALE, game=game)


def ratings_mark_stale_of(tournament_ids: Iterable[int]) -> list[str]:
    """The games of these tournaments (a merge's) marked stale; the games."""
    ids = list(tournament_ids)
    games = sorted(set(Tournament.objects.filter(pk__in=ids).values_list("game", flat=True)))
    for game in games:
        ratings_mark_stale(game)
    return games


def _standings_current(game: str) -> None:
    """The finished tournaments of ``game`` whose standings are stale recomputed first: a rebuild reads
    their table places, which a merge or its undo has just made stale (issue 32 §2)."""
    stale = StandingsState.objects.filter(
        tournament__game=game, tournament__finished_at__isnull=False
    ).filter(Q(stale_since__isnull=False) | Q(computed_at__isnull=True))
    for tournament in Tournament.objects.filter(pk__in=stale.values("tournament_id")):
        standings_ensure_current(tournament)


def ratings_recompute(game: str) -> bool:
    """From scratch: the game's standings made current, its ratings rebuilt; marked current if no change
    came in since the rebuild began (compare-and-set on the version). Whether they are current now."""
    state = FRESHNESS.state(game)  # the version this rebuild counts, read before anything it reads
    _standings_current(game)
    ratings_rebuild(game)
    return FRESHNESS.settle(state)


def ratings_refresh(game: str) -> bool:
    """The worker's job, coalesced like the standings' (``core.freshness``): claim the stale game, rebuild,
    and again while changes came in meanwhile. Returns whether it rebuilt."""
    return FRESHNESS.refresh(
        game,
        ratings_recompute,
        lambda owner: owner,
        passes=MAX_PASSES,
        pause=COALESCE_SECONDS,
        hand_over=lambda: publish(RATINGS_STALE, game=game),
    )


def ratings_stale_due(older_than: timedelta) -> list[str]:
    """Games whose ratings stayed stale for ``older_than`` and that no worker holds (the sweep's)."""
    return FRESHNESS.due(older_than)
