"""``Idempotency-Key`` for POSTs: a retried request returns the first response (same status and body)
and stores nothing; the same key with another body is a 422.

The record of the request is inserted in the same transaction as the work it guards, before the work:
a simultaneous twin's insert waits on the unique constraint until the first commits, then finds its
answer. So the database decides, not a lock in one process.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api.models import IdempotentRequest
from api.v1.auth import TableAccess
from api.v1.errors import IdempotencyMismatch
from tournaments.core import api_texts as texts
from tournaments.core.validation import key as check_key

HEADER = "Idempotency-Key"


def _principal(request: Request) -> str:
    if isinstance(request.auth, TableAccess):
        return f"table:{request.auth.table.pk}"
    if getattr(request.user, "is_authenticated", False):
        return f"user:{request.user.pk}"
    return "anonymous"


def idempotent(handler: Callable[..., Response]) -> Callable[..., Response]:
    """Wrap a view's ``post``: with the header, run it at most once per principal and key."""

    @functools.wraps(handler)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        raw = request.headers.get(HEADER)
        if raw is None:
            return handler(view, request, *args, **kwargs)
        key = check_key(raw, HEADER)
        digest = hashlib.sha256(request.method.encode() + request.path.encode() + request.body).hexdigest()
        principal = _principal(request)
        with transaction.atomic():
            try:
                with transaction.atomic():
                    record = IdempotentRequest.objects.create(
                        principal=principal, key=key, method=request.method, path=request.path[:300],
                        body_digest=digest,
                    )  # fmt: skip
            except IntegrityError:
                first = IdempotentRequest.objects.get(principal=principal, key=key)
                if (first.body_digest, first.path) != (digest, request.path[:300]):
                    raise IdempotencyMismatch(
                        texts.IDEMPOTENCY_KEY_OTHER_REQUEST % {"header": HEADER, "key": repr(key)}
                    ) from None
                return Response(first.body, status=first.status_code, headers={"Idempotent-Replayed": "true"})
            try:
                response = handler(view, request, *args, **kwargs)
            except Exception as exc:
                response = view.handle_exception(exc)
            if response.status_code >= 500:
                transaction.set_rollback(True)
                return response
            # Stored as rendered, so a replay's body is byte for byte the first one (dates included).
            record.status_code = response.status_code
            record.body = json.loads(JSONRenderer().render(response.data) or b"null")
            record.save(update_fields=["status_code", "body"])
            return response

    return wrapper
