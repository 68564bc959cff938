"""Versioned API: everything lives under /api/v1/. A URL ending in "/" that no route matches answers the API's
JSON error shape (404); one without the slash is first redirected to it by APPEND_SLASH, as before."""

from django.urls import include, path, re_path

from api.v1.views import NoRouteView

urlpatterns = [
    path("v1/", include(("api.v1.urls", "v1"), namespace="v1")),
    re_path(r"^.*/$", NoRouteView.as_view(), name="no-route"),
]
