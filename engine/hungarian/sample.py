"""Plausible hand summaries for the demo and the tests (the descriptor's ``sample_summary``): a hand dealt
from the caller's rng and played to the end by the rule bots, as its summary.

Under a preset of the Hungarian family (``Rules.family_bonuses``) the summary also names the family
bonuses the tricks made (``result.bonuses``), read from the tricks as the family text defines them; the
bots announce none of them, so only the ones that score unannounced move points. The bots play the 42-card
game: an Emperor Tarokk sample has nine tricks, which its summary allows (up to ten).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.core.descriptor import Deal
from engine.hungarian.actions import DECL, TEAMS
from engine.hungarian.bots import BaselineRuleBot, play_hand
from engine.hungarian.cards import KINGS, PAGAT, SKIZ, SUIT_OF, XX, XXI
from engine.hungarian.rules import Rules

PRIESTESS = 1  # tarokk II, the High Priestess ("Magus Tarokk": the owls)
BIRDS = frozenset({PAGAT, 1, 2, 3})  # "Flock": the Magician, the High Priestess, the Empress, the Emperor
QUEENS_RIDERS = {c: (c - 22) // 5 for c in range(22, 42) if (c - 22) % 5 in (1, 2)}
PIPS = frozenset(c for c in range(22, 42) if (c - 22) % 5 == 4)
EVIL_SUITS = frozenset({0, 2})  # hearts (cups: water) and clubs (wands: fire)
#: "First Five" .. "First Eight": the card that must win the last of those tricks
FIRST_N = {"first_five": (5, XX), "first_six": (6, XXI), "first_seven": (7, SKIZ), "first_eight": (8, PAGAT)}


def sample_summary(rng: random.Random, rules: Rules, deal: Deal) -> dict[str, Any]:
    """A summary of a hand played by the rule bots at ``deal`` (its active seats and stake), without the
    keys the table fills in (seats, stake, sitting_out, rules). About one hand in fifty is a revoke's
    penalty instead (T 7: the offender pays each other player), as tables enter it."""
    if rng.random() < 0.02:
        return {
            "kind": "penalty",
            "offenders": [rng.choice(list(deal.active))],
            "amount": rng.randint(rules.penalty_min, rules.penalty_max),
        }
    # the 2025 rule bot: plausible play at twice the speed of today's (which reads the auction); a
    # sample needs a plausible hand, not the strongest play, and the samples stay the hands they were
    hand = play_hand(
        rng.randrange(2**32), [BaselineRuleBot()] * 4, rules=rules, seats=list(deal.active), stake=deal.stake
    )
    summary = hand.summary()
    if rules.family_bonuses and summary.get("kind") == "played":
        known = {name for name, _silent, _announced in rules.family_bonuses}
        made = {name: teams for name, teams in family_made(hand.tricks, hand.team).items() if name in known}
        if made:
            summary["result"]["bonuses"] = made
    for key in ("seats", "stake", "sitting_out", "rules"):
        summary.pop(key, None)
    return summary


def family_made(
    tricks: Sequence[tuple[int, Sequence[int], int]], team: Sequence[int]
) -> dict[str, str | list[str]]:
    """Family bonus -> the team (or both teams) whose tricks made it, from the tricks ``(leader, cards,
    winner)`` in order and each seat's team (hungarian-tarokk-family.txt, the bonus lists)."""
    wins = [(team[winner], cards[(winner - leader) % 4], cards, leader) for leader, cards, winner in tricks]
    out: dict[str, set[int]] = {}

    def credit(name: str, t: int) -> None:
        out.setdefault(name, set()).add(t)

    n = len(wins)
    for name, (count, card) in FIRST_N.items():
        if n >= count and wins[count - 1][1] == card and len({w[0] for w in wins[:count]}) == 1:
            credit(name, wins[0][0])
    last_t, last_card = wins[-1][0], wins[-1][1]
    prev_t, prev_card = wins[-2][0], wins[-2][1]
    if last_card in KINGS:
        credit("last_king", last_t)
    if prev_card in KINGS:
        credit("penultimate_king", prev_t)
    if last_card == PRIESTESS:
        credit("last_owl", last_t)
    if prev_card == PRIESTESS:
        credit("owl", prev_t)
    if last_t == prev_t and {last_card, prev_card} == {PAGAT, PRIESTESS}:
        credit("two_little_birds", last_t)
    for index, name in ((6, "large_bird"), (5, "little_bird")):
        if n > index and (wins[index][1] in KINGS or wins[index][1] in (PAGAT, PRIESTESS)):
            credit(name, wins[index][0])
    first_t, first_card, first_cards, first_leader = wins[0]
    if first_card == PAGAT:
        credit("first_pheasant", first_t)
    if first_card == PRIESTESS:
        credit("second_pheasant", first_t)
    if first_card == XXI and PAGAT in first_cards and PRIESTESS in first_cards:
        # unannounced only "if both The Magician and The High Priestess are played by opponents"
        played_by = [team[(first_leader + first_cards.index(c)) % 4] for c in (PAGAT, PRIESTESS)]
        if all(t != first_t for t in played_by):
            credit("brace_of_pheasants", first_t)
    last3 = wins[-3:]
    if len({w[0] for w in last3}) == 1:
        t = last3[0][0]
        suits = {SUIT_OF[w[1]] for w in last3}
        if len(suits) == 1 and -1 not in suits:
            credit("house", t)
            credit("family", t)
        if all(w[1] in KINGS for w in last3):
            credit("three_kings", t)
            credit("bethlehem", t)
        if all(w[1] in BIRDS for w in last3):
            credit("flock", t)
    if (
        last_t == prev_t
        and {last_card, prev_card} <= set(range(22, 42))
        and SUIT_OF[last_card] == SUIT_OF[prev_card]
        and {(last_card - 22) % 5, (prev_card - 22) % 5} == {0, 1}
    ):
        credit("marriage", last_t)
    for t, card, _cards, _leader in wins:
        if card in QUEENS_RIDERS:
            credit("evil_one" if QUEENS_RIDERS[card] in EVIL_SUITS else "good_one", t)
        if card in PIPS:
            credit("pip_the_post", t)
    return {
        name: TEAMS[next(iter(teams))] if len(teams) == 1 else [TEAMS[DECL], TEAMS[1 - DECL]]
        for name, teams in out.items()
    }
