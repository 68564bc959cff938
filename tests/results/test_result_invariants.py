"""Random sequences of what tables and organizers do (hypothesis stateful testing), with the invariants of
issue #10 checked after every step:

* at most one confirmed version per hand, mirrored on the hand, entered for the hand's current deal;
* every hand's dealer and stake follow the kinds of the hands before it;
* stored standings equal a from-scratch recomputation, and are not left stale;
* the standings count exactly the confirmed and voided hands and the penalties not withdrawn;
* a closed round has no entry awaiting confirmation and no open dispute;
* a refused call stores nothing; every history row a step writes names a table member or a user.
"""

from __future__ import annotations

import itertools

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.row_counts import row_counts
from tournaments import services
from tournaments.draw.models import Round
from tournaments.participants.models import Registration
from tournaments.results.models import Dispute, Hand, HandSubmission, Penalty
from tournaments.standings.models import Standing, StandingsState
from tournaments.standings.services import standings_recompute, standings_snapshot

DEALS = 3
_serial = itertools.count()
AMOUNTS = st.sampled_from([0, 1, 2, 4])
POSITION = st.sampled_from("ABCD")
HAND = st.integers(1, DEALS)


def history_models() -> list:
    return [m for m in apps.get_app_config("tournaments").get_models() if m.__name__.startswith("Historical")]


class ResultsMachine(RuleBasedStateMachine):
    capture = None  # django_capture_on_commit_callbacks, set by the test

    def __init__(self) -> None:
        super().__init__()
        n = next(_serial)
        self.organizer = get_user_model().objects.create_user(f"org{n}")
        # pagat rules: a passed-out hand doubles the next round of deals, so corrections move later deals
        self.tournament = TournamentFactory(rules_preset="pagat", deals_per_round_4=DEALS)
        self.table = seated_table(self.tournament, PlayerFactory.create_batch(4))
        self.round = self.table.round
        self.seats = {s.position: s.player for s in self.table.seats.all()}
        self.history_marks = {m: m.objects.count() for m in history_models()}

    def _do(self, call) -> None:
        """Run one step as a request would: commit callbacks run; a refusal must store nothing."""
        before = row_counts()
        try:
            with self.capture(execute=True):
                call()
        except ValidationError:
            assert row_counts() == before, "a refused call stored something"

    def _payments(self, a: int, b: int, hand: int, kind: str) -> dict:
        if kind == "passed_out":
            return {"payments": dict.fromkeys("ABCD", 0), "kind": kind}
        try:
            deal = services.next_deal(self.table, hand)
        except ValidationError:
            return {"payments": {"A": a, "B": -a, "C": b, "D": -b}}
        w, x, y, z = deal.active
        return {"payments": {w: a, x: -a, y: b, z: -b}}

    @rule(who=POSITION, hand=HAND, a=AMOUNTS, b=AMOUNTS, kind=st.sampled_from(["played", "passed_out"]))
    def member_enters(self, who, hand, a, b, kind) -> None:
        data = self._payments(a, b, hand, kind)
        self._do(
            lambda: services.hand_submit(
                table=self.table, number=hand, source="payments", data=data, submitted_by=self.seats[who]
            )
        )

    @rule(who=POSITION, hand=HAND)
    def member_confirms(self, who, hand) -> None:
        pending = HandSubmission.objects.filter(
            hand__table=self.table, hand__number=hand, status="pending"
        ).first()
        if pending is not None:
            self._do(lambda: services.hand_confirm(pending, self.seats[who]))

    @rule(who=POSITION, hand=HAND, a=AMOUNTS)
    def member_contests(self, who, hand, a) -> None:
        found = Hand.objects.filter(table=self.table, number=hand).first()
        if found is not None:
            data = self._payments(a, a, hand, "played")
            self._do(
                lambda: services.hand_contest(found, contested_by=self.seats[who], reason="wrong", data=data)
            )

    @rule(pick=st.integers(0, 5))
    def organizer_resolves(self, pick) -> None:
        dispute = Dispute.objects.filter(hand__table=self.table, status="open").first()
        if dispute is not None:
            versions = list(dispute.hand.submissions.order_by("version"))
            chosen = versions[pick % len(versions)]
            self._do(lambda: services.dispute_resolve(dispute, chosen=chosen, resolved_by=self.organizer))

    @rule(hand=HAND)
    def organizer_voids(self, hand) -> None:
        found = Hand.objects.filter(table=self.table, number=hand).first()
        if found is not None:
            self._do(lambda: services.hand_void(found, by=self.organizer, reason="unreadable"))

    @rule(hand=HAND, a=AMOUNTS, b=AMOUNTS, kind=st.sampled_from(["played", "passed_out"]))
    def organizer_corrects(self, hand, a, b, kind) -> None:
        data = self._payments(a, b, hand, kind)
        self._do(
            lambda: services.hand_submit(
                table=self.table,
                number=hand,
                source="payments",
                data=data,
                entered_by=self.organizer,
                trusted=True,
                note="checked the sheet",
            )
        )

    @rule(who=POSITION, points=st.sampled_from([-5, -1, 3]))
    def organizer_penalises(self, who, points) -> None:
        self._do(
            lambda: services.penalty_award(
                tournament=self.tournament,
                player=self.seats[who],
                points=points,
                reason="x",
                by=self.organizer,
            )
        )

    @rule()
    def organizer_withdraws_a_penalty(self) -> None:
        penalty = Penalty.objects.filter(tournament=self.tournament, withdrawn_at=None).first()
        if penalty is not None:
            self._do(lambda: services.penalty_withdraw(penalty, by=self.organizer, reason="mistake"))

    @rule(who=POSITION)
    def player_withdraws(self, who) -> None:
        registration = Registration.objects.get(tournament=self.tournament, player=self.seats[who])
        self._do(lambda: services.registration_withdraw(registration, by=self.organizer))

    @rule()
    def organizer_closes(self) -> None:
        self._do(lambda: services.round_close(self.round, by=self.organizer))

    # --- invariants ----------------------------------------------------------------------------------

    @invariant()
    def one_confirmed_version_mirrored_on_its_hand(self) -> None:
        for hand in Hand.objects.filter(table=self.table):
            confirmed = list(hand.submissions.filter(status="confirmed"))
            assert len(confirmed) <= 1
            if hand.status in (Hand.Status.CONFIRMED, Hand.Status.VOIDED):
                (version,) = confirmed
                assert (hand.payments, hand.kind) == (version.payments, version.kind)
                if version.source != "void":
                    assert (version.dealer, version.stake) == (hand.dealer, hand.stake)

    @invariant()
    def later_deals_follow_earlier_kinds(self) -> None:
        for hand in Hand.objects.filter(table=self.table).order_by("number"):
            try:
                deal = services.next_deal(self.table, hand.number)
            except ValidationError:
                continue  # an earlier hand has no known kind yet
            assert (hand.dealer, hand.stake) == (deal.dealer, deal.stake), hand

    @invariant()
    def standings_are_current_and_count_only_what_counts(self) -> None:
        if not self.tournament.standings.exists():
            return
        assert StandingsState.objects.get(tournament=self.tournament).stale_since is None
        stored = standings_snapshot(self.tournament)
        standings_recompute(self.tournament)
        assert standings_snapshot(self.tournament) == stored
        for position, player in self.seats.items():
            counted = Hand.objects.filter(table=self.table, status__in=("confirmed", "voided"))
            game = sum(hand.payments.get(position, 0) for hand in counted)
            penalties = sum(
                Penalty.objects.filter(player=player, withdrawn_at=None).values_list("points", flat=True)
            )
            row = Standing.objects.get(tournament=self.tournament, player=player)
            assert (row.game_points, row.penalties) == (game, penalties)

    @invariant()
    def a_closed_round_has_nothing_unsettled(self) -> None:
        self.round.refresh_from_db()
        if self.round.status == Round.Status.CLOSED:
            assert not HandSubmission.objects.filter(hand__table=self.table, status="pending").exists()
            assert not Dispute.objects.filter(hand__table=self.table, status="open").exists()

    @invariant()
    def every_history_row_names_a_member_or_a_user(self) -> None:
        for model, mark in self.history_marks.items():
            for actor in model.objects.order_by("pk").values_list("history_actor", flat=True)[mark:]:
                assert actor.startswith(("player:", "user:")), (model.__name__, actor)


@pytest.mark.django_db
def test_it_keeps_results_and_standings_consistent_through_any_sequence(
    django_capture_on_commit_callbacks,
) -> None:
    ResultsMachine.capture = staticmethod(django_capture_on_commit_callbacks)
    run_state_machine_as_test(
        ResultsMachine,
        settings=settings(
            max_examples=25,
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
            derandomize=True,
        ),
    )
