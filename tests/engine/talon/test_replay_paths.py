"""The short cuts of Talon's replay (engine.talon.live): the moves read at once, the runs of passes, the call
and the discard checked on sets, the deal's masks, the bonuses counted on the last trick and the honours'
places. Each is compared with the long way: ``replay_record`` move by move, the listed choices, and the
bonuses as the hand first counted them (every seat's won cards as sets)."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import random
from typing import Any

import pytest

from engine.core.messages import EngineError
from engine.core.trickhand import TrickHand, replay_record
from engine.talon.live import (
    CALL_SETS,
    CARD_BITS,
    KINGS,
    TalonError,
    TalonHand,
    record_rules,
    replay,
    start,
)
from engine.talon.packs import OUDLERS, SUIT_OF
from engine.talon.rules import PRESETS
from tests.engine.talon.live_helpers import first, new, played

SIDES = ("declarer", "opponents")


def _outcome(record: Any, run: Any = replay) -> Any:
    """What replaying ``record`` gives: its summary and payments, or its error's text."""
    try:
        result = run(record)
    except EngineError as exc:
        return str(exc)
    return (result.summary, result.payments)


def _canonical(record: Any) -> Any:
    return _outcome(record, lambda r: replay_record(r, start, record_rules, TalonError))


def _records() -> list[dict[str, Any]]:
    """Hands of every preset and size, rule and random bots, a few with announcements and contras."""
    out = []
    for seed in range(24):
        preset = ("standard", "basic", "advanced", "introductory")[seed % 4]
        out.append(played(seed, preset, 2 + seed % 5, ("rule", "random", "mixed")[seed % 3]).record())
    busy = [
        r
        for r in (played(seed, "standard", 4 + seed % 3).record() for seed in range(100, 200))
        if any(m["code"].split(" ")[0] in ("announce", "declare", "contra") for m in r["moves"])
    ]
    return out + busy[:6]


RECORDS = _records()
OTHER_CODES = ["pass", "hold", "tapper", "solo", "call none", "call HK", "call XX", "no raise", "take"]


@pytest.mark.parametrize("which", range(len(RECORDS)))
def test_every_move_before_the_play_changed_is_replayed_or_refused_alike(which: int) -> None:
    """Each move before the first card: another seat, another code, left out, said twice, or swapped with the
    next; the one loop (its runs of passes, its call on a set) says what ``replay_record`` says."""
    record = RECORDS[which]
    assert _outcome(record) == _canonical(record)
    moves = record["moves"]
    size = len(record["seats"])
    end = next((i for i, m in enumerate(moves) if m["code"].startswith("play ")), len(moves))
    rng = random.Random(which)
    for i in range(min(end + 2, len(moves))):
        changes: list[Any] = []
        seat = moves[i]["seat"]
        other = record["seats"][(record["seats"].index(seat) + 1) % size]
        changes.append(lambda ms, i=i, other=other: ms[i].update(seat=other))
        for code in rng.sample(OTHER_CODES, 4):
            changes.append(lambda ms, i=i, code=code: ms[i].update(code=code))
        changes.append(lambda ms, i=i: ms.pop(i))
        changes.append(lambda ms, i=i: ms.insert(i, dict(ms[i])))
        if i + 1 < len(moves):
            changes.append(lambda ms, i=i: ms.__setitem__(slice(i, i + 2), [ms[i + 1], ms[i]]))
        for change in changes:
            tampered = copy.deepcopy(record)
            change(tampered["moves"])
            assert _outcome(tampered) == _canonical(tampered)


MALFORMED: list[Any] = [
    None,
    ["seat", "code"],
    "AB",
    {"seat": "A"},
    {"code": "pass"},
    {"seat": "A", "code": "pass", "x": 1},
    {"seat": "A", "code": 7},
    {"seat": "A", "code": None},
    {"seat": "A", "code": ["pass"]},
    {"seat": None, "code": "pass"},
    {"seat": ["A"], "code": "pass"},
]


@pytest.mark.parametrize("which", [0, 1, 2, 3, 4, 5, 8, 9])
def test_a_malformed_move_anywhere_is_refused_alike(which: int) -> None:
    """The moves are read at once (each an object of a seat and a code text): a malformed one at the start,
    before the play, at the first card, in the middle or at the end is refused as ``replay_record`` refuses
    it, and one more move after the end too."""
    record = RECORDS[which]
    moves = record["moves"]
    end = next((i for i, m in enumerate(moves) if m["code"].startswith("play ")), len(moves) - 1)
    for i in sorted({0, max(end - 1, 0), end, (end + len(moves)) // 2, len(moves) - 1, len(moves)}):
        for bad in MALFORMED:
            tampered = copy.deepcopy(record)
            tampered["moves"][i:i] = [copy.deepcopy(bad)]
            ours = _outcome(tampered)
            assert isinstance(ours, str)
            assert ours == _canonical(tampered)
            if i < len(moves):  # in place of the move
                del tampered["moves"][i + 1]
                ours = _outcome(tampered)
                assert isinstance(ours, str)
                assert ours == _canonical(tampered)


#: hands of tarocks, kings and oudlers with few other cards: the tarocks discarded are forced (1.4)
FORCED = [
    ["HK", "DK", "CK", "SK", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "SQ"],
    ["XXI", "SKIZ", "I", "XX", "XIX", "XVIII", "HK", "H10", "D7", "XVII", "XVI", "XV", "CK", "SK", "DK"],
    ["XXI", "SKIZ", "I", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "XIII", "XII", "HK", "DK", "CK"],
]


def reference_discard_ok(hand: TalonHand, seat: str, cards: list[str]) -> bool:
    """1.4 as the hand first checked it, on lists: as many different cards as taken, never a king or an
    oudler, a tarock only when nothing else can go (and then every other card goes)."""
    k = len(hand.taken)
    plain = [c for c in hand.hands[seat] if SUIT_OF[c] != "T" and c[1:] != "K"]
    tarocks = [c for c in hand.hands[seat] if SUIT_OF[c] == "T" and c not in OUDLERS]
    chosen = set(cards)
    if len(cards) != k or len(chosen) != k:
        return False
    if len(plain) >= k:
        return chosen <= set(plain)
    return set(plain) <= chosen and chosen <= set(plain) | set(tarocks)


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_the_discard_checked_on_sets_is_the_rule(size: int) -> None:
    """``_discard_ok`` (on sets of the discardable cards) accepts exactly the discards 1.4 allows
    (``reference_discard_ok``), which are those the listed choice offers when no tarock is forced."""
    rng = random.Random(size)
    hands = [first(size, "standard", lambda h: h.phase == "discard", s, "random") for s in (0, 50, 100, 150)]
    for arranged in FORCED:
        hand = copy.deepcopy(hands[0])
        assert hand.turn is not None
        hand.hands[hand.turn] = list(arranged)
        hand._choices = (-1, ())  # the hand was changed under the listing
        hands.append(hand)
    seen = set()
    for hand in hands:
        seat = hand.turn
        assert seat is not None
        k = len(hand.taken)
        cards = hand.hands[seat]
        plain = [c for c in cards if SUIT_OF[c] != "T" and c not in KINGS]
        forced = len(plain) < k
        seen.add(forced)
        picks = [
            rng.sample(cards, n) for n in (k, k, k, k - 1, k + 1) for _ in range(20) if 0 <= n <= len(cards)
        ]
        picks += [
            plain[:k],
            [*plain[: k - 1], cards[0]],
            [cards[0]] * k,
            [*cards[: k - 1], "HK"],
            [*plain, "II", "XX", "III"][:k],
        ]
        for pick in picks:
            ok = hand._discard_ok(seat, pick)
            assert ok == reference_discard_ok(hand, seat, pick), pick
            if not forced:
                assert ok == TrickHand._listed(hand, " ".join(["discard", *pick])), pick
    assert seen == {False, True}


def test_the_call_set_is_the_listed_calls() -> None:
    for size in (4, 6):
        hand = first(size, "standard", lambda h: h.phase == "call")
        assert CALL_SETS[size] == {c.code for c in hand.choices()}


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_the_deals_masks_are_the_dealt_hands(size: int) -> None:
    for seed in range(30):
        hand = new(seed, "standard", size)
        straw = {s: [c for stack in hand.stacks.get(s, ()) for c in stack] for s in hand.seats}
        piles = [(*hand.dealt[s], *straw[s]) for s in hand.seats]
        assert hand.dealt_masks == tuple(sum(CARD_BITS[c] for c in pile) for pile in piles)


def reference_bonuses(hand: TalonHand) -> dict[str, dict[str, Any]]:
    """The bonuses won or lost (5.1, 5.2, 6.1, 6.3) as the hand first counted them: each card of the last
    trick by its seat, each side's won cards as a set, each trick's winner's side."""
    side, rules, announced = hand.side, hand.rules, hand.announced
    assert hand.play is not None
    tricks = hand.play.tricks
    out: dict[str, dict[str, Any]] = {}
    if not tricks:
        return out
    leader, cards, last_winner = tricks[-1]
    at = hand.seats.index(leader)
    by_card = dict(zip(cards, (*hand.seats[at:], *hand.seats[:at]), strict=True))

    def put(name: str, team: str, made: bool) -> None:
        out[name] = {"side": team, "announced": name in announced, "made": made}

    if rules.pagat_ultimo:
        who = announced.get("pagat_ultimo")
        if who is not None:
            put("pagat_ultimo", side(who), by_card.get("I") == who == last_winner)
        elif "I" in by_card:
            put("pagat_ultimo", side(by_card["I"]), by_card["I"] == last_winner)
    if rules.king_ultimo and hand.n == 4 and hand.called is not None:
        who = announced.get("king_ultimo")
        holder = by_card.get(hand.called)
        if who is not None:
            put("king_ultimo", side(who), holder == who and side(last_winner) == side(who))
        elif holder is not None:
            put("king_ultimo", side(holder), side(last_winner) == side(holder))
    if rules.honours:
        taken: dict[str, set[str]] = {team: set() for team in SIDES}
        for s in hand.seats:
            taken[side(s)].update(hand.won[s])
        for name, honours in (("all_three", OUDLERS), ("all_four", frozenset(KINGS))):
            got = [team for team in SIDES if honours <= taken[team]]
            who = announced.get(name)
            if who is not None:
                put(name, side(who), side(who) in got)
            elif got:
                put(name, got[0], True)
    if rules.valat:
        winners = {side(w) for _l, _c, w in tricks}
        who = announced.get("valat")
        if who is not None:
            put("valat", side(who), winners == {side(who)})
        elif len(winners) == 1:
            put("valat", next(iter(winners)), True)
    return out


def test_the_bonuses_are_those_of_the_sides_won_cards() -> None:
    """Every preset, the wild excuse and the straw men's tarocks and kings, at every size, by the rule and the
    random bots: the summary's bonuses are ``reference_bonuses``' (the honours nobody won are left in the
    talon, never discarded), and each kind of bonus is met won and lost."""
    variants = [
        *PRESETS.values(),
        dataclasses.replace(PRESETS["standard"], wild_fool=True),
        dataclasses.replace(PRESETS["advanced"], straw_man_tarocks_and_kings=True),
    ]
    met: set[tuple[str, bool, bool]] = set()
    for (v, rules), size, seed in itertools.product(enumerate(variants), (2, 3, 4, 5, 6), range(24)):
        hand = played(1000 * v + seed, rules, size, ("rule", "random", "mixed")[seed % 3])
        if hand.kind != "played":
            continue
        bonuses = hand.summary().get("bonuses", {})
        assert bonuses == reference_bonuses(hand)
        met.update((name, b["announced"], b["made"]) for name, b in bonuses.items())
    for name in ("pagat_ultimo", "king_ultimo", "all_three", "all_four", "valat"):
        assert {(name, True, True), (name, True, False)} <= met, name  # announced, made and lost
    assert {("all_three", False, True), ("all_four", False, True), ("valat", False, True)} <= met
    assert {("pagat_ultimo", False, True), ("pagat_ultimo", False, False), ("king_ultimo", False, False)} <= (
        met
    )
