"""Paying a Königrufen hand from its summary: the game, the bonuses and the Trischaken settlement as items,
each moving game points between seats; the payments are their sum (``settle``: zero-sum by construction).

Who pays whom (18.10, as in 18.13's "the payments are to be understood as follows"): with a called
partner each opponent pays one of the pair (or is paid by one); a declarer alone is paid by (or pays) each
of the other three. A negative contract is the declarer's alone against every other player, also when
several declarers play at once (LK, 18.10; whom the declarers pay among themselves the text leaves open:
each is settled against every other player, the other declarers too, a choice). A seat sitting out neither
wins nor loses.

Kontra doubles an item once per level (Kontra, Re, Sub). Under rules with ``kontra_in_points`` False (the
Raiffeisen Tarockcup) the payments are the tournament points without kontra, ``money`` the table's money
with it and ``kontra`` the part of the money the kontras moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.scoring import Transfer, settle
from engine.koenigrufen.rules import (
    BONUSES,
    NEGATIVE,
    SUPERSEDED_BY_VALAT,
    Rules,
    lost_value,
)
from engine.koenigrufen.summary import Bonus, Game, Summary, parse

#: what one seat plausibly wins or loses in one hand at stake 1: a quarter above the 99.9th percentile
#: of the game's plausible summaries (288; the largest of 2,000 per preset and size 480),
#: ``benchmarks/plausible_payments_games.py``; a typed payment beyond it is queried, not refused
PLAUSIBLE_PAYMENT = 360


def score_summary(summary: Any, rules: Rules | None = None) -> dict[str, Any]:
    """``{"payments", "items"[, "money", "kontra"]}`` of one hand summary; raises FieldError."""
    s = parse(summary, rules)
    items = hand_items(s)
    payments = _settled(s, items, "value")
    out: dict[str, Any] = {"payments": payments, "items": items}
    if not s.rules.kontra_in_points:
        money = _settled(s, items, "money")
        out["money"] = money
        out["kontra"] = {seat: money[seat] - payments[seat] for seat in money}
    return out


def settled_payments(s: Summary, items: list[dict[str, Any]], key: str = "value") -> dict[str, int]:
    """What ``items`` of the checked summary ``s`` pay each seat (``key``: "value" or "money")."""
    return _settled(s, items, key)


def _settled(s: Summary, items: list[dict[str, Any]], key: str) -> dict[str, int]:
    """``settle(s.positions, transfers)`` of every item's ``transfers_of``, summed as they come; a team
    item's pairs (who pays whom) are the same for every team item, found once."""
    payments = dict.fromkeys(s.positions, 0)
    pairs: list[tuple[str, str]] | None = None
    for item in items:
        amount = item[key]
        if "to" in item or "seat" in item:
            for payer, payee, paid in transfers_of(item, s, amount):
                payments[payer] -= paid
                payments[payee] += paid
            continue
        if pairs is None:
            pairs = [(payer, payee) for payer, payee, _paid in transfers_of(item, s, 0)]
        net = amount if item["won"] == (item["team"] == "declarer") else -amount
        for payer, payee in pairs:
            payments[payer] -= net
            payments[payee] += net
    return payments


def transfers_of(item: dict[str, Any], s: Summary, amount: int) -> list[Transfer]:
    """Who pays whom ``amount`` for ``item``: a Trischaken item from its ``seat`` to each of ``to``; a
    declarer's own item (``seat``) against every other player; a team item between the two sides."""
    if "to" in item:
        return [(item["seat"], payee, amount) for payee in item["to"]]
    net = amount if item["won"] == (item["team"] == "declarer") else -amount
    if "seat" in item:
        side: tuple[str, ...] = (item["seat"],)
    else:
        side = (s.declarer,) if s.partner is None else (s.declarer, s.partner)  # type: ignore[assignment]
    opponents = [seat for seat in s.seats if seat not in side]
    # by pairs: each opponent pays one member of the side (a lone declarer: every opponent pays them)
    return [(opponent, side[i % len(side)], net) for i, opponent in enumerate(opponents)]


def item_payments(
    item: dict[str, Any], s: Summary, rules: Rules | None = None, positions: Sequence[str] | None = None
) -> dict[str, int]:
    """The payments one scored item moves (the descriptor's ``item_payments``)."""
    return settle(positions or s.positions, transfers_of(item, s, item["value"]))


def hand_items(s: Summary) -> list[dict[str, Any]]:
    """The scored items of a checked summary, in the order a score sheet lists them."""
    return _trischaken(s) if s.kind == "trischaken" else _played(s)


def _item(name: str, team: str | None, won: bool, base: int, kontra: int, s: Summary, **extra: Any) -> dict:
    money = base * s.stake * 2**kontra
    value = money if s.rules.kontra_in_points else base * s.stake
    item = {"name": name, "team": team, "won": won, "value": value, "kontra": kontra, **extra}
    if not s.rules.kontra_in_points:
        item["money"] = money
    return item


#: each bonus's place on a score sheet
_BONUS_RANK: dict[str, int] = {name: i for i, name in enumerate(BONUSES)}


def _played(s: Summary) -> list[dict[str, Any]]:
    rules = s.rules
    first = s.games[0]
    valat = next((b for b in s.bonuses if b.name == "valat"), None)
    items = []
    for game in s.games:
        if game is first and valat is not None:
            continue  # 18.10: "the score for Valat supersedes the game"
        base = rules.contract_values[game.contract] if game.won else lost_value(rules, game.contract)
        extra = {"seat": game.declarer} if game.contract in NEGATIVE else {}
        items.append(_item(game.contract, "declarer", game.won, base, game.kontra, s, **extra))
    bonuses = s.bonuses if len(s.bonuses) < 2 else sorted(s.bonuses, key=lambda b: _BONUS_RANK[b.name])
    for bonus in bonuses:
        if valat is not None and bonus.name in SUPERSEDED_BY_VALAT:
            continue  # 18.10: Valat supersedes Four Kings and Trull, but not the birds
        items.append(
            _item(bonus.name, bonus.side, bonus.made, _bonus_value(bonus, first, rules), bonus.kontra, s)
        )
    return items


def _bonus_value(bonus: Bonus, game: Game, rules: Rules) -> int:
    table = rules.bonus_values if bonus.announced else rules.silent_bonus_values
    if bonus.name == "valat" and rules.valat == "multiplier":
        # 18.10: Valat x8 (announced) / x4 (silent) of the game: the declarer's game as won, the opponents'
        # Valat of it as lost (Sechserdreier -10); the game's own kontra does not carry over (choice)
        game_value = (
            rules.contract_values[game.contract]
            if bonus.side == "declarer"
            else lost_value(rules, game.contract)
        )
        return table["valat"] * game_value
    return table[bonus.name]


def _trischaken(s: Summary) -> list[dict[str, Any]]:
    """18.10: the loser (most card points) pays each other player the Trischaken value, doubled when the
    loser is the first player and again when a Bürgermeister (36 or more); tied losers each pay the single
    value. A Jungfrau (no trick) wins 3 values from the loser and the others neither win nor lose; a
    Bürgermeister pays a lone Jungfrau 6, two Jungfrauen 3 each; tied losers pay a Jungfrau 3 each."""
    rules = s.rules
    base = rules.contract_values["trischaken"]
    points = s.card_thirds  # exact: each player's count in thirds (23 1/3 is 70), compared as whole numbers
    most = max(points.values())
    losers = [seat for seat in s.seats if points[seat] == most and seat not in s.jungfrau]
    if not most or not losers:
        return []
    others = [seat for seat in s.seats if seat not in losers]
    if not others:
        return []
    jungfrau = list(s.jungfrau)
    items = []
    if len(losers) == 1:
        loser = losers[0]
        # "36 or more points (Bürgermeister)" (18.10) in the Austrian count, where 35 and two cards (35⅔)
        # is 36: "Ein Bürgermeister (≥ 35/2 Blatt)" (Tiroler Tarockcup), "36 Punkte (35 Punkte und 2 Blatt)"
        # (Raiffeisen Tarockcup, Tarock-Österreich-Finale): from a third below the whole number
        buergermeister = points[loser] >= 3 * rules.buergermeister_points - 1
        if jungfrau:
            # a Bürgermeister pays a lone Jungfrau double; with several the 3 each of 18.10 ("3 each if two").
            # The first player's doubling is not named for a Jungfrau: not applied (choice)
            per = rules.jungfrau_value * base * (2 if buergermeister and len(jungfrau) == 1 else 1)
            items.append(_item("jungfrau", None, False, per, s.kontra, s, seat=loser, to=jungfrau))
        else:
            factor = (rules.first_player_factor if loser == s.seats[0] else 1) * (2 if buergermeister else 1)
            items.append(_item("trischaken", None, False, base * factor, s.kontra, s, seat=loser, to=others))
        return items
    for loser in losers:  # 18.10: tied losers "each pay 1 game point"; with a Jungfrau "they pay 3 each"
        if jungfrau:
            items.append(
                _item(
                    "jungfrau", None, False, rules.jungfrau_value * base, s.kontra, s, seat=loser, to=jungfrau
                )
            )
        else:
            items.append(_item("trischaken", None, False, base, s.kontra, s, seat=loser, to=others))
    return items


def max_payment(rules: Rules) -> int:
    """A true bound of what one seat pays in one hand at stake 1 under ``rules``."""
    kontra = 2**rules.max_kontra
    values = [*rules.contract_values.values(), *rules.contract_lost_values.values()]
    game = max(values, default=0)
    tops = {b: max(rules.bonus_values.get(b, 0), rules.silent_bonus_values.get(b, 0)) for b in BONUSES}
    valat = tops["valat"] * (game if rules.valat == "multiplier" else 1)
    bonuses = sum(v for b, v in tops.items() if b != "valat")
    # a lone declarer pays three opponents everything; an opponent of three more declarers, a game each
    played = 3 * kontra * (game + valat + bonuses) + 3 * kontra * game
    trischaken_base = rules.contract_values.get("trischaken", 0) * (kontra if rules.trischaken_kontra else 1)
    trischaken = 4 * trischaken_base * (2 * rules.first_player_factor + 2 * rules.jungfrau_value)
    return max(played, trischaken)
