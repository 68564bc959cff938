"""Scoring of hand summaries (pagat "The scoring", "Bonuses", "Kontra", "Declaring tarokks" and the
"Variations in the scoring"; tournament rules T 5, T 7, T 22, T 31-53).

Two entry points:

* ``score_summary(data, rules=None) -> dict``: parse + validate + score a summary dict, returning the output
  JSON shape ``{"payments": {seat: int}, "items": [...]}`` (plus ``"ultimo_pot"`` with the kegl pot).
  ``payments`` always sum to zero; money into or out of kegl's ultimó pot is reported apart, in
  ``ultimo_pot.payments``, so that standings built on ``payments`` stay zero-sum.
* ``score(summary, rules) -> Score``: score an already parsed ``HandSummary``.

Output items (``Item``): ``{"name", "team", "announced", "kontra", "won", "value"}`` plus optional ``"seat"``
and ``"detail"``. Names: ``game``, ``double_game``, ``volat``, ``trull``, ``four_kings``, ``pagat_ultimo``,
``xxi_catch``, ``eight_tarokks``, ``nine_tarokks``, ``talon_honour``, ``trial_three``, ``penalty``,
``ultimo_pot``, ``passed_out``/``annulled`` (pot payments only).

Every item is valued per *pair* of opposing players (what one loser pays one winner), after kontras and
after the stake multiplier. A team item with two players a side is paid by each loser to one winner; a lone
declarer collects it from (or pays it to) each of the three opponents ("The scoring", T 33/T 53).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, TypedDict

from engine.core.scoring import KONTRA_FACTOR, settle, team_payments
from engine.hungarian.family import BIRDS_EXCLUDE
from engine.hungarian.rules import Rules
from engine.hungarian.summary import DECLARER, OPPONENTS, TEAM_NAMES, HandSummary, SummaryError, parse_summary

__all__ = [
    "KONTRA_FACTOR",
    "PLAUSIBLE_PAYMENT",
    "Item",
    "Score",
    "SummaryError",
    "item_payments",
    "max_payment",
    "plausible_payment",
    "score",
    "score_summary",
]

# What one seat plausibly wins or loses in one hand at stake x1 (scaled by the hand's stake). Not a bound
# (that is ``max_payment``: 13,494 at x1 under the tournament rules, 26,806 under pagat) but the edge of
# what tables really play: benchmarks/plausible_payments.py plays 20,000 rule-bot hands per rules preset,
# and the largest |payment| it saw was 111 (p99.9: 45); see docs/plausible-payments.md. A typed payment
# beyond it, e.g. 9999 for 99, is refused as unusual unless the table confirms it
# (``tournaments.results.services.hands``).
PLAUSIBLE_PAYMENT = 150
#: the same by the rules' game value: the Hungarian family's games are worth their card points (over or under
#: 48, or up to 60), tens of times a bid's 1-4. benchmarks/plausible_payments.py over 1,500 rule-bot hands:
#: margin (family_basic, palatine, magus) p99 268, max 1,326; card_points (emperor) p99 483, max 1,479. The
#: descriptor's ``plausible_payment`` is one number for the game, the Hungarian presets' 150.
PLAUSIBLE_PAYMENTS: dict[str, int] = {"bid": PLAUSIBLE_PAYMENT, "margin": 1500, "card_points": 2500}


def plausible_payment(rules: Rules) -> int:
    """What one seat plausibly wins or loses in one hand at stake x1 under ``rules``."""
    return PLAUSIBLE_PAYMENTS[rules.game_value]


GAME_VALUES = {"three": 1, "two": 2, "one": 3, "solo": 4}  # "The bidding"
TALON_HONOUR_VALUES = {"skiz": 3, "xxi": 2, "pagat": 1}  # "Variations in the scoring", five players
_TRICK_BONUSES = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")


class Item(TypedDict, total=False):
    """One scored item, JSON-ready. ``value`` (>= 0, after kontras and stake) goes to ``team`` if ``won``,
    else from it; it is what one player of the losing side pays one of the winning side.

    ``team`` is ``"declarer"``/``"opponents"`` for team items (the game is always the declarer's: ``won``
    false means the opponents won it) and ``None`` for payments between seats; ``seat`` (optional) names the
    seat an item is about (declared tarokks, penalty, trial three); ``detail`` (optional) explains.
    """

    name: str
    team: str | None
    announced: bool
    kontra: int
    won: bool
    value: int
    seat: str
    detail: str


def _item(name: str, team: str | None, announced: bool, kontra: int, won: bool, value: int) -> Item:
    return {"name": name, "team": team, "announced": announced, "kontra": kontra, "won": won, "value": value}


def _seat_item(
    name: str,
    team: str | None,
    announced: bool,
    won: bool,
    value: int,
    seat: str | None,
    detail: str | None = None,
) -> Item:
    item = _item(name, team, announced, 0, won, value)
    if seat is not None:
        item["seat"] = seat
    if detail is not None:
        item["detail"] = detail
    return item


class Score:
    """Payments per seat label (the sitting-out dealer included), the items behind them, and the ultimó pot.

    ``sum(payments.values()) == 0`` always. ``pot_payments`` (kegl ultimó pot only, else empty) is what
    each seat pays into (negative) or takes out of the pot: ``sum(pot_payments) == pot_before - pot_after``.
    """

    __slots__ = ("items", "payments", "pot_after", "pot_before", "pot_payments")

    def __init__(
        self,
        payments: dict[str, int],
        items: list[Item],
        pot_before: int = 0,
        pot_after: int = 0,
        pot_payments: dict[str, int] | None = None,
    ):
        self.payments = payments
        self.items = items
        self.pot_before = pot_before
        self.pot_after = pot_after
        self.pot_payments = pot_payments or {}

    def as_dict(self, with_pot: bool = False) -> dict[str, Any]:
        """The output JSON shape; ``with_pot`` adds ``{"ultimo_pot": {"before", "after", "payments"}}``."""
        if with_pot:
            return {
                "payments": self.payments,
                "items": self.items,
                "ultimo_pot": {
                    "before": self.pot_before,
                    "after": self.pot_after,
                    "payments": self.pot_payments,
                },
            }
        return {"payments": self.payments, "items": self.items}


def score_summary(data: dict[str, Any], rules: Rules | None = None) -> dict[str, Any]:
    """Parse, validate and score one summary dict; ``rules`` overrides ``data["rules"]``."""
    summary = parse_summary(data, rules)
    rules = summary.rules
    if summary.kind == "played" and not rules.ultimo_pot:  # type: ignore[union-attr]
        # The common case, without the Score object in between (the same dict as Score.as_dict()).
        payments, items = _score_played(summary, rules)  # type: ignore[arg-type]
        return {"payments": payments, "items": items}
    return score(summary, rules).as_dict(rules.ultimo_pot)  # type: ignore[arg-type, union-attr]


def score(summary: HandSummary, rules: Rules) -> Score:
    """Score a parsed summary under ``rules`` (normally ``summary.rules``)."""
    kind = summary.kind
    if kind == "played":
        payments, items = _score_played(summary, rules)
        if rules.ultimo_pot:
            return _settle_ultimo_pot(summary, payments, items)
        return Score(payments, items)
    payments = dict.fromkeys(summary.seats, 0)
    if summary.sitting_out is not None:
        payments[summary.sitting_out] = 0
    items: list[Item] = []
    pot = summary.ultimo_pot
    pot_after = pot
    pot_payments: dict[str, int] = {}
    if kind == "trial_three_failed":
        bidder = summary.declarer
        assert bidder is not None
        if rules.ultimo_pot:
            # kegl: "this player pays 8 to the pot instead of 2 to each opponent".
            pot_after += rules.ultimo_pot_trial_three_payment
            pot_payments[bidder] = -rules.ultimo_pot_trial_three_payment
            items.append(
                _seat_item(
                    "trial_three",
                    None,
                    False,
                    False,
                    rules.ultimo_pot_trial_three_payment,
                    bidder,
                    "paid into the ultimó pot",
                )
            )
        else:
            # pagat "The bidding": the value of the game to each other player; T 22: 3 each; kegl: 2 each.
            value = rules.trial_three_payment * summary.stake
            for seat in summary.seats:
                payments[seat] = -3 * value if seat == bidder else value
            items.append(_seat_item("trial_three", None, False, False, value, bidder))
    elif kind == "penalty":
        # T 7: each offender pays the amount to each other active player (two offenders: 10..20 each).
        amount = summary.amount
        for seat in summary.seats:
            if seat in summary.offenders:
                payments[seat] = -amount * (4 - len(summary.offenders))
            else:
                payments[seat] = amount * len(summary.offenders)
        for seat in summary.offenders:
            items.append(_seat_item("penalty", None, False, False, amount, seat))
    elif rules.ultimo_pot:
        # passed_out / annulled (kegl): every active player pays into the pot.
        each = rules.ultimo_pot_abandon_payment
        for seat in summary.seats:
            pot_payments[seat] = -each
        pot_after += 4 * each
        items.append(_seat_item(kind, None, False, False, each, None, "each active player pays into the pot"))
    return Score(payments, items, pot, pot_after, pot_payments)


# Bits of the ``announced`` mask in ``_score_played``, by team: which team announced which bonus won in
# tricks, so that its silent version is not scored for that team too.
_TRULL, _FOUR_KINGS, _XXI_CATCH, _PAGAT_ULTIMO = (1, 2), (4, 8), (16, 32), (64, 128)


def _score_played(s: HandSummary, rules: Rules) -> tuple[dict[str, int], list[Item]]:
    """Payments and items of a played hand, before the kegl ultimó pot (which the callers settle).

    This is the hot path of ``score_summary``: one pass over the announcements, and item dicts written out
    in place rather than through ``_item``. ``s`` must come from ``parse_summary`` (four distinct active
    seats, declarer and partner among them, no bonus announced twice by one team).
    """
    stake = s.stake
    g = GAME_VALUES[s.bid] * stake  # type: ignore[index]
    dp = s.declarer_card_points
    dt = s.declarer_tricks
    gk = s.game_kontra
    factor = KONTRA_FACTOR
    items: list[Item] = []
    net = 0  # per pair, positive = the declarer's team receives

    # Announced double game / volát: kontra level per team (None = not announced), scored with the game
    # below. Announced trull, four kings, XXI-catch and pagát ultimó are won or lost on their own (times
    # their kontras): their items follow the game's, in the order announced.
    ann_dg: list[int | None] = [None, None]
    ann_v: list[int | None] = [None, None]
    big = False  # double game or volát announced by either team
    bonus_items: list[Item] = []
    announced = 0  # _TRULL[team] etc.
    plt = s.pagat_last_trick
    # The family's bonuses (engine.hungarian.family): their values, who announced which, and the teams whose
    # won Two Little Birds keep their Sparrow (pagát ultimó), Last Owl and Owl from scoring.
    family = rules.family_bonuses
    birds: tuple[int, ...] = ()
    if family:
        family_values = _family_values(family)
        family_announced = {(t, bonus) for t, bonus, _k in s.announcements}
        made = s.family_made
        birds = tuple(t for t in (DECLARER, OPPONENTS) if (t, "two_little_birds") in family_announced & made)
    for t, bonus, k in s.announcements:
        if bonus == "trull":
            announced |= _TRULL[t]
            won = s.trull == t
            value = rules.trull_values[1]
        elif bonus == "four_kings":
            announced |= _FOUR_KINGS[t]
            won = s.four_kings == t
            value = rules.four_kings_values[1]
        elif bonus == "xxi_catch":
            announced |= _XXI_CATCH[t]
            won = s.xxi_catch == t
            value = rules.xxi_catch_values[1]
        elif bonus == "pagat_ultimo":
            announced |= _PAGAT_ULTIMO[t]
            if birds and t in birds:
                continue
            won = plt is not None and plt[0] == t and plt[1]
            value = rules.pagat_ultimo_values[1] * factor[k] * stake
            item: Item = {
                "name": bonus,
                "team": TEAM_NAMES[t],
                "announced": True,
                "kontra": k,
                "won": won,
                "value": value,
            }
            if not won:
                item["detail"] = _ultimo_failure(s, t)
            bonus_items.append(item)
            net += value if won == (t == DECLARER) else -value
            continue
        elif bonus == "double_game":
            ann_dg[t] = k
            big = True
            continue
        elif bonus == "volat":
            ann_v[t] = k
            big = True
            continue
        else:  # a family bonus, announced: won or lost on its own, times its kontras
            if birds and t in birds and bonus in BIRDS_EXCLUDE:
                continue
            won = (t, bonus) in s.family_made
            value = family_values[bonus][1]
        value *= factor[k] * stake
        bonus_items.append(
            {"name": bonus, "team": TEAM_NAMES[t], "announced": True, "kontra": k, "won": won, "value": value}
        )
        net += value if won == (t == DECLARER) else -value

    # Who won the game, and how well ("The scoring"): 48 wins for the declarer's team, 47 for the
    # opponents (or 47 for the declarer after a kontra, with kontra_raises_game_threshold).
    last = 9 if rules.pack_size == 42 else 10  # tricks in a hand (the Emperor's pack: ten)
    if dp >= (47 if gk and rules.kontra_raises_game_threshold else 48):
        w, dbl, vol = DECLARER, dp >= 71, dt == last
    else:
        w, dbl, vol = OPPONENTS, dp <= 23, dt == 0
    mode = rules.game_value
    if mode != "bid":
        # family "Scores": the card points over or below 48 (margin); Emperor: the declarer's card points up
        # to the cap if 48 or more, "or score nothing" (card_points). High Game and Slam multiply it.
        if mode == "margin":
            g = abs(dp - 48) * stake
        else:
            g = min(dp, rules.game_value_cap) * stake if w == DECLARER else 0

    # Announced double game and volát are scored won or lost on their own (the six bullet rules).
    w_announced = False
    if big:
        for t in (DECLARER, OPPONENTS):
            for name, announced_by, achieved, unit in (
                ("double_game", ann_dg, dbl, 4),
                ("volat", ann_v, vol, 6),
            ):
                k = announced_by[t]
                if k is not None:
                    won = t == w and achieved
                    value = unit * g * factor[k]
                    items.append(
                        {
                            "name": name,
                            "team": TEAM_NAMES[t],
                            "announced": True,
                            "kontra": k,
                            "won": won,
                            "value": value,
                        }
                    )
                    net += value if won == (t == DECLARER) else -value
        w_announced = ann_dg[w] is not None or ann_v[w] is not None

    # Silent double game / volát for the game winner: volát if all tricks and not announced (it may come
    # on top of an announced double game); double game only if the winner announced neither.
    silent: str | None = None
    if not (w == OPPONENTS and not gk and rules.opponents_silent_double_volat_need_kontra):
        if vol and ann_v[w] is None:
            silent = "volat"
        elif (
            dbl
            and not vol
            and not w_announced
            and not (rules.exclusive_game_double_volat and (ann_v[0] is not None or ann_v[1] is not None))
        ):
            silent = "double_game"
    if silent is not None:
        value = (3 if silent == "volat" else 2) * g
        k = 0
        if gk and rules.kontra_multiplies_silent_double_volat:
            k = gk  # the game's kontras multiply the silent bonus, which replaces the game
            value *= factor[gk]
        items.append(
            {
                "name": silent,
                "team": TEAM_NAMES[w],
                "announced": False,
                "kontra": k,
                "won": True,
                "value": value,
            }
        )
        net += value if w == DECLARER else -value

    # The game: always scored when kontra'd; otherwise only by a winner who announced neither double game
    # nor volát and made neither silently (they replace it). exclusive_game_double_volat: an unkontra'd
    # game is not scored by either side once double game or volát has been announced.
    if gk:
        if not (silent is not None and rules.kontra_multiplies_silent_double_volat):
            value = g * factor[gk]
            items.append(
                {
                    "name": "game",
                    "team": "declarer",
                    "announced": False,
                    "kontra": gk,
                    "won": w == DECLARER,
                    "value": value,
                }
            )
            net += value if w == DECLARER else -value
    elif silent is None and not w_announced and not (rules.exclusive_game_double_volat and big):
        items.append(
            {
                "name": "game",
                "team": "declarer",
                "announced": False,
                "kontra": 0,
                "won": w == DECLARER,
                "value": g,
            }
        )
        net += g if w == DECLARER else -g

    if bonus_items:
        items += bonus_items

    # Silent trull, four kings and XXI-catch, for a team that did not announce them itself - so both teams
    # may score on one bonus ("The scoring", T 52). Trull and four kings not for a team that took every
    # trick (unless the rules allow it), and four kings not with a silent double game under
    # silent_four_kings_with_silent_double_game=False.
    t = s.trull
    if t is not None and not announced & _TRULL[t]:
        swept = dt == last if t == DECLARER else dt == 0
        if not swept or rules.silent_trull_with_volat:
            value = rules.trull_values[0] * stake
            items.append(
                {
                    "name": "trull",
                    "team": TEAM_NAMES[t],
                    "announced": False,
                    "kontra": 0,
                    "won": True,
                    "value": value,
                }
            )
            net += value if t == DECLARER else -value
    t = s.four_kings
    if t is not None and not announced & _FOUR_KINGS[t]:
        swept = dt == last if t == DECLARER else dt == 0
        if (not swept or rules.silent_four_kings_with_volat) and (
            silent != "double_game" or w != t or rules.silent_four_kings_with_silent_double_game
        ):
            value = rules.four_kings_values[0] * stake
            items.append(
                {
                    "name": "four_kings",
                    "team": TEAM_NAMES[t],
                    "announced": False,
                    "kontra": 0,
                    "won": True,
                    "value": value,
                }
            )
            net += value if t == DECLARER else -value
    t = s.xxi_catch
    if t is not None and not announced & _XXI_CATCH[t]:
        value = rules.xxi_catch_values[0] * stake
        items.append(
            {
                "name": "xxi_catch",
                "team": TEAM_NAMES[t],
                "announced": False,
                "kontra": 0,
                "won": True,
                "value": value,
            }
        )
        net += value if t == DECLARER else -value
    # Silent pagát ultimó: the pagát played to the last trick wins or loses 5 for its team, even if the
    # partner took that trick (pagat "Bonuses"; T 50), unless that team announced the ultimó.
    if plt is not None:
        t, won = plt
        if not announced & _PAGAT_ULTIMO[t] and not (birds and t in birds):
            value = rules.pagat_ultimo_values[0] * stake
            items.append(
                {
                    "name": "pagat_ultimo",
                    "team": TEAM_NAMES[t],
                    "announced": False,
                    "kontra": 0,
                    "won": won,
                    "value": value,
                }
            )
            net += value if won == (t == DECLARER) else -value

    # Silent family bonuses: made by a team that did not announce them, where they score unannounced.
    if family:
        net += _silent_family_items(s, family, family_announced, birds, items)

    # Declared tarokks: a team item in the tournament (T 35), otherwise paid between seats after the
    # settlement.
    declarations = s.declarations
    team_decl = rules.declared_tarokks_team_item
    if declarations and team_decl:
        net += _declared_tarokks_team_items(s, rules, items)

    # Settlement: each opponent pays ``net``; a lone declarer collects it from all three. sír-nevet: the
    # sitting-out dealer wins or loses what each opponent does; the declarer settles with the dealer (the
    # dealer is an extra opponent of the declarer alone).
    dealer = s.sitting_out
    payments = _team_payments(s.seats if dealer is None else (*s.seats, dealer), net, s, rules)
    if dealer is not None and rules.five_player_talon_honour_payment:
        for seat, honour in s.talon_honours:
            value = TALON_HONOUR_VALUES[honour] * stake
            payments[seat] -= value
            payments[dealer] += value
            items.append(
                _seat_item("talon_honour", None, False, False, value, seat, f"{honour} to the dealer")
            )
    if declarations and not team_decl:
        _declared_tarokks_payments(s, rules, payments, items)
    return payments, items


@cache
def _family_values(family: tuple[tuple[str, int, int], ...]) -> dict[str, tuple[int, int]]:
    """Family bonus -> (silent, announced) of ``Rules.family_bonuses``."""
    return {name: (silent, announced) for name, silent, announced in family}


def _silent_family_items(
    s: HandSummary,
    family: tuple[tuple[str, int, int], ...],
    family_announced: set[tuple[int, str]],
    birds: tuple[int, ...],
    items: list[Item],
) -> int:
    """The family bonuses made unannounced that score so (silent value > 0), in the rules' order, into
    ``items``; returns the declarer's net."""
    net = 0
    for name, silent, _announced in family:
        if not silent:
            continue  # "must be announced to score"
        for t in (DECLARER, OPPONENTS):
            if (t, name) not in s.family_made or (t, name) in family_announced:
                continue
            if t in birds and name in BIRDS_EXCLUDE:
                continue
            value = silent * s.stake
            items.append(
                {
                    "name": name,
                    "team": TEAM_NAMES[t],
                    "announced": False,
                    "kontra": 0,
                    "won": True,
                    "value": value,
                }
            )
            net += value if t == DECLARER else -value
    return net


def _team_payments(positions: Sequence[str], net: int, s: HandSummary, rules: Rules) -> dict[str, int]:
    """Payments of a team item worth ``net`` to the declarer's team (pagat "The scoring"; sír-nevet: the
    sitting-out dealer is one more opponent of the declarer)."""
    declarers = (s.declarer,) if s.partner is None else (s.declarer, s.partner)
    weeps_laughs = s.sitting_out is not None and rules.five_player_dealer_weeps_laughs
    return team_payments(positions, net, s.seats, declarers, (s.sitting_out,) if weeps_laughs else ())  # type: ignore[arg-type]


def item_payments(
    item: Mapping[str, Any], s: HandSummary, rules: Rules, positions: Sequence[str]
) -> dict[str, int] | None:
    """What one scored item of ``score(s, rules)`` moves between the seats (every one of ``positions``), or
    ``None`` when it moves nothing in the payments (kegl's pot).

    pagat, "The scoring": "each player on the losing team pays one of the players on the winning team the
    net score ... If you are playing alone against the other three players ... you are paid the net score
    by each of them"; at five "the dealer neither wins nor loses" (unless sír-nevet). The same settlement
    as ``score``'s, one item at a time, so that an explanation can show what each item moved.
    """
    value, name, seat = item["value"], item["name"], item.get("seat")
    declared = name in ("eight_tarokks", "nine_tarokks")
    if item.get("team") is not None and (not declared or rules.declared_tarokks_team_item):
        net = value if item["won"] == (item["team"] == "declarer") else -value
        return _team_payments(positions, net, s, rules)
    if declared and seat is not None:  # paid between seats
        payers = (
            [x for x in s.seats if x != seat]
            if item["announced"]
            else [x for x in s.seats if x != seat and s.team_of(x) == s.team_of(seat)]
        )
        return settle(positions, [(payer, seat, value) for payer in payers])
    if name == "talon_honour" and seat is not None and s.sitting_out is not None:
        return settle(positions, [(seat, s.sitting_out, value)])
    if name in ("trial_three", "penalty") and seat is not None and not rules.ultimo_pot:
        return settle(positions, [(seat, x, value) for x in s.seats if x != seat])
    return None


def _declared_tarokks_team_items(s: HandSummary, rules: Rules, items: list[Item]) -> int:
    """Declared tarokks as team items (T 35); returns the declarer's net."""
    net = 0
    for seat, tarokks, declared in s.declarations:
        value = (rules.eight_tarokks_value if tarokks == 8 else rules.nine_tarokks_value) * s.stake
        name = "eight_tarokks" if tarokks == 8 else "nine_tarokks"
        t = s.team_of(seat)
        if not declared:
            # Undeclared tarokks are claimed "from the partner only" (pagat); inside a team item that is
            # a payment to oneself, so nothing is scored.
            items.append(_seat_item(name, TEAM_NAMES[t], False, False, 0, seat, "not declared: not scored"))
            continue
        items.append(_seat_item(name, TEAM_NAMES[t], True, True, value, seat))
        net += value if t == DECLARER else -value
    return net


def _declared_tarokks_payments(
    s: HandSummary, rules: Rules, payments: dict[str, int], items: list[Item]
) -> None:
    """Declared tarokks paid between seats (pagat "Declaring tarokks"), into ``payments``."""
    seats = s.seats
    for seat, tarokks, declared in s.declarations:
        value = (rules.eight_tarokks_value if tarokks == 8 else rules.nine_tarokks_value) * s.stake
        name = "eight_tarokks" if tarokks == 8 else "nine_tarokks"
        team = s.team_of(seat)
        if declared:
            # Paid by each of the other three active players, partner included.
            for other_seat in seats:
                payments[other_seat] -= value
            payments[seat] += 4 * value
            items.append(
                {
                    "name": name,
                    "team": TEAM_NAMES[team],
                    "announced": True,
                    "kontra": 0,
                    "won": True,
                    "value": value,
                    "seat": seat,
                }
            )
        else:
            # Claimed at the end from the partner(s) only; a lone declarer has none.
            payers = [x for x in seats if x != seat and s.team_of(x) == team]
            for payer in payers:
                payments[payer] -= value
            payments[seat] += value * len(payers)
            items.append(
                _seat_item(
                    name,
                    TEAM_NAMES[team],
                    False,
                    bool(payers),
                    value if payers else 0,
                    seat,
                    "not declared: claimed from the partner only",
                )
            )


def _ultimo_failure(s: HandSummary, team: int) -> str:
    """Which of the three ways an announced pagát ultimó failed ("Bonuses")."""
    plt = s.pagat_last_trick
    if plt is not None and plt[0] == team:
        return "the pagát was beaten in the last trick"
    holder = s.pagat_team if plt is None else plt[0]
    if holder is not None and holder != team:
        return "the announcing team did not hold the pagát"
    return "the pagát was not played to the last trick"


def _settle_ultimo_pot(s: HandSummary, payments: dict[str, int], items: list[Item]) -> Score:
    """kegl ultimó pot: an announced ultimó made shares the pot; one that fails pays the pot's value in.

    Shares are whole points (``pot // team size``); a remainder stays in the pot. Both teams' announcements
    are settled against the pot as it stood before the hand. Silent ultimós never touch the pot.
    """
    pot = after = s.ultimo_pot
    pot_payments: dict[str, int] = {}
    plt = s.pagat_last_trick
    for team, bonus, _k in s.announcements:
        if bonus != "pagat_ultimo" or not pot:
            continue
        members = [x for x in s.seats if s.team_of(x) == team]
        share = pot // len(members)
        won = plt is not None and plt[0] == team and plt[1]
        for seat in members:
            pot_payments[seat] = pot_payments.get(seat, 0) + (share if won else -share)
        after += -share * len(members) if won else share * len(members)
        items.append(_item("ultimo_pot", TEAM_NAMES[team], True, 0, won, share * len(members)))
    return Score(payments, items, pot, after, pot_payments)


def max_payment(rules: Rules) -> int:
    """An upper bound of what one seat can win or lose in one hand at stake 1 under ``rules``.

    Not the exact maximum, but derived from the rules' own values, so a typed payment beyond it cannot be
    a real result: every game item both teams could score (game, announced double game and volát for
    either team, a silent volát) and every bonus announced by both teams, all at the highest kontra
    allowed; declared tarokks; a lone declarer collecting from three opponents and, with sír-nevet, from
    the sitting-out dealer too; talon honours; and the larger of a failed trial three and a renonsz.
    """
    top = KONTRA_FACTOR[rules.max_kontra]
    unit = {"bid": GAME_VALUES["solo"], "margin": 48, "card_points": rules.game_value_cap}[rules.game_value]
    game = unit * top * (1 + 2 * (4 + 6) + 3)
    bonuses = sum(
        2 * announced * top + silent
        for silent, announced in (
            rules.trull_values,
            rules.four_kings_values,
            rules.pagat_ultimo_values,
            rules.xxi_catch_values,
        )
    )
    bonuses += sum(2 * announced * top + silent for _name, silent, announced in rules.family_bonuses)
    declarations = 2 * 4 * max(rules.eight_tarokks_value, rules.nine_tarokks_value)
    played = 4 * (game + bonuses + declarations) + sum(TALON_HONOUR_VALUES.values())
    others = max(3 * rules.trial_three_payment, 3 * 2 * rules.penalty_max)
    return max(played, others)
