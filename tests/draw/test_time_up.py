"""Time is up (issue 31 §4.5): where the deals are a maximum within the round's time (the 2018 Hungarian
rules with ITVB 2.6-2.7, ``Tournament.deals_within_time``), a round whose time is up closes with the deals
its tables played, once the hand that was in play is confirmed; before that the refusal says what the
organizer can do. A game whose event counts a fixed number of deals keeps refusing. The standings rank
each table by the deals it played. Through the service and the organizer's round page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from tests.factories import PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.core.formats import format_defaults
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.standings.models import Standing, TableResult
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


@pytest.fixture
def user() -> Any:
    return get_user_model().objects.create_user("timekeeper")


def started(tournament: Tournament, user: Any) -> Round:
    tournament.organizers.add(user)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True, by=user)
    round_ = services.round_generate(tournament, seed="time", by=user)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round_, by=user)
    return round_


def enter(table: Table, numbers: range) -> None:
    """The organizer's score sheet: seat A wins each deal, 1 from each other seat."""
    positions = list(table.seats.order_by("position").values_list("position", flat=True))
    for number in numbers:
        payments = {p: (len(positions) - 1 if p == "A" else -1) for p in positions}
        services.hand_submit(
            table=table, number=number, source="payments", data={"payments": payments}, trusted=True
        )


def seat(table: Table, position: str) -> Any:
    return table.seats.get(position=position).player


def time_runs_out(round_: Round) -> None:
    Round.objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    round_.refresh_from_db()


@pytest.fixture
def short_round(user: Any) -> Round:
    """Round 1 in play at two tables of 4 playing 4 deals: table 1 played them all, table 2 two of them."""
    round_ = started(TournamentFactory(slug="cup", deals_per_round_4=4), user)
    one, two = round_.tables.order_by("number")
    enter(one, range(1, 5))
    enter(two, range(1, 3))
    return round_


def test_before_time_is_up_the_refusal_says_wait_or_close_at_the_rounds_end(
    short_round: Round, user: Any
) -> None:
    assert short_round.tournament.deals_within_time  # the 2018 rules' tournament preset
    with pytest.raises(ValidationError) as refused:
        services.round_close(short_round, by=user, confirm=True)
    at = timezone.localtime(short_round.ends_at).strftime("%H:%M")
    assert refused.value.message_dict["round"] == [
        "cannot close: table 2: 2/4 deals confirmed Wait for the tables, or close the round when its time "
        f"is up at {at}: the deals not played by then count for nobody."
    ]
    short_round.refresh_from_db()
    assert short_round.status == Round.Status.IN_PLAY


def test_once_time_is_up_the_round_closes_with_the_deals_played_after_the_hand_in_play_is_confirmed(
    short_round: Round, user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    two = short_round.tables.get(number=2)
    positions = list(two.seats.order_by("position").values_list("position", flat=True))
    pays = {p: (3 if p == "B" else -1) for p in positions}
    entered = services.hand_submit(table=two, number=3, source="payments", data={"payments": pays},
                                   submitted_by=seat(two, "A"))  # fmt: skip
    time_runs_out(short_round)
    with pytest.raises(ValidationError) as refused:
        services.round_close(short_round, by=user)
    assert refused.value.message_dict["round"] == [
        "cannot close: table 2 hand 3: entry awaiting confirmation"
    ]
    services.hand_confirm(entered, seat(two, "C"))
    with django_capture_on_commit_callbacks(execute=True):
        services.round_close(short_round, by=user)  # no confirmation asked: its time is up
    short_round.refresh_from_db()
    assert short_round.status == Round.Status.CLOSED
    # each table ranks by the deals it played: table 1 four, table 2 three; the fourth counts for nobody
    standings_recompute(short_round.tournament)
    results = {r.player_id: r for r in TableResult.objects.filter(round=short_round)}
    one = short_round.tables.get(number=1)
    assert {results[s.player_id].hands_played for s in one.seats.all()} == {4}
    assert {results[s.player_id].hands_played for s in two.seats.all()} == {3}
    # table 2: A won deals 1-2 (+3 each), B won deal 3 (+3): A 3+3-1 = 5, B -1-1+3 = 1, C and D -3 each
    assert results[seat(two, "A").pk].game_points == 5
    assert results[seat(two, "B").pk].game_points == 1
    assert float(results[seat(two, "A").pk].table_points) == 10
    assert float(results[seat(two, "B").pk].table_points) == 8
    assert float(results[seat(two, "C").pk].table_points) == 5  # C and D share 3rd and 4th: (6 + 4) / 2
    assert float(results[seat(one, "A").pk].table_points) == 10
    standings = {
        s.player_id: s for s in Standing.objects.filter(tournament=short_round.tournament, after_round=1)
    }
    assert standings[seat(two, "A").pk].hands_played == 3
    assert standings[seat(one, "A").pk].hands_played == 4
    assert float(standings[seat(two, "A").pk].total) == float(standings[seat(one, "A").pk].total) == 10


def test_a_game_that_counts_a_fixed_number_of_deals_keeps_refusing_after_the_time(user: Any) -> None:
    cego = TournamentFactory(
        slug="ichenheim",
        game="cego",
        **{**format_defaults("cego", "ichenheim"), "deals_per_round_4": 2, "deals_per_round_3": 2},
    )
    assert cego.deals_within_time is False
    round_ = started(cego, user)
    time_runs_out(round_)
    with pytest.raises(ValidationError) as refused:
        services.round_close(round_, by=user)
    [message] = refused.value.message_dict["round"]
    assert message.endswith("Wait for the tables to play all their deals.")
    assert "deals confirmed" in message


def test_the_round_page_says_when_time_is_up_and_closes_with_the_deals_played(
    short_round: Round, user: Any
) -> None:
    web = Client()
    web.force_login(user)
    url = "/t/cup/manage/rounds/1/"
    page = web.get(url).content.decode()
    at = timezone.localtime(short_round.ends_at).strftime("%H:%M")
    assert f"or when its time is up at {at}: then the deals not played count for nobody" in page
    refused = web.post(url, {"action": "close", "version": short_round.version, "confirm": "1"})
    assert refused.status_code == 409
    advice = f"Wait for the tables, or close the round when its time is up at {at}"
    assert f"Round: cannot close: table 2: 2/4 deals confirmed {advice}" in refused.content.decode()
    time_runs_out(short_round)
    assert "Time is up: no new deal." in web.get(url).content.decode()
    closed = web.post(url, {"action": "close", "version": short_round.version})
    assert closed.status_code == 302
    short_round.refresh_from_db()
    assert short_round.status == Round.Status.CLOSED
    assert "(at most: no new deal once the round&#x27;s time is up)" in web.get("/t/cup/").content.decode()
