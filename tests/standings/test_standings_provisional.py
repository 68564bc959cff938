"""Standings count only what was played (issue 21 §2): a table without a counted hand adds nothing to
anyone; a round in play counts the hands so far, marked provisional; closing the round makes it final.
Checked on the 4- and 5-seat tables of the site's tournament and a 5-table with a bye, built through the
services as an organizer would."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.site_data import finish_round, play_table, site_tournament, start_round
from tournaments import selectors, services
from tournaments.core.formats import rank_table
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player
from tournaments.standings.compute import RoundLine, ScoringFormat, compute_standings, table_places
from tournaments.standings.models import Standing, TableResult
from tournaments.standings.services import standings_recompute

SCALE_4, SCALE_5 = [10, 8, 6, 4], [10, 8, 6, 4, 4]
HUNGARIAN = SimpleNamespace(
    game="hungarian", rules_preset="tournament", rules_options={}
)  # a tournament, as read


# --- pure: the rule itself -------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "scale"), [("ABCD", SCALE_4), ("ABCDE", SCALE_5)])
def test_a_table_without_a_counted_hand_gives_nobody_anything(seats: str, scale: list[int]) -> None:
    positions = {p: i for i, p in enumerate(seats, start=1)}
    assert table_places(positions, [], scale, HUNGARIAN) == {}  # not 7 (4-table) or 6.4 (5-table) each
    assert table_places(positions, iter(()), scale, HUNGARIAN) == {}


def test_one_hand_ranks_a_five_table_by_the_hands_so_far_with_the_dealer_sitting_out() -> None:
    positions = {p: i for i, p in enumerate("ABCDE", start=1)}
    lines = table_places(positions, [("A", {"A": 0, "B": 6, "C": -2, "D": -2, "E": -2})], SCALE_5, HUNGARIAN)
    assert lines[1].hands_played == 0  # the dealer sat the hand out, but the table has a result
    assert {pid: (line.place, line.table_cents) for pid, line in lines.items()} == {
        2: (1, 1000),
        1: (2, 800),
        3: (4, 467),  # three tied for places 3-5 share 6 + 4 + 4
        4: (4, 467),
        5: (4, 467),
    }


def test_a_line_that_counts_nothing_lists_the_player_and_adds_nothing() -> None:
    fmt = ScoringFormat("game_points", ("total", "best_round", "opponents_total", "table_wins"))
    lines = {
        # round 1 lost at a table with 2; round 2 at a table where nothing counts yet
        1: [RoundLine(1, -5, 0, 4, 3, opponents=(2,)), RoundLine(2, counted=False)],
        2: [RoundLine(1, 5, 1000, 4, 1, won_table=True, opponents=(1,)), RoundLine(2, counted=False)],
        3: [RoundLine(2, counted=False)],  # a late entry whose first table has not played yet
    }
    rows = {row.player_id: row for row in compute_standings(fmt, lines, {})}
    assert set(rows) == {1, 2, 3}
    assert [r["round"] for r in rows[1].rounds] == [1]  # no entry for round 2
    assert rows[1].total_cents == -500
    assert rows[1].tiebreaks["best_round"] == -500  # not the 0 of a round not played
    assert rows[1].tiebreaks["opponents_total"] == 500  # only the opponent of round 1
    assert rows[3].rounds == []
    assert rows[3].total_cents == 0
    assert rows[3].tiebreaks["best_round"] == 0
    assert rows[3].tiebreaks["opponents_total"] == 0
    assert [(r.player_id, r.rank) for r in compute_standings(fmt, lines, {})] == [(2, 1), (3, 2), (1, 3)]


# --- through the services: a round in play on a 4-table and a 5-table ------------------------------------


@pytest.fixture
def organizer(db: Any) -> Any:
    return get_user_model().objects.create_user("organizer")


@pytest.fixture
def cup(organizer: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    """Round 1 closed, round 2 in play with nothing entered (a 5-table and a 4-table)."""
    with django_capture_on_commit_callbacks(execute=True):
        return site_tournament(organizer)


def snapshot(tournament: Tournament, after: int) -> dict[int, tuple[Any, ...]]:
    return {
        s.player_id: (s.rank, s.total, s.table_points, s.game_points, s.hands_played, s.tiebreak_values)
        for s in Standing.objects.filter(tournament=tournament, after_round=after)
    }


def round_entries(tournament: Tournament, number: int) -> dict[int, dict[str, Any]]:
    """Each player's entry for round ``number`` in the latest standings, as the readers see it."""
    table = selectors.standings_table(tournament)
    return {row.player_id: entry for row in table.rows for entry in row.rounds if entry["round"] == number}


@pytest.mark.django_db
def test_a_round_that_starts_changes_no_total_and_no_rank(cup: Tournament) -> None:
    standings_recompute(cup)
    round2 = cup.rounds.get(number=2)
    assert sorted(t.seats.count() for t in round2.tables.all()) == [4, 5]
    assert not TableResult.objects.filter(round=round2).exists()
    # during round 2 with nothing entered: everything exactly as after round 1, tie-breaks included
    assert snapshot(cup, 2) == snapshot(cup, 1)
    assert len(snapshot(cup, 2)) == 9  # every seated player is listed
    assert round_entries(cup, 2) == {}
    table = selectors.standings_table(cup)
    assert (table.after_round, table.live, table.provisional) == (2, True, True)
    assert table.provisional_rounds == [2]
    assert all(entry["provisional"] is False for row in table.rows for entry in row.rounds)  # round 1


@pytest.mark.django_db
def test_hands_so_far_count_provisionally_and_turn_final_when_the_round_closes(
    cup: Tournament, organizer: Any, django_capture_on_commit_callbacks: Any
) -> None:
    round2 = cup.rounds.get(number=2)
    five, four = sorted(round2.tables.all(), key=lambda t: -t.seats.count())
    with django_capture_on_commit_callbacks(execute=True):
        play_table(four, organizer, hands=2)
    entries = round_entries(cup, 2)
    four_players = set(four.seats.values_list("player_id", flat=True))
    assert set(entries) == four_players  # the 5-table has nothing counted: nothing for its players
    expected = rank_table(selectors.running_totals(four), SCALE_4)
    for seat in four.seats.all():
        entry = entries[seat.player_id]
        assert entry["provisional"] is True
        assert entry["hands_played"] == 2
        assert entry["table_points"] == pytest.approx(float(expected[seat.position].table_points), abs=0.005)
        assert entry["game_points"] == expected[seat.position].game_points
    assert sum(e["table_points"] for e in entries.values()) == sum(SCALE_4)  # a 4-table hands out 28
    for player_id, values in snapshot(cup, 2).items():
        if player_id not in four_players:  # the 5-table's players: exactly as after round 1
            assert values[1:5] == snapshot(cup, 1)[player_id][1:5]  # total, table and game points, hands

    with django_capture_on_commit_callbacks(execute=True):
        play_table(five, organizer, hands=1)
    entries = round_entries(cup, 2)
    assert set(entries) == four_players | set(five.seats.values_list("player_id", flat=True))
    dealer = five.seats.get(position=five.first_dealer).player_id
    assert entries[dealer]["hands_played"] == 0  # sat the only hand out, and still placed
    assert sum(entries[s.player_id]["table_points"] for s in five.seats.all()) == pytest.approx(32, abs=0.02)
    live = {pid: e["table_points"] for pid, e in entries.items()}

    with django_capture_on_commit_callbacks(execute=True):
        finish_round(round2, organizer)
    standings_recompute(cup)  # what the worker does after the close
    closed = selectors.standings_table(cup)
    assert (closed.live, closed.provisional, closed.provisional_rounds) == (False, False, [])
    entries = round_entries(cup, 2)
    assert len(entries) == 9
    assert all(entry["provisional"] is False for entry in entries.values())
    assert set(live) == set(entries)


@pytest.mark.django_db
def test_closing_makes_the_points_final_without_waiting_for_a_recompute(
    cup: Tournament, organizer: Any, django_capture_on_commit_callbacks: Any
) -> None:
    round2 = cup.rounds.get(number=2)
    with django_capture_on_commit_callbacks(execute=True):
        for table in round2.tables.all():
            play_table(table, organizer)
    before = round_entries(cup, 2)
    assert all(entry["provisional"] for entry in before.values())
    services.round_close(round2, by=organizer)  # its recompute has not run (no on-commit callbacks here)
    after = round_entries(cup, 2)
    assert {pid: {**e, "provisional": True} for pid, e in after.items()} == before
    assert not any(entry["provisional"] for entry in after.values())


@pytest.mark.django_db
def test_a_bye_counts_its_fixed_points_at_once_provisionally_beside_an_empty_five_table(
    organizer: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tournament = Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Kis Kupa",
        slug="kis",
        starts_on="2026-11-21",
        deals_per_round_4=4,
        deals_per_round_5=5,
    )
    for index in range(6):  # six players: one 5-table and a bye
        player = Player.objects.create(name=f"Játékos {index}")
        services.player_register(tournament, player, check_in=True, by=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        round1 = start_round(tournament, organizer, "bye")
    bye = round1.byes.get().player_id
    assert round1.tables.get().seats.count() == 5
    table = selectors.standings_table(tournament)
    by_player = {row.player_id: row for row in table.rows}
    assert len(by_player) == 6
    assert by_player[bye].total == tournament.bye_table_points
    assert by_player[bye].rounds == [
        {
            "round": 1,
            "score": float(tournament.bye_table_points),
            "game_points": 0,
            "table_points": float(tournament.bye_table_points),
            "bye": True,
            "hands_played": 0,
            "provisional": True,
        }
    ]
    seated = [row for pid, row in by_player.items() if pid != bye]
    assert all(row.total == 0 and row.table_points == 0 and row.rounds == [] for row in seated)
    assert all(row.rank == 2 for row in seated)
    assert by_player[bye].rank == 1
    assert TableResult.objects.filter(round=round1).count() == 0
    assert round1.status == Round.Status.IN_PLAY
