"""Table split, seating, validation of hand-edited rounds, and the shared helpers."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.pairing import (
    RoundDraw,
    Table,
    meeting_counts,
    repeated_pairs,
    seat_table,
    split_tables,
    validate_round,
)
from tournaments.draw.pairing.tables import make_rng, player_order


def test_it_splits_every_field_with_the_fewest_byes_then_the_most_tables_of_four() -> None:
    for n in range(0, 301):
        split = split_tables(n)
        assert split.seated + split.byes == n
        assert sorted(split.sizes, reverse=True) == list(split.sizes)  # 5-tables first
        possible = [
            (b, f) for b in range(n) for f in range(n + 1) if 5 * f <= n - b and (n - b - 5 * f) % 4 == 0
        ] or [(n, 0)]
        fewest_byes = min(b for b, _ in possible)
        assert split.byes == fewest_byes, n
        assert split.fives == min(f for b, f in possible if b == fewest_byes), n


def test_it_needs_byes_only_for_the_six_fields_that_cannot_be_split() -> None:
    assert [n for n in range(1, 200) if split_tables(n).byes] == [1, 2, 3, 6, 7, 11]
    assert (split_tables(6).fives, split_tables(6).byes) == (1, 1)
    assert (split_tables(7).fives, split_tables(7).byes) == (1, 2)
    assert (split_tables(11).fives, split_tables(11).byes) == (2, 1)
    assert (split_tables(13).fours, split_tables(13).fives) == (2, 1)
    with pytest.raises(ValueError):
        split_tables(-1)


def test_it_seats_at_random_when_there_is_no_history() -> None:
    seen = {seat_table([1, 2, 3, 4], make_rng(seed)).players for seed in range(50)}
    assert len(seen) > 10
    table = seat_table([1, 2, 3, 4, 5], make_rng("x"))
    assert sorted(table.players) == [1, 2, 3, 4, 5]
    assert 0 <= table.first_dealer < 5


def test_it_gives_each_player_the_positions_and_first_deal_they_have_had_least() -> None:
    seat_counts = {
        1: {"A": 2, "B": 2, "C": 2},
        2: {"A": 2, "B": 2, "D": 2},
        3: {"A": 2, "C": 2, "D": 2},
        4: {"B": 2, "C": 2, "D": 2},
    }
    dealer_counts = {1: 1, 2: 1, 3: 0, 4: 1}
    for seed in range(10):
        table = seat_table([1, 2, 3, 4], make_rng(seed), seat_counts, dealer_counts)
        assert table.players == (4, 3, 2, 1)  # the only seating where nobody repeats a position
        assert table.players[table.first_dealer] == 3


def test_it_reads_the_seed_as_text_and_ignores_the_order_players_are_listed_in() -> None:
    assert make_rng(7).random() == make_rng("7").random()
    assert make_rng(7, "a").random() != make_rng(7, "b").random()
    assert player_order(["b", 3, "a", 1]) == [1, 3, "a", "b"]


def test_it_shapes_results_for_json() -> None:
    draw = RoundDraw(tables=(Table(players=(4, 2, 9, 1), first_dealer=2),), byes=(7,), seed="s")
    assert draw.to_json() == {
        "seed": "s",
        "tables": [{"players": [4, 2, 9, 1], "first_dealer": "C"}],
        "byes": [7],
    }
    assert draw.groups() == [[4, 2, 9, 1]]
    assert draw.tables[0].positions == {"A": 4, "B": 2, "C": 9, "D": 1}


def test_it_accepts_a_valid_round_with_and_without_byes() -> None:
    assert validate_round([[1, 2, 3, 4], [5, 6, 7, 8, 9]], range(1, 10)) == []
    assert validate_round([[1, 2, 3, 4, 5]], [1, 2, 3, 4, 5, 6], byes=[6]) == []
    assert validate_round([["a", "b", "c", "d"]], ["d", "c", "b", "a"]) == []


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def test_it_reports_a_player_at_two_tables() -> None:
    problems = validate_round([[1, 2, 3, 4], [4, 5, 6, 7, 8]], range(1, 10))
    assert "seated_twice" in codes(problems)
    twice = next(p for p in problems if p.code == "seated_twice")
    assert (twice.player, twice.table) == (4, 2)
    assert str(twice) == "player 4 is seated at tables 1 and 2"


def test_it_reports_wrong_table_sizes_missing_and_unknown_players() -> None:
    problems = validate_round([[1, 2, 3], [4, 5, 6, 7, 99, 8]], range(1, 10))
    messages = [str(p) for p in problems]
    assert "table 1 has 3 players; a table seats 4 or 5" in messages
    assert "table 2 has 6 players; a table seats 4 or 5" in messages
    assert "player 99 at table 2 is not checked in" in messages
    assert "player 9 is checked in but neither seated nor sitting out" in messages


def test_it_reports_byes_that_are_not_allowed_or_not_enough() -> None:
    assert codes(validate_round([[1, 2, 3, 4]], range(1, 6), byes=[5])) == ["bye_count"]
    problems = validate_round([[1, 2, 3, 4]], range(1, 7), byes=[5, 6])  # 6 players: one 5-table + 1 bye
    assert codes(problems) == ["bye_count"]
    assert str(problems[0]) == "2 players sit out, but with 6 checked in exactly 1 must sit out"
    both = validate_round([[1, 2, 3, 4, 5]], range(1, 7), byes=[5, 6, 6])
    assert set(codes(both)) == {"seated_and_bye", "bye_twice", "bye_count"}


def test_it_reports_a_player_twice_at_the_same_table() -> None:
    problems = validate_round([[1, 1, 2, 3]], [1, 2, 3, 4])
    assert [str(p) for p in problems] == [
        "player 1 is seated twice at table 1 (the same table)",
        "player 4 is checked in but neither seated nor sitting out",
    ]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=4, max_value=60), seed=st.integers(), data=st.data())
def test_it_finds_every_kind_of_damage_to_a_valid_round(n: int, seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    rng.shuffle(players)
    split = split_tables(n)
    tables, start = [], split.byes
    for size in split.sizes:
        tables.append(players[start : start + size])
        start += size
    byes = players[: split.byes]
    assert validate_round(tables, range(1, n + 1), byes=byes) == []
    damage = data.draw(st.sampled_from(["drop", "duplicate", "stranger"]))
    t = data.draw(st.integers(min_value=0, max_value=len(tables) - 1))
    if damage == "drop":
        victim = tables[t].pop()
        assert "missing" in codes(validate_round(tables, range(1, n + 1), byes=byes))
        assert any(p.player == victim for p in validate_round(tables, range(1, n + 1), byes=byes))
    elif damage == "duplicate":
        tables[t].append(tables[(t + 1) % len(tables)][0])
        assert codes(validate_round(tables, range(1, n + 1), byes=byes))
    else:
        tables[t][0] = 1000
        assert "not_checked_in" in codes(validate_round(tables, range(1, n + 1), byes=byes))


def test_it_counts_meetings_and_repeats() -> None:
    rounds = [[[1, 2, 3, 4]], [[1, 2, 5, 6]], [[2, 1, 7, 8]]]
    counts = meeting_counts(rounds)
    assert counts[1, 2] == 3
    assert counts[5, 6] == 1
    assert repeated_pairs(rounds) == 2
    assert Counter(counts.values()) == Counter({1: 15, 3: 1})
