"""How an input value appears in an error message: ``repr`` cut short, so that a huge or deeply nested value
(malformed JSON) can neither flood the message nor exhaust the recursion limit while being shown."""

from __future__ import annotations

import reprlib
from typing import Any

_REPR = reprlib.Repr()  # Python 3.11 takes the limits as attributes only
_REPR.maxlevel = 3
_REPR.maxdict = 6
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = 8
_REPR.maxstring = _REPR.maxother = 60


def shown(value: Any) -> str:
    """``repr(value)``, at most three levels deep and with long strings and containers cut with "..."."""
    try:
        return _REPR.repr(value)
    except ValueError:  # an int too long to convert to text (sys.get_int_max_str_digits)
        return f"<an integer of {value.bit_length()} bits>" if isinstance(value, int) else "<unprintable>"


def as_text(value: Any) -> str:
    """A short string as it is (a seat label, a result), anything else as ``shown``."""
    return value if type(value) is str and len(value) <= 60 else shown(value)
