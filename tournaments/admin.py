"""Organizer tools in the Django admin: every model, plus actions that call the same services as the API.

Results, disputes, penalties, draws and registrations are changed here only through the services (actions
and small forms that call them): their change forms are read-only and nothing that counts is deleted
(a hand is voided, a penalty withdrawn, a player withdrawn, each with a reason). Actions: import players
from CSV, check in, withdraw, generate a round's draw as a draft, re-draw, confirm, publish, start and
close a round, enter an organizer's result for a hand or void it, resolve a dispute by choosing a version,
award and withdraw penalties, recompute standings and export them as CSV. Every change is kept by
django-simple-history (the "History" button shows who, when, before and after).

A draft, a re-draw and the final stage can also be asked of the worker (actions "... in the worker"):
they answer with the job, and "Jobs" lists every job with its status, its round once done or the reason
it failed.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import path, reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from tournaments import selectors, services
from tournaments.formats import FormatError, validate_format
from tournaments.models import (
    Bye,
    Club,
    Dispute,
    DisputeFinding,
    DisputeSubmission,
    Hand,
    HandSubmission,
    Job,
    Penalty,
    Player,
    Registration,
    Round,
    Seat,
    Standing,
    Table,
    TableResult,
    Tournament,
)


def _request_jobs(
    modeladmin: admin.ModelAdmin, request: HttpRequest, objects: QuerySet, kind: str, params: Any
) -> None:
    """Ask the worker for a job per object (``params(obj)``: the tournament and the job's parameters);
    each answer names the job, linked to its page, and its status."""
    for obj in objects:
        tournament, kwargs = params(obj)
        try:
            job = services.job_request(kind, tournament, by=request.user, **kwargs)
        except ValidationError as exc:
            modeladmin.message_user(request, f"{obj}: {'; '.join(exc.messages)}", messages.ERROR)
            continue
        url = reverse("admin:tournaments_job_change", args=[job.pk])
        failed = job.status == Job.Status.FAILED
        reason = f": {job.error}" if failed else ""
        modeladmin.message_user(
            request,
            format_html('{}: <a href="{}">job {}</a> {}{}', obj, url, job.pk, job.status, reason),
            messages.ERROR if failed else messages.SUCCESS,
        )


def _report(modeladmin: admin.ModelAdmin, request: HttpRequest, action: Any, objects: QuerySet) -> None:
    """Run a service per object, turning ValidationErrors into admin messages instead of 500s."""
    done = 0
    for obj in objects:
        try:
            action(obj)
            done += 1
        except ValidationError as exc:
            modeladmin.message_user(request, f"{obj}: {'; '.join(exc.messages)}", messages.ERROR)
    if done:
        modeladmin.message_user(request, f"{done} done.", messages.SUCCESS)


class ServiceOnlyAdmin(SimpleHistoryAdmin):
    """Shown, never edited or deleted here: changes go through the services (this admin's actions).
    ``addable`` admins keep an add form whose ``save_model`` calls a service."""

    addable = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.addable and super().has_add_permission(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:  # the add form
            return list(super().get_readonly_fields(request, obj))
        return [f.name for f in self.model._meta.fields] + [
            f.name for f in self.model._meta.many_to_many if f.remote_field.through._meta.auto_created
        ]


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=200, help_text="Kept in the history with your name.")


def _with_form(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet,
    form_class: type[forms.Form],
    title: str,
    run: Any,
    form_kwargs: dict[str, Any] | None = None,
) -> HttpResponse | None:
    """An action that asks for input first (a reason, a version, a result), then runs the service per
    selected object with the cleaned data."""
    form = form_class(request.POST if "apply" in request.POST else None, **(form_kwargs or {}))
    if "apply" in request.POST and form.is_valid():
        _report(modeladmin, request, lambda obj: run(obj, form.cleaned_data), queryset)
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "form": form,
        "objects": queryset,
        "action": request.POST["action"],
        "checkbox_name": ACTION_CHECKBOX_NAME,
    }
    return render(request, "admin/tournaments/action_form.html", context)


class CsvImportForm(forms.Form):
    file = forms.FileField(help_text="CSV with a header row: name, club, rating, external_id")
    check_in = forms.BooleanField(required=False, help_text="also check the players in")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    search_fields = ["name", "city"]
    list_display = ["name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["name", "external_id", "club__name"]
    list_display = ["name", "club", "rating", "external_id"]
    list_filter = ["club"]


class RegistrationInline(admin.TabularInline):
    """Shown on the tournament; registered, checked in and withdrawn through the services."""

    model = Registration
    extra = 0
    fields = readonly_fields = ["player", "status", "first_round", "withdrawn_after_round"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = "__all__"  # noqa: DJ007 (the ModelAdmin decides which fields the page shows)

    def clean(self) -> dict[str, Any]:
        """The format fields are checked together (rules preset and options, scales, methods, tie-breaks)."""
        data = super().clean()
        try:
            validate_format(data)
        except FormatError as exc:
            error = ValidationError(exc.message, params=exc.params or None)
            self.add_error(exc.field if exc.field in self.fields else None, error)
        return data


@admin.register(Tournament)
class TournamentAdmin(SimpleHistoryAdmin):
    form = TournamentForm
    list_display = ["name", "slug", "starts_on", "status", "rules_preset", "is_public", "import_players_link"]
    readonly_fields = ["import_players_link", "status", "finished_at"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug", "venue"]
    inlines = [RegistrationInline]
    actions = [
        "generate_next_round",
        "generate_next_round_in_worker",
        "recompute_standings",
        "export_standings_csv",
        "generate_final_stage",
        "generate_final_stage_in_worker",
        "finish",
        "finish_without_final_stage",
    ]

    @admin.display(description="Players")
    def import_players_link(self, obj: Tournament) -> str:
        if not obj.pk:
            return "-"
        url = reverse("admin:tournaments_tournament_import_players", args=[obj.pk])
        return format_html('<a href="{}">Import players from CSV</a>', url)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # it would take every result with it

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        services.tournament_save(obj, by=request.user)

    def get_urls(self) -> list[Any]:
        return [
            path(
                "<num:pk>/import-players/",
                self.admin_site.admin_view(self.import_players),
                name="tournaments_tournament_import_players",
            ),
            *super().get_urls(),
        ]

    def import_players(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament = Tournament.objects.get(pk=pk)
        form = CsvImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            text = form.cleaned_data["file"].read().decode("utf-8-sig")
            try:
                report = services.players_import_csv(
                    tournament, text, check_in=form.cleaned_data["check_in"], by=request.user
                )
            except ValidationError as exc:
                for message in exc.messages:
                    self.message_user(request, message, messages.ERROR)
            else:
                self.message_user(
                    request,
                    f"Imported: {report.created} new, {report.updated} updated, "
                    f"{report.registered} registered.",
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:tournaments_tournament_change", args=[pk]))
        context = {
            **self.admin_site.each_context(request),
            "form": form,
            "tournament": tournament,
            "title": f"Import players into {tournament}",
        }
        return render(request, "admin/tournaments/import_players.html", context)

    @admin.action(description="Generate the next round's draw (draft)")
    def generate_next_round(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _report(self, request, lambda t: services.round_generate(t, by=request.user), queryset)

    @admin.action(description="Generate the next round's draw (draft) in the worker")
    def generate_next_round_in_worker(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _request_jobs(self, request, queryset, Job.Kind.GENERATE, lambda t: (t, {}))

    @admin.action(description="Generate the final stage (top 4 final table, placement tables)")
    def generate_final_stage(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _report(self, request, lambda t: services.final_stage_generate(t, by=request.user), queryset)

    @admin.action(description="Generate the final stage in the worker")
    def generate_final_stage_in_worker(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _request_jobs(self, request, queryset, Job.Kind.FINAL_STAGE, lambda t: (t, {}))

    @admin.action(description="Finish the tournament (final standings; results frozen)")
    def finish(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _report(self, request, lambda t: services.tournament_finish(t, by=request.user), queryset)

    @admin.action(description="Finish the tournament without its final stage")
    def finish_without_final_stage(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        finish = services.tournament_finish
        _report(self, request, lambda t: finish(t, by=request.user, skip_final=True), queryset)

    @admin.action(description="Recompute standings from scratch")
    def recompute_standings(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        from tournaments.standings import standings_recompute

        _report(self, request, standings_recompute, queryset)

    @admin.action(description="Export standings as CSV")
    def export_standings_csv(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse:
        tournament = queryset.first()
        response = HttpResponse(selectors.standings_csv(tournament), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-standings.csv"'
        return response


@admin.register(Registration)
class RegistrationAdmin(ServiceOnlyAdmin):
    list_display = ["player", "tournament", "status", "first_round", "withdrawn_after_round"]
    list_filter = ["tournament", "status"]
    search_fields = ["player__name"]
    autocomplete_fields = ["player"]
    fields = ["tournament", "player", "status", "first_round", "withdrawn_after_round"]
    actions = ["check_in", "withdraw"]
    addable = True

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return self.fields if obj else ["tournament", "player"]

    def save_model(self, request: HttpRequest, obj: Registration, form: Any, change: bool) -> None:
        registration = services.player_register(obj.tournament, obj.player, by=request.user)
        obj.pk = registration.pk

    @admin.action(description="Check in")
    def check_in(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        _report(self, request, lambda r: services.registration_check_in(r, by=request.user), queryset)

    @admin.action(description="Withdraw (from the next round on)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        _report(self, request, lambda r: services.registration_withdraw(r, by=request.user), queryset)


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = readonly_fields = ["number", "label", "first_dealer"]
    show_change_link = True
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(ServiceOnlyAdmin):
    list_display = ["tournament", "number", "stage", "status", "method", "seed", "ends_at", "extra_reason"]
    list_filter = ["tournament", "status"]
    inlines = [TableInline]
    actions = ["redraw", "redraw_in_worker", "confirm", "publish", "start", "close", "verify"]

    def _run(self, request: HttpRequest, queryset: QuerySet[Round], service: Any) -> None:
        _report(self, request, lambda r: service(r, by=request.user), queryset)

    @admin.action(description="Re-draw (new seed)")
    def redraw(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self._run(request, queryset, services.round_redraw)

    @admin.action(description="Re-draw (new seed) in the worker")
    def redraw_in_worker(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _request_jobs(
            self, request, queryset, Job.Kind.REDRAW, lambda r: (r.tournament, {"number": r.number})
        )

    @admin.action(description="Confirm the draw")
    def confirm(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self._run(request, queryset, services.round_confirm)

    @admin.action(description="Publish (release the draw)")
    def publish(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self._run(request, queryset, services.round_publish)

    @admin.action(description="Start the round timer")
    def start(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self._run(request, queryset, services.round_start)

    @admin.action(description="Close the round")
    def close(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self._run(request, queryset, services.round_close)

    @admin.action(description="Verify the draw from its seed")
    def verify(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        for round_ in queryset:
            ok = services.round_verify(round_)
            self.message_user(
                request,
                f"{round_}: draw {'matches' if ok else 'DOES NOT match'} its seed",
                messages.SUCCESS if ok else messages.ERROR,
            )


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = readonly_fields = ["position", "player"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ServiceOnlyAdmin):
    """Tables and seats come from the draw (generate, re-draw, manual edit: ``services.draw_edit``)."""

    list_display = ["round", "number", "label", "first_dealer"]
    list_filter = ["round__tournament"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ServiceOnlyAdmin):
    list_display = ["player", "table", "position"]
    list_filter = ["round__tournament", "round"]


@admin.register(Bye)
class ByeAdmin(ServiceOnlyAdmin):
    list_display = ["player", "round"]


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
    kind = forms.ChoiceField(choices=[(k, k.replace("_", " ")) for k in services.results.ENTRY_KINDS])
    note = forms.CharField(max_length=200, help_text="Why; kept in the history with your name.")


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

        return _with_form(self, request, queryset, ResultForm, "Enter the organizer's result", run)

    @admin.action(description="Void (all payments 0)")
    def void(self, request: HttpRequest, queryset: QuerySet[Hand]) -> HttpResponse | None:
        def run(hand: Hand, data: dict[str, Any]) -> None:
            services.hand_void(hand, by=request.user, reason=data["reason"])

        return _with_form(self, request, queryset, ReasonForm, "Void hands", run)


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

        return _with_form(self, request, queryset, VersionForm, "Resolve disputes", run)

    @admin.action(description="Void the hand (cannot be reconciled)")
    def void_hand(self, request: HttpRequest, queryset: QuerySet[Dispute]) -> HttpResponse | None:
        def run(dispute: Dispute, data: dict[str, Any]) -> None:
            services.hand_void(dispute.hand, by=request.user, reason=data["reason"])

        return _with_form(self, request, queryset, ReasonForm, "Void the disputed hands", run)


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

        return _with_form(self, request, queryset, ReasonForm, "Withdraw penalties", run)


class DerivedAdmin(admin.ModelAdmin):
    """Computed from the results by ``standings``; recomputed, never edited."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(TableResult)
class TableResultAdmin(DerivedAdmin):
    list_display = ["player", "round", "table", "game_points", "place", "table_points", "hands_played"]
    list_filter = ["round__tournament", "round"]


@admin.register(Standing)
class StandingAdmin(DerivedAdmin):
    list_display = ["tournament", "after_round", "rank", "player", "total", "game_points", "hands_played"]
    list_filter = ["tournament", "after_round"]


@admin.register(Job)
class JobAdmin(DerivedAdmin):
    """Pairing jobs: asked for through the API or the actions "... in the worker", run by the worker;
    shown here with their status, the round once done and the reason when failed. Never edited."""

    list_display = [
        "id", "kind", "tournament", "round_number", "status", "round_link", "error", "attempts",
        "requested_by", "created_at", "finished_at",
    ]  # fmt: skip
    list_filter = ["status", "kind", "tournament"]
    list_select_related = ["tournament", "requested_by"]
    readonly_fields = ["round_link"]

    @admin.display(description="Round")
    def round_link(self, obj: Job) -> str:
        if obj.status != Job.Status.DONE or "round" not in obj.result:
            return "-"
        found = Round.objects.filter(tournament_id=obj.tournament_id, number=obj.result["round"]).first()
        if found is None:
            return str(obj.result["round"])
        url = reverse("admin:tournaments_round_change", args=[found.pk])
        return format_html('<a href="{}">round {}</a>', url, found.number)


from tournaments import admin_webhooks  # noqa: E402, F401 (webhooks and dead letters)
