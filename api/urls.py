"""Versioned API: everything lives under /api/v1/."""

from django.urls import include, path

urlpatterns = [path("v1/", include(("api.v1.urls", "v1"), namespace="v1"))]
