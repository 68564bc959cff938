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
from tournaments.core import labels
from tournaments.core.labels import label

register = template.Library()


def _terms(game_id: str) -> dict[str, tuple[str, Any, Any]]:
    """key -> (the term as the game's players say it, the plain word in the reader's language where there
    is one, the gloss): the game's terms (its descriptor's), glossed in the reader's language. Jargon
    (pagát, skíz, trull, kontra, volát...) is never translated: a German or English club says "pagát" and
    "skíz" too, and the gloss explains it; plain words (declarer, four kings) are shown in the reader's
    language with the home players' word beside them. ``/glossary/`` lists them all."""
    return {
        key: (term.word, None if term.plain is None else _(term.plain), _(term.gloss))
        for key, term in GAMES[game_id].terms.items()
    }


@register.simple_tag(takes_context=True)
def term(context: template.Context, key: str) -> str:
    """``{% term "pagat" %}``: a term of the page's game (its ``tournament``'s) as its players say it.
    Outside pages in the game's home language a plain word shows in the reader's language with the home
    word beside it ("declarer (felvevő)"); jargon shows as it is, with its gloss as a tooltip (and in
    ``/glossary/``, which phones can open)."""
    word, local, gloss = _terms(context["tournament"].game)[key]
    if (get_language() or "").startswith("hu"):
        return format_html('<span class="term" lang="hu">{}</span>', word)
    if local is not None:
        return format_html('<span class="term">{} (<span lang="hu">{}</span>)</span>', local, word)
    return format_html('<abbr class="term" lang="hu" title="{}">{}</abbr>', gloss, word)


def glossary(game_id: str) -> list[dict[str, Any]]:
    """Every term of a game with its plain word and gloss in the reader's language, for the glossary page."""
    return [
        {"key": key, "word": word, "local": local, "gloss": gloss}
        for key, (word, local, gloss) in _terms(game_id).items()
    ]


@register.filter
def item_label(item: dict[str, Any]) -> str:
    """A scored item's name in its game's words (``results.selectors.named_items`` names it) with its
    kontra level, e.g. "trull (kontra)"."""
    name = str(item.get("label") or str(item.get("name", "")).replace("_", " "))
    if item.get("kontra_name"):
        name = f"{name} ({item['kontra_name']})"
    return name


@register.filter
def game_word(key: Any, game_id: str) -> Any:
    """``{{ hand.kind|game_word:tournament.game }}``: a word of the tournament's game in the reader's
    language (``core.labels.game_word``)."""
    return labels.game_word(game_id, key) if isinstance(key, str) else key


@register.filter
def game_name(game_id: str) -> str:
    """``{{ tournament.game|game_name }}``: the game's name in the reader's language."""
    return labels.game_name(game_id)


@register.filter
def preset_name(tournament: Any) -> Any:
    """``{{ tournament|preset_name }}``: the tournament's rules preset by name, in the reader's language."""
    return labels.preset_name(tournament.game, tournament.rules_preset)


@register.filter
def round_short(number: Any) -> str:
    """``{{ n|round_short }}``: a round's number as a column head says it: R3 in English, F3 (forduló) in
    Hungarian: the standings table's own words (``pages.public.standings_columns``)."""
    try:
        return gettext("R%(n)d") % {"n": int(number)}
    except (TypeError, ValueError):
        return ""


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
