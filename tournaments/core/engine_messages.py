"""The engine's errors in the reader's language.

An engine error (``engine.core.messages.EngineError``: a game's ``SummaryError``, ``ReplayError``,
``RulesError`` ...) names where (field paths, steps such as "trick 4, seat C") and says why with a code,
an English template and its params. Here it becomes text in the active language when it is read: each
template is looked up in the catalogues (``makemessages`` extracts the engine's templates, marked with its
own ``gettext_noop``, into ``tournaments/locale``), and a param that is a word of one of the engine's
vocabularies (``WORDS``: a bid, a team, a bonus, a hand kind, an annulment holding) is shown as that word
in the same language. Other params (numbers, seat labels, card names, input values as given) are shown as
they are.

``engine_error(field, exc, game_id)`` is the ``ValidationError`` a service raises: its message renders when
read (a page's language, or the API request's ``Accept-Language``) in the words of the game whose data it is
about, its ``code`` and ``params`` are the engine's, the same in every language. ``engine_message(exc,
game_id)`` is the text alone (lazy), for a message that is not a field error (a format error);
``error_text`` the text of one field error, engine's or not (a dispute's refusal). ``engine_message_data``
and ``engine_message_from_data`` keep an engine error's text as JSON, to be stored and rendered in its
reader's language later.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext

from engine.core.messages import SEAT_PARAMS, WORDS, EngineError, FieldError, Message, StepError
from engine.games import game_of_stored
from tournaments.core.labels import engine_word
from tournaments.core.validation import invalid


def word(param: str, value: Any, game_id: str | None, seats: Mapping[str, str]) -> Any:
    """``value`` of the param named ``param`` as the reader reads it: a word of ``game_id``'s vocabulary
    translated, a seat with its player ("B, Kovács Anna"), anything else as it is."""
    if type(value) is not str:
        return value
    if param in SEAT_PARAMS and value in seats:
        return f"{value}, {seats[value]}"
    vocabulary = WORDS.get(param)
    return value if vocabulary is None else engine_word(game_id, vocabulary, value)


def render(message: Message, game_id: str | None, seats: Mapping[str, str]) -> str:
    """One message in the active language: its template translated, its params (words translated, seats
    named) in it."""
    template = gettext(message.template)
    if not message.params:
        return template
    return template % {name: word(name, value, game_id, seats) for name, value in message.params.items()}


class EngineText:
    """An engine error's text as a ``ValidationError`` message: its parts (the places it names, then why)
    rendered and joined with ": " whenever it is read, so in the reader's language, in the words of the
    game whose data it is about (``game_id``; None: no game's, e.g. an unknown game) and with the players
    of the seats it names (``seats``: seat label -> player's name, where a table's entry is refused).

    Django formats a message with its params (``message % params``) when it renders it: here each part
    formats its own params (the error's ``params`` are theirs together), so the result is the same.
    """

    __slots__ = ("game_id", "parts", "seats")

    def __init__(
        self, parts: Iterable[str | Message], game_id: str | None, seats: Mapping[str, str] | None = None
    ) -> None:
        self.parts = tuple(parts)
        self.game_id = game_id
        self.seats = dict(seats or {})

    def __str__(self) -> str:
        return ": ".join(
            part if isinstance(part, str) else render(part, self.game_id, self.seats) for part in self.parts
        )

    def __mod__(self, params: Any) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"EngineText({self.parts!r}, {self.game_id!r})"


def _parts(exc: EngineError) -> tuple[str | Message, ...]:
    return (*exc.where, exc.message)


def _field_and_parts(field: str, exc: EngineError) -> tuple[str, tuple[str | Message, ...]]:
    """A summary's error names its field by the path (``field.path``: "data.result.trull"); any other
    names ``field`` and says where in its text ("trick 4, seat C: ...")."""
    if isinstance(exc, FieldError) and not isinstance(exc, StepError):
        return f"{field}.{exc.path}", _parts(exc)[1:]
    return field, _parts(exc)


def engine_error(
    field: str, exc: EngineError, game_id: str | None, seats: Mapping[str, str] | None = None
) -> ValidationError:
    """The field error a service raises for an engine error about ``game_id``'s data: the engine's code and
    params, the message in the reader's language and the game's words (with the players of ``seats``). A
    hand summary's error names the summary's field below ``field`` (``engine_error("data", exc, game)`` ->
    ``data.result.declarer_card_points``); a record's, a rules' or a play's error names ``field`` and says
    where in its message."""
    name, parts = _field_and_parts(field, exc)
    return invalid(name, EngineText(parts, game_id, seats), code=exc.code, params=exc.params)


def _text(parts: tuple[str | Message, ...], game_id: str | None) -> str:
    return str(EngineText(parts, game_id))


_lazy_text = lazy(_text, str)


def engine_message(exc: EngineError, game_id: str | None) -> Any:
    """The whole text of an engine error (where, then why) about ``game_id``'s data, lazily in the language
    active when it is read."""
    return _lazy_text(_parts(exc), game_id)


def error_text(error: ValidationError) -> Any:
    """What one field error says, read in the language active when it is shown: an engine error's
    ``EngineText`` as it is (``engine_message_data`` keeps it as JSON), any other message with its params
    (lazily)."""
    if isinstance(error.message, EngineText):
        return error.message
    return lazy(lambda: next(iter(error)), str)()


def engine_message_data(error: EngineText) -> dict[str, Any]:
    """An engine error's text as JSON, to store and render later in its reader's language:
    ``{"game": id, "parts": [a path as text, or {"code", "template", "params"}, ...]}``, the message last
    (the seats' players are not kept: a stored text names the seats)."""
    return {
        "game": error.game_id,
        "parts": [
            part
            if isinstance(part, str)
            else {"code": part.code, "template": part.template, "params": part.params}
            for part in error.parts
        ],
    }


def engine_message_from_data(data: Mapping[str, Any]) -> Any:
    """The lazy text of an error kept by ``engine_message_data`` (kept before texts named their game:
    ``engine.games.game_of_stored``)."""
    parts = tuple(
        part if isinstance(part, str) else Message(part["code"], part["template"], **part["params"])
        for part in data["parts"]
    )
    return _lazy_text(parts, game_of_stored(data))
