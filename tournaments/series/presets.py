"""The cups' own point systems as named presets: a series' rules name one (``{"preset": "tirol_cup"}``) and
may override any of its keys (``{"preset": "austrian_cup", "best_of": 8}``; an object merges key by key, a
list or a number replaces; a ``points`` or ``aggregate`` of another ``method`` replaces the preset's whole).

Each preset is a function returning the rules JSON it stands for (``series.compute`` reads it, this module
imports nothing of the series); its docstring gives the formula and the source. The Austrian cups' numbers
are copied from the ABAKUS app (Leo Luger's tarock app for the Austrian cups), at commit ``ABAKUS_COMMIT``
of https://github.com/ahunu/ABAKUS; the EMA's from the EMA's ranking pages. ``docs/series.md`` shows a
worked example of each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

ABAKUS_COMMIT = "2597adfcc4a4ee397040666f34d0fe72e23aecdc"
ABAKUS = f"https://github.com/ahunu/ABAKUS/blob/{ABAKUS_COMMIT}/"
EMA_BASICS = "https://mahjong-europe.org/ranking/Basicsranking.html"
TIROL_FORMULA = "round(200 * rank_share ** 3) if players > 1 else 0"
EMA_FORMULA = "floor(1000 * (players - place) / (players - 1)) if players > 1 else 1000"

#: the Austrian cups' fixed points of places 1 to 50 (``tFIXPUNKTE``, Statistik/Statistik.js, lines 28-32)
AUSTRIAN_CUP_POINTS = (
    223, 198, 180, 168, 156, 147, 138, 131, 124, 117,
    110, 105, 100, 95, 90, 85, 80, 76, 72, 68,
    64, 60, 56, 52, 49, 46, 43, 40, 37, 34,
    31, 28, 26, 24, 22, 20, 18, 16, 14, 12,
    10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
)  # fmt: skip

#: a cup's ranks 1-60 as points for the Austrian final (``tOF``, Statistik/showFixpunktewertung.js line 38:
#: every cup but those below, i.e. the Hausruck, Raiffeisen and Wiener cups)
AUSTRIAN_FINAL_60 = (
    120, 111, 104, 98, 95, 91, 88, 84, 81, 78, 75, 72, 69, 66, 63, 61, 58, 56, 53, 51,
    49, 47, 45, 43, 41, 39, 37, 36, 34, 32, 31, 30, 28, 27, 26, 25, 24, 23, 22, 21,
    20, 19, 18, 17, 17, 16, 15, 15, 14, 14, 13, 13, 13, 12, 12, 12, 11, 11, 11, 11,
)  # fmt: skip

#: ranks 1-40 (line 36: the Kärntner, Steirischer and Tiroler cups, ``stCup`` 51, 54, 55)
AUSTRIAN_FINAL_40 = (
    120, 109, 100, 93, 87, 82, 78, 73, 69, 64, 60, 57, 53, 50, 46, 43, 41, 38, 35, 33,
    31, 29, 27, 25, 23, 22, 20, 19, 18, 17, 16, 15, 14, 13, 13, 12, 12, 11, 11, 11,
)  # fmt: skip

#: ranks 1-80 (line 34: the Sauwald cup, ``stCup`` 53)
AUSTRIAN_FINAL_80 = (
    120, 112, 106, 101, 98, 96, 93, 90, 88, 85, 83, 80, 78, 76, 73, 71, 69, 67, 65, 63,
    61, 59, 57, 55, 53, 52, 50, 48, 47, 45, 44, 42, 41, 40, 38, 37, 36, 35, 33, 32,
    31, 30, 29, 28, 27, 26, 25, 24, 24, 23, 22, 21, 21, 20, 19, 19, 18, 18, 17, 17,
    16, 16, 15, 15, 14, 14, 14, 13, 13, 13, 13, 12, 12, 12, 12, 11, 11, 11, 11, 11,
)  # fmt: skip


@dataclass(frozen=True)
class Preset:
    """A named point system: what the organizer picks (``label``, ``summary``), the rules it stands for
    (a fresh dict each call: callers may change theirs), and where it comes from (``source``, ``doc``)."""

    name: str
    label: Promise
    summary: Promise
    source: str
    build: Callable[[], dict[str, Any]]

    @property
    def doc(self) -> str:
        """The formula and the source, as the preset's function documents them."""
        return " ".join((self.build.__doc__ or "").split())

    def rules(self) -> dict[str, Any]:
        return self.build()


PRESETS: dict[str, Preset] = {}


def _preset(
    name: str, label: Promise, summary: Promise, source: str
) -> Callable[[Callable[[], dict[str, Any]]], Callable[[], dict[str, Any]]]:
    def register(build: Callable[[], dict[str, Any]]) -> Callable[[], dict[str, Any]]:
        PRESETS[name] = Preset(name, label, summary, source, build)
        return build

    return register


def _austrian(final_points: tuple[int, ...]) -> dict[str, Any]:
    return {
        "points": {"method": "table", "table": list(AUSTRIAN_CUP_POINTS), "beyond": 0},
        "final_points": {"table": list(final_points)},
    }


@_preset(
    "austrian_cup",
    _("Austrian cup: 223, 198, 180 … 1 point for places 1 to 50"),
    _("Fixed points per tournament place, none past the 50th; ranks 1 to 60 give 120 … 11 for the final."),
    ABAKUS + "Statistik/Statistik.js#L28-L32",
)
def austrian_cup() -> dict[str, Any]:
    """Place p of a tournament (p <= 50) gives ``AUSTRIAN_CUP_POINTS[p - 1]`` (223, 198, 180, 168, ...,
    2, 1), places past 50 nothing. The cup's rank r gives ``AUSTRIAN_FINAL_60[r - 1]`` points for the
    Austrian final (120, 111, 104, ..., 11; ranks past 60 none). Source: ABAKUS, Statistik/Statistik.js
    lines 28-32 (``tFIXPUNKTE``), Statistik/statFunktionen.js ``getFixPunkte`` (lines 134-175),
    Statistik/showFixpunktewertung.js line 38 (``tOF``, the table of every cup but the Kärntner,
    Steirischer, Tiroler and Sauwald cups). How many results count (``best_of``) is each cup's own setting
    in ABAKUS (``CUPS.TURNIER``, not in its code): set it."""
    return _austrian(AUSTRIAN_FINAL_60)


@_preset(
    "austrian_cup_40",
    _("Austrian cup, final points for ranks 1 to 40 (Carinthia, Styria, Tyrol)"),
    _("The Austrian cup's points; ranks 1 to 40 give 120, 109, 100 … 11 for the final."),
    ABAKUS + "Statistik/showFixpunktewertung.js#L35-L36",
)
def austrian_cup_40() -> dict[str, Any]:
    """As ``austrian_cup``; the cup's rank r gives ``AUSTRIAN_FINAL_40[r - 1]`` points for the Austrian
    final (120, 109, 100, ..., 11; ranks past 40 none). Source: ABAKUS, Statistik/showFixpunktewertung.js
    lines 35-36 (``stCup`` 51, 54, 55: Kärntner, Steirischer and Tiroler Tarockcup)."""
    return _austrian(AUSTRIAN_FINAL_40)


@_preset(
    "austrian_cup_80",
    _("Austrian cup, final points for ranks 1 to 80 (Sauwald)"),
    _("The Austrian cup's points; ranks 1 to 80 give 120, 112, 106 … 11 for the final."),
    ABAKUS + "Statistik/showFixpunktewertung.js#L33-L34",
)
def austrian_cup_80() -> dict[str, Any]:
    """As ``austrian_cup``; the cup's rank r gives ``AUSTRIAN_FINAL_80[r - 1]`` points for the Austrian
    final (120, 112, 106, ..., 11; ranks past 80 none). Source: ABAKUS, Statistik/showFixpunktewertung.js
    lines 33-34 (``stCup`` 53: Sauwald Tarockcup)."""
    return _austrian(AUSTRIAN_FINAL_80)


@_preset(
    "austrian_cup_final",
    _("Austrian cup final: 223 … 1 for places 1 to 50, then minus one point per place"),
    _("As the Austrian cup, but place 51 costs a point, place 52 two, and so on."),
    ABAKUS + "Statistik/statFunktionen.js#L148-L172",
)
def austrian_cup_final() -> dict[str, Any]:
    """Place p <= 50 gives ``AUSTRIAN_CUP_POINTS[p - 1]``; place p > 50 gives ``-(p - 50)`` (51st: -1,
    52nd: -2, ...). Source: ABAKUS, Statistik/statFunktionen.js ``getFixPunkte`` lines 148-172 (the
    minus points: 154-158), used in a
    tournament named "Final" of the Wiener Tarockcup (and of the Steirischer until 2016/17). For a ranking
    in which finals count: the preset applies to every tournament of the series. ABAKUS also gives a
    player of the cup absent from the final ``49 - N`` points (N: the final's field, line 169); a series
    here ranks only players with results, and this is not done."""
    return {"points": {"method": "table", "table": list(AUSTRIAN_CUP_POINTS), "beyond": 0, "beyond_step": -1}}


@_preset(
    "tirol_cup",
    _("Tyrol cup: round(200 · ((N − place) / (N − 1))³)"),
    _("The winner 200, the last nothing, cubic in between; ranks 1 to 40 give 120 … 11 for the final."),
    ABAKUS + "Statistik/statFunktionen.js#L134-L147",
)
def tirol_cup() -> dict[str, Any]:
    """Place p of N players gives ``round(200 * ((N - p) / (N - 1)) ** 3)`` (half up; the winner 200, the
    last 0; a field of one: 0, as ABAKUS, whose 0/0 gives none). Source: ABAKUS,
    Statistik/statFunktionen.js ``getFixPunkte`` lines 136-147 (``stCup === 55 && stSaison <=
    '2019/20'``: the Tiroler Tarockcup's own system until the 2019/20 season; it uses the Austrian cup's
    since). The cup's rank gives points for the Austrian final from ``AUSTRIAN_FINAL_40``
    (Statistik/showFixpunktewertung.js line 36)."""
    return {
        "points": {"method": "formula", "formula": TIROL_FORMULA},
        "final_points": {"table": list(AUSTRIAN_FINAL_40)},
    }


@_preset(
    "heine",
    _("Heine: the score up to 100, every second point above, at most 200; the best half count"),
    _(
        "A tournament's score counts fully up to 100 and every second point above, capped at 200; "
        "negatives count 0. The best half of the series' tournaments count."
    ),
    ABAKUS + "Statistik/statFunktionen.js#L121-L132",
)
def heine() -> dict[str, Any]:
    """A score s gives 0 when s <= 0, s when s <= 100, ``100 + floor((s - 100) / 2)`` above, at most 200
    (150 -> 125, 151 -> 125, 299 -> 199, 350 -> 200). Of the series' T tournaments (every member, played
    or still to come, as ABAKUS counts the season's held and scheduled ones) the best T / 2 results count:
    rounded up up to 10 tournaments, down above (7 -> 4, 10 -> 5, 11 -> 5, 12 -> 6). Source: ABAKUS,
    Statistik/statFunktionen.js ``getHeinePunkte`` lines 121-132; Statistik/showHeinewertung.js lines
    43-55 (how many count) and 287-293 (the rule as the app prints it)."""
    return {
        "points": {"method": "heine", "full": 100, "cap": 200},
        "best_of": None,
        "best_fraction": {"share": 0.5, "round": "heine"},
    }


@_preset(
    "per_60_games",
    _("Points per 60 games, cut pro rata below a minimum of games"),
    _(
        "The scores of all the series' tournaments, per 60 games played; a player under the minimum of "
        "games gets that share of them (the series' rules set the minimum: a number of games, or a share "
        "of the most played)."
    ),
    ABAKUS + "Abakus/statFunktionen.js#L169-L186",
)
def per_60_games() -> dict[str, Any]:
    """A player's points: ``sum(scores) * 60 / sum(games)`` over every tournament of the series (games:
    the hands the player played). Under the minimum of games M (``min_games``, or ``min_share`` percent of
    the most games any player of the series played) a positive result is cut pro rata: times games / M.
    ``cut: "abakus"`` cuts as ABAKUS's code does instead: short by d percentage points of the most games,
    times (100 - 2d) / 100, nothing from d >= 50 (its help text says times (100 - d) / 100). Source: ABAKUS,
    Abakus/statFunktionen.js ``getCupPunkte`` lines 169-186, Abakus/ParameterAendern.html lines 595-602
    (``VOLLAB``, "D60-Cuppunkte voll rechnen"), Abakus/loadSTAT.js lines 411-417 (the most games). The
    minimum is each cup's own setting in ABAKUS: the preset has none until you set it."""
    return {
        "points": {"method": "score"},
        "best_of": None,
        "participation_points": 0,
        "aggregate": {
            "method": "per_games",
            "per_games": 60,
            "min_games": 0,
            "min_share": 0,
            "cut": "pro_rata",
        },
    }


@_preset(
    "ema",
    _("European Mahjong ranking (MERS): 1000 · (N − place) / (N − 1), recent results weigh more"),
    _(
        "Each result 0 to 1000; older than a year it weighs half, older than two years not at all; the "
        "ranking is the mean of the weighted mean of all results and of the best four, padded with "
        "zero results up to five."
    ),
    EMA_BASICS,
)
def ema() -> dict[str, Any]:
    """Place p of N players gives ``floor(1000 * (N - p) / (N - 1))`` (a lone player 1000; the EMA's own
    example: 75th of 100 -> 252). A result weighs 1, half once it is more than a year older than the
    reference date, nothing once more than two years (the reference: ``as_of`` when the rules give it,
    else the date of the series' latest tournament). Fewer than five weighing results are padded with
    results of 0 (weight 1). Part A: the weighted mean of the results, the five best and the best 80 % of
    the rest (rounded up) when ``drop_worst``; part B: the weighted mean of the best four; the ranking:
    (A + B) / 2. Listed, not ranked, under two results (``min_tournaments``). Every tournament weighs 1
    (the EMA weighs by days, players and countries, which a tarokk tournament here does not record).
    Sources: the EMA's "Basics for ranking system", https://mahjong-europe.org/ranking/Basicsranking.html
    (base rank, weights, five results, two to appear) and its ranking overview,
    http://mahjong-europe.org/ranking/RankingOverview.html; the parts A and B as the EMA computes them
    since 2018 described by https://github.com/tomp31/RiichiUKRankingSystem (mers-vs-rukrs.md) and
    https://github.com/ldekerg/European-Mahjong (ranking.py)."""
    return {
        "points": {"method": "formula", "formula": EMA_FORMULA},
        "best_of": None,
        "participation_points": 0,
        "min_tournaments": 2,
        "aggregate": {
            "method": "ema",
            "as_of": None,
            "half_after": 1,
            "drop_after": 2,
            "pad_to": 5,
            "best": 4,
            "drop_worst": True,
        },
    }


def preset_choices() -> list[tuple[str, Promise]]:
    """(name, label) of every preset, for a form's choice."""
    return [(name, preset.label) for name, preset in PRESETS.items()]
