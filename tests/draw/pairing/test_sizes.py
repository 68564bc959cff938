"""Table sizes other than 4 and 5 (Cego and Slovenian tarok at 3, Cego at Ichenheim 3/4, Talon 6/5 ...),
and the proof that the default (4, 5) draws are exactly those published before sizes existed."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.draw.pairing import (
    POSITIONS,
    balanced_schedule,
    max_rounds_without_repeats,
    meeting_counts,
    random_draw,
    repeated_pairs,
    split_tables,
    swiss_draw,
    table_sizes,
    validate_round,
)

SIZE_SETS = [(3,), (3, 4), (4, 5), (5, 6), (6, 5)]
seeds = st.one_of(st.integers(), st.text(max_size=8))


# --- (4, 5) exactly as before --------------------------------------------------------------------------


@dataclass(frozen=True)
class FrozenSplit:
    """A frozen copy of ``split_tables`` as it was before table sizes became a parameter."""

    fours: int
    fives: int
    byes: int

    @property
    def sizes(self) -> tuple[int, ...]:
        return (5,) * self.fives + (4,) * self.fours


def frozen_split_tables(n: int) -> FrozenSplit:
    for byes in range(n + 1):
        seated = n - byes
        fives = seated % 4
        if 5 * fives <= seated and seated > 0:
            return FrozenSplit(fours=(seated - 5 * fives) // 4, fives=fives, byes=byes)
    return FrozenSplit(fours=0, fives=0, byes=n)


def test_the_default_split_is_the_frozen_one_for_every_field() -> None:
    for n in range(0, 3001):
        old = frozen_split_tables(n)
        for new in (split_tables(n), split_tables(n, (4, 5))):
            assert (new.fours, new.fives, new.byes, new.sizes) == (
                old.fours,
                old.fives,
                old.byes,
                old.sizes,
            ), n
            assert new.tables == old.fours + old.fives
            assert new.seated == n - old.byes


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def random_draws(**sizes: tuple[int, ...]) -> list:
    out = []
    for n in range(1, 131):
        for seed in range(4):
            clubs = {p: (p % 7 if p % 3 else None) for p in range(n)} if seed % 2 else None
            out.append(random_draw(range(n), f"r{seed}", clubs=clubs, **sizes).to_json())
    return out


def swiss_draws(**sizes: tuple[int, ...]) -> list:
    out = []
    for n in [*range(1, 60), 77, 101, 150]:
        rng = random.Random(n)
        players = list(range(1, n + 1))
        scores = dict.fromkeys(players, 0.0)
        seat_counts: dict[int, Counter[str]] = {p: Counter() for p in players}
        dealer_counts: Counter[int] = Counter()
        bye_counts: Counter[int] = Counter()
        history: list = []
        for r in range(4):
            draw = swiss_draw(
                players,
                f"s{n}-{r}",
                scores=scores,
                history=history,
                seat_counts=seat_counts,
                dealer_counts=dealer_counts,
                bye_counts=bye_counts,
                **sizes,
            )
            out.append(draw.to_json())
            history.append(draw.groups())
            bye_counts.update(draw.byes)
            for table in draw.tables:
                dealer_counts[table.players[table.first_dealer]] += 1
                points = rng.sample([10, 8, 6, 4, 4][: len(table.players)], len(table.players))
                for position, player, got in zip(POSITIONS, table.players, points, strict=False):
                    seat_counts[player][position] += 1
                    scores[player] += got
    return out


def balanced_schedules(**sizes: tuple[int, ...]) -> list:
    out = []
    for n in [*range(1, 46, 2), 16, 20, 24, 28]:
        for rounds in (1, 3, 6):
            s = balanced_schedule(n, rounds, f"b{n}", effort=20_000, **sizes)
            out.append([s.to_json(), s.repeats, s.lower_bound, s.source, [r.to_json() for r in s.rounds]])
    for n, rounds in [(16, 5), (22, 4), (30, 5), (21, 4)]:
        s = balanced_schedule(n, rounds, "full", **sizes)
        out.append([s.to_json(), s.repeats, s.source, [r.to_json() for r in s.rounds]])
    return out


# Digests of the same draws made by the code before table sizes existed (commit 36873a6): every seat,
# first dealer, bye, repeat count and source of 520 random draws, 248 swiss rounds and 77 schedules.
BEFORE_SIZES = {"random": "780ea3ba429a4ac8", "swiss": "329dfc69f994c4e3", "balanced": "9668d394e91b219b"}


@pytest.mark.parametrize(
    ("method", "draws"), [("random", random_draws), ("swiss", swiss_draws), ("balanced", balanced_schedules)]
)
def test_every_default_draw_is_the_one_published_before_sizes_existed(method: str, draws) -> None:
    assert digest(draws()) == BEFORE_SIZES[method]
    assert digest(draws(sizes=(4, 5))) == BEFORE_SIZES[method]


# --- the split -----------------------------------------------------------------------------------------


def test_it_splits_the_fields_of_the_new_games() -> None:
    cego = split_tables(61, (3, 4))
    assert (cego.count(3), cego.count(4), cego.byes) == (19, 1, 0)
    assert split_tables(62, (3, 4)).counts == ((3, 18), (4, 2))  # Ichenheim: one or two tables of 4
    talon = split_tables(50, (6, 5))
    assert (talon.count(6), talon.count(5), talon.byes) == (5, 4, 0)
    assert talon.sizes == (6,) * 5 + (5,) * 4
    assert talon.preferred_first == talon.sizes
    three = split_tables(50, (3,))
    assert (three.count(3), three.byes, three.seated) == (16, 2, 48)
    assert split_tables(50, (5, 6)).counts == ((5, 10), (6, 0))
    assert split_tables(2, (3,)).byes == 2
    assert split_tables(61, (3, 4)).preferred_first == (3,) * 19 + (4,)
    assert split_tables(13, (4, 5)).preferred_first == (4, 4, 5)
    assert split_tables(0, (3,)).tables == 0


@pytest.mark.parametrize("sizes", [*SIZE_SETS, (4,), (2, 3, 4, 5, 6), (6, 2), (4, 6), (5, 3, 4)])
def test_it_takes_the_fewest_byes_then_the_most_tables_of_each_size_in_order(sizes) -> None:
    largest = {1: 200, 2: 200, 3: 60}.get(len(sizes), 30)  # the brute force grows as n ** len(sizes)
    for n in range(0, largest + 1):
        split = split_tables(n, sizes)
        assert split.seated + split.byes == n
        assert all(s in sizes for s in split.sizes)
        assert sorted(split.sizes, reverse=True) == list(split.sizes)
        compositions = [
            (n - sum(c * s for c, s in zip(counts, sizes, strict=True)), counts)
            for counts in itertools.product(*(range(n // s + 1) for s in sizes))
            if 0 < sum(c * s for c, s in zip(counts, sizes, strict=True)) <= n
        ]
        if not compositions:
            assert (split.byes, split.tables) == (n, 0)
            continue
        best = min(compositions, key=lambda bc: (bc[0], [-c for c in bc[1]]))
        assert (split.byes, tuple(split.count(s) for s in sizes)) == best, (n, sizes)


def test_it_refuses_sizes_it_cannot_seat() -> None:
    assert table_sizes([3, 4]) == (3, 4)
    for bad in [(), (1,), (7,), (4, 4), ("4",), (True,), (4.0,)]:
        with pytest.raises(ValueError):
            split_tables(12, bad)
    with pytest.raises(ValueError):
        random_draw(range(12), 1, sizes=(3, 3))


def test_it_knows_the_counting_bound_for_other_sizes() -> None:
    assert [max_rounds_without_repeats(n, (3,)) for n in (9, 15, 21, 27)] == [4, 7, 10, 13]  # Kirkman
    assert max_rounds_without_repeats(61, (3, 4)) == 29  # the 4-table: 61 * 60 / 2 pairs / 63 a round
    assert max_rounds_without_repeats(50, (6, 5)) == 10  # 5 tables of 6 and 4 of 5: 1225 / 115
    assert max_rounds_without_repeats(30, (5, 6)) == 7  # 6 tables of 5: each meets 4 new a round
    assert max_rounds_without_repeats(2, (3,)) == 0
    assert max_rounds_without_repeats(28) == max_rounds_without_repeats(28, (4, 5)) == 9


# --- every draw, every size set, fields of 9 to 200 ----------------------------------------------------


def assert_round(draw, players, sizes) -> None:
    """Everyone seated once or sitting out, allowed sizes, the fewest byes, first dealers at the table."""
    assert validate_round(draw.groups(), players, byes=list(draw.byes), sizes=sizes) == []
    split = split_tables(len(players), sizes)
    assert sorted(len(t.players) for t in draw.tables) == sorted(split.sizes)
    assert len(draw.byes) == split.byes
    assert all(0 <= t.first_dealer < len(t.players) for t in draw.tables)
    assert all(t.to_json()["first_dealer"] in POSITIONS[: len(t.players)] for t in draw.tables)


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_random_and_swiss_draws_seat_fields_of_9_to_200(sizes) -> None:
    repeats = {}
    for n in range(9, 201):
        players = list(range(1, n + 1))
        assert_round(random_draw(players, f"r{n}", sizes=sizes), players, sizes)
        history: list = []
        seat_counts: dict[int, Counter[str]] = {p: Counter() for p in players}
        for r in range(3):
            draw = swiss_draw(players, f"{n}-{r}", history=history, seat_counts=seat_counts, sizes=sizes)
            assert_round(draw, players, sizes)
            history.append(draw.groups())
            for table in draw.tables:
                for position, player in zip(POSITIONS, table.players, strict=False):
                    seat_counts[player][position] += 1
        repeats[n] = repeated_pairs(history)
    # Three swiss rounds without scores: at most 2 repeated meetings from 40 players on (a swiss draw
    # keeps the standings together and only swaps nearby: tables of 5 and 6 leave one now and then), none
    # at tables of 3 and 4; far fewer than random tables.
    assert max(count for n, count in repeats.items() if n >= 40) <= (0 if max(sizes) <= 4 else 2), repeats
    random_repeats = sum(
        repeated_pairs(random_draw(range(n), f"{n}-{r}", sizes=sizes).groups() for r in range(3))
        for n in range(40, 201, 10)
    )
    assert sum(repeats[n] for n in range(40, 201, 10)) * 10 < random_repeats


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_balanced_schedules_seat_fields_of_9_to_200(sizes) -> None:
    fields = range(9, 201) if sizes != (4, 5) else range(9, 201, 5)  # 4/5: the constructions are slower
    for n in fields:
        schedule = balanced_schedule(n, 3, f"b{n}", sizes=sizes, effort=20_000)
        for draw in schedule.rounds:
            assert_round(draw, range(1, n + 1), sizes)
        groups = [d.groups() for d in schedule.rounds]
        assert schedule.repeats == repeated_pairs(groups) >= schedule.lower_bound
        if n >= 40:
            assert schedule.repeats == 0, (n, sizes)


@settings(max_examples=40, deadline=None)
@given(
    sizes=st.sampled_from(SIZE_SETS),
    n=st.integers(min_value=1, max_value=120),
    seed=seeds,
    method=st.sampled_from(["random", "swiss", "balanced"]),
)
def test_the_same_seed_gives_the_same_draw_whatever_the_order_of_the_players(sizes, n, seed, method) -> None:
    players = list(range(n))
    if method == "random":
        draw = random_draw(players, seed, sizes=sizes)
        assert draw == random_draw(list(reversed(players)), seed, sizes=sizes)
        assert draw.tables == random_draw(list(reversed(players)), str(seed), sizes=sizes).tables
    elif method == "swiss":
        scores = {p: float(p % 5) for p in players}
        draw = swiss_draw(players, seed, scores=scores, sizes=sizes)
        assert draw == swiss_draw(list(reversed(players)), seed, scores=scores, sizes=sizes)
    else:
        schedule = balanced_schedule(players, 3, seed, sizes=sizes, effort=5_000)
        assert schedule == balanced_schedule(list(reversed(players)), 3, seed, sizes=sizes, effort=5_000)
        draw = schedule.rounds[0]
    assert_round(draw, players, sizes)


def test_different_sizes_are_different_draws_from_one_seed() -> None:
    players = list(range(60))
    draws = {tuple(map(tuple, random_draw(players, 7, sizes=s).groups())) for s in [(3,), (4, 5), (5, 6)]}
    assert len(draws) == 3


# --- what each method does with the new sizes ----------------------------------------------------------


def test_swiss_puts_the_preferred_tables_at_the_top_and_the_others_at_the_bottom() -> None:
    players = list(range(1, 62))  # Ichenheim: 19 tables of 3, one of 4 at the bottom
    scores = {p: float(500 - p) for p in players}
    draw = swiss_draw(players, "order", scores=scores, sizes=(3, 4))
    assert [sorted(t.players) for t in draw.tables] == [
        *[list(range(1 + 3 * i, 4 + 3 * i)) for i in range(19)],
        [58, 59, 60, 61],
    ]
    talon = swiss_draw(range(1, 51), "order", scores={p: -p for p in range(1, 51)}, sizes=(6, 5))
    assert [len(t.players) for t in talon.tables] == [6] * 5 + [5] * 4
    assert sorted(talon.tables[0].players) == [1, 2, 3, 4, 5, 6]


def test_swiss_gives_the_byes_to_those_who_had_fewest_at_tables_of_three() -> None:
    players = list(range(1, 51))  # 16 tables of 3, two sit out each round
    bye_counts: Counter[int] = Counter()
    history: list = []
    for r in range(25):
        draw = swiss_draw(players, r, history=history, bye_counts=bye_counts, sizes=(3,))
        bye_counts.update(draw.byes)
        history.append(draw.groups())
    assert bye_counts == Counter(dict.fromkeys(players, 1))


def fewest_club_pairs(clubs: dict[int, int], tables: int) -> int:
    total = 0
    for members in Counter(clubs.values()).values():
        q, r = divmod(members, tables)
        total += r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2
    return total


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.sampled_from([(3,), (3, 4), (5, 6), (6, 5)]),
    n=st.integers(min_value=9, max_value=70),
    club_count=st.integers(min_value=1, max_value=12),
    seed=seeds,
    data=st.data(),
)
def test_random_draw_keeps_club_mates_apart_as_far_as_the_field_allows(
    sizes, n, club_count, seed, data
) -> None:
    clubs = {p: data.draw(st.integers(min_value=0, max_value=club_count - 1)) for p in range(n)}
    draw = random_draw(range(n), seed, clubs=clubs, sizes=sizes)
    assert_round(draw, list(range(n)), sizes)
    seated = [p for t in draw.tables for p in t.players]
    pairs = sum(
        c * (c - 1) // 2 for table in draw.tables for c in Counter(clubs[p] for p in table.players).values()
    )
    assert pairs == fewest_club_pairs({p: clubs[p] for p in seated}, len(draw.tables))


def test_balanced_reaches_repeat_free_schedules_at_other_sizes() -> None:
    kirkman = balanced_schedule(15, 7, "schoolgirls", sizes=(3,))  # Kirkman's 15 schoolgirls, 7 days
    assert (kirkman.repeats, kirkman.timed_out) == (0, False)
    assert balanced_schedule(61, 12, "ichenheim", sizes=(3, 4)).repeats == 0
    assert balanced_schedule(50, 6, "talon", sizes=(6, 5)).repeats == 0
    assert balanced_schedule(45, 5, "five-six", sizes=(5, 6)).repeats == 0


def test_balanced_keeps_repeats_few_beyond_what_a_field_allows() -> None:
    schedule = balanced_schedule(12, 5, "twelve", sizes=(3,))  # no resolvable design of 12 in triples
    assert 0 < schedule.repeats <= 6
    assert max(meeting_counts(d.groups() for d in schedule.rounds).values()) == 2


def test_balanced_rotates_the_byes_of_tables_of_three() -> None:
    schedule = balanced_schedule(50, 25, "byes", sizes=(3,), effort=20_000)
    assert Counter(p for d in schedule.rounds for p in d.byes) == Counter(dict.fromkeys(range(1, 51), 1))


def test_balanced_balances_the_six_positions_of_a_talon_table() -> None:
    schedule = balanced_schedule(36, 6, "seats", sizes=(6,))
    seats: dict[int, Counter[str]] = {p: Counter() for p in range(1, 37)}
    for draw in schedule.rounds:
        for table in draw.tables:
            for position, player in zip(POSITIONS, table.players, strict=False):
                seats[player][position] += 1
    assert all(max(c.values()) <= 2 for c in seats.values())  # 6 rounds, 6 positions: nobody 3 times
    assert sum(max(c.values()) == 1 for c in seats.values()) >= 12  # and many sit at each position once


# --- validation ----------------------------------------------------------------------------------------


def test_it_validates_a_hand_edited_round_against_the_sizes() -> None:
    assert validate_round([[1, 2, 3], [4, 5, 6, 7]], range(1, 8), sizes=(3, 4)) == []
    assert validate_round([[1, 2, 3], [4, 5, 6]], range(1, 8), byes=[7], sizes=(3,)) == []
    problems = validate_round([[1, 2, 3], [4, 5, 6]], range(1, 8), byes=[7])  # 4/5 by default
    assert [p.code for p in problems] == ["table_size", "table_size", "bye_count"]
    assert str(problems[0]) == "table 1 has 3 players; a table seats 4 or 5"
    three = validate_round([[1, 2, 3], [4, 5, 6, 7]], range(1, 8), sizes=(3,))
    assert str(three[0]) == "table 2 has 4 players; a table seats 3"
    talon = validate_round([[1, 2, 3], [4, 5, 6, 7]], range(1, 8), sizes=(6, 5))
    assert [str(p) for p in talon[:2]] == [
        "table 1 has 3 players; a table seats 5 or 6",
        "table 2 has 4 players; a table seats 5 or 6",
    ]
    problem = validate_round([[1, 2, 3, 4]], range(1, 5), sizes=(2, 3, 5, 6))[0]
    assert str(problem) == "table 1 has 4 players; a table seats one of 2, 3, 5, 6"
    problem = validate_round([[1]], [1], sizes=(2, 3, 4, 5, 6))[0]
    assert str(problem) == "table 1 has 1 players; a table seats 2 to 6"
    assert problem.params == {"table": 1, "players": 1, "smallest": 2, "largest": 6}


def test_it_counts_the_byes_the_sizes_need() -> None:
    assert [p.code for p in validate_round([[1, 2, 3]], range(1, 5), byes=[4], sizes=(3, 4))] == ["bye_count"]
    problems = validate_round([[1, 2, 3]], range(1, 6), sizes=(3,), byes=[4])
    assert str(problems[-1]) == "1 players sit out, but with 5 checked in exactly 2 must sit out"


def test_the_seeded_draw_puts_one_player_of_each_rating_group_at_every_table() -> None:
    """Bled (16.8): round 1 seeded in three groups by a ranking."""
    from tournaments.draw.pairing.seeded import seeded_draw

    players = list(range(1, 31))
    ratings = {p: 3000 - 10 * p for p in players}  # player 1 the strongest
    draw = seeded_draw(players, "bled", ratings=ratings, sizes=(3,))
    assert len(draw.tables) == 10
    assert not draw.byes
    for table in draw.tables:
        groups = sorted((p - 1) // 10 for p in table.players)
        assert groups == [0, 1, 2]
    again = seeded_draw(list(reversed(players)), "bled", ratings=ratings, sizes=(3,))
    assert again.to_json() == draw.to_json()
    assert seeded_draw(players, "other", ratings=ratings, sizes=(3,)).to_json() != draw.to_json()
    lopsided = seeded_draw(list(range(1, 33)), "bled", ratings={1: 2000}, sizes=(3,))
    assert len(lopsided.byes) == 2
    assert 1 not in lopsided.byes  # the rated player is in the top group, the unrated last sit out
