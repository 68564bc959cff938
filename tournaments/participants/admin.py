"""Players and registrations in the admin: import players from CSV, check in, withdraw, merge two records
of one person and undo a merge (each through the services, with a reason kept in the history)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments import services
from tournaments.core.admin import ServiceOnlyAdmin, report_each
from tournaments.participants.models import Player, PlayerMerge, Registration


class CsvImportForm(forms.Form):
    file = forms.FileField(help_text="CSV with a header row: name, club, rating, external_id")
    check_in = forms.BooleanField(required=False, help_text="also check the players in")


class MergeForm(forms.Form):
    kept = forms.TypedChoiceField(coerce=int, help_text="the record kept: the other one's rows move to it")
    reason = forms.CharField(max_length=500, required=False, help_text="Kept with the merge.")

    def __init__(self, *args: Any, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kept"].choices = [
            (p.pk, f"{p.name} (#{p.pk}, {p.club or 'no club'}, {p.external_id or 'no external id'})")
            for p in players
        ]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["name", "external_id", "club__name"]
    list_display = ["name", "club", "rating", "external_id", "merged_into"]
    list_filter = ["club"]
    readonly_fields = ["merged_into"]
    actions = ["merge_two"]

    @admin.action(description="Merge the two selected records of one person")
    def merge_two(self, request: HttpRequest, queryset: QuerySet[Player]) -> HttpResponse | None:
        """Asks which record to keep, then ``services.player_merge`` (the same rules as the pages)."""
        players = list(queryset.select_related("club")[:3])
        if len(players) != 2:
            self.message_user(request, "Select exactly two records of one person.", messages.ERROR)
            return None
        form = MergeForm(request.POST if "apply" in request.POST else None, players=players)
        if "apply" in request.POST and form.is_valid():
            kept = next(p for p in players if p.pk == form.cleaned_data["kept"])
            merged = next(p for p in players if p.pk != kept.pk)
            try:
                services.player_merge(kept, merged, by=request.user, reason=form.cleaned_data["reason"])
            except ValidationError as exc:
                self.message_user(request, "; ".join(exc.messages), messages.ERROR)
            else:
                self.message_user(request, f"{merged.name} is merged into {kept.name}.", messages.SUCCESS)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Merge two records of one person",
            "form": form,
            "objects": players,
            "action": request.POST["action"],
            "checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return render(request, "admin/tournaments/action_form.html", context)


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    """The merges, as made (append-only); undone through the service, never edited."""

    list_display = ["merged", "kept", "merged_by", "merged_at", "undone_at", "reason"]
    search_fields = ["kept__name", "merged__name", "reason"]
    actions = ["undo"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [f.name for f in PlayerMerge._meta.fields]

    @admin.action(description="Undo (exactly the rows the merge moved go back)")
    def undo(self, request: HttpRequest, queryset: QuerySet[PlayerMerge]) -> None:
        report_each(self, request, lambda m: services.player_merge_undo(m, by=request.user), queryset)


class RegistrationInline(admin.TabularInline):
    """Shown on the tournament; registered, checked in and withdrawn through the services."""

    model = Registration
    extra = 0
    fields = readonly_fields = ["player", "status", "first_round", "withdrawn_after_round"]
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Registration)
class RegistrationAdmin(ServiceOnlyAdmin):
    list_display = ["player", "tournament", "status", "first_round", "withdrawn_after_round"]
    list_filter = ["tournament", "status"]
    search_fields = ["player__name"]
    autocomplete_fields = ["player"]
    fields = ["tournament", "player", "status", "first_round", "withdrawn_after_round"]
    actions = ["check_in", "no_show", "withdraw"]
    addable = True

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return self.fields if obj else ["tournament", "player"]

    def save_model(self, request: HttpRequest, obj: Registration, form: Any, change: bool) -> None:
        registration = services.player_register(obj.tournament, obj.player, by=request.user)
        obj.pk = registration.pk

    @admin.action(description="Check in")
    def check_in(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        report_each(self, request, lambda r: services.registration_check_in(r, by=request.user), queryset)

    @admin.action(description="Did not come (never drawn until checked in)")
    def no_show(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        report_each(self, request, lambda r: services.registration_no_show(r, by=request.user), queryset)

    @admin.action(description="Withdraw (from the next round on)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        report_each(self, request, lambda r: services.registration_withdraw(r, by=request.user), queryset)
