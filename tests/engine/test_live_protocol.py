"""Hungarian Tarokk through the live protocol only (engine.core.live, engine.hungarian.live; issue 33 §1).

Seeded hands of every preset are played by codes alone (a listed choice, a pick composed from its cards, or
a bot's move), and each finished hand must agree with its record: replayed by the descriptor it gives the
same summary and payments, and the codes replayed through the protocol give the same views. Codes that are
stale, illegal or garbage raise the game's EngineError and change nothing.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

from engine.core.live import BOT_KINDS, LiveDeal, replay
from engine.core.messages import EngineError
from engine.hungarian import actions
from engine.hungarian.actions import Action
from engine.hungarian.bots import RuleBot, play_hand
from engine.hungarian.cards import NAMES, cards_of
from engine.hungarian.game import DESCRIPTOR
from engine.hungarian.live import LIVE, LiveTarokk
from engine.hungarian.rules import Rules
from engine.hungarian.talon import DISCARD

SEATS = ("A", "B", "C", "D")
HANDS_PER_PRESET = 24
VALIDATOR = jsonschema.Draft202012Validator(LIVE.view_schema())


def deal(seed: int, preset: str, seats: tuple[str, ...] = SEATS, dealer: str | None = None) -> LiveDeal:
    return LiveDeal(seed, DESCRIPTOR.presets[preset], seats, 1, dealer)


def a_code(live: LiveTarokk, rng: random.Random, mode: str) -> str:
    """A move chosen by the protocol only: a bot's (``mode`` "rule" or "random"), else a listed choice,
    a pick choice's cards drawn from those it lists."""
    kind = mode if mode in BOT_KINDS else rng.choice(("rule", "random", "choice", "choice"))
    if kind in BOT_KINDS:
        return live.bot_move(kind, rng)
    choice = rng.choice(live.choices())
    if choice.pick:
        return " ".join([choice.code, *rng.sample(choice.cards, choice.pick)])
    return choice.code


def views(live: LiveTarokk) -> list[dict[str, Any]]:
    return [*(live.seat_view(seat) for seat in live.hand.labels), live.public_view()]


def check_views(live: LiveTarokk) -> None:
    """Every view validates against the schema and is plain JSON (no tuples, no other types)."""
    for view in views(live):
        VALIDATOR.validate(view)
        assert json.loads(json.dumps(view)) == view


def listed_codes(live: LiveTarokk) -> list[str]:
    """Every listed code, a pick choice's as its first cards and as its last ones."""
    out = []
    for choice in live.choices():
        if choice.pick:
            out.append(" ".join([choice.code, *choice.cards[: choice.pick]]))
            out.append(" ".join([choice.code, *choice.cards[-choice.pick :]]))
        else:
            out.append(choice.code)
    return out


#: the engine's fixed action objects and rules, shared by copies of a hand (they never change)
def _shared() -> dict[int, Any]:
    found: list[Any] = [*DISCARD.values(), *DESCRIPTOR.presets.values()]
    for value in vars(actions).values():
        found.extend(
            value.values() if isinstance(value, dict) else value if isinstance(value, tuple) else [value]
        )
    return {id(value): value for value in found if isinstance(value, (Action, Rules))}


SHARED = _shared()


def play(live: LiveTarokk, rng: random.Random, mode: str, every_code: bool, views_at: int = -1) -> None:
    """Play ``live`` to the end; with ``every_code``, each listed code is applied to a copy first; the
    views are validated at step ``views_at``."""
    while not live.done:
        assert live.to_move() is not None
        if every_code or rng.random() < 0.02:
            for code in listed_codes(live):
                trial = copy.deepcopy(live, dict(SHARED))
                trial.apply(code)
                assert trial.step == live.step + 1
        if live.step == views_at:
            check_views(live)
        live.apply(a_code(live, rng, mode))
    assert live.to_move() is None
    assert live.choices() == ()


def check_finished(live: LiveTarokk, d: LiveDeal, validate: bool = True) -> None:
    record = live.record()
    result = DESCRIPTOR.replay(record)
    assert result.summary == live.summary()
    assert result.payments == live.payments()
    assert DESCRIPTOR.score(live.summary(), d.rules)["payments"] == live.payments()
    again = replay(LIVE, d, list(live.codes))
    assert views(again) == views(live)
    if validate:
        check_views(live)
    public = live.public_view()
    assert public["done"]
    assert public["result"]["record"] == record
    assert public["result"]["payments"] == live.payments()


@pytest.mark.parametrize("preset", list(DESCRIPTOR.presets))
def test_seeded_hands_of_every_preset_play_by_codes_and_agree_with_their_records(preset: str) -> None:
    kinds: dict[str, int] = {}
    for i in range(HANDS_PER_PRESET):
        rng = random.Random(f"{preset}:{i}")
        d = deal(1000 + i, preset)
        live = LIVE.start(d)
        assert isinstance(live, LiveTarokk)
        assert live.step == 0
        mode = ("rule", "random", "mixed")[i % 3]
        play(live, rng, mode, every_code=i < 2, views_at=i if i % 5 == 0 else -1)
        check_finished(live, d, validate=i % 10 == 0)
        kinds[live.hand.kind] = kinds.get(live.hand.kind, 0) + 1
    assert kinds.get("played", 0) >= HANDS_PER_PRESET // 2


def test_a_five_seat_tables_four_active_seats_play_and_the_dealer_is_shown() -> None:
    d = deal(5, "tournament", seats=("B", "C", "D", "E"), dealer="A")
    live = LIVE.start(d)
    assert live.to_move() == "B"
    assert live.public_view()["dealer"] == "A"
    assert live.public_view()["seats"] == ["B", "C", "D", "E"]
    play(live, random.Random(5), "rule", every_code=False)
    check_finished(live, d)
    assert set(live.payments()) == {"B", "C", "D", "E"}
    assert live.record()["seats"] == ["B", "C", "D", "E"]
    with pytest.raises(ValueError):
        live.seat_view("A")  # the dealer sits out: no seat view


def bad_codes(live: LiveTarokk, earlier: list[str], rng: random.Random) -> Iterator[Any]:
    """Codes that must be refused now: wrong types, garbage, another seat's cards, illegal moves and codes
    of earlier steps that are not legal now."""
    yield from (None, 3, 3.5, b"pass", ["pass"], {"code": "pass"}, ("play", 20))
    yield from ("", " ", "x" * 100_000, "play\x00XXI", "\ud800", "play \ud800", "PASS!", "play", "discard")
    yield from ("play XXII", "call XXXX", "declare 7", "announce nothing", "kontra nobody trull", "four")
    hand = live.hand
    me = hand.to_move()
    listed = {c.code for c in live.choices()}
    others = [c for t in range(4) if t != me for c in cards_of(hand.hands[t])]
    mine = cards_of(hand.hands[me])
    if others:
        card = NAMES[rng.choice(others)]
        yield from (f"play {card}", f"call {card}", f"discard {card}", f"discard {card} {card}")
        yield " ".join(["discard", *(NAMES[c] for c in rng.sample(others, min(3, len(others))))])
    yield " ".join(["discard", *(NAMES[c] for c in mine)])  # too many
    yield from (
        c for c in ("three", "solo", "hold", "no raise", "raise solo", "annul four_kings") if c not in listed
    )
    yield from (c for c in ("declare 9", "announce volat", "kontra game", "call XX") if c not in listed)
    yield from (c for c in rng.sample(earlier, min(4, len(earlier))) if c not in listed and c != "pass")


@pytest.mark.parametrize("preset", ["pagat", "kegl", "tournament", "magus"])
def test_stale_illegal_and_garbage_codes_raise_and_change_nothing(preset: str) -> None:
    for i in range(3):
        rng = random.Random(i)
        live = LIVE.start(deal(200 + i, preset))
        while not live.done:
            before = (live.step, views(live), list(live.codes))
            for code in bad_codes(live, live.codes, rng):
                with pytest.raises(EngineError) as caught:
                    live.apply(code)
                assert len(str(caught.value)) < 400  # a huge code is shown cut short
            assert (live.step, views(live), list(live.codes)) == before
            live.apply(a_code(live, rng, ("rule", "random", "mixed")[i]))
        for code in ("pass", "play XXI", None):
            with pytest.raises(EngineError):
                live.apply(code)
        with pytest.raises(EngineError):
            live.bot_move("rule", rng)


def test_bots_move_deterministically_from_the_rng_and_only_listed_moves() -> None:
    for seed in range(6):
        live = LIVE.start(deal(seed, "pagat"))
        while not live.done:
            kind = BOT_KINDS[live.step % 2]
            code = live.bot_move(kind, random.Random(live.step))
            assert code == live.bot_move(kind, random.Random(live.step))
            assert code in listed_codes(live) or code.startswith("discard ")
            live.apply(code)
    with pytest.raises(ValueError):
        LIVE.start(deal(1, "pagat")).bot_move("nobody", random.Random(0))


@pytest.mark.parametrize("preset", ["pagat", "tournament"])
def test_a_fresh_bot_per_move_plays_as_one_kept_bot_does(preset: str) -> None:
    """Bots keep no state between moves: a fresh rule bot per move (``bot_move``) plays the hand that one
    rule bot per table plays (``play_hand``), given the same rng."""
    rules = DESCRIPTOR.presets[preset]
    for seed in range(8):
        live = LIVE.start(deal(seed, preset))
        rng = random.Random(f"bots:{seed}")
        while not live.done:
            live.apply(live.bot_move("rule", rng))
        assert live.record() == play_hand(seed, [RuleBot()] * 4, rules=rules, seats=SEATS).record()


def test_codes_are_the_records_words() -> None:
    """The codes applied read as the record writes the hand: its auction says, its discards, its
    announcements and its tricks, in order."""
    live = LIVE.start(deal(11, "pagat"))
    play(live, random.Random(11), "rule", every_code=False)
    record = live.record()
    codes = list(live.codes)
    says = [step["say"] for step in record["auction"]]
    assert codes[: len(says)] == says
    discards = [" ".join(["discard", *cards]) for cards in record["discards"].values()]
    assert [c for c in codes if c.startswith("discard ")] == discards
    turns = [say for turn in record["announcements"] for say in turn["say"]]
    plays = [f"play {card}" for trick in record["tricks"] for card in trick["cards"]]
    assert codes[len(says) + len(discards) :] == turns + plays


def test_a_deal_with_bad_seats_or_stake_is_refused() -> None:
    rules = DESCRIPTOR.presets["pagat"]
    for seats in (("A", "B", "C"), ("A", "A", "B", "C"), ("A", "B", "C", "")):
        with pytest.raises(EngineError):
            LIVE.start(LiveDeal(1, rules, seats))
    with pytest.raises(EngineError):
        LIVE.start(LiveDeal(1, rules, SEATS, stake=3))
    assert LIVE.start(LiveDeal(1, "kegl", SEATS)).hand.rules == DESCRIPTOR.presets["kegl"]


def test_the_view_schema_is_a_valid_draft_2020_12_schema_and_the_descriptor_plays_live() -> None:
    jsonschema.Draft202012Validator.check_schema(LIVE.view_schema())
    assert DESCRIPTOR.live is LIVE
    assert list(LIVE.phases) == ["bidding", "raise", "annul", "discard", "announcements", "play", "done"]
    assert LIVE.bots == BOT_KINDS


def test_an_annulment_asks_its_seat_without_naming_it_to_the_table() -> None:
    """Only a seat whose holding may annul is asked; the table learns that somebody may annul (the hand
    waits), not who: ``to_move`` is null in the other seats' views and the spectator's."""
    live = LIVE.start(deal(33, "tournament"))
    rng = random.Random(33)
    while live.hand.phase != "annul":
        live.apply(live.bot_move("rule", rng))
    asked = live.to_move()
    assert asked is not None
    for seat in SEATS:
        view = live.seat_view(seat)
        VALIDATOR.validate(view)
        if seat == asked:
            assert view["to_move"] == asked
            assert {c["group"] for c in view["choices"]} == {"annul"}
        else:
            assert view["to_move"] is None
            assert view["choices"] == []
    assert live.public_view()["to_move"] is None
    live.apply("no annul")
    assert live.hand.phase != "annul" or live.to_move() != asked
