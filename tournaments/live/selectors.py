"""What a live table shows: a seat's state (its view of the hand, the table, the score sheet so far) and a
spectator's. The API, the pages and the pushed messages all send these same bodies (docs/live.md).

Every body comes from one read of the table (``table_read``: the table with its seats and hands, three
queries) and the engine's replayed hand; ``table_states`` makes all of a table's bodies from that one read,
so that the connections of a table that moved share it (consumers.py) rather than each reading again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from tournaments.core.engine_messages import render
from tournaments.live import replay
from tournaments.live.models import LiveHand, LiveSeat, LiveTable

#: the key of the spectator's body in ``table_states`` (a seat's is its position)
SPECTATOR = None


def table_read(live_table_id: int) -> LiveTable | None:
    """The table with what its bodies show, in three queries: its tournament table (round, tournament) and
    club, its seats (by position) and its hands (by number)."""
    return (
        LiveTable.objects.select_related("table__round__tournament", "club")
        .prefetch_related(
            Prefetch("seats", queryset=LiveSeat.objects.all()),
            Prefetch("hands", queryset=LiveHand.objects.all()),
        )
        .filter(pk=live_table_id)
        .first()
    )


def progress(live_table: LiveTable) -> tuple[str, int | None, int | None]:
    """How far a read table is: its status, and its hand in play and that hand's step (what
    ``tables_progress`` says of the table as the database has it now)."""
    hand = next((h for h in live_table.hands.all() if h.status == LiveHand.Status.PLAYING), None)
    return (live_table.status, hand.pk if hand else None, hand.steps if hand else None)


def tables_progress(live_table_ids: Iterable[int]) -> dict[int, tuple[str, int | None, int | None]]:
    """``progress`` of many tables in two queries: a process holding their connections compares it with
    what it last sent them, so that a push lost on the way (Redis restarted) is made good."""
    ids = list(live_table_ids)
    playing = {
        table_id: (hand_id, steps)
        for table_id, hand_id, steps in LiveHand.objects.filter(
            live_table_id__in=ids, status=LiveHand.Status.PLAYING
        ).values_list("live_table_id", "pk", "steps")
    }
    return {
        table_id: (status, *playing.get(table_id, (None, None)))
        for table_id, status in LiveTable.objects.filter(pk__in=ids).values_list("pk", "status")
    }


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
        for h in live_table.hands.all()
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
    hands = list(live_table.hands.all()) if live_table.pk else []
    playing = [h for h in hands if h.status == LiveHand.Status.PLAYING]
    return (playing or hands or [None])[-1]


def _previous_hand(live_table: LiveTable, hand: LiveHand | None) -> LiveHand | None:
    """The hand before the one in play, as it ended (its last trick, its result): the next one is dealt at
    once, and a seat still wants to see how the last one went."""
    if hand is None or hand.status != LiveHand.Status.PLAYING:
        return None
    before = [h for h in live_table.hands.all() if h.number < hand.number]
    return before[-1] if before else None


def table_states(
    live_table: LiveTable, positions: Iterable[str | None] | None = None
) -> dict[str | None, dict[str, Any]]:
    """The bodies of ``positions`` (a seat's position, or ``SPECTATOR``; every seat's and the spectator's
    by default) in the active language, from one read of the table (``table_read``)."""
    wanted = [*live_table.positions, SPECTATOR] if positions is None else list(positions)
    body = table_body(live_table)
    hand = current_hand(live_table)
    previous = _previous_hand(live_table, hand)
    names = seat_names(live_table)
    seats = {s.position: s for s in live_table.seats.all()}
    states: dict[str | None, dict[str, Any]] = {}
    for position in wanted:
        playing = position is not None and plays(live_table, hand, position)
        played_previous = position is not None and plays(live_table, previous, position)
        state: dict[str, Any] = {
            "type": "state",
            "seat": None,
            "table": body,
            "view": _view(live_table, names, hand, position if playing else None),
        }
        if position is not None:
            seat = seats[position]
            state["seat"] = {"position": seat.position, "name": seat.name, "played_by": seat.played_by}
            state["sitting_out"] = hand is not None and not playing
        state["previous"] = _view(live_table, names, previous, position if played_previous else None)
        states[position] = state
    return states


def plays(live_table: LiveTable, hand: LiveHand | None, position: str) -> bool:
    """Whether the seat at ``position`` plays ``hand``: one of its active seats, or a seat the engine lets
    join it (``players()``: a 5-seat Königrufen table's dealer in a Fahren, 18.11)."""
    if hand is None:
        return False
    if position in (hand.active or []):
        return True
    with replay.lock:
        players = getattr(replay.state(hand, live_table.game), "players", None)
        return players is not None and position in players()


def _view(
    live_table: LiveTable, names: dict[str, str], hand: LiveHand | None, seat: str | None
) -> dict[str, Any] | None:
    if hand is None:
        return None
    with replay.lock:
        engine_hand = replay.state(hand, live_table.game)
        show = lambda message: render(message, live_table.game, names)  # noqa: E731
        view = engine_hand.seat_view(seat, show) if seat else engine_hand.public_view(show)
    view["number"] = hand.number
    return view


def seat_state(seat: LiveSeat) -> dict[str, Any]:
    """What ``seat``'s phones show: the seat, the table, and the seat's view of the hand (in the active
    language)."""
    live_table = table_read(seat.live_table_id)
    assert live_table is not None  # a seat's table is deleted with it
    return table_states(live_table, [seat.position])[seat.position]


def spectator_state(live_table: LiveTable) -> dict[str, Any]:
    """What a spectator (the organizer, the public where allowed, the projector) sees: no hidden card."""
    read = table_read(live_table.pk)
    assert read is not None
    return table_states(read, [SPECTATOR])[SPECTATOR]


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
