"""``/api/v1/``: the players (filled in by issue 24)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
