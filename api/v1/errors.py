"""One error shape for the whole API: ``{"errors": [{"field", "code", "message", "params"}]}``.

``message`` is rendered in the request's language (``Accept-Language``: hu, en or de; Django's
``LocaleMiddleware`` runs for the API too), ``code`` and ``params`` (the raw values the message was made
from: numbers, seat labels, a status's raw value, an engine error's params) are the same in every language.

Service errors are Django ``ValidationError``s whose codes say what went wrong (see
``tournaments.core.validation``); they map to statuses here, so no view decides a status by itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response

from tournaments.core import api_texts as texts
from tournaments.core.messages import raw

STATUS_BY_CODE = {
    "permission_denied": status.HTTP_403_FORBIDDEN,
    "not_found": status.HTTP_404_NOT_FOUND,
    "conflict": status.HTTP_409_CONFLICT,
    "precondition_failed": status.HTTP_412_PRECONDITION_FAILED,
    "too_large": status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    "idempotency_mismatch": status.HTTP_422_UNPROCESSABLE_ENTITY,
}


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_code = "precondition_failed"
    default_detail = texts.CHANGED_SINCE_READ


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = texts.BODY_TOO_LARGE


class IdempotencyMismatch(exceptions.APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "idempotency_mismatch"
    default_detail = texts.IDEMPOTENCY_KEY_REUSED


def error(
    field: str | None, code: str, message: Any, params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    return {"field": field, "code": code, "message": str(message), "params": raw(dict(params or {}))}


def _from_drf(detail: Any, path: str | None = None) -> list[dict[str, Any]]:
    if isinstance(detail, dict):
        out = []
        for name, value in detail.items():
            field = None if name == "non_field_errors" else (f"{path}.{name}" if path else str(name))
            out += _from_drf(value, field)
        return out
    if isinstance(detail, list):
        return [item for value in detail for item in _from_drf(value, path)]
    return [error(path, getattr(detail, "code", "invalid") or "invalid", detail)]


def _from_django(exc: DjangoValidationError) -> list[dict[str, Any]]:
    if hasattr(exc, "error_dict"):
        return [
            error(None if field == "__all__" else field, e.code or "invalid", "; ".join(e.messages), e.params)
            for field, errors in exc.error_dict.items()
            for e in errors
        ]
    return [error(None, e.code or "invalid", "; ".join(e.messages), e.params) for e in exc.error_list]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler hook: every 4xx the API answers goes through here."""
    headers: dict[str, str] = {}
    if isinstance(exc, DjangoValidationError):
        errors = _from_django(exc)
        code = errors[0]["code"] if errors else "invalid"
        status_code = STATUS_BY_CODE.get(code, status.HTTP_400_BAD_REQUEST)
    elif isinstance(exc, Http404 | ObjectDoesNotExist):
        errors, status_code = [error(None, "not_found", texts.NOT_FOUND)], status.HTTP_404_NOT_FOUND
    elif isinstance(exc, DjangoPermissionDenied):
        errors = [error(None, "permission_denied", str(exc) or texts.NOT_ALLOWED)]
        status_code = status.HTTP_403_FORBIDDEN
    elif isinstance(exc, RequestDataTooBig):
        errors, status_code = [error(None, "too_large", str(exc))], status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    elif isinstance(exc, exceptions.APIException):
        status_code = exc.status_code
        if isinstance(exc, exceptions.ValidationError):
            errors = _from_drf(exc.detail)
        else:
            codes = exc.get_codes()
            errors = [error(None, codes if isinstance(codes, str) else "error", exc.detail)]
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            headers["Retry-After"] = str(max(1, round(exc.wait)))
        if getattr(exc, "auth_header", None):  # set by DRF for 401s
            headers["WWW-Authenticate"] = exc.auth_header
    else:
        return None  # a server error: logged by Django, answered 500
    return Response({"errors": errors}, status=status_code, headers=headers)
