"""The rule bot of Slovenian tarok: legal, deterministic, stronger than random play, and its tactics."""

from __future__ import annotations

import random

from engine.slovenian.bots import _strength, rule_move
from engine.slovenian.live import start

from .conftest import SEATS, deal_of, rigged


def _duel(seeds: range, rule_plays: bool, preset: str = "bled") -> dict[str, float]:
    """One seat's average payment per hand by its role (declarer, opponent, Klop), the auction, talon and
    announcements made by the rule bots and the cards played by random bots, but the seat's own cards by
    the rule bot when ``rule_plays`` (each seed played three times, the seat in each place)."""
    total: dict[str, float] = {}
    count: dict[str, int] = {}
    for seed in seeds:
        for ruled in SEATS:
            hand = start(deal_of(seed, preset))
            rng = random.Random(seed)
            while not hand.done:
                mine = hand.phase != "play" or (rule_plays and hand.to_move() == ruled)
                hand.apply(hand.bot_move("rule" if mine else "random", rng))
            role = "klop" if hand.contract == "klop" else "declarer" if hand.declarer == ruled else "opponent"
            total[role] = total.get(role, 0) + hand.payments()[ruled]
            count[role] = count.get(role, 0) + 1
    return {role: total[role] / count[role] for role in total}


def test_the_rule_bot_plays_its_cards_better_than_random_in_every_role() -> None:
    ruled, random_ = _duel(range(100), True), _duel(range(100), False)
    for role in ("declarer", "opponent", "klop"):
        assert ruled[role] > random_[role] + 5, (role, ruled, random_)


def test_the_rule_bot_chooses_from_the_listed_moves_the_same_way_each_time() -> None:
    for seed in range(30):
        hand = start(deal_of(seed))
        while not hand.done:
            one = hand.bot_move("rule", random.Random(1))
            assert one == hand.bot_move("rule", random.Random(2))
            hand.apply(one)  # raises if it is not legal


def test_it_bids_from_the_hands_strength() -> None:
    strong = ["SKIZ", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "HK", "DK", "CK", "SK"]
    weak = ["II", "III", "H4", "H3", "D4", "D3", "C7", "C8", "S7", "S8"]
    assert (
        _strength([*strong, "H4", "D4", "C7"]) > 25 > _strength([*weak, "HA", "DA", "C9", "S9", "C10", "S10"])
    )
    hand = rigged({"A": weak, "B": strong})
    hand.apply(rule_move(hand, None))  # A: the forced Trojka
    assert rule_move(hand, None) != "pass"  # B bids over it
    hand = rigged({"A": [*weak, "HR", "VI"]})
    hand.apply("bid trojka")
    hand.apply("pass")
    hand.apply("pass")
    assert rule_move(hand, None) == "game klop"  # a weak first bidder plays Klop
    hand = rigged({"A": weak})
    for code in ("bid trojka", "pass", "pass"):
        hand.apply(code)
    assert rule_move(hand, None) == "game berac"  # ... or Berač with nothing high at all


def test_it_takes_the_mond_from_the_talon_and_voids_a_suit_keeping_kings_and_taroks() -> None:
    hand = rigged(
        {"A": ["SKIZ", "XX", "XIX", "XVIII", "XVII", "HK", "H4", "DQ", "C7"]},
        talon=["II", "C8", "S7", "XXI", "HA", "D3"],
    )
    for code in ("bid trojka", "pass", "pass", "game trojka"):
        hand.apply(code)
    assert rule_move(hand, None) == "take 2"  # the group with the Mond
    hand.apply("take 2")
    discard = rule_move(hand, None).split()[1:]
    assert len(discard) == 3
    assert not {"SKIZ", "XXI", "HK"} & set(discard)
    assert all(c[0] in "HDCS" for c in discard)


def test_in_play_it_trumps_in_when_void_and_ducks_in_klop() -> None:
    hand = rigged({"A": ["X"], "B": ["XV", "XVI"], "C": ["XX", "II"]})
    for code in ("bid trojka", "pass", "pass", "game klop", "pass", "pass", "pass"):
        hand.apply(code)
    hand.play.hands = {"A": ["HK", "C7"], "B": ["V", "XVI", "D4"], "C": ["H4", "HQ", "S7"]}
    hand.apply("play HK")
    assert rule_move(hand, None) in ("play V", "play XVI")  # void in hearts: a tarok must go
    hand.apply("play XVI")
    assert rule_move(hand, None) == "play HQ"  # Klop: under the tarok, shed the highest heart


def test_it_keeps_the_pagat_when_pagat_ultimo_is_announced() -> None:
    for seed in range(300):
        hand = start(deal_of(seed))
        rng = random.Random(seed)
        while not hand.done and hand.phase != "play":
            hand.apply(hand.bot_move("rule", rng))
        side = hand.announced.get("pagat_ultimo")
        if side is None:
            continue
        holder = next(s for s in SEATS if "I" in hand.cards_of(s))
        while not hand.done:
            seat = hand.to_move()
            code = hand.bot_move("rule", rng)
            if seat == holder and code == "play I":
                assert len(hand.cards_of(seat)) == 1 or hand._legal_cards(seat) == ["I"]
            hand.apply(code)
        return
    raise AssertionError("no Pagat ultimo announced among the seeds")
