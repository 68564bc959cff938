"""Finishing a tournament while an organizer's correction lands (PostgreSQL, real threads): the finish
waits for a correction in flight (it holds the round's share lock), and a correction that comes after the
finish is refused; a hand never changes after ``finished_at``. Run by .ci/run; skipped on SQLite."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.tournaments.test_concurrency import _on_postgresql, race  # noqa: F401 (the fixture is used by name)
from tournaments import services
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.results.models import Hand, HandSubmission

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(4))
def test_a_correction_lands_before_the_finish_or_is_refused_after_it(attempt: int) -> None:
    organizer = get_user_model().objects.create_user(f"org{attempt}")
    tournament = TournamentFactory(rounds_planned=1, deals_per_round_4=1)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data={"payments": {"A": 2, "B": -2, "C": 2, "D": -2}},
        entered_by=organizer,
        trusted=True,
    )
    services.round_close(Round.objects.get(pk=table.round_id), by=organizer)
    hand = Hand.objects.get()
    outcomes = race(
        lambda: services.tournament_finish(tournament, by=organizer),
        lambda: services.hand_void(hand, by=organizer, reason="the sheet was misread"),
    )
    finished = Tournament.objects.get(pk=tournament.pk).finished_at
    assert finished is not None  # the finish never fails for a correction
    void = HandSubmission.objects.filter(source="void").first()
    if isinstance(outcomes[1], ValidationError):
        assert "the tournament is finished" in str(outcomes[1])
        assert void is None
        assert Hand.objects.get().status == Hand.Status.CONFIRMED
    else:
        assert void is not None
        assert void.created_at <= finished  # it committed before the finish read the rounds
