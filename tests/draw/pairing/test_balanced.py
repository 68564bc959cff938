"""Balanced schedules: repeat-free where a schedule is known, few and spread-out repeats otherwise.

The larger fields (32, 40, 48, 64 players) are measured by ``benchmarks/pairing_bench.py``, not here.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.pairing import (
    POSITIONS,
    balanced_schedule,
    max_rounds_without_repeats,
    meeting_counts,
    split_tables,
    validate_round,
)
from tournaments.draw.pairing.balanced import _spread
from tournaments.draw.pairing.designs import (
    affine_rounds,
    binary_affine_rounds,
    cyclic_rounds,
    is_repeat_free,
)

TEST_TIME_LIMIT = 20.0  # seconds; each of these takes well under one on a laptop


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (20, 5), (24, 7), (28, 9)])
def test_it_reaches_zero_repeats_where_a_schedule_is_known(players: int, rounds: int) -> None:
    schedule = balanced_schedule(players, rounds, "known", time_limit=TEST_TIME_LIMIT)
    assert schedule.repeats == 0
    assert not schedule.timed_out
    assert len(schedule.rounds) == rounds
    for draw in schedule.rounds:
        assert validate_round(draw.groups(), range(1, players + 1)) == []


def test_it_knows_the_counting_bound() -> None:
    assert [max_rounds_without_repeats(n) for n in (16, 20, 24, 28, 32, 40, 48, 64)] == [
        5,
        6,
        7,
        9,
        10,
        13,
        15,
        21,
    ]


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(min_value=1, max_value=45),
    rounds=st.integers(min_value=0, max_value=6),
    seed=st.one_of(st.integers(), st.text(max_size=8)),
)
def test_it_seats_everyone_once_per_round_reproducibly(n: int, rounds: int, seed: int | str) -> None:
    schedule = balanced_schedule(n, rounds, seed, effort=40_000)
    assert schedule == balanced_schedule(n, rounds, seed, effort=40_000)
    assert len(schedule.rounds) == rounds
    for draw in schedule.rounds:
        assert validate_round(draw.groups(), range(1, n + 1), byes=list(draw.byes)) == []
        assert sorted(len(t.players) for t in draw.tables) == sorted(split_tables(n).sizes)
    assert schedule.repeats >= schedule.lower_bound


def test_it_gives_different_seeds_different_schedules() -> None:
    groups = {str([d.groups() for d in balanced_schedule(28, 9, seed).rounds]) for seed in range(5)}
    assert len(groups) == 5
    with_fives = {str([d.groups() for d in balanced_schedule(22, 4, seed).rounds]) for seed in range(5)}
    assert len(with_fives) == 5


def test_it_uses_the_given_player_ids() -> None:
    players = [f"player-{i}" for i in range(16)]
    schedule = balanced_schedule(players, 5, 3)
    assert schedule.repeats == 0
    assert sorted(p for t in schedule.rounds[0].tables for p in t.players) == sorted(players)


@pytest.mark.parametrize(("players", "rounds"), [(16, 6), (28, 10), (16, 7)])
def test_it_keeps_repeats_at_the_counting_minimum_beyond_the_bound(players: int, rounds: int) -> None:
    schedule = balanced_schedule(players, rounds, "beyond", time_limit=TEST_TIME_LIMIT)
    assert schedule.lower_bound > 0
    assert schedule.repeats == schedule.lower_bound
    counts = meeting_counts(d.groups() for d in schedule.rounds)
    assert max(counts.values()) == 2  # nobody meets three times while others have met only once


def test_it_minimises_repeats_in_fields_with_tables_of_five() -> None:
    for players, rounds in [(21, 4), (22, 4), (25, 4), (30, 5)]:
        schedule = balanced_schedule(players, rounds, "fives")
        assert schedule.repeats == 0, (players, rounds)


def test_it_rotates_the_byes_fairly() -> None:
    for players, rounds, each in [(6, 6, 1), (7, 7, 2), (11, 11, 1)]:
        schedule = balanced_schedule(players, rounds, "byes")
        assert Counter(p for d in schedule.rounds for p in d.byes) == Counter(
            dict.fromkeys(range(1, players + 1), each)
        )


def test_it_balances_positions_and_first_deals_over_the_schedule() -> None:
    schedule = balanced_schedule(16, 5, "seats")
    seats: dict[int, Counter[str]] = {p: Counter() for p in range(1, 17)}
    first: Counter[int] = Counter()
    for draw in schedule.rounds:
        for table in draw.tables:
            first[table.players[table.first_dealer]] += 1
            for position, player in zip(POSITIONS, table.players, strict=False):
                seats[player][position] += 1
    assert all(max(c.values()) <= 2 for c in seats.values())  # 5 rounds over 4 positions
    assert max(first.values()) <= 2  # 20 first deals among 16 players


def test_it_puts_repeated_meetings_far_apart() -> None:
    a = [[0, 1, 2, 3], [4, 5, 6, 7]]
    b = [[0, 1, 4, 5], [2, 3, 6, 7]]
    c = [[0, 2, 4, 6], [1, 3, 5, 7]]
    reordered = _spread([a, [list(t) for t in a], b, c])
    assert reordered.index(a) in (0, 3)
    assert reordered[3 - reordered.index(a)] == a


def test_it_builds_verified_designs() -> None:
    assert len(affine_rounds(2)) == 5
    assert is_repeat_free(16, affine_rounds(2), [4] * 4)
    assert len(affine_rounds(3)) == 21
    assert is_repeat_free(64, affine_rounds(3), [4] * 16)
    assert len(binary_affine_rounds(5)) == 9
    assert is_repeat_free(32, binary_affine_rounds(5), [4] * 8)
    for n, w, m in [(28, 9, 3), (40, 13, 3), (20, 5, 4), (24, 7, 3)]:
        rounds = cyclic_rounds(n, w, m, [4] * (n // 4), "test", work_limit=100_000, tries=12)
        assert rounds is not None
        assert len(rounds) == w
        assert is_repeat_free(n, rounds, [4] * (n // 4))


def test_it_rejects_a_schedule_with_a_repeat_or_a_missing_player() -> None:
    assert not is_repeat_free(8, [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 4, 5], [2, 3, 6, 7]]], [4, 4])
    assert not is_repeat_free(8, [[[0, 1, 2, 3], [4, 5, 6, 6]]], [4, 4])
    assert is_repeat_free(8, [[[0, 1, 2, 3], [4, 5, 6, 7]]], [4, 4])


def test_it_shapes_the_schedule_for_json() -> None:
    plain = balanced_schedule(8, 2, 1).to_json()
    assert set(plain) == {"rounds"}
    assert len(plain["rounds"]) == 2
    with_byes = balanced_schedule(7, 2, 1).to_json()
    assert set(with_byes) == {"rounds", "byes"}
    assert [len(b) for b in with_byes["byes"]] == [2, 2]
