"""URL converters. ``num``: a whole number of at most 18 digits, so that any number in a path fits the
database's 64-bit integers; a longer one is a 404 like any unknown object, never a database error."""

from __future__ import annotations

from django.urls import register_converter


class BoundedNumber:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(BoundedNumber, "num")
