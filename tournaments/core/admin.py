"""What every package's admin shares: lists that only show (changes go through the services, as the
admin's actions), actions that run a service per selected object and report each refusal, and the dead
letters of the workers' tasks."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from simple_history.admin import SimpleHistoryAdmin

from tournaments.core.models import DeadLetter


def report_each(modeladmin: admin.ModelAdmin, request: HttpRequest, action: Any, objects: QuerySet) -> None:
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


def with_form(
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
        report_each(modeladmin, request, lambda obj: run(obj, form.cleaned_data), queryset)
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


class DerivedAdmin(admin.ModelAdmin):
    """Computed from the results by ``standings.services``; recomputed, never edited."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(DeadLetter)
class DeadLetterAdmin(DerivedAdmin):
    list_display = ["task_name", "exception", "retries", "failed_at"]
    list_filter = ["task_name"]
    search_fields = ["task_name", "exception"]
