"""A series' rules and rankings, pure: points per place (table, formula, score), shared places, best N of
M, the minimum, participation points, tie-breaks, side rankings and qualification."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal as D

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.series.compute import (
    PlayerFacts,
    Result,
    parse_rules,
    place_points,
    series_rank,
    series_rankings,
)

DAY = date(2026, 1, 10)


def result(
    player: int,
    tournament: int,
    place: int,
    *,
    players: int = 8,
    total: int = 0,
    region: str = "",
    city: str = "Wien",
) -> Result:
    return Result(player, tournament, region, place, players, D(total), DAY + timedelta(tournament), city)


def refusal(rules: object) -> dict:
    with pytest.raises(ValidationError) as caught:
        parse_rules(rules)
    return caught.value.message_dict


def test_a_points_table_gives_beyond_past_its_end_and_averages_a_shared_place() -> None:
    rules = parse_rules({"points": {"table": [100, 80, 60, 50], "beyond": 5}})
    assert place_points(rules, 1, 8, D(0)) == D(100)
    assert place_points(rules, 7, 8, D(0)) == D(5)
    assert place_points(rules, 3, 8, D(0), shared=2) == D(55)  # 3rd and 4th share 60 and 50
    lines = series_rank(rules, [result(1, 1, 3), result(2, 1, 3), result(3, 1, 1)])
    assert [(line.player_id, line.rank, line.points) for line in lines] == [
        (3, 1, 100),
        (1, 2, 55),
        (2, 2, 55),
    ]


def test_a_formula_reads_place_field_and_score_and_the_score_method_is_the_score() -> None:
    rules = parse_rules(
        {"points": {"method": "formula", "formula": "players - place + 1 + rank_share + total / 10"}}
    )
    assert place_points(rules, 1, 5, D(20)) == D(5 + 1 + 2)
    assert place_points(rules, 5, 5, D(0)) == D(1)
    assert place_points(parse_rules({}), 2, 5, D("-12.5")) == D("-12.50")


def test_a_shared_place_is_the_exact_average_of_its_places_rounded_once() -> None:
    """Places 3 and 4 of 10 under 100·rank_share are 77.77… and 66.66…: their average is 72.22 (each
    rounded first, 77.78 and 66.67, would average 72.225 and round to 72.23)."""
    rules = parse_rules({"points": {"method": "formula", "formula": "100 * rank_share"}})
    assert place_points(rules, 3, 10, D(0)) == D("77.78")
    assert place_points(rules, 4, 10, D(0)) == D("66.67")
    assert place_points(rules, 3, 10, D(0), shared=2) == D("72.22")


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"points": {"table": [10, 8, "6"]}}, "rules.points.table[2]"),
        ({"points": {"table": []}}, "rules.points.table"),
        ({"points": {"table": [1e300]}}, "rules.points.table[0]"),
        ({"points": {"method": "formula", "formula": "100 / (players - place)"}}, "rules.points.formula"),
        ({"points": {"method": "formula", "formula": "9 ** 9 ** 9"}}, "rules.points.formula"),
        ({"points": {"method": "formula", "formula": "().__class__"}}, "rules.points.formula"),
        ({"points": {"method": "formula", "formula": "'x' * 100"}}, "rules.points.formula"),
        ({"points": {"method": "formula", "formula": "place" * 200}}, "rules.points.formula"),
        ({"points": {"method": "elo"}}, "rules.points.method"),
        ({"best_of": 0}, "rules.best_of"),
        ({"best_of": True}, "rules.best_of"),
        ({"min_tournaments": "3"}, "rules.min_tournaments"),
        ({"tiebreaks": ["best", "best"]}, "rules.tiebreaks[1]"),
        ({"tiebreaks": ["coin"]}, "rules.tiebreaks[0]"),
        ({"side_rankings": [{"key": "w", "name": "Women", "filter": {}}]}, "rules.side_rankings[0].filter"),
        (
            {"side_rankings": [{"key": "Bad Key", "name": "x", "filter": {"gender": "f"}}]},
            "rules.side_rankings[0].key",
        ),
        (
            {"side_rankings": [{"key": "j", "name": "J", "filter": {"born_from": 20}}]},
            "rules.side_rankings[0].filter.born_from",
        ),
        ({"qualification": {"top": 4, "region_winners": "yes"}}, "rules.qualification.region_winners"),
        ({"qualification": {"top": 4, "extra": 1}}, "rules.qualification.extra"),
        ({"unknown": 1}, "rules.unknown"),
        ({"points": {"table": [1, "\x00"]}}, "rules.points.table[1]"),
        (
            {"side_rankings": [{"key": "a", "name": "\ud800", "filter": {"gender": "f"}}]},
            "rules.side_rankings[0].name",
        ),
        ([1, 2], "rules"),
    ],
)
def test_bad_rules_are_refused_naming_the_field(rules: object, field: str) -> None:
    assert field in refusal(rules)


def test_deeply_nested_rules_are_refused() -> None:
    deep: dict = {}
    node = deep
    for _ in range(100):
        node["x"] = {}
        node = node["x"]
    assert any(name.startswith("rules") for name in refusal({"points": deep}))


def test_best_n_drops_the_weakest_min_tournaments_ranks_the_few_after_and_participation_counts_all() -> None:
    rules = parse_rules(
        {"points": {"table": [10, 6, 3]}, "best_of": 2, "min_tournaments": 2, "participation_points": 1}
    )
    rows = [result(1, 1, 1), result(1, 2, 3), result(1, 3, 2), result(2, 1, 2), result(3, 2, 1)]
    lines = series_rank(rules, rows)
    one = lines[0]
    assert (one.player_id, one.rank, one.points, one.played, one.eligible) == (1, 1, D(19), 3, True)
    assert [r.tournament_id for r in one.dropped] == [2]
    assert sorted(r.tournament_id for r in one.counted) == [1, 3]
    # player 3 has more points (11) than player 2 (7), both below the minimum: after the eligible
    assert [(line.player_id, line.rank, line.eligible) for line in lines[1:]] == [
        (3, 2, False),
        (2, 3, False),
    ]


def test_tie_breaks_in_order_then_a_shared_rank() -> None:
    rows = [
        result(1, 1, 1),
        result(1, 2, 3),
        result(2, 1, 2),
        result(2, 2, 2),
        result(3, 3, 1),
        result(4, 3, 1),
    ]
    table = {"table": [10, 6, 2]}
    best = series_rank(parse_rules({"points": table, "tiebreaks": ["best"]}), rows)
    # 1: 10+2=12, 2: 6+6=12 -> the best single result; 3 and 4 share first place of tournament 3: 8 each
    assert [(line.player_id, line.rank) for line in best] == [(1, 1), (2, 2), (3, 3), (4, 3)]
    counted = series_rank(parse_rules({"points": table, "tiebreaks": ["recent"]}), rows)
    assert [line.player_id for line in counted][:2] == [2, 1]  # 6 beats 2 in the latest tournament


def test_side_rankings_filter_tournaments_and_players() -> None:
    rules = parse_rules(
        {
            "points": {"table": [10, 6, 3]},
            "side_rankings": [
                {"key": "out-of-vienna", "name": "Out of Vienna", "filter": {"city_not": " wien "}},
                {"key": "women", "name": "Women", "filter": {"gender": "f"}},
                {"key": "juniors", "name": "Juniors", "filter": {"born_from": 2005}},
                {"key": "seniors", "name": "Seniors", "filter": {"born_before": 1960}},
                {"key": "club", "name": "Club", "filter": {"club": "pagat"}},
            ],
        }
    )
    rows = [result(1, 1, 1), result(2, 1, 2), result(2, 2, 1, city="Graz"), result(3, 2, 2, city="Graz")]
    facts = {1: PlayerFacts("f", 2006, "pagat"), 2: PlayerFacts("m", 1950, ""), 3: PlayerFacts("f", None, "")}
    rankings = series_rankings(rules, rows, facts)
    ids = {key: [line.player_id for line in lines] for key, lines in rankings.items()}
    assert ids == {
        "": [2, 1, 3],
        "out-of-vienna": [2, 3],
        "women": [1, 3],
        "juniors": [1],
        "seniors": [2],
        "club": [1],
    }
    assert rankings["women"][1].points == D(6)  # the tournament's place, not a place among women


def test_qualification_takes_the_top_and_each_regions_winner_skipping_the_qualified() -> None:
    rules = parse_rules(
        {"points": {"table": [10, 6, 3, 1]}, "qualification": {"top": 1, "region_winners": True}}
    )
    rows = [
        result(1, 1, 1, region="Tirol"),
        result(2, 1, 2, region="Tirol"),
        result(3, 1, 3, region="Tirol"),
        result(1, 2, 1, region="Wien"),
        result(4, 2, 2, region="Wien"),
    ]
    rankings = series_rankings(rules, rows)
    assert [line.player_id for line in rankings[""] if line.qualified] == [1, 2, 4]
    assert set(rankings) == {"", "region-tirol", "region-wien"}


def test_a_regions_winner_is_its_best_of_the_players_meeting_the_series_minimum_over_all() -> None:
    """Issue 32 §3: the minimum of 2 tournaments is the series' own. Player 1 won Tirol's one tournament and
    played another in Wien (2 in all: eligible); player 2 played Tirol twice with fewer points. Tirol's
    winner is player 1, whom the region's ranking also puts first (it used to count Tirol's results only,
    so player 1 fell behind the region's regular)."""
    rules = parse_rules(
        {
            "points": {"table": [10, 6, 3, 1]},
            "min_tournaments": 2,
            "qualification": {"top": 0, "region_winners": True},
        }
    )
    rows = [
        result(1, 1, 1, region="Tirol"),
        result(2, 1, 3, region="Tirol"),
        result(2, 2, 2, region="Tirol"),
        result(1, 3, 4, region="Wien"),
        result(3, 3, 1, region="Wien"),
        result(3, 4, 1, region="Wien"),
    ]
    rankings = series_rankings(rules, rows)
    tirol = rankings["region-tirol"]
    assert [(line.player_id, line.eligible) for line in tirol] == [(1, True), (2, True)]
    assert [line.player_id for line in rankings[""] if line.qualified] == [3, 1]  # Wien's, Tirol's


rows_strategy = st.lists(
    st.tuples(st.integers(1, 12), st.integers(1, 6), st.integers(1, 10), st.integers(-50, 50)),
    max_size=60,
    unique_by=lambda r: (r[0], r[1]),
)


@settings(max_examples=60, deadline=None)
@given(rows=rows_strategy, best_of=st.none() | st.integers(1, 4), minimum=st.integers(0, 3))
def test_best_n_never_counts_more_than_n_and_ranks_are_competition_ranks(rows, best_of, minimum) -> None:
    rules = parse_rules(
        {"points": {"table": [10, 7, 5, 3, 2, 1]}, "best_of": best_of, "min_tournaments": minimum}
    )
    results = [result(p, t, place, total=total) for p, t, place, total in rows]
    lines = series_rank(rules, results)
    assert sorted(line.player_id for line in lines) == sorted({r[0] for r in rows})
    for position, line in enumerate(lines, start=1):
        assert len(line.counted) <= (best_of or len(line.results))
        assert line.points == sum(r.points for r in line.counted)
        assert line.eligible == (line.played >= minimum)
        assert line.rank == position or line.rank == lines[position - 2].rank  # 1, 2, 2, 4
        if position > 1:
            previous = lines[position - 2]
            assert (not previous.eligible, -previous.points) <= (not line.eligible, -line.points)
            if line.rank == previous.rank:
                assert line.points == previous.points
        if line.dropped and line.counted:
            assert min(r.points for r in line.counted) >= max(r.points for r in line.dropped)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 12), st.integers(1, 6), st.integers(-50, 50)), min_size=1, max_size=60),
    st.sampled_from(
        [
            {"points": {"method": "table", "table": [10, 8, 6, 4]}, "best_of": 2, "min_tournaments": 2},
            {"points": {"method": "score"}, "participation_points": 1},
            {"preset": "tirol_cup"},
            {"preset": "heine"},
        ]
    ),
)
def test_a_side_ranking_by_player_is_the_main_rankings_lines_of_its_players_ranked_anew(
    entries: list[tuple[int, int, int]], base: dict
) -> None:
    """``series_rankings`` ranks a side filter that asks only of the player (gender, birth year, club)
    from the main ranking's lines (a season's recompute saves a pass per side ranking): the same as
    ranking the results the filter keeps on their own."""
    seen: set[tuple[int, int]] = set()
    rows = []
    for player, tournament, total in entries:
        if (player, tournament) in seen:
            continue
        seen.add((player, tournament))
        rows.append(result(player, tournament, 1 + len([k for k in seen if k[1] == tournament]), total=total))
    facts = {p: PlayerFacts("f" if p % 2 else "m", 1990 + p, "club-a" if p % 3 else "") for p in range(13)}
    sides = [
        {"key": "women", "name": "Women", "filter": {"gender": "f"}},
        {"key": "young", "name": "Young", "filter": {"born_from": 1996}},
        {"key": "club", "name": "Club", "filter": {"club": "club-a", "gender": "m"}},
    ]
    rules = parse_rules({**base, "side_rankings": sides})
    rankings = series_rankings(rules, rows, facts)
    for side in rules.side_rankings:
        alone = series_rank(rules, rows, players=facts, side=side.filter)
        assert rankings[side.key] == alone, side.key
