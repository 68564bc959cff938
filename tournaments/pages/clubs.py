"""Pages of the clubs (filled in by issue 24)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
