"""A big day stays fast (issue 21 §8): the organizer's round page, its progress table and the standings
recompute cost the same number of queries at 2 tables as at 6, so a 150-table event cannot silently
regress to a query per table, seat or hand (``benchmarks/event_bench.py`` measures the time); a draw
recomputes the standings only when they are not current."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.site_data import finish_round, play_table, site_tournament, start_round
from tournaments import services
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player
from tournaments.standings.models import Standing, StandingsState
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def event(organizer: Any, players: int) -> Tournament:
    """``players`` checked in; round 1 played and closed, round 2 (swiss) in play with its first hand
    entered at every table and the second one entered by a seat, awaiting confirmation."""
    tournament = Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name=f"Nagy Nap {players}",
        slug=f"big-{players}",
        starts_on=date(2026, 11, 28),
        rounds_planned=3,
        deals_per_round_4=3,
        deals_per_round_5=3,
        pairing_methods=["random", "swiss"],
    )
    tournament.organizers.add(organizer)
    for i in range(players):
        services.player_register(tournament, Player.objects.create(name=f"Játékos {i:02d}"), check_in=True)
    finish_round(start_round(tournament, organizer, "big-1"), organizer)
    round2 = start_round(tournament, organizer, "big-2")
    for table in round2.tables.all():
        play_table(table, organizer, hands=1)
        seat = table.seats.order_by("position").first()
        services.hand_submit(
            table=table,
            number=2,
            source="payments",
            data={"payments": {s.position: 0 for s in table.seats.all()}, "kind": "passed_out"},
            submitted_by=seat.player,
        )
    return tournament


def queries(fn: Any) -> int:
    with CaptureQueriesContext(connection) as captured:
        fn()
    return len(captured)


def measure(organizer: Any, players: int) -> dict[str, int]:
    tournament = event(organizer, players)
    client = Client()
    client.force_login(organizer)
    page = f"/t/{tournament.slug}/manage/rounds/2/"
    tables = Round.objects.get(tournament=tournament, number=2).tables.count()

    def round_page() -> None:
        response = client.get(page)
        assert response.status_code == 200
        body = response.content.decode()
        # the progress table shows the real counts: 1 of 3 deals done everywhere, one hand pending each
        assert f"{tables} of {tables * 3} deals done" in body
        assert body.count('<span class="count">1/3</span>') == tables
        assert f"{tables} awaiting confirmation" in body

    def progress() -> None:
        response = client.get(page + "progress/")
        assert response.status_code == 200
        assert response.content.decode().count('<span class="count">1/3</span>') == tables

    client.get(page)  # the session, the language: what a first request loads once
    counts = {
        "round page": queries(round_page),
        "progress": queries(progress),
        "recompute": queries(lambda: standings_recompute(tournament)),
    }
    assert Standing.objects.filter(tournament=tournament, after_round=2).count() == players
    return counts


def test_round_page_and_recompute_cost_no_query_per_table(organizer_user: Any) -> None:
    small = measure(organizer_user, 8)  # 2 tables
    large = measure(organizer_user, 24)  # 6 tables
    assert small == large, (small, large)
    assert large["round page"] <= 30, large
    assert large["progress"] <= 15, large
    assert large["recompute"] <= 20, large


def recomputations(tournament: Tournament) -> int:
    return StandingsState.objects.get(tournament=tournament).recomputations


def test_a_draw_recomputes_the_standings_only_when_they_are_not_current(
    organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # the worker keeps the standings current
        tournament = site_tournament(organizer_user)
        finish_round(tournament.rounds.get(number=2), organizer_user)
    before = recomputations(tournament)
    round3 = services.round_generate(tournament, seed="big-3", by=organizer_user)  # swiss
    assert recomputations(tournament) == before  # current: the draw reads them as they are
    totals = dict(
        Standing.objects.filter(tournament=tournament, after_round=2).values_list("player_id", "total")
    )
    assert round3.draw_input["scores"] == {str(p): float(t) for p, t in totals.items()}

    # An organizer corrects a hand of round 2; the worker has not recomputed yet (no commit callbacks run).
    table = tournament.rounds.get(number=2).tables.order_by("number").first()
    hand = table.hands.get(number=1)
    swapped = dict(zip(hand.payments, reversed(list(hand.payments.values())), strict=True))
    services.hand_submit(
        table=table, number=1, source="payments", data={"payments": swapped}, entered_by=organizer_user,
        trusted=True,
    )  # fmt: skip
    assert StandingsState.objects.get(tournament=tournament).stale_since is not None
    round3 = services.round_redraw(round3, seed="big-3b", by=organizer_user)
    assert recomputations(tournament) == before + 1  # stale: recomputed before drawing
    totals = dict(
        Standing.objects.filter(tournament=tournament, after_round=2).values_list("player_id", "total")
    )
    assert round3.draw_input["scores"] == {str(p): float(t) for p, t in totals.items()}
