"""The rule bot of Königrufen: legal, quick, and playing the common tactics it claims."""

from __future__ import annotations

import random
import time

from engine.core.live import LiveDeal
from engine.koenigrufen.bots import strength
from engine.koenigrufen.live import KoenigrufenHand, start
from engine.koenigrufen.play import KINGS, POINTS, TAROCK
from engine.koenigrufen.rules import NEGATIVE, PRESETS

SEATS = ("A", "B", "C", "D")


def hands(count: int, preset: str = "wiener_tarockcup") -> list[KoenigrufenHand]:
    out = []
    for seed in range(count):
        out.append(start(LiveDeal(seed=seed, rules=PRESETS[preset], seats=SEATS)))
    return out


def test_the_rule_bot_keeps_the_pagat_for_the_last_trick() -> None:
    checked = 0
    for hand in hands(150):
        rng = random.Random(0)
        while not hand.done:
            seat = hand.to_move()
            code = hand.bot_move("rule", rng)
            if hand.phase == "play" and hand.contract not in NEGATIVE and hand.contract != "trischaken":
                allowed = hand.allowed(seat)
                if "I" in allowed and len(allowed) > 1 and len(hand.hands[seat]) > 1:
                    assert code != "play I"
                    checked += 1
            hand.apply(code)
    assert checked > 20


def test_the_rule_bot_schmiers_to_a_partners_trick_and_trumps_in_when_void() -> None:
    schmier = trump_in = 0
    for hand in hands(150):
        rng = random.Random(0)
        while not hand.done:
            seat = hand.to_move()
            code = hand.bot_move("rule", rng)
            if hand.phase == "play" and hand.contract == "rufer" and hand.trick and hand.partner_public:
                allowed = hand.allowed(seat)
                card = code[5:]
                best_seat = hand.trick[hand.best][0]
                last = len(hand.trick) == 3
                same_side = hand.team(best_seat) == hand.team(seat) and best_seat != seat
                if last and same_side and len(allowed) > 1 and not any(TAROCK[c] for c in allowed):
                    assert POINTS[card] == max(POINTS[c] for c in allowed)
                    schmier += 1
                led = hand.trick[0][1]
                if not TAROCK[led] and all(TAROCK[c] for c in allowed) and not same_side:
                    assert TAROCK[card]  # void in the suit led: it trumps in (the rule makes it so too)
                    trump_in += 1
            hand.apply(code)
    assert schmier > 5
    assert trump_in > 5


def test_the_rule_bot_calls_a_king_it_lacks_and_bids_from_strength() -> None:
    calls = 0
    for hand in hands(300):
        rng = random.Random(0)
        while not hand.done and hand.phase != "play":
            if hand.phase == "call":
                code = hand.bot_move("rule", rng)
                if not all(k in hand.hands[hand.to_move()] for k in KINGS):
                    assert code[5:] not in hand.hands[hand.to_move()]
                    calls += 1
            hand.apply(hand.bot_move("rule", rng))
    assert calls > 50
    weak = strength(["H4", "H3", "D4", "D3", "C7", "C8", "S7", "S8", "II", "III", "HJ", "DJ"])
    assert weak["tarocks"] == 2
    assert weak["high"] == 0


def test_a_rule_bot_decision_takes_well_under_50_ms() -> None:
    times = []
    for hand in hands(60, "vacha_lk"):
        rng = random.Random(1)
        while not hand.done:
            begun = time.process_time()
            code = hand.bot_move("rule", rng)
            times.append(time.process_time() - begun)
            hand.apply(code)
    times.sort()
    assert times[int(0.95 * len(times))] < 0.05
