"""Reading a hand summary field by field: the checks every game's summary parser shares, each raising a
``FieldError`` that names the field's path (``contract``, ``bonuses.trull.made``) and says what is wrong in a
message with a stable code, so the tournament system shows it beside the field in the reader's language.

A game's parser reads its summary top-down with these (``obj``, ``keys_known``, ``choice``, ``seat``,
``seats``, ``integer``, ``boolean``, ``per_seat``, ``per_seat_thirds``) and adds its own messages for its
own rules.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from engine.core.messages import FieldError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.core.thirds import parse_thirds

NOT_AN_OBJECT = Message("not_an_object", _("must be a JSON object"))
REQUIRED = Message("required", _("is required"))


def error(path: str, code: str, template: str, /, **params: Any) -> FieldError:
    """A ``FieldError`` at ``path`` with one message (``template`` marked with ``gettext_noop``)."""
    return FieldError(path, Message(code, template, **params))


def obj(value: Any, path: str) -> Mapping[str, Any]:
    """``value`` as a JSON object; a field error at ``path`` otherwise."""
    if not isinstance(value, Mapping):
        raise FieldError(path, NOT_AN_OBJECT)
    return value


def keys_known(value: Mapping[str, Any], known: Collection[str], path: str = "") -> None:
    """A field error naming the keys of ``value`` that are not in ``known`` (a typo never passes silently)."""
    unknown = [k for k in value if k not in known]
    if unknown:
        raise FieldError(
            path or "summary",
            Message("unknown_keys", _("unknown key(s) %(keys)s"), keys=sorted(map(shown, unknown))),
        )


def present(value: Mapping[str, Any], key: str, path: str) -> Any:
    """``value[key]``; a field error ``is required`` at ``path`` when it is missing or null."""
    if value.get(key) is None:
        raise FieldError(path, REQUIRED)
    return value[key]


def choice(value: Any, choices: Sequence[str], path: str) -> str:
    """``value`` as one of ``choices`` (words written as the summary schema writes them)."""
    if type(value) is not str or value not in choices:
        raise FieldError(
            path,
            Message(
                "one_of",
                _("must be one of %(choices)s, got %(value)s"),
                choices=", ".join(choices),
                value=shown(value),
            ),
        )
    return value


def seat(value: Any, seats: Sequence[str], path: str) -> str:
    """``value`` as one of the hand's ``seats``."""
    if type(value) is not str or value not in seats:
        raise FieldError(
            path,
            Message(
                "unknown_seat",
                _("unknown seat %(value)s (seats: %(seats)s)"),
                value=shown(value),
                seats=", ".join(seats),
            ),
        )
    return value


def seats(
    value: Any, among: Sequence[str], path: str, *, least: int = 1, most: int | None = None
) -> tuple[str, ...]:
    """``value`` as a list of distinct seats of ``among``, ``least`` to ``most`` of them."""
    most = len(among) if most is None else most
    if not isinstance(value, list | tuple) or not least <= len(value) <= most:
        raise FieldError(
            path,
            Message(
                "seat_list",
                _("must list %(least)s to %(most)s seats, got %(value)s"),
                least=least,
                most=most,
                value=shown(value),
            ),
        )
    out = tuple(seat(v, among, f"{path}.{i}") for i, v in enumerate(value))
    if len(set(out)) != len(out):
        raise FieldError(path, Message("seats_distinct_list", _("lists a seat twice")))
    return out


def integer(value: Any, low: int, high: int, path: str) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (a bool is not a number)."""
    if type(value) is not int or not low <= value <= high:
        raise FieldError(
            path,
            Message(
                "integer_range",
                _("must be an integer %(low)s..%(high)s, got %(value)s"),
                low=low,
                high=high,
                value=shown(value),
            ),
        )
    return value


def boolean(value: Any, path: str) -> bool:
    """``value`` as true or false (not 0/1, not text)."""
    if type(value) is not bool:
        raise FieldError(
            path, Message("boolean", _("must be true or false, got %(value)s"), value=shown(value))
        )
    return value


def per_seat(
    value: Any, among: Sequence[str], low: int, high: int, path: str, *, every: bool = True
) -> dict[str, int]:
    """``value`` as ``{seat: whole number low..high}`` for each seat of ``among`` (all: ``every``)."""
    mapping = obj(value, path)
    keys_known(mapping, among, path)
    if every:
        for s in among:
            present(mapping, s, f"{path}.{s}")
    return {s: integer(v, low, high, f"{path}.{s}") for s, v in mapping.items()}


def per_seat_thirds(
    value: Any, among: Sequence[str], low: int, high: int, path: str, *, every: bool = True
) -> dict[str, int]:
    """``value`` as ``{seat: card points counted in thirds}`` (``engine.core.thirds``: ``23``, ``"23 1/3"``,
    ``"23⅔"`` ...) for each seat of ``among``, each ``low``..``high`` whole points; the counts in thirds."""
    mapping = obj(value, path)
    keys_known(mapping, among, path)
    if every:
        for s in among:
            present(mapping, s, f"{path}.{s}")
    out = {}
    for s, raw in mapping.items():
        counted = parse_thirds(raw)
        if counted is None or not 3 * low <= counted <= 3 * high:
            raise FieldError(
                f"{path}.{s}",
                Message(
                    "thirds_range",
                    _(
                        "must be card points %(low)s..%(high)s counted in thirds (23, 23 1/3, 23⅔),"
                        " got %(value)s"
                    ),
                    low=low,
                    high=high,
                    value=shown(raw),
                ),
            )
        out[s] = counted
    return out
