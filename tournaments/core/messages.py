"""Texts the services write for people to read, in the reader's language.

A refusal is a ``ValidationError`` whose message is a ``gettext_lazy`` template with ``%(name)s`` params
(``validation.invalid``): Django renders it when it is read. Two more things live here:

- ``Labelled``: a raw value (a status, a kind, a draw method, a bid) as a param of a message. It reads as
  its translated label and stays the raw value where the machine reads it (the API's ``params``, JSON).
- ``Text`` and ``Join``: a sentence kept for later (a dispute's reason, the validator's finding). A
  ``Text`` is a template marked with ``gettext_noop`` (``makemessages`` extracts it) and params,
  each a plain value, a ``Labelled``, another ``Text``, a ``Join`` of them, or an engine error's text.
  ``text_data`` keeps it as JSON (codes and raw values, no rendered words); ``text_from_data`` renders the
  stored JSON in the language active when it is read. So a finding written while a German player was
  entering reads in Hungarian to a Hungarian organizer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext

from tournaments.core.engine_messages import EngineText, engine_message_data, engine_message_from_data
from tournaments.core.labels import label


class Labelled:
    """A raw value of a vocabulary (``labels.VOCABULARIES``), read as its label in the reader's language."""

    __slots__ = ("value", "vocabulary")

    def __init__(self, vocabulary: str, value: Any) -> None:
        self.vocabulary = vocabulary
        self.value = value

    def __str__(self) -> str:
        return str(label(self.vocabulary, self.value))

    def __repr__(self) -> str:
        return f"Labelled({self.vocabulary!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        same = isinstance(other, Labelled) and other.vocabulary == self.vocabulary
        return same and other.value == self.value  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.vocabulary, self.value))


def raw(value: Any) -> Any:
    """A param as the machine reads it (the API's ``params``): a ``Labelled`` as its raw value, a lazy
    text as text, containers item by item."""
    if isinstance(value, Labelled):
        return value.value
    if isinstance(value, Text | Join):
        return text_data(value)
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, list | tuple):
        return [raw(item) for item in value]
    if isinstance(value, Mapping):
        return {str(k): raw(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


class Text:
    """A sentence to be read later: an English template marked with ``gettext_noop`` and its params."""

    __slots__ = ("params", "template")

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        translated = gettext(self.template)
        if not self.params:
            return translated
        return translated % {name: _show(value) for name, value in self.params.items()}

    def __mod__(self, params: Any) -> str:
        """Django formats a message with its error's params (``message % params``) when it renders it: a
        ``Text`` formats its own."""
        return str(self)

    def __repr__(self) -> str:
        return f"Text({self.template!r}, {self.params!r})"


class Join:
    """Texts joined by punctuation (``"; "``, ``", "``, ``" "``) or by a word (``" or "``, translated)."""

    __slots__ = ("items", "sep")

    PUNCTUATION = ("; ", ", ", " ")

    def __init__(self, items: Iterable[Any], sep: str = "; ") -> None:
        self.items = list(items)
        self.sep = sep

    def __str__(self) -> str:
        sep = self.sep if self.sep in self.PUNCTUATION else gettext(self.sep)
        return sep.join(_show(item) for item in self.items)

    def __mod__(self, params: Any) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Join({self.items!r}, {self.sep!r})"


def _show(value: Any) -> Any:
    if isinstance(value, Text | Join | Labelled | Promise):
        return str(value)
    if isinstance(value, EngineText):
        return str(value)
    return value


def msgid(message: Any) -> str:
    """The English template of a ``gettext_lazy`` message (what the catalogues are keyed by)."""
    args = getattr(message, "_args", None)
    if args and isinstance(args[0], str):
        return args[0]
    return str(message)


def error_as_text(error: ValidationError) -> Any:
    """One field error (a service's refusal, or the engine's) as a param of a ``Text``, kept by its
    template and params, not its words."""
    if isinstance(error.message, EngineText | Text | Join):
        return error.message
    return Text(msgid(error.message), **(error.params or {}))


def text_data(value: Any) -> Any:
    """A ``Text`` (or any param) as JSON: ``{"t": template, "p": params}``, ``{"join": sep, "items": []}``,
    ``{"word": vocabulary, "value": raw}``, an engine error as ``{"engine": {"parts": ...}}``."""
    if isinstance(value, Text):
        return {"t": value.template, "p": {name: text_data(v) for name, v in value.params.items()}}
    if isinstance(value, Join):
        return {"join": value.sep, "items": [text_data(item) for item in value.items]}
    if isinstance(value, Labelled):
        return {"word": value.vocabulary, "value": value.value}
    if isinstance(value, EngineText):
        return {"engine": engine_message_data(value)}
    if isinstance(value, Mapping):  # a plain mapping is kept under a key no node uses
        return {"map": {str(k): text_data(v) for k, v in value.items()}}
    return raw(value)


def from_data(data: Any) -> Any:
    """The ``Text`` (or param) kept by ``text_data``."""
    if isinstance(data, Mapping):
        if "t" in data:
            return Text(data["t"], **{name: from_data(v) for name, v in (data.get("p") or {}).items()})
        if "join" in data:
            return Join([from_data(item) for item in data["items"]], data["join"])
        if "word" in data:
            return Labelled(data["word"], data["value"])
        if "engine" in data:
            return engine_message_from_data(data["engine"])
        if "map" in data:
            return dict(data["map"])
    return data


def _render_data(data: Any) -> str:
    return str(_show(from_data(data)))


text_from_data = lazy(_render_data, str)
text_from_data.__doc__ = "The stored JSON of a ``Text`` (``text_data``), lazily in the reader's language."


def stored_text(data: Any, fallback: str) -> Any:
    """What a stored text reads: its data rendered in the reader's language, or (a row written before texts
    were kept as data) its plain text as it was stored."""
    if data:
        return text_from_data(data)
    return fallback


def kept(value: Any) -> tuple[str, Any]:
    """What a text field and its ``*_data`` field store for ``value``: a ``Text`` (the system's words) as its
    English rendering and its data; anything else (what a person typed) as it is, with no data."""
    if isinstance(value, Text | Join):
        from django.utils import translation

        with translation.override("en"):
            return str(value), text_data(value)
    return str(value), None
