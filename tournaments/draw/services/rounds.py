"""Rounds and draws: generate (draft), re-draw, manual edit, confirm, publish, start, close, verify.

Every draw is computed by ``tournaments.draw.pairing`` (pure Python) from a seed and an input that are stored
with the round and shown publicly: ``round_verify`` recomputes the draw from them, so anyone can check
that it was not arranged. The input includes the table sizes (``table_sizes_of``: the tournament's, the
preferred first); a round stored without them was drawn at tables of 4 and 5.
"""

from __future__ import annotations

import secrets
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy, gettext_noop
from django.utils.translation import gettext_lazy as _

from tournaments.core import audit
from tournaments.core.audit import acting_as
from tournaments.core.events import ROUND_CLOSED, ROUND_RELEASED, publish
from tournaments.core.formats import PAIRING_METHODS, pairing_method_for, table_sizes_of
from tournaments.core.messages import Join, Labelled, Text
from tournaments.core.validation import check_version, conflict, invalid, max_length_of, text
from tournaments.core.validation import invalid as _invalid
from tournaments.draw.models import POSITIONS, Bye, Round, Seat, Table
from tournaments.draw.pairing.balanced import balanced_schedule
from tournaments.draw.pairing.random_draw import random_draw
from tournaments.draw.pairing.seeded import seeded_draw
from tournaments.draw.pairing.swiss import swiss_draw
from tournaments.draw.pairing.tables import TABLE_SIZES, RoundDraw, validate_round
from tournaments.draw.pairing.tables import Table as DrawnTable
from tournaments.draw.services.tables import table_codes_issue
from tournaments.organizing.models import Tournament, refuse_if_finished
from tournaments.participants.models import Registration
from tournaments.participants.selectors import kept_player_ids, present_registrations
from tournaments.ratings.models import PlayerRating
from tournaments.results.models import Dispute, Hand, HandSubmission
from tournaments.standings.models import Standing
from tournaments.standings.services import standings_ensure_current

EDITABLE = (Round.Status.DRAFT, Round.Status.CONFIRMED)


def draw_input(tournament: Tournament, number: int, method: str) -> dict[str, Any]:
    """Everything the draw of round ``number`` depends on, as plain JSON (stored with the round)."""
    registrations = list(present_registrations(tournament, number))
    players = [r.player_id for r in registrations]
    data: dict[str, Any] = {"players": players, "round": number, "sizes": list(table_sizes_of(tournament))}
    if method == "random":
        data["clubs"] = {str(r.player_id): r.player.club_id for r in registrations if r.player.club_id}
    elif method == "seeded":  # the ranking the groups are cut from (the tournament's ``seed_by``)
        data["seed_by"] = tournament.seed_by
        data["ratings"] = seeding_strengths(tournament, registrations)
    elif method == "swiss":
        previous = number - 1
        standings_ensure_current(tournament)  # the draw must see every confirmed result
        totals = dict(
            Standing.objects.filter(tournament=tournament, after_round=previous).values_list(
                "player_id", "total"
            )
        )
        data["scores"] = {str(p): float(totals.get(p, 0)) for p in players}
        tables: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
        seat_counts: dict[str, Counter[str]] = defaultdict(Counter)
        dealer_counts: Counter[int] = Counter()
        for round_number, table_id, player_id, position, first_dealer in Seat.objects.filter(
            round__tournament=tournament, round__number__lt=number, round__stage=Round.Stage.QUALIFYING
        ).values_list("round__number", "table_id", "player_id", "position", "table__first_dealer"):
            tables[round_number][table_id].append(player_id)
            seat_counts[str(player_id)][position] += 1
            if position == first_dealer:
                dealer_counts[player_id] += 1
        data["history"] = {str(r): sorted(sorted(t) for t in ts.values()) for r, ts in sorted(tables.items())}
        data["seat_counts"] = {p: dict(c) for p, c in seat_counts.items()}
        data["dealer_counts"] = {str(p): c for p, c in dealer_counts.items()}
        data["bye_counts"] = {
            str(p): c
            for p, c in Counter(
                Bye.objects.filter(round__tournament=tournament, round__number__lt=number).values_list(
                    "player_id", flat=True
                )
            ).items()
        }
    elif method == "balanced":
        data["rounds_planned"] = max(tournament.rounds_planned, number)
        first = tournament.rounds.filter(method="balanced", number__lt=number).order_by("number").first()
        data["schedule_seed"] = first.draw_input.get("schedule_seed", first.seed) if first else None
        if tournament.seed_by != Tournament.SeedBy.PLAYER_RATING:  # chosen: round 1 in strength bands
            data["strengths"] = (
                first.draw_input.get("strengths") if first else seeding_strengths(tournament, registrations)
            )
    return data


def seeding_strengths(tournament: Tournament, registrations: Sequence[Registration]) -> dict[str, Any]:
    """What a seeded round 1 ranks the players by, the higher the stronger (None: unranked, last): their
    rating as entered, the game's rating (the ordinal of ``ratings``: the Slovenian "three groups" from
    the national ranking, Dummett-McLeod supplement 16.8), or the seeds given at registration (1 the
    strongest, stored negated so that higher is stronger)."""
    if tournament.seed_by == Tournament.SeedBy.GAME_RATING:
        ordinals = dict(
            PlayerRating.objects.filter(
                game=tournament.game, player_id__in=[r.player_id for r in registrations]
            ).values_list("player_id", "ordinal")
        )
        return {str(r.player_id): ordinals.get(r.player_id) for r in registrations}
    if tournament.seed_by == Tournament.SeedBy.SEEDS:
        return {str(r.player_id): -r.seed if r.seed is not None else None for r in registrations}
    return {str(r.player_id): r.player.rating for r in registrations}


def compute_draw(method: str, data: dict[str, Any], seed: str) -> RoundDraw:
    """The draw for stored input: the single function ``round_generate`` and ``round_verify`` share.

    JSON object keys are strings, so player ids are turned back into ints here. An input stored without
    ``sizes`` (drawn before tournaments had other table sizes) was drawn at tables of 4 and 5."""
    players = [int(p) for p in data["players"]]
    sizes = tuple(data.get("sizes") or TABLE_SIZES)
    if method == "random":
        clubs = {int(k): v for k, v in data.get("clubs", {}).items()}
        return random_draw(players, seed, clubs=clubs, sizes=sizes)
    if method == "swiss":
        history = [tables for _, tables in sorted(data.get("history", {}).items(), key=lambda kv: int(kv[0]))]
        return swiss_draw(
            players,
            seed,
            scores={int(k): v for k, v in data.get("scores", {}).items()},
            history=history,
            seat_counts={int(k): v for k, v in data.get("seat_counts", {}).items()},
            dealer_counts={int(k): v for k, v in data.get("dealer_counts", {}).items()},
            bye_counts={int(k): v for k, v in data.get("bye_counts", {}).items()},
            sizes=sizes,
        )
    if method == "seeded":
        ratings = {int(k): v for k, v in data.get("ratings", {}).items()}
        return seeded_draw(players, seed, ratings=ratings, sizes=sizes)
    if method == "balanced":
        # One schedule for the whole tournament, from the first balanced round's seed; this round is
        # its row. (A changed field, e.g. a late entry, gives a new schedule for the new field.)
        strengths = data.get("strengths")
        schedule = balanced_schedule(
            players,
            data["rounds_planned"],
            data.get("schedule_seed") or seed,
            sizes=sizes,
            strengths={int(k): v for k, v in strengths.items()} if strengths is not None else None,
        )
        return schedule.rounds[data["round"] - 1]
    raise _invalid(
        "method", _("cannot recompute a %(method)s draw"), params={"method": Labelled("method", method)}
    )


def _store_draw(round_: Round, draw: RoundDraw) -> None:
    """Replace a draft's tables, seats and byes; every row created or removed keeps its history."""
    round_.tables.all().delete()  # each row's deletion (and its seats') still gets its history row
    round_.byes.all().delete()
    tables = audit.bulk_create(
        Table,
        [
            Table(round=round_, number=number, first_dealer=POSITIONS[drawn.first_dealer])
            for number, drawn in enumerate(draw.tables, start=1)
        ],
    )
    seats = [
        Seat(round=round_, table=table, player_id=player_id, position=POSITIONS[index])
        for table, drawn in zip(tables, draw.tables, strict=True)
        for index, player_id in enumerate(drawn.players)
    ]
    audit.bulk_create(Seat, seats)
    audit.bulk_create(Bye, [Bye(round=round_, player_id=player_id) for player_id in draw.byes])


def _seed(seed: Any) -> str | None:
    """A client's seed: text of at most the column's length (empty: a random one is drawn)."""
    return text(seed, "seed", max_length=max_length_of(Round, "seed")) or None


def require_not_finished(tournament: Tournament) -> None:
    """After ``tournament_finish`` no round is drawn, confirmed, published or started."""
    refuse_if_finished(tournament)


def extra_reason_check(tournament: Tournament, number: int, reason: Any) -> str:
    """The reason for drawing round ``number``: required (and kept) when it is beyond the planned rounds,
    since the planned number ends the tournament; none is taken for a planned round."""
    reason = text(reason, "extra_reason", max_length=max_length_of(Round, "extra_reason"))
    if number > tournament.rounds_planned and not reason:
        raise invalid(
            "extra_reason",
            gettext_lazy("round %(number)s is beyond the %(planned)s planned rounds: give the reason"),
            params={"number": number, "planned": tournament.rounds_planned},
        )
    return reason if number > tournament.rounds_planned else ""


def round_generate_check(
    tournament: Tournament,
    *,
    method: Any = None,
    seed: Any = None,
    number: int | None = None,
    extra_reason: Any = None,
) -> tuple[int, str, str | None, str]:
    """What ``round_generate`` refuses before computing anything: the round's number, method, seed
    (``None``: random) and the reason for an extra round (``extra_reason_check``). ``number``: the round
    the caller expects to draw (a job's); another is a conflict. Run by the service under the
    tournament's lock, and by a job's request before anything is stored."""
    seed = _seed(seed)
    require_not_finished(tournament)
    next_number = (tournament.rounds.aggregate(m=Max("number"))["m"] or 0) + 1
    if number is not None and number != next_number:
        raise conflict(
            "round",
            _("round %(number)s is no longer the next one to draw (round %(next)s is)"),
            {"number": number, "next": next_number},
        )
    number = next_number
    reason = extra_reason_check(tournament, number, extra_reason)
    previous = tournament.rounds.filter(number=number - 1).first()
    if previous is not None and previous.status != Round.Status.CLOSED:
        raise conflict(
            "round",
            _("close round %(previous)s before drawing round %(number)s"),
            {"previous": previous.number, "number": number},
        )
    method = method or pairing_method_for(tournament.pairing_methods, number)
    if method not in PAIRING_METHODS:
        raise _invalid("method", _("must be random, swiss, balanced or seeded"))
    players = present_registrations(tournament, number).count()
    smallest = min(table_sizes_of(tournament))
    if players < smallest == 4:  # the catalogues' message for the default sizes
        raise _invalid(
            "players", _("only %(players)s checked-in players: a table needs 4"), params={"players": players}
        )
    if players < smallest:
        raise _invalid(
            "players",
            _("only %(players)s checked-in players: a table needs %(size)s"),
            params={"players": players, "size": smallest},
        )
    return number, method, seed, reason


def round_generate(
    tournament: Tournament,
    *,
    method: str | None = None,
    seed: str | None = None,
    by: Any = None,
    number: int | None = None,
    extra_reason: str | None = None,
) -> Round:
    """Draw the next round as a draft. The previous round must be closed. ``number`` and
    ``extra_reason`` (required beyond the planned rounds): see ``round_generate_check``."""
    with acting_as(by), transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        number, method, seed, reason = round_generate_check(
            tournament, method=method, seed=seed, number=number, extra_reason=extra_reason
        )
        data = draw_input(tournament, number, method)
        seed = seed or secrets.token_hex(8)
        if method == "balanced" and not data.get("schedule_seed"):
            data["schedule_seed"] = seed
        round_ = Round.objects.create(
            tournament=tournament,
            number=number,
            method=method,
            seed=seed,
            draw_input=data,
            extra_reason=reason,
        )
        _store_draw(round_, compute_draw(method, data, seed))
        if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            tournament.status = Tournament.Status.RUNNING
            tournament.version += 1
            tournament.save(update_fields=["status", "version"])
    return round_


def round_redraw_check(round_: Round, *, seed: Any = None, expected_version: int | None = None) -> str | None:
    """What ``round_redraw`` refuses before computing anything; the seed (``None``: random)."""
    seed = _seed(seed)
    if round_.stage != Round.Stage.QUALIFYING:
        raise _invalid("stage", _("final-stage tables follow the standings; they are not drawn"))
    check_version(round_, expected_version, "round")
    if round_.status not in EDITABLE:
        raise conflict(
            "status",
            _("round %(number)s is %(status)s: only a draft can be re-drawn"),
            {"number": round_.number, "status": Labelled("round_state", round_.status)},
        )
    return seed


def round_redraw(
    round_: Round, *, seed: str | None = None, by: Any = None, expected_version: int | None = None
) -> Round:
    """A new draw with a new seed (the old one stays in the round's history)."""
    with acting_as(by), transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        seed = round_redraw_check(round_, seed=seed, expected_version=expected_version)
        round_.version += 1
        round_.seed = seed or secrets.token_hex(8)
        round_.draw_input = draw_input(round_.tournament, round_.number, round_.method)
        round_.status = Round.Status.DRAFT
        round_.save()
        _store_draw(round_, compute_draw(round_.method, round_.draw_input, round_.seed))
    return round_


def round_verify(round_: Round) -> bool:
    """Whether the stored tables are exactly what the stored seed and input give."""
    if round_.stage != Round.Stage.QUALIFYING:
        return True
    if round_.method == "manual":
        return False  # edited by hand: by definition not what the seed gives
    draw = compute_draw(round_.method, round_.draw_input, round_.seed)
    seated: dict[int, list[int]] = defaultdict(list)  # one query for all the seats, not one per table
    for table_id, player_id in (
        Seat.objects.filter(table__round=round_)
        .order_by("table_id", "position")
        .values_list("table_id", "player_id")
    ):
        seated[table_id].append(player_id)
    stored = [
        (seated[table_id], POSITIONS.index(first_dealer))
        for table_id, first_dealer in round_.tables.order_by("number").values_list("id", "first_dealer")
    ]
    expected = [(list(t.players), t.first_dealer) for t in draw.tables]
    byes = sorted(round_.byes.values_list("player_id", flat=True))
    if stored == expected and byes == sorted(draw.byes):
        return True
    # A record merged since the draw (``participants.merge``) sits there as the record it was merged into.
    holder = kept_player_ids({p for players, _ in expected for p in players} | set(draw.byes))
    expected = [([holder[p] for p in players], dealer) for players, dealer in expected]
    return stored == expected and byes == sorted(holder[p] for p in draw.byes)


def _draw_problem_field(problem: Any) -> str:
    """The input of a hand-edited draw a problem is about: ``byes`` for the players listed as sitting
    out (twice, also seated, not checked in, too many or too few), else ``tables``."""
    about_byes = problem.code in ("bye_twice", "bye_count", "seated_and_bye") or (
        problem.code == "not_checked_in" and problem.table is None
    )
    return "byes" if about_byes else "tables"


def draw_edit(
    round_: Round,
    tables: Sequence[Sequence[int]],
    *,
    byes: Sequence[int] = (),
    by: Any = None,
    expected_version: int | None = None,
) -> Round:
    """Replace a draft draw by hand: lists of player ids in seat order (A first; A deals first).

    Validated: nobody at two tables, every checked-in player seated (or given a bye where byes are
    needed), tables of the tournament's sizes (``table_sizes_of``; e.g. 4 or 5).
    """
    with acting_as(by), transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        check_version(round_, expected_version, "round")
        if round_.status not in EDITABLE:
            raise conflict(
                "status",
                _("round %(number)s is %(status)s: the draw can no longer change"),
                {"number": round_.number, "status": Labelled("round_state", round_.status)},
            )
        expected = list(
            present_registrations(round_.tournament, round_.number).values_list("player_id", flat=True)
        )
        problems = validate_round(
            [list(t) for t in tables], expected, byes=list(byes), sizes=table_sizes_of(round_.tournament)
        )
        if problems:
            by_field: dict[str, list[ValidationError]] = {}
            for problem in problems:  # each under the input that holds it: a bad bye names "byes"
                by_field.setdefault(_draw_problem_field(problem), []).append(
                    ValidationError(
                        Text(problem.template, **problem.params),
                        code=problem.code,
                        params=dict(problem.params),
                    )
                )
            raise ValidationError(by_field)
        manual = RoundDraw(
            tables=tuple(DrawnTable(players=tuple(t), first_dealer=0) for t in tables),
            byes=tuple(byes),
        )
        _store_draw(round_, manual)
        round_.method = "manual"
        round_.status = Round.Status.DRAFT
        round_.version += 1
        round_.save(update_fields=["method", "status", "version"])
    return round_


def _move(
    round_: Round,
    allowed: Sequence[str],
    target: str,
    by: Any = None,
    expected_version: int | None = None,
    confirm: bool = True,
    **fields: Any,
) -> Round:
    """Move the round's status under a row lock (so two organizers cannot both move it, and entries in
    flight, which hold a share lock on it, finish first), saving through the model so the history keeps
    who and when. Released and closed rounds change what the standings show."""
    with acting_as(by), transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        check_version(locked, expected_version, "round")
        if locked.status not in allowed:
            raise conflict(
                "status",
                _("round %(number)s is %(status)s; cannot become %(target)s"),
                {
                    "number": locked.number,
                    "status": Labelled("round_state", locked.status),
                    "target": Labelled("round_state", target),
                },
            )
        if target == Round.Status.CLOSED:
            _check_complete(locked)
            left = time_left(locked)
            if not confirm and left is not None:
                raise conflict(
                    "confirm",
                    gettext_lazy(
                        "the timer of round %(number)s still runs (%(minutes)s min left): "
                        "confirm to close it now"
                    ),
                    params={"number": locked.number, "minutes": int(left.total_seconds() // 60)},
                )
        else:
            require_not_finished(locked.tournament)
        fields = {"status": target, "version": locked.version + 1, **fields}
        for instance in (locked, round_):  # the caller's instance stays current too
            for name, value in fields.items():
                setattr(instance, name, value)
        locked.save(update_fields=list(fields))
        if target == Round.Status.PUBLISHED:
            table_codes_issue(locked)
        if target in (Round.Status.PUBLISHED, Round.Status.CLOSED):
            publish(ROUND_RELEASED if target == Round.Status.PUBLISHED else ROUND_CLOSED, round_=locked)
    return round_


def round_confirm(round_: Round, *, by: Any = None, expected_version: int | None = None) -> Round:
    return _move(round_, [Round.Status.DRAFT], Round.Status.CONFIRMED, by, expected_version)


def round_publish(round_: Round, *, by: Any = None, expected_version: int | None = None) -> Round:
    """Release the draw: players see their tables and the seed from now on."""
    return _move(round_, [Round.Status.CONFIRMED], Round.Status.PUBLISHED, by, expected_version)


def round_start(round_: Round, *, by: Any = None, expected_version: int | None = None) -> Round:
    """Start the round timer (the tournament's round length)."""
    now = timezone.now()
    minutes = round_.tournament.round_minutes
    return _move(
        round_,
        [Round.Status.PUBLISHED],
        Round.Status.IN_PLAY,
        by,
        expected_version,
        started_at=now,
        ends_at=now + timedelta(minutes=minutes),
    )


def _check_complete(round_: Round) -> None:
    """Under the round's exclusive lock: refuse to close while anything is unsettled, listing it, and say
    what the organizer can do about tables short of their deals. Where the deals are a maximum within the
    round's time (``Tournament.deals_within_time``) and the time is up, a table short of its deals is not
    unsettled: the deals it did not play count for nobody. An entry awaiting confirmation (the hand that was
    in play when time ran out) and an open dispute still are."""
    problems = [
        Text(gettext_noop("table %(table)s hand %(hand)s: dispute open"), table=table, hand=hand)
        for table, hand in Dispute.objects.filter(hand__table__round=round_, status=Dispute.Status.OPEN)
        .order_by("hand__table__number", "hand__number")
        .values_list("hand__table__number", "hand__number")
    ]
    problems += [
        Text(
            gettext_noop("table %(table)s hand %(hand)s: entry awaiting confirmation"), table=table, hand=hand
        )
        for table, hand in HandSubmission.objects.filter(
            hand__table__round=round_, status=HandSubmission.Status.PENDING
        )
        .order_by("hand__table__number", "hand__number")
        .values_list("hand__table__number", "hand__number")
        .distinct()
    ]
    tournament = round_.tournament
    within_time = tournament.deals_within_time
    short = []
    if not (within_time and time_is_up(round_)):
        for table in round_.tables.all():
            deals = tournament.deals_per_round(table.seats.count())
            done = table.hands.filter(status__in=(Hand.Status.CONFIRMED, Hand.Status.VOIDED)).count()
            if done < deals:
                short.append(
                    Text(
                        gettext_noop("table %(table)s: %(done)s/%(deals)s deals confirmed"),
                        table=table.number,
                        done=done,
                        deals=deals,
                    )
                )
    problems += short
    if problems:
        unsettled = Join(problems)
        message: Any = Text(gettext_noop("cannot close: %(problems)s"), problems=unsettled)
        params: dict[str, Any] = {"problems": unsettled}
        if short and within_time and round_.status == Round.Status.IN_PLAY and round_.ends_at is not None:
            params["time"] = timezone.localtime(round_.ends_at).strftime("%H:%M")
            advice = Text(
                gettext_noop(
                    "Wait for the tables, or close the round when its time is up at %(time)s: the deals "
                    "not played by then count for nobody."
                ),
                time=params["time"],
            )
            message = Join([message, advice], " ")
        elif short:
            message = Join([message, Text(gettext_noop("Wait for the tables to play all their deals."))], " ")
        raise conflict("round", message, params)


def time_is_up(round_: Round) -> bool:
    """Whether the round is in play and its timer has run out."""
    return (
        round_.status == Round.Status.IN_PLAY
        and round_.ends_at is not None
        and round_.ends_at <= timezone.now()
    )


def time_left(round_: Round) -> timedelta | None:
    """What the round's timer still has (``None``: no timer runs, or it has run out)."""
    if round_.status != Round.Status.IN_PLAY or round_.ends_at is None:
        return None
    left = round_.ends_at - timezone.now()
    return left if left > timedelta(0) else None


def round_close(
    round_: Round, *, by: Any = None, expected_version: int | None = None, confirm: bool = True
) -> Round:
    """Close a round once every table has all its deals confirmed (or voided), or (where the deals are a
    maximum within the round's time) once its time is up, no entry awaits confirmation and no dispute is
    open; otherwise the refusal lists what is unsettled and what the organizer can do. With
    ``confirm=False`` (the pages and the API pass what their user confirmed) a round whose timer still
    runs is not closed: a conflict says how long it has left."""
    return _move(
        round_,
        [Round.Status.IN_PLAY, Round.Status.PUBLISHED],
        Round.Status.CLOSED,
        by,
        expected_version,
        confirm=confirm,
        closed_at=timezone.now(),
    )


def final_stage_check(tournament: Tournament) -> Round:
    """What ``final_stage_generate`` refuses before computing anything; the last qualifying round (the
    final stage is the round after it)."""
    require_not_finished(tournament)
    if not tournament.final_table:
        raise _invalid("final_table", _("this tournament has no final stage"))
    last = tournament.rounds.order_by("-number").first()
    if last is None or last.status != Round.Status.CLOSED or last.number < tournament.rounds_planned:
        raise _invalid(
            "round",
            _("play and close all %(rounds)s qualifying rounds first"),
            params={"rounds": tournament.rounds_planned},
        )
    if last.stage == Round.Stage.FINAL:
        raise _invalid("round", _("the final stage already exists"))
    return last


def final_stage_generate(tournament: Tournament, *, by: Any = None) -> Round:
    """After the qualifying rounds: the top players play a final table of the tournament's preferred
    size (``table_sizes_of(...)[0]``: 4 play places 1-4); with ``placement_tables`` the next players play
    tables of that size for the following places (5-8, 9-12, ...; seats in standings order, the leader
    deals first). Players left over when the field is not a multiple of the size play no table."""
    with acting_as(by), transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = final_stage_check(tournament)
        standings_ensure_current(tournament)  # seats follow the final qualifying standings
        present = present_registrations(tournament, last.number + 1).values("player_id")
        ranking = list(
            Standing.objects.filter(tournament=tournament, after_round=last.number, player_id__in=present)
            .order_by("rank", "player_id")
            .values_list("player_id", flat=True)
        )
        size = table_sizes_of(tournament)[0]
        groups = (
            [ranking[i : i + size] for i in range(0, len(ranking), size)]
            if tournament.placement_tables
            else [ranking[:size]]
        )
        groups = [g for g in groups if len(g) == size]
        round_ = Round.objects.create(
            tournament=tournament,
            number=last.number + 1,
            stage=Round.Stage.FINAL,
            method="final",
            seed="standings",
            draw_input={"ranking": ranking, "size": size},
        )
        for number, group in enumerate(groups, start=1):
            first = (number - 1) * size + 1
            label = "Final" if number == 1 else f"Places {first}-{first + size - 1}"
            table = Table.objects.create(round=round_, number=number, label=label, first_dealer="A")
            audit.bulk_create(
                Seat,
                [
                    Seat(round=round_, table=table, player_id=p, position=POSITIONS[i])
                    for i, p in enumerate(group)
                ],
            )
    return round_
