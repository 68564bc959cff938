"""Hand results: submit, confirm, contest, resolve, void; later deals follow a correction.

A table enters each hand as payments, as a hand summary the engine scores, or as a hand record the engine
replays. Submissions are append-only versions; only their status moves. The rules of the table:

* A member's entry waits for a second member; the same result entered by another member confirms it; a
  different one opens a dispute that keeps every version. A hand in dispute does not count.
* A confirmed hand is not reopened by a late entry: a member contests it explicitly (``hand_contest``)
  while the round is open, and it stops counting until an organizer decides. An organizer's decision
  (an organizer's entry, a chosen version, a void) is final for the table.
* Organizers' entries are confirmed at once and may correct a hand after the round is closed.
* When a hand's kind changes (e.g. corrected from played to passed out), the dealer and stake of every
  later hand follow; their results are re-scored from their own summaries or records, or sent back to
  the table when they were bare payments (``_follow_deals``).

Concurrency: every write holds a share lock on the round (so ``round_close``, which takes it exclusively,
waits for entries in flight and they wait for it) and the hand's row lock; the database keeps at most one
confirmed version per hand. Every change of a hand marks the standings stale in the same transaction.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Max, OuterRef, Subquery, signals
from django.utils import timezone
from django.utils.translation import gettext_lazy, gettext_noop
from django.utils.translation import gettext_lazy as _

from engine.core.messages import EngineError
from tournaments.core.audit import Actor, acting_as, current_actor
from tournaments.core.engine_messages import engine_error
from tournaments.core.events import DISPUTE_CHANGED, DISPUTE_OPENED, DISPUTE_RESOLVED, HAND_CHANGED, publish
from tournaments.core.formats import Deal, deal_paths, deal_sequence, game_of, rules_of
from tournaments.core.messages import Labelled, Text, kept
from tournaments.core.validation import (
    check_version,
    conflict,
    invalid,
    json_document,
    key,
    text,
    whole_number,
)
from tournaments.draw.models import OPEN_ROUND_STATUSES, RELEASED_ROUND_STATUSES, Round, Table
from tournaments.organizing.models import refuse_if_finished
from tournaments.participants.models import Player
from tournaments.results.models import COUNTED_HAND_STATUSES, Dispute, DisputeSubmission, Hand, HandSubmission
from tournaments.results.selectors import named_items, scored_items, settled_by_validator

Source = HandSubmission.Source
SubStatus = HandSubmission.Status
NOTE_MAX = 1000
ALREADY = _("the dispute is already %(status)s")
MAX_DEALS = 1000  # far above any format; the tournament's own number is checked after


def payment_bound(tournament: Any, stake: int) -> int:
    """The most one seat can win or lose in one hand at ``stake`` under the tournament's rules: typed
    payments beyond it are refused (the entry forms' ``min``/``max`` are the same)."""
    return game_of(tournament).max_payment(rules_of(tournament)) * stake


def table_positions(table: Table) -> list[str]:
    return list(table.seats.order_by("position").values_list("position", flat=True))


def seat_names(table: Table) -> dict[str, str]:
    """Each seat's player by name, for a refusal that names a seat ("only the first player (B, Kovács
    Anna) may play Rufer")."""
    return dict(table.seats.values_list("position", "player__name"))


def next_deal(table: Table, number: int, positions: list[str] | None = None) -> Deal:
    """Dealer, active seats and stake of deal ``number``, from the kinds of the hands before it
    (``positions``: the table's seat positions, when the caller has read them already)."""
    positions = positions if positions is not None else table_positions(table)
    tournament = table.round.tournament
    rules = rules_of(tournament)
    return deal_sequence(positions, table.first_dealer, _kinds_before(table, number), rules, tournament)


def deals_ahead(table: Table, number: int, positions: list[str], depth: int) -> dict[str, Deal]:
    """Deal ``number`` and up to ``depth`` deals after it, for each way the hands in between may go
    (``formats.deal_paths``): what a phone without a connection needs to enter several hands in a row.
    Only deal ``number`` when a later hand is entered already (``number`` is entered again, e.g. another
    version): the deals after it are known, and not to be entered again."""
    if Hand.objects.filter(table=table, number__gt=number).exclude(kind="").exists():
        depth = 0
    tournament = table.round.tournament
    rules = rules_of(tournament)
    last = tournament.deals_per_round(len(positions))
    kinds = _kinds_before(table, number)
    return deal_paths(positions, table.first_dealer, kinds, rules, last, depth, tournament)


def _kinds_before(table: Table, number: int) -> list[str]:
    """The kinds of hands 1 .. ``number - 1`` (each must be entered: hands are entered in order)."""
    if number == 1:
        return []  # nothing before the first hand
    kinds = dict(
        Hand.objects.filter(table=table, number__lt=number).exclude(kind="").values_list("number", "kind")
    )
    missing = [n for n in range(1, number) if n not in kinds]
    if missing:
        raise conflict(
            "number", _("enter hand %(number)s first: hands are entered in order"), {"number": missing[0]}
        )
    return [kinds[n] for n in range(1, number)]


# --- checks and scoring ------------------------------------------------------------------------------


def _check_payments(
    payments: Any,
    positions: list[str],
    deal: Deal,
    field: str,
    limit: int,
    game: Any,
    rules: Any,
    kind: str = "played",
) -> dict[str, int]:
    if not isinstance(payments, Mapping):
        raise invalid(field, _("must be an object mapping each seat position to an integer"))
    if set(payments) != set(positions):
        raise invalid(
            field,
            _("must name exactly the positions %(positions)s"),
            params={"positions": ", ".join(positions)},
        )
    out: dict[str, int] = {}
    for position in positions:
        value = payments[position]
        if isinstance(value, bool) or not isinstance(value, int):
            raise invalid(f"{field}.{position}", _("must be an integer"))
        if abs(value) > limit:
            raise invalid(
                f"{field}.{position}",
                _(
                    "%(value)s is beyond what the rules can produce in one hand at stake %(stake)s "
                    "(at most %(limit)s either way)"
                ),
                params={"value": value, "stake": deal.stake, "limit": limit},
            )
        out[position] = value
    if sum(out.values()) != 0:
        raise invalid(
            field,
            _("payments must sum to zero (they sum to %(sum)s)"),
            code="zero_sum",
            params={"sum": sum(out.values())},
        )
    if kind in game.everyone_plays_kinds or game.sitting_out_shares(rules) is not None:
        return out  # the seat sitting out plays this hand, or shares a side's score (Cego's 4-table dealer)
    for seat in deal.sitting_out:  # as the game deals (Hungarian Tarokk: the dealer of a 5-player table)
        if out.get(seat):
            raise invalid(f"{field}.{seat}", _("the dealer of a 5-player table sits out and gets 0"))
    return out


def entry_score(
    table: Table, positions: list[str], deal: Deal, source: str, data: Mapping[str, Any]
) -> tuple[dict[str, int], str, dict, dict[str, int] | None]:
    """(payments by position, hand kind, payload as stored, payments typed beside a summary/record that
    differ from the engine's) for an entry; raises ValidationError naming the field."""
    tournament = table.round.tournament
    game, rules = game_of(tournament), rules_of(tournament)
    limit = payment_bound(tournament, deal.stake)
    if source == Source.PAYMENTS:
        kind = data.get("kind", "played")
        kinds = game.vocabularies["kind"]
        if kind not in kinds:
            raise invalid("data.kind", _("must be one of %(choices)s"), params={"choices": ", ".join(kinds)})
        payments = _check_payments(
            data.get("payments"), positions, deal, "data.payments", limit, game, rules, kind
        )
        if kind in game.thrown_in_kinds and any(payments.values()):
            raise invalid(
                "data.payments",
                _("a hand %(kind)s pays nothing"),
                params={"kind": Labelled(f"word:{game.id}", kind)},
            )
        return payments, kind, dict(data), None
    if source == Source.SUMMARY:
        summary = dict(data)
        summary.pop("payments", None)
        seats = list(deal.active)
        # the seat sitting out plays a hand of some kinds too (Königrufen's Fahren)
        if type(summary.get("kind")) is str and summary["kind"] in game.everyone_plays_kinds:
            seats += list(deal.sitting_out)
        for name, expected in (("seats", seats), ("stake", deal.stake)):
            if name in summary and summary[name] != expected:
                raise invalid(
                    f"data.{name}",
                    _("must be %(expected)s for hand %(number)s at this table"),
                    params={"expected": expected, "number": deal.number},
                )
            summary[name] = expected
        if deal.sitting_out:  # who sits this deal out, as the game's deal says
            summary["sitting_out"] = deal.sitting_out[0]
        summary["rules"] = {"preset": tournament.rules_preset, "options": tournament.rules_options or {}}
        try:
            scored = game.score(summary, rules)
        except EngineError as exc:
            raise engine_error("data", exc, game.id, seat_names(table)) from exc
        payments = {p: int(scored["payments"].get(p, 0)) for p in positions}
        kind = summary.get("kind", "played")
    else:  # a record (the callers checked the source)
        record = dict(data)
        seats = record.get("seats", [])
        if not isinstance(seats, list) or seats != list(deal.active):  # null, a number, a string: refused
            raise invalid(
                "data.seats",
                _("must be %(expected)s for hand %(number)s at this table"),
                params={"expected": list(deal.active), "number": deal.number},
            )
        if record.get("stake", 1) != deal.stake:
            raise invalid(
                "data.stake",
                _("must be %(expected)s for hand %(number)s at this table"),
                params={"expected": deal.stake, "number": deal.number},
            )
        try:
            record_rules = game.record_rules(record.get("rules", game.default_preset))
        except EngineError as exc:
            raise engine_error("data.rules", exc, game.id) from exc
        if record_rules != rules:
            raise invalid(
                "data.rules",
                _("the hand was played under other rules than this tournament's (%(preset)s)"),
                params={"preset": Labelled(f"preset:{game.id}", tournament.rules_preset)},
            )
        try:
            result = game.replay(record)
        except EngineError as exc:
            raise engine_error("data", exc, game.id, seat_names(table)) from exc
        payments = {p: int(result.payments.get(p, 0)) for p in positions}
        kind, summary = result.summary.get("kind", "played"), record
    entered = data.get("payments")
    if entered is not None:
        entered = _check_payments(entered, positions, deal, "data.payments", limit, game, rules, kind)
    return payments, kind, summary, entered if entered not in (None, payments) else None


def _check_plausible(
    payments: Mapping[str, int] | None, kind: str, deal: Deal, field: str, tournament: Any
) -> None:
    """Typed payments that are most likely a typo are refused as ``unusual`` (a 400 naming the field):
    a payment beyond the game's ``plausible_payment`` times the stake (e.g. 9999 for 99; the figure comes
    from the engine's scored hands, docs/plausible-payments.md), or a played hand in which nobody pays
    anything.
    The table may still store it by confirming it (``confirm_unusual``)."""
    if payments is None:
        return
    limit = game_of(tournament).plausible_payment * deal.stake
    beyond = {}  # every seat that looks like a typo, so each field shows its own error
    for position, value in sorted(payments.items()):
        if abs(value) > limit:
            beyond.update(
                invalid(
                    f"{field}.{position}",
                    gettext_lazy(
                        "%(value)s is far more than a hand at stake %(stake)s pays (hands rarely go beyond "
                        "%(limit)s either way). Check it for a typo; if it is what you played, confirm it."
                    ),
                    code="unusual",
                    params={"value": value, "stake": deal.stake, "limit": limit},
                ).error_dict
            )
    if beyond:
        raise ValidationError(beyond)
    if kind == "played" and payments and not any(payments.values()):
        raise invalid(
            field,
            gettext_lazy(
                "Every payment is 0 in a played hand. If the hand was passed out or annulled, say so; "
                "if 0 is what you played, confirm it."
            ),
            code="unusual",
        )


def _check_source(source: Any) -> None:
    if source not in (Source.PAYMENTS, Source.SUMMARY, Source.RECORD):
        raise invalid("source", _("must be payments, summary or record"))


def _store_entry(hand: Hand, deal: Deal, source: str, scored: tuple, **fields: Any) -> HandSubmission:
    """A new version from a scored entry; ``entered_payments`` keeps what the table typed in, if anything:
    bare payments, or payments beside a summary or record that differ from the engine's."""
    payments, kind, payload, mismatch = scored
    typed = mismatch if mismatch is not None else (payments if source == Source.PAYMENTS else None)
    return _new_version(
        hand,
        deal,
        source=source,
        payload=payload,
        entered_payments=typed,
        payments=payments,
        kind=kind,
        **fields,
    )


def _digest(source: str, data: Mapping[str, Any]) -> str:
    """What a retry must repeat exactly: the entry as sent."""
    canonical = json.dumps([source, data], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _first_response(hand: Hand | None, idempotency_key: str | None, digest: str) -> HandSubmission | None:
    """The submission a retry with this key already stored (under the hand's lock), if any."""
    if hand is None or not idempotency_key:
        return None
    existing = hand.submissions.filter(idempotency_key=idempotency_key).first()
    if existing is not None and existing.input_digest != digest:
        raise invalid(
            "idempotency_key",
            _("this key was already used for a different entry of this hand"),
            code="idempotency_mismatch",
        )
    return existing


def _seated(table: Table, player: Player | None, field: str, seats: Mapping[int, str] | None = None) -> None:
    """``player`` sits at ``table`` (``seats``: player id -> position, when the caller has read them)."""
    if player is None:
        return
    if not (player.pk in seats if seats is not None else table.seats.filter(player=player).exists()):
        raise invalid(
            field, _("%(player)s is not seated at this table"), "permission_denied", {"player": str(player)}
        )


def _actor_label() -> str:
    actor = current_actor()
    return actor.label() if actor else ""


# --- locks -------------------------------------------------------------------------------------------


def round_lock(table: Table) -> Round:
    """The round under a share lock: entries at many tables go on side by side, while ``round_close``'s
    exclusive lock waits for them to commit and they, once it has committed, see the round closed."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT 1 FROM {connection.ops.quote_name(Round._meta.db_table)} WHERE id = %s FOR SHARE",
                [table.round_id],
            )
    round_ = Round.objects.select_related("tournament").get(pk=table.round_id)
    table.round = round_
    return round_


def _require_open(round_: Round) -> None:
    """Table members enter, confirm and contest only while the round is published or in play."""
    if round_.status not in OPEN_ROUND_STATUSES:
        raise conflict(
            "round",
            _("round %(number)s is not open for entries (%(status)s)"),
            {"number": round_.number, "status": Labelled("round_state", round_.status)},
        )


def hand_lock(table: Table, number: int) -> Hand | None:
    """Hand ``number`` of ``table`` under its row lock (None: not entered yet): every change of a hand, its
    versions and its dispute holds it, so two phones of one table are served one after the other."""
    # of=self and no ordering: the model's default ordering joins the round, and FOR UPDATE would then
    # lock the round row too, against the share locks of every other entry (a deadlock).
    hand = Hand.objects.select_for_update(of=("self",)).filter(table=table, number=number).order_by().first()
    if hand is not None:
        hand.table = table
    return hand


def _create_hand(table: Table, deal: Deal) -> Hand:
    """The hand row, created on the first entry and locked for the rest of the transaction.

    One ``INSERT ... ON CONFLICT DO NOTHING`` rather than an insert inside a savepoint: when a concurrent
    twin created the hand first, the insert waits for its commit and stores nothing, and the twin's row is
    locked and returned. The row is saved as ``Model.save`` saves it, signals included (so its history
    row, attributed by ``audit``), and not read again: no one else sees it before the commit.
    ``created_here``: this call made it, so it has no versions and no disputes yet."""
    hand = Hand(table=table, number=deal.number, dealer=deal.dealer, stake=deal.stake)
    using, meta, quote = connection.alias, Hand._meta, connection.ops.quote_name
    signals.pre_save.send(sender=Hand, instance=hand, raw=False, using=using, update_fields=None)
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    values = [field.get_db_prep_save(field.pre_save(hand, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES ({', '.join(['%s'] * len(fields))}) ON CONFLICT "
            f"({quote(meta.get_field('table').column)}, {quote(meta.get_field('number').column)}) "
            f"DO NOTHING RETURNING {quote(meta.pk.column)}",
            values,
        )
        row = cursor.fetchone()
    if row is None:  # another request created it first
        hand = hand_lock(table, deal.number)
        assert hand is not None
        return hand
    hand.pk = row[0]
    hand._state.adding, hand._state.db = False, using
    signals.post_save.send(
        sender=Hand, instance=hand, created=True, update_fields=None, raw=False, using=using
    )
    hand.created_here = True
    return hand


# --- the one way hands and submissions change ----------------------------------------------------------


def _save(obj: Any, **fields: Any) -> None:
    """Change fields through ``save`` (not a queryset update) so the history keeps before, after and who
    (the actor of the surrounding ``acting_as``). Callers hold the hand's row lock."""
    for name, value in fields.items():
        setattr(obj, name, value)
    obj.save(update_fields=list(fields))


def _set_hand(hand: Hand, **fields: Any) -> None:
    """Change a hand: mark the standings stale if it counted before or counts now, or if it goes into or
    out of dispute (the standings say how many hands are in dispute), and let later deals follow a change
    of kind."""
    kind_changed = "kind" in fields and fields["kind"] != hand.kind
    # A hand without a kind has no later hands (each is entered after the kinds before it are known,
    # and a kind is never taken back): none to follow.
    follows = kind_changed and hand.kind != ""
    before = hand.status
    _save(hand, **fields)
    shown = (*COUNTED_HAND_STATUSES, Hand.Status.DISPUTED)
    if before in shown or hand.status in shown:
        publish(HAND_CHANGED, tournament_id=hand.table.round.tournament_id)
    if follows:
        _follow_deals(hand.table, hand.number)


def _set_status(submissions: Any, status: str, **fields: Any) -> None:
    if "note" in fields:  # the system's words kept as data too (``messages.kept``)
        fields["note"], fields["note_data"] = kept(fields["note"])
    for submission in submissions:
        _save(submission, status=status, **fields)


def _new_version(hand: Hand, deal: Deal, *, version: int | None = None, **fields: Any) -> HandSubmission:
    """A new version (``version``: the next number, when the caller has read the hand's versions).
    ``is_new`` tells the caller of a service that this call stored it (a retry returns an older one)."""
    if version is None:
        version = (hand.submissions.aggregate(m=Max("version"))["m"] or 0) + 1
    if "note" in fields:  # the system's words kept as data too (``messages.kept``)
        fields["note"], fields["note_data"] = kept(fields["note"])
    submission = HandSubmission.objects.create(
        hand=hand, version=version, dealer=deal.dealer, stake=deal.stake, **fields
    )
    submission.is_new = True
    return submission


def _open_dispute(hand: Hand, reason: str | Text, submissions: list[HandSubmission]) -> Dispute:
    """Open the hand's dispute, or add versions to the open one; the validator weighs it after the commit
    (``results.services.disputes``)."""
    dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
    if dispute is None:
        reason, reason_data = kept(reason)
        dispute = Dispute.objects.create(
            hand=hand, reason=reason, reason_data=reason_data, opened_by=_actor_label()
        )
        publish(DISPUTE_OPENED, dispute=dispute)
    else:
        _save(dispute, version=dispute.version + 1)  # more versions to weigh: the dispute changed
    for submission in submissions:
        DisputeSubmission.objects.get_or_create(
            dispute=dispute, submission=submission, defaults={"added_by": _actor_label()}
        )
    _set_status([s for s in submissions if s.status == SubStatus.PENDING], SubStatus.DISPUTED)
    _set_hand(hand, status=Hand.Status.DISPUTED)
    publish(DISPUTE_CHANGED, dispute=dispute)  # weighed by the validator once it commits
    return dispute


def version_confirm(
    hand: Hand,
    submission: HandSubmission,
    confirmed_by: Player | None,
    same_device: bool = False,
    versions: list[HandSubmission] | None = None,
) -> None:
    """Make ``submission`` the hand's one confirmed version and mirror it on the hand. ``versions``: the
    hand's versions as the caller read them under the hand's lock; the confirmed one among them is
    superseded without reading it again, and no other can appear before the commit, so the confirmation
    needs no savepoint (a violation of the constraint still refuses the entry, rolling it all back)."""
    confirmed = (
        [v for v in versions if v.status == SubStatus.CONFIRMED and v.pk != submission.pk]
        if versions is not None
        else hand.submissions.filter(status=SubStatus.CONFIRMED).exclude(pk=submission.pk)
    )
    _set_status(confirmed, SubStatus.SUPERSEDED)
    if submission.status != SubStatus.CONFIRMED:
        try:
            with transaction.atomic(savepoint=versions is None):
                extra = {"same_device": True} if same_device and confirmed_by is not None else {}
                _save(
                    submission,
                    status=SubStatus.CONFIRMED,
                    confirmed_by=confirmed_by,
                    confirmed_at=timezone.now(),
                    **extra,
                )
        except IntegrityError as exc:  # the partial unique constraint: one confirmed version per hand
            raise conflict("status", _("another version of this hand is already confirmed")) from exc
    status = Hand.Status.VOIDED if submission.source == Source.VOID else Hand.Status.CONFIRMED
    _set_hand(hand, status=status, payments=submission.payments, kind=submission.kind)


def dispute_close(
    dispute: Dispute, status: str, chosen: HandSubmission | None, by: Any, note: str | Text
) -> None:
    """Close the hand's dispute (resolved, with the ``chosen`` version, or voided), reject the versions it
    did not choose and announce it; the caller holds the hand's lock."""
    note, note_data = kept(note)
    _save(
        dispute,
        version=dispute.version + 1,
        status=status,
        chosen=chosen,
        resolved_by=by if getattr(by, "pk", None) else None,
        resolved_at=timezone.now(),
        resolution=note,
        resolution_data=note_data,
    )
    others = dispute.submissions.exclude(pk=getattr(chosen, "pk", None))
    _set_status(others.filter(status__in=(SubStatus.DISPUTED, SubStatus.PENDING)), SubStatus.REJECTED)
    publish(DISPUTE_RESOLVED, dispute=dispute)  # resolved or voided: see its status


def _follow_deals(table: Table, after: int) -> None:
    """Hands after ``after`` follow a change of its kind: a new dealer or stake is set on the hand; a
    confirmed summary or record is re-scored from its own entry as a new version; bare payments (or an
    entry that no longer fits the deal, e.g. a record played with another dealer) are sent back to the
    table: the hand awaits a new entry and does not count. Unconfirmed entries are superseded."""
    later = list(
        Hand.objects.select_for_update(of=("self",)).filter(table=table, number__gt=after).order_by("number")
    )
    positions = table_positions(table) if later else []
    for hand in later:
        hand.table = table
        deal = next_deal(table, hand.number, positions)
        if (hand.dealer, hand.stake) == (deal.dealer, deal.stake):
            continue
        note = Text(
            gettext_noop(
                "hand %(after)s was corrected: dealer %(dealer)s -> %(new_dealer)s, "
                "stake %(stake)s -> %(new_stake)s"
            ),
            after=after,
            dealer=hand.dealer,
            new_dealer=deal.dealer,
            stake=hand.stake,
            new_stake=deal.stake,
        )
        _save(hand, dealer=deal.dealer, stake=deal.stake)
        _set_status(hand.submissions.filter(status__in=(SubStatus.PENDING, SubStatus.DISPUTED)), "superseded")
        confirmed = hand.submissions.filter(status=SubStatus.CONFIRMED).first()
        if confirmed is None or confirmed.source == Source.VOID:
            _set_hand(hand, status=hand.status if confirmed else Hand.Status.PENDING)
            continue
        rescored = None
        if confirmed.source in (Source.SUMMARY, Source.RECORD):
            payload = dict(confirmed.payload)
            for derived in ("seats", "stake", "sitting_out", "rules"):
                if confirmed.source == Source.SUMMARY:
                    payload.pop(derived, None)
            try:
                rescored = entry_score(table, positions, deal, confirmed.source, payload)
            except ValidationError:
                rescored = None
        if rescored is None:
            _set_status(
                [confirmed],
                SubStatus.SUPERSEDED,
                note=Text(gettext_noop("%(note)s: sent back to the table"), note=note),
            )
            _set_hand(hand, status=Hand.Status.PENDING, payments={})
            continue
        payments, kind, payload, _items = rescored
        submission = _new_version(
            hand,
            deal,
            source=confirmed.source,
            payload=payload,
            payments=payments,
            kind=kind,
            submitted_by=confirmed.submitted_by,
            entered_by=getattr(current_actor(), "user", None),
            note=Text(gettext_noop("%(note)s: re-scored from its entry"), note=note),
        )
        version_confirm(hand, submission, confirmed_by=confirmed.confirmed_by)


def _decided_by_organizer(submission: HandSubmission) -> bool:
    """A void, an organizer's own entry or a version an organizer chose: final for the table. (A version
    the validator chose is not: the table may still contest it.)"""
    return (
        submission.source == Source.VOID
        or submission.submitted_by_id is None
        or submission.chosen_in.filter(status=Dispute.Status.RESOLVED)
        .exclude(settled_by_validator())
        .exists()
    )


def _redeciding(dispute: Dispute) -> bool:
    """Whether an organizer's decision on ``dispute`` re-decides what the validator settled; refused while
    a newer dispute on the hand is open (the organizer decides that one)."""
    if not Dispute.objects.filter(settled_by_validator(), pk=dispute.pk).exists():
        return False
    if Dispute.objects.filter(hand_id=dispute.hand_id, status=Dispute.Status.OPEN).exists():
        raise conflict("dispute", _("a newer dispute on this hand is open: decide that one"))
    return True


def _override_note(dispute: Dispute, chosen: HandSubmission, note: str) -> Text:
    """The resolution of an organizer's decision on a dispute the validator settled."""
    upheld = chosen.pk == dispute.chosen_id
    if note:
        template = (
            gettext_noop("The organizer upheld the validator's decision (version %(version)s): %(note)s")
            if upheld
            else gettext_noop(
                "The organizer overrode the validator's decision (version %(version)s): %(note)s"
            )
        )
        return Text(template, version=dispute.chosen.version, note=note)
    template = (
        gettext_noop("The organizer upheld the validator's decision (version %(version)s).")
        if upheld
        else gettext_noop("The organizer overrode the validator's decision (version %(version)s).")
    )
    return Text(template, version=dispute.chosen.version)


# --- the services ------------------------------------------------------------------------------------


def hand_submit(
    *,
    table: Table,
    number: Any,
    source: str,
    data: Any,
    submitted_by: Player | None = None,
    entered_by: Any = None,
    idempotency_key: Any = None,
    trusted: bool = False,
    note: Any = "",
    confirm_unusual: Any = False,
    seats: Mapping[int, str] | None = None,
    witnessed: str = "",
) -> HandSubmission:
    """Enter a hand's result.

    ``trusted`` entries (organizers) are confirmed at once and supersede any earlier version, also after
    the round is closed. A table member's entry waits for a second member; the same result entered by
    another member confirms it; a different one opens a dispute. Retrying with the same
    ``idempotency_key`` and the same entry returns the first submission and stores nothing new.
    A table member's typed payments that look like a typo (``_check_plausible``) are refused with code
    ``unusual`` unless ``confirm_unusual`` is true. ``seats``: the table's player id -> position, when the
    caller has read them (the seats of a released round do not change).
    ``witnessed``: a record of a hand the engine refereed at a live table (``tournaments.live``), entered
    while the round is open: ``"confirmed"`` counts at once, ``"pending"`` (a bot moved for a player and
    the tournament wants such hands confirmed) waits for a table member's or the organizer's confirmation.
    """
    number = whole_number(number, "number", low=1, high=MAX_DEALS)
    idempotency_key = key(idempotency_key, "idempotency_key")
    if not isinstance(
        note, Text
    ):  # a service's own words (a score sheet's, a dispute resolution's) as they are
        note = text(note, "note", max_length=NOTE_MAX)
    data = json_document(data, "data")
    _check_source(source)
    if witnessed not in ("", "confirmed", "pending") or (witnessed and (trusted or source != Source.RECORD)):
        raise invalid("witnessed", _("only a live table's hand record is witnessed by the engine"))
    if not trusted and submitted_by is None and not witnessed:
        raise invalid("submitted_by", _("a table member must be named"))
    digest = _digest(source, data)
    actor = Actor(user=entered_by if getattr(entered_by, "is_authenticated", False) else None)
    if witnessed:
        actor = Actor(system="engine", via="live table")
    elif not trusted:
        actor = Actor(player=submitted_by, user=actor.user)

    with acting_as(actor), transaction.atomic():
        round_ = round_lock(table)
        hand = hand_lock(table, number)
        first = _first_response(hand, idempotency_key, digest)
        if first is not None:
            return first
        refuse_if_finished(round_.tournament)
        if not trusted:
            _require_open(round_)
        elif round_.status not in RELEASED_ROUND_STATUSES:
            raise conflict(
                "round", _("round %(number)s is not published yet: no results"), {"number": round_.number}
            )
        seats = dict(seats if seats is not None else table.seats.values_list("player_id", "position"))
        positions = sorted(seats.values())
        limit = round_.tournament.deals_per_round(len(positions))
        if number > limit:
            raise invalid(
                "number",
                _("must be between 1 and %(limit)s (deals per round at a %(size)s-table)"),
                params={"limit": limit, "size": len(positions)},
            )
        _seated(table, submitted_by, "submitted_by", seats)
        deal = next_deal(table, number, positions)
        if hand is None:
            hand = _create_hand(table, deal)  # waits for a concurrent twin that created it, if any
            if not getattr(hand, "created_here", False):
                first = _first_response(hand, idempotency_key, digest)
                if first is not None:
                    return first
        payments, kind, payload, mismatch = entry_score(table, positions, deal, source, data)
        if not trusted and not witnessed and confirm_unusual is not True:
            typed = mismatch if mismatch is not None else (payments if source == Source.PAYMENTS else None)
            _check_plausible(typed, kind, deal, "data.payments", round_.tournament)
        new = getattr(hand, "created_here", False)  # no versions and no disputes yet
        # A handful of versions, read once (with who entered and confirmed them, and the hand's open
        # dispute, at most one by constraint) and picked from below.
        open_ = Dispute.objects.filter(hand_id=OuterRef("hand_id"), status=Dispute.Status.OPEN).order_by()
        versions = (
            []
            if new
            else list(
                hand.submissions.select_related("submitted_by", "confirmed_by").annotate(
                    open_dispute_id=Subquery(open_.values("pk")[:1])
                )
            )
        )
        confirmed = next((v for v in versions if v.status == SubStatus.CONFIRMED), None)
        pending = next((v for v in reversed(versions) if v.status == SubStatus.PENDING), None)
        open_dispute = (
            None
            if new or (versions and versions[0].open_dispute_id is None)
            else hand.disputes.filter(status=Dispute.Status.OPEN).first()
        )

        if not trusted:
            if hand.status == Hand.Status.VOIDED:
                raise conflict(
                    "number",
                    _("hand %(number)s was voided by the organizer: only they change it"),
                    {"number": number},
                )
            if hand.status == Hand.Status.CONFIRMED and confirmed is not None:
                if mismatch is None and (confirmed.payments, confirmed.kind) == (payments, kind):
                    return confirmed  # nothing new: the result is already confirmed
                raise conflict(
                    "number",
                    _(
                        "hand %(number)s is already confirmed; if it is wrong, contest it: "
                        "the organizer decides"
                    ),
                    {"number": number},
                )
            if (
                not witnessed
                and mismatch is None
                and open_dispute is None
                and pending is not None
                and pending.submitted_by_id != submitted_by.pk
                and (pending.payments, pending.kind, pending.stake) == (payments, kind, deal.stake)
            ):
                # a second member entered the same
                version_confirm(hand, pending, confirmed_by=submitted_by, versions=versions)
                return pending

        submission = _store_entry(
            hand,
            deal,
            source,
            (payments, kind, payload, mismatch),
            submitted_by=submitted_by,
            entered_by=actor.user,
            idempotency_key=idempotency_key,
            input_digest=digest,
            note=note,
            version=(versions[-1].version if versions else 0) + 1,
        )
        if witnessed:  # the engine refereed every move: any earlier unconfirmed entry gives way
            _set_status([v for v in versions if v.status == SubStatus.PENDING], SubStatus.SUPERSEDED)
            if witnessed == "confirmed":
                version_confirm(hand, submission, confirmed_by=None, versions=versions)
            else:
                _set_hand(hand, status=Hand.Status.PENDING, kind=kind)
        elif trusted:
            _set_status([v for v in versions if v.status == SubStatus.PENDING], SubStatus.SUPERSEDED)
            version_confirm(hand, submission, confirmed_by=None, versions=versions)
            if open_dispute:
                dispute_close(
                    open_dispute,
                    Dispute.Status.RESOLVED,
                    submission,
                    entered_by,
                    note or Text(gettext_noop("organizer entry")),
                )
        elif open_dispute is not None:
            _open_dispute(hand, open_dispute.reason, [submission])  # more evidence for the organizer
        elif mismatch is not None:
            reason = Text(
                gettext_noop("the entered payments differ from the engine's score of the same hand")
            )
            earlier = [pending] if pending is not None and pending.submitted_by_id != submitted_by.pk else []
            if pending is not None and not earlier:  # the same member corrects their own entry
                _set_status([pending], SubStatus.SUPERSEDED)
            _open_dispute(hand, reason, [*earlier, submission])  # another member's entry is weighed too
        elif pending is not None and pending.submitted_by_id != submitted_by.pk:
            _open_dispute(
                hand, Text(gettext_noop("two table members entered different results")), [pending, submission]
            )
        else:
            if pending is not None:  # the same member corrects their own unconfirmed entry
                _set_status([pending], SubStatus.SUPERSEDED)
            _set_hand(hand, status=Hand.Status.PENDING, kind=kind)
        return submission


def hand_preview(
    table: Table, number: Any, source: str, data: Any
) -> tuple[dict[str, int], str, list[dict[str, Any]]]:
    """(payments by position, hand kind, the engine's scored items) of an entry of hand ``number``, as
    ``hand_submit`` would score it now; stores nothing. Raises the same ValidationErrors (``data.*``)."""
    number = whole_number(number, "number", low=1, high=MAX_DEALS)
    data = json_document(data, "data")
    _check_source(source)
    positions = table_positions(table)
    limit = table.round.tournament.deals_per_round(len(positions))
    if number > limit:
        raise invalid(
            "number",
            _("must be between 1 and %(limit)s (deals per round at a %(size)s-table)"),
            params={"limit": limit, "size": len(positions)},
        )
    deal = next_deal(table, number, positions)
    payments, kind, payload, _items = entry_score(table, positions, deal, source, data)
    items: list[dict[str, Any]] = []
    tournament = table.round.tournament
    if source == Source.SUMMARY:
        game = game_of(tournament)
        items = named_items(game, game.score(dict(payload), rules_of(tournament))["items"])
    elif source == Source.RECORD:
        items = scored_items(game_of(tournament), source, payload, rules_of(tournament))
    return payments, kind, items


def hand_confirm(
    submission: HandSubmission, confirmed_by: Player, *, same_device: bool = False
) -> HandSubmission:
    """A second member of the table confirms a pending entry. A retry by the same member returns the
    confirmed version. ``same_device``: the confirmation was made on the phone the entry was made on
    (the confirming seat saw the whole hand and tapped its own name); the version records it."""
    if not isinstance(confirmed_by, Player):
        raise invalid("confirmed_by", _("a table member must be named"))
    table = Table.objects.select_related("round__tournament").get(pk=submission.hand.table_id)
    with acting_as(Actor(player=confirmed_by)), transaction.atomic():
        round_ = round_lock(table)
        refuse_if_finished(round_.tournament)
        _require_open(round_)
        _seated(table, confirmed_by, "confirmed_by")
        hand = hand_lock(table, submission.hand.number)
        submission = HandSubmission.objects.get(pk=submission.pk)
        if submission.submitted_by_id == confirmed_by.pk:
            raise invalid("confirmed_by", _("the confirmer must differ from the submitter"))
        if submission.status == SubStatus.CONFIRMED and submission.confirmed_by_id == confirmed_by.pk:
            return submission  # a retried confirmation
        if submission.status != SubStatus.PENDING:
            raise conflict(
                "status",
                _("version %(version)s is %(status)s, not pending"),
                {"version": submission.version, "status": Labelled("submission_state", submission.status)},
            )
        if hand.disputes.filter(status=Dispute.Status.OPEN).exists():
            raise conflict("status", _("the hand has an open dispute; an organizer must resolve it"))
        if hand.submissions.filter(status=SubStatus.CONFIRMED).exists():
            raise conflict("status", _("another version of this hand is already confirmed"))
        version_confirm(hand, submission, confirmed_by=confirmed_by, same_device=same_device is True)
    return submission


def hand_contest(
    hand: Hand,
    *,
    contested_by: Player,
    reason: Any,
    source: str | None = None,
    data: Any = None,
    confirm_unusual: Any = False,
) -> Dispute:
    """A table member contests a confirmed hand while the round is open: a dispute opens (with the
    member's own version, if given) and the hand stops counting until an organizer decides. A retry
    returns the open dispute."""
    if not isinstance(contested_by, Player):
        raise invalid("contested_by", _("a table member must be named"))
    reason = text(reason, "reason", max_length=NOTE_MAX, required=True)
    table = Table.objects.select_related("round__tournament").get(pk=hand.table_id)
    actor = Actor(player=contested_by)
    with acting_as(actor), transaction.atomic():
        round_ = round_lock(table)
        refuse_if_finished(round_.tournament)
        _require_open(round_)
        _seated(table, contested_by, "contested_by")
        hand = hand_lock(table, hand.number)
        open_dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
        if open_dispute is not None and open_dispute.opened_by == actor.label():
            return open_dispute  # a retried contest
        confirmed = hand.submissions.filter(status=SubStatus.CONFIRMED).first()
        if hand.status == Hand.Status.VOIDED or (confirmed is not None and _decided_by_organizer(confirmed)):
            raise conflict(
                "number",
                _("the organizer decided hand %(number)s; that is final for the table"),
                {"number": hand.number},
            )
        if hand.status != Hand.Status.CONFIRMED or confirmed is None:
            raise conflict(
                "number",
                _("hand %(number)s is not confirmed: enter your result instead"),
                {"number": hand.number},
            )
        versions = [confirmed]
        if data is not None:
            versions.append(
                _contest_version(
                    table, hand, source or Source.PAYMENTS, data, contested_by, confirm_unusual is True
                )
            )
        return _open_dispute(hand, reason, versions)


def _contest_version(
    table: Table, hand: Hand, source: str, data: Any, contested_by: Player, confirm_unusual: bool = False
) -> HandSubmission:
    """The contesting member's own version of the hand, stored straight into the dispute."""
    data = json_document(data, "data")
    _check_source(source)
    positions = table_positions(table)
    deal = next_deal(table, hand.number, positions)
    scored = entry_score(table, positions, deal, source, data)
    if not confirm_unusual:
        payments, kind, _payload, mismatch = scored
        typed = mismatch if mismatch is not None else (payments if source == Source.PAYMENTS else None)
        _check_plausible(typed, kind, deal, "data.payments", table.round.tournament)
    return _store_entry(
        hand,
        deal,
        source,
        scored,
        submitted_by=contested_by,
        input_digest=_digest(source, data),
        status=SubStatus.DISPUTED,
    )


def dispute_resolve(
    dispute: Dispute,
    *,
    resolved_by: Any,
    chosen: HandSubmission | None = None,
    source: str | None = None,
    data: Any = None,
    note: Any = "",
    expected_version: int | None = None,
) -> HandSubmission:
    """The organizer settles a dispute by choosing one of the hand's versions, or by entering a new one.
    A retry that chooses the same version again returns it. With ``expected_version`` a decision made
    on an older state of the dispute (a version added since) is refused. A dispute the validator settled
    (``results.services.disputes``) may be decided again by an organizer: the override is recorded on the
    dispute (its resolution and history) and every version stays in place."""
    if not getattr(resolved_by, "is_authenticated", False):
        raise invalid("resolved_by", _("an organizer must be named"))
    note = text(note, "note", max_length=NOTE_MAX)
    if (chosen is None) == (data is None):
        raise invalid("chosen", _("choose one version or enter a new result, not both or neither"))
    table = Table.objects.select_related("round__tournament").get(pk=dispute.hand.table_id)
    if data is not None:
        with acting_as(Actor(user=resolved_by)), transaction.atomic():
            dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
            check_version(dispute, expected_version, "dispute")
            overriding = dispute.status != Dispute.Status.OPEN and _redeciding(dispute)
            if dispute.status != Dispute.Status.OPEN and not overriding:
                raise conflict("dispute", ALREADY, {"status": Labelled("dispute_state", dispute.status)})
            submission = hand_submit(
                table=table,
                number=dispute.hand.number,
                source=source or Source.PAYMENTS,
                data=data,
                entered_by=resolved_by,
                trusted=True,
                note=note or Text(gettext_noop("dispute resolution")),
            )
            if overriding:
                DisputeSubmission.objects.create(
                    dispute=dispute, submission=submission, added_by=_actor_label()
                )
                note = _override_note(dispute, submission, note)
                dispute_close(dispute, Dispute.Status.RESOLVED, submission, resolved_by, note)
            return submission
    with acting_as(Actor(user=resolved_by)), transaction.atomic():
        refuse_if_finished(round_lock(table).tournament)
        hand = hand_lock(table, dispute.hand.number)
        dispute = Dispute.objects.get(pk=dispute.pk)
        chosen = HandSubmission.objects.get(pk=chosen.pk)
        overriding = dispute.status != Dispute.Status.OPEN and _redeciding(dispute)
        if dispute.status != Dispute.Status.OPEN and not overriding:
            if dispute.chosen_id == chosen.pk:
                return chosen  # a retried resolution
            raise conflict("dispute", ALREADY, {"status": Labelled("dispute_state", dispute.status)})
        check_version(dispute, expected_version, "dispute")
        if chosen.hand_id != hand.pk:
            raise invalid("chosen", _("that version belongs to another hand"))
        if chosen.source != Source.VOID and (chosen.dealer, chosen.stake) != (hand.dealer, hand.stake):
            raise conflict(
                "chosen",
                _(
                    "version %(version)s was entered for dealer %(dealer)s at stake %(stake)s; "
                    "the hand is now dealt by %(now_dealer)s at stake %(now_stake)s: enter the result anew"
                ),
                {
                    "version": chosen.version,
                    "dealer": chosen.dealer,
                    "stake": chosen.stake,
                    "now_dealer": hand.dealer,
                    "now_stake": hand.stake,
                },
            )
        version_confirm(hand, chosen, confirmed_by=chosen.confirmed_by)
        if overriding:
            note = _override_note(dispute, chosen, note)
        dispute_close(dispute, Dispute.Status.RESOLVED, chosen, resolved_by, note)
    return chosen


def hand_void(hand: Hand, *, by: Any, reason: Any) -> HandSubmission:
    """Void a hand that cannot be reconciled: a new version with every payment 0, kept like any other.
    Voiding a voided hand again returns its void."""
    if not getattr(by, "is_authenticated", False):
        raise invalid("by", _("an organizer must be named"))
    reason = text(reason, "reason", max_length=NOTE_MAX, required=True)
    table = Table.objects.select_related("round__tournament").get(pk=hand.table_id)
    with acting_as(Actor(user=by)), transaction.atomic():
        refuse_if_finished(round_lock(table).tournament)
        hand = hand_lock(table, hand.number)
        if hand.status == Hand.Status.VOIDED:
            return hand.submissions.get(status=SubStatus.CONFIRMED)
        _set_status(hand.submissions.filter(status=SubStatus.PENDING), SubStatus.SUPERSEDED)
        submission = _new_version(
            hand,
            Deal(hand.number, hand.dealer, (), hand.stake),
            source=Source.VOID,
            payload={"reason": reason},
            payments=dict.fromkeys(table_positions(table), 0),
            kind="voided",
            entered_by=by,
            note=reason,
        )
        version_confirm(hand, submission, confirmed_by=None)
        dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
        if dispute:
            DisputeSubmission.objects.create(dispute=dispute, submission=submission, added_by=_actor_label())
            dispute_close(dispute, Dispute.Status.VOIDED, submission, by, reason)
    return submission


MAX_SHEET_HANDS = 2000  # a round of 100 tables with 20 deals each


def score_sheets_enter(
    sheets: Sequence[tuple[Table, Sequence[Mapping[str, Any]]]], *, entered_by: Any, note: Any = ""
) -> list[HandSubmission]:
    """An organizer types in paper score sheets (e.g. a table without a phone, after the round): each
    sheet is a table and its entries ``{"number", "source", "data"}``, entered as organizer's entries
    (confirmed at once). All or nothing: the first error names its place, e.g.
    ``sheets[1].hands[3].data.payments.C``, and nothing is stored."""
    if not getattr(entered_by, "is_authenticated", False):
        raise invalid("entered_by", _("an organizer must be named"))
    note = text(note, "note", max_length=NOTE_MAX)
    if sum(len(entries) for _table, entries in sheets) > MAX_SHEET_HANDS:
        raise invalid(
            "sheets", _("at most %(max)s hands in one request"), "too_large", {"max": MAX_SHEET_HANDS}
        )
    stored = []
    with transaction.atomic():
        for sheet_index, (table, entries) in enumerate(sheets):
            for index, entry in enumerate(entries):
                place = f"sheets[{sheet_index}].hands[{index}]"
                try:
                    stored.append(
                        hand_submit(
                            table=table,
                            number=entry.get("number"),
                            source=entry.get("source"),
                            data=entry.get("data"),
                            entered_by=entered_by,
                            trusted=True,
                            note=note or Text(gettext_noop("score sheet")),
                        )
                    )
                except ValidationError as exc:
                    raise _placed(exc, place) from exc
    return stored


def _placed(exc: ValidationError, place: str) -> ValidationError:
    """The same error with every field prefixed by its place in a larger request; the code is kept."""
    by_field = exc.error_dict if hasattr(exc, "error_dict") else {"": exc.error_list}
    return ValidationError({f"{place}.{field}".rstrip("."): errors for field, errors in by_field.items()})
