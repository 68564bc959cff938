"""Text as people search it: one folding for every search of the project (a tournament's "find my table",
the organizers' player search), so that "kovacs" finds "Kovács" wherever a name is looked up."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower case without accents, so that "kovacs" finds "Kovács" (and "o" finds "ő")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
