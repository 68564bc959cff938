"""Results under real concurrency on PostgreSQL: threads with their own connections hit the services at
the same moment (a barrier releases them together). The database decides (row locks, the round's share
lock, unique constraints), never process-local state. Run by .ci/run; skipped on SQLite."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from celery._state import _set_task_join_will_block
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.draw.models import Round
from tournaments.results.models import Dispute, Hand, HandSubmission

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _on_postgresql(postgres_url: str) -> Iterator[None]:
    assert connection.vendor == "postgresql"
    yield
    # Eager tasks run in these threads; celery guards each eager run with a process-global flag that it
    # saves and restores unsafely across threads, which can leave "inside a task" set for later tests.
    _set_task_join_will_block(False)


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls at once, each in its own thread and connection; a ValidationError is an answer,
    any other exception fails the test."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = call()
        except ValidationError as exc:
            outcomes[index] = exc
        except BaseException as exc:  # reported below, not swallowed
            outcomes[index] = ("crash", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    crashes = [o for o in outcomes if isinstance(o, tuple) and o and o[0] == "crash"]
    assert not crashes, crashes
    return outcomes


def make_table(deals: int = 2):
    tournament = TournamentFactory(deals_per_round_4=deals)
    players = PlayerFactory.create_batch(4)
    return seated_table(tournament, players), players


def pay(a: int) -> dict:
    return {"payments": {"A": a, "B": -a, "C": a, "D": -a}}


def enter(table, data: dict, player, **extra: Any) -> HandSubmission:
    return services.hand_submit(
        table=table, number=1, source="payments", data=data, submitted_by=player, **extra
    )


def test_it_stores_one_submission_for_simultaneous_retries_with_the_same_key() -> None:
    table, players = make_table()

    def submit() -> HandSubmission:
        return enter(table, pay(1), players[0], idempotency_key="k")

    outcomes = race(*[submit] * 6)
    assert len({o.pk for o in outcomes}) == 1
    assert HandSubmission.objects.count() == 1


def test_it_opens_one_dispute_for_simultaneous_different_entries() -> None:
    table, players = make_table()
    calls = [
        (lambda p=p, a=a: services.hand_submit(
            table=table, number=1, source="payments", data=pay(a), submitted_by=p, idempotency_key=f"k{a}"
        ))
        for a, p in enumerate(players, start=1)
    ]  # fmt: skip
    race(*calls)
    assert HandSubmission.objects.count() == 4
    assert Dispute.objects.filter(status="open").count() == 1
    assert HandSubmission.objects.filter(status="confirmed").count() == 0
    assert Hand.objects.get().status == Hand.Status.DISPUTED


def test_it_confirms_once_when_members_confirm_at_the_same_moment() -> None:
    table, players = make_table()
    sub = services.hand_submit(table=table, number=1, source="payments", data=pay(1), submitted_by=players[0])
    outcomes = race(*[lambda p=p: services.hand_confirm(sub, p) for p in players[1:]])
    confirmed = [o for o in outcomes if isinstance(o, HandSubmission)]
    assert len(confirmed) == 1  # the others were told it is no longer pending
    assert HandSubmission.objects.get().status == "confirmed"
    assert Hand.objects.get().status == Hand.Status.CONFIRMED


@pytest.mark.parametrize("attempt", range(4))
def test_it_never_closes_a_round_under_an_entry_that_lands_at_the_same_moment(attempt: int) -> None:
    organizer = get_user_model().objects.create_user(f"org{attempt}")
    table, players = make_table(deals=2)
    for number in (1, 2):
        sub = services.hand_submit(
            table=table, number=number, source="payments", data=pay(number), submitted_by=players[0]
        )
        services.hand_confirm(sub, players[1])
    hand2 = Hand.objects.get(number=2)
    race(
        lambda: services.round_close(table.round, by=organizer),
        lambda: services.hand_contest(hand2, contested_by=players[2], reason="we won", data=pay(5)),
        lambda: services.hand_contest(hand2, contested_by=players[3], reason="so did we", data=pay(6)),
    )
    round_ = Round.objects.get(pk=table.round_id)
    open_disputes = Dispute.objects.filter(status="open").count()
    if round_.status == Round.Status.CLOSED:
        assert open_disputes == 0
        assert Hand.objects.filter(status="confirmed").count() == 2
    else:
        assert open_disputes == 1
        assert Hand.objects.get(number=2).status == Hand.Status.DISPUTED


def test_it_lets_a_void_and_member_entries_on_one_hand_settle_consistently() -> None:
    organizer = get_user_model().objects.create_user("org")
    table, players = make_table()
    services.hand_submit(table=table, number=1, source="payments", data=pay(1), submitted_by=players[0])
    hand = Hand.objects.get()
    race(
        lambda: services.hand_void(hand, by=organizer, reason="unreadable"),
        lambda: enter(table, pay(1), players[1]),
        lambda: enter(table, pay(3), players[2]),
    )
    hand.refresh_from_db()
    assert hand.status == Hand.Status.VOIDED  # the organizer's decision stands, whatever came first
    assert HandSubmission.objects.filter(status="confirmed").count() == 1
    assert not HandSubmission.objects.filter(status__in=("pending", "disputed")).exists()
    assert not Dispute.objects.filter(status="open").exists()


def test_it_lets_one_of_two_workers_recompute_a_tournaments_standings() -> None:
    from django.utils import timezone

    from tournaments.standings.models import StandingsState
    from tournaments.standings.services import standings_refresh

    table, _ = make_table()
    tournament_id = table.round.tournament_id
    StandingsState.objects.create(tournament_id=tournament_id, version=1, stale_since=timezone.now())
    outcomes = race(lambda: standings_refresh(tournament_id), lambda: standings_refresh(tournament_id))
    assert sorted(outcomes) == [False, True]
    state = StandingsState.objects.get(tournament_id=tournament_id)
    assert (state.recomputations, state.stale_since, state.claimed_until) == (1, None, None)
