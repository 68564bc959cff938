"""The rule bot of live Cego (engine.cego.bots): it plays legally, bids from its hand, keeps and lays away
sensibly, plays the common tactics, and beats the random bot."""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from engine.cego import bots
from engine.cego import play as P
from engine.cego.live import CegoHand, start
from engine.cego.rules import PRESETS
from engine.core.live import LiveDeal

TABLES = [
    ("ichenheim", ("B", "C", "D"), "A"),
    ("ichenheim", ("B", "C", "A"), "A"),
    ("four_handed", ("B", "C", "D", "A"), "A"),
]


def deal(seed: int, preset: str, seats: tuple[str, ...], dealer: str) -> CegoHand:
    return start(LiveDeal(seed=seed, rules=PRESETS[preset], seats=seats, dealer=dealer))


def decisions(n: int) -> Iterator[tuple[CegoHand, str, str]]:
    """(hand before the move, seat, the rule bot's code) of every decision of ``n`` hands per table."""
    for preset, seats, dealer in TABLES:
        for seed in range(n):
            hand = deal(seed, preset, seats, dealer)
            rng = random.Random(seed)
            while not hand.done:
                seat = hand.to_move()
                assert seat is not None
                code = hand.bot_move("rule", rng)
                yield hand, seat, code
                hand.apply(code)


def _trick_state(hand: CegoHand, seat: str) -> dict[str, Any]:
    play = hand.play
    assert play is not None
    trick = [c for _s, c in play.trick]
    best = P.winner(trick) if trick else 0
    return {
        "trick": trick,
        "best": trick[best] if trick else None,
        "best_seat": play.trick[best][0] if trick else None,
        "last": len(trick) == len(hand.seats) - 1,
        "legal": hand.legal_cards(seat),
    }


def test_the_rule_bots_moves_are_legal_and_sensible() -> None:
    checked = {"smear": 0, "cheap": 0, "duck": 0, "raeuber": 0, "discard": 0}
    for hand, seat, code in decisions(70):
        assert code in {c.code for c in hand.choices()} or code.startswith("discard")
        if hand.phase == "keep" and hand.contract == "cego":
            kept = code.split()[1]
            trocks = [c for c in hand.hands[seat] if c in P.TROCKS]
            if trocks:  # Cego keeps its best Trock
                assert kept == max(trocks, key=P.RANK.__getitem__)
        if hand.phase == "discard":
            laid = code.split()[1:]
            choice = hand.choices()[0]
            suited = [c for c in choice.cards if c not in P.TROCKS]
            assert not set(laid) & (P.KINGS | P.HONOURS)
            if len(suited) >= choice.pick:  # never a Trock while a suit card may go
                assert not set(laid) & P.TROCKS
            checked["discard"] += 1
        if hand.phase != "play":
            continue
        card = code.split()[1]
        state = _trick_state(hand, seat)
        legal, trick = state["legal"], state["trick"]
        if len(legal) == 1 or not trick:
            continue
        winners = [c for c in legal if P.beats(c, state["best"])]
        losers = [c for c in legal if c not in winners]
        contract = hand.contract
        if contract == "raeuber":
            if losers:  # everybody ducks, throwing his points into another's trick
                assert card in losers
                assert P.POINTS[card] == max(P.POINTS[c] for c in losers)
                checked["raeuber"] += 1
            continue
        if contract in P.NEGATIVE:
            if (
                seat == hand.declarer
                and losers
                and not (contract == "piccolo" and len(hand.cards_of(seat)) <= 3)
            ):
                assert card in losers  # the declarer ducks
                checked["duck"] += 1
            continue
        mine = "declarer" if seat == hand.declarer else "defenders"
        theirs = "declarer" if state["best_seat"] == hand.declarer else "defenders"
        if mine == theirs and state["last"]:  # the partner's trick stands: give it points
            pool = [c for c in legal if c not in (P.SKIZ, P.MOND)] or legal
            assert P.POINTS[card] == max(P.POINTS[c] for c in pool)
            checked["smear"] += 1
        elif mine != theirs and not winners:  # a lost trick: the cheapest card
            assert P.POINTS[card] == min(P.POINTS[c] for c in legal)
            checked["cheap"] += 1
        elif mine != theirs and state["last"] and winners:  # last to play: win it cheaply
            assert card in winners
    checked.pop("duck")  # the rule bot seldom bids Piccolo or Bettel: see the next test
    assert all(checked.values()), checked


def test_the_bettel_declarer_ducks_and_the_defenders_keep_him_on_top() -> None:
    ducked = 0
    for seed in range(40):
        hand = deal(seed, "four_handed", ("B", "C", "D", "A"), "A")
        for code in ("bettel", "pass", "pass", "pass"):
            hand.apply(code)
        assert (hand.contract, hand.declarer) == ("bettel", "B")
        rng = random.Random(seed)
        while not hand.done:
            seat = hand.to_move()
            assert seat is not None
            code = hand.bot_move("rule", rng)
            state = _trick_state(hand, seat)
            if state["trick"] and len(state["legal"]) > 1:
                losers = [c for c in state["legal"] if not P.beats(c, state["best"])]
                card = code.split()[1]
                if seat == "B" and losers:
                    assert card in losers
                    assert P.RANK[card] == max(
                        P.RANK[c] for c in losers if (c in P.TROCKS) == (card in P.TROCKS)
                    )
                    ducked += 1
                elif seat != "B" and state["best_seat"] == "B" and losers:
                    assert card in losers
            hand.apply(code)
    assert ducked > 20


def test_a_strong_hand_bids_solo_and_a_weak_one_passes() -> None:
    strong = ["SKIZ", "XXI", "XX", "XIX", "XVIII", "XVII", "XV", "XII", "X", "HK", "CK", "S7", "S8"]
    assert "solo" in bots.special_wish(strong, 13)
    weak = ["II", "III", "H2", "H3", "HJ", "DA", "D2", "C7", "C8", "C9", "S7", "SJ", "SQ"]
    assert bots.special_wish(weak, 13) == []
    ulti = ["I", "SKIZ", "XXI", "XX", "XIX", "XV", "XIV", "XIII", "XII", "HK", "DK", "C7", "S8"]
    assert "ulti" in bots.special_wish(ulti, 13)
    bettel = ["II", "III", "H2", "H3", "H4", "D2", "D3", "D4", "C7", "C8", "S7"]
    assert "bettel" in bots.special_wish(bettel, 11)
    for seed in range(300):  # a dealt hand the bot wants to play Solo with: it says so first
        hand = deal(seed, "ichenheim", ("B", "C", "A"), "A")
        if "solo" in bots.special_wish(hand.hands["B"], 13)[:1]:
            assert hand.bot_move("rule", random.Random(0)) == "solo"
            break
    else:
        pytest.fail("no Solo hand dealt")


@pytest.mark.parametrize(("preset", "seats", "dealer"), TABLES)
def test_the_rule_bot_beats_the_random_bot(preset: str, seats: tuple[str, ...], dealer: str) -> None:
    won = []
    for seed in range(150):
        rule_seat = seats[seed % len(seats)]
        hand = deal(seed, preset, seats, dealer)
        rng = random.Random(seed)
        while not hand.done:
            hand.apply(hand.bot_move("rule" if hand.to_move() == rule_seat else "random", rng))
        won.append(hand.payments()[rule_seat])
    assert statistics.fmean(won) > 3


def test_a_decision_is_quick() -> None:
    import time

    times = []
    for hand, _seat, _code in decisions(10):
        t0 = time.perf_counter()
        hand.bot_move("rule", random.Random(1))
        times.append(time.perf_counter() - t0)
    times.sort()
    assert times[int(0.95 * len(times))] < 0.050
