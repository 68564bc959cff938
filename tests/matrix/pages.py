"""Reading the site's pages as a person does: the visible text (no tags, scripts, styles or attribute values
but the ones read aloud), the game's words in it, raw identifiers a page must never show, the payments of a
preview, and the numbers of an SVG chart."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

from django.utils import translation
from django.utils.translation import trans_real

from engine.core.descriptor import GameDescriptor
from engine.games import GAMES

LANGUAGES = ("hu", "en", "de")
READ_ALOUD = ("aria-label", "title", "alt", "placeholder")
#: a snake_case word: a key of the code, never a word of a sentence
SNAKE = re.compile(r"(?<![\w/.@-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/@-])")
WORD = re.compile(r"[\w-]+")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._skip += 1
        for name, value in attrs:
            if name in READ_ALOUD and value:
                self.parts.append(f" {value} ")
        if tag in ("br", "p", "div", "li", "tr", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "option"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self._skip = max(0, self._skip - 1)
        if tag in ("td", "th", "dt", "dd", "li", "option", "span", "a", "label", "button"):
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """What a reader sees and a screen reader reads of ``html``, whitespace collapsed per line."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(" ".join(line.split()) for line in "".join(parser.parts).splitlines() if line.strip())


def section(html: str, marker: str) -> str:
    """The HTML from the element holding ``marker`` (e.g. ``class="pending-card"``) to its ``</section>``."""
    start = html.find(marker)
    if start < 0:
        return ""
    end = html.find("</section>", start)
    return html[start : end if end > 0 else len(html)]


@lru_cache(maxsize=8)
def legit_words(language: str) -> frozenset[str]:
    """Every word the site's catalogue says in ``language`` (English: the msgids), the games' names and
    labels in it: a word here may appear on a page in its own right."""
    msgids = trans_real.translation("hu")._catalog.keys()  # a TranslationCatalog: no iteration of its own
    texts: list[str] = []
    for key in msgids:
        if language == "en":
            texts.append(key[0] if isinstance(key, tuple) else str(key).split("\x04")[-1])
        else:
            with translation.override(language):
                texts.append(str(trans_real.translation(language)._catalog.get(key, "")))
    with translation.override(language):
        for game in GAMES.values():
            texts.append(game.name(language))
            texts += [translation.gettext(label) for label in game.labels.values()]
            texts += [term.word for term in game.terms.values()]
    return frozenset(w for text in texts for w in WORD.findall(text))


def raw_words_of(game: GameDescriptor) -> set[str]:
    """Identifiers of ``game`` a page shows only by mistake: its id, its presets' ids, its kinds' and
    contracts' keys (each checked only where the language's own words do not use it)."""
    words = {game.id, *game.presets}
    for vocabulary in ("kind", "contract", "bid"):
        words |= set(game.vocabularies.get(vocabulary, ()))
    return words


def schema_keys(game: GameDescriptor) -> set[str]:
    return set(game.summary_schema().get("properties", {})) | {"payments", "data", "result"}


def raw_identifiers(html: str, language: str, game: GameDescriptor, allowed: Iterable[str] = ()) -> list[str]:
    """Raw identifiers in the visible text of ``html``: snake_case keys, dotted summary paths
    (``payments.A``, ``result.declarer_card_points``) and the game's ids and words where the language
    does not use them (``wiener_tarockcup``, ``ichenheim``, ``hungarian``)."""
    text = visible_text(html)
    ok = set(allowed)
    found = {m.group(0) for m in SNAKE.finditer(text)} - ok
    keys = "|".join(sorted(schema_keys(game), key=len, reverse=True))
    found |= {m.group(0) for m in re.finditer(rf"\b(?:{keys})\.[A-Za-z_]\w*", text)}
    legit = legit_words(language) | ok
    tokens = set(WORD.findall(text))
    for game_words in (raw_words_of(game), set(GAMES)):
        found |= {w for w in game_words & tokens if "_" not in w and w not in legit}
        # a key shown with its underscores made spaces ("wiener tarockcup") is no label either
        for w in game_words:
            parts = w.split("_")
            if len(parts) > 1 and any(p not in legit for p in parts):
                found |= set(re.findall(rf"\b{re.escape(' '.join(parts))}\b", text))
    return sorted(found)


def label(game: GameDescriptor, key: str, language: str) -> str | None:
    """The game's label of ``key`` in ``language`` (None: the game labels no such word)."""
    if key not in game.labels:
        return None
    with translation.override(language):
        return translation.gettext(game.labels[key])


def missing_items(
    html: str, items: Iterable[Mapping[str, Any]], game: GameDescriptor, language: str
) -> list[str]:
    """The scored items whose label (the game's, in ``language``) the page does not show."""
    text = visible_text(html)
    problems = []
    for item in items:
        name = str(item.get("name"))
        words = label(game, name, language)
        if words is None:
            problems.append(f"item {name}: {game.id} has no label for it")
        elif words not in text:
            problems.append(f"item {name}: its label {words!r} is not on the page")
    return problems


def signed_number(text: str) -> int:
    return int(text.strip().replace("−", "-").replace("+", "").replace("\u2212", "-"))


def preview_payments(html: str) -> dict[str, int]:
    """The payments of a preview (``_preview.html``'s table), by seat."""
    box = html[html.find('class="data preview-pay"') :]
    box = box[: box.find("</table>")]
    rows = re.findall(
        r'<span class="pos-label">([A-F])</span>.*?<td class="num"><span[^>]*>([^<]+)</span>', box, re.S
    )
    return {seat: signed_number(value) for seat, value in rows}


def page_errors(html: str) -> list[str]:
    """The errors a refused form shows: its error summary's lines, the fields' own errors, the preview's."""
    out = []
    box = re.search(r'id="error-summary".*?</div>', html, re.S)
    if box:
        out += [visible_text(li) for li in re.findall(r"<li>(.*?)</li>", box.group(0), re.S)]
        out += [visible_text(p) for p in re.findall(r"<p>(.*?)</p>", box.group(0), re.S)]
    out += [visible_text(e) for e in re.findall(r'<p class="field-error"[^>]*>(.*?)</p>', html, re.S)]
    out += [visible_text(e) for e in re.findall(r'<div class="msg msg-error"[^>]*>(.*?)</div>', html, re.S)]
    return list(dict.fromkeys(e for e in out if e))


SVG_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")


def svg_numbers_not_dotted(html: str) -> list[str]:
    """Coordinates of the page's SVG charts that are not plain numbers with a '.' decimal point (a
    language's decimal comma breaks the chart)."""
    bad = []
    for svg in re.findall(r"<svg.*?</svg>", html, re.S):
        for name, value in re.findall(r'\s(points|cx|cy|x|y|x1|x2|y1|y2|viewBox)="([^"]*)"', svg):
            if name == "points":
                pairs = value.split()
                if any(pair.count(",") != 1 for pair in pairs):
                    bad.append(f'{name}="{value}"')
                    continue
                numbers = [n for pair in pairs for n in pair.split(",")]
            else:
                numbers = value.split()
            bad += [f'{name}="{value}"' for n in numbers if not SVG_NUMBER.match(n)]
    return sorted(set(bad))
