"""A seeded round 1 ranks the players by the tournament's ``seed_by``: the game's rating puts one player of
each rating band at every table (the Slovenian "three groups", Dummett-McLeod supplement 16.8), the
unrated last; the seeds given at registration rank 1 strongest."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments import services
from tournaments.draw.models import Seat
from tournaments.organizing.models import Tournament
from tournaments.ratings.models import PlayerRating

pytestmark = pytest.mark.django_db


def tables_of(round_) -> list[set[int]]:
    tables: dict[int, set[int]] = {}
    for table_id, player_id in Seat.objects.filter(round=round_).values_list("table_id", "player_id"):
        tables.setdefault(table_id, set()).add(player_id)
    return list(tables.values())


def slovenian(seed_by: str, players: list) -> Tournament:
    tournament = TournamentFactory(
        game="slovenian",
        rules_preset="bled",
        table_sizes=[3],
        table_points_3=[2, 1, 0.5],
        pairing_methods=["seeded", "swiss"],
        seed_by=seed_by,
    )
    for player in players:
        RegistrationFactory(tournament=tournament, player=player)
    return tournament


def test_a_slovenian_round_one_seeded_by_the_games_rating_seats_one_of_each_band_per_table() -> None:
    organizer = get_user_model().objects.create_user("org")
    players = PlayerFactory.create_batch(12)
    # rated in Slovenian tarok, strongest first, the last three unrated; the rating as entered says the
    # otherwise (and another game's rating is ignored)
    for i, player in enumerate(players[:9]):
        PlayerRating.objects.create(player=player, game="slovenian", mu=40 - i, sigma=3, ordinal=31 - i)
    for i, player in enumerate(players):
        player.rating = [0, 11, 1, 10, 2, 9, 3, 8, 4, 7, 5, 6][i]
        player.save()
        PlayerRating.objects.create(player=player, game="hungarian", mu=i, sigma=1, ordinal=(i * 7) % 12)
    bands = [{p.pk for p in players[k : k + 4]} for k in (0, 4, 8)]
    tournament = slovenian(Tournament.SeedBy.GAME_RATING, players)
    round_ = services.round_generate(tournament, seed="bled", by=organizer)
    assert round_.method == "seeded"
    assert round_.draw_input["seed_by"] == "game_rating"
    tables = tables_of(round_)
    assert len(tables) == 4
    for table in tables:
        assert [len(table & band) for band in bands] == [1, 1, 1]
    assert services.round_verify(round_)  # recomputed from the stored input


def test_seeds_given_at_registration_rank_one_strongest_and_the_unseeded_last() -> None:
    organizer = get_user_model().objects.create_user("org")
    players = PlayerFactory.create_batch(6)
    tournament = slovenian(Tournament.SeedBy.SEEDS, players)
    for seed, player in enumerate(players[:4], start=1):
        tournament.registrations.filter(player=player).update(seed=seed)
    round_ = services.round_generate(tournament, seed="final", by=organizer)
    top = {players[0].pk, players[1].pk}
    for table in tables_of(round_):
        assert len(table & top) == 1  # the two best seeds never meet in round 1


def test_an_organizer_sets_seed_by_through_the_api() -> None:
    from rest_framework.test import APIClient

    user = get_user_model().objects.create_user("seeder")
    tournament = TournamentFactory(slug="seeded-cup")
    tournament.organizers.add(user)
    api = APIClient()
    api.force_authenticate(user)
    url = f"/api/v1/tournaments/{tournament.slug}/"
    refused = api.patch(url, {"seed_by": "strongest"}, format="json")
    assert refused.status_code == 400
    assert "seed_by" in refused.content.decode()
    assert api.patch(url, {"seed_by": "game_rating"}, format="json").status_code == 200
    assert Tournament.objects.get(pk=tournament.pk).seed_by == "game_rating"


def test_a_balanced_draw_by_the_games_rating_puts_one_of_each_band_at_each_round_one_table() -> None:
    organizer = get_user_model().objects.create_user("org")
    players = PlayerFactory.create_batch(16)
    for i, player in enumerate(players):  # strongest first; the rating as entered says otherwise
        player.rating = (i * 5) % 16
        player.save()
        PlayerRating.objects.create(player=player, game="hungarian", mu=50 - i, sigma=3, ordinal=41 - i)
    bands = [{p.pk for p in players[k : k + 4]} for k in (0, 4, 8, 12)]
    tournament = TournamentFactory(seed_by=Tournament.SeedBy.GAME_RATING, pairing_methods=["balanced"])
    for player in players:
        RegistrationFactory(tournament=tournament, player=player)
    first = services.round_generate(tournament, seed="bal", by=organizer)
    assert first.method == "balanced"
    for table in tables_of(first):
        assert [len(table & band) for band in bands] == [1, 1, 1, 1]
    assert services.round_verify(first)
    unbanded = TournamentFactory(pairing_methods=["balanced"])  # seed_by the players' ratings: no bands
    for player in players:
        RegistrationFactory(tournament=unbanded, player=player)
    assert "strengths" not in services.round_generate(unbanded, seed="bal", by=organizer).draw_input
