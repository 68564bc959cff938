"""The rating's writes: a finished tournament is rated once through the event route (a worker's task after
the finish commits, or the sweep if that task was lost), a retry changes nothing, and a rebuild from
scratch equals the updates applied one by one."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.ratings.builders import finished_from_places
from tournaments import services, tasks
from tournaments.draw.models import Round
from tournaments.ratings.compute import Rating, Seat, new_rating, rate_tournament
from tournaments.ratings.models import PlayerRating, RatingChange, RatingRun
from tournaments.ratings.services import ratings_due, ratings_rebuild, ratings_update

pytestmark = pytest.mark.django_db


def test_finishing_a_tournament_rates_it_through_the_event_route(django_capture_on_commit_callbacks) -> None:
    organizer = get_user_model().objects.create_user("org")
    tournament = TournamentFactory(rounds_planned=1, deals_per_round_4=1, game="hungarian")
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data={"payments": {"A": 6, "B": 2, "C": -2, "D": -6}},
        entered_by=organizer,
        trusted=True,
    )
    services.round_close(Round.objects.get(pk=table.round_id), by=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_finish(tournament, by=organizer)
    run = RatingRun.objects.get(tournament=tournament)
    assert (run.game, run.sequence, run.players) == ("hungarian", 1, 4)
    ratings = {r.player_id: r for r in PlayerRating.objects.filter(game="hungarian")}
    ordinals = [ratings[p.pk].ordinal for p in players]  # A won the table, D came last
    assert ordinals == sorted(ordinals, reverse=True)
    assert ordinals[0] > new_rating().ordinal > ordinals[-1]
    assert all(ratings[p.pk].tournaments == 1 and ratings[p.pk].tables == 1 for p in players)
    change = RatingChange.objects.get(player=players[0])
    assert (change.mu_before, change.sigma_before) == (new_rating().mu, new_rating().sigma)
    assert change.ordinal_after == pytest.approx(ratings[players[0].pk].ordinal)


def test_a_retry_or_the_sweep_never_rates_twice() -> None:
    a, b, c, d = PlayerFactory.create_batch(4)
    tournament = finished_from_places([[[(a, 1), (b, 2), (c, 3), (d, 4)]]])
    assert ratings_due() == [tournament.pk]
    assert tasks.ratings_sweep() == 1  # the finish's task was lost: the sweep rates it
    first = {r.player_id: (r.mu, r.sigma, r.tournaments) for r in PlayerRating.objects.all()}
    assert ratings_due() == []
    assert ratings_update(tournament).pk == RatingRun.objects.get().pk  # a retry: the stored run
    assert tasks.rating_update(tournament.pk) == RatingRun.objects.get().pk
    assert tasks.ratings_sweep() == 0
    assert {r.player_id: (r.mu, r.sigma, r.tournaments) for r in PlayerRating.objects.all()} == first
    assert RatingChange.objects.count() == 4


def test_a_tournament_not_finished_is_not_rated() -> None:
    tournament = TournamentFactory()
    assert ratings_update(tournament) is None
    assert ratings_due() == []
    assert not RatingRun.objects.exists()


def test_rebuilding_equals_the_updates_one_by_one_and_keeps_games_apart() -> None:
    p = PlayerFactory.create_batch(6)
    seasons = [  # (player, place, game points, hands played)
        [
            [[(p[0], 1, 30, 16), (p[1], 2, 10, 16), (p[2], 3, -10, 16), (p[3], 4, -30, 16)]],
            [[(p[0], 2, 5, 16), (p[2], 1, 20, 16), (p[4], 3, -25, 16)]],
        ],
        [[[(p[1], 1, 40, 16), (p[0], 2.5, 0, 13), (p[5], 2.5, 0, 13), (p[4], 4, -15, 13),
           (p[3], 5, -25, 13)]]],
        [
            [[(p[5], 1, 8, 12), (p[0], 2, -8, 12)]],
            [[(p[2], 1, 50, 16), (p[3], 2, 20, 16), (p[4], 3, 10, 16), (p[1], 4, -10, 16), (p[0], 5, -30, 16),
              (p[5], 6, -40, 16)]],
        ],
    ]  # fmt: skip
    tournaments = [finished_from_places(rounds, minutes=i) for i, rounds in enumerate(seasons)]
    other = finished_from_places([[[(p[0], 4), (p[1], 3), (p[2], 2), (p[3], 1)]]], game="slovenian")
    for tournament in [*tournaments, other]:
        ratings_update(tournament)

    def stored() -> dict:
        return {
            (r.game, r.player_id): (round(r.mu, 9), round(r.sigma, 9), r.tournaments, r.tables)
            for r in PlayerRating.objects.all()
        }

    incremental = stored()
    history = list(RatingChange.objects.values_list("tournament_id", "player_id", "ordinal_after"))
    expected: dict = {}
    for rounds in seasons:  # the pure model, tournament by tournament in the order they finished
        expected = rate_tournament(
            expected, [[[Seat(x.pk, *rest) for x, *rest in t] for t in rnd] for rnd in rounds]
        )
    for player in p:
        mu, sigma, _t, _n = incremental[("hungarian", player.pk)]
        assert (mu, sigma) == (round(expected[player.pk].mu, 9), round(expected[player.pk].sigma, 9))
    assert incremental[("hungarian", p[5].pk)][2:] == (2, 3)  # in tournaments 2 and 3, at three tables
    assert ratings_rebuild("hungarian") == 3
    assert stored() == incremental
    assert sorted(RatingRun.objects.filter(game="hungarian").values_list("sequence", flat=True)) == [1, 2, 3]
    rebuilt = list(RatingChange.objects.values_list("tournament_id", "player_id", "ordinal_after"))
    assert sorted((t, pl, round(o, 9)) for t, pl, o in rebuilt) == sorted(
        (t, pl, round(o, 9)) for t, pl, o in history
    )
    assert RatingRun.objects.get(tournament=other).sequence == 1  # the other game was left alone


def test_the_update_reads_each_seats_game_points_and_hands() -> None:
    p = PlayerFactory.create_batch(8)
    results = [
        [(p[0], 1, 60, 16), (p[1], 2, -20, 16), (p[2], 3, -20, 16), (p[3], 4, -20, 16)],
        [(p[4], 1, 6, 16), (p[5], 2, -2, 16), (p[6], 3, -2, 16), (p[7], 4, -2, 16)],
    ]
    ratings_update(finished_from_places([results]))
    stored = {r.player_id: Rating(r.mu, r.sigma) for r in PlayerRating.objects.all()}
    assert stored[p[0].pk].mu > stored[p[4].pk].mu  # both won their table; the first by more
    expected = rate_tournament({}, [[[Seat(x.pk, *rest) for x, *rest in table] for table in results]])
    assert stored == {x.pk: expected[x.pk] for x in p}
