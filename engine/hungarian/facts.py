"""What a Hungarian Tarokk hand summary says happened, as facts a dispute compares versions by, and what
each scored item of it moves between the seats: the validator of the tournament system reads a version
through ``assess_summary`` (the descriptor's ``assess_summary``) and knows no field of the summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.facts import HandFacts, played, without_declarer
from engine.hungarian.rules import Rules
from engine.hungarian.scoring import item_payments, score_summary
from engine.hungarian.summary import TEAM_NAMES, HandSummary, parse_summary


def assess_summary(
    summary: Any, rules: Rules, positions: Sequence[str]
) -> tuple[dict[str, Any], list[tuple[dict[str, Any], dict[str, int] | None]]]:
    """(the facts of ``summary``, its scored items each with what it moves between ``positions``)."""
    parsed = parse_summary(summary, rules)
    items = score_summary(summary, rules)["items"]
    return facts_of(parsed), [(item, item_payments(item, parsed, rules, positions)) for item in items]


def facts_of(s: HandSummary) -> dict[str, Any]:
    """The facts of a hand as read from its summary, by field path, for a dispute to compare versions by.
    Left out: what the deal
    fills in (seats, stake, the sitting-out dealer, the rules) and what only explains (the announcer of a
    bonus, the team of a declaration, ``result.pagat_team``, which only says why an ultimó failed)."""
    team = {None: None, 0: TEAM_NAMES[0], 1: TEAM_NAMES[1]}
    facts: dict[str, Any] = {"kind": s.kind}
    if s.kind == "penalty":
        facts.update(offenders=sorted(s.offenders), amount=s.amount)
        return facts
    if s.kind == "trial_three_failed":
        facts.update(bid=s.bid, declarer=s.declarer)
        return facts
    if s.kind != "played":
        return facts
    plt = s.pagat_last_trick
    facts.update(
        {
            "bid": s.bid,
            "declarer": s.declarer,
            "partner": s.partner,
            "called_card_discarded": s.called_card_discarded,
            "game_kontra": s.game_kontra,
            "announcements": sorted(
                ({"team": TEAM_NAMES[t], "bonus": bonus, "kontra": k} for t, bonus, k in s.announcements),
                key=lambda a: (a["team"], a["bonus"]),
            ),
            "declarations": sorted(
                ({"seat": seat, "tarokks": n, "declared": declared} for seat, n, declared in s.declarations),
                key=lambda d: d["seat"],
            ),
            "result.declarer_card_points": s.declarer_card_points,
            "result.declarer_tricks": s.declarer_tricks,
            "result.trull": team[s.trull],
            "result.four_kings": team[s.four_kings],
            "result.xxi_catch": team[s.xxi_catch],
            "result.pagat_last_trick": None if plt is None else {"team": TEAM_NAMES[plt[0]], "won": plt[1]},
        }
    )
    if s.family_made:
        facts["result.bonuses"] = sorted([bonus, TEAM_NAMES[team]] for team, bonus in s.family_made)
    if s.talon_honours:
        facts["talon_honours"] = sorted([seat, honour] for seat, honour in s.talon_honours)
    if s.rules is not None and s.rules.ultimo_pot:
        facts["ultimo_pot"] = s.ultimo_pot
    return facts


#: the items that are the game itself, not a bonus (a failed trial three and a penalty are neither)
_NOT_BONUSES = frozenset({"game", "trial_three", "penalty"})


def hand_facts(summary: Any, rules: Rules | None = None) -> HandFacts:
    """The descriptor's ``hand_facts``: the bid as the contract, the declarer and the called partner, whether
    the declarer's team won the game (48 card points, 47 after a kontra where the rules say so: "The
    scoring", pagat), and every bonus and declaration as the scorer counts it (its items: announced or
    silent, made or failed), so a bonus made is always one the hand was paid for."""
    s = parse_summary(summary, rules)
    seats = tuple(s.seats)
    if s.kind == "trial_three_failed" and s.declarer is not None:
        return played(
            kind=s.kind, contract=s.bid or "three", declarer=s.declarer, partners=(), won=False, seats=seats
        )
    if s.kind != "played" or s.declarer is None:
        return without_declarer(s.kind, None, seats)
    r = s.rules if s.rules is not None else rules
    threshold = 47 if s.game_kontra and r is not None and r.kontra_raises_game_threshold else 48
    items = score_summary(summary, rules)["items"]
    team_items = [i for i in items if i["name"] not in _NOT_BONUSES and "seat" not in i and i.get("team")]
    seat_items = [i for i in items if i["name"] not in _NOT_BONUSES and i.get("seat")]
    return played(
        kind=s.kind,
        contract=str(s.bid),
        declarer=s.declarer,
        partners=(s.partner,),
        won=s.declarer_card_points >= threshold,
        seats=seats,
        bonuses=[(i["name"], i["team"], bool(i.get("announced")), bool(i["won"])) for i in team_items],
        seat_bonuses=[(i["name"], i["seat"], bool(i.get("announced")), bool(i["won"])) for i in seat_items],
    )
