"""Results in the admin: hands and their versions, disputes and penalties, changed only through the
services (enter an organizer's result, void a hand, resolve a dispute, award or withdraw a penalty), each
with a reason kept in the history."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from tournaments import services
from tournaments.core.admin import ReasonForm, ServiceOnlyAdmin, with_form
from tournaments.core.formats import game_of
from tournaments.core.labels import game_word
from tournaments.results.models import (
    Dispute,
    DisputeFinding,
    DisputeSubmission,
    Hand,
    HandSubmission,
    Penalty,
)


class SubmissionInline(admin.TabularInline):
    model = HandSubmission
    extra = 0
    can_delete = False
    fields = ["version", "source", "kind", "payments", "status", "submitted_by", "confirmed_by", "created_at"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ResultForm(forms.Form):
    """An organizer's result for a hand: payments by seat, as on the score sheet."""

    payments = forms.JSONField(help_text='e.g. {"A": 2, "B": -2, "C": 2, "D": -2}')
    kind = forms.ChoiceField()
    note = forms.CharField(max_length=200, help_text="Why; kept in the history with your name.")

    def __init__(self, *args: Any, games: list[Any], **kwargs: Any) -> None:
        """``games``: the games of the selected hands' tournaments, whose kinds of hand the form offers."""
        super().__init__(*args, **kwargs)
        kinds: dict[str, Any] = {}
        for game in games:
            for kind in game.vocabularies.get("kind", ("played",)):
                kinds.setdefault(kind, game_word(game.id, kind))
        self.fields["kind"].choices = list(kinds.items())


class VersionForm(forms.Form):
    version = forms.IntegerField(min_value=1, help_text="The number of the version that is right.")
    note = forms.CharField(max_length=200, help_text="Why; kept in the history with your name.")


@admin.register(Hand)
class HandAdmin(ServiceOnlyAdmin):
    list_display = ["table", "number", "dealer", "stake", "status", "kind", "payments"]
    list_filter = ["status", "table__round__tournament"]
    inlines = [SubmissionInline]
    actions = ["enter_result", "void"]

    @admin.action(description="Enter the organizer's result (confirmed at once; later hands follow)")
    def enter_result(self, request: HttpRequest, queryset: QuerySet[Hand]) -> HttpResponse | None:
        def run(hand: Hand, data: dict[str, Any]) -> None:
            services.hand_submit(
                table=hand.table,
                number=hand.number,
                source="payments",
                data={"payments": data["payments"], "kind": data["kind"]},
                entered_by=request.user,
                trusted=True,
                note=data["note"],
            )

        tournaments = {hand.table.round.tournament_id: hand.table.round.tournament for hand in queryset}
        games = list({game.id: game for game in map(game_of, tournaments.values())}.values())
        return with_form(
            self, request, queryset, ResultForm, "Enter the organizer's result", run, {"games": games}
        )

    @admin.action(description="Void (all payments 0)")
    def void(self, request: HttpRequest, queryset: QuerySet[Hand]) -> HttpResponse | None:
        def run(hand: Hand, data: dict[str, Any]) -> None:
            services.hand_void(hand, by=request.user, reason=data["reason"])

        return with_form(self, request, queryset, ReasonForm, "Void hands", run)


@admin.register(HandSubmission)
class HandSubmissionAdmin(ServiceOnlyAdmin):
    """Read-only: submissions are append-only; corrections go through the services."""

    list_display = ["hand", "version", "source", "status", "submitted_by", "confirmed_by", "created_at"]
    list_filter = ["status", "source"]


class DisputeSubmissionInline(admin.TabularInline):
    model = DisputeSubmission
    extra = 0
    fields = readonly_fields = ["submission", "added_by", "added_at"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class DisputeFindingInline(admin.StackedInline):
    """What the validator found, read-only: an organizer overrides a decision with "Resolve"."""

    model = DisputeFinding
    extra = 0
    fields = readonly_fields = [
        "dispute_version",
        "outcome",
        "chosen",
        "explanation_text",
        "differences",
        "validator",
        "created_at",
    ]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Dispute)
class DisputeAdmin(ServiceOnlyAdmin):
    list_display = ["hand", "status", "reason_text", "opened_by", "opened_at", "resolved_by"]
    list_filter = ["status"]
    inlines = [DisputeSubmissionInline, DisputeFindingInline]
    actions = ["resolve", "void_hand"]

    @admin.action(description="Resolve: choose the version that is right (also over the validator)")
    def resolve(self, request: HttpRequest, queryset: QuerySet[Dispute]) -> HttpResponse | None:
        def run(dispute: Dispute, data: dict[str, Any]) -> None:
            chosen = dispute.hand.submissions.filter(version=data["version"]).first()
            if chosen is None:
                raise ValidationError({"version": [f"{dispute.hand} has no version {data['version']}"]})
            services.dispute_resolve(dispute, chosen=chosen, resolved_by=request.user, note=data["note"])

        return with_form(self, request, queryset, VersionForm, "Resolve disputes", run)

    @admin.action(description="Void the hand (cannot be reconciled)")
    def void_hand(self, request: HttpRequest, queryset: QuerySet[Dispute]) -> HttpResponse | None:
        def run(dispute: Dispute, data: dict[str, Any]) -> None:
            services.hand_void(dispute.hand, by=request.user, reason=data["reason"])

        return with_form(self, request, queryset, ReasonForm, "Void the disputed hands", run)


@admin.register(Penalty)
class PenaltyAdmin(ServiceOnlyAdmin):
    """Awarded through the add form (``services.penalty_award``); withdrawn with a reason, never edited."""

    list_display = ["player", "tournament", "round", "points", "reason", "awarded_by", "withdrawn_at"]
    list_filter = ["tournament"]
    autocomplete_fields = ["player"]
    fields = ["tournament", "round", "player", "points", "reason"]
    actions = ["withdraw"]
    addable = True

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [f.name for f in Penalty._meta.fields] if obj else self.fields

    def save_model(self, request: HttpRequest, obj: Penalty, form: Any, change: bool) -> None:
        penalty = services.penalty_award(
            tournament=obj.tournament,
            round_=obj.round,
            player=obj.player,
            points=obj.points,
            reason=obj.reason,
            by=request.user,
        )
        obj.pk = penalty.pk

    @admin.action(description="Withdraw (stops counting; kept with the reason)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Penalty]) -> HttpResponse | None:
        def run(penalty: Penalty, data: dict[str, Any]) -> None:
            services.penalty_withdraw(penalty, by=request.user, reason=data["reason"])

        return with_form(self, request, queryset, ReasonForm, "Withdraw penalties", run)
