"""One module per ``python -m engine`` sub-command; each has ``main(argv) -> int``."""

from __future__ import annotations

import json
import sys
from typing import Any


def read_json(path: str) -> Any:
    """The JSON in file ``path``, or on standard input for ``-``; raises OSError or ValueError (also for JSON
    nested too deeply for the parser, which would otherwise escape as a RecursionError)."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
