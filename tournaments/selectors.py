"""Read-side queries shared by the pages, the API, the admin and the workers."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, Max, Min, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from engine.hungarian.record import ReplayError, replay
from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError
from tournaments.formats import tournament_rules
from tournaments.models import (
    Dispute,
    DisputeFinding,
    Hand,
    HandSubmission,
    Registration,
    Round,
    Seat,
    Standing,
    StandingsState,
    Table,
    TableCode,
    TableResult,
    Tournament,
)
from tournaments.standings import COUNTED_HAND_STATUSES, PROVISIONAL_ROUND_STATUSES


def public_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(is_public=True).exclude(status=Tournament.Status.DRAFT)


def public_tournament(slug: str) -> Tournament | None:
    return public_tournaments().filter(slug=slug).first()


def is_public(tournament: Tournament) -> bool:
    """What ``public_tournaments`` lists: public and no longer a draft."""
    return tournament.is_public and tournament.status != Tournament.Status.DRAFT


def tournaments_visible_to(user: Any) -> QuerySet[Tournament]:
    """The public tournaments, plus every tournament ``user`` organizes (all of them for a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return public_tournaments()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(
        Q(pk__in=public_tournaments().values("pk")) | Q(organizers=user)
    ).distinct()


def is_organizer(user: Any, tournament: Tournament) -> bool:
    """May ``user`` run ``tournament`` (the API, the organizer pages and the admin ask the same)?"""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or tournament.organizers.filter(pk=user.pk).exists()


def organized_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` runs (``is_organizer``): a superuser runs every one."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    found = Tournament.objects.all() if user.is_superuser else user.organized_tournaments.all()
    return found.order_by("-starts_on", "name")


def standings_state(tournament: Tournament) -> StandingsState | None:
    """Whether the stored standings are current (``None`` before anything marked them)."""
    return StandingsState.objects.filter(tournament=tournament).first()


def oldest_stale_standings() -> float | None:
    """Seconds since the longest-waiting stale standings became stale (``None`` if all are current)."""
    since = StandingsState.objects.filter(stale_since__isnull=False).aggregate(m=Min("stale_since"))["m"]
    return None if since is None else round((timezone.now() - since).total_seconds(), 3)


RELEASED_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.IN_PLAY, Round.Status.CLOSED)


def active_table_code(table: Any) -> str | None:
    """The table's entry code in force (from the ``tables_with_play(with_codes=True)`` prefetch if any)."""
    codes = getattr(table, "active_codes", None)
    if codes is not None:
        return codes[0].code if codes else None
    return (
        TableCode.objects.filter(table=table, replaced_at__isnull=True).values_list("code", flat=True).first()
    )


def active_registrations(tournament: Tournament, round_number: int) -> QuerySet[Registration]:
    """Checked-in players who play ``round_number``: late entries from their first round on, withdrawn
    players up to the round after which they withdrew."""
    return (
        tournament.registrations.filter(first_round__lte=round_number)
        .filter(
            Q(status=Registration.Status.CHECKED_IN)
            | Q(status=Registration.Status.WITHDRAWN, withdrawn_after_round__gte=round_number)
        )
        .select_related("player", "player__club")
        .order_by("player_id")
    )


def rounds_with_draws(tournament: Tournament, *, public_only: bool = True) -> QuerySet[Round]:
    """Rounds with tables and seats prefetched; drafts are not public."""
    rounds = tournament.rounds.all()
    if public_only:
        rounds = rounds.filter(status__in=[Round.Status.PUBLISHED, Round.Status.IN_PLAY, Round.Status.CLOSED])
    seats = Seat.objects.select_related("player").order_by("position")
    tables = Table.objects.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    return rounds.prefetch_related(Prefetch("tables", queryset=tables), "byes__player").order_by("number")


def provisional_rounds(tournament: Tournament, up_to: int | None = None) -> list[int]:
    """The released rounds not closed yet (up to round ``up_to``): what they count is provisional, and
    becomes final when they close."""
    rounds = tournament.rounds.filter(status__in=PROVISIONAL_ROUND_STATUSES)
    if up_to is not None:
        rounds = rounds.filter(number__lte=up_to)
    return sorted(rounds.values_list("number", flat=True))


@dataclass
class StandingsTable:
    after_round: int = 0
    live: bool = False  # standings during round ``after_round`` (in play), not after it
    round_numbers: list[int] = field(default_factory=list)
    # each with ``hands_in_dispute`` and ``provisional`` (its totals count a round not closed) set
    rows: list[Standing] = field(default_factory=list)
    hands_in_dispute: int = 0  # hands of these rounds in dispute: not counted until decided
    provisional_rounds: list[int] = field(default_factory=list)  # rounds counted here that are not closed
    final: bool = False  # the tournament is finished and these are its latest standings: final

    @property
    def provisional(self) -> bool:
        """Totals and ranks may still change: a round they count is not closed."""
        return bool(self.provisional_rounds)


def standings_table(tournament: Tournament, after_round: int | None = None) -> StandingsTable:
    """The latest standings snapshot (or the one after ``after_round``), with the hands in dispute (in all
    and per player: live, not from the snapshot) and each per-round entry marked ``provisional`` while its
    round is not closed (read from the rounds now, so it turns final the moment a round closes)."""
    if after_round is None:
        after_round = tournament.standings.aggregate(m=Max("after_round"))["m"]
    if not after_round:
        return StandingsTable()
    rows = list(
        tournament.standings.filter(after_round=after_round)
        .select_related("player", "player__club")
        .order_by("rank", "player__name")
    )
    provisional = provisional_rounds(tournament, after_round)
    disputed, per_player = hands_in_dispute(tournament, after_round)
    for row in rows:
        row.hands_in_dispute = per_player.get(row.player_id, 0)  # type: ignore[attr-defined]
        mark_provisional(row, provisional)
    live = after_round in provisional
    final = getattr(tournament, "finished_at", None) is not None and (
        after_round == tournament.standings.aggregate(m=Max("after_round"))["m"]
    )
    return StandingsTable(
        after_round, live, list(range(1, after_round + 1)), rows, disputed, provisional, final
    )


def mark_provisional(row: Standing, provisional: Collection[int]) -> None:
    """Mark each per-round entry of ``row`` ``provisional`` when its round is one of ``provisional`` (not
    closed), and the row itself when its totals count such a round."""
    for entry in row.rounds:
        entry["provisional"] = entry.get("round") in provisional
    row.provisional = any(entry["provisional"] for entry in row.rounds)  # type: ignore[attr-defined]


def hands_in_dispute(tournament: Tournament, after_round: int) -> tuple[int, dict[int, int]]:
    """How many hands of rounds 1..``after_round`` are in dispute (they do not count until decided): in
    all, and per player who plays them (a 5-table's dealer sits the hand out)."""
    hands = list(
        Hand.objects.filter(
            table__round__tournament=tournament,
            table__round__number__lte=after_round,
            status=Hand.Status.DISPUTED,
        ).values_list("table_id", "dealer")
    )
    seated: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for table_id, player_id, position in Seat.objects.filter(
        table_id__in={table_id for table_id, _ in hands}
    ).values_list("table_id", "player_id", "position"):
        seated[table_id].append((player_id, position))
    per_player: dict[int, int] = defaultdict(int)
    for table_id, dealer in hands:
        five = len(seated[table_id]) == 5
        for player_id, position in seated[table_id]:
            if not (five and position == dealer):
                per_player[player_id] += 1
    return len(hands), dict(per_player)


def settled_by_validator() -> Q:
    """Disputes the validator settled (``services.disputes``) that no organizer has decided since: resolved
    by no user, with the version a decision of the validator chose."""
    decided = DisputeFinding.objects.filter(
        dispute=OuterRef("pk"), outcome=DisputeFinding.Outcome.DECIDED, chosen=OuterRef("chosen")
    )
    return Q(status=Dispute.Status.RESOLVED, resolved_by__isnull=True) & Q(Exists(decided))


def standings_csv(tournament: Tournament, after_round: int | None = None) -> str:
    """Standings as CSV: rank, player, club, total, per-round scores (empty where a round adds nothing),
    every tie-break value, and ``provisional`` (``true`` while a round counted is not closed: the row's
    total and rank may still change)."""
    table = standings_table(tournament, after_round)
    out = io.StringIO()
    writer = csv.writer(out)
    tiebreaks: list[str] = list(tournament.tiebreaks)
    writer.writerow(
        [
            "rank",
            "player",
            "club",
            "total",
            *[f"round_{n}" for n in table.round_numbers],
            "game_points",
            "table_points",
            "penalties",
            "hands_played",
            *tiebreaks,
            "provisional",
        ]
    )
    provisional = "true" if table.provisional else "false"
    for row in table.rows:
        by_round = {r.get("round"): r["score"] for r in row.rounds}
        writer.writerow(
            [
                row.rank,
                row.player.name,
                row.player.club.name if row.player.club else "",
                row.total,
                *[by_round.get(n, "") for n in table.round_numbers],
                row.game_points,
                row.table_points,
                row.penalties,
                row.hands_played,
                *[row.tiebreak_values.get(t, "") for t in tiebreaks],
                provisional,
            ]
        )
    return out.getvalue()


# --- rounds and tables, as the API and the pages show them ---------------------------------------------


def visible_rounds(tournament: Tournament, *, organizer: bool) -> QuerySet[Round]:
    """Organizers see every round; everyone else the released ones (published, in play, closed)."""
    return rounds_with_draws(tournament, public_only=not organizer)


def round_is_released(round_: Round) -> bool:
    return round_.status in RELEASED_ROUND_STATUSES


def tables_with_play(round_: Round, *, with_codes: bool = False, with_hands: bool = True) -> QuerySet[Table]:
    """A round's tables in number order, with seats (and their players and clubs), hands, results (and, for
    organizers, the active entry code) prefetched, so a page of tables costs a fixed number of queries.
    ``with_hands=False``: seats (and codes) only, for pages that count hands (``table_hand_counts``)
    rather than show them. The round is joined without its stored draw input (a large JSON document that
    would otherwise be decoded once per table)."""
    prefetches: list[Any] = [
        Prefetch("seats", queryset=Seat.objects.select_related("player__club").order_by("position")),
    ]
    if with_hands:
        prefetches += [
            Prefetch("hands", queryset=Hand.objects.order_by("number")),
            Prefetch("results", queryset=TableResult.objects.order_by("place", "player_id")),
        ]
    if with_codes:
        prefetches.append(
            Prefetch(
                "codes", queryset=TableCode.objects.filter(replaced_at__isnull=True), to_attr="active_codes"
            )
        )
    return (
        Table.objects.filter(round=round_)
        .select_related("round")
        .defer("round__draw_input")
        .prefetch_related(*prefetches)
        .order_by("number")
    )


def table_hand_counts(round_: Round) -> dict[int, dict[str, int]]:
    """Per table of the round (by id): how many of its hands are in each status, in one aggregate query
    (no hand rows, no payments decoded). A table without hands is absent."""
    counts: dict[int, dict[str, int]] = defaultdict(dict)
    rows = (
        Hand.objects.filter(table__round=round_)
        .order_by()
        .values_list("table_id", "status")
        .annotate(n=Count("id"))
    )
    for table_id, status, n in rows:
        counts[table_id][status] = n
    return counts


def same_device_confirmations(round_: Round) -> dict[int, int]:
    """Per table of the round (by id): how many of its hands' confirmed versions a second seat confirmed
    on the phone they were entered on (``HandSubmission.same_device``), in one aggregate query."""
    rows = (
        HandSubmission.objects.filter(
            hand__table__round=round_, status=HandSubmission.Status.CONFIRMED, same_device=True
        )
        .order_by()
        .values_list("hand__table_id")
        .annotate(n=Count("id"))
    )
    return dict(rows)


def running_totals(table: Table) -> dict[str, int]:
    """Each seat's sum of the payments of the table's counted (confirmed or voided) hands so far."""
    totals: dict[str, int] = {seat.position: 0 for seat in table.seats.all()}
    for hand in table.hands.all():
        if hand.status in COUNTED_HAND_STATUSES:
            for position, points in (hand.payments or {}).items():
                totals[position] = totals.get(position, 0) + int(points)
    return totals


def table_places(table: Table) -> list[dict[str, Any]] | None:
    """The table's places from its ``TableResult`` rows once its round is closed (``None`` before)."""
    if table.round.status != Round.Status.CLOSED:
        return None
    positions: dict[int, str] = defaultdict(str)
    for seat in table.seats.all():
        positions[seat.player_id] = seat.position
    return [
        {
            "position": positions[result.player_id],
            "player_id": result.player_id,
            "place": result.place,
            "table_points": result.table_points,
            "game_points": result.game_points,
            "hands_played": result.hands_played,
            "won_table": result.won_table,
        }
        for result in table.results.all()
    ]


@dataclass
class PlayerRound:
    """One released round as a player lived it: the table and seat (or a bye), the opponents, the points
    of the counted hands (as the last standings recompute stored them: none, and no place, while no hand of
    the table counts) and the rank after the round; all of it ``provisional`` until the round closes."""

    number: int
    status: str
    table: int | None = None
    seat: str | None = None
    opponents: list[dict[str, Any]] = field(default_factory=list)
    bye: bool = False
    game_points: int = 0
    table_points: Any = None
    place: Any = None
    hands_played: int = 0
    rank: int | None = None
    provisional: bool = False  # the round is not closed: its points, place and rank may change


def player_rounds(tournament: Tournament, player_id: int) -> list[PlayerRound]:
    """Every released round of ``player_id`` in ``tournament``, oldest first (the player's page)."""
    rounds = {
        r.number: PlayerRound(r.number, r.status, provisional=r.status in PROVISIONAL_ROUND_STATUSES)
        for r in tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES).order_by("number")
    }
    seats = Seat.objects.filter(round__tournament=tournament, round__number__in=rounds, player_id=player_id)
    table_ids = {}
    for seat in seats.select_related("round", "table"):
        line = rounds[seat.round.number]
        line.table, line.seat = seat.table.number, seat.position
        table_ids[seat.table_id] = line
    others = Seat.objects.filter(table_id__in=table_ids).exclude(player_id=player_id)
    for seat in others.select_related("player"):
        table_ids[seat.table_id].opponents.append(
            {"player": seat.player_id, "name": seat.player.name, "seat": seat.position}
        )
    for number in tournament.rounds.filter(number__in=rounds, byes__player_id=player_id).values_list(
        "number", flat=True
    ):
        rounds[number].bye = True
    for result in TableResult.objects.filter(table_id__in=table_ids, player_id=player_id):
        line = table_ids[result.table_id]
        line.game_points, line.hands_played = result.game_points, result.hands_played
        line.table_points, line.place = result.table_points, result.place
    for after_round, rank in Standing.objects.filter(
        tournament=tournament, player_id=player_id, after_round__in=rounds
    ).values_list("after_round", "rank"):
        rounds[after_round].rank = rank
    for line in rounds.values():
        line.opponents.sort(key=lambda o: o["seat"])
    return [line for line in rounds.values() if line.table is not None or line.bye]


@dataclass
class SheetHand:
    """One line of a table's score sheet: a hand with its confirmed result (if any), each seat's running
    total after it, and the engine's scored items when the result was entered as a summary or record."""

    number: int
    dealer: str
    stake: int
    status: str
    kind: str
    source: str | None
    payments: dict[str, int]
    totals: dict[str, int]
    items: list[dict[str, Any]]

    @property
    def counted(self) -> bool:
        return self.status in COUNTED_HAND_STATUSES


def scored_items(source: str, payload: Any, rules: Any) -> list[dict[str, Any]]:
    """The engine's items (game, bonuses, kontras) of a stored summary or record; none for payments.
    A payload the engine no longer accepts (stored under older rules code) shows no items, not an error."""
    try:
        if source == HandSubmission.Source.SUMMARY:
            return list(score_summary(dict(payload), rules)["items"])
        if source == HandSubmission.Source.RECORD:
            return list(score_summary(dict(replay(payload).summary), rules)["items"])
    except (SummaryError, ReplayError, TypeError, ValueError):
        pass
    return []


def score_sheet(table: Table) -> list[SheetHand]:
    """The table's hands in order, as the score sheet on paper: running totals count confirmed and voided
    hands only; a pending or disputed hand shows with its status and no payments yet."""
    tournament = table.round.tournament
    rules = tournament_rules(tournament.rules_preset, tournament.rules_options)
    positions = [seat.position for seat in table.seats.all()]
    confirmed = {
        s.hand_id: s
        for s in HandSubmission.objects.filter(hand__table=table, status=HandSubmission.Status.CONFIRMED)
    }
    totals = dict.fromkeys(positions, 0)
    sheet = []
    for hand in table.hands.all():
        result = confirmed.get(hand.pk)
        counted = hand.status in COUNTED_HAND_STATUSES
        payments = {p: int((hand.payments or {}).get(p, 0)) for p in positions} if counted else {}
        for position, points in payments.items():
            totals[position] += points
        sheet.append(
            SheetHand(
                number=hand.number,
                dealer=hand.dealer,
                stake=hand.stake,
                status=hand.status,
                kind=hand.kind,
                source=result.source if result else None,
                payments=payments,
                totals=dict(totals),
                items=scored_items(result.source, result.payload, rules) if result else [],
            )
        )
    return sheet


# --- public pages ---------------------------------------------------------------------------------------


def current_round(tournament: Tournament) -> Round | None:
    """The round the public pages show as "current": the one in play, else the latest released one."""
    released = tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES)
    return (
        released.filter(status=Round.Status.IN_PLAY).order_by("-number").first()
        or released.order_by("-number").first()
    )


def released_round(tournament: Tournament, number: int) -> Round | None:
    """Round ``number`` with its tables, seats (players and clubs) and byes, if it is released."""
    seats = Seat.objects.select_related("player", "player__club").order_by("position")
    tables = Table.objects.prefetch_related(Prefetch("seats", queryset=seats)).order_by("number")
    return (
        tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES, number=number)
        .prefetch_related(Prefetch("tables", queryset=tables), "byes__player__club")
        .first()
    )


def released_table(tournament: Tournament, number: int, table_number: int) -> Table | None:
    """Table ``table_number`` of released round ``number``, with seats, hands and results prefetched
    (``tables_with_play``) and its round's tournament set, so ``score_sheet`` needs no extra lookup."""
    round_ = tournament.rounds.filter(status__in=RELEASED_ROUND_STATUSES, number=number).first()
    if round_ is None:
        return None
    table = tables_with_play(round_).filter(number=table_number).first()
    if table is not None:
        table.round = round_
        round_.tournament = tournament
    return table


def tournament_player(tournament: Tournament, player_id: int) -> Any:
    """The ``Player`` registered in ``tournament`` (with the club), or ``None``."""
    registration = (
        tournament.registrations.filter(player_id=player_id).select_related("player", "player__club").first()
    )
    return registration.player if registration else None


def latest_standing(tournament: Tournament, player_id: int) -> Standing | None:
    """The player's row of the latest standings snapshot."""
    return tournament.standings.filter(player_id=player_id).order_by("-after_round").first()
