"""The draw in the admin: rounds (generate a draft, re-draw, confirm, publish, start, close: each through
the services, or asked of the worker as a job), their tables, seats and byes, and the jobs with their
status."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from tournaments import services
from tournaments.core.admin import DerivedAdmin, ServiceOnlyAdmin, report_each
from tournaments.draw.models import Bye, Job, Round, Seat, Table


def request_jobs(
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
        report_each(self, request, lambda r: service(r, by=request.user), queryset)

    @admin.action(description="Re-draw (new seed)")
    def redraw(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        self._run(request, queryset, services.round_redraw)

    @admin.action(description="Re-draw (new seed) in the worker")
    def redraw_in_worker(self, request: HttpRequest, queryset: QuerySet[Round]) -> None:
        request_jobs(self, request, queryset, Job.Kind.REDRAW, lambda r: (r.tournament, {"number": r.number}))

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
