"""A hand summary as the phone's summary form posts it, by reading the form's own fields: the generic kit's
questions (the descriptor's ``summary_form``, each named by ``generic.field_name``) or the Hungarian kit's
hand-made form. ``summary_post`` answers the POST data and the summary's paths the form has no field for;
``rendered_fields`` reads the fields a rendered page really has, so a test can check the POST against it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from typing import Any

from engine.core.descriptor import GameDescriptor
from engine.core.form import PER_SEAT_KINDS, FormField
from tournaments.pages.games import KITS, generic

#: the Hungarian kit's bonuses whose winner the form asks (``won_<bonus>``)
HUNGARIAN_RESULT_BONUSES = ("trull", "four_kings", "xxi_catch")


def is_generic(game: GameDescriptor) -> bool:
    return issubclass(KITS[game.id].forms["summary"], generic.SummaryForm)


def leaf_paths(value: Any, prefix: str = "") -> Iterator[str]:
    """Every leaf of a JSON value as a dotted path (list items as ``[i]``)."""
    if isinstance(value, Mapping) and value:
        for key, inner in value.items():
            yield from leaf_paths(inner, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and value:
        for i, inner in enumerate(value):
            yield from leaf_paths(inner, f"{prefix}[{i}]")
    else:
        yield prefix


def _at(summary: Mapping[str, Any], path: str) -> Any:
    return generic.summary_value(dict(summary), path)


def _bonus_answer(value: Mapping[str, Any]) -> str:
    return f"{value.get('side')}:{'made' if value.get('made') else 'lost'}"


def _generic_answer(q: FormField, value: Any) -> dict[str, Any]:
    name = generic.field_name(q.path)
    if q.kind in PER_SEAT_KINDS:
        return {f"{name}__{seat}": str(n) for seat, n in dict(value).items()}
    if q.kind == "bonus":
        said = {f"{name}__announced": "on"} if value.get("announced") else {}
        return {name: _bonus_answer(value), **said}
    if q.kind == "seats":
        return {name: list(value)}
    if q.kind == "bool":
        return {name: "on"} if value else {}
    return {name: str(value)}


def generic_post(game: GameDescriptor, summary: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The generic form's answers to ``summary``, and the summary's leaves no question asks."""
    data: dict[str, Any] = {}
    # a question's path names a list's item by its number (``more_declarers.0.won``); leaf_paths by [i]
    asked = [re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", q.path) for q in game.summary_form]
    for q in game.summary_form:
        value = _at(summary, q.path)
        if value is None or (q.kind in ("seats", *PER_SEAT_KINDS) and not value):
            continue
        data.update(_generic_answer(q, value))
    unasked = [
        path
        for path in leaf_paths(summary)
        if path and not any(path == p or path.startswith(p + ".") or path.startswith(p + "[") for p in asked)
    ]
    return data, unasked


def hungarian_post(summary: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The Hungarian kit's form (``pages/games/hungarian.py``) answering ``summary``: kind, bid, declarer,
    partner (``alone`` for none), the game's kontra, card points and tricks, who took each result bonus,
    the pagát's last trick, each announcement (``ann_<bonus>_team``/``_kontra``), each seat's declared
    tarokks (``decl_<seat>``), a family bonus's maker (``made_<bonus>``), a penalty's offenders and amount."""
    kind = summary.get("kind", "played")
    data: dict[str, Any] = {"kind": kind}
    used = {"kind"}
    if kind == "played":
        result = summary.get("result") or {}
        data.update(
            bid=summary["bid"],
            declarer=summary["declarer"],
            partner=summary.get("partner") or "alone",
            game_kontra=str(summary.get("game_kontra", 0)),
            card_points=str(result["declarer_card_points"]),
            tricks=str(result["declarer_tricks"]),
        )
        used |= {"bid", "declarer", "partner", "game_kontra"}
        used |= {"result.declarer_card_points", "result.declarer_tricks"}
        if summary.get("called_card_discarded"):
            data["called_card_discarded"] = "on"
        used.add("called_card_discarded")
        for bonus in HUNGARIAN_RESULT_BONUSES:
            if result.get(bonus):
                data[f"won_{bonus}"] = result[bonus]
            used.add(f"result.{bonus}")
        last = result.get("pagat_last_trick")
        if last:
            data["pagat_last_trick"] = f"{last['team']}:{'won' if last['won'] else 'lost'}"
        used |= {"result.pagat_last_trick.team", "result.pagat_last_trick.won", "result.pagat_last_trick"}
        for i, announcement in enumerate(summary.get("announcements") or []):
            bonus = announcement["bonus"]
            data[f"ann_{bonus}_team"] = announcement["team"]
            data[f"ann_{bonus}_kontra"] = str(announcement.get("kontra", 0))
            used |= {f"announcements[{i}].{k}" for k in ("bonus", "team", "kontra")}
        for i, declaration in enumerate(summary.get("declarations") or []):
            late = "" if declaration.get("declared", True) else "-late"
            data[f"decl_{declaration['seat']}"] = f"{declaration['tarokks']}{late}"
            used |= {f"declarations[{i}].{k}" for k in ("seat", "tarokks", "declared")}
        for bonus, teams in (result.get("bonuses") or {}).items():
            data[f"made_{bonus}"] = "both" if isinstance(teams, list) else teams
            used |= {f"result.bonuses.{bonus}", f"result.bonuses.{bonus}[0]", f"result.bonuses.{bonus}[1]"}
    elif kind == "trial_three_failed":
        data["declarer"] = summary["declarer"]
        used |= {"declarer", "bid"}
    elif kind == "penalty":
        data["offenders"] = list(summary["offenders"])
        data["amount"] = str(summary["amount"])
        used |= {"amount"} | {f"offenders[{i}]" for i in range(len(summary["offenders"]))}
    unasked = [path for path in leaf_paths(summary) if path and path not in used]
    return data, unasked


def summary_post(game: GameDescriptor, summary: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The summary form's POST data for ``summary`` (without ``action`` and ``idem``), and the summary's
    paths the form has no field for. A hand-made kit without a converter here fails loudly."""
    if is_generic(game):
        return generic_post(game, summary)
    if game.id == "hungarian":
        return hungarian_post(summary)
    raise NotImplementedError(f"the matrix has no converter for {game.id}'s hand-made summary form")


def payments_post(
    payments: Mapping[str, int], kind: str = "played", out: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The payments form's POST data (a seat sitting out is a disabled field: a browser posts nothing)."""
    return {"kind": kind, **{f"pay_{p}": str(v) for p, v in payments.items() if p not in out}}


class _Fields(HTMLParser):
    """The named fields of the first ``<form>`` holding ``marker`` (or of every form): name -> the values a
    user may choose (options, check boxes, radio buttons) or None for a free field."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, set[str] | None] = {}
        self.disabled: set[str] = set()
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "select" and name:
            self._select = name
            self.fields.setdefault(name, set())
        elif tag == "option" and self._select is not None:
            choices = self.fields[self._select]
            assert choices is not None
            choices.add(a.get("value") or "")
        elif tag in ("input", "textarea") and name:
            if a.get("type") in ("checkbox", "radio"):
                current = self.fields.setdefault(name, set())
                if current is not None:
                    current.add(a.get("value") or "on")
            else:
                self.fields[name] = None
        if name and "disabled" in a:
            self.disabled.add(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def rendered_fields(html: str) -> tuple[dict[str, set[str] | None], set[str]]:
    """The page's named fields with their choices (None: typed freely), and the disabled ones."""
    parser = _Fields()
    parser.feed(html)
    return parser.fields, parser.disabled


def not_on_page(post: Mapping[str, Any], html: str) -> list[str]:
    """What ``post`` answers that the rendered form does not offer: a field it lacks, or a choice not
    among the field's options."""
    fields, disabled = rendered_fields(html)
    problems = []
    for name, value in post.items():
        if name not in fields:
            problems.append(f"no field {name}")
            continue
        if name in disabled:
            problems.append(f"field {name} is disabled")
        choices = fields[name]
        values = value if isinstance(value, list) else [value]
        if choices is not None:
            problems += [
                f"{name}: no choice {v!r} (offers {sorted(choices)})" for v in values if v not in choices
            ]
    return problems
