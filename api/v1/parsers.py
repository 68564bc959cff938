"""The API's JSON parser: DRF's, except that

* a body nested too deep for Python's decoder (a 100 KB body of ``[[[[...`` is enough) is a 400 parse
  error instead of a RecursionError and a 500;
* a lone UTF-16 surrogate (``"\\ud800"``) or a NUL (``"\\u0000"``) in any string or key is a 400 naming
  the field (``tournaments.core.validation.storable_text``): Python's decoder accepts both, then
  PostgreSQL refuses them in a query or a row (a slug looked up with a NUL was a 500), and the JSON
  encoder and the response renderer fail on a surrogate. A service checks its text itself too (for the
  pages); here no identifier of a body reaches the database unchecked.
"""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from tournaments.core import api_texts as texts
from tournaments.core.validation import storable_text


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(texts.NESTED_TOO_DEEPLY) from None
        return storable_text(data)
