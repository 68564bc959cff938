"""Live tables: start one, take the seats' moves, let bots move, enter each finished hand (issue 33).

* A tournament table plays live the deals of its round that are not entered yet (``live_table_start``);
  a club's practice table plays outside any tournament (``practice_table_start``).
* A seat moves through its private link: ``live_move`` applies one action chosen at a given step. The
  hand's row lock and the unique step make a stale or repeated move a 409 that changes nothing, and two
  phones of one seat acting at once apply exactly one; the same ``idempotency_key`` returns the first
  answer.
* A bot plays an empty seat, a seat handed to it, a seat whose phones have been gone longer than the grace
  period and, with the move clock on, a silent seat (``live_bots_play``, run by a worker after a short
  delay: ``LIVE_MOVED``'s reaction in config/wiring.py).
* A finished hand of a tournament table is entered through the results service as a record witnessed by
  the engine (``hand_submit(..., witnessed=True)``): confirmed at once, contested like any hand.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from engine.core.messages import EngineError
from engine.games import game
from tournaments.core.audit import acting_as, actor_of
from tournaments.core.engine_messages import engine_error
from tournaments.core.events import LIVE_MOVED, publish
from tournaments.core.formats import deal_sequence, preset_table_sizes, rules_for
from tournaments.core.validation import conflict, invalid, key, text, whole_number
from tournaments.draw.models import OPEN_ROUND_STATUSES, POSITIONS, Round, Table
from tournaments.live import replay
from tournaments.live.models import PRESENT_SECONDS, LiveAction, LiveHand, LiveSeat, LiveTable
from tournaments.organizing.models import Club, Tournament, refuse_if_finished
from tournaments.results.models import Hand
from tournaments.results.services.hands import hand_submit, next_deal

CODE_MAX = 200  # the longest move: a discard of six cards is about 30 characters
NAME_MAX = 120
PRACTICE_HANDS_MAX = 100
#: a hand's seed is secret while it is played (it is the shuffle): too many to try, and within JSON's safe
#: integers, as a record carries it
SEED_BITS = 52


@dataclass(frozen=True)
class Moved:
    """What a move did: the hand after it, and whether this call applied it (False: a retry's answer)."""

    hand: LiveHand
    applied: bool


# --- starting ---------------------------------------------------------------------------------------------


def live_table_start(*, table: Table, by: Any, bots: Mapping[str, str] | None = None) -> LiveTable:
    """Live play for a seated table of a round in play. ``bots``: position -> bot kind for the seats a bot
    plays from the start (a player who is not there). The table waits for its players' phones
    (``live_table_begin`` starts it at once); asking again returns the table's live play."""
    tournament = table.round.tournament
    live = game(tournament.game).live
    if live is None:
        raise invalid("game", _("%(game)s cannot be played live yet"), params={"game": tournament.game})
    bots = _bots(bots or {}, live.bots)
    with acting_as(by), transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        existing = LiveTable.objects.filter(table=table).first()
        if existing is not None:
            return existing
        refuse_if_finished(tournament)
        round_ = Round.objects.get(pk=table.round_id)  # as it is now, under the tournament's lock
        if round_.status not in OPEN_ROUND_STATUSES:
            raise conflict("round", _("round %(number)s is not in play"), {"number": round_.number})
        seats = list(table.seats.select_related("player").order_by("position"))
        unknown = set(bots) - {s.position for s in seats}
        if unknown:
            raise invalid(
                "bots", _("%(seat)s is not a seat of this table"), params={"seat": sorted(unknown)[0]}
            )
        live_table = LiveTable.objects.create(
            table=table,
            game=tournament.game,
            rules={"preset": tournament.rules_preset, "options": tournament.rules_options or {}},
            positions=[s.position for s in seats],
            first_dealer=table.first_dealer,
            grace_seconds=tournament.live_grace_seconds,
            clock_seconds=tournament.live_clock_seconds,
            bot_delay_ms=settings.LIVE_BOT_DELAY_MS,
            created_by=_label(by),
        )
        for seat in seats:
            kind = bots.get(seat.position)
            _new_seat(live_table, seat.position, player=seat.player, bot=kind)
        _deal_next(live_table)
    return live_table


def practice_table_start(
    *,
    club: Club,
    by: Any,
    game_id: Any,
    preset: Any = None,
    players: Sequence[Any] = (),
    bot_kind: Any = "rule",
    hands: Any = 4,
    seats: Any = None,
) -> LiveTable:
    """A practice table of ``club`` outside any tournament, of ``seats`` (a size the preset seats; None: the
    first of them, the game's usual size where the preset has it): ``players`` (1 to ``seats``, by name)
    take the first seats, bots of ``bot_kind`` the rest; it plays ``hands`` deals and enters nothing."""
    try:
        descriptor = game(game_id)
    except EngineError as exc:  # an unknown game, named
        raise engine_error("game", exc, None) from exc
    if descriptor.live is None:
        raise invalid("game", _("%(game)s cannot be played live yet"), params={"game": descriptor.id})
    preset = preset or descriptor.default_preset
    if not isinstance(preset, str) or preset not in descriptor.presets:
        raise invalid(
            "preset", _("must be one of %(known)s"), params={"known": ", ".join(descriptor.presets)}
        )
    sizes = preset_table_sizes(descriptor.id, preset)
    size = sizes[0] if seats is None else whole_number(seats, "seats", low=1, high=len(POSITIONS))
    if size not in sizes:
        raise invalid(
            "seats",
            _("must be one of %(known)s for these rules"),
            params={"known": ", ".join(map(str, sorted(sizes)))},
        )
    if not isinstance(players, list | tuple) or not 1 <= len(players) <= size:
        raise invalid("players", _("name one to %(size)s players"), params={"size": size})
    names = [text(name, f"players.{i}", max_length=NAME_MAX, required=True) for i, name in enumerate(players)]
    if not isinstance(bot_kind, str) or bot_kind not in descriptor.live.bots:
        raise invalid(
            "bot_kind", _("must be one of %(known)s"), params={"known": ", ".join(descriptor.live.bots)}
        )
    hands = whole_number(hands, "hands", low=1, high=PRACTICE_HANDS_MAX)
    positions = [chr(ord("A") + i) for i in range(size)]
    with acting_as(by), transaction.atomic():
        live_table = LiveTable.objects.create(
            club=club,
            game=descriptor.id,
            rules={"preset": preset, "options": {}},
            positions=positions,
            hands_planned=hands,
            bot_delay_ms=settings.LIVE_BOT_DELAY_MS,
            created_by=_label(by),
        )
        for i, position in enumerate(positions):
            if i < len(names):
                _new_seat(live_table, position, name=names[i])
            else:
                _new_seat(live_table, position, bot=bot_kind)
        _deal_next(live_table)
        if len(names) == 1:  # one person and bots: nobody else to wait for
            _begin(live_table)
    return live_table


def live_table_begin(live_table: LiveTable, *, by: Any) -> LiveTable:
    """Start play without waiting for every phone (the organizer's button); a seat whose phone is not there
    is played by its bot once the grace period is over."""
    with acting_as(by), transaction.atomic():
        live_table = LiveTable.objects.select_for_update().get(pk=live_table.pk)
        if live_table.status == LiveTable.Status.WAITING:
            _begin(live_table)
    return live_table


def _begin(live_table: LiveTable) -> None:
    live_table.status = LiveTable.Status.PLAYING
    live_table.started_at = timezone.now()
    live_table.save(update_fields=["status", "started_at"])
    hand = live_table.hands.filter(status=LiveHand.Status.PLAYING).first()
    if hand is not None:
        LiveHand.objects.filter(pk=hand.pk).update(turn_since=timezone.now())
        publish(LIVE_MOVED, live_table_id=live_table.pk, hand_id=hand.pk, step=hand.steps)


def _bots(bots: Any, known: Sequence[str]) -> dict[str, str]:
    if not isinstance(bots, Mapping):
        raise invalid("bots", _("must map seats to bot kinds"))
    for position, kind in bots.items():
        if not isinstance(kind, str) or kind not in known:
            raise invalid(
                f"bots.{position}", _("must be one of %(known)s"), params={"known": ", ".join(known)}
            )
    return dict(bots)


def _new_seat(
    live_table: LiveTable, position: str, *, player: Any = None, name: str = "", bot: str | None = None
):
    return LiveSeat.objects.create(
        live_table=live_table,
        position=position,
        player=player,
        name=name or (player.name if player is not None else ""),
        token=secrets.token_urlsafe(18),
        played_by=LiveSeat.PlayedBy.BOT if bot else LiveSeat.PlayedBy.HUMAN,
        bot_kind=bot or "rule",
    )


def _label(by: Any) -> str:
    actor = actor_of(by)
    return actor.label() if actor is not None else "system"


# --- the deals --------------------------------------------------------------------------------------------


def _deal_next(live_table: LiveTable) -> LiveHand | None:
    """Deal the table's next hand, or finish the table when its deals are played (None)."""
    if live_table.status == LiveTable.Status.FINISHED:  # stopped: its last hand could not be entered
        return None
    last = live_table.hands.order_by("-number").first()
    if live_table.table_id is not None:
        table = live_table.table
        entered = (
            Hand.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first()
        )
        number = max(entered or 0, last.number if last else 0) + 1
        tournament = table.round.tournament
        if number > tournament.deals_per_round(len(live_table.positions)) or _time_is_up(table):
            return _finish_table(live_table)
        deal = next_deal(table, number, list(live_table.positions))
    else:
        number = (last.number if last else 0) + 1
        if number > live_table.hands_planned:
            return _finish_table(live_table)
        kinds = list(live_table.hands.order_by("number").values_list("kind", flat=True))
        rules = rules_for(
            live_table.rules["preset"], live_table.rules.get("options") or {}, {"game": live_table.game}
        )
        deal = deal_sequence(
            live_table.positions, live_table.first_dealer, kinds, rules, {"game": live_table.game}
        )
    hand = LiveHand.objects.create(
        live_table=live_table,
        number=number,
        seed=secrets.randbits(SEED_BITS),
        dealer=deal.dealer,
        active=list(deal.active),
        stake=deal.stake,
        rules=live_table.rules,
        carry=_carry_after(last, live_table.game),
        turn_since=timezone.now() if live_table.status == LiveTable.Status.PLAYING else None,
    )
    publish(LIVE_MOVED, live_table_id=live_table.pk, hand_id=hand.pk, step=0)
    return hand


def _carry_after(last: LiveHand | None, game_id: str) -> dict[str, Any]:
    """What the table's next hand inherits from ``last`` (Slovenian tarok's radelci): the game's
    ``carry_next`` of the last hand's carry and summary; nothing after a hand that was not played out."""
    carry_next = game(game_id).carry_next
    if carry_next is None or last is None or last.status != LiveHand.Status.FINISHED:
        return {}
    with replay.lock:
        played = replay.state(last, game_id)
        return carry_next(last.carry or {}, played.summary(), played.deal.rules)


def _time_is_up(table: Table) -> bool:
    round_ = table.round
    return bool(round_.tournament.deals_within_time and round_.ends_at and round_.ends_at <= timezone.now())


def _finish_table(live_table: LiveTable) -> None:
    live_table.status = LiveTable.Status.FINISHED
    live_table.finished_at = timezone.now()
    live_table.save(update_fields=["status", "finished_at"])
    publish(LIVE_MOVED, live_table_id=live_table.pk, hand_id=None, step=0)
    return None


# --- moves --------------------------------------------------------------------------------------------------


def live_move(
    *, seat: LiveSeat, step: Any, code: Any, idempotency_key: Any = None, user: Any = None
) -> Moved:
    """Apply ``seat``'s move ``code`` chosen at ``step``. A retry with the same ``idempotency_key`` returns
    the first answer; a move chosen at an earlier step, or when it is not the seat's turn, is a conflict
    naming ``step``; a move the rules refuse names ``code`` with the engine's reason. Nothing is stored
    unless the move is applied."""
    step = whole_number(step, "step", low=0, high=10_000)
    if not isinstance(code, str):
        raise invalid("code", _("must be text, not %(type)s"), params={"type": type(code).__name__})
    code = text(code, "code", max_length=CODE_MAX, required=True)
    idempotency_key = key(idempotency_key, "idempotency_key")
    with transaction.atomic():
        hand = _hand_in_play(seat.live_table_id, lock=True)
        if idempotency_key:
            done = LiveAction.objects.filter(
                hand__live_table_id=seat.live_table_id, idempotency_key=idempotency_key
            )
            first = done.select_related("hand").first()
            if first is not None:
                # the same key, seat and step is the retry (its code may be written otherwise: the
                # engine stores a discard's cards sorted)
                if (first.seat, first.step) != (seat.position, step):
                    raise conflict("idempotency_key", _("this key was used for another move"))
                return Moved(first.hand, applied=False)
        if hand is None:
            raise conflict("step", _("no hand is in play at this table"))
        if hand.live_table.status != LiveTable.Status.PLAYING:  # read with the hand, under its lock
            raise conflict("step", _("the table has not started yet"))
        if step != hand.steps:
            raise conflict(
                "step", _("the hand has moved on (step %(now)s, not %(step)s): look again"),
                {"now": hand.steps, "step": step},
            )  # fmt: skip
        _apply(hand, seat.position, code, LiveAction.By.SEAT, idempotency_key or "", user)
        _seen(seat)
    return Moved(hand, applied=True)


def _hand_in_play(live_table_id: int, *, lock: bool) -> LiveHand | None:
    hands = LiveHand.objects.filter(live_table_id=live_table_id, status=LiveHand.Status.PLAYING)
    return (hands.select_for_update() if lock else hands).select_related("live_table").first()


def _apply(
    hand: LiveHand, position: str, code: str, by: str, idempotency_key: str = "", user: Any = None
) -> None:
    """Apply ``code`` for ``position`` to the locked ``hand``: store the action, move the step on, finish
    the hand when it is over (the caller's transaction holds the hand's lock)."""
    live_table = hand.live_table
    with replay.lock:
        engine_hand = replay.state(hand, live_table.game)
        if engine_hand.to_move() != position:
            raise conflict("step", _("it is not your turn"))
        try:
            engine_hand.apply(code)
        except EngineError as exc:  # refused: the state is as it was
            raise engine_error("code", exc, live_table.game) from exc
        code = engine_hand.codes[-1]  # as the engine writes it (a discard's cards sorted), as its record does
        try:
            with transaction.atomic():
                LiveAction.objects.create(
                    hand=hand,
                    step=hand.steps,
                    seat=position,
                    code=code,
                    by=by,
                    idempotency_key=idempotency_key,
                    user=user if getattr(user, "is_authenticated", False) else None,
                )
        except IntegrityError as exc:  # a twin took this step first (the lock makes this rare)
            replay.forget(hand.pk)
            raise conflict("step", _("another move was made at this step: look again")) from exc
        hand.steps += 1
        if by == LiveAction.By.STANDIN:
            hand.bot_steps += 1
        hand.turn_since = timezone.now()
        fields = ["steps", "bot_steps", "turn_since"]
        if engine_hand.done:
            hand.status = LiveHand.Status.FINISHED
            hand.finished_at = timezone.now()
            hand.payments = engine_hand.payments()
            hand.kind = engine_hand.summary().get("kind", "played")
            fields += ["status", "finished_at", "payments", "kind"]
        hand.save(update_fields=fields)
        replay.remember(hand.pk, engine_hand)
    publish(LIVE_MOVED, live_table_id=live_table.pk, hand_id=hand.pk, step=hand.steps)
    if engine_hand.done:
        _enter(hand, engine_hand)
        _deal_next(live_table)


def _enter(hand: LiveHand, engine_hand: Any) -> None:
    """Enter a finished hand of a tournament table as its record, witnessed by the engine."""
    live_table = hand.live_table
    if live_table.table_id is None:
        return
    tournament = live_table.table.round.tournament
    helped = hand.bot_steps > 0 and tournament.live_bot_hands == Tournament.LiveBotHands.CONFIRM
    try:
        with transaction.atomic():
            submission = hand_submit(
                table=live_table.table,
                number=hand.number,
                source="record",
                data=engine_hand.record(),
                idempotency_key=f"live-{hand.pk}",
                witnessed="pending" if helped else "confirmed",
            )
    except ValidationError:
        # the round closed or the hand was entered by hand meanwhile: the live hand stays as played, and
        # the table stops (the organizer enters what is left)
        _finish_table(live_table)
        return
    hand.submission = submission
    hand.save(update_fields=["submission"])


def _seen(seat: LiveSeat) -> None:
    LiveSeat.objects.filter(pk=seat.pk).update(seen_at=timezone.now())


def live_seat_seen(seat: LiveSeat) -> None:
    """A phone of ``seat`` asked for its state (a phone that polls): the seat is there. A waiting table
    hears of a seat that was not there (it may start now); otherwise nothing changes that others see."""
    waiting = LiveTable.objects.filter(pk=seat.live_table_id, status=LiveTable.Status.WAITING).exists()
    if waiting:  # a playing table's poll (every 2 s a phone) only notes the time: no reread of the seat
        seat.refresh_from_db(fields=["seen_at", "connections"])
    if waiting and not seat.present(timezone.now()):
        live_seat_connected(seat, 0)
    else:
        _seen(seat)


def live_seats_seen(seat_ids: Sequence[int]) -> int:
    """The phones of these seats are connected to this process (its heartbeat, consumers.py): one UPDATE."""
    return LiveSeat.objects.filter(pk__in=list(seat_ids)).update(seen_at=timezone.now())


# --- seats ------------------------------------------------------------------------------------------------


def live_seat_by_token(token: Any) -> LiveSeat | None:
    """The seat of a private link (None for an unknown one)."""
    if not isinstance(token, str) or not 8 <= len(token) <= 64:
        return None
    return LiveSeat.objects.select_related("live_table").filter(token=token).first()


def live_seat_connected(seat: LiveSeat, change: int) -> None:
    """A phone of ``seat`` connected (+1) or went away (-1). A returning player takes the seat back from
    the stand-in bot at once; a table whose every player's phone is there starts."""
    with transaction.atomic():
        now = timezone.now()
        stale = Q(seen_at__isnull=True) | Q(seen_at__lt=now - timedelta(seconds=PRESENT_SECONDS))
        LiveSeat.objects.filter(
            pk=seat.pk
        ).update(  # a stale count is of phones a killed process never let go
            connections=Case(
                When(stale, then=Value(max(change, 0))), default=Greatest(F("connections") + change, 0)
            ),
            seen_at=now,
        )
        live_table = LiveTable.objects.select_for_update().get(pk=seat.live_table_id)
        humans = live_table.seats.filter(played_by=LiveSeat.PlayedBy.HUMAN)
        if (
            change >= 0
            and live_table.status == LiveTable.Status.WAITING
            and all(each.present(timezone.now()) for each in humans)
        ):
            _begin(live_table)
            return
        hand = _hand_in_play(live_table.pk, lock=False)
        publish(
            LIVE_MOVED,
            live_table_id=live_table.pk,
            hand_id=hand.pk if hand else None,
            step=hand.steps if hand else 0,
        )


def live_seat_to_bot(*, seat: LiveSeat, on: Any, by: Any = None) -> LiveSeat:
    """Hand ``seat`` to its bot (``on``) or take it back: the seat's own choice, or the organizer's."""
    if not isinstance(on, bool):
        raise invalid("on", _("must be true or false"))
    with acting_as(by), transaction.atomic():
        LiveSeat.objects.filter(pk=seat.pk).update(
            played_by=LiveSeat.PlayedBy.BOT if on else LiveSeat.PlayedBy.HUMAN, seen_at=timezone.now()
        )
        seat.refresh_from_db()
        hand = _hand_in_play(seat.live_table_id, lock=False)
        publish(
            LIVE_MOVED, live_table_id=seat.live_table_id, hand_id=hand.pk if hand else None,
            step=hand.steps if hand else 0,
        )  # fmt: skip
    return seat


# --- bots -------------------------------------------------------------------------------------------------


def stand_in_due(seat: LiveSeat, hand: LiveHand, now: Any = None) -> Any:
    """Who plays ``seat``'s move now: ``"bot"`` (a bot's seat), ``"standin"`` (a player gone longer than
    the grace period, or silent past the move clock), or None (wait for the player). With None, the time
    at which a stand-in will be due is ``stand_in_at``."""
    if seat.played_by == LiveSeat.PlayedBy.BOT:
        return LiveAction.By.BOT
    now = now or timezone.now()
    at = stand_in_at(seat, hand)
    return LiveAction.By.STANDIN if at is not None and at <= now else None


def stand_in_at(seat: LiveSeat, hand: LiveHand) -> Any:
    """When a bot takes ``seat``'s move if nothing changes (None: never while a phone is there)."""
    live_table = hand.live_table
    times = []
    if not seat.present(timezone.now()) or seat.connections <= 0:
        since = max(t for t in (seat.seen_at, hand.turn_since, live_table.started_at) if t is not None)
        times.append(since + timedelta(seconds=live_table.grace_seconds))
    if live_table.clock_seconds and hand.turn_since is not None:
        times.append(hand.turn_since + timedelta(seconds=live_table.clock_seconds))
    return min(times) if times else None


def live_bot_move(hand_id: int, step: int) -> bool:
    """Play the bot's move of the hand at ``step`` if one is due (False: not due, or the hand moved on).
    Idempotent: a repeated or late call finds the step taken and does nothing."""
    import random

    with transaction.atomic():
        hand = LiveHand.objects.select_for_update().select_related("live_table").filter(pk=hand_id).first()
        if hand is None or hand.status != LiveHand.Status.PLAYING or hand.steps != step:
            return False
        live_table = hand.live_table
        if live_table.status != LiveTable.Status.PLAYING:
            return False
        with replay.lock:
            engine_hand = replay.state(hand, live_table.game)
            position = engine_hand.to_move()
            seat = live_table.seats.get(position=position)
            by = stand_in_due(seat, hand)
            if by is None:
                return False
            code = engine_hand.bot_move(seat.bot_kind, random.Random(f"{hand.seed}:{step}"))
        _apply(hand, position, code, by)
    return True


def next_bot_turn(live_table_id: int) -> tuple[int, int, float] | None:
    """The hand and step a bot will move next at the table, and in how many seconds (None: a person
    moves, or nothing is in play): what the scheduler waits for."""
    hand = _hand_in_play(live_table_id, lock=False)
    if hand is None or hand.live_table.status != LiveTable.Status.PLAYING:
        return None
    with replay.lock:
        position = replay.state(hand, hand.live_table.game).to_move()
    if position is None:
        return None
    seat = hand.live_table.seats.get(position=position)
    if seat.played_by == LiveSeat.PlayedBy.BOT:  # due its delay after the turn came: a lost task's is overdue
        due = (hand.turn_since or timezone.now()) + timedelta(milliseconds=hand.live_table.bot_delay_ms)
        return hand.pk, hand.steps, max(0.0, (due - timezone.now()).total_seconds())
    at = stand_in_at(seat, hand)
    if at is None:
        return None
    return hand.pk, hand.steps, max(0.0, (at - timezone.now()).total_seconds())


def live_turns_due(limit: int = 500) -> list[tuple[int, int]]:
    """Hands whose seat to move is overdue for its bot (the sweep's work: a scheduled move that was
    lost)."""
    due = []
    for live_table_id in LiveTable.objects.filter(status=LiveTable.Status.PLAYING).values_list(
        "pk", flat=True
    )[:limit]:
        turn = next_bot_turn(live_table_id)
        if turn is not None and turn[2] <= 0:
            due.append(turn[:2])
    return due


def live_overdue_play() -> int:
    """Play every bot move that is overdue (its task or timer was lost: a restarted process, a worker
    gone): the sweep's work, a worker's every ``live-sweep`` period, or, with tasks in-process (the embedded
    default, no beat), the web process's own while it holds live connections (consumers.py)."""
    return sum(live_bot_move(hand_id, step) for hand_id, step in live_turns_due())
