"""Talon's numbers by table size, from the text's reference charts ("Player Reference Charts").

Every seat plays every deal at every size; the size decides the pack, the contracts and their victory
points, the card points a contract needs, who may have a partner and what a handful is."""

from __future__ import annotations

TABLE_SIZES: tuple[int, ...] = (2, 3, 4, 5, 6)

#: card points in the pack (1.1, "Requirements for Winning Contracts"; the straw man game uses the
#: four-player pack of 54 cards, 8.2)
TOTAL_POINTS: dict[int, int] = {2: 106, 3: 94, 4: 106, 5: 118, 6: 130}
#: the card points the declaring side needs: more than half (1.6, 2.0, 3.0, 4.0, 8.2)
REQUIRED_POINTS: dict[int, int] = {2: 54, 3: 48, 4: 54, 5: 60, 6: 66}
#: the six talon cards' card points: at least one each, at most five each (1.1, 1.2); none at two (8.2)
TALON_POINTS: dict[int, tuple[int, int]] = {2: (0, 0), 3: (6, 30), 4: (6, 30), 5: (6, 30), 6: (6, 30)}
#: the most card points a declarer's discards hold (six cards, no kings or oudlers: queens at most, 1.4)
MAX_DISCARD_POINTS = 24

#: the contracts, lowest first, and their victory points (charts "Contracts in the Three or Four Player
#: Game", "... Five or Six Player Game"; 8.2 and 8.2.3 for two)
CONTRACTS: dict[int, tuple[str, ...]] = {
    2: ("straw_man", "take"),
    3: ("preference", "duo", "uno", "solo"),
    4: ("preference", "duo", "uno", "solo"),
    5: ("tapper", "preference", "solo"),
    6: ("tapper", "preference", "solo"),
}
ALL_CONTRACTS: tuple[str, ...] = ("straw_man", "take", "tapper", "preference", "duo", "uno", "solo")
_VALUES_34 = {"preference": 1, "duo": 2, "uno": 3, "solo": 4}
_VALUES_56 = {"tapper": 1, "preference": 2, "solo": 4}
#: size -> contract -> (victory points won, victory points lost): only take differs (8.2.3: 2 won, 3 lost)
CONTRACT_VALUES: dict[int, dict[str, tuple[int, int]]] = {
    2: {"straw_man": (1, 1), "take": (2, 3)},
    3: {c: (v, v) for c, v in _VALUES_34.items()},
    4: {c: (v, v) for c, v in _VALUES_34.items()},
    5: {c: (v, v) for c, v in _VALUES_56.items()},
    6: {c: (v, v) for c, v in _VALUES_56.items()},
}
#: the sizes at which only the forehand may play preference: "The preference contract is only available to
#: the forehand who is not allowed to pass" (1.3, its chart's note *; 2.0: the same contracts at four). At
#: five and six "the forehand is allowed to pass and, therefore, all three ... contracts are available to
#: all players" (3.0, 4.0)
FOREHAND_PREFERENCE_SIZES: frozenset[int] = frozenset({3, 4})
#: the sizes at which the declarer may call a partner: a king at four (2.0), a tarock at six (4.0)
PARTNER_SIZES: frozenset[int] = frozenset({4, 6})

#: the bonuses, and the sizes that have each: king ultimo at four only (chart, note **); the straw man game
#: keeps pagat ultimo, honours and valat (8.2.1)
BONUSES: tuple[str, ...] = ("pagat_ultimo", "king_ultimo", "all_three", "all_four", "valat")
BONUS_SIZES: dict[str, frozenset[int]] = {
    "pagat_ultimo": frozenset(TABLE_SIZES),
    "king_ultimo": frozenset({4}),
    "all_three": frozenset(TABLE_SIZES),
    "all_four": frozenset(TABLE_SIZES),
    "valat": frozenset(TABLE_SIZES),
}
#: the option each bonus needs
BONUS_OPTION: dict[str, str] = {
    "pagat_ultimo": "pagat_ultimo",
    "king_ultimo": "king_ultimo",
    "all_three": "honours",
    "all_four": "honours",
    "valat": "valat",
}
#: the bonuses whose silent failure still scores for the other side: an ultimo card played to the last
#: trick that loses it (5.1, 6.3); all three, all four and valat attempted silently cost nothing (6.1, 5.2)
SILENT_LOSS: frozenset[str] = frozenset({"pagat_ultimo", "king_ultimo"})

HANDFULS: tuple[str, ...] = ("single_handful", "double_handful", "triple_handful")
#: size -> (the fewest tarocks of a single, a double, a triple handful) (6.2 and its chart); none at two
HANDFUL_MINIMA: dict[int, tuple[int, int, int]] = {
    3: (10, 11, 12),
    4: (8, 10, 12),
    5: (8, 10, 12),
    6: (7, 9, 11),
}
#: tarocks in the pack (21 numbered and the fool, which counts as one for handfuls, 6.2) and in one hand
TAROCKS = 22
HAND_SIZE = 12


def handful(size: int, tarocks: int) -> tuple[str, int] | None:
    """The handful ``tarocks`` make at a table of ``size`` and its victory points (6.2), None if none."""
    minima = HANDFUL_MINIMA.get(size, ())
    found = None
    for value, least in enumerate(minima, start=1):
        if tarocks >= least:
            found = (HANDFULS[value - 1], value)
    return found
