"""Card points counted in threes, exactly: a count in whole thirds of a point.

Austrian Tarock counts a pile of cards in groups of three (each group's values less 2); one or two cards
left over count a third or two thirds ("ein Blatt", "zwei Blatt": 35 points and two cards is 35⅔), so a
player's own pile, counted on its own as in Trischaken, may end in ⅓ or ⅔ (the whole pack is 70). A
summary keeps such a value exact: a whole number (``23``) or a string of the whole and the third
(``"23 1/3"``, ``"23 2/3"``). What players type is read too: ``23⅓``, ``23 ⅓``, ``23+1/3``, ``1/3``, and
decimals rounded to a third (``23,33``, ``23.3``, ``23,67``, ``23.7``; ``23,5`` is no third and is refused).
Inside the engine a value is an ``int`` count of thirds (``23 1/3`` is 70), so sums and comparisons are
exact.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

_GLYPHS = {"⅓": "1/3", "⅔": "2/3"}
_WHOLE_AND_THIRD = re.compile(r"(?:(\d{1,4})\s*\+?\s*)?([12])\s*/\s*3|(\d{1,4})")
_DECIMAL = re.compile(r"(\d{1,4})[.,](\d{1,4})")
#: how far a typed decimal may be from a third and still be read as it (23,3 and 23,33 are 23⅓)
_DECIMAL_SLACK = Fraction(1, 20)


def parse_thirds(value: Any) -> int | None:
    """``value`` (a whole number, or text as people type a count in thirds) as a count of thirds; None when
    it is not one (a bool, a negative number, a decimal that is no third, other text)."""
    if type(value) is int:
        return 3 * value if value >= 0 else None
    if type(value) is not str or len(value) > 32:
        return None
    text = value.strip()
    for glyph, spelled in _GLYPHS.items():
        text = text.replace(glyph, f" {spelled}")
    text = text.strip()
    match = _WHOLE_AND_THIRD.fullmatch(text)
    if match:
        whole, third, plain = match.groups()
        if plain is not None:
            return 3 * int(plain)
        return 3 * int(whole or 0) + int(third)
    match = _DECIMAL.fullmatch(text)
    if match:
        exact = Fraction(int(match.group(1))) + Fraction(int(match.group(2)), 10 ** len(match.group(2)))
        thirds = round(exact * 3)
        if abs(exact - Fraction(thirds, 3)) <= _DECIMAL_SLACK:
            return thirds
    return None


def stored(thirds: int) -> int | str:
    """How a summary stores a count of thirds: a whole number as itself, else ``"23 1/3"``."""
    whole, rest = divmod(thirds, 3)
    return whole if not rest else f"{whole} {rest}/3"


def shown(thirds: int) -> str:
    """A count of thirds as people read it: ``23``, ``23⅓``, ``⅔``."""
    whole, rest = divmod(thirds, 3)
    glyph = ("", "⅓", "⅔")[rest]
    return f"{whole}{glyph}" if whole or not glyph else glyph


def as_points(thirds: int) -> Fraction:
    """A count of thirds as exact card points."""
    return Fraction(thirds, 3)
