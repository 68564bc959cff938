"""Rounds at the tournament's table sizes (``table_sizes_of``): drawn, stored with the input, verified,
hand-edited and seated in the final stage at those sizes; rounds stored before sizes existed still verify."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.draw.test_rounds import checked_in, play_out
from tests.factories import TournamentFactory
from tournaments import services
from tournaments.draw.models import Bye, Round, Seat
from tournaments.draw.services import rounds as rounds_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def cego(monkeypatch):
    """Tournaments play at tables of 3, with a table of 4 where the field needs it (Cego at Ichenheim)."""
    monkeypatch.setattr(rounds_service, "table_sizes_of", lambda tournament=None: (3, 4))


@pytest.mark.parametrize("method", ["random", "swiss", "balanced"])
def test_it_draws_at_the_tournaments_table_sizes_and_verifies_the_draw(cego, monkeypatch, method) -> None:
    tournament = TournamentFactory(pairing_methods=[method], rounds_planned=3)
    checked_in(tournament, 13)
    round_ = services.round_generate(tournament, seed="cego")
    assert sorted(t.seats.count() for t in round_.tables.all()) == [3, 3, 3, 4]
    assert round_.draw_input["sizes"] == [3, 4]
    assert services.round_verify(round_)
    monkeypatch.setattr(rounds_service, "table_sizes_of", lambda tournament=None: (4, 5))
    assert services.round_verify(Round.objects.get(pk=round_.pk))  # the stored sizes, not today's


def test_a_round_stored_without_sizes_was_drawn_at_tables_of_four_and_five() -> None:
    tournament = TournamentFactory(pairing_methods=["swiss"])
    checked_in(tournament, 13)
    round_ = services.round_generate(tournament, seed="old")
    assert round_.draw_input["sizes"] == [4, 5]
    round_.draw_input.pop("sizes")
    round_.save(update_fields=["draw_input"])
    assert services.round_verify(Round.objects.get(pk=round_.pk))


def test_it_needs_enough_players_for_the_smallest_table(cego) -> None:
    tournament = TournamentFactory()
    checked_in(tournament, 2)
    with pytest.raises(ValidationError) as err:
        services.round_generate(tournament)
    assert "a table needs 3" in str(err.value)
    checked_in(tournament, 1)
    round_ = services.round_generate(tournament)
    assert [t.seats.count() for t in round_.tables.all()] == [3]


def test_it_gives_byes_where_the_sizes_need_them(monkeypatch) -> None:
    monkeypatch.setattr(rounds_service, "table_sizes_of", lambda tournament=None: (3,))
    tournament = TournamentFactory(pairing_methods=["random"])
    checked_in(tournament, 11)
    round_ = services.round_generate(tournament, seed="byes")
    assert [t.seats.count() for t in round_.tables.all()] == [3, 3, 3]
    assert Bye.objects.filter(round=round_).count() == 2
    assert services.round_verify(round_)


def test_it_validates_hand_edits_against_the_sizes(cego) -> None:
    tournament = TournamentFactory()
    ids = [p.pk for p in checked_in(tournament, 7)]
    round_ = services.round_generate(tournament)
    with pytest.raises(ValidationError) as err:
        services.draw_edit(round_, [ids[:2], ids[2:]])  # a table of 2 and one of 5
    messages = " ".join(err.value.message_dict["tables"])
    assert "table 1 has 2 players; a table seats 3 or 4" in messages
    assert "table 2 has 5 players; a table seats 3 or 4" in messages
    services.draw_edit(round_, [ids[4:], ids[:4]])
    assert sorted(t.seats.count() for t in round_.tables.all()) == [3, 4]


def test_the_final_stage_seats_tables_of_the_preferred_size(monkeypatch) -> None:
    tournament = TournamentFactory(
        rounds_planned=1,
        deals_per_round_4=1,
        deals_per_round_5=1,
        final_table=True,
        placement_tables=True,
        scoring="game_points",
    )
    checked_in(tournament, 13)
    round_ = services.round_generate(tournament)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round_)
    play_out(round_)
    services.round_close(round_)
    monkeypatch.setattr(rounds_service, "table_sizes_of", lambda tournament=None: (3, 4))
    final = services.final_stage_generate(tournament)
    tables = list(final.tables.order_by("number"))
    assert [t.label for t in tables] == ["Final", "Places 4-6", "Places 7-9", "Places 10-12"]
    assert all(t.seats.count() == 3 for t in tables)
    ranking = final.draw_input["ranking"]
    assert final.draw_input["size"] == 3
    assert (
        list(Seat.objects.filter(table=tables[0]).order_by("position").values_list("player_id", flat=True))
        == ranking[:3]
    )
