"""The API's JSON parser: DRF's, except that

* a body nested too deep for Python's decoder (a 100 KB body of ``[[[[...`` is enough) is a 400 parse
  error instead of a RecursionError and a 500;
* a lone UTF-16 surrogate (``"\\ud800"``) in any string or key is a 400 naming the field
  (``tournaments.core.validation.no_surrogates``): Python's decoder accepts it, then PostgreSQL, the JSON
  encoder and the response renderer fail on it.
"""

from __future__ import annotations

from typing import Any

from rest_framework import parsers
from rest_framework.exceptions import ParseError

from tournaments.core import api_texts as texts
from tournaments.core.validation import no_surrogates


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(texts.NESTED_TOO_DEEPLY) from None
        return no_surrogates(data)
