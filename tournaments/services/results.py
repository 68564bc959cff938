"""Hand results: submit, confirm, dispute, resolve, void.

A table enters each hand as payments, as a hand summary the engine scores, or as a hand record the engine
replays. Submissions are append-only versions; only their status moves, by compare-and-set updates under
a row lock on the hand, and the database guarantees at most one confirmed version per hand. A second
table member confirms (or enters the same result); a different entry, or entered payments that differ
from the engine's score, opens a dispute that keeps every version.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from engine.record import ReplayError, replay, rules_from_spec
from engine.scoring import score_summary
from engine.summary import SummaryError
from tournaments.formats import Deal, deal_sequence, tournament_rules
from tournaments.models import Dispute, Hand, HandSubmission, Player, Round, Seat, Table

Source = HandSubmission.Source
SubStatus = HandSubmission.Status
OPEN_FOR_RESULTS = (Round.Status.PUBLISHED, Round.Status.IN_PLAY)


def _invalid(field: str, reason: str) -> ValidationError:
    return ValidationError({field: [reason]})


def table_positions(table: Table) -> list[str]:
    return list(table.seats.order_by("position").values_list("position", flat=True))


def next_deal(table: Table, number: int) -> Deal:
    """Dealer, active seats and stake of deal ``number``, from the kinds of the hands before it."""
    positions = table_positions(table)
    rules = tournament_rules(table.round.tournament.rules_preset, table.round.tournament.rules_options)
    latest: dict[int, str] = {}
    confirmed: dict[int, str] = {}
    # The confirmed kind where there is one, else the latest entry's: a pending passed-out hand already
    # decides who deals next.
    for hand_number, kind, status in (
        HandSubmission.objects.filter(hand__table=table, hand__number__lt=number)
        .exclude(status__in=(SubStatus.SUPERSEDED, SubStatus.REJECTED))
        .order_by("hand__number", "version")
        .values_list("hand__number", "kind", "status")
    ):
        latest[hand_number] = kind
        if status == SubStatus.CONFIRMED:
            confirmed[hand_number] = kind
    kinds = {**latest, **confirmed}
    missing = [n for n in range(1, number) if n not in kinds]
    if missing:
        raise _invalid("number", f"enter hand {missing[0]} first: hands are entered in order")
    return deal_sequence(positions, table.first_dealer, [kinds[n] for n in range(1, number)], rules)


def _check_payments(payments: Any, positions: list[str], deal: Deal, field: str) -> dict[str, int]:
    if not isinstance(payments, Mapping):
        raise _invalid(field, "must be an object mapping each seat position to an integer")
    if set(payments) != set(positions):
        raise _invalid(field, f"must name exactly the positions {', '.join(positions)}")
    out: dict[str, int] = {}
    for position in positions:
        value = payments[position]
        if isinstance(value, bool) or not isinstance(value, int):
            raise _invalid(f"{field}.{position}", "must be an integer")
        out[position] = value
    if sum(out.values()) != 0:
        raise _invalid(field, f"payments must sum to zero (they sum to {sum(out.values())})")
    if len(positions) == 5 and out[deal.dealer] != 0:
        raise _invalid(f"{field}.{deal.dealer}", "the dealer of a 5-player table sits out and gets 0")
    return out


def _score(
    table: Table, positions: list[str], deal: Deal, source: str, data: Mapping[str, Any]
) -> tuple[dict[str, int], str, dict]:
    """(payments by position, hand kind, payload as stored) for an entry; raises ValidationError."""
    tournament = table.round.tournament
    if not isinstance(data, Mapping):
        raise _invalid("data", "must be a JSON object")
    if source == Source.PAYMENTS:
        kind = data.get("kind", "played")
        if kind not in ("played", "passed_out", "annulled", "trial_three_failed", "penalty"):
            raise _invalid("data.kind", "unknown kind")
        return _check_payments(data.get("payments"), positions, deal, "data.payments"), kind, dict(data)
    rules_spec = {"preset": tournament.rules_preset, "options": tournament.rules_options or {}}
    if source == Source.SUMMARY:
        summary = dict(data)
        summary.pop("payments", None)
        for key, expected in (("seats", list(deal.active)), ("stake", deal.stake)):
            if key in summary and summary[key] != expected:
                raise _invalid(f"data.{key}", f"must be {expected} for hand {deal.number} at this table")
            summary[key] = expected
        if len(positions) == 5:
            summary["sitting_out"] = deal.dealer
        summary["rules"] = rules_spec
        try:
            scored = score_summary(
                summary, tournament_rules(tournament.rules_preset, tournament.rules_options)
            )
        except SummaryError as exc:
            raise _invalid(f"data.{exc.path}", exc.reason) from exc
        payments = {p: int(scored["payments"].get(p, 0)) for p in positions}
        return payments, summary.get("kind", "played"), summary
    if source == Source.RECORD:
        record = dict(data)
        if list(record.get("seats", [])) != list(deal.active):
            raise _invalid("data.seats", f"must be {list(deal.active)} for hand {deal.number} at this table")
        if record.get("stake", 1) != deal.stake:
            raise _invalid("data.stake", f"must be {deal.stake} for hand {deal.number} at this table")
        try:
            record_rules = rules_from_spec(record.get("rules", "pagat"))
        except ReplayError as exc:
            raise _invalid("data.rules", str(exc)) from exc
        if record_rules != tournament_rules(tournament.rules_preset, tournament.rules_options):
            raise _invalid(
                "data.rules",
                f"the hand was played under other rules than this tournament's ({tournament.rules_preset})",
            )
        try:
            result = replay(record)
        except ReplayError as exc:
            raise _invalid("data", str(exc)) from exc
        payments = {p: int(result.payments.get(p, 0)) for p in positions}
        return payments, result.summary.get("kind", "played"), record
    raise _invalid("source", "must be payments, summary or record")


def _engine_mismatch(
    positions: list[str], deal: Deal, source: str, data: Mapping[str, Any], payments: dict[str, int]
) -> dict[str, int] | None:
    """Payments the table typed in beside a summary/record, when they differ from the engine's."""
    if source not in (Source.SUMMARY, Source.RECORD) or data.get("payments") is None:
        return None
    entered = _check_payments(data["payments"], positions, deal, "data.payments")
    return entered if entered != payments else None


def _seated(table: Table, player: Player | None, field: str) -> None:
    if player is not None and not Seat.objects.filter(table=table, player=player).exists():
        raise _invalid(field, f"{player} is not seated at this table")


def _save(obj: Any, by: Any = None, **fields: Any) -> None:
    """Change fields through ``save`` (not a queryset update) so the audit history keeps before/after and
    who. Callers hold the hand's row lock, so the check before the change and the change are atomic."""
    for name, value in fields.items():
        setattr(obj, name, value)
    if getattr(by, "is_authenticated", False):
        obj._history_user = by
    obj.save(update_fields=list(fields))


def _set_status(submissions: Any, status: str, by: Any = None, **fields: Any) -> None:
    for submission in submissions:
        _save(submission, by, status=status, **fields)


def _open_dispute(hand: Hand, reason: str, submissions: list[HandSubmission]) -> Dispute:
    dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
    if dispute is None:
        dispute = Dispute.objects.create(hand=hand, reason=reason)
    dispute.submissions.add(*submissions)
    _set_status([s for s in submissions if s.status == SubStatus.PENDING], SubStatus.DISPUTED)
    _save(hand, status=Hand.Status.DISPUTED)
    return dispute


def _confirm(hand: Hand, submission: HandSubmission, confirmed_by: Player | None, by: Any = None) -> None:
    """Make ``submission`` the hand's one confirmed version, mirror it on the hand, refresh standings."""
    _set_status(
        hand.submissions.filter(status=SubStatus.CONFIRMED).exclude(pk=submission.pk),
        SubStatus.SUPERSEDED,
        by,
    )
    if submission.status != SubStatus.CONFIRMED:
        try:
            with transaction.atomic():
                _save(
                    submission,
                    by,
                    status=SubStatus.CONFIRMED,
                    confirmed_by=confirmed_by,
                    confirmed_at=timezone.now(),
                )
        except IntegrityError as exc:  # the partial unique constraint: one confirmed version per hand
            raise _invalid("status", "another version of this hand is already confirmed") from exc
    status = Hand.Status.VOIDED if submission.source == Source.VOID else Hand.Status.CONFIRMED
    _save(hand, by, status=status, payments=submission.payments, kind=submission.kind)
    table_id = hand.table_id
    from tournaments import tasks

    transaction.on_commit(lambda: tasks.standings_update_table.delay(table_id))


def _close_dispute(dispute: Dispute, status: str, chosen: HandSubmission | None, by: Any, note: str) -> None:
    _save(
        dispute,
        by,
        status=status,
        chosen=chosen,
        resolved_by=by if getattr(by, "pk", None) else None,
        resolved_at=timezone.now(),
        resolution=note,
    )
    others = dispute.submissions.exclude(pk=getattr(chosen, "pk", None))
    _set_status(others.filter(status__in=(SubStatus.DISPUTED, SubStatus.PENDING)), SubStatus.REJECTED, by)


def _get_or_create_hand(table: Table, number: int) -> tuple[Hand, Deal]:
    """The hand row, locked for the rest of the transaction (created on the first entry)."""
    deal = next_deal(table, number)
    try:
        with transaction.atomic():
            hand, _ = Hand.objects.get_or_create(
                table=table, number=number, defaults={"dealer": deal.dealer, "stake": deal.stake}
            )
    except IntegrityError:  # another request created it first
        hand = Hand.objects.get(table=table, number=number)
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    if (hand.dealer, hand.stake) != (deal.dealer, deal.stake):  # an earlier hand's kind was corrected
        _save(hand, dealer=deal.dealer, stake=deal.stake)
    return hand, deal


def _next_version(hand: Hand) -> int:
    return (hand.submissions.aggregate(m=Max("version"))["m"] or 0) + 1


def hand_submit(
    *,
    table: Table,
    number: int,
    source: str,
    data: Mapping[str, Any],
    submitted_by: Player | None = None,
    entered_by: Any = None,
    idempotency_key: str | None = None,
    trusted: bool = False,
    note: str = "",
) -> HandSubmission:
    """Enter a hand's result.

    ``trusted`` entries (organizers) are confirmed at once and supersede any earlier version. A table
    member's entry waits for a second member; the same result entered by another member confirms it; a
    different one opens a dispute. Retrying with the same ``idempotency_key`` returns the first submission
    and stores nothing new.
    """
    round_ = table.round
    if round_.status not in OPEN_FOR_RESULTS and not trusted:
        raise _invalid("round", f"round {round_.number} is {round_.get_status_display().lower()}: no entries")
    positions = table_positions(table)
    limit = round_.tournament.deals_per_round(len(positions))
    if not 1 <= number <= limit:
        raise _invalid(
            "number", f"must be between 1 and {limit} (deals per round at a {len(positions)}-table)"
        )
    if not trusted and submitted_by is None:
        raise _invalid("submitted_by", "a table member must be named")
    _seated(table, submitted_by, "submitted_by")

    with transaction.atomic():
        hand, deal = _get_or_create_hand(table, number)
        payments, kind, payload = _score(table, positions, deal, source, data)
        if idempotency_key:
            existing = hand.submissions.filter(idempotency_key=idempotency_key).first()
            if existing is not None:
                if (existing.source, existing.payload) != (source, payload):
                    raise _invalid("idempotency_key", "already used for a different entry of this hand")
                return existing
        mismatch = _engine_mismatch(positions, deal, source, data, payments)
        confirmed = hand.submissions.filter(status=SubStatus.CONFIRMED).first()
        pending = hand.submissions.filter(status=SubStatus.PENDING).order_by("-version").first()
        open_dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
        member_id = getattr(submitted_by, "pk", None)

        if not trusted and mismatch is None and open_dispute is None:
            if confirmed and (confirmed.payments, confirmed.kind) == (payments, kind):
                return confirmed  # nothing new: the result is already confirmed
            if (
                pending
                and pending.submitted_by_id != member_id
                and (pending.payments, pending.kind)
                == (
                    payments,
                    kind,
                )
            ):
                _confirm(hand, pending, confirmed_by=submitted_by)  # a second member entered the same
                return pending

        submission = HandSubmission.objects.create(
            hand=hand,
            version=_next_version(hand),
            source=source,
            payload=payload,
            entered_payments=mismatch
            if mismatch is not None
            else (payments if source == Source.PAYMENTS else None),
            payments=payments,
            kind=kind,
            submitted_by=submitted_by,
            entered_by=entered_by,
            idempotency_key=idempotency_key or None,
            note=note,
        )
        if trusted:
            _set_status(
                hand.submissions.filter(status=SubStatus.PENDING).exclude(pk=submission.pk),
                SubStatus.SUPERSEDED,
                entered_by,
            )
            _confirm(hand, submission, confirmed_by=None, by=entered_by)
            if open_dispute:
                _close_dispute(
                    open_dispute, Dispute.Status.RESOLVED, submission, entered_by, note or "organizer entry"
                )
        elif mismatch is not None:
            _open_dispute(
                hand, "the entered payments differ from the engine's score of the same hand", [submission]
            )
        elif open_dispute is not None:
            _open_dispute(hand, open_dispute.reason, [submission])
        elif confirmed is not None:
            _open_dispute(hand, "an entry differs from the confirmed result", [confirmed, submission])
        elif pending is not None and pending.submitted_by_id != member_id:
            _open_dispute(hand, "two table members entered different results", [pending, submission])
        elif pending is not None:
            # The same member corrects their own unconfirmed entry: the old version stays, superseded.
            _set_status([pending], SubStatus.SUPERSEDED)
        return submission


def hand_confirm(submission: HandSubmission, confirmed_by: Player) -> HandSubmission:
    """A second member of the table confirms a pending entry (status checked under the hand's lock)."""
    _seated(submission.hand.table, confirmed_by, "confirmed_by")
    if submission.submitted_by_id == confirmed_by.pk:
        raise _invalid("confirmed_by", "the confirmer must differ from the submitter")
    with transaction.atomic():
        hand = Hand.objects.select_for_update().get(pk=submission.hand_id)
        submission = HandSubmission.objects.get(pk=submission.pk)
        if submission.status != SubStatus.PENDING:
            raise _invalid("status", f"version {submission.version} is {submission.status}, not pending")
        if hand.disputes.filter(status=Dispute.Status.OPEN).exists():
            raise _invalid("status", "the hand has an open dispute; an organizer must resolve it")
        if hand.submissions.filter(status=SubStatus.CONFIRMED).exists():
            raise _invalid("status", "another version of this hand is already confirmed")
        _confirm(hand, submission, confirmed_by=confirmed_by)
    return submission


def dispute_resolve(
    dispute: Dispute,
    *,
    resolved_by: Any,
    chosen: HandSubmission | None = None,
    source: str | None = None,
    data: Mapping[str, Any] | None = None,
    note: str = "",
) -> HandSubmission:
    """The organizer settles a dispute by choosing one of its versions, or by entering a new one."""
    if (chosen is None) == (data is None):
        raise _invalid("chosen", "choose one version or enter a new result, not both or neither")
    if dispute.status != Dispute.Status.OPEN:
        raise _invalid("dispute", f"dispute is already {dispute.status}")
    hand = dispute.hand
    if data is not None:
        return hand_submit(
            table=hand.table,
            number=hand.number,
            source=source or Source.PAYMENTS,
            data=data,
            entered_by=resolved_by,
            trusted=True,
            note=note or "dispute resolution",
        )
    if chosen.hand_id != hand.pk:
        raise _invalid("chosen", "that version belongs to another hand")
    with transaction.atomic():
        hand = Hand.objects.select_for_update().get(pk=hand.pk)
        dispute = Dispute.objects.get(pk=dispute.pk)
        if dispute.status != Dispute.Status.OPEN:
            raise _invalid("dispute", f"dispute is already {dispute.status}")
        chosen = HandSubmission.objects.get(pk=chosen.pk)
        _confirm(hand, chosen, confirmed_by=None, by=resolved_by)
        _close_dispute(dispute, Dispute.Status.RESOLVED, chosen, resolved_by, note)
    return chosen


def hand_void(hand: Hand, *, by: Any, reason: str) -> HandSubmission:
    """Void a hand that cannot be reconciled: a new version with every payment 0, kept like any other."""
    if not reason:
        raise _invalid("reason", "say why the hand is voided")
    with transaction.atomic():
        hand = Hand.objects.select_for_update().get(pk=hand.pk)
        positions = table_positions(hand.table)
        _set_status(hand.submissions.filter(status=SubStatus.PENDING), SubStatus.SUPERSEDED, by)
        submission = HandSubmission.objects.create(
            hand=hand,
            version=_next_version(hand),
            source=Source.VOID,
            payload={"reason": reason},
            payments=dict.fromkeys(positions, 0),
            kind="voided",
            entered_by=by if getattr(by, "pk", None) else None,
            note=reason,
        )
        _confirm(hand, submission, confirmed_by=None, by=by)
        dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
        if dispute:
            dispute.submissions.add(submission)
            _close_dispute(dispute, Dispute.Status.VOIDED, submission, by, reason)
    return submission
