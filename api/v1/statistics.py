"""``/api/v1/``: the statistics (filled in by issue 24)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
