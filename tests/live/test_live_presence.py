"""Live tables after a crash: a bot's move whose task was lost is overdue for the sweep, and a seat's count
of connections that a killed web process never counted out expires (the fault test,
test_live_faults.py, shows both with real processes; these pin the rules)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.factories import ClubFactory
from tournaments import tasks
from tournaments.live import replay
from tournaments.live import services as live
from tournaments.live.models import PRESENT_SECONDS, LiveHand, LiveSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(settings: Any) -> Any:
    """A practice table of one person (A) and three bots that wait 700 ms before a move, with no timer to
    play it (as after a lost task)."""
    settings.LIVE_BOT_DELAY_MS = 700
    organizer = get_user_model().objects.create_user("org", password="pw-123456789")
    club = ClubFactory()
    club.organizers.add(organizer)
    return live.practice_table_start(club=club, by=organizer, game_id="hungarian", players=["Anna"], hands=1)


def _to_a_bot(table: Any) -> LiveHand:
    """A plays until a bot is to move."""
    seat = table.seats.get(position="A")
    for _ in range(40):
        hand = LiveHand.objects.get(live_table=table, status=LiveHand.Status.PLAYING)
        state = replay.state(hand, table.game)
        if state.to_move() != "A":
            return hand
        choice = state.choices()[0]
        code = " ".join([choice.code, *choice.cards[: choice.pick]]) if choice.pick else choice.code
        live.live_move(seat=seat, step=hand.steps, code=code, idempotency_key=f"k{hand.steps}")
    raise AssertionError("no bot's turn came")


def test_a_bots_move_whose_task_was_lost_is_played_by_the_sweep(table: Any) -> None:
    hand = _to_a_bot(table)
    assert live.live_turns_due() == []  # within its delay: its task (or timer) plays it
    LiveHand.objects.filter(pk=hand.pk).update(turn_since=timezone.now() - timedelta(seconds=5))
    assert live.live_turns_due() == [(hand.pk, hand.steps)]
    assert tasks.live_sweep() >= 1
    hand.refresh_from_db()
    assert hand.actions.filter(step=hand.steps - 1, by="bot").exists()


def test_a_count_of_connections_a_killed_process_left_behind_expires(table: Any) -> None:
    seat = table.seats.get(position="A")
    long_ago = timezone.now() - timedelta(seconds=PRESENT_SECONDS + 30)
    LiveSeat.objects.filter(pk=seat.pk).update(connections=2, seen_at=long_ago)
    seat.refresh_from_db()
    assert not seat.present(timezone.now())  # no heartbeat since: the phones are gone
    hand = LiveHand.objects.get(live_table=table)
    assert live.stand_in_at(seat, hand) is not None  # the grace period runs: a bot will stand in
    live.live_seat_connected(seat, 1)  # a phone comes back: the stale count is dropped, not added to
    seat.refresh_from_db()
    assert seat.connections == 1
    assert seat.present(timezone.now())
    assert live.stand_in_at(seat, hand) is None


def test_a_waiting_tables_seat_seen_again_is_not_news_and_the_heartbeat_is_one_update(
    table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat = table.seats.get(position="A")
    LiveSeat.objects.filter(pk=seat.pk).update(seen_at=timezone.now())
    table.status = table.Status.WAITING
    table.save(update_fields=["status"])
    published: list[Any] = []
    monkeypatch.setattr(live, "publish", lambda *args, **kwargs: published.append(args))
    live.live_seat_seen(seat)  # present already: only its time is noted (a poll, a page opened)
    assert published == []
    long_ago = timezone.now() - timedelta(seconds=PRESENT_SECONDS + 30)
    LiveSeat.objects.filter(pk=seat.pk).update(seen_at=long_ago)
    live.live_seat_seen(seat)  # back after a while: the waiting table hears of it
    assert len(published) == 1
    LiveSeat.objects.filter(live_table=table).update(seen_at=long_ago)
    assert live.live_seats_seen(list(table.seats.values_list("pk", flat=True))) == 4
    assert all(s.present(timezone.now()) for s in table.seats.all())
