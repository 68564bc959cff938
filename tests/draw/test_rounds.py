"""Round lifecycle and draws: generate, re-draw, manual edits, publish, verify from the seed, late entries
and withdrawals, closing, the final stage."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import ClubFactory, PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.draw.models import Bye, Round, Seat
from tournaments.participants.models import Registration

pytestmark = pytest.mark.django_db


def checked_in(tournament, n, clubs=None):
    players = (
        PlayerFactory.create_batch(n, club=clubs[0] if clubs else None)
        if clubs is None
        else [PlayerFactory(club=clubs[i % len(clubs)]) for i in range(n)]
    )
    for player in players:
        services.player_register(tournament, player, check_in=True)
    return players


def play_out(round_):
    """Confirm every deal of every table with an organizer entry of zero payments."""
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        deals = (
            round_.tournament.deals_per_round_5
            if len(positions) == 5
            else round_.tournament.deals_per_round_4
        )
        for number in range(1, deals + 1):
            services.hand_submit(
                table=table,
                number=number,
                source="payments",
                data={"payments": dict.fromkeys(positions, 0)},
                trusted=True,
            )


def test_it_seats_every_checked_in_player_once_at_tables_of_four_and_five() -> None:
    tournament = TournamentFactory()
    checked_in(tournament, 22)
    PlayerFactory.create_batch(3)  # not registered: not seated
    round_ = services.round_generate(tournament, seed="abc")
    sizes = sorted(t.seats.count() for t in round_.tables.all())
    assert sizes == [4, 4, 4, 5, 5]
    assert Seat.objects.filter(round=round_).count() == 22
    assert round_.status == Round.Status.DRAFT
    assert round_.seed == "abc"


def test_it_reproduces_a_draw_from_its_published_seed() -> None:
    tournament = TournamentFactory()
    checked_in(tournament, 17)
    round_ = services.round_generate(tournament, seed="public-seed")
    assert services.round_verify(round_)
    seat = Seat.objects.filter(round=round_).first()
    other = Seat.objects.filter(round=round_).exclude(table=seat.table).first()
    seat.player, other.player = other.player, seat.player
    Seat.objects.filter(pk__in=[seat.pk, other.pk]).delete()
    Seat.objects.create(round=round_, table=seat.table, player=seat.player, position=seat.position)
    Seat.objects.create(round=round_, table=other.table, player=other.player, position=other.position)
    assert not services.round_verify(round_)  # a tampered draw no longer matches its seed


def test_it_redraws_a_draft_with_a_new_seed_but_not_a_published_round() -> None:
    tournament = TournamentFactory()
    checked_in(tournament, 16)
    round_ = services.round_generate(tournament, seed="one")
    round_ = services.round_redraw(round_, seed="two")
    assert round_.seed == "two"
    assert services.round_verify(round_)
    services.round_confirm(round_)
    services.round_publish(round_)
    with pytest.raises(ValidationError):
        services.round_redraw(round_)


def test_it_moves_through_the_lifecycle_in_order_only() -> None:
    tournament = TournamentFactory(deals_per_round_4=1, deals_per_round_5=1)
    checked_in(tournament, 8)
    round_ = services.round_generate(tournament)
    with pytest.raises(ValidationError):
        services.round_publish(round_)  # not confirmed yet
    services.round_confirm(round_)
    services.round_publish(round_)
    services.round_start(round_)
    assert round_.ends_at is not None
    with pytest.raises(ValidationError) as err:
        services.round_close(round_)
    assert "table 1: 0/1 deals confirmed" in err.value.message_dict["round"][0]
    play_out(round_)
    services.round_close(round_)
    assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED
    with pytest.raises(ValidationError):
        services.round_generate(TournamentFactory())  # no players


def test_it_validates_manual_edits() -> None:
    tournament = TournamentFactory()
    players = checked_in(tournament, 8)
    round_ = services.round_generate(tournament)
    ids = [p.pk for p in players]
    with pytest.raises(ValidationError) as err:
        services.draw_edit(round_, [ids[:4], [ids[0], *ids[5:8]]])  # ids[0] twice, ids[4] missing
    text = " ".join(err.value.message_dict["tables"])
    assert str(ids[0]) in text
    assert str(ids[4]) in text
    services.draw_edit(round_, [ids[4:], ids[:4]])
    assert round_.tables.get(number=1).seats.get(position="A").player_id == ids[4]


def test_it_keeps_club_mates_apart_in_a_random_draw_where_possible() -> None:
    tournament = TournamentFactory(pairing_methods=["random"])
    clubs = ClubFactory.create_batch(4)
    checked_in(tournament, 16, clubs=clubs)
    round_ = services.round_generate(tournament, seed="clubs")
    for table in round_.tables.all():
        club_ids = [s.player.club_id for s in table.seats.select_related("player")]
        assert len(set(club_ids)) == 4


def test_it_takes_late_entries_and_withdrawals_between_rounds() -> None:
    tournament = TournamentFactory(deals_per_round_4=1, deals_per_round_5=1, pairing_methods=["random"])
    players = checked_in(tournament, 8)
    first = services.round_generate(tournament)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(first)
    late = PlayerFactory()
    registration = services.player_register(tournament, late, check_in=True)
    assert registration.first_round == 2
    services.registration_withdraw(Registration.objects.get(tournament=tournament, player=players[0]))
    play_out(first)
    services.round_close(first)
    second = services.round_generate(tournament)
    seated = set(Seat.objects.filter(round=second).values_list("player_id", flat=True)) | set(
        Bye.objects.filter(round=second).values_list("player_id", flat=True)
    )
    assert late.pk in seated
    assert players[0].pk not in seated
    assert players[0].pk in set(Seat.objects.filter(round=first).values_list("player_id", flat=True))


def test_it_plays_a_final_table_of_the_top_four_and_placement_tables() -> None:
    tournament = TournamentFactory(
        rounds_planned=1,
        deals_per_round_4=1,
        deals_per_round_5=1,
        final_table=True,
        placement_tables=True,
        scoring="game_points",
    )
    checked_in(tournament, 12)
    round_ = services.round_generate(tournament)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round_)
    play_out(round_)
    services.round_close(round_)
    final = services.final_stage_generate(tournament)
    labels = list(final.tables.values_list("label", flat=True))
    assert labels == ["Final", "Places 5-8", "Places 9-12"]
    assert final.stage == Round.Stage.FINAL


def test_it_schedules_balanced_rounds_without_any_repeated_meeting() -> None:
    tournament = TournamentFactory(rounds_planned=5, deals_per_round_4=1, pairing_methods=["balanced"])
    checked_in(tournament, 16)
    meetings: set[frozenset[int]] = set()
    for number in range(1, 6):
        round_ = services.round_generate(tournament)
        assert round_.method == "balanced"
        assert services.round_verify(round_)
        for table in round_.tables.all():
            ids = list(table.seats.values_list("player_id", flat=True))
            pairs = {frozenset((a, b)) for a in ids for b in ids if a < b}
            assert not pairs & meetings, f"round {number} repeats a pair"
            meetings |= pairs
        for step in (services.round_confirm, services.round_publish, services.round_start):
            step(round_)
        play_out(round_)
        services.round_close(round_)
    assert len(meetings) == 16 * 15 // 2  # 5 rounds of 16: everybody met everybody exactly once
