"""Standings: totals, per-round breakdown, tie-breaks, 5-table fairness, stored == from scratch."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.draw.models import Round
from tournaments.standings.compute import RoundLine, ScoringFormat, compute_standings, table_places
from tournaments.standings.models import Standing, TableResult
from tournaments.standings.services import standings_recompute, standings_refresh, standings_snapshot

FMT = ScoringFormat(
    "table_points",
    ("total", "table_points", "table_wins", "best_round", "opponents_total", "fewest_hands_lost"),
)

HUNGARIAN = SimpleNamespace(
    game="hungarian", rules_preset="tournament", rules_options={}
)  # a tournament, as read


def test_it_ranks_by_total_then_the_ordered_tiebreaks() -> None:
    lines = {
        1: [RoundLine(1, 5, 1000, 16, 4, won_table=True), RoundLine(2, 0, 600, 16, 8)],
        2: [RoundLine(1, 2, 800, 16, 5), RoundLine(2, 2, 800, 16, 5)],  # 16 too, no win
        3: [RoundLine(1, -9, 600, 16, 9), RoundLine(2, 9, 1000, 16, 2, won_table=True)],
    }
    rows = compute_standings(FMT, lines, {})
    # 1 and 3 both have 16 points and one table win; best round 10 each; opponents' total 0 (no
    # opponents listed); fewest hands lost: 1 lost 12, 3 lost 11 -> 3 ahead of 1; 2 has no table win.
    assert [(r.player_id, r.rank) for r in rows] == [(3, 1), (1, 2), (2, 3)]


def test_it_shares_a_rank_when_every_tiebreak_is_equal() -> None:
    line = RoundLine(1, 0, 700, 16, 4)
    rows = compute_standings(FMT, {1: [line], 2: [line], 3: [RoundLine(1, 0, 400, 16, 9)]}, {})
    assert [r.rank for r in rows] == [1, 1, 3]


def test_it_adds_penalties_to_the_total() -> None:
    rows = compute_standings(
        FMT, {1: [RoundLine(1, 0, 1000, 16, 0)], 2: [RoundLine(1, 0, 800, 16, 0)]}, {1: -3}
    )
    assert [(r.player_id, r.total_cents) for r in rows] == [(2, 800), (1, 700)]


def test_it_lets_every_player_of_a_five_table_play_as_many_hands_as_at_a_four_table() -> None:
    # 20 deals at a 5-table, the deal passing to the right: each player deals (and sits out) 4 times.
    positions = {p: i for i, p in enumerate("ABCDE", start=1)}
    hands = []
    for number in range(20):
        dealer = "ABCDE"[number % 5]
        active = [p for p in "ABCDE" if p != dealer]
        hands.append((dealer, {dealer: 0, active[0]: 3, active[1]: -1, active[2]: -1, active[3]: -1}))
    lines = table_places(positions, hands, [10, 8, 6, 4, 4], HUNGARIAN)
    assert {line.hands_played for line in lines.values()} == {16}
    four = table_places(
        {p: i for i, p in enumerate("ABCD", 1)},
        [("ABCD"[n % 4], {"A": 1, "B": -1, "C": 1, "D": -1}) for n in range(16)],
        [10, 8, 6, 4],
        HUNGARIAN,
    )
    assert {line.hands_played for line in four.values()} == {16}


@pytest.mark.django_db
def test_it_keeps_stored_standings_equal_to_a_recomputation_from_scratch(
    django_capture_on_commit_callbacks,
) -> None:
    rng = random.Random(5)
    organizer = get_user_model().objects.create_user("org")
    tournament = TournamentFactory(deals_per_round_4=4, deals_per_round_5=5, scoring="both")
    players = PlayerFactory.create_batch(9)
    tables = []
    for number in (1, 2):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.IN_PLAY, seed="s"
        )
        order = players[:]
        rng.shuffle(order)
        tables += [
            seated_table(tournament, order[:4], round_=round_),
            seated_table(tournament, order[4:], round_=round_),
        ]
    with django_capture_on_commit_callbacks(execute=True):
        for table in tables:
            positions = list(table.seats.values_list("position", flat=True))
            deals = 5 if len(positions) == 5 else 4
            for number in range(1, deals + 1):
                deal = services.next_deal(table, number)
                amounts = [rng.choice([1, 2, 4, 6]), 0, 0]
                payments = dict.fromkeys(positions, 0)
                a, b, c, d = deal.active
                payments.update({a: amounts[0], b: amounts[0], c: -amounts[0], d: -amounts[0]})
                seats = {s.position: s.player for s in table.seats.all()}
                sub = services.hand_submit(
                    table=table,
                    number=number,
                    source="payments",
                    data={"payments": payments},
                    submitted_by=seats[a],
                )
                if rng.random() < 0.2:  # an organizer correction now and then
                    payments = {p: -v for p, v in payments.items()}
                    services.hand_submit(
                        table=table,
                        number=number,
                        source="payments",
                        data={"payments": payments},
                        entered_by=organizer,
                        trusted=True,
                    )
                else:
                    services.hand_confirm(sub, seats[b])
        services.penalty_award(
            tournament=tournament, player=players[0], points=-2, reason="late", by=organizer
        )
    stored = standings_snapshot(tournament)
    assert len(stored) == 18  # 9 players after round 1 and after round 2
    assert tournament.standings_state.stale_since is None
    # a refresh of current standings does nothing
    assert standings_refresh(tournament.pk) is False
    Standing.objects.all().delete()
    TableResult.objects.all().delete()
    standings_recompute(tournament)
    assert standings_snapshot(tournament) == stored
