"""The engine's messages: what it says to a person, with a stable code, in a form any language can render.

Every error a person can meet (``SummaryError``, ``ReplayError``, ``RulesError``, ``IllegalAction`` ...) is
an ``EngineError``: the places it names (``where``: field paths such as ``result.trull`` as they are, steps
such as "trick 4, seat C" as messages) and a ``Message`` saying what is wrong: a stable ``code``, an
English ``template`` with ``%(name)s`` placeholders and its ``params``. ``str(exc)`` is the English text,
``"where: ...: message"``, exactly as the CLI prints it.

The engine stays pure Python: ``gettext_noop`` below (imported as ``_`` where templates are written) only
marks a template for extraction: Django's ``makemessages`` reads ``_(...)`` calls into the tournament
system's catalogues, which translate it, and ``tournaments/core/engine_messages.py`` renders an error in the
reader's language. Each template has one code (``tests/engine/test_messages.py`` checks). A param named in
``WORDS`` holds a word of one of the engine's vocabularies (a bid "three", a team "declarer" ...), which
the renderer shows in the reader's language too; any other param is shown as it is (numbers, seat labels,
card names, and input values quoted as they were given).
"""

from __future__ import annotations

from typing import Any

from engine.core.shown import shown

#: params that hold a word of a vocabulary -> the vocabulary: ``bid`` (``engine.hungarian.summary.BIDS``),
#: ``team`` (``TEAM_NAMES``), ``bonus`` (``BONUSES``), ``kind`` (``KINDS``), ``holding``
#: (``ANNULMENT_HOLDINGS``). A value that is not a word of its vocabulary (an input quoted as given) is shown
#: as it is.
WORDS: dict[str, str] = {
    "bid": "bid",
    "bid_over": "bid",
    "team": "team",
    "bonus": "bonus",
    "kind": "kind",
    "kind_recorded": "kind",
    "holding": "holding",
    "word": "word",  # any word of the game: a contract, a bonus (Rufer, Trischaken ...)
}

#: params that hold a seat label ("B"): the tournament system shows the seat's player beside it
SEAT_PARAMS: frozenset[str] = frozenset({"seat", "declarer", "partner"})


def gettext_noop(message: str) -> str:
    """Mark ``message`` as a template to translate (Django's ``makemessages`` extracts these calls); the
    engine itself speaks English, so it is returned as it is."""
    return message


_AS_IS = (str, bool, type(None))
_JSON_INT = 2**53  # beyond this a number is shown short: JSON readers lose it, and str() may refuse it


class Message:
    """One thing the engine says: a stable ``code``, an English ``template`` and its ``params``.

    Params are kept JSON-safe (text, whole numbers, booleans, null; anything else as its text) so that an
    API can return them and a store keep them; ``str()`` renders the English text.
    """

    __slots__ = ("code", "params", "template")

    def __init__(self, code: str, template: str, /, **params: Any) -> None:
        self.code = code
        self.template = template
        self.params = {name: _json_safe(v) for name, v in params.items()}

    def __str__(self) -> str:
        return self.template % self.params if self.params else self.template

    def __repr__(self) -> str:
        return f"Message({self.code!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.code, self.template, self.params) == (
            other.code,
            other.template,
            other.params,
        )

    __hash__ = None  # type: ignore[assignment]

    def with_params(self, **params: Any) -> Message:
        """The same message with some params added or replaced."""
        return Message(self.code, self.template, **{**self.params, **params})


def _json_safe(value: Any) -> Any:
    if type(value) in _AS_IS:
        return value
    if type(value) is int:
        return value if -_JSON_INT <= value <= _JSON_INT else shown(value)
    try:
        return str(value)
    except (RecursionError, ValueError):  # nested too deeply, or holding an integer too long to print
        return shown(value)


#: the code of a message given as plain text (by a caller outside the engine; the engine never does)
PLAIN = "engine_error"


class EngineError(ValueError):
    """An error of the engine: ``where`` (outermost first: field paths as text, steps as messages)
    and the ``message`` saying what is wrong, e.g. ``ReplayError("deal.hands.A", Message(...))``.

    The last argument may itself be an ``EngineError`` (its places follow the new ones: an illegal step
    inside a replay) or plain text (``PLAIN``). ``code``, ``template`` are the message's; ``params`` are
    those of the steps in ``where`` and of the message together.
    """

    def __init__(self, *parts: str | Message | EngineError) -> None:
        *where, last = parts
        if isinstance(last, EngineError):
            where += last.where
            message = last.message
        elif isinstance(last, Message):
            message = last
        else:
            message = Message(PLAIN, str(last))
        self.where: tuple[str | Message, ...] = tuple(where)
        self.message = message
        super().__init__(": ".join([*map(str, self.where), str(message)]))

    @property
    def code(self) -> str:
        return self.message.code

    @property
    def template(self) -> str:
        return self.message.template

    @property
    def params(self) -> dict[str, Any]:
        params: dict[str, Any] = {}
        for part in self.where:
            if isinstance(part, Message):
                params.update(part.params)
        params.update(self.message.params)
        return params

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) by its parts: the subclasses' constructors take other arguments."""
        return _rebuilt, (type(self), self.where, self.message)

    def _text_after(self, n: int) -> str:
        """The English text without the first ``n`` places (a SummaryError's reason after its path)."""
        return ": ".join([*map(str, self.where[n:]), str(self.message)])


class FieldError(EngineError):
    """An error in one field of a document the engine was given (a game's hand summary): its first place
    is the field's path, so the tournament system shows it beside that field."""

    @property
    def path(self) -> str:
        """The field's path (``bonuses.trull.made``)."""
        return str(self.where[0]) if self.where else ""

    @property
    def reason(self) -> str:
        """What is wrong with it, in English, without the path."""
        return self._text_after(1)


class StepError(EngineError):
    """An error met while replaying a record's steps: it names the step, not a field (also when what the
    replay derived is itself invalid)."""


def _rebuilt(cls: type[EngineError], where: tuple[str | Message, ...], message: Message) -> EngineError:
    error = cls.__new__(cls)
    EngineError.__init__(error, *where, message)
    return error
