"""Template helpers of the site: tarokk terms as Hungarian players say them (glossed in the reader's
language), scored items in words, and signed points."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

register = template.Library()

# key -> (the term as Hungarian players say it, its gloss for English and German readers). The term is
# never translated: a German or English club says "pagát" and "skíz" too; the gloss explains it.
TERMS: dict[str, tuple[str, Any]] = {
    "tarokk": ("tarokk", _("a trump card (the 22 tarokks I to XXII)")),
    "pagat": ("pagát", _("tarokk I, the lowest trump")),
    "xxi": ("XXI", _("tarokk XXI, the second-highest trump")),
    "skiz": ("skíz", _("the Excuse (XXII), the highest tarokk")),
    "honours": ("honőrök", _("the three honours: pagát, XXI and skíz")),
    "trull": ("trull", _("holding all three honours (pagát, XXI and skíz)")),
    "four_kings": ("négy király", _("all four kings on one team")),
    "pagat_ultimo": ("pagátultimó", _("winning the last trick with the pagát")),
    "xxi_catch": ("XXI-fogás", _("capturing the opponents' XXI with the skíz")),
    "volat": ("volát", _("one team wins every trick")),
    "double_game": ("dupla játék", _("a double game: 71 card points or more")),
    "kontra": ("kontra", _("doubling the value of a bonus or the game")),
    "rekontra": ("rekontra", _("the answer to a kontra: doubled again")),
    "szubkontra": ("szubkontra", _("the answer to a rekontra: doubled again")),
    "talon": ("talon", _("the six cards dealt face down and taken after the bidding")),
    "declarer": ("felvevő", _("the declarer: the player who won the bidding")),
    "partner": ("partner", _("the declarer's partner, who holds the called tarokk")),
    "eight_tarokks": ("nyolc tarokk", _("holding eight tarokks, declared at the start")),
    "nine_tarokks": ("kilenc tarokk", _("holding nine tarokks, declared at the start")),
}

ITEM_NAMES: dict[str, Any] = {
    "game": _("game"),
    "double_game": _("double game"),
    "volat": "volát",
    "trull": "trull",
    "four_kings": _("four kings"),
    "pagat_ultimo": "pagátultimó",
    "xxi_catch": _("XXI catch"),
    "eight_tarokks": _("eight tarokks"),
    "nine_tarokks": _("nine tarokks"),
    "talon_honour": _("talon honour"),
    "trial_three": _("failed trial three"),
    "penalty": _("penalty"),
}
KONTRA_NAMES = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")


@register.simple_tag
def term(key: str) -> str:
    """``{% term "pagat" %}``: the Hungarian term, with its gloss as a tooltip outside Hungarian pages."""
    word, gloss = TERMS[key]
    if (get_language() or "").startswith("hu"):
        return format_html('<span class="term" lang="hu">{}</span>', word)
    return format_html('<abbr class="term" lang="hu" title="{}">{}</abbr>', gloss, word)


@register.filter
def gloss(key: str) -> str:
    """The gloss alone, e.g. for a glossary list."""
    return str(TERMS[key][1])


@register.filter
def item_label(item: dict[str, Any]) -> str:
    """A scored item's name with its kontra level, e.g. "trull (kontra)"."""
    name = str(ITEM_NAMES.get(item.get("name", ""), str(item.get("name", "")).replace("_", " ")))
    kontra = int(item.get("kontra") or 0)
    if 0 < kontra < len(KONTRA_NAMES):
        name = f"{name} ({KONTRA_NAMES[kontra]})"
    return name


@register.filter
def signed(value: Any) -> str:
    """Points with their sign, as a score sheet writes them: +12, −4 (a real minus sign), 0."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return "" if value is None else str(value)
    if number > 0:
        return f"+{number}"
    return f"−{-number}" if number < 0 else "0"


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``{{ payments|get:seat }}``: a dict's value by a variable key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None
