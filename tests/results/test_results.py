"""Entering results: payments, summaries scored by the engine, records replayed by the engine;
confirmation by a second member, disputes, organizer resolution and voiding, idempotent retries."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.results.models import Dispute, Hand, HandSubmission
from tournaments.standings.models import Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def table4():
    tournament = TournamentFactory(deals_per_round_4=4, deals_per_round_5=5)
    players = PlayerFactory.create_batch(4)
    return seated_table(tournament, players)


@pytest.fixture
def table5():
    tournament = TournamentFactory(deals_per_round_4=4, deals_per_round_5=5)
    players = PlayerFactory.create_batch(5)
    return seated_table(tournament, players)


def played(bid, declarer, partner, *, points, tricks, **extra):
    """A plain played hand's summary: no announcements, kontras or bonuses."""
    result = {
        "declarer_card_points": points,
        "declarer_tricks": tricks,
        "trull": None,
        "four_kings": None,
        "pagat_last_trick": None,
        "xxi_catch": None,
    }
    return {
        "kind": "played",
        "bid": bid,
        "declarer": declarer,
        "partner": partner,
        "game_kontra": 0,
        "announcements": [],
        "declarations": [],
        "result": result,
        **extra,
    }


def seat(table, position):
    return table.seats.get(position=position).player


def pay(a, b, c, d, e=None, kind="played"):
    payments = {"A": a, "B": b, "C": c, "D": d}
    if e is not None:
        payments["E"] = e
    return {"payments": payments, "kind": kind}


def test_it_keeps_an_entry_pending_until_a_second_member_confirms(table4) -> None:
    sub = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(2, -2, 2, -2), submitted_by=seat(table4, "A")
    )
    assert sub.status == HandSubmission.Status.PENDING
    assert Hand.objects.get().status == Hand.Status.PENDING
    services.hand_confirm(sub, seat(table4, "C"))
    hand = Hand.objects.get()
    assert hand.status == Hand.Status.CONFIRMED
    assert hand.payments == {"A": 2, "B": -2, "C": 2, "D": -2}


def test_it_refuses_a_confirmation_by_the_submitter(table4) -> None:
    sub = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(2, -2, 2, -2), submitted_by=seat(table4, "A")
    )
    with pytest.raises(ValidationError) as err:
        services.hand_confirm(sub, seat(table4, "A"))
    assert "confirmed_by" in err.value.message_dict


def test_it_refuses_payments_that_do_not_sum_to_zero_and_stores_nothing(table4) -> None:
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4, number=1, source="payments", data=pay(2, -2, 2, -1), submitted_by=seat(table4, "A")
        )
    assert "sum to zero" in err.value.message_dict["data.payments"][0]
    assert HandSubmission.objects.count() == 0


def test_it_gives_the_sitting_out_dealer_of_a_five_table_nothing(table5) -> None:
    # Hand 1 at a 5-table: A deals first and sits out.
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table5,
            number=1,
            source="payments",
            data=pay(1, -1, 1, -1, 0),
            submitted_by=seat(table5, "B"),
        )
    assert "data.payments.A" in err.value.message_dict
    sub = services.hand_submit(
        table=table5, number=1, source="payments", data=pay(0, 1, -1, 1, -1), submitted_by=seat(table5, "B")
    )
    assert sub.payments["A"] == 0


def test_it_enforces_the_number_of_deals_and_their_order(table4) -> None:
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4, number=5, source="payments", data=pay(0, 0, 0, 0), submitted_by=seat(table4, "A")
        )
    assert "between 1 and 4" in err.value.message_dict["number"][0]
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4, number=2, source="payments", data=pay(0, 0, 0, 0), submitted_by=seat(table4, "A")
        )
    assert "enter hand 1 first" in err.value.message_dict["number"][0]


def test_it_confirms_when_a_second_member_enters_the_same_result(table4) -> None:
    first = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    again = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "B")
    )
    assert again.pk == first.pk
    assert again.status == HandSubmission.Status.CONFIRMED
    assert again.confirmed_by == seat(table4, "B")


def test_it_opens_a_dispute_keeping_both_versions_when_two_entries_differ(table4) -> None:
    services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    services.hand_submit(
        table=table4, number=1, source="payments", data=pay(2, -2, 2, -2), submitted_by=seat(table4, "B")
    )
    dispute = Dispute.objects.get()
    assert dispute.status == Dispute.Status.OPEN
    assert sorted(s.payments["A"] for s in dispute.submissions.all()) == [1, 2]
    assert Hand.objects.get().status == Hand.Status.DISPUTED


def test_it_lets_an_organizer_resolve_a_dispute_by_choosing_a_version(table4) -> None:
    organizer = get_user_model().objects.create_user("org")
    services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    second = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(2, -2, 2, -2), submitted_by=seat(table4, "B")
    )
    services.dispute_resolve(Dispute.objects.get(), chosen=second, resolved_by=organizer, note="B is right")
    dispute = Dispute.objects.get()
    assert (dispute.status, dispute.chosen_id, dispute.resolved_by) == (
        Dispute.Status.RESOLVED,
        second.pk,
        organizer,
    )
    statuses = dict(HandSubmission.objects.values_list("version", "status"))
    assert statuses == {1: "rejected", 2: "confirmed"}
    assert Hand.objects.get().payments["A"] == 2


def test_it_voids_a_hand_that_cannot_be_reconciled(table4) -> None:
    organizer = get_user_model().objects.create_user("org")
    services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    services.hand_submit(
        table=table4, number=1, source="payments", data=pay(2, -2, 2, -2), submitted_by=seat(table4, "B")
    )
    services.hand_void(Hand.objects.get(), by=organizer, reason="nobody remembers")
    hand = Hand.objects.get()
    assert hand.status == Hand.Status.VOIDED
    assert hand.payments == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert Dispute.objects.get().status == Dispute.Status.VOIDED
    assert HandSubmission.objects.count() == 3  # nothing overwritten: both entries and the void are kept


def test_it_keeps_every_correction_with_who_and_when(table4) -> None:
    organizer = get_user_model().objects.create_user("org")
    sub = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    services.hand_confirm(sub, seat(table4, "B"))
    services.hand_submit(
        table=table4,
        number=1,
        source="payments",
        data=pay(3, -3, 3, -3),
        entered_by=organizer,
        trusted=True,
        note="scoresheet re-checked",
    )
    versions = list(HandSubmission.objects.order_by("version").values_list("version", "status", "entered_by"))
    assert versions == [(1, "superseded", None), (2, "confirmed", organizer.pk)]
    hand = Hand.objects.get()
    history = list(hand.history.order_by("history_date").values_list("payments", flat=True))
    assert history[-1] == {"A": 3, "B": -3, "C": 3, "D": -3}
    assert {"A": 1, "B": -1, "C": 1, "D": -1} in history  # the before state is kept
    assert HandSubmission.history.filter(id=sub.pk).count() >= 2


def test_it_returns_the_first_submission_for_a_retry_with_the_same_key(table4) -> None:
    data = pay(1, -1, 1, -1)
    first = services.hand_submit(
        table=table4,
        number=1,
        source="payments",
        data=data,
        submitted_by=seat(table4, "A"),
        idempotency_key="phone-123",
    )
    retry = services.hand_submit(
        table=table4,
        number=1,
        source="payments",
        data=data,
        submitted_by=seat(table4, "A"),
        idempotency_key="phone-123",
    )
    assert retry.pk == first.pk
    assert HandSubmission.objects.count() == 1
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4,
            number=1,
            source="payments",
            data=pay(2, -2, 2, -2),
            submitted_by=seat(table4, "A"),
            idempotency_key="phone-123",
        )
    assert "idempotency_key" in err.value.message_dict


def test_it_lets_the_database_refuse_a_second_confirmed_version(table4) -> None:
    sub = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    services.hand_confirm(sub, seat(table4, "B"))
    with pytest.raises(IntegrityError), transaction.atomic():
        HandSubmission.objects.create(
            hand=sub.hand,
            version=9,
            source="payments",
            payments=sub.payments,
            status=HandSubmission.Status.CONFIRMED,
        )


def test_it_lets_the_database_refuse_a_confirmer_equal_to_the_submitter(table4) -> None:
    sub = services.hand_submit(
        table=table4, number=1, source="payments", data=pay(1, -1, 1, -1), submitted_by=seat(table4, "A")
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        HandSubmission.objects.filter(pk=sub.pk).update(confirmed_by=seat(table4, "A"))


def test_it_scores_a_summary_with_the_engine(table4) -> None:
    # Hand 1, A deals first so B bids first: seats B, C, D, A. Declarer C bids two, partner D, plain game
    # won with 52 points: the game is 2 (bid two), each of C, D receives 2 from B and A.
    summary = played("two", "C", "D", points=52, tricks=6)
    sub = services.hand_submit(
        table=table4, number=1, source="summary", data=summary, submitted_by=seat(table4, "A")
    )
    assert sub.payments == {"A": -2, "B": -2, "C": 2, "D": 2}
    assert sub.payload["seats"] == ["B", "C", "D", "A"]


def test_it_opens_a_dispute_when_entered_payments_differ_from_the_engines_score(table4) -> None:
    summary = played("two", "C", "D", points=52, tricks=6, payments={"A": -1, "B": -1, "C": 1, "D": 1})
    sub = services.hand_submit(
        table=table4, number=1, source="summary", data=summary, submitted_by=seat(table4, "A")
    )
    assert sub.status == HandSubmission.Status.DISPUTED
    assert sub.entered_payments == {"A": -1, "B": -1, "C": 1, "D": 1}
    assert sub.payments == {"A": -2, "B": -2, "C": 2, "D": 2}
    assert Dispute.objects.get().status == Dispute.Status.OPEN


def test_it_names_the_summary_field_the_engine_rejects(table4) -> None:
    summary = played("two", "C", "D", points=95, tricks=6)
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4, number=1, source="summary", data=summary, submitted_by=seat(table4, "A")
        )
    assert "data.result.declarer_card_points" in err.value.message_dict
    assert HandSubmission.objects.count() == 0


def test_it_updates_live_standings_when_a_hand_is_confirmed(
    table4, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.hand_submit(
            table=table4, number=1, source="payments", data=pay(3, -1, -1, -1), submitted_by=seat(table4, "A")
        )
        services.hand_confirm(sub, seat(table4, "B"))
    top = Standing.objects.filter(after_round=1).order_by("rank").first()
    assert top.player == seat(table4, "A")
    assert top.game_points == 3


def test_it_doubles_the_round_after_a_passed_out_hand_under_pagat_rules() -> None:
    tournament = TournamentFactory(rules_preset="pagat", deals_per_round_4=8)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data={"payments": {"A": 0, "B": 0, "C": 0, "D": 0}, "kind": "passed_out"},
        submitted_by=players[0],
    )
    deal = services.next_deal(table, 2)
    assert (deal.dealer, deal.stake) == ("A", 2)  # the same dealer deals again, for double
    summary = played("three", "B", "C", points=50, tricks=5, stake=1)
    with pytest.raises(ValidationError) as err:
        services.hand_submit(table=table, number=2, source="summary", data=summary, submitted_by=players[0])
    assert "must be 2" in err.value.message_dict["data.stake"][0]
    del summary["stake"]
    sub = services.hand_submit(table=table, number=2, source="summary", data=summary, submitted_by=players[0])
    assert sub.payments == {"A": -2, "B": 2, "C": 2, "D": -2}  # a three (1) won, doubled
    assert Hand.objects.get(number=2).stake == 2


def test_it_replays_a_hand_record_and_refuses_one_played_under_other_rules(table4) -> None:
    from engine.hungarian.bots import RuleBot, play_hand
    from tournaments.core.formats import rules_for

    deal = services.next_deal(table4, 1)
    rules = rules_for("tournament", {}, {"game": "hungarian"})
    hand = play_hand(11, [RuleBot()] * 4, rules=rules, seats=list(deal.active))
    sub = services.hand_submit(
        table=table4, number=1, source="record", data=hand.record(), submitted_by=seat(table4, "A")
    )
    assert sub.payments == {p: hand.payments()[p] for p in "ABCD"}
    other = play_hand(11, [RuleBot()] * 4, seats=list(deal.active))  # pagat rules
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4, number=1, source="record", data=other.record(), submitted_by=seat(table4, "B")
        )
    assert "data.rules" in err.value.message_dict


def test_it_rejects_malformed_entered_payments_beside_a_summary(table4) -> None:
    summary = played("two", "C", "D", points=52, tricks=6, payments=[1, -1, 1, -1])
    with pytest.raises(ValidationError) as err:
        services.hand_submit(
            table=table4, number=1, source="summary", data=summary, submitted_by=seat(table4, "A")
        )
    assert "data.payments" in err.value.message_dict
    assert HandSubmission.objects.count() == 0
