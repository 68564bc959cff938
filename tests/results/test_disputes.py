"""The dispute validator: a task weighs each dispute with the engine after the commit, decides what the engine
can settle (a legal hand record, a typing error), escalates the rest to the organizer, and explains itself.

Entries go through the services inside ``django_capture_on_commit_callbacks(execute=True)``, so the
validation task runs at the commit as the worker would (tasks are eager in the tests)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from engine.hungarian.bots import RuleBot, play_hand
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.results.test_results import pay, played, seat
from tournaments import services, tasks
from tournaments.core.formats import rules_for
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, DisputeFinding, Hand, HandSubmission
from tournaments.results.services.disputes import dispute_validate
from tournaments.standings.models import Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def table4():
    tournament = TournamentFactory(deals_per_round_4=4, deals_per_round_5=5)
    return seated_table(tournament, PlayerFactory.create_batch(4))


@pytest.fixture
def organizer():
    return get_user_model().objects.create_user("org")


@pytest.fixture
def entered(django_capture_on_commit_callbacks):
    """Enter a hand as a member of the table, with the commit's tasks (the validator's) run."""

    def enter(table, position, source, data, number=1):
        with django_capture_on_commit_callbacks(execute=True):
            return services.hand_submit(
                table=table,
                number=number,
                source=source,
                data=data,
                submitted_by=seat(table, position),
                confirm_unusual=True,  # the disputes here are made of deliberately wrong entries
            )

    return enter


def a_record(table, seed=11):
    """A hand played by the engine's bots for hand 1 of ``table``, as a table would upload it."""
    deal = services.next_deal(table, 1)
    hand = play_hand(
        seed,
        [RuleBot()] * 4,
        rules=rules_for("tournament", {}, {"game": "hungarian"}),
        seats=list(deal.active),
    )
    return hand.record(), {p: hand.payments()[p] for p in "ABCD"}


def only_finding() -> DisputeFinding:
    (finding,) = DisputeFinding.objects.all()
    return finding


# --- 1. a hand record that replays legally is evidence -------------------------------------------------


def test_it_confirms_a_legal_hand_record_over_payments_that_contradict_it(table4, entered) -> None:
    record, replayed = a_record(table4)
    wrong = {p: -amount for p, amount in replayed.items()}
    assert wrong != replayed
    typed = entered(table4, "A", "payments", {"payments": wrong})
    uploaded = entered(table4, "B", "record", record)

    dispute = Dispute.objects.get()
    finding = only_finding()
    assert (finding.outcome, finding.chosen_id, finding.dispute_version) == ("decided", uploaded.pk, 1)
    assert "Version 2 is a hand record that replays legally" in finding.explanation
    assert "version 1 gave only payments" in finding.explanation
    assert "Decided by the validator: version 2 is confirmed" in finding.explanation
    assert finding.validator == "system:validator"
    assert finding.differences["payments.A"] == {"1": wrong["A"], "2": replayed["A"], "engine": replayed["A"]}
    # the dispute is settled as the validator, and every version stays in place
    assert (dispute.status, dispute.chosen_id, dispute.resolved_by) == ("resolved", uploaded.pk, None)
    assert dispute.resolution == finding.explanation
    assert dispute.history.first().history_actor == "system:validator"
    hand = Hand.objects.get()
    assert (hand.status, hand.payments) == (Hand.Status.CONFIRMED, replayed)
    statuses = dict(HandSubmission.objects.values_list("pk", "status"))
    assert statuses == {typed.pk: "rejected", uploaded.pk: "confirmed"}


def test_it_prefers_the_replay_to_payments_typed_beside_the_record(table4, entered) -> None:
    record, replayed = a_record(table4)
    typed = {p: -amount for p, amount in replayed.items()}
    uploaded = entered(table4, "A", "record", {**record, "payments": typed})
    finding = only_finding()
    assert (finding.outcome, finding.chosen_id) == ("decided", uploaded.pk)
    assert "the payments typed beside it" in finding.explanation
    assert Hand.objects.get().payments == replayed


# --- 2. the same facts, payments typed wrong: the engine's score decides --------------------------------


def trull_hand(**extra):
    """C declares a two with D and wins the game (2 a player); the opponents make a silent trull."""
    summary = played("two", "C", "D", points=52, tricks=6, **extra)
    summary["result"]["trull"] = "opponents"
    return summary


def test_it_settles_a_typing_error_with_the_engines_score_and_names_the_item(table4, entered) -> None:
    clean = entered(table4, "A", "summary", trull_hand())
    engine = clean.payments
    assert engine == {"A": -1, "B": -1, "C": 1, "D": 1}  # the game 2, less the opponents' trull 1
    # B enters the same facts, with payments that forgot the trull
    mistyped = entered(table4, "B", "summary", trull_hand(payments={"A": -2, "B": -2, "C": 2, "D": 2}))

    dispute = Dispute.objects.get()
    assert sorted(dispute.submissions.values_list("version", flat=True)) == [1, 2]  # both weighed
    finding = only_finding()
    assert (finding.outcome, finding.chosen_id) == ("decided", clean.pk)
    text = finding.explanation
    assert text.startswith("Versions 1 and 2 agree on every fact of the hand;")
    assert "the payments typed with version 2 (A -2, B -2, C +2, D +2)" in text
    assert (
        "the trull (silent, made by the opponents; worth 1 a player), which the typed payments leave out"
        in text
    )
    assert "a typing error" in text
    assert finding.differences["payments.C"] == {"1": 1, "2": 2, "engine": 1}
    assert Hand.objects.get().payments == engine
    assert HandSubmission.objects.get(pk=mistyped.pk).status == "rejected"
    assert HandSubmission.objects.get(pk=mistyped.pk).entered_payments == {"A": -2, "B": -2, "C": 2, "D": 2}


def test_it_settles_a_single_summary_whose_typed_payments_miss_a_kontra(table4, entered) -> None:
    # a two with the game kontra'd: 4 a player; typed as if not kontra'd
    summary = played("two", "C", "D", points=52, tricks=6, game_kontra=1)
    sub = entered(table4, "A", "summary", {**summary, "payments": {"A": -2, "B": -2, "C": 2, "D": 2}})
    finding = only_finding()
    assert (finding.outcome, finding.chosen_id) == ("decided", sub.pk)
    assert finding.explanation.startswith("The engine accepts the summary of version 1;")
    assert "the game (won by the declarer's team; worth 4 a player with kontra ×2)" in finding.explanation
    assert "without its kontra" in finding.explanation
    assert Hand.objects.get().payments == {"A": -4, "B": -4, "C": 4, "D": 4}


# --- 3. versions that disagree on facts, or bare payments: escalated, never guessed -----------------------


def test_it_escalates_versions_that_disagree_on_the_facts_side_by_side(table4, entered) -> None:
    lost = played("two", "C", "D", points=42, tricks=4)
    won = played("two", "C", "D", points=52, tricks=4)
    won["result"]["trull"] = "declarer"
    entered(table4, "A", "summary", lost)
    entered(table4, "B", "summary", won)

    finding = only_finding()
    assert (finding.outcome, finding.chosen) == ("escalated", None)
    assert (
        "Version 1 says the declarer's team took 42 card points; "
        "version 2 says the declarer's team took 52 card points." in finding.explanation
    )
    assert "Version 1 says nobody took the trull; version 2 says the declarer's team took the trull." in (
        finding.explanation
    )
    assert finding.explanation.endswith("The organizer decides.")
    assert finding.differences["result.declarer_card_points"] == {"1": 42, "2": 52}
    assert finding.differences["result.trull"] == {"1": None, "2": "declarer"}
    assert Dispute.objects.get().status == Dispute.Status.OPEN
    assert Hand.objects.get().status == Hand.Status.DISPUTED
    assert set(HandSubmission.objects.values_list("status", flat=True)) == {"disputed"}


def test_it_leaves_two_different_bare_payments_to_the_organizer(table4, entered) -> None:
    entered(table4, "A", "payments", pay(1, -1, 1, -1))
    entered(table4, "B", "payments", pay(2, -2, 2, -2))
    finding = only_finding()
    assert finding.outcome == "escalated"
    assert "cannot check payments without the facts of the hand" in finding.explanation
    assert finding.differences["payments.A"] == {"1": 1, "2": 2}
    assert Dispute.objects.get().status == Dispute.Status.OPEN


def test_it_does_not_decide_between_bare_payments_and_a_summary(table4, entered) -> None:
    entered(table4, "A", "payments", pay(-2, -2, 2, 2))  # the game without the trull
    entered(table4, "B", "summary", trull_hand())
    finding = only_finding()
    assert finding.outcome == "escalated"
    assert "Version 1 gave only payments (A -2, B -2, C +2, D +2)" in finding.explanation
    assert "the trull (silent, made by the opponents" in finding.explanation  # a hint, not a decision
    assert Dispute.objects.get().status == Dispute.Status.OPEN


def test_it_escalates_a_contest_that_brings_no_other_version(
    table4, entered, django_capture_on_commit_callbacks
):
    entered(table4, "A", "payments", pay(1, -1, 1, -1))
    entered(table4, "B", "payments", pay(1, -1, 1, -1))
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_contest(Hand.objects.get(), contested_by=seat(table4, "C"), reason="we had a kontra")
    finding = only_finding()
    assert finding.outcome == "escalated"
    assert '("we had a kontra") is about something they do not show' in finding.explanation


def test_a_contest_of_one_confirmed_summary_says_it_agrees_with_the_engine(
    table4, entered, django_capture_on_commit_callbacks
):
    """One version, confirmed: it has nothing to agree with but the engine, and the finding says so in the
    singular (it read "Version 1 agree with each other")."""
    submission = entered(table4, "A", "summary", trull_hand())
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_confirm(submission, seat(table4, "B"))
        services.hand_contest(Hand.objects.get(), contested_by=seat(table4, "C"), reason="we had a kontra")
    finding = only_finding()
    assert finding.outcome == "escalated"
    assert finding.explanation == (
        'Version 1 agrees with the engine; the dispute ("we had a kontra") is about something the version '
        "does not show. The organizer decides."
    )


# --- 4. a summary the engine refuses ---------------------------------------------------------------------


def test_it_explains_a_summary_the_engine_refuses_with_its_field_and_reason(table4) -> None:
    rekontra = played("two", "C", "D", points=52, tricks=6, game_kontra=2)
    # entered while the tournament allowed rekontra; no worker ran yet (the broker was down)
    services.hand_submit(
        table=table4, number=1, source="summary", data=rekontra, submitted_by=seat(table4, "A")
    )
    services.hand_submit(
        table=table4, number=1, source="payments", data=pay(-2, -2, 2, 2), submitted_by=seat(table4, "B")
    )
    # and the rules changed since (no longer possible once round 1 is drawn: set directly)
    Tournament.objects.filter(pk=table4.round.tournament_id).update(rules_options={"max_kontra": 1})

    finding = dispute_validate(Dispute.objects.get().pk)
    assert finding.outcome == "escalated"
    assert finding.explanation.startswith(
        "The engine refuses the summary of version 1 (game_kontra: must be an integer 0..1, got 2)."
    )
    assert Dispute.objects.get().status == Dispute.Status.OPEN


# --- idempotency, the sweep, the organizer's override, the standings ------------------------------------


def test_it_stores_one_finding_per_state_of_a_dispute(table4, entered) -> None:
    entered(table4, "A", "payments", pay(1, -1, 1, -1))
    entered(table4, "B", "payments", pay(2, -2, 2, -2))
    dispute = Dispute.objects.get()
    first = only_finding()
    assert dispute_validate(dispute.pk) == first
    assert tasks.dispute_validate(dispute.pk) == first.pk
    assert DisputeFinding.objects.count() == 1
    # a third entry changes the dispute: it is weighed again
    entered(table4, "C", "payments", pay(3, -3, 3, -3))
    assert list(DisputeFinding.objects.values_list("dispute_version", flat=True)) == [1, 2]


def test_it_validates_a_decided_dispute_once(table4, entered) -> None:
    record, _ = a_record(table4)
    entered(table4, "A", "payments", pay(0, 0, 0, 0))
    entered(table4, "B", "record", record)
    dispute = Dispute.objects.get()
    assert dispute.status == Dispute.Status.RESOLVED
    assert dispute_validate(dispute.pk) is None  # no longer open: nothing to do
    assert DisputeFinding.objects.count() == 1


def test_it_sweeps_up_a_dispute_whose_validation_was_lost(table4) -> None:
    # entered without the commit's tasks running: the broker was down
    for position, amount in (("A", 1), ("B", 2)):
        services.hand_submit(
            table=table4, number=1, source="payments", data=pay(amount, -amount, amount, -amount),
            submitted_by=seat(table4, position),
        )  # fmt: skip
    assert not DisputeFinding.objects.exists()
    assert tasks.disputes_sweep() == 0  # too fresh: its own task may still be on the way
    Dispute.objects.update(opened_at=timezone.now() - timedelta(minutes=2))
    assert tasks.disputes_sweep() == 1
    assert only_finding().outcome == "escalated"
    assert tasks.disputes_sweep() == 0  # assessed: nothing left to do


def test_it_lets_an_organizer_override_the_validators_decision(table4, entered, organizer) -> None:
    record, replayed = a_record(table4)
    typed = entered(table4, "A", "payments", {"payments": {p: -v for p, v in replayed.items()}})
    uploaded = entered(table4, "B", "record", record)
    dispute = Dispute.objects.get()

    services.dispute_resolve(dispute, chosen=typed, resolved_by=organizer, note="the record is of hand 2")
    dispute.refresh_from_db()
    assert (dispute.status, dispute.chosen_id, dispute.resolved_by) == ("resolved", typed.pk, organizer)
    assert dispute.resolution == (
        "The organizer overrode the validator's decision (version 2): the record is of hand 2"
    )
    assert dispute.history.first().history_actor.startswith("user:")
    assert Hand.objects.get().payments == typed.payments
    statuses = dict(HandSubmission.objects.values_list("pk", "status"))
    assert statuses == {typed.pk: "confirmed", uploaded.pk: "superseded"}  # both kept
    assert only_finding().chosen_id == uploaded.pk  # the validator's finding stays as it was
    # the organizer's decision is final: the same choice again is a retry, another one a conflict
    assert services.dispute_resolve(dispute, chosen=typed, resolved_by=organizer) == typed
    with pytest.raises(ValidationError) as err:
        services.dispute_resolve(dispute, chosen=uploaded, resolved_by=organizer)
    assert "already resolved" in err.value.message_dict["dispute"][0]


def test_it_lets_an_organizer_override_with_a_new_result(table4, entered, organizer) -> None:
    record, _ = a_record(table4)
    entered(table4, "A", "payments", pay(0, 0, 0, 0))
    entered(table4, "B", "record", record)
    dispute = Dispute.objects.get()
    new = services.dispute_resolve(dispute, source="payments", data=pay(3, -3, 3, -3), resolved_by=organizer)
    dispute.refresh_from_db()
    assert (dispute.chosen_id, dispute.resolved_by) == (new.pk, organizer)
    assert dispute.resolution == "The organizer overrode the validator's decision (version 2)."
    assert sorted(dispute.submissions.values_list("version", flat=True)) == [1, 2, 3]
    assert Hand.objects.get().payments == {"A": 3, "B": -3, "C": 3, "D": -3}


def test_it_lets_the_table_contest_what_the_validator_decided(
    table4, entered, django_capture_on_commit_callbacks
):
    record, _ = a_record(table4)
    entered(table4, "A", "payments", pay(0, 0, 0, 0))
    entered(table4, "B", "record", record)
    with django_capture_on_commit_callbacks(execute=True):
        contest = services.hand_contest(
            Hand.objects.get(), contested_by=seat(table4, "A"), reason="that record is of another hand"
        )
    assert contest.status == Dispute.Status.OPEN
    assert contest.findings.get().outcome == "escalated"  # nothing new to weigh: the organizer decides
    assert Hand.objects.get().status == Hand.Status.DISPUTED


def test_it_keeps_a_disputed_hand_out_of_the_standings_until_it_is_decided(table4, entered) -> None:
    entered(table4, "A", "payments", pay(1, -1, 1, -1))
    entered(table4, "C", "payments", pay(1, -1, 1, -1))  # hand 1 confirmed
    entered(table4, "A", "payments", pay(2, -2, 2, -2), number=2)
    entered(table4, "B", "payments", pay(4, -4, 4, -4), number=2)  # hand 2 in dispute
    assert Standing.objects.get(player=seat(table4, "A")).game_points == 1
    assert Hand.objects.get(number=2).status == Hand.Status.DISPUTED


def test_it_shows_the_findings_read_only_on_the_dispute_in_the_admin(table4, entered, client) -> None:
    entered(table4, "A", "payments", pay(1, -1, 1, -1))
    entered(table4, "B", "payments", pay(2, -2, 2, -2))
    client.force_login(get_user_model().objects.create_superuser("root"))
    page = client.get(reverse("admin:tournaments_dispute_change", args=[Dispute.objects.get().pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "cannot check payments without the facts of the hand" in text
    assert 'name="findings-0-explanation"' not in text  # shown, not editable
