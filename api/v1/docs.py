"""The API's reference pages (``/api/v1/docs/``: Swagger UI, ``/api/v1/redoc/``: Redoc) as a venue without
internet needs them: every file from this server (drf-spectacular-sidecar's copies, ``SIDECAR`` in
``SPECTACULAR_SETTINGS``), no font or script from elsewhere.

drf-spectacular's Redoc page links Google Fonts (Montserrat, Roboto) and Redoc's bundle shows its
"API docs by Redocly" logo from cdn.redoc.ly whatever its options say. Here the page uses the reader's
own fonts (``api/templates/api/redoc.html``, the theme in ``REDOC_UI_SETTINGS``), and both pages carry a
Content-Security-Policy that lets the browser load nothing but this server's files: a request that would
leave the room (and hang while a phone's browser waits for it) is never made.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView
from rest_framework.request import Request

# the pages' own inline start-up scripts and styles; Redoc's search runs in a worker made from a blob
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
    )
)


class _OnlyThisServer:
    @extend_schema(exclude=True)  # the pages are not operations of the API
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().get(request, *args, **kwargs)  # type: ignore[misc]
        response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        return response


class SwaggerView(_OnlyThisServer, SpectacularSwaggerView):
    pass


class RedocView(_OnlyThisServer, SpectacularRedocView):
    template_name = "api/redoc.html"
