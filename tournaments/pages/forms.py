"""The organizer's forms (a new tournament, its format, a player, a list of players): what was typed, kept
on a refused page, and the errors, each named as the form labels its field.

A refusal reads "Rating: enter a whole number", never "rating: must be a whole number, not str": the page
reads what was typed into typed values before a service sees it (``whole``, ``points``, ``choice``), and
a service's ``ValidationError``, which names a field by its key, is put on the field that key is
(``refused``). The page shows the errors twice, as GOV.UK does: a summary at the top whose lines link to
their fields, and each error beside its field (``aria-invalid`` and ``aria-describedby`` on the input).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core.labels import label

ENTER_WHOLE = gettext_lazy("enter a whole number")
ENTER_BETWEEN = gettext_lazy("enter a whole number from %(low)s to %(high)s")
CHOOSE = gettext_lazy("choose one of the list")
EMPTY = gettext_lazy("must not be empty")
STATUS_BY_CODE = {"conflict": 409, "precondition_failed": 409, "permission_denied": 403}


@dataclass
class Field:
    """One field of a form: its name (the service's key), its label, the value shown and its errors."""

    name: str
    label: Any
    value: Any = ""
    errors: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"f-{self.name}"

    @property
    def error_id(self) -> str:
        return f"f-{self.name}-error"

    def __str__(self) -> str:
        return str(self.value)


class PageForm:
    """A form's fields by name (in the order the page shows them) and the errors no field holds."""

    def __init__(self, labels: Mapping[str, Any], values: Mapping[str, Any] | None = None) -> None:
        self.fields = {name: Field(name, text, (values or {}).get(name, "")) for name, text in labels.items()}
        self.top: list[str] = []
        self.code = "invalid"  # a service's refusal's first code: the page's status (``status``)

    def __getitem__(self, name: str) -> Field:
        return self.fields[name]

    def __contains__(self, name: str) -> bool:
        return name in self.fields

    def error(self, name: str, message: Any) -> None:
        """An error beside field ``name`` (at the top, labelled, when the form has no such field)."""
        if name in self.fields:
            self.fields[name].errors.append(str(message))
        else:
            self.top.append(labelled(name, message))

    @property
    def invalid(self) -> bool:
        return bool(self.top) or any(f.errors for f in self.fields.values())

    @property
    def status(self) -> int:
        """The response's status: 200, 400 for what was typed, 409 or 403 for a service's conflict or
        permission refusal."""
        return STATUS_BY_CODE.get(self.code, 400) if self.invalid else 200

    def summary(self) -> list[tuple[str, str, str]]:
        """(the field's id, its label, the error) of every error beside a field, in the form's order."""
        return [(f.id, str(f.label), error) for f in self.fields.values() for error in f.errors]

    def refused(self, exc: ValidationError) -> None:
        """A service's refusal put on the fields its keys name; the rest at the top, each named by the
        field vocabulary's label, never by its key (``labelled``)."""
        errors = (
            [e for es in exc.error_dict.values() for e in es]
            if hasattr(exc, "error_dict")
            else exc.error_list
        )
        self.code = next((e.code for e in errors if e.code), "invalid")
        if not hasattr(exc, "error_dict"):
            self.top += [str(m) for m in exc.messages]
            return
        for name, errors in exc.error_dict.items():
            for error in errors:
                for message in error.messages:
                    self.error(name, message)

    # --- reading what was typed ----------------------------------------------------------------------

    def text(
        self, post: Mapping[str, Any], name: str, max_length: int = 1000, *, required: bool = False
    ) -> str:
        """The text typed in ``name`` (kept as typed, to be shown again; the service strips and checks it).
        ``required``: only spaces is an error on the field now, with the others (as the service would)."""
        value = str(post.get(name, ""))[:max_length]
        if name in self.fields:
            self.fields[name].value = value
        if required and not value.strip():
            self.error(name, EMPTY)
        return value

    def whole(
        self, post: Mapping[str, Any], name: str, *, low: int, high: int, required: bool = True
    ) -> int | None:
        """A whole number from ``low`` to ``high`` typed in ``name``; else an error on the field and None.
        Empty: None (an error where ``required``)."""
        typed = self.text(post, name, 20).strip()
        if not typed:
            if required:
                self.error(name, ENTER_BETWEEN % {"low": low, "high": high})
            return None
        number = whole_number(typed)
        if number is None:
            self.error(name, ENTER_WHOLE)
        elif not low <= number <= high:
            self.error(name, ENTER_BETWEEN % {"low": low, "high": high})
            return None
        return number

    def choice(
        self, post: Mapping[str, Any], name: str, choices: Mapping[str, Any] | list[str]
    ) -> str | None:
        """One of ``choices`` chosen in ``name``; else an error on the field and None."""
        value = self.text(post, name, 100)
        if value not in choices:
            self.error(name, CHOOSE)
            return None
        return value

    def points(self, post: Mapping[str, Any], name: str, size: int) -> list[int | float] | None:
        """Table points typed as numbers separated by commas, spaces, semicolons or dashes ("10, 8, 6, 4",
        "10-8-6-4", "2 1 0.5"): ``size`` numbers, whole or with up to two decimals after a point; the
        order is the format's to check (``validate_format``)."""
        typed = self.text(post, name, 200).strip()
        numbers = [decimal_number(part) for part in re.split(r"[\s,;/\u2013\u2014-]+", typed) if part]
        if len(numbers) != size or any(n is None for n in numbers):
            self.error(name, points_message(size))
            return None
        return numbers  # type: ignore[return-value]


def points_message(size: int) -> str:
    example = ", ".join(str(p) for p in [10, 8, 6, 4, 4, 4][:size]) if size > 2 else "10, 6"
    return _("enter %(size)s numbers, best place first (e.g. %(example)s)") % {
        "size": size,
        "example": example,
    }


def whole_number(typed: str) -> int | None:
    """``typed`` as a whole number (ASCII digits, an optional minus, at most 9 digits), else None."""
    digits = typed.removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 9):
        return None
    return int(typed)


def decimal_number(typed: str) -> int | float | None:
    """A table point as typed: a whole number, or one with up to two decimals after a point ("0.5")."""
    whole, sep, fraction = typed.partition(".")
    if whole_number(whole or "0") is None:
        return None
    if not sep:
        return int(whole)
    if not (fraction.isascii() and fraction.isdigit() and len(fraction) <= 2):
        return None
    return float(f"{whole or '0'}.{fraction}")


def labelled(name: str | None, message: Any) -> str:
    """``message`` introduced by the label of the field ``name`` names ("Round: ..."); alone where the
    field has no label (a key is never shown) or names the whole form."""
    if name in (None, "__all__", "If-Match"):
        return str(message)
    found = label("field", name)
    return str(message) if found == name else f"{found}: {message}"
