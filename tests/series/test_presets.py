"""The cups' own point systems as named presets (issue 32 §3), each on a worked example computed by hand:
the Austrian cups' fixed points and their final's points by cup rank, the final's minus points, the Tirol
cup's cubic formula, Heine points with the best half, points per 60 games cut under a minimum, the European
mahjong ranking; the rules naming a preset are checked as strictly as any, round-trip, and go through the
organizer's form and the API."""

from __future__ import annotations

import itertools
from datetime import date, timedelta
from decimal import Decimal as D
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from tests.factories import ClubFactory, PlayerFactory
from tests.series.helpers import finished_tournament, staff
from tournaments.organizing.models import Club
from tournaments.series import services
from tournaments.series.compute import (
    RankContext,
    Result,
    heine_points,
    parse_rules,
    place_points,
    series_rank,
    series_rankings,
)
from tournaments.series.models import Series, SeriesStanding
from tournaments.series.presets import (
    AUSTRIAN_CUP_POINTS,
    AUSTRIAN_FINAL_40,
    AUSTRIAN_FINAL_60,
    AUSTRIAN_FINAL_80,
    PRESETS,
)

DAY = date(2026, 3, 1)


def result(
    player: int,
    tournament: int,
    place: int,
    *,
    players: int = 8,
    total: int = 0,
    day: date = DAY,
    games: int = 0,
) -> Result:
    return Result(player, tournament, "", place, players, D(total), day, "Wien", games)


def refusal(rules: object) -> dict:
    with pytest.raises(ValidationError) as caught:
        parse_rules(rules)
    return caught.value.message_dict


# --- the presets themselves ---------------------------------------------------------------------------


def test_every_preset_documents_its_formula_and_source_and_round_trips() -> None:
    assert set(PRESETS) == {
        "austrian_cup",
        "austrian_cup_40",
        "austrian_cup_80",
        "austrian_cup_final",
        "tirol_cup",
        "heine",
        "per_60_games",
        "ema",
    }
    for name, preset in PRESETS.items():
        assert preset.source.startswith("https://"), name
        assert "Source" in preset.doc, name
        assert len(preset.doc) > 200, name
        rules = parse_rules({"preset": name})
        assert rules.preset == name
        stored = rules.as_json()
        assert stored["preset"] == name
        assert parse_rules(stored) == rules, name  # what is stored reads back the same
        assert parse_rules(parse_rules({"preset": name, "min_tournaments": 4}).as_json()).min_tournaments == 4


def test_the_tables_are_the_sources_and_fall_with_the_place() -> None:
    assert len(AUSTRIAN_CUP_POINTS) == 50
    assert AUSTRIAN_CUP_POINTS[:4] == (223, 198, 180, 168)
    assert AUSTRIAN_CUP_POINTS[-4:] == (4, 3, 2, 1)
    assert sum(AUSTRIAN_CUP_POINTS) == 3210
    for table, size, second in (
        (AUSTRIAN_FINAL_40, 40, 109),
        (AUSTRIAN_FINAL_60, 60, 111),
        (AUSTRIAN_FINAL_80, 80, 112),
    ):
        assert (len(table), table[0], table[1], table[-1]) == (size, 120, second, 11)
    for table in (AUSTRIAN_CUP_POINTS, AUSTRIAN_FINAL_40, AUSTRIAN_FINAL_60, AUSTRIAN_FINAL_80):
        assert all(a >= b for a, b in itertools.pairwise(table))


# --- the Austrian cups ----------------------------------------------------------------------------------


def test_the_austrian_cup_gives_223_to_the_winner_1_to_the_50th_and_nothing_beyond() -> None:
    rules = parse_rules({"preset": "austrian_cup"})
    assert place_points(rules, 1, 80, D(0)) == 223
    assert place_points(rules, 2, 80, D(0)) == 198
    assert place_points(rules, 50, 80, D(0)) == 1
    assert place_points(rules, 51, 80, D(0)) == 0
    assert place_points(rules, 80, 80, D(0)) == 0
    assert place_points(rules, 1, 80, D(0), shared=2) == D("210.50")  # (223 + 198) / 2, as any shared place


def test_the_austrian_final_costs_a_point_a_place_past_the_50th() -> None:
    rules = parse_rules({"preset": "austrian_cup_final"})
    assert place_points(rules, 50, 70, D(0)) == 1
    assert place_points(rules, 51, 70, D(0)) == -1
    assert place_points(rules, 53, 70, D(0)) == -3
    assert place_points(rules, 70, 70, D(0)) == -20
    assert place_points(rules, 50, 70, D(0), shared=2) == 0  # (1 + -1) / 2


def test_a_cups_rank_gives_its_points_for_the_austrian_final() -> None:
    rules = parse_rules({"preset": "austrian_cup_40", "min_tournaments": 2})
    # players 1..42 each win one tournament of their own (223 each), player 1 a second: rank 1 alone, then
    # 41 players share rank 2; player 99 played once and is not eligible (under the minimum of 2)
    rows = [result(1, 100, 1)] + [result(p, p, 1) for p in range(1, 43)] + [result(99, 200, 2)]
    main = series_rankings(rules, rows)[""]
    by_player = {line.player_id: line for line in main}
    assert (by_player[1].rank, by_player[1].points, by_player[1].final_points) == (1, 446, 120)
    assert (by_player[2].rank, by_player[2].final_points) == (2, None)  # 223 alone: under the minimum
    eligible = parse_rules({"preset": "austrian_cup_40"})
    main = series_rankings(eligible, rows)[""]
    by_player = {line.player_id: line for line in main}
    assert (by_player[2].rank, by_player[2].final_points) == (2, 109)  # a shared rank shares its points
    assert (by_player[42].rank, by_player[42].final_points) == (2, 109)
    assert by_player[99].rank == 43
    assert by_player[99].final_points is None
    sixty = series_rankings(parse_rules({"preset": "austrian_cup"}), rows)[""]
    assert [line.final_points for line in sixty[:2]] == [120, 111]
    assert series_rankings(parse_rules({"preset": "austrian_cup_80"}), rows)[""][1].final_points == 112


# --- the Tirol cup --------------------------------------------------------------------------------------


def test_the_tirol_cup_is_cubic_in_the_share_of_the_field_beaten() -> None:
    rules = parse_rules({"preset": "tirol_cup"})
    assert place_points(rules, 5, 20, D(0)) == round(200 * (15 / 19) ** 3) == 98  # 98.41
    assert place_points(rules, 1, 20, D(0)) == 200
    assert place_points(rules, 20, 20, D(0)) == 0
    assert place_points(rules, 2, 3, D(0)) == 25  # 200 * (1/2)^3
    assert place_points(rules, 2, 4, D(0)) == 59  # 200 * 8/27 = 59.26
    assert place_points(rules, 3, 4, D(0)) == 7  # 200 / 27 = 7.41
    assert place_points(rules, 1, 1, D(0)) == 0  # a field of one: none, as ABAKUS (0/0)
    assert rules.final_points[:3] == (120, 109, 100)


# --- Heine --------------------------------------------------------------------------------------------


def test_heine_counts_the_score_to_100_every_second_point_above_and_caps_at_200() -> None:
    assert heine_points(D(150)) == 125
    assert heine_points(D(151)) == 125  # every second point: ABAKUS's parseInt rounds down
    assert heine_points(D(100)) == 100
    assert heine_points(D(80)) == 80
    assert heine_points(D(299)) == 199
    assert heine_points(D(300)) == 200
    assert heine_points(D(350)) == 200
    assert heine_points(D(-20)) == 0
    assert heine_points(D(0)) == 0
    rules = parse_rules({"preset": "heine"})
    assert place_points(rules, 3, 8, D(150)) == 125  # the place does not matter, the score does


@pytest.mark.parametrize(
    ("tournaments", "counted"), [(1, 1), (2, 1), (7, 4), (9, 5), (10, 5), (11, 5), (12, 6), (21, 10)]
)
def test_the_best_half_rounds_up_to_10_tournaments_and_down_above(tournaments, counted) -> None:
    assert parse_rules({"preset": "heine"}).best_fraction.count(tournaments) == counted


def test_heine_counts_the_best_half_of_the_series_tournaments() -> None:
    rules = parse_rules({"preset": "heine"})
    scores = [150, 350, -20, 90, 120, 60, 100]  # Heine points: 125, 200, 0, 90, 110, 60, 100
    rows = [result(1, t, 1, total=s, day=DAY + timedelta(t)) for t, s in enumerate(scores, start=1)]
    (line,) = series_rank(rules, rows, context=RankContext(tournaments=7))
    assert line.points == 200 + 125 + 110 + 100  # the best 4 of 7 tournaments
    assert [r.points for r in line.counted] == [125, 200, 110, 100]
    assert sorted(r.points for r in line.dropped) == [0, 60, 90]
    # 12 tournaments in the series (some still to come): the best 6 count, of the 7 played
    (line,) = series_rankings(rules, rows, tournaments=12)[""]
    assert line.points == 200 + 125 + 110 + 100 + 90 + 60


# --- points per 60 games ----------------------------------------------------------------------------------


def test_points_per_60_games_cut_pro_rata_under_the_minimum() -> None:
    rules = parse_rules({"preset": "per_60_games", "aggregate": {"min_games": 80}})
    rows = [
        result(1, 1, 1, total=100, games=48),
        result(1, 2, 2, total=50, games=48),  # player 1: 150 in 96 games: 93.75 per 60
        result(2, 1, 3, total=40, games=40),  # player 2: 60 per 60, in 40 games of the 80 needed: half
        result(3, 1, 4, total=-30, games=30),  # player 3: -60 per 60; a loss is not cut
    ]
    lines = {line.player_id: line for line in series_rank(rules, rows)}
    assert lines[1].points == D("93.75")
    assert lines[2].points == D("30.00")  # 60 * 40 / 80
    assert lines[3].points == D("-60.00")
    assert [r.games for r in lines[1].results] == [48, 48]
    assert all(r.counted for r in lines[1].results)
    assert lines[1].results[0].as_json()["games"] == 48
    assert [line.player_id for line in series_rank(rules, rows)] == [1, 2, 3]


def test_points_per_60_games_read_the_minimum_as_a_share_of_the_most_played_and_cut_as_abakus() -> None:
    rows = [result(1, 1, 1, total=100, games=96), result(2, 1, 2, total=40, games=40)]
    pro_rata = parse_rules({"preset": "per_60_games", "aggregate": {"min_share": 80}})  # 80 % of 96: 76.8
    assert series_rank(pro_rata, rows)[1].points == D("31.25")  # 60 * 40 / 76.8
    abakus = parse_rules({"preset": "per_60_games", "aggregate": {"min_share": 80, "cut": "abakus"}})
    # short by (76.8 - 40) / 96 = 38.33 percentage points: 100 - 2 * 38.33 = 23.33 % of 60
    assert series_rank(abakus, rows)[1].points == D("14.00")
    far = [result(1, 1, 1, total=100, games=96), result(2, 1, 2, total=40, games=20)]  # short by 59: none
    assert series_rank(abakus, far)[1].points == 0
    # the most games is the whole series', in a side or region ranking too
    assert RankContext.of(abakus, rows).most_games == 96


# --- the European mahjong ranking --------------------------------------------------------------------------


def test_ema_base_rank_is_the_share_of_the_field_beaten_in_thousandths() -> None:
    rules = parse_rules({"preset": "ema"})
    assert place_points(rules, 1, 11, D(0)) == 1000
    assert place_points(rules, 6, 11, D(0)) == 500
    assert place_points(rules, 11, 11, D(0)) == 0
    assert place_points(rules, 75, 100, D(0)) == 252  # the EMA's own example: 25/99, truncated
    assert place_points(rules, 3, 16, D(0)) == 866  # 13/15
    assert place_points(rules, 1, 1, D(0)) == 1000


def test_ema_halves_a_result_after_a_year_drops_it_after_two_and_pads_to_five() -> None:
    rules = parse_rules({"preset": "ema"})
    rows = [
        result(1, 1, 1, players=11, day=date(2026, 3, 1)),  # 1000, this year: weight 1
        result(1, 2, 6, players=11, day=date(2024, 9, 1)),  # 500, 18 months old: weight 0.5
        result(1, 3, 3, players=11, day=date(2023, 3, 1)),  # 800, three years old: dropped
    ]
    (line,) = series_rankings(rules, rows)[""]  # the reference: the latest result, 1 March 2026
    # A: (1000 + 0.5 * 500 + 3 * 0) / (1 + 0.5 + 3) = 2500/9; B, the best four: 1250 / 3.5 = 2500/7
    expected = (Fraction(2500, 9) + Fraction(2500, 7)) / 2  # 20000/63 = 317.46
    assert line.points == D("317.46") == round(D(expected.numerator) / expected.denominator, 2)
    assert [(r.points, r.weight, r.counted) for r in line.results] == [
        (800, 0, False),
        (500, D("0.5"), True),
        (1000, 1, True),
    ]
    assert line.results[0].as_json()["weight"] == "0"
    assert line.played == 3
    assert line.eligible


def test_ema_ages_from_the_reference_date_to_the_day() -> None:
    rules = parse_rules({"preset": "ema", "aggregate": {"as_of": "2026-03-01"}})
    rows = [
        result(1, 1, 1, players=11, day=date(2025, 3, 1)),  # exactly a year: still full
        result(1, 2, 1, players=11, day=date(2025, 2, 28)),  # a day more: half
        result(1, 3, 1, players=11, day=date(2024, 3, 1)),  # exactly two years: half still
        result(1, 4, 1, players=11, day=date(2024, 2, 29)),  # a day more: dropped
    ]
    (line,) = series_rank(rules, rows, context=RankContext.of(rules, rows))
    assert [r.weight for r in line.results] == [0, D("0.5"), D("0.5"), 1]
    # the rules' as_of wins over the latest result; without it the latest result's date is the reference
    assert RankContext.of(rules, rows).reference == date(2026, 3, 1)
    assert RankContext.of(parse_rules({"preset": "ema"}), rows).reference == date(2025, 3, 1)
    assert RankContext.of(parse_rules({"preset": "ema"}), rows, reference=date(2030, 1, 1)).reference == date(
        2030, 1, 1
    )


def test_ema_means_all_results_and_the_best_four_and_drops_the_worst_fifth_past_five() -> None:
    # ten recent results 1000, 900, ... 100 (places 1 to 10 of 11)
    rows = [result(1, t, t, players=11, day=DAY - timedelta(t)) for t in range(1, 11)]
    (line,) = series_rank(parse_rules({"preset": "ema"}), rows)
    # part A: the best 5 + ceil(80 % of 5) = 9: 5400 / 9 = 600; part B: 3400 / 4 = 850
    assert line.points == D("725.00")
    assert [r.counted for r in sorted(line.results, key=lambda r: -r.points)] == [True] * 9 + [False]
    (line,) = series_rank(parse_rules({"preset": "ema", "aggregate": {"drop_worst": False}}), rows)
    assert line.points == D("700.00")  # A: 5500 / 10 = 550


def test_ema_lists_a_player_with_one_weighing_result_unranked() -> None:
    rules = parse_rules({"preset": "ema"})
    rows = [
        result(1, 1, 1, players=11, day=DAY),
        result(1, 2, 1, players=11, day=date(2020, 1, 1)),  # dropped by age: does not count for the minimum
        result(2, 1, 6, players=11, day=DAY),
        result(2, 3, 6, players=11, day=DAY - timedelta(30)),
    ]
    lines = series_rankings(rules, rows)[""]
    # player 1: 1000 padded with four zeros: A 1000 / 5 = 200, B 1000 / 4 = 250; player 2: 500 twice,
    # padded with three: A 1000 / 5, B 1000 / 4, the same 225; the one ranked comes first
    assert [(line.player_id, line.eligible, line.points) for line in lines] == [
        (2, True, 225),
        (1, False, 225),
    ]


# --- the rules naming a preset --------------------------------------------------------------------------


def test_a_preset_is_overridden_key_by_key() -> None:
    rules = parse_rules({"preset": "austrian_cup", "best_of": 8, "qualification": {"top": 40}})
    assert (rules.best_of, rules.qualification.top, rules.points.table[0]) == (8, 40, 223)
    # another points method replaces the preset's points whole, a table without a method too
    assert parse_rules({"preset": "austrian_cup", "points": {"method": "score"}}).points.method == "score"
    table = parse_rules({"preset": "tirol_cup", "points": {"table": [3, 2, 1]}}).points
    assert (table.method, table.table, table.formula) == ("table", (3, 2, 1), "")
    # a key of the same method merges: the Austrian points with minus points past the 50th
    stepped = parse_rules({"preset": "austrian_cup", "points": {"beyond_step": -1}}).points
    assert (len(stepped.table), stepped.beyond_step) == (50, -1)
    # an object merges: the per-games preset with a minimum keeps its 60 games
    merged = parse_rules({"preset": "per_60_games", "aggregate": {"min_games": 100}}).aggregate
    assert (merged.per_games, merged.min_games) == (60, 100)
    # Heine with a best N instead of the best half
    assert parse_rules({"preset": "heine", "best_of": 5, "best_fraction": None}).best_of == 5
    stored = parse_rules({"preset": "heine", "best_of": 5, "best_fraction": None}).as_json()
    assert stored["best_fraction"] is None  # stored as taken away: the preset's does not come back
    assert parse_rules(stored).best_of == 5
    for taken in (
        {"preset": "ema", "aggregate": {"method": "sum"}},
        {"preset": "austrian_cup", "final_points": None},
    ):
        rules = parse_rules(taken)
        assert parse_rules(rules.as_json()) == rules
    assert parse_rules({"preset": "ema", "aggregate": {"method": "sum"}}).aggregate.method == "sum"
    assert parse_rules({"preset": "austrian_cup", "final_points": None}).final_points == ()


BAD = [
    ({"preset": "wiener_cup"}, "rules.preset"),
    ({"preset": 3}, "rules.preset"),
    ({"preset": "heine", "best_of": 5}, "rules.best_fraction"),
    ({"best_of": 3, "best_fraction": {"share": 0.5}}, "rules.best_fraction"),
    ({"best_fraction": {"share": 0}}, "rules.best_fraction.share"),
    ({"best_fraction": {"share": 1.5}}, "rules.best_fraction.share"),
    ({"best_fraction": {"share": 0.5, "round": "nearest"}}, "rules.best_fraction.round"),
    ({"best_fraction": {"round": "up"}}, "rules.best_fraction.share"),
    ({"preset": "ema", "best_of": 4}, "rules.best_of"),
    ({"preset": "ema", "participation_points": 1}, "rules.participation_points"),
    ({"preset": "per_60_games", "points": {"table": [3, 2, 1]}}, "rules.points.method"),
    ({"aggregate": {"method": "median"}}, "rules.aggregate.method"),
    ({"aggregate": {"method": "per_games", "cut": "half"}}, "rules.aggregate.cut"),
    ({"aggregate": {"method": "per_games", "per_games": 0}}, "rules.aggregate.per_games"),
    ({"aggregate": {"method": "per_games", "min_games": 5, "min_share": 50}}, "rules.aggregate.min_share"),
    ({"aggregate": {"method": "per_games", "min_share": 101}}, "rules.aggregate.min_share"),
    ({"aggregate": {"method": "ema", "as_of": "2026-02-30"}}, "rules.aggregate.as_of"),
    ({"aggregate": {"method": "ema", "as_of": 20260301}}, "rules.aggregate.as_of"),
    ({"aggregate": {"method": "ema", "half_after": 3, "drop_after": 2}}, "rules.aggregate.drop_after"),
    ({"aggregate": {"method": "ema", "drop_worst": "yes"}}, "rules.aggregate.drop_worst"),
    ({"aggregate": {"method": "ema", "pad_to": 1000}}, "rules.aggregate.pad_to"),
    ({"aggregate": {"method": "sum", "per_games": 60}}, "rules.aggregate.per_games"),
    ({"final_points": {"table": [120, "111"]}}, "rules.final_points.table[1]"),
    ({"final_points": [120, 111]}, "rules.final_points"),
    ({"points": {"method": "heine", "full": 100, "cap": 50}}, "rules.points.cap"),
    ({"points": {"method": "heine", "formula": "place"}}, "rules.points.formula"),
    ({"points": {"table": [3, 2, 1], "beyond_step": 1e9}}, "rules.points.beyond_step"),
]


@pytest.mark.parametrize(("rules", "field"), BAD, ids=[f"{f}-{i}" for i, (_, f) in enumerate(BAD)])
def test_bad_rules_name_their_field(rules, field) -> None:
    assert field in refusal(rules)


# --- the organizer's form, the manage page and the API ------------------------------------------------------


@pytest.mark.django_db
def test_an_organizer_picks_a_preset_in_the_form_and_changes_it_on_the_manage_page(
    client, django_capture_on_commit_callbacks
):
    organizer = get_user_model().objects.create_user("tirol-org", password="pw-12345-tirol")
    club = Club.objects.create(name="Tiroler Tarockclub", city="Innsbruck")
    club.organizers.add(organizer)
    client.force_login(organizer)
    page = client.get(f"/clubs/{club.slug}/series/new/").content.decode()
    assert 'name="preset"' in page
    assert 'value="tirol_cup"' in page
    form = {
        "name": "Tiroler Cup",
        "season": "2019/20",
        "game": "hungarian",
        "preset": "tirol_cup",
        "top": "2",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/clubs/{club.slug}/series/new/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    series = Series.objects.get(slug="tiroler-cup")
    assert series.rules["preset"] == "tirol_cup"
    assert series.rules["points"]["method"] == "formula"
    assert series.rules["min_tournaments"] == 0  # the preset's, not overridden by an empty field
    assert series.rules["qualification"]["top"] == 2

    refused = client.post(f"/clubs/{club.slug}/series/new/", {**form, "name": "Other", "preset": "nope"})
    assert refused.status_code == 400
    assert 'value="Other"' in refused.content.decode()

    players = PlayerFactory.create_batch(4)
    finished_tournament(
        players,
        (30, 10, -15, -25),
        by=organizer,
        club=club,
        slug="t1",
        capture=django_capture_on_commit_callbacks,
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/series/{series.slug}/manage/", {"action": "add", "tournament": "t1"})
    lines = SeriesStanding.objects.filter(series=series, ranking="").order_by("rank")
    assert [line.points for line in lines] == [200, 59, 7, 0]  # 200 * (3/3, 2/3, 1/3, 0)^3, rounded

    page = client.get(f"/series/{series.slug}/manage/").content.decode()
    assert 'value="tirol_cup" selected' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/series/{series.slug}/manage/", {"action": "preset", "preset": "austrian_cup"}
        )
    assert response.status_code == 302
    series.refresh_from_db()
    assert series.rules["preset"] == "austrian_cup"
    assert series.rules["qualification"]["top"] == 2  # kept
    lines = SeriesStanding.objects.filter(series=series, ranking="").order_by("rank")
    assert [line.points for line in lines] == [223, 198, 180, 168]


@pytest.mark.django_db
def test_the_api_creates_a_series_on_a_preset_patches_it_and_reads_its_standings(
    django_capture_on_commit_callbacks,
) -> None:
    org = staff("cup-org", is_staff=False)
    club = ClubFactory(name="Sauwald", city="Schärding")
    club.organizers.add(org)
    api = APIClient()
    api.force_authenticate(org)
    body = {"game": "hungarian", "name": "Sauwaldcup", "slug": "sauwaldcup", "club": club.slug}
    with django_capture_on_commit_callbacks(execute=True):
        created = api.post("/api/v1/series/", {**body, "rules": {"preset": "austrian_cup_80"}}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["rules"]["preset"] == "austrian_cup_80"
    assert created.json()["rules"]["points"]["table"][:3] == [223, 198, 180]
    series = Series.objects.get(slug="sauwaldcup")
    players = PlayerFactory.create_batch(4)
    tournament = finished_tournament(
        players, (30, 10, -10, -30), by=org, capture=django_capture_on_commit_callbacks
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.series_tournament_add(series, tournament, by=org)
    standings = api.get("/api/v1/series/sauwaldcup/standings/").json()["results"]
    assert [(line["rank"], line["points"], line["final_points"]) for line in standings] == [
        (1, "223.00", "120.00"),
        (2, "198.00", "112.00"),
        (3, "180.00", "106.00"),
        (4, "168.00", "101.00"),
    ]
    csv_lines = api.get("/api/v1/series/sauwaldcup/standings.csv").content.decode().splitlines()
    assert csv_lines[0].startswith("rank,player,club,points,played,eligible,qualified,final_points,")
    assert ",120.00,223.00" in csv_lines[1]

    with django_capture_on_commit_callbacks(execute=True):
        patched = api.patch(
            "/api/v1/series/sauwaldcup/",
            {"rules": {"preset": "per_60_games", "aggregate": {"min_games": 2}}},
            format="json",
        )
    assert patched.status_code == 200, patched.content
    assert patched.json()["rules"]["aggregate"]["min_games"] == 2
    standings = api.get("/api/v1/series/sauwaldcup/standings/").json()["results"]
    winner = standings[0]
    (played,) = winner["results"]
    assert played["games"] == 1
    assert "weight" not in played
    # one hand of the two needed: the score per 60 games, halved (positive), and no final points now
    assert D(winner["points"]) == D(played["total"]) * 60 / 2
    assert winner["final_points"] is None
    # the hungarian score is the table points (4, 3, 2, 1 here): every line one hand, every line halved
    assert [D(line["points"]) for line in standings] == [
        D(line["results"][0]["total"]) * 30 for line in standings
    ]

    refused = api.patch(
        "/api/v1/series/sauwaldcup/", {"rules": {"preset": "ema", "best_of": 3}}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "rules.best_of"
