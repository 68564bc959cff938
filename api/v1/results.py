"""Hands, their versions and disputes: ``/api/v1/tournaments/{slug}/rounds/{n}/tables/{t}/hands/...``.

A table (its code, naming the seat that enters) or a player of the table enters, confirms and contests;
an organizer's entry is confirmed at once (a correction); organizers resolve and void. Each write is one
service call; the services decide what is allowed, this module only translates and authorizes.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404
from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1.access import require_organizer, table_access, table_member
from api.v1.base import TournamentView, expected_version, with_etag
from api.v1.idempotency import idempotent
from tournaments import selectors, services
from tournaments.core import api_texts as texts
from tournaments.draw.models import RELEASED_ROUND_STATUSES, Round, Seat, Table
from tournaments.results.models import Dispute, DisputeFinding, Hand, HandSubmission

POSITIONS = ["A", "B", "C", "D", "E", "F"]


# --- translation ---------------------------------------------------------------------------------------


class EntrySerializer(serializers.Serializer):
    """One hand's result: exactly one of payments, summary (the engine scores it) or record (the engine
    replays it); payments may stand beside a summary or record to be checked against the engine."""

    entered_by = serializers.ChoiceField(
        POSITIONS, required=False, help_text="With a table code: the seat entering (or confirming)."
    )
    payments = serializers.DictField(child=serializers.IntegerField(), required=False)
    kind = serializers.CharField(
        required=False,
        max_length=32,
        help_text="With payments: the kind of hand, a word of the tournament's game (its 'kinds': "
        "GET /api/v1/games/{id}/); Hungarian Tarokk: played, passed_out, annulled, trial_three_failed, "
        "penalty. Default played.",
    )
    summary = serializers.JSONField(
        required=False,
        help_text="A hand summary of the tournament's game: its JSON schema is the game's summary_schema "
        "(GET /api/v1/games/{id}/; engine/schemas/<game>/hand-summary.schema.json).",
    )
    record = serializers.JSONField(required=False, help_text="engine/schemas/hand-record.schema.json")
    note = serializers.CharField(required=False, allow_blank=True, max_length=1000)
    confirm_unusual = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: store typed payments the server refused as unusual (code unusual: a payment far "
        "beyond what a hand at this stake plausibly pays, or a played hand where nobody pays), after the "
        "table checked them. Send it with a new Idempotency-Key: the refusal is kept under the first one.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [name for name in ("summary", "record") if name in attrs]
        if len(given) > 1:
            raise serializers.ValidationError(texts.SUMMARY_OR_RECORD)
        if not given and "payments" not in attrs:
            raise serializers.ValidationError(texts.GIVE_A_RESULT)
        return attrs

    @staticmethod
    def to_service(attrs: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """(source, data) as ``services.hand_submit`` takes them; service field paths are ``data.*``."""
        for source in ("summary", "record"):
            if source in attrs:
                data = attrs[source]
                if not isinstance(data, dict):
                    raise ValidationError({source: [ValidationError(texts.JSON_OBJECT, code="invalid")]})
                if "payments" in attrs:
                    data = {**data, "payments": attrs["payments"]}
                return source, data
        return "payments", {"payments": attrs["payments"], "kind": attrs.get("kind", "played")}


def _entry_field(field: str, source: str) -> str:
    """Service errors name ``data.x``; the API's body calls it ``payments.x``, ``summary.x``, ``record.x``.
    Payments' ``data`` is the body's own ``payments`` and ``kind`` (``EntrySerializer.to_service``), so
    their names are the body's as they are."""
    if field == "data.payments" or field.startswith("data.payments."):
        return field.removeprefix("data.")
    if source == "payments" and field == "data.kind":
        return "kind"
    if field == "data" or field.startswith("data."):
        return source + field.removeprefix("data")
    return field


def _rename(exc: ValidationError, source: str) -> ValidationError:
    if not hasattr(exc, "error_dict"):
        return exc
    renamed: dict[str, list[ValidationError]] = {}
    for field, errors in exc.error_dict.items():
        renamed.setdefault(_entry_field(field, source), []).extend(errors)
    return ValidationError(renamed)


SHEET_FIELD = re.compile(r"sheets\[(\d+)\]\.hands\[(\d+)\]\.?(.*)")


def _sheet_error(exc: ValidationError, sheets: list[tuple[str, list[str]]]) -> ValidationError:
    """``sheets[i].hands[j].data.x`` from ``services.score_sheets_enter`` as the body names it:
    ``{place}hands[j].{payments|summary|record}.x``; ``sheets``: (place, the entries' sources) each."""
    if not hasattr(exc, "error_dict"):
        return exc
    renamed: dict[str, list[ValidationError]] = {}
    for field, errors in exc.error_dict.items():
        match = SHEET_FIELD.fullmatch(field)
        if match is not None:
            sheet, index, rest = int(match[1]), int(match[2]), match[3]
            place, sources = sheets[sheet]
            field = f"{place}hands[{index}].{_entry_field(rest, sources[index])}".rstrip(".")
        renamed.setdefault(field, []).extend(errors)
    return ValidationError(renamed)


def _sheet_entries(raw_hands: list[dict[str, Any]], place: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A sheet's hands as the service takes them ({number, source, data}) and their sources; a hand
    that is no entry at all is a 400 naming it."""
    entries, sources = [], []
    for index, raw in enumerate(raw_hands):
        entry = EntrySerializer(data=raw)
        if not entry.is_valid():
            raise serializers.ValidationError({f"{place}hands[{index}]": entry.errors})
        source, data = EntrySerializer.to_service(entry.validated_data)
        entries.append({"number": raw.get("number"), "source": source, "data": data})
        sources.append(source)
    return entries, sources


def _who(submission: HandSubmission, seats: dict[int, str]) -> dict[str, Any] | None:
    player = submission.submitted_by
    if player is None:
        return None
    return {"player": player.pk, "name": player.name, "seat": seats.get(player.pk)}


def submission_data(submission: HandSubmission, seats: dict[int, str]) -> dict[str, Any]:
    confirmed = submission.confirmed_by
    return {
        "id": submission.pk,
        "version": submission.version,
        "source": submission.source,
        "status": submission.status,
        "kind": submission.kind,
        "payments": submission.payments,
        "entered_payments": submission.entered_payments,
        "payload": submission.payload,
        "dealer": submission.dealer,
        "stake": submission.stake,
        "submitted_by": _who(submission, seats),
        "by_organizer": submission.submitted_by_id is None,
        "confirmed_by": (
            {"player": confirmed.pk, "name": confirmed.name, "seat": seats.get(confirmed.pk)}
            if confirmed
            else None
        ),
        "confirmed_at": submission.confirmed_at,
        "same_device": submission.same_device,
        "created_at": submission.created_at,
        "note": str(submission.note_text),
    }


def finding_data(finding: DisputeFinding) -> dict[str, Any]:
    return {
        "id": finding.pk,
        "dispute_version": finding.dispute_version,
        "outcome": finding.outcome,
        "chosen_version": finding.chosen.version if finding.chosen_id else None,
        "explanation": str(finding.explanation_text),  # in the request's language (Accept-Language)
        "explanation_data": finding.explanation_data,  # its templates and raw params; null on old rows
        "differences": finding.differences,
        "validator": finding.validator,
        "created_at": finding.created_at,
    }


def _resolved_by(dispute: Dispute) -> str | None:
    if dispute.status == Dispute.Status.OPEN:
        return None
    by_validator = Dispute.objects.filter(selectors.settled_by_validator(), pk=dispute.pk).exists()
    return "validator" if by_validator else "organizer"


def dispute_data(dispute: Dispute) -> dict[str, Any]:
    findings = dispute.findings.select_related("chosen").order_by("dispute_version")
    return {
        "id": dispute.pk,
        "status": dispute.status,
        "reason": str(dispute.reason_text),
        "opened_at": dispute.opened_at,
        "opened_by_organizer": dispute.opened_by.startswith("user:"),
        "versions": sorted(dispute.submissions.values_list("version", flat=True)),
        "resolved_at": dispute.resolved_at,
        "resolution": str(dispute.resolution_text),
        "resolved_by": _resolved_by(dispute),
        "chosen_version": dispute.chosen.version if dispute.chosen_id else None,
        "findings": [finding_data(f) for f in findings],
        "etag_version": dispute.version,
    }


def hand_data(hand: Hand, seats: dict[int, str], *, versions: bool = True) -> dict[str, Any]:
    data = {
        "number": hand.number,
        "dealer": hand.dealer,
        "stake": hand.stake,
        "status": hand.status,
        "kind": hand.kind,
        "payments": hand.payments,
    }
    if versions:
        subs = hand.submissions.select_related("submitted_by", "confirmed_by").order_by("version")
        data["versions"] = [submission_data(s, seats) for s in subs]
        data["disputes"] = [dispute_data(d) for d in hand.disputes.order_by("opened_at")]
    return data


# --- views ---------------------------------------------------------------------------------------------


class TableScoped(TournamentView):
    """A view of one table of a round: who may read it (released rounds: everyone; drafts: organizers)."""

    def table(self) -> Table:
        if not hasattr(self, "_table"):
            tournament = self.tournament()
            access = table_access(self.request)
            own = access.table if access is not None else None
            wanted = (self.kwargs["number"], self.kwargs["table"])
            if own is not None and (own.round.number, own.number) == wanted:
                round_, table = own.round, own  # the code's own table, read with the code
            else:
                round_ = Round.objects.filter(tournament=tournament, number=self.kwargs["number"]).first()
                table = Table.objects.filter(round=round_, number=self.kwargs["table"]).first()
            if round_ is None or (round_.status not in RELEASED_ROUND_STATUSES and not self.organizer()):
                raise Http404
            if table is None:
                raise Http404
            if access is not None and access.table.pk != table.pk:
                raise exceptions.PermissionDenied(texts.CODE_OF_ANOTHER_TABLE)
            table.round = round_
            self._table = table
        return self._table

    def seated(self) -> list[Seat]:
        """The table's seats with their players, read once per request."""
        if not hasattr(self, "_seated"):
            self._seated = list(self.table().seats.select_related("player"))
        return self._seated

    def seats(self) -> dict[int, str]:
        return {seat.player_id: seat.position for seat in self.seated()}

    def hand(self) -> Hand:
        hand = Hand.objects.filter(table=self.table(), number=self.kwargs["hand"]).first()
        if hand is None:
            raise Http404
        hand.table = self.table()
        return hand


class MemberOut(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.CharField(allow_null=True)


class SubmissionOut(serializers.Serializer):
    """One version of a hand's result, as entered (the schema of ``submission_data``)."""

    id = serializers.IntegerField()
    version = serializers.IntegerField()
    source = serializers.ChoiceField(["payments", "summary", "record", "void"])
    status = serializers.ChoiceField(HandSubmission.Status.choices)
    kind = serializers.CharField()
    payments = serializers.DictField(child=serializers.IntegerField())
    entered_payments = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    payload = serializers.JSONField()
    dealer = serializers.CharField()
    stake = serializers.IntegerField()
    submitted_by = MemberOut(allow_null=True)
    by_organizer = serializers.BooleanField()
    confirmed_by = MemberOut(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)
    same_device = serializers.BooleanField(
        help_text="confirmed on the same phone the entry was made on (one phone per table)"
    )
    created_at = serializers.DateTimeField()
    note = serializers.CharField()


class FindingOut(serializers.Serializer):
    """What the dispute validator found on one state of the dispute (read-only, kept as written)."""

    id = serializers.IntegerField()
    dispute_version = serializers.IntegerField(
        help_text="the state of the dispute (its ETag version) assessed"
    )
    outcome = serializers.ChoiceField(
        DisputeFinding.Outcome.choices,
        help_text="decided: the validator confirmed chosen_version; escalated: the organizer decides",
    )
    chosen_version = serializers.IntegerField(allow_null=True)
    explanation = serializers.CharField(
        help_text="in plain words, for the table and the organizer, in the language of Accept-Language"
    )
    explanation_data = serializers.JSONField(
        allow_null=True,
        help_text='the explanation as templates and raw params: {"t": English template, "p": {name: value or '
        'node}}, {"join": separator, "items": [...]}, {"word": vocabulary, "value": raw}; null on findings '
        "stored before",
    )
    differences = serializers.DictField(
        child=serializers.DictField(),
        help_text='the disputed fields side by side: field -> {version number or "engine": value}',
    )
    validator = serializers.CharField()
    created_at = serializers.DateTimeField()


class DisputeOut(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(Dispute.Status.choices)
    reason = serializers.CharField()
    opened_at = serializers.DateTimeField()
    opened_by_organizer = serializers.BooleanField()
    versions = serializers.ListField(child=serializers.IntegerField())
    resolved_at = serializers.DateTimeField(allow_null=True)
    resolution = serializers.CharField()
    resolved_by = serializers.ChoiceField(
        ["validator", "organizer"],
        allow_null=True,
        help_text="who settled it: the validator (an organizer may still decide otherwise) or an organizer",
    )
    chosen_version = serializers.IntegerField(allow_null=True)
    findings = FindingOut(many=True)
    etag_version = serializers.IntegerField()


class HandRowOut(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.CharField()
    stake = serializers.IntegerField()
    status = serializers.ChoiceField(Hand.Status.choices)
    kind = serializers.CharField()
    payments = serializers.DictField(child=serializers.IntegerField())


class HandOut(HandRowOut):
    versions = SubmissionOut(many=True)
    disputes = DisputeOut(many=True)


class BulkSerializer(serializers.Serializer):
    hands = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=64)
    note = serializers.CharField(required=False, allow_blank=True, max_length=1000)


class NextDealOut(serializers.Serializer):
    number = serializers.IntegerField(help_text="the hand to enter next (1, 2 ...)")
    dealer = serializers.CharField()
    active = serializers.ListField(
        child=serializers.CharField(), help_text="the seats that play it, the first to bid first"
    )
    sitting_out = serializers.ListField(child=serializers.CharField())
    stake = serializers.IntegerField()
    last = serializers.IntegerField(help_text="the last deal of the round at this table")


class NextDealView(TableScoped):
    """The deal a table enters next: who deals, who plays (a summary's ``seats``), who sits out, the stake,
    as the tournament's game deals after the hands entered so far."""

    @extend_schema(summary="The table's next deal", responses=NextDealOut)
    def get(self, request: Request, slug: str, number: int, table: int) -> Response:
        table_ = self.table()
        positions = sorted(seat.position for seat in self.seated())
        entered = Hand.objects.filter(table=table_).exclude(kind="").count()
        deal = services.next_deal(table_, entered + 1, positions)
        return Response(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "active": list(deal.active),
                "sitting_out": list(deal.sitting_out),
                "stake": deal.stake,
                "last": table_.round.tournament.deals_per_round(len(positions)),
            }
        )


class HandListView(TableScoped):
    """The table's hands; organizers may post a whole table's hands at once (a paper score sheet typed
    in later): all or nothing, the error names the hand and the field."""

    @extend_schema(summary="The table's hands", responses=HandRowOut(many=True))
    def get(self, request: Request, slug: str, number: int, table: int) -> Response:
        hands = Hand.objects.filter(table=self.table()).order_by("number")
        seats = self.seats()
        return Response([hand_data(h, seats, versions=False) for h in hands])

    @extend_schema(
        summary="Enter a whole table's hands (organizers; all or nothing)",
        request=BulkSerializer,
        responses={201: HandRowOut(many=True)},
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int, table: int) -> Response:
        organizer = require_organizer(request, self.tournament())
        body = BulkSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        table_ = self.table()
        entries, sources = _sheet_entries(body.validated_data["hands"], "")
        try:
            services.score_sheets_enter(
                [(table_, entries)], entered_by=organizer, note=body.validated_data.get("note", "")
            )
        except ValidationError as exc:
            raise _sheet_error(exc, [("", sources)]) from exc
        hands = Hand.objects.filter(table=table_).order_by("number")
        seats = self.seats()
        return Response([hand_data(h, seats, versions=False) for h in hands], status=status.HTTP_201_CREATED)


class SheetSerializer(BulkSerializer):
    table = serializers.IntegerField(min_value=1, max_value=10_000)


class RoundBulkSerializer(serializers.Serializer):
    tables = SheetSerializer(many=True, min_length=1, max_length=200)
    note = serializers.CharField(required=False, allow_blank=True, max_length=1000)


class RoundSheetOut(serializers.Serializer):
    table = serializers.IntegerField()
    hands = HandRowOut(many=True)


class RoundHandsView(TournamentView):
    """Organizers post the score sheets of several tables of a round at once: all or nothing, the error
    names the table, the hand and the field (``tables[1].hands[3].payments.C``)."""

    @extend_schema(
        summary="Enter the score sheets of a round's tables (organizers; all or nothing)",
        request=RoundBulkSerializer,
        responses={201: RoundSheetOut(many=True)},
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        organizer = require_organizer(request, self.tournament())
        round_ = Round.objects.filter(tournament=self.tournament(), number=number).first()
        if round_ is None:
            raise Http404
        body = RoundBulkSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        sheets = body.validated_data["tables"]
        tables = {t.number: t for t in round_.tables.filter(number__in=[s["table"] for s in sheets])}
        places, service_sheets = [], []
        for index, sheet in enumerate(sheets):
            table_ = tables.get(sheet["table"])
            field = f"tables[{index}].table"
            if table_ is None:
                raise ValidationError(
                    {
                        field: [
                            ValidationError(
                                texts.NO_SUCH_TABLE, params={"number": number, "table": sheet["table"]}
                            )
                        ]
                    }
                )
            if any(s["table"] == sheet["table"] for s in sheets[:index]):
                raise ValidationError(
                    {field: [ValidationError(texts.TABLE_LISTED_TWICE, params={"table": sheet["table"]})]}
                )
            table_.round = round_
            place = f"tables[{index}]."
            entries, sources = _sheet_entries(sheet["hands"], place)
            places.append((place, sources))
            service_sheets.append((table_, entries))
        try:
            services.score_sheets_enter(
                service_sheets, entered_by=organizer, note=body.validated_data.get("note", "")
            )
        except ValidationError as exc:
            raise _sheet_error(exc, places) from exc
        out = []
        for table_, _ in service_sheets:
            seats = dict(table_.seats.values_list("player_id", "position"))
            hands = Hand.objects.filter(table=table_).order_by("number")
            rows = [hand_data(h, seats, versions=False) for h in hands]
            out.append({"table": table_.number, "hands": rows})
        return Response(out, status=status.HTTP_201_CREATED)


class HandDetailView(TableScoped):
    @extend_schema(summary="A hand with every version entered and its disputes", responses=HandOut)
    def get(self, request: Request, slug: str, number: int, table: int, hand: int) -> Response:
        return Response(hand_data(self.hand(), self.seats()))


class SubmissionView(TableScoped):
    """Enter a hand's result. With the table's code or as a player of the table: a member's entry, which
    waits for a second member (the same result from another seat confirms it; a different one opens a
    dispute). As an organizer: confirmed at once."""

    @extend_schema(
        summary="Enter a hand's result",
        request=EntrySerializer,
        responses={200: SubmissionOut, 201: SubmissionOut},
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int, table: int, hand: int) -> Response:
        table_ = self.table()
        body = EntrySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        attrs = body.validated_data
        source, data = EntrySerializer.to_service(attrs)
        member = None
        if table_access(request) is None and self.organizer():
            kwargs: dict[str, Any] = {"entered_by": request.user, "trusted": True}
        else:
            member = table_member(request, table_, attrs.get("entered_by"), self.seated())
            kwargs = {"submitted_by": member}
        try:
            submission = services.hand_submit(
                table=table_,
                number=hand,
                source=source,
                data=data,
                idempotency_key=request.headers.get("Idempotency-Key"),
                note=attrs.get("note", ""),
                confirm_unusual=attrs.get("confirm_unusual", False),
                seats=self.seats(),
                **kwargs,
            )
        except ValidationError as exc:
            raise _rename(exc, source) from exc
        return Response(
            submission_data(submission, self.seats()),
            status=status.HTTP_201_CREATED if getattr(submission, "is_new", False) else status.HTTP_200_OK,
        )


class ConfirmSerializer(serializers.Serializer):
    entered_by = serializers.ChoiceField(POSITIONS, required=False, help_text="With a table code: the seat.")
    same_device = serializers.BooleanField(
        required=False,
        default=False,
        help_text="The confirming seat confirms on the phone the entry was made on, having seen the "
        "whole hand (recorded on the version).",
    )


class ConfirmView(TableScoped):
    @extend_schema(
        summary="Confirm a pending entry (a second member of the table)",
        request=ConfirmSerializer,
        responses=SubmissionOut,
    )
    @idempotent
    def post(
        self, request: Request, slug: str, number: int, table: int, hand: int, submission: int
    ) -> Response:
        found = HandSubmission.objects.filter(hand=self.hand(), pk=submission).first()
        if found is None:
            raise Http404
        body = ConfirmSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        member = table_member(request, self.table(), body.validated_data.get("entered_by"), self.seated())
        confirmed = services.hand_confirm(
            found, member, same_device=body.validated_data.get("same_device", False)
        )
        return Response(submission_data(confirmed, self.seats()))


class ContestSerializer(EntrySerializer):
    reason = serializers.CharField(max_length=1000)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return attrs  # the member's own version of the hand is optional


class DisputeListView(TableScoped):
    @extend_schema(summary="The hand's disputes", responses=DisputeOut(many=True))
    def get(self, request: Request, slug: str, number: int, table: int, hand: int) -> Response:
        return Response([dispute_data(d) for d in self.hand().disputes.order_by("opened_at")])

    @extend_schema(
        summary="Contest a confirmed hand (a member of the table): the organizer decides",
        request=ContestSerializer,
        responses={201: DisputeOut},
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int, table: int, hand: int) -> Response:
        body = ContestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        attrs = body.validated_data
        member = table_member(request, self.table(), attrs.get("entered_by"), self.seated())
        source, data = (None, None)
        if any(name in attrs for name in ("payments", "summary", "record")):
            source, data = EntrySerializer.to_service(attrs)
        try:
            dispute = services.hand_contest(
                self.hand(),
                contested_by=member,
                reason=attrs["reason"],
                source=source,
                data=data,
                confirm_unusual=attrs.get("confirm_unusual", False),
            )
        except ValidationError as exc:
            raise _rename(exc, source or "payments") from exc
        return with_etag(Response(dispute_data(dispute), status=status.HTTP_201_CREATED), "dispute", dispute)


class DisputeView(TableScoped):
    def dispute(self) -> Dispute:
        found = Dispute.objects.filter(hand=self.hand(), pk=self.kwargs["dispute"]).first()
        if found is None:
            raise Http404
        return found

    @extend_schema(summary="A dispute", responses=DisputeOut)
    def get(self, request: Request, slug: str, number: int, table: int, hand: int, dispute: int) -> Response:
        found = self.dispute()
        return with_etag(Response(dispute_data(found)), "dispute", found)


class ResolveSerializer(EntrySerializer):
    version = serializers.IntegerField(required=False, min_value=1, help_text="The version that is right.")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        entry = any(name in attrs for name in ("payments", "summary", "record"))
        if ("version" in attrs) == entry:
            raise serializers.ValidationError(texts.VERSION_OR_RESULT)
        return attrs


class ResolveView(DisputeView):
    @extend_schema(
        summary="Resolve a dispute (organizers): choose a version or enter the correct result",
        description="Also re-decides a dispute the validator settled (resolved_by: validator); every "
        "version stays in place and the override is recorded in the resolution.",
        request=ResolveSerializer,
        responses=DisputeOut,
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int, table: int, hand: int, dispute: int) -> Response:
        organizer = require_organizer(request, self.tournament())
        found = self.dispute()
        body = ResolveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        attrs = body.validated_data
        version = expected_version(request, "dispute", found)
        note = attrs.get("note", "")
        if "version" in attrs:
            chosen = found.hand.submissions.filter(version=attrs["version"]).first()
            if chosen is None:
                params = {"hand": found.hand.number, "version": attrs["version"]}
                raise ValidationError({"version": [ValidationError(texts.NO_SUCH_VERSION, params=params)]})
            services.dispute_resolve(
                found, resolved_by=organizer, chosen=chosen, note=note, expected_version=version
            )
        else:
            source, data = EntrySerializer.to_service(attrs)
            try:
                services.dispute_resolve(
                    found,
                    resolved_by=organizer,
                    source=source,
                    data=data,
                    note=note,
                    expected_version=version,
                )
            except ValidationError as exc:
                raise _rename(exc, source) from exc
        found.refresh_from_db()
        return with_etag(Response(dispute_data(found)), "dispute", found)


class VoidSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000)


class VoidView(TableScoped):
    @extend_schema(
        summary="Void a hand that cannot be reconciled (organizers)",
        request=VoidSerializer,
        responses=HandOut,
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int, table: int, hand: int) -> Response:
        organizer = require_organizer(request, self.tournament())
        body = VoidSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.hand_void(self.hand(), by=organizer, reason=body.validated_data["reason"])
        return Response(hand_data(self.hand(), self.seats()))


PREFIX = "rounds/<num:number>/tables/<num:table>/hands/"
urlpatterns = [
    path("rounds/<num:number>/hands/", RoundHandsView.as_view(), name="round-hands"),
    path(PREFIX, HandListView.as_view(), name="hands"),
    path("rounds/<num:number>/tables/<num:table>/next-deal/", NextDealView.as_view(), name="next-deal"),
    path(f"{PREFIX}<num:hand>/", HandDetailView.as_view(), name="hand"),
    path(f"{PREFIX}<num:hand>/submissions/", SubmissionView.as_view(), name="submissions"),
    path(f"{PREFIX}<num:hand>/submissions/<num:submission>/confirm/", ConfirmView.as_view(), name="confirm"),
    path(f"{PREFIX}<num:hand>/disputes/", DisputeListView.as_view(), name="disputes"),
    path(f"{PREFIX}<num:hand>/disputes/<num:dispute>/", DisputeView.as_view(), name="dispute"),
    path(f"{PREFIX}<num:hand>/disputes/<num:dispute>/resolve/", ResolveView.as_view(), name="resolve"),
    path(f"{PREFIX}<num:hand>/void/", VoidView.as_view(), name="void"),
]
