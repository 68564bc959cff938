"""Input checks at the service boundary: every value a service stores is of the right type, inside its
bounds and free of what the database or a later reader would choke on (NUL characters, numbers beyond
their column, JSON too large or too deep). A failed check raises ``ValidationError`` naming the field,
before anything is written.

Errors carry a code the API maps to a status: ``invalid`` (400), ``permission_denied`` (403),
``conflict`` (409: the input is fine but the state does not allow it), ``precondition_failed`` (412: the
object changed since the client read it), ``too_large`` (413), ``idempotency_mismatch`` (422).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

INT32_MAX = 2**31 - 1
MAX_JSON_BYTES = 64 * 1024  # a hand record of a whole hand is about 4 KB
MAX_JSON_DEPTH = 16  # a hand record nests 5 deep
MAX_JSON_ITEMS = 5_000  # values in one document, counted before anything recursive touches it


def invalid(
    field: str, message: Any, code: str = "invalid", params: Mapping[str, Any] | None = None
) -> ValidationError:
    """A refusal naming ``field``. ``message`` is a translatable template (``gettext_lazy`` with
    ``%(name)s`` placeholders) and ``params`` its values: Django renders it when it is read, in the
    reader's language (a page's, or the API request's ``Accept-Language``)."""
    return ValidationError({field: [ValidationError(message, code=code, params=dict(params or {}) or None)]})


def conflict(field: str, message: Any, params: Mapping[str, Any] | None = None) -> ValidationError:
    """The input is well-formed but the current state refuses it (e.g. the round is closed)."""
    return invalid(field, message, code="conflict", params=params)


#: "changed since you read it", per kind of object (``what``), whole sentences so each reads well translated
CHANGED_SINCE_READ = {
    "round": _(
        "the round changed since you read it (version %(expected)s, now %(version)s): reload and retry"
    ),
    "tournament": _(
        "the tournament changed since you read it (version %(expected)s, now %(version)s): reload and retry"
    ),
    "dispute": _(
        "the dispute changed since you read it (version %(expected)s, now %(version)s): reload and retry"
    ),
    "": _("it changed since you read it (version %(expected)s, now %(version)s): reload and retry"),
}


def check_version(obj: Any, expected: int | None, what: str) -> None:
    """A write made against a version the client read (If-Match) is refused when the object changed since:
    no silent overwrite. ``None``: the client did not ask."""
    if expected is not None and expected != obj.version:
        raise invalid(
            "If-Match",
            CHANGED_SINCE_READ.get(what, CHANGED_SINCE_READ[""]),
            code="precondition_failed",
            params={"what": what, "expected": expected, "version": obj.version},
        )


def whole_number(value: Any, field: str, *, low: int = -INT32_MAX, high: int = INT32_MAX) -> int:
    """An ``int`` (not a bool, a string or a float) within ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid(field, _("must be a whole number, not %(type)s"), params={"type": type(value).__name__})
    if not low <= value <= high:
        raise invalid(field, _("must be between %(low)s and %(high)s"), params={"low": low, "high": high})
    return value


def text(value: Any, field: str, *, max_length: int, required: bool = False) -> str:
    """A string without NUL characters, at most ``max_length`` long, stripped."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise invalid(field, _("must be text, not %(type)s"), params={"type": type(value).__name__})
    if "\x00" in value:
        raise invalid(field, _("must not contain NUL characters"))
    value = value.strip()
    if len(value) > max_length:
        raise invalid(
            field,
            _("must be at most %(max)s characters (it has %(length)s)"),
            params={"max": max_length, "length": len(value)},
        )
    if required and not value:
        raise invalid(field, _("must not be empty"))
    return value


def key(value: Any, field: str, *, max_length: int = 100) -> str | None:
    """An optional client-chosen key (idempotency key): printable ASCII without spaces."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise invalid(field, _("must be text, not %(type)s"), params={"type": type(value).__name__})
    if len(value) > max_length:
        raise invalid(
            field,
            _("must be at most %(max)s characters (it has %(length)s)"),
            params={"max": max_length, "length": len(value)},
        )
    if not all("!" <= ch <= "~" for ch in value):
        raise invalid(field, _("must be printable ASCII without spaces"))
    return value


def json_document(
    value: Any,
    field: str,
    *,
    max_bytes: int = MAX_JSON_BYTES,
    max_depth: int = MAX_JSON_DEPTH,
    max_items: int = MAX_JSON_ITEMS,
) -> dict[str, Any]:
    """A JSON object within the size, depth and item bounds, with string keys, finite numbers and no NUL.

    Walked iteratively, so a document nested 100,000 deep is refused instead of overflowing the stack.
    """
    if not isinstance(value, Mapping):
        raise invalid(field, _("must be a JSON object"))
    stack: list[tuple[Any, str, int]] = [(value, field, 1)]
    seen = 0
    while stack:
        node, path, depth = stack.pop()
        seen += 1
        if seen > max_items:
            raise invalid(
                field, _("has more than %(max)s values"), code="too_large", params={"max": max_items}
            )
        if depth > max_depth:
            raise invalid(path, _("is nested deeper than %(max)s levels"), params={"max": max_depth})
        if isinstance(node, Mapping):
            for name, child in node.items():
                if not isinstance(name, str):
                    raise invalid(path, _("object keys must be strings"))
                if "\x00" in name:
                    raise invalid(path, _("object keys must not contain NUL characters"))
                stack.append((child, f"{path}.{name}", depth + 1))
        elif isinstance(node, list | tuple):
            stack.extend((child, f"{path}[{i}]", depth + 1) for i, child in enumerate(node))
        elif isinstance(node, str):
            if "\x00" in node:
                raise invalid(path, _("must not contain NUL characters"))
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise invalid(path, _("must be a finite number"))
        elif isinstance(node, int) and not isinstance(node, bool):
            if abs(node) > 2**53:  # beyond what JSON readers hold exactly
                raise invalid(path, _("is too large a number"))
        elif node is not None and not isinstance(node, bool):
            raise invalid(path, _("must be JSON (not %(type)s)"), params={"type": type(node).__name__})
    size = len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())
    if size > max_bytes:
        raise invalid(
            field,
            _("is %(size)s bytes; at most %(max)s are accepted"),
            code="too_large",
            params={"size": size, "max": max_bytes},
        )
    return dict(value)


def max_length_of(model: Any, field_name: str) -> int:
    """The column length of a model's CharField, so limits are read from the model, not repeated."""
    return int(model._meta.get_field(field_name).max_length)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_OR_NUL = re.compile("[\ud800-\udfff\x00]")


def _printable(name: str) -> str:
    """``name`` with lone surrogates written as ``\\udXXX`` escapes (they cannot be encoded as UTF-8) and
    NUL as ``\\x00`` (a reader's terminal or log would cut the name there)."""
    return name.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")


def no_surrogates(value: Any, field: str = "") -> Any:
    """``value`` (parsed JSON) unchanged, or a refusal naming the first string or key holding a lone
    UTF-16 surrogate (``"\\ud800"``): Python's JSON decoder accepts them, but they are not text, and
    PostgreSQL and every encoder refuse them. Paths as in ``json_document`` (``hands[0].payments.A``);
    a key that holds one is named with the surrogate written as an escape."""
    return _refuse_characters(value, field, _SURROGATE)


def storable_text(value: Any, field: str = "") -> Any:
    """``value`` (parsed JSON, or a request's parameters) unchanged, or a refusal naming the first string
    or key PostgreSQL cannot store: one holding a lone surrogate (as ``no_surrogates``) or a NUL
    character. Checked where a request enters, so that no identifier a client sends (a slug to look up,
    a filter) reaches a query the database refuses with an error instead of an answer."""
    return _refuse_characters(value, field, _SURROGATE_OR_NUL)


def _refuse_characters(value: Any, field: str, bad: re.Pattern[str]) -> Any:
    surrogate = _("must be text: it contains a lone UTF-16 surrogate (%(escape)s)")
    nul = _("must not contain NUL characters")

    def refusal(path: str, found: str) -> ValidationError:
        if found == "\x00":
            return invalid(path, nul)
        return invalid(path, surrogate, params={"escape": _printable(found)})

    stack: list[tuple[Any, str]] = [(value, field)]
    while stack:
        node, path = stack.pop()
        if isinstance(node, Mapping):
            for name, child in node.items():
                child_path = f"{path}.{_printable(name)}" if path else _printable(name)
                match = bad.search(name) if isinstance(name, str) else None
                if match is not None:
                    raise refusal(child_path, match[0])
                stack.append((child, child_path))
        elif isinstance(node, list | tuple):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(node))
        elif isinstance(node, str) and (match := bad.search(node)) is not None:
            raise refusal(path or "body", match[0])
    return value
