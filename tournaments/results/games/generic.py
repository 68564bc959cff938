"""Any game's facts and scored items in a dispute's finding, by its descriptor's labels: "Rufer (won by the
declarer's team; worth 3 a player)". Each a ``messages.Text`` kept as data, read in the reader's language;
the game's words are ``Labelled`` in its own vocabulary (``word:<game>``), never another game's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_noop as _  # marks a template: rendered when read

from tournaments.core.messages import Labelled, Text

SIDES = {"declarer": _("the declarer's team"), "opponents": _("the opponents")}


@dataclass(frozen=True)
class Words:
    """The words of game ``game_id`` for a finding."""

    game_id: str

    def word(self, key: Any) -> Any:
        return Labelled(f"word:{self.game_id}", key) if isinstance(key, str) else key

    def item(self, item: Mapping[str, Any]) -> Text:
        """One scored item, e.g. "Pagat ultimo (made by the opponents; worth 2 a player)"."""
        team, won = item.get("team"), item.get("won")
        worth = Text(_("worth %(value)s a player"), value=item.get("value"))
        if team in SIDES:
            template = _("made by %(side)s") if won else _("lost by %(side)s")
            state = Text(template, side=Text(SIDES[team]))
            return Text(
                _("%(item)s (%(state)s; %(worth)s)"), item=self.word(item["name"]), state=state, worth=worth
            )
        return Text(_("%(item)s (%(worth)s)"), item=self.word(item["name"]), worth=worth)

    def fact(self, name: str, value: Any) -> Text:
        """A fact a version says, as its field and value: "contract: Solorufer"."""
        shown = self.word(value) if isinstance(value, str) else value
        return Text(_("%(field)s: %(value)s"), field=self.word(name.rsplit(".", 1)[-1]), value=shown)
