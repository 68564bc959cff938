"""The random draw: valid, reproducible, and club-mates spread as far as the field allows."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.pairing import random_draw, split_tables, validate_round

seeds = st.one_of(st.integers(), st.text(max_size=10))


@settings(max_examples=80, deadline=None)
@given(n=st.integers(min_value=1, max_value=120), seed=seeds)
def test_it_seats_every_checked_in_player_exactly_once(n: int, seed: int | str) -> None:
    players = [f"p{i}" for i in range(n)] if n % 2 else list(range(1000, 1000 + n))
    draw = random_draw(players, seed)
    assert validate_round(draw.groups(), players, byes=list(draw.byes)) == []
    assert sorted(len(t.players) for t in draw.tables) == sorted(split_tables(n).sizes)
    assert all(0 <= t.first_dealer < len(t.players) for t in draw.tables)
    assert draw.seed == seed


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=4, max_value=80), seed=seeds)
def test_it_is_reproducible_from_the_seed_whatever_the_order_of_the_players(n: int, seed: int | str) -> None:
    players = list(range(n))
    assert random_draw(players, seed) == random_draw(list(reversed(players)), seed)
    assert random_draw(players, seed).tables == random_draw(players, str(seed)).tables


def test_it_gives_different_seeds_different_draws() -> None:
    players = list(range(40))
    draws = {tuple(map(tuple, random_draw(players, seed).groups())) for seed in range(20)}
    assert len(draws) == 20


def fewest_club_pairs(clubs: dict[int, int], tables: int) -> int:
    total = 0
    for members in Counter(clubs.values()).values():
        q, r = divmod(members, tables)
        total += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    return total


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(min_value=4, max_value=70).filter(lambda n: n not in (6, 7, 11)),
    club_count=st.integers(min_value=1, max_value=12),
    seed=seeds,
    data=st.data(),
)
def test_it_puts_club_mates_together_only_as_often_as_unavoidable(
    n: int, club_count: int, seed: int | str, data: st.DataObject
) -> None:
    clubs = {p: data.draw(st.integers(min_value=0, max_value=club_count - 1)) for p in range(n)}
    without_club = data.draw(st.sets(st.integers(min_value=0, max_value=n - 1), max_size=n // 2))
    given_clubs = {p: (None if p in without_club else c) for p, c in clubs.items()}
    draw = random_draw(range(n), seed, clubs=given_clubs)
    assert validate_round(draw.groups(), range(n), byes=list(draw.byes)) == []
    pairs = sum(
        c * (c - 1) // 2
        for table in draw.tables
        for c in Counter(given_clubs[p] for p in table.players if given_clubs[p] is not None).values()
    )
    with_club = {p: c for p, c in given_clubs.items() if c is not None}
    assert pairs == fewest_club_pairs(with_club, len(draw.tables))


def test_it_keeps_club_mates_apart_when_every_club_is_smaller_than_the_number_of_tables() -> None:
    clubs = {p: p % 7 for p in range(30)}  # clubs of 4 or 5, 7 tables
    for seed in range(30):
        for table in random_draw(range(30), seed, clubs=clubs).tables:
            assert len({clubs[p] for p in table.players}) == len(table.players)
