"""Template helpers of the site: tarokk terms as Hungarian players say them (glossed in the reader's
language), scored items in words, signed points, and the mark of provisional points."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from engine.games import GAMES
from tournaments.core.formats import game_of
from tournaments.core.labels import ITEM_NAMES, label

register = template.Library()

# key -> (the term as the game's players say it, the plain word in the reader's language where there is one,
# the gloss): the game's terms (its descriptor's), glossed in the reader's language. Jargon (pagát, skíz,
# trull, kontra, volát...) is never translated: a German or English club says "pagát" and "skíz" too, and
# the gloss explains it; plain words (declarer, four kings) are shown in the reader's language with the
# Hungarian beside them. ``/glossary/`` lists them all.
TERMS: dict[str, tuple[str, Any, Any]] = {
    key: (term.word, None if term.plain is None else _(term.plain), _(term.gloss))
    for key, term in game_of().terms.items()
}

KONTRA_NAMES = ("", *game_of().kontra_names)  # jargon: never translated
# The words of every game (contracts, bonuses, items) and their English labels, for items of any game.
GAME_LABELS: dict[str, str] = {key: text for g in reversed(GAMES.values()) for key, text in g.labels.items()}


@register.simple_tag
def term(key: str) -> str:
    """``{% term "pagat" %}``: the term as Hungarian players say it. Outside Hungarian pages a plain word
    shows in the reader's language with the Hungarian beside it ("declarer (felvevő)"); jargon shows as
    it is, with its gloss as a tooltip (and in ``/glossary/``, which phones can open)."""
    word, local, gloss = TERMS[key]
    if (get_language() or "").startswith("hu"):
        return format_html('<span class="term" lang="hu">{}</span>', word)
    if local is not None:
        return format_html('<span class="term">{} (<span lang="hu">{}</span>)</span>', local, word)
    return format_html('<abbr class="term" lang="hu" title="{}">{}</abbr>', gloss, word)


def glossary(game_id: str | None = None) -> list[dict[str, Any]]:
    """Every term of a game (Hungarian Tarokk: the default) with its plain word and gloss, for the glossary
    page."""
    if game_id in (None, game_of().id):
        return [
            {"key": key, "word": word, "local": local, "gloss": gloss}
            for key, (word, local, gloss) in TERMS.items()
        ]
    return [
        {
            "key": key,
            "word": term.word,
            "local": None if term.plain is None else gettext(term.plain),
            "gloss": gettext(term.gloss),
        }
        for key, term in GAMES[game_id].terms.items()
    ]


@register.filter
def item_label(item: dict[str, Any]) -> str:
    """A scored item's name with its kontra level, e.g. "trull (kontra)"."""
    key = str(item.get("name", ""))
    if key in ITEM_NAMES:
        name = str(ITEM_NAMES[key])
    else:  # another game's item: its descriptor's label, in the reader's language
        name = gettext(GAME_LABELS[key]) if key in GAME_LABELS else key.replace("_", " ")
    kontra = int(item.get("kontra") or 0)
    if item.get("kontra_name"):
        name = f"{name} ({item['kontra_name']})"
    elif 0 < kontra < len(KONTRA_NAMES):
        name = f"{name} ({KONTRA_NAMES[kontra]})"
    return name


@register.filter
def cents(value: Any) -> str:
    """An amount of table money in cents as the reader writes money: +1.20, −0.40 (two decimals, the
    language's decimal separator, a real minus sign)."""
    try:
        amount = int(value)
    except (TypeError, ValueError):
        return ""
    text = number_format(abs(amount) / 100, decimal_pos=2)
    return f"+{text}" if amount > 0 else (f"−{text}" if amount < 0 else text)


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
def sheet_line(hand: Any) -> bool:
    """Whether a score sheet's hand needs a line under its payments: what was played when it was not a
    plain played hand (passed out, annulled, a penalty, voided), or the engine's scored items."""
    if hand.items:
        return True
    return bool(hand.counted and (hand.status == "voided" or hand.kind != "played"))


@register.filter
def scored(sheet: Any) -> bool:
    """Whether any hand of a score sheet has scored items (then the sheet shows their legend)."""
    return any(hand.items for hand in sheet)


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``{{ payments|get:seat }}``: a dict's value by a variable key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


# The sign after a provisional figure: points of a round not closed yet (``standings``). One sign on every
# surface (pages, projector, print), explained by the legend beside it; hidden from screen readers, which
# read the legend and the tables' captions.
PROVISIONAL_SIGN = "°"
PROVISIONAL_MARK: SafeString = format_html(
    '<span class="prov-mark" aria-hidden="true">{}</span>', PROVISIONAL_SIGN
)


@register.simple_tag
def provisional_mark() -> SafeString:
    """``{% provisional_mark %}`` after a provisional figure."""
    return PROVISIONAL_MARK


@register.simple_tag
def provisional_legend() -> SafeString:
    """``{% provisional_legend %}``: what the mark means, in the reader's language (one wording for every
    surface)."""
    return format_html(
        "{} {}",
        PROVISIONAL_MARK,
        gettext(
            "provisional: the round is still being played. These points count the hands confirmed so far; "
            "they become final when the round closes."
        ),
    )


@register.filter(name="label")
def label_filter(value: Any, vocabulary: str) -> Any:
    """A raw value (a draw method, a status, a kind ...) by its label in the reader's language:
    ``{{ round.method|label:"method" }}`` (``tournaments.core.labels``)."""
    return label(vocabulary, value)
