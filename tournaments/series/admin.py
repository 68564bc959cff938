"""Series in the admin: a series' settings and rules (checked by ``series.compute.parse_rules``, saved by
the services so that its standings are marked stale), its tournaments (added and removed through the
services), an action to recompute its standings now, and the standings themselves, read-only."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest
from simple_history.admin import SimpleHistoryAdmin

from engine.games import GAMES
from tournaments.core.admin import DerivedAdmin, report_each
from tournaments.series import services
from tournaments.series.compute import parse_rules
from tournaments.series.models import Series, SeriesStanding, SeriesTournament


class SeriesForm(forms.ModelForm):
    game = forms.ChoiceField(
        choices=[(game_id, g.names["en"]) for game_id, g in GAMES.items()],
        help_text="Set once, when the series is created: its tournaments are of this game.",
    )

    class Meta:
        model = Series
        fields = ["name", "slug", "club", "game", "season", "description", "rules", "is_public", "organizers"]

    def clean_rules(self) -> Any:
        rules = self.cleaned_data.get("rules") or {}
        try:
            return parse_rules(rules).as_json()
        except ValidationError as exc:
            raise ValidationError(
                "; ".join(f"{field}: {', '.join(errors)}" for field, errors in exc.message_dict.items())
            ) from exc


class SeriesTournamentInline(admin.TabularInline):
    model = SeriesTournament
    extra = 1
    fields = ["tournament", "region"]
    autocomplete_fields: list[str] = []


@admin.register(Series)
class SeriesAdmin(SimpleHistoryAdmin):
    form = SeriesForm
    inlines = [SeriesTournamentInline]
    list_display = ["name", "slug", "club", "game", "season", "is_public", "final"]
    list_filter = ["game", "club", "is_public"]
    search_fields = ["name", "slug"]
    readonly_fields = ["final", "version"]
    actions = ["recompute_standings"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        """A series keeps its game (its tournaments are of it) and its slug (URLs name it)."""
        return [*self.readonly_fields, "game", "slug"] if obj is not None else list(self.readonly_fields)

    def save_model(self, request: HttpRequest, obj: Series, form: Any, change: bool) -> None:
        fields = {
            name: form.cleaned_data[name]
            for name in form.changed_data
            if name in services.CREATE_FIELDS and name in form.cleaned_data
        }
        if change:
            saved = services.series_edit(obj, fields=fields, by=request.user)
        else:
            saved = services.series_create(
                fields={**fields, "slug": obj.slug, "name": obj.name}, by=request.user
            )
        obj.pk, obj.version = saved.pk, saved.version

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        """Tournaments join and leave through the services (same game, the series' standings stale)."""
        series = form.instance
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []  # the history says
        for each in formset.forms:
            data = getattr(each, "cleaned_data", None)
            if not data or (not each.has_changed() and not data.get("DELETE")):
                continue
            try:
                if data.get("DELETE") and each.instance.pk:
                    services.series_tournament_remove(series, each.instance.tournament, by=request.user)
                elif data.get("tournament") is not None and not data.get("DELETE"):
                    services.series_tournament_add(
                        series, data["tournament"], region=data.get("region", ""), by=request.user
                    )
            except ValidationError as exc:
                self.message_user(request, "; ".join(exc.messages), messages.ERROR)

    @admin.action(description="Recompute the standings now")
    def recompute_standings(self, request: HttpRequest, queryset: QuerySet[Series]) -> None:
        report_each(self, request, services.series_recompute, queryset)


@admin.register(SeriesStanding)
class SeriesStandingAdmin(DerivedAdmin):
    list_display = [
        "series",
        "ranking",
        "rank",
        "player",
        "points",
        "tournaments_played",
        "eligible",
        "qualified",
    ]
    list_filter = ["series", "ranking", "qualified"]
    search_fields = ["player__name"]
