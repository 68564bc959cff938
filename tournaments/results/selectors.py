"""Reads of the results: tables with their hands and entries, running totals, score sheets with the items
the engine scored, and the hands still in dispute."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet

from engine.core.descriptor import GameDescriptor
from engine.core.messages import EngineError
from tournaments.core.formats import game_of, rules_of, sat_out
from tournaments.core.labels import game_word
from tournaments.draw.models import Round, Seat, Table, TableCode
from tournaments.organizing.models import Tournament
from tournaments.results.models import COUNTED_HAND_STATUSES, Dispute, DisputeFinding, Hand, HandSubmission
from tournaments.standings.models import TableResult


def hands_in_dispute(tournament: Tournament, after_round: int) -> tuple[int, dict[int, int]]:
    """How many hands of rounds 1..``after_round`` are in dispute (they do not count until decided): in
    all, and per player who plays them (not who sits the hand out, as the game deals)."""
    hands = list(
        Hand.objects.filter(
            table__round__tournament=tournament,
            table__round__number__lte=after_round,
            status=Hand.Status.DISPUTED,
        ).values_list("table_id", "dealer", "kind")
    )
    seated: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for table_id, player_id, position in Seat.objects.filter(
        table_id__in={table_id for table_id, _dealer, _kind in hands}
    ).values_list("table_id", "player_id", "position"):
        seated[table_id].append((player_id, position))
    per_player: dict[int, int] = defaultdict(int)
    rules = rules_of(tournament) if hands else None
    for table_id, dealer, kind in hands:
        positions = sorted(position for _player_id, position in seated[table_id])
        out = sat_out(positions, dealer, kind, tournament, rules)
        for player_id, position in seated[table_id]:
            if position not in out:
                per_player[player_id] += 1
    return len(hands), dict(per_player)


def settled_by_validator() -> Q:
    """Disputes the validator settled (``results.services.disputes``) that no organizer has decided since:
    resolved by no user, with the version a decision of the validator chose."""
    decided = DisputeFinding.objects.filter(
        dispute=OuterRef("pk"), outcome=DisputeFinding.Outcome.DECIDED, chosen=OuterRef("chosen")
    )
    return Q(status=Dispute.Status.RESOLVED, resolved_by__isnull=True) & Q(Exists(decided))


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
    #: what the hand moves at the table's money, in game points, and the part of it kontras moved (where
    #: the game's score says; else the payments and nothing)
    money: dict[str, int] = field(default_factory=dict)
    kontra: dict[str, int] = field(default_factory=dict)
    #: the seats that sat the deal out (greyed on the sheet)
    out: tuple[str, ...] = ()
    #: the kind of hand in the game's words, in the reader's language (lazy)
    kind_label: Any = ""

    @property
    def counted(self) -> bool:
        return self.status in COUNTED_HAND_STATUSES


def scored_items(game: GameDescriptor, source: str, payload: Any, rules: Any) -> list[dict[str, Any]]:
    """The items (game, bonuses, kontras) that ``game``'s engine scores for a stored summary or record;
    none for payments. A payload the engine no longer accepts (stored under older rules code) shows no
    items, not an error."""
    scored = scored_result(game, source, payload, rules)
    return named_items(game, scored["items"]) if scored else []


def scored_result(game: GameDescriptor, source: str, payload: Any, rules: Any) -> dict[str, Any] | None:
    """``game``'s whole score of a stored summary or record (payments, items, and where the game has them
    the table money and its kontra part); None for payments or a payload the engine refuses now."""
    try:
        if source == HandSubmission.Source.SUMMARY:
            return game.score(dict(payload), rules)
        if source == HandSubmission.Source.RECORD:
            return game.score(dict(game.replay(payload).summary), rules)
    except (EngineError, TypeError, ValueError):
        pass
    return None


def named_items(game: GameDescriptor, items: Any) -> list[dict[str, Any]]:
    """Scored items with their names in ``game``'s words: ``label`` (the item in the reader's language,
    lazy: "Solo brez" in Slovenian tarok, "solo" in Hungarian Tarokk) and, with a kontra, the game's name of
    its level (``kontra_name``: Re, Supre ... in Texas)."""
    names = game.kontra_names
    out = []
    for item in items:
        named = {**item, "label": game_word(game.id, str(item.get("name", "")))}
        if names and isinstance(item.get("kontra"), int) and item["kontra"] > 0:
            named["kontra_name"] = names[min(item["kontra"], len(names)) - 1]
        out.append(named)
    return out


def score_sheet(table: Table) -> list[SheetHand]:
    """The table's hands in order, as the score sheet on paper: running totals count confirmed and voided
    hands only; a pending or disputed hand shows with its status and no payments yet."""
    tournament = table.round.tournament
    rules, game = rules_of(tournament), game_of(tournament)
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
        scored = scored_result(game, result.source, result.payload, rules) if result else None
        money = dict(scored.get("money") or payments) if scored and counted else payments
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
                items=named_items(game, scored["items"]) if scored else [],
                money={p: int(money.get(p, 0)) for p in positions},
                out=sat_out(positions, hand.dealer, hand.kind, tournament, rules),
                kind_label=game_word(game.id, hand.kind) if hand.kind else "",
                kontra=dict(scored.get("kontra") or {}) if scored and counted else {},
            )
        )
    return sheet


@dataclass(frozen=True)
class TableMoney:
    """What each seat pays (−) or gets (+) at the end, in cents, and what goes to the box."""

    seats: dict[str, int]
    box: int


def table_money(tournament: Tournament, sheet: list[SheetHand]) -> TableMoney | None:
    """The table money of a score sheet when the tournament plays for it (``point_value_cents``): each
    counted hand's money (the game's, where a kontra changes the money only; else its payments) at the
    point's value; with ``kontras_to_box`` what a kontra wins goes to the box, what it loses is still
    paid (to the box). None when the tournament plays for no money."""
    cents = tournament.point_value_cents
    if not cents:
        return None
    seats: dict[str, int] = {}
    box = 0
    for hand in sheet:
        for position, amount in hand.money.items():
            won_by_kontra = max(0, int(hand.kontra.get(position, 0))) if tournament.kontras_to_box else 0
            seats[position] = seats.get(position, 0) + amount - won_by_kontra
            box += won_by_kontra
    return TableMoney({p: v * cents for p, v in seats.items()}, box * cents)
