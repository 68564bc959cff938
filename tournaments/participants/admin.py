"""Players and registrations in the admin: import players from CSV, check in, withdraw (each
through the services, with a reason kept in the history)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from tournaments import services
from tournaments.core.admin import ServiceOnlyAdmin, report_each
from tournaments.participants.models import Player, Registration


class CsvImportForm(forms.Form):
    file = forms.FileField(help_text="CSV with a header row: name, club, rating, external_id")
    check_in = forms.BooleanField(required=False, help_text="also check the players in")


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
        report_each(self, request, lambda r: services.registration_check_in(r, by=request.user), queryset)

    @admin.action(description="Withdraw (from the next round on)")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[Registration]) -> None:
        report_each(self, request, lambda r: services.registration_withdraw(r, by=request.user), queryset)
