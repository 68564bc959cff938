"""The eight integrity defects of issue #10, each driven through the services as a table or an organizer
would, on SQLite here and on PostgreSQL in .ci/run."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from engine.hungarian.rules import PRESETS
from engine.hungarian.scoring import max_payment
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.draw.models import Round, Seat
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, Hand, HandSubmission, Penalty
from tournaments.standings.models import Standing
from tournaments.standings.services import standings_recompute, standings_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return get_user_model().objects.create_user("org")


@pytest.fixture
def table4():
    tournament = TournamentFactory(deals_per_round_4=4, deals_per_round_5=5)
    return seated_table(tournament, PlayerFactory.create_batch(4))


def seat(table, position):
    return table.seats.get(position=position).player


def pay(a, b, c, d, e=None, kind="played"):
    payments = {"A": a, "B": b, "C": c, "D": d} | ({"E": e} if e is not None else {})
    return {"payments": payments, "kind": kind}


def member_entry(table, number, data, by, **extra):
    return services.hand_submit(
        table=table, number=number, source="payments", data=data, submitted_by=by, **extra
    )


def confirmed_by_two(table, number, data):
    sub = member_entry(table, number, data, seat(table, "A"))
    return services.hand_confirm(sub, seat(table, "B"))


def assert_standings_current(tournament):
    stored = standings_snapshot(tournament)
    standings_recompute(tournament)
    assert standings_snapshot(tournament) == stored


# --- 1. a round closes while entries land ------------------------------------------------------------


def test_it_refuses_entries_and_confirmations_once_the_round_is_closed(table4) -> None:
    sub = member_entry(table4, 1, pay(1, -1, 1, -1), seat(table4, "A"))
    round_ = table4.round
    with pytest.raises(ValidationError) as err:
        services.round_close(round_)
    assert "table 1 hand 1: entry awaiting confirmation" in err.value.message_dict["round"][0]
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)  # closed by another process
    stale_table = table4  # loaded before the close, as a phone would hold it
    with pytest.raises(ValidationError) as err:
        services.hand_confirm(sub, seat(stale_table, "B"))
    assert "closed" in err.value.message_dict["round"][0]
    with pytest.raises(ValidationError) as err:
        member_entry(stale_table, 2, pay(0, 0, 0, 0), seat(stale_table, "A"))
    assert err.value.error_dict["round"][0].code == "conflict"
    assert HandSubmission.objects.count() == 1


def test_it_lists_open_disputes_when_refusing_to_close(table4) -> None:
    member_entry(table4, 1, pay(1, -1, 1, -1), seat(table4, "A"))
    member_entry(table4, 1, pay(2, -2, 2, -2), seat(table4, "B"))
    with pytest.raises(ValidationError) as err:
        services.round_close(table4.round)
    assert "table 1 hand 1: dispute open" in err.value.message_dict["round"][0]


# --- 2. a late entry pulls a confirmed or voided hand out of the standings ---------------------------


def test_it_refuses_a_late_different_entry_for_a_confirmed_hand_and_keeps_it_counting(
    table4, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        confirmed_by_two(table4, 1, pay(1, -1, 1, -1))
        with pytest.raises(ValidationError) as err:
            member_entry(table4, 1, pay(5, -5, 5, -5), seat(table4, "C"))
    assert "already confirmed" in err.value.message_dict["number"][0]
    assert Hand.objects.get().status == Hand.Status.CONFIRMED
    assert Standing.objects.get(player=seat(table4, "A")).game_points == 1
    # the same result entered again is no change at all
    assert member_entry(table4, 1, pay(1, -1, 1, -1), seat(table4, "C")).status == "confirmed"


def test_it_takes_a_contested_hand_out_of_the_standings_at_once(
    table4, django_capture_on_commit_callbacks
) -> None:
    tournament = table4.round.tournament
    with django_capture_on_commit_callbacks(execute=True):
        confirmed_by_two(table4, 1, pay(1, -1, 1, -1))
    assert Standing.objects.get(player=seat(table4, "A")).game_points == 1
    with django_capture_on_commit_callbacks(execute=True):
        dispute = services.hand_contest(
            Hand.objects.get(), contested_by=seat(table4, "C"), reason="we won 5", data=pay(5, -5, 5, -5)
        )
    assert Hand.objects.get().status == Hand.Status.DISPUTED
    assert Standing.objects.get(player=seat(table4, "A")).game_points == 0  # refreshed, not stale
    assert_standings_current(tournament)
    assert dispute.opened_by.startswith(f"player:{seat(table4, 'C').pk}:")
    assert sorted(dispute.submissions.values_list("version", flat=True)) == [1, 2]
    # a retried contest returns the same dispute
    again = services.hand_contest(Hand.objects.get(), contested_by=seat(table4, "C"), reason="we won 5")
    assert again.pk == dispute.pk


def test_it_makes_the_organizers_decision_final_for_the_table(table4, organizer) -> None:
    member_entry(table4, 1, pay(1, -1, 1, -1), seat(table4, "A"))
    member_entry(table4, 1, pay(2, -2, 2, -2), seat(table4, "B"))
    services.hand_void(Hand.objects.get(), by=organizer, reason="sheets lost")
    for attempt in (
        lambda: member_entry(table4, 1, pay(3, -3, 3, -3), seat(table4, "C")),
        lambda: services.hand_contest(Hand.objects.get(), contested_by=seat(table4, "D"), reason="no"),
    ):
        with pytest.raises(ValidationError) as err:
            attempt()
        assert err.value.error_dict["number"][0].code == "conflict"
    assert Hand.objects.get().status == Hand.Status.VOIDED
    assert Dispute.objects.get().status == Dispute.Status.VOIDED


# --- 3. payments have no bounds ----------------------------------------------------------------------


def test_it_bounds_payments_by_what_the_rules_can_produce_at_the_stake(table4) -> None:
    limit = max_payment(PRESETS["tournament"])
    with pytest.raises(ValidationError) as err:
        member_entry(table4, 1, pay(2**31, -(2**31), 0, 0), seat(table4, "A"))
    message = err.value.message_dict["data.payments.A"][0]
    assert f"at most {limit}" in message
    assert "stake 1" in message
    assert HandSubmission.objects.count() == 0
    unusual = pay(limit, -limit, 0, 0)  # possible, but far beyond a plausible hand: asked first
    with pytest.raises(ValidationError) as err:
        member_entry(table4, 1, unusual, seat(table4, "A"))
    assert err.value.error_dict["data.payments.A"][0].code == "unusual"
    sub = member_entry(table4, 1, unusual, seat(table4, "A"), confirm_unusual=True)
    assert sub.payments["A"] == limit


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_it_bounds_every_hand_the_engine_plays_by_max_payment(preset) -> None:
    from engine.hungarian.bots import RandomBot, RuleBot, play_hand

    rules = PRESETS[preset]
    limit = max_payment(rules)
    worst = 0
    for seed in range(150):
        bots = [RandomBot(), RuleBot(), RandomBot(), RuleBot()] if seed % 2 else [RandomBot()] * 4
        hand = play_hand(seed, bots, rules=rules)
        worst = max(worst, *(abs(v) for v in hand.payments().values()))
    assert 0 < worst <= limit
    assert limit * 32 * 20 < 2**31  # a whole round at the highest stake fits any integer column


# --- 4. penalties are idempotent like submissions (the broker side: test_broker_outage.py) -----------


def test_it_awards_a_penalty_once_for_a_retried_request(table4, organizer) -> None:
    tournament = table4.round.tournament
    player = seat(table4, "A")
    first = services.penalty_award(
        tournament=tournament, player=player, points=-2, reason="late", by=organizer, idempotency_key="k-1"
    )
    again = services.penalty_award(
        tournament=tournament, player=player, points=-2, reason="late", by=organizer, idempotency_key="k-1"
    )
    assert again.pk == first.pk
    assert Penalty.objects.count() == 1
    with pytest.raises(ValidationError) as err:
        services.penalty_award(
            tournament=tournament,
            player=player,
            points=-3,
            reason="late",
            by=organizer,
            idempotency_key="k-1",
        )
    assert err.value.error_dict["idempotency_key"][0].code == "idempotency_mismatch"


def test_it_returns_the_confirmed_version_for_a_retried_confirmation(table4) -> None:
    sub = member_entry(table4, 1, pay(1, -1, 1, -1), seat(table4, "A"))
    services.hand_confirm(sub, seat(table4, "B"))
    again = services.hand_confirm(sub, seat(table4, "B"))
    assert again.status == "confirmed"
    assert HandSubmission.objects.count() == 1


# --- 6. audit gaps -----------------------------------------------------------------------------------


def test_it_keeps_the_history_of_a_drawn_round_and_of_the_tournaments_start(organizer) -> None:
    tournament = TournamentFactory()
    for player in PlayerFactory.create_batch(9):
        services.player_register(tournament, player, check_in=True, by=organizer)
    round_ = services.round_generate(tournament, seed="s", by=organizer)
    label = f"user:{organizer.pk}:org"
    seats = Seat.history.filter(round_id=round_.pk)
    assert seats.count() == 9
    assert set(seats.values_list("history_actor", flat=True)) == {label}
    moves = Tournament.history.filter(id=tournament.pk).values_list("status", "history_actor")
    assert ("running", label) in list(moves)


def test_it_names_someone_on_every_history_row_of_a_dispute_sequence(table4, organizer) -> None:
    a, b = seat(table4, "A"), seat(table4, "B")
    member_entry(table4, 1, pay(1, -1, 1, -1), a)
    member_entry(table4, 1, pay(2, -2, 2, -2), b)
    dispute = Dispute.objects.get()
    services.dispute_resolve(dispute, chosen=HandSubmission.objects.get(version=2), resolved_by=organizer)
    services.hand_void(Hand.objects.get(), by=organizer, reason="changed our minds")
    rows = [
        *Hand.history.values_list("history_actor", flat=True),
        *HandSubmission.history.values_list("history_actor", flat=True),
        *Dispute.history.values_list("history_actor", flat=True),
    ]
    assert len(rows) >= 12
    assert all(row.startswith(("player:", "user:")) for row in rows), rows
    assert f"player:{a.pk}:{a.name}" in rows
    assert f"player:{b.pk}:{b.name}" in rows
    links = dispute.links.values_list("submission__version", "added_by")
    assert [v for v, _ in links] == [1, 2]
    assert {by for _, by in links} == {f"player:{b.pk}:{b.name}"}


def test_it_refuses_to_store_a_change_that_names_no_one() -> None:
    from tournaments.core.audit import AuditError, _current

    token = _current.set(None)
    try:
        with pytest.raises(AuditError):
            TournamentFactory()
    finally:
        _current.reset(token)


# --- 7. correcting an earlier hand leaves later hands wrong ------------------------------------------


def test_it_moves_later_deals_when_an_earlier_hand_is_corrected(organizer) -> None:
    from tests.results.test_results import played

    tournament = TournamentFactory(rules_preset="pagat", deals_per_round_4=8, deals_per_round_5=10)
    table = seated_table(tournament, PlayerFactory.create_batch(5))
    players = {s.position: s.player for s in table.seats.all()}
    # hand 1 (A deals, sits out) played; hand 2 (B deals) entered as a summary; hand 3 as bare payments
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data=pay(0, 1, -1, 1, -1),
        trusted=True,
        entered_by=organizer,
    )
    deal2 = services.next_deal(table, 2)
    assert (deal2.dealer, deal2.stake) == ("B", 1)
    summary = played("three", "D", "E", points=50, tricks=5)  # C bids first (B deals)
    services.hand_submit(
        table=table, number=2, source="summary", data=summary, trusted=True, entered_by=organizer
    )
    deal3 = services.next_deal(table, 3)
    services.hand_submit(
        table=table,
        number=3,
        source="payments",
        data={"payments": dict.fromkeys("ABCDE", 0) | {"D": 2, "E": -2}},
        submitted_by=players["A"],
    )
    assert deal3.dealer == "C"
    # the organizer corrects hand 1: it was passed out, so A deals hand 2 again, at double stake
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data=pay(0, 0, 0, 0, 0, kind="passed_out"),
        trusted=True,
        entered_by=organizer,
        note="it was passed out",
    )
    hand2, hand3 = Hand.objects.get(number=2), Hand.objects.get(number=3)
    assert (hand2.dealer, hand2.stake) == ("A", 2)
    assert (hand3.dealer, hand3.stake) == ("B", 2)
    # hand 2 was re-scored from its own summary (A sits out now and gets 0; doubled)
    assert hand2.status == Hand.Status.CONFIRMED
    assert hand2.payments == {"A": 0, "B": -2, "C": -2, "D": 2, "E": 2}
    rescored = hand2.submissions.get(status="confirmed")
    assert (rescored.dealer, rescored.stake, rescored.version) == ("A", 2, 2)
    assert "re-scored" in rescored.note
    # hand 3's pending bare payments were for the old deal: sent back to the table
    assert hand3.status == Hand.Status.PENDING
    assert not hand3.submissions.filter(status__in=("pending", "confirmed")).exists()
    assert services.next_deal(table, 4).dealer == "C"


# --- 8. unchecked input ------------------------------------------------------------------------------


def test_it_rejects_a_hand_number_given_as_text_or_a_fraction(table4) -> None:
    for number in ("1", 1.5, True, None):
        with pytest.raises(ValidationError) as err:
            member_entry(table4, number, pay(1, -1, 1, -1), seat(table4, "A"))
        assert "whole number" in err.value.message_dict["number"][0]
    assert HandSubmission.objects.count() == Hand.objects.count() == 0


def test_a_drawn_tournaments_format_is_fixed_and_its_standings_stay(
    table4, organizer, django_capture_on_commit_callbacks
) -> None:
    """Once round 1 is drawn the format the players are ranked by cannot change, whoever saves it (issue 31
    §4: ``tournament_save`` holds the lock); a bad value is still named as such first."""
    tournament = table4.round.tournament
    with django_capture_on_commit_callbacks(execute=True):
        confirmed_by_two(table4, 1, pay(3, -1, -1, -1))
    assert Standing.objects.get(player=seat(table4, "A")).total == 10  # table points 10-8-6-4
    tournament.scoring = Tournament.Scoring.GAME_POINTS
    with pytest.raises(ValidationError) as err, django_capture_on_commit_callbacks(execute=True):
        services.tournament_save(tournament, by=organizer)
    assert "round 1 is drawn" in str(err.value.message_dict["scoring"])
    tournament.refresh_from_db()
    assert tournament.scoring != Tournament.Scoring.GAME_POINTS
    assert Standing.objects.get(player=seat(table4, "A")).total == 10
    tournament.table_points_4 = [1, 2, 3, 4]
    with pytest.raises(ValidationError) as err:
        services.tournament_save(tournament, by=organizer)
    assert "table_points_4" in err.value.message_dict


def test_it_lets_an_organizer_correct_a_hand_after_the_round_is_closed(
    organizer, django_capture_on_commit_callbacks
) -> None:
    tournament = TournamentFactory(deals_per_round_4=1)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    with django_capture_on_commit_callbacks(execute=True):
        confirmed_by_two(table, 1, pay(1, -1, 1, -1))
        services.round_close(table.round, by=organizer)
        services.hand_submit(
            table=table,
            number=1,
            source="payments",
            data=pay(2, -2, 2, -2),
            entered_by=organizer,
            trusted=True,
        )
    assert Round.objects.get().status == Round.Status.CLOSED
    assert Standing.objects.get(player=seat(table, "A")).game_points == 2
    with pytest.raises(ValidationError):  # the table itself can no longer change anything
        member_entry(table, 1, pay(4, -4, 4, -4), seat(table, "C"))
