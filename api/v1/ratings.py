"""``/api/v1/``: the ratings (filled in by issue 24)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
