"""The words statistics show (contracts, bonuses, kinds of hand) in the reader's language: Hungarian
Tarokk's items as its score sheets name them (``tournaments.core.labels.ITEM_NAMES``), its bids as the
engine's sentences do, every other word by its game's ``labels`` (translated in ``tournaments/locale``);
tarokk jargon stays as it is."""

from __future__ import annotations

from django.utils.translation import gettext

from engine.games import GAMES
from tournaments.core.labels import ENGINE_VOCABULARIES, ITEM_NAMES

_HUNGARIAN_BIDS = ENGINE_VOCABULARIES["bid"]


def word(game_id: str, key: str) -> str:
    """``key`` (a contract, bonus or kind of ``game_id``) in the reader's language."""
    if game_id == "hungarian":
        if key in ITEM_NAMES:
            return str(ITEM_NAMES[key])
        if key in _HUNGARIAN_BIDS:
            return str(_HUNGARIAN_BIDS[key])
    labels = GAMES[game_id].labels if game_id in GAMES else {}
    return gettext(labels[key]) if key in labels else key.replace("_", " ")
