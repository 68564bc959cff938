"""(built in issue 14)"""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
