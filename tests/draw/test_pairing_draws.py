"""The random and swiss draws (pure functions, no database): properties over many fields and seeds."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.pairing.random_draw import random_draw
from tournaments.draw.pairing.swiss import swiss_draw
from tournaments.draw.pairing.tables import meeting_counts, repeated_pairs, split_tables, validate_round

fields = st.integers(min_value=4, max_value=90).filter(lambda n: n not in (6, 7, 11))
seeds = st.one_of(st.integers(), st.text(max_size=8))


def assert_valid(draw, players) -> None:
    tables = [list(t.players) for t in draw.tables]
    assert validate_round(tables, players, byes=list(draw.byes)) == []
    assert all(0 <= t.first_dealer < len(t.players) for t in draw.tables)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=1, max_value=90), seed=seeds)
def test_it_seats_every_player_exactly_once_in_a_random_draw(n: int, seed) -> None:
    players = list(range(100, 100 + n))
    draw = random_draw(players, seed)
    assert_valid(draw, players)
    assert len(draw.byes) == split_tables(n).byes
    assert draw == random_draw(list(reversed(players)), seed)  # reproducible from the seed alone


@settings(max_examples=40, deadline=None)
@given(n=fields, seed=seeds, rounds=st.integers(min_value=1, max_value=5))
def test_it_seats_every_player_exactly_once_in_swiss_rounds(n: int, seed, rounds: int) -> None:
    rng = random.Random(str(seed))
    players = list(range(1, n + 1))
    scores = dict.fromkeys(players, 0.0)
    history: list[list[list[int]]] = []
    for r in range(rounds):
        draw = swiss_draw(players, f"{seed}-{r}", scores=scores, history=history)
        assert_valid(draw, players)
        assert draw == swiss_draw(players, f"{seed}-{r}", scores=scores, history=history)
        history.append(draw.groups())
        for p in players:
            scores[p] += rng.choice([4, 6, 8, 10])


def test_it_gives_different_seeds_different_draws() -> None:
    players = list(range(40))
    assert random_draw(players, 1).groups() != random_draw(players, 2).groups()


def test_it_keeps_club_mates_apart_when_the_field_allows() -> None:
    players = list(range(32))
    clubs = {p: p % 8 for p in players}  # 8 clubs of 4, 8 tables: nobody need meet a club-mate
    for seed in range(20):
        draw = random_draw(players, seed, clubs=clubs)
        for table in draw.tables:
            assert len({clubs[p] for p in table.players}) == len(table.players)


def test_it_puts_players_of_similar_standing_together() -> None:
    players = list(range(1, 41))
    scores = {p: float(100 - p) for p in players}  # player 1 leads, 40 is last
    draw = swiss_draw(players, "x", scores=scores)
    tops = [sorted(t.players) for t in draw.tables]
    assert [1, 2, 3, 4] in tops
    assert [37, 38, 39, 40] in tops


def test_it_avoids_repeats_and_prefers_old_repeats_to_recent_ones() -> None:
    players = list(range(1, 17))
    scores = dict.fromkeys(players, 0.0)
    history = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]
    draw = swiss_draw(players, "s", scores=scores, history=history)
    assert repeated_pairs([*history, draw.groups()]) == 0


def test_it_keeps_repeats_rare_over_eight_rounds_of_a_large_field() -> None:
    rng = random.Random(3)
    players = list(range(1, 201))
    scores = dict.fromkeys(players, 0.0)
    history: list[list[list[int]]] = []
    for r in range(8):
        draw = swiss_draw(players, r, scores=scores, history=history)
        history.append(draw.groups())
        for table in draw.groups():
            for p, points in zip(table, rng.sample([10, 8, 6, 4, 4][: len(table)], len(table)), strict=True):
                scores[p] += points
    assert repeated_pairs(history) <= 5
    assert max(meeting_counts(history).values()) <= 2


def test_it_balances_seats_and_first_dealers_over_rounds() -> None:
    seat_counts = {1: {"A": 3}, 2: {"A": 2, "B": 1}, 3: {"B": 3}}  # 4 has no history yet
    dealer_counts = {1: 3, 2: 3, 3: 3}
    for seed in range(10):
        table = swiss_draw([1, 2, 3, 4], seed, seat_counts=seat_counts, dealer_counts=dealer_counts).tables[0]
        assert table.players[table.first_dealer] == 4  # the only one who never dealt first
        assert table.players[0] in (3, 4)  # A goes to someone who never sat there
        assert table.players[1] in (1, 4)  # B to someone who never sat there
