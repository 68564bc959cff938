"""The speed paths agree with the checked paths they shortcut (benchmarks/engine_bench.py).

* In the round of announcements ``legal_actions`` lists what a seat may say from ``Hand._announcement_key``,
  and ``apply`` trusts an action so listed: the list kept up to date after a kontra or an announcement must
  equal a fresh one (that the listing is exactly what the full rule checks allow, under any valid options, is
  test_properties_play's ``test_it_offers_exactly_the_announcements_the_rule_checks_accept``).
* ``replay`` checks the round of announcements against the same keys without listing (``Hand._apply_turns``),
  applies whole tricks at once (``Hand._play_trick``) and sorted discards by the ``_DISCARD_MASKS`` table of
  engine/hungarian/talon.py; with all of them switched off every step goes through the full rule checks. The
  two must give the same summary and payments for every record, legal or tampered with, or reject it with the
  same message.
* ``Hand.new`` shuffles by an inlined ``random.shuffle``: the two must agree card for card.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.hungarian.actions
import engine.hungarian.announcements
import engine.hungarian.state
import engine.hungarian.talon
from engine.hungarian.cards import NAMES
from engine.hungarian.record import ReplayError, replay
from engine.hungarian.rules import get_rules
from engine.hungarian.state import Hand

PRESETS = st.sampled_from(["pagat", "kegl", "tournament"])
SAYS = [
    "pass",
    "kontra game",
    "call XX",
    "call XIX",
    "declare 8",
    "declare 9",
    *(f"announce {b}" for b in engine.hungarian.actions.BONUSES),
    *(f"kontra {t} {b}" for t in engine.hungarian.actions.TEAMS for b in engine.hungarian.actions.BONUSES),
]


def random_hand(seed: int, choice_seed: int, preset: str) -> Hand:
    hand = Hand.new(seed, rules=get_rules(preset))
    rng = random.Random(choice_seed)
    while not hand.done:
        legal = hand.legal_actions()
        if hand.phase == "announcements" and hand._forced_kontra is None:
            assert tuple(legal) == hand._legal_announcements(hand.to_move())  # type: ignore[arg-type]
        hand.apply(legal[rng.randrange(len(legal))])
    return hand


_apply = Hand.apply


def apply_checked(hand: Hand, action: Any) -> None:
    """``apply`` with every step of the round of announcements through the full rule checks (no listing)."""
    if hand.phase == "announcements":
        hand._ann_legal = None
        hand._announce(action, False)
    else:
        _apply(hand, action)


def apply_turns_checked(hand: Hand, turns: list[Any], start: int = 0) -> tuple[int, int]:
    """``Hand._apply_turns`` by the book: ``apply`` one action at a time, stopping where it must stop."""
    i = start
    while i < len(turns):
        seat, actions = turns[i]
        if not actions:
            i += 1
            continue
        if hand.phase != "announcements" or hand.to_move() != seat:
            return i, 0
        for k, step in enumerate(actions, 1):
            action = engine.hungarian.announcements.STEP_ACTION[step] if isinstance(step, int) else step
            hand.apply(action)
            if action[0] == "pass":
                if k < len(actions):
                    return i, k
                break
            if hand.phase != "announcements" or hand.to_move() != seat:
                return i, k
        i += 1
    return i, 0


def play_trick_checked(hand: Hand, cards: list[Any]) -> None:
    """``Hand._play_trick`` by the book: four ``apply(play)`` calls."""
    for card in cards:
        hand.apply(("play", card))


@contextmanager
def checked_path() -> Iterator[None]:
    """Every replayed step through the full rule checks: no direct tests, no discard table, no batches."""
    with (
        mock.patch.object(Hand, "apply", apply_checked),
        mock.patch.object(Hand, "_apply_turns", apply_turns_checked),
        mock.patch.object(Hand, "_play_trick", play_trick_checked),
        mock.patch.object(engine.hungarian.talon, "_DISCARD_MASKS", {}),
    ):
        yield


def outcome(record: dict[str, Any]) -> tuple[str, Any]:
    try:
        result = replay(copy.deepcopy(record))
    except ReplayError as exc:
        return "rejected", str(exc)
    return "replayed", (result.summary, result.payments, result.hand.announce_log)


def tamper(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One step of the record replaced: an announcement-phase say, a discarded card or a played card."""
    record = copy.deepcopy(record)
    turns = record["announcements"]
    what = rng.randrange(3)
    if what == 0 and turns:
        turn = rng.choice(turns)
        turn["say"][rng.randrange(len(turn["say"]))] = rng.choice(SAYS)
    elif what == 1 and record["discards"]:
        cards = rng.choice(list(record["discards"].values()))
        cards[rng.randrange(len(cards))] = rng.choice(NAMES)
    elif record["tricks"]:
        cards = rng.choice(record["tricks"])["cards"]
        cards[rng.randrange(4)] = rng.choice(NAMES)
    return record


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), PRESETS)
def test_it_replays_and_rejects_records_alike_on_the_fast_and_the_checked_path(
    seed: int, choice_seed: int, preset: str
) -> None:
    record = json.loads(json.dumps(random_hand(seed, choice_seed, preset).record()))
    rng = random.Random(choice_seed)
    for candidate in [record] + [tamper(record, rng) for _ in range(6)]:
        fast = outcome(candidate)
        with checked_path():
            checked = outcome(candidate)
        assert fast == checked
    assert outcome(record)[0] == "replayed"


@given(st.one_of(st.integers(), st.none()))
def test_it_shuffles_the_deck_as_random_shuffle_does(seed: int | None) -> None:
    if seed is None:  # an unseeded Random draws from the OS: only the shape can be checked
        assert sorted(engine.hungarian.state._shuffled_deck(None)) == list(range(42))
        return
    deck = list(range(42))
    random.Random(seed).shuffle(deck)
    assert engine.hungarian.state._shuffled_deck(seed) == deck
