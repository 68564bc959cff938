"""Hungarian Tarokk in a dispute's finding: its facts (the bid, the declarer, the trull, the pagát in the
last trick ...) and its scored items in words, each a ``messages.Text`` kept as data and rendered in the
reader's language. The validator (``results.services.disputes``) weighs versions by the descriptor's facts
and items and asks this module how to say them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_noop as _  # marks a template: rendered when read

from engine.core.scoring import KONTRA_FACTOR
from engine.games import game
from tournaments.core.messages import Join, Labelled, Text

ITEM_NAMES = {
    "game": _("the game"),
    "double_game": _("the double game"),
    "volat": _("the volát"),
    "trull": _("the trull"),
    "four_kings": _("the four kings"),
    "pagat_ultimo": _("the pagát ultimó"),
    "xxi_catch": _("the XXI-catch"),
    "eight_tarokks": _("eight tarokks"),
    "nine_tarokks": _("nine tarokks"),
    "talon_honour": _("a talon honour"),
    "trial_three": _("the failed trial three"),
    "penalty": _("the penalty"),
}


KONTRA_NAMES = ("", *game("hungarian").kontra_names)  # jargon: never translated


SIDES = {"declarer": _("the declarer's team"), "opponents": _("the opponents")}


def side_of(team: str) -> Text:
    return Text(SIDES[team])


def item_name(name: str) -> Any:
    return Text(ITEM_NAMES[name]) if name in ITEM_NAMES else name.replace("_", " ")


def item(item: Mapping[str, Any]) -> Text:
    """One scored item in words, e.g. "the trull (silent, made by the opponents; worth 1 a player)"."""
    name, team, won = item["name"], item.get("team"), item["won"]
    state: Text | None
    if name == "game":
        state = Text(_("won by the declarer's team") if won else _("lost by the declarer's team"))
    elif name in ("eight_tarokks", "nine_tarokks"):
        template = _("declared by %(seat)s") if item["announced"] else _("not declared by %(seat)s")
        state = Text(template, seat=item.get("seat"))
    elif team in SIDES and item["announced"]:
        template = _("announced by %(side)s and made") if won else _("announced by %(side)s and lost")
        state = Text(template, side=side_of(team))
    elif team in SIDES:
        state = Text(
            _("silent, made by %(side)s") if won else _("silent, lost by %(side)s"), side=side_of(team)
        )
    else:
        state = Text(_("by %(seat)s"), seat=item["seat"]) if item.get("seat") else None
    if item.get("detail"):
        detail = item["detail"]
        state = Text(_("%(state)s: %(detail)s"), state=state, detail=detail) if state else Text(detail)
    kontra = item.get("kontra") or 0
    if kontra and kontra < len(KONTRA_NAMES):
        worth = Text(
            _("worth %(value)s a player with %(kontra)s ×%(factor)s"),
            value=item["value"],
            kontra=KONTRA_NAMES[kontra],
            factor=KONTRA_FACTOR[kontra],
        )
    else:
        worth = Text(_("worth %(value)s a player"), value=item["value"])
    label = item_name(name)
    if state:
        return Text(_("%(item)s (%(state)s; %(worth)s)"), item=label, state=state, worth=worth)
    return Text(_("%(item)s (%(worth)s)"), item=label, worth=worth)


def fact(name: str, value: Any) -> Text:
    """A fact in words, e.g. "the declarer's team took 52 card points"."""
    team = (
        (side_of(value) if value in SIDES else Text(_("nobody")))
        if isinstance(value, str) or value is None
        else value
    )

    def kontra_of(n: Any) -> Any:
        return KONTRA_NAMES[n] if isinstance(n, int) and 0 <= n < len(KONTRA_NAMES) else n

    def announcement(a: Mapping[str, Any]) -> Text:
        bonus, side = item_name(a["bonus"]), side_of(a["team"])
        if a["kontra"]:
            return Text(
                _("%(bonus)s by %(side)s (%(kontra)s)"),
                bonus=bonus,
                side=side,
                kontra=kontra_of(a["kontra"]),
            )
        return Text(_("%(bonus)s by %(side)s"), bonus=bonus, side=side)

    def declaration(d: Mapping[str, Any]) -> Text:
        template = (
            _("%(seat)s declared %(tarokks)s tarokks")
            if d["declared"]
            else _("%(seat)s held %(tarokks)s tarokks")
        )
        return Text(template, seat=d["seat"], tarokks=d["tarokks"])

    def pagat_last(v: Any) -> Text:
        if v is None:
            return Text(_("the pagát was not played to the last trick"))
        template = (
            _("%(side)s played the pagát to the last trick and won it")
            if v["won"]
            else _("%(side)s played the pagát to the last trick and lost it")
        )
        return Text(template, side=side_of(v["team"]))

    phrases = {
        "result.declarer_card_points": lambda: Text(
            _("the declarer's team took %(value)s card points"), value=value
        ),
        "result.declarer_tricks": lambda: Text(_("the declarer's team took %(value)s tricks"), value=value),
        "result.trull": lambda: (
            Text(_("%(team)s took the trull"), team=team) if value else Text(_("nobody took the trull"))
        ),
        "result.four_kings": lambda: (
            Text(_("%(team)s took the four kings"), team=team)
            if value
            else Text(_("nobody took the four kings"))
        ),
        "result.xxi_catch": lambda: (
            Text(_("%(team)s caught the XXI"), team=team) if value else Text(_("nobody caught the XXI"))
        ),
        "result.pagat_last_trick": lambda: pagat_last(value),
        "kind": lambda: Text(_("the hand was %(kind)s"), kind=Labelled("kind", value)),
        "bid": lambda: Text(_("the bid was %(bid)s"), bid=Labelled("bid", value)),
        "declarer": lambda: Text(_("%(seat)s was the declarer"), seat=value),
        "partner": lambda: (
            Text(_("the declarer played alone"))
            if value is None
            else Text(_("%(seat)s was the partner"), seat=value)
        ),
        "game_kontra": lambda: (
            Text(_("the game was not kontra'd"))
            if not value
            else Text(_("the game had %(kontra)s"), kontra=kontra_of(value))
        ),
        "called_card_discarded": lambda: Text(
            _("the called card was in a discard") if value else _("the called card was not discarded")
        ),
        "announcements": lambda: (
            Text(_("nothing was announced"))
            if not value
            else Text(_("the announcements were %(list)s"), list=Join([announcement(a) for a in value], ", "))
        ),
        "declarations": lambda: (
            Text(_("no tarokks were declared"))
            if not value
            else Text(_("%(list)s"), list=Join([declaration(d) for d in value], ", "))
        ),
    }
    phrase = phrases.get(name)
    return phrase() if phrase else Text(_("%(name)s is %(value)s"), name=name, value=str(value))
