"""Organizer tools in the Django admin: every model, plus actions that call the same services as the API.

Actions: import players from CSV, check in, generate a round's draw as a draft, re-draw, confirm, publish,
start and close a round, resolve a dispute (choose a version) or void its hand, recompute standings and
export them as CSV. Every change of a result or a seating is kept by django-simple-history (the
"History" button shows who, when, before and after).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
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
    Hand,
    HandSubmission,
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
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "status", "first_round", "withdrawn_after_round"]


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
            self.add_error(exc.field if exc.field in self.fields else None, exc.message)
        return data


@admin.register(Tournament)
class TournamentAdmin(SimpleHistoryAdmin):
    form = TournamentForm
    list_display = ["name", "slug", "starts_on", "status", "rules_preset", "is_public", "import_players_link"]
    readonly_fields = ["import_players_link"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "slug", "venue"]
    inlines = [RegistrationInline]
    actions = ["generate_next_round", "recompute_standings", "export_standings_csv", "generate_final_stage"]

    @admin.display(description="Players")
    def import_players_link(self, obj: Tournament) -> str:
        if not obj.pk:
            return "-"
        url = reverse("admin:tournaments_tournament_import_players", args=[obj.pk])
        return format_html('<a href="{}">Import players from CSV</a>', url)

    def get_urls(self) -> list[Any]:
        return [
            path(
                "<int:pk>/import-players/",
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
                report = services.players_import_csv(tournament, text, check_in=form.cleaned_data["check_in"])
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
        _report(self, request, services.round_generate, queryset)

    @admin.action(description="Generate the final stage (top 4 final table, placement tables)")
    def generate_final_stage(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _report(self, request, services.final_stage_generate, queryset)

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
class RegistrationAdmin(SimpleHistoryAdmin):
    list_display = ["player", "tournament", "status", "first_round", "withdrawn_after_round"]
    list_filter = ["tournament", "status"]
    search_fields = ["player__name"]
    autocomplete_fields = ["player"]
    actions = ["check_in", "withdraw"]

    @admin.action(description="Check in")
    def check_in(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        _report(self, request, services.registration_check_in, queryset)

    @admin.action(description="Withdraw (from the next round on)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        _report(self, request, services.registration_withdraw, queryset)


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "label", "first_dealer"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(SimpleHistoryAdmin):
    list_display = ["tournament", "number", "stage", "status", "method", "seed", "ends_at"]
    list_filter = ["tournament", "status"]
    readonly_fields = ["seed", "method", "draw_input"]
    inlines = [TableInline]
    actions = ["redraw", "confirm", "publish", "start", "close", "verify"]

    @admin.action(description="Re-draw (new seed)")
    def redraw(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _report(self, request, services.round_redraw, queryset)

    @admin.action(description="Confirm the draw")
    def confirm(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _report(self, request, services.round_confirm, queryset)

    @admin.action(description="Publish (release the draw)")
    def publish(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _report(self, request, services.round_publish, queryset)

    @admin.action(description="Start the round timer")
    def start(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _report(self, request, services.round_start, queryset)

    @admin.action(description="Close the round")
    def close(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        _report(self, request, services.round_close, queryset)

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
    fields = ["position", "player"]
    autocomplete_fields = ["player"]


@admin.register(Table)
class TableAdmin(SimpleHistoryAdmin):
    list_display = ["round", "number", "label", "first_dealer"]
    list_filter = ["round__tournament"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(SimpleHistoryAdmin):
    list_display = ["player", "table", "position"]
    list_filter = ["round__tournament", "round"]
    autocomplete_fields = ["player"]


@admin.register(Bye)
class ByeAdmin(SimpleHistoryAdmin):
    list_display = ["player", "round"]


class SubmissionInline(admin.TabularInline):
    model = HandSubmission
    extra = 0
    can_delete = False
    fields = ["version", "source", "kind", "payments", "status", "submitted_by", "confirmed_by", "created_at"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(SimpleHistoryAdmin):
    list_display = ["table", "number", "dealer", "stake", "status", "kind", "payments"]
    list_filter = ["status", "table__round__tournament"]
    inlines = [SubmissionInline]
    actions = ["void"]

    @admin.action(description="Void (all payments 0)")
    def void(self, request: HttpRequest, queryset: QuerySet[Hand]) -> None:
        _report(
            self,
            request,
            lambda h: services.hand_void(h, by=request.user, reason="voided by organizer"),
            queryset,
        )


@admin.register(HandSubmission)
class HandSubmissionAdmin(SimpleHistoryAdmin):
    """Read-only: submissions are append-only; corrections go through the services."""

    list_display = ["hand", "version", "source", "status", "submitted_by", "confirmed_by", "created_at"]
    list_filter = ["status", "source"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Dispute)
class DisputeAdmin(SimpleHistoryAdmin):
    list_display = ["hand", "status", "reason", "opened_at", "resolved_by"]
    list_filter = ["status"]
    readonly_fields = ["hand", "reason", "opened_at", "resolved_at", "resolved_by", "chosen"]
    actions = ["resolve_with_latest", "resolve_with_first", "void_hand"]

    def _resolve(self, request: HttpRequest, queryset: QuerySet[Dispute], pick: str) -> None:
        def run(dispute: Dispute) -> None:
            versions = dispute.submissions.order_by("version")
            chosen = versions.last() if pick == "latest" else versions.first()
            services.dispute_resolve(
                dispute, chosen=chosen, resolved_by=request.user, note=f"{pick} version chosen"
            )

        _report(self, request, run, queryset)

    @admin.action(description="Resolve: the latest version is right")
    def resolve_with_latest(self, request: HttpRequest, queryset: QuerySet[Dispute]) -> None:
        self._resolve(request, queryset, "latest")

    @admin.action(description="Resolve: the first version is right")
    def resolve_with_first(self, request: HttpRequest, queryset: QuerySet[Dispute]) -> None:
        self._resolve(request, queryset, "first")

    @admin.action(description="Void the hand (cannot be reconciled)")
    def void_hand(self, request: HttpRequest, queryset: QuerySet[Dispute]) -> None:
        _report(
            self,
            request,
            lambda d: services.hand_void(d.hand, by=request.user, reason="dispute unresolvable"),
            queryset,
        )


@admin.register(Penalty)
class PenaltyAdmin(SimpleHistoryAdmin):
    list_display = ["player", "tournament", "round", "points", "reason", "awarded_by", "created_at"]
    list_filter = ["tournament"]
    autocomplete_fields = ["player"]

    def save_model(self, request: HttpRequest, obj: Penalty, form: Any, change: bool) -> None:
        services.penalty_award(
            tournament=obj.tournament,
            round_=obj.round,
            player=obj.player,
            points=obj.points,
            reason=obj.reason,
            by=request.user,
            instance=obj if change else None,
        )


@admin.register(TableResult)
class TableResultAdmin(admin.ModelAdmin):
    list_display = ["player", "round", "table", "game_points", "place", "table_points", "hands_played"]
    list_filter = ["round__tournament", "round"]


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ["tournament", "after_round", "rank", "player", "total", "game_points", "hands_played"]
    list_filter = ["tournament", "after_round"]
