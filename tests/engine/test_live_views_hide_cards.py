"""No live view names a card whose place its viewer may not know (engine.hungarian.live; issue 33 §1).

The oracle is the hand's own state, not the view code: a seat may know where its dealt cards are, the
talon cards it took, the cards played to tricks and the cards the rules make public (the declarer's
discarded tarokks, turned face up once the discards are complete); a spectator only the last two. A few
statements name a card without placing it, each in its own field only: the called card (``called``, a
call's say), the card a cue bid or a yield shows (``auction[].shows``, a bid's hint) and the cards the
declarer's own legal calls name. Every string of a view, keys and rendered labels included, is searched
for card names; once the hand is over, ``result`` may show every card (the record).

The errors a seat meets applying another seat's card or an illegal move are held to the same oracle: the
values they quote (their params) name only cards the seat knows, the code's own cards, the cards the
conventions name and, in a refused call, the calls it may make.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.live import LiveDeal
from engine.core.messages import EngineError
from engine.hungarian.cards import NAMES, SKIZ, XVII, XX, cards_of
from engine.hungarian.game import DESCRIPTOR
from engine.hungarian.live import LIVE, LiveTarokk
from engine.hungarian.state import Hand

CARD_NAMES = frozenset(NAMES)
#: the tarokks the conventions name: what a cue bid (XIX, XVIII, XVII) or a yield (XX) shows
CONVENTION = frozenset(NAMES[c] for c in range(XVII, XX + 1))
#: what a call may name: a tarokk up to the XX
CALLABLE = frozenset(NAMES[c] for c in range(XX + 1))
#: a card's name as a word of a text (not inside another word)
WORD = re.compile(r"[A-Za-z0-9]+")
MOVERS = ("rule", "random", "choice")


def named(value: Any) -> set[str]:
    """The card names in ``value`` (a JSON value, its keys included)."""
    return CARD_NAMES.intersection(WORD.findall(json.dumps(value, ensure_ascii=False)))


def known(hand: Hand, seat: int | None) -> set[str]:
    """The cards whose place ``seat`` (None: a spectator) may know, from the hand's state alone."""
    cards = {c for _leader, trick, _winner in hand.tricks for c in trick} | set(hand._trick)
    d = hand.declarer
    order = hand.discard_order
    if d is not None and order and all(hand.discards[t] for t in order):  # the discards are complete
        cards |= {c for c in hand.discards[d] if c <= SKIZ}  # the declarer's tarokks, turned face up
    if seat is not None:
        cards |= set(hand.dealt[seat]) | set(hand.drawn[seat])
    return {NAMES[c] for c in cards}


def leaks(view: dict[str, Any], hand: Hand, base: set[str]) -> list[tuple[str, set[str]]]:
    """Each place in ``view`` naming a card beyond what may be said there, with those cards."""
    called = set() if hand.called is None else {NAMES[hand.called]}
    found = []

    def check(where: str, value: Any, allowed: set[str] | frozenset[str]) -> None:
        extra = named(value) - allowed
        if extra:
            found.append((where, extra))

    def but(item: dict[str, Any], key: str) -> dict[str, Any]:
        return {k: v for k, v in item.items() if k != key}

    check("the keys", list(view), base)
    for key, value in view.items():
        if key == "result" and hand.done:
            continue  # anything: the hand is over
        if key == "called":
            check(key, value, base | called)
        elif key == "auction":  # each step's shows apart from the rest
            check(key, [but(step, "shows") for step in value], base)
            check("auction shows", [step["shows"] for step in value], base | CONVENTION)
        elif key == "announcements":
            check(key, [but(say, "say") for say in value], base)
            check("announcement says", [say["say"] for say in value], base | called)
        elif key == "choices":
            calls = [c for c in value if c["group"] == "call"]
            check(key, [but(c, "hint") for c in value if c["group"] != "call"], base)
            check("calls", [but(c, "hint") for c in calls], base | CALLABLE)
            check("hints", [c.get("hint") for c in value], base | CONVENTION)
        else:
            check(key, value, base)
    return found


def move(live: LiveTarokk, rng: random.Random, kind: str) -> str:
    if kind != "choice":
        return live.bot_move(kind, rng)
    choice = rng.choice(live.choices())
    if choice.pick:
        return " ".join([choice.code, *rng.sample(choice.cards, choice.pick)])
    return choice.code


def wrong_codes(live: LiveTarokk, rng: random.Random) -> Iterator[str]:
    """Another seat's card in each kind of move, a call of any tarokk and moves the rules may forbid."""
    hand = live.hand
    me = hand.to_move()
    others = [c for t in range(4) if t != me for c in cards_of(hand.hands[t])]
    if others:
        card = NAMES[rng.choice(others)]
        yield from (f"play {card}", f"discard {card}", f"call {card}")
    yield f"call {NAMES[rng.randrange(XX + 1)]}"
    yield f"play {NAMES[rng.randrange(42)]}"
    yield rng.choice(("three", "two", "one", "solo", "hold", "pass", "raise solo", "annul four_kings"))
    yield rng.choice(("declare 8", "declare 9", "announce trull", "kontra game", "kontra declarer trull"))


def check_errors(live: LiveTarokk, rng: random.Random) -> None:
    hand = live.hand
    base = known(hand, hand.to_move())
    listed = {c.code for c in live.choices()}
    for code in wrong_codes(live, rng):
        if code in listed:
            continue
        with pytest.raises(EngineError) as caught:
            live.apply(code)
        for name, value in caught.value.params.items():
            extra = named(value) - base - named(code) - CONVENTION
            if name == "options":
                extra -= CALLABLE
            assert not extra, (code, str(caught.value), extra)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    preset=st.sampled_from(sorted(DESCRIPTOR.presets)),
    movers=st.lists(st.sampled_from(MOVERS), min_size=4, max_size=4),
)
def test_no_view_names_a_card_its_viewer_may_not_place(seed: int, preset: str, movers: list[str]) -> None:
    rng = random.Random(seed)
    live = LIVE.start(LiveDeal(seed, DESCRIPTOR.presets[preset], ("B", "C", "D", "E"), 1, "A"))
    hand = live.hand
    while True:
        for s, label in enumerate(hand.labels):
            view = live.seat_view(label)
            assert leaks(view, hand, known(hand, s)) == [], (label, view)
        public = live.public_view()
        assert leaks(public, hand, known(hand, None)) == [], public
        assert "hand" not in public
        assert "choices" not in public
        assert "received" not in public["talon"]
        assert "mine" not in public["discards"]
        if live.done:
            break
        if rng.random() < 0.3:
            check_errors(live, rng)
        live.apply(move(live, rng, movers[hand.to_move()]))
