"""What a live table shows: a seat's state (its view of the hand, the table, the score sheet so far) and a
spectator's. The API, the pages and the pushed messages all send these same bodies (docs/live.md)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from tournaments.core.engine_messages import render
from tournaments.live import replay
from tournaments.live.models import LiveHand, LiveSeat, LiveTable


def seat_names(live_table: LiveTable) -> dict[str, str]:
    return {s.position: s.name for s in live_table.seats.all()}


def table_body(live_table: LiveTable, *, with_links: bool = False) -> dict[str, Any]:
    """The table as every seat and spectator sees it: its game, status, seats (who plays each, a bot or a
    person, whether a phone is there) and the score sheet of its finished hands."""
    now = timezone.now()
    seats = []
    for seat in live_table.seats.all():
        row = {
            "position": seat.position,
            "name": seat.name,
            "played_by": seat.played_by,
            "bot_kind": seat.bot_kind,
            "connected": seat.present(now),
        }
        if with_links:
            row["token"] = seat.token
        seats.append(row)
    table = live_table.table
    hands = [
        {
            "number": h.number,
            "dealer": h.dealer,
            "stake": h.stake,
            "status": h.status,
            "kind": h.kind,
            "payments": h.payments,
            "bot_moves": h.bot_steps,
            "hand_id": h.pk,
        }
        for h in live_table.hands.order_by("number")
    ]
    return {
        "id": live_table.pk,
        "game": live_table.game,
        "rules": live_table.rules,
        "status": live_table.status,
        "positions": live_table.positions,
        "seats": seats,
        "tournament": table.round.tournament.slug if table is not None else None,
        "round": table.round.number if table is not None else None,
        "table": table.number if table is not None else None,
        "club": live_table.club.slug if live_table.club_id else None,
        "hands_planned": live_table.hands_planned or None,
        "grace_seconds": live_table.grace_seconds,
        "clock_seconds": live_table.clock_seconds,
        "score": hands,
        "totals": _totals(live_table.positions, hands),
    }


def _totals(positions: list[str], hands: list[dict[str, Any]]) -> dict[str, int]:
    totals = dict.fromkeys(positions, 0)
    for hand in hands:
        for position, points in (hand["payments"] or {}).items():
            totals[position] = totals.get(position, 0) + points
    return totals


def current_hand(live_table: LiveTable) -> LiveHand | None:
    """The hand in play, else the last one played."""
    return live_table.hands.order_by("-status", "-number").first() if live_table.pk else None


def _view(live_table: LiveTable, hand: LiveHand | None, seat: str | None) -> dict[str, Any] | None:
    if hand is None:
        return None
    names = seat_names(live_table)
    with replay.lock:
        engine_hand = replay.state(hand, live_table.game)
        show = lambda message: render(message, live_table.game, names)  # noqa: E731
        view = engine_hand.seat_view(seat, show) if seat else engine_hand.public_view(show)
    view["number"] = hand.number
    return view


def seat_state(seat: LiveSeat) -> dict[str, Any]:
    """What ``seat``'s phones show: the seat, the table, and the seat's view of the hand (in the active
    language)."""
    live_table = seat.live_table
    hand = current_hand(live_table)
    playing = hand is not None and seat.position in (hand.active or [])
    previous = _previous_hand(live_table, hand)
    played_previous = previous is not None and seat.position in (previous.active or [])
    return {
        "type": "state",
        "seat": {"position": seat.position, "name": seat.name, "played_by": seat.played_by},
        "table": table_body(live_table),
        "view": _view(live_table, hand, seat.position if playing else None),
        "sitting_out": hand is not None and not playing,
        # the hand before, as it ended (its last trick, its result): the next one is dealt at once
        "previous": _view(live_table, previous, seat.position if played_previous else None),
    }


def _previous_hand(live_table: LiveTable, hand: LiveHand | None) -> LiveHand | None:
    if hand is None or hand.status != LiveHand.Status.PLAYING:
        return None
    return live_table.hands.filter(number__lt=hand.number).order_by("-number").first()


def spectator_state(live_table: LiveTable) -> dict[str, Any]:
    """What a spectator (the organizer, the public where allowed, the projector) sees: no hidden card."""
    hand = current_hand(live_table)
    return {
        "type": "state",
        "seat": None,
        "table": table_body(live_table),
        "view": _view(live_table, hand, None),
        "previous": _view(live_table, _previous_hand(live_table, hand), None),
    }


def may_watch(user: Any, live_table: LiveTable) -> bool:
    """The organizers watch every table; the public a tournament's tables where it allows it, and a
    club's practice tables never (only their seats and the club's organizers)."""
    from tournaments.organizing.selectors import can_manage_club, is_organizer, is_public

    if live_table.table_id is not None:
        tournament = live_table.table.round.tournament
        if is_organizer(user, tournament):
            return True
        return tournament.live_spectators == "public" and is_public(tournament)
    return can_manage_club(user, live_table.club)
