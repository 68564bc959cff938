"""The tournament in the admin: its settings (checked by the format's rules) and the organizer's actions
(import players, generate rounds, recompute standings, export them as CSV), each calling the services.
The club with its organizers. A user who is not a superuser sees only what they organize (their
tournaments, their clubs' tournaments, their clubs): ``selectors.organized_tournaments`` decides."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import path, reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from engine.games import GAMES
from tournaments import selectors, services
from tournaments.core.admin import ReasonForm, report_each, with_form
from tournaments.core.formats import FormatError, validate_format
from tournaments.draw.admin import request_jobs
from tournaments.draw.models import Job
from tournaments.organizing.models import Club, Tournament
from tournaments.organizing.services import FORMAT_FIELDS
from tournaments.participants.admin import CsvImportForm, RegistrationInline
from tournaments.standings.services import standings_recompute


class TournamentForm(forms.ModelForm):
    game = forms.ChoiceField(
        choices=[(game_id, g.names["en"]) for game_id, g in GAMES.items()],
        help_text="Set once, when the tournament is created: its rules preset is one of this game's.",
    )

    class Meta:
        model = Tournament
        fields = "__all__"  # noqa: DJ007 (the ModelAdmin decides which fields the page shows)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:  # shown read-only: a tournament keeps its game
            self.fields.pop("game", None)
        elif "rules_preset" in self.fields:  # a new tournament: empty is the game's usual preset
            self.fields["rules_preset"].required = False
            self.fields["rules_preset"].help_text = "Empty: the game's usual preset (its event's rules)."

    def clean(self) -> dict[str, Any]:
        """The format fields are checked together (rules preset and options, scales, methods, tie-breaks)."""
        data = super().clean()
        try:
            validate_format({"game": self.instance.game, **{k: v for k, v in data.items() if v != ""}})
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
        "reopen",
    ]

    @admin.display(description="Players")
    def import_players_link(self, obj: Tournament) -> str:
        if not obj.pk:
            return "-"
        url = reverse("admin:tournaments_tournament_import_players", args=[obj.pk])
        return format_html('<a href="{}">Import players from CSV</a>', url)

    # A new tournament is asked what the site's form asks; its format starts as its game's preset plays it
    # (``tournament_create``), never the model's column defaults, and is edited once it exists.
    add_fields = ["name", "slug", "game", "rules_preset", "starts_on", "venue", "club", "is_public"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return list(self.add_fields) if obj is None else super().get_fields(request, obj)

    def get_inlines(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        return [] if obj is None else list(self.inlines)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        """The game is chosen when the tournament is created; every hand and draw after it is of it. The
        format is fixed once round 1 is drawn (``tournament_save`` refuses a change of it)."""
        if obj is None:
            return list(self.readonly_fields)
        fixed = sorted(FORMAT_FIELDS) if obj.rounds.exists() else []
        return [*self.readonly_fields, "game", *fixed]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # it would take every result with it

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tournament]:
        """A superuser sees every tournament; anyone else the ones they organize (named on it, or an
        organizer of its club): another club's private tournaments never show."""
        found = super().get_queryset(request)
        if request.user.is_superuser:
            return found
        return found.filter(pk__in=selectors.organized_tournaments(request.user).values("pk"))

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        """A tournament's club is one of the user's clubs (every club for a superuser)."""
        if db_field.name == "club":
            kwargs["queryset"] = selectors.organized_clubs(request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if change:
            services.tournament_save(obj, by=request.user)
            return
        fields = {name: form.cleaned_data.get(name) for name in self.add_fields}
        fields = {name: value for name, value in fields.items() if value not in (None, "")}
        created = services.tournament_create(fields=fields, by=request.user)
        for field in Tournament._meta.concrete_fields:  # the admin goes on with the object it was given
            setattr(obj, field.attname, getattr(created, field.attname))
        obj._state.adding, obj._state.db = False, created._state.db

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """Whoever adds a tournament (not a superuser) organizes it, so it stays in their list."""
        super().save_related(request, form, formsets, change)
        if not change and not request.user.is_superuser:
            form.instance.organizers.add(request.user)

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
        tournament = self.get_queryset(request).filter(pk=pk).first()
        if tournament is None:
            raise Http404("No such tournament")
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
        report_each(self, request, lambda t: services.round_generate(t, by=request.user), queryset)

    @admin.action(description="Generate the next round's draw (draft) in the worker")
    def generate_next_round_in_worker(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        request_jobs(self, request, queryset, Job.Kind.GENERATE, lambda t: (t, {}))

    @admin.action(description="Generate the final stage (top 4 final table, placement tables)")
    def generate_final_stage(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        report_each(self, request, lambda t: services.final_stage_generate(t, by=request.user), queryset)

    @admin.action(description="Generate the final stage in the worker")
    def generate_final_stage_in_worker(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        request_jobs(self, request, queryset, Job.Kind.FINAL_STAGE, lambda t: (t, {}))

    @admin.action(description="Finish the tournament (final standings; results frozen)")
    def finish(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        report_each(self, request, lambda t: services.tournament_finish(t, by=request.user), queryset)

    @admin.action(description="Finish the tournament without its final stage")
    def finish_without_final_stage(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        finish = services.tournament_finish
        report_each(self, request, lambda t: finish(t, by=request.user, skip_final=True), queryset)

    @admin.action(description="Re-open the finished tournament (asks for a reason; finish it again after)")
    def reopen(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse | None:
        return with_form(
            self,
            request,
            queryset,
            ReasonForm,
            "Re-open these finished tournaments",
            lambda t, data: services.tournament_reopen(t, by=request.user, reason=data["reason"]),
        )

    @admin.action(description="Recompute standings from scratch")
    def recompute_standings(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        report_each(self, request, standings_recompute, queryset)

    @admin.action(description="Export standings as CSV")
    def export_standings_csv(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> HttpResponse:
        tournament = queryset.first()
        response = HttpResponse(selectors.standings_csv(tournament), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-standings.csv"'
        return response


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """A club and its organizers (who run every tournament of the club). Its slug comes from its name when
    it is added, and stays (its page's address)."""

    search_fields = ["name", "city"]
    list_display = ["name", "city", "slug"]
    readonly_fields = ["slug"]
    filter_horizontal = ["organizers"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        found = super().get_queryset(request)
        if request.user.is_superuser:
            return found
        return found.filter(pk__in=selectors.organized_clubs(request.user).values("pk"))
