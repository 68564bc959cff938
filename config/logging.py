"""Structured request logging: one JSON record per request with method, path, status and duration."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

logger = logging.getLogger("tarokk.request")


class RequestLogMiddleware:
    """Logs each request and tags the response with an ``X-Request-ID`` (kept if the client sent one)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = request.headers.get("X-Request-ID") or uuid.uuid4().hex
        request.request_id = request_id
        started = time.perf_counter()
        response = self.get_response(request)
        response["X-Request-ID"] = request_id
        logger.info(
            "request",
            extra={
                "request_id": request_id,
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 2),
            },
        )
        return response


# Attributes every LogRecord has; anything else was passed as ``extra`` and is shown as key=value.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime", "taskName"}


class PlainFormatter(logging.Formatter):
    """One readable line per record for a developer's console (``LOG_FORMAT=plain``, the default with
    DEBUG on): time, level, logger and message, then the structured extras as ``key=value``, e.g.
    ``12:03:04 INFO tarokk.request request method=GET path=/ status=200 duration_ms=3.1``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s", datefmt="%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extras = [
            f"{key}={value}"
            for key, value in record.__dict__.items()
            if key not in _STANDARD and not key.startswith("_")
        ]
        if not extras:
            return line
        head, sep, rest = line.partition("\n")  # a traceback stays below the first line
        return f"{head} {' '.join(extras)}{sep}{rest}"
