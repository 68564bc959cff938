"""Cego hand records (engine.cego.live.replay, engine/schemas/cego/hand-record.schema.json): the replay of a
bot hand gives the live hand's summary and payments, which the descriptor's score gives too; garbage and
mutated records are refused with the engine's errors only."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cego import play as P
from engine.cego.live import CegoMoveError, _fast_replay, bot_record, record_rules, replay, start
from engine.cego.rules import PRESETS, resolve_rules
from engine.core.live import LiveDeal
from engine.core.messages import EngineError
from engine.core.trickhand import record_deal, replay_record
from engine.games import game

CEGO = game("cego")
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[3] / "engine/schemas/cego/hand-record.schema.json").read_text("utf-8")
)
RECORD = jsonschema.Draft202012Validator(SCHEMA)


def table(preset: str, seed: int) -> tuple[tuple[str, ...], str]:
    """The active seats and the dealer of a deal of ``preset``: a table of three or of four, by turns."""
    size = CEGO.table_sizes[seed % len(CEGO.table_sizes)]
    deal = CEGO.deal("ABCD"[:size], "ABCD"[seed % size], [], PRESETS[preset])
    return deal.active, deal.dealer


def live_hand(seed: int, preset: str) -> Any:
    seats, dealer = table(preset, seed)
    hand = start(LiveDeal(seed=seed, rules=PRESETS[preset], seats=seats, stake=1 + seed % 3, dealer=dealer))
    rng = random.Random(seed)
    bot = "random" if seed % 5 == 0 else "rule"
    while not hand.done:
        hand.apply(hand.bot_move(bot, rng))
    return hand


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_2000_bot_hands_replay_to_the_live_summary_and_the_descriptors_payments(preset: str) -> None:
    rules = resolve_rules(preset)
    kinds = set()
    for seed in range(2000):
        hand = live_hand(seed, preset)
        record = hand.record()
        got = replay(record)
        assert got.summary == hand.summary()
        scored = CEGO.score(got.summary, rules)["payments"]
        assert scored == got.payments == hand.payments()
        assert sum(got.payments.values()) == 0  # every payment is one against each: zero-sum
        kinds.add(got.summary.get("contract", got.summary["kind"]))
        if seed % 200 == 0:
            RECORD.validate(record)
            assert CEGO.replay(json.loads(json.dumps(record))).payments == got.payments
    assert len(kinds) >= 4


def test_a_record_names_its_rules_and_replays_with_options() -> None:
    rules = resolve_rules("ichenheim", {"solo_blinde": "defenders", "raeuber_overtake": False})
    record = bot_record(9, rules, ("B", "C", "D"), 2, "A")
    assert record["rules"] == {
        "preset": "ichenheim",
        "options": {"solo_blinde": "defenders", "raeuber_overtake": False},
    }
    assert record["game"] == "cego"
    assert record["stake"] == 2
    assert record["dealer"] == "A"
    RECORD.validate(record)
    assert replay(record).summary["rules"] == record["rules"]


def _record(seed: int) -> dict[str, Any]:
    return bot_record(seed, "ichenheim", ("B", "C", "D"), 1, "A")


BASE = [_record(s) for s in range(8)]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r.update(seed=-1), "seed"),
        (lambda r: r.update(seats=["B", "B", "C"]), "seats"),
        (lambda r: r.update(seats=["B", "C"]), "seats"),
        (lambda r: r.update(rules="bräunlingen"), "rules"),
        (lambda r: r.update(stake=0), "stake"),
        (lambda r: r["moves"].pop(), "moves"),
        (lambda r: r["moves"][0].update(seat="Z"), "moves[0].seat"),
        (lambda r: r["moves"][-1].update(code="play SKIZZ"), f"moves[{len(BASE[0]['moves']) - 1}].code"),
        (lambda r: r.update(game="talon"), "game"),
    ],
)
def test_a_broken_record_names_what_is_wrong(change: Any, where: str) -> None:
    record = copy.deepcopy(BASE[0])
    change(record)
    with pytest.raises(CegoMoveError) as caught:
        replay(record)
    assert str(caught.value.where[0]) == where


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2**64) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
KEYS = ["game", "version", "rules", "seats", "stake", "seed", "dealer", "moves", "bogus"]
CODES = st.sampled_from(
    ["pass", "solo", "ulti", "cego", "eine_leere", "raeuber", "keep HA", "keep H2 H3", "discard C7",
     "play XXI", "play SKIZ", "play H2", "", " play  I ", "play", "keep", "discard"]
)  # fmt: skip


def _only_engine_errors(record: Any) -> None:
    try:
        got = replay(record)
    except EngineError:
        return
    assert sum(got.payments.values()) == 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_garbage_is_an_engine_error(value: Any) -> None:
    _only_engine_errors(value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(BASE) - 1), st.sampled_from(KEYS), JSON, st.booleans())
def test_a_mutated_record_is_replayed_or_an_engine_error(i: int, key: str, value: Any, drop: bool) -> None:
    record = copy.deepcopy(BASE[i])
    if drop:
        record.pop(key, None)
    else:
        record[key] = value
    _only_engine_errors(record)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(BASE) - 1), st.integers(0, 60), CODES | JSON, st.sampled_from(["code", "seat", "both"])
)
def test_a_mutated_move_is_replayed_or_an_engine_error(i: int, at: int, value: Any, part: str) -> None:
    record = copy.deepcopy(BASE[i])
    moves = record["moves"]
    j = at % len(moves)
    if part == "both":
        moves[j] = value
    else:
        moves[j][part] = value
    _only_engine_errors(record)


def _variants(record: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """``record`` with one play move changed to another card of the pack, each at a random move."""
    plays = [i for i, m in enumerate(record["moves"]) if m["code"].startswith("play ")]
    out = []
    for _ in range(6):
        changed = copy.deepcopy(record)
        i = rng.choice(plays)
        changed["moves"][i]["code"] = f"play {rng.choice(P.CARDS)}"
        out.append(changed)
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_fast_replay_accepts_exactly_what_replay_record_accepts(preset: str) -> None:
    """``replay`` takes a fast path for records as the engine writes them: it must refuse every move the
    canonical ``replay_record`` refuses (and then that one names the error), and agree on the rest."""
    rng = random.Random(preset)
    agreed = refused = 0
    for seed in range(100):
        seats, dealer = table(preset, seed)
        record = bot_record(seed, preset, seats, 1, dealer, "random" if seed % 2 else "rule")
        for changed in [record, *_variants(record, rng)]:
            fast = _fast_replay(changed)
            try:
                canonical = replay_record(changed, start, record_rules, CegoMoveError)
            except CegoMoveError:
                assert fast is None
                refused += 1
                continue
            assert fast is not None
            assert (fast.summary, fast.payments) == (canonical.summary, canonical.payments)
            agreed += 1
    assert agreed > 100
    assert refused > 100


#: rules whose play the fast path checks differently: the Räuber's first tricks and overtaking, the negative
#: games' overtaking, the Räuber and the specials at three, the whole pack at three
VARIANT_RULES = [
    ("four_handed", None),
    ("four_handed", {"raeuber_first_tricks": "brettli"}),
    ("four_handed", {"raeuber_overtake": False, "negative_overtake": False}),
    ("ichenheim", {"four_handed_specials": "always"}),
    ("ichenheim", {"three_handed_pack": "54", "four_handed_specials": "always"}),
    ("ichenheim", {"leere_declarer_leads": False}),
]


def _state(hand: Any) -> tuple[Any, ...]:
    """What playing a card changes in a hand, copied."""
    play = hand.play
    return (
        {s: list(cards) for s, cards in play.hands.items()},
        list(play.trick),
        list(play.tricks),
        (play.left, play.leader, play.lead_at),
        (
            list(hand.codes),
            list(hand.moved_by),
            hand.phase,
            list(hand.must_lead),
            hand.simple,
            hand.blinde_to,
        ),
    )


def _restore(hand: Any, state: tuple[Any, ...]) -> None:
    play = hand.play
    hands, trick, tricks, (play.left, play.leader, play.lead_at), rest = state
    for s, cards in hands.items():
        play.hands[s][:] = cards
    play.trick = list(trick)
    play.tricks[:] = tricks
    codes, moved, hand.phase, must_lead, hand.simple, hand.blinde_to = rest
    hand.codes[:], hand.moved_by[:], hand.must_lead[:] = codes, moved, must_lead


@pytest.mark.parametrize(("preset", "options"), VARIANT_RULES)
def test_the_fast_play_takes_exactly_the_legal_cards_of_every_seat_at_every_move(
    preset: str, options: dict[str, Any] | None
) -> None:
    """At each play move of bot hands, every card the seat holds: the replay's fast loop
    (``CegoHand.replay_plays``) accepts it exactly when ``legal_cards`` lists it (following, trumping,
    overtaking, a Räuber's first tricks, the kept empty cards, the Ulti's Trock 1), and leaves the hand as
    ``apply`` does."""
    rules = resolve_rules(preset, options)
    checked = refused = 0
    for seed in range(40):
        seats = ("B", "C", "D", "A") if rules.all_four_play else ("B", "C", "D")
        dealer = None if rules.all_four_play else "A"
        record = bot_record(seed, rules, seats, 1, dealer, "random" if seed % 3 else "rule")
        hand = start(record_deal(record, record_rules, CegoMoveError)[0])
        for move in record["moves"]:
            if hand.phase == "play":
                seat = move["seat"]
                legal = hand.legal_cards(seat)
                before = _state(hand)
                for card in hand.cards_of(seat):
                    ok = hand.replay_plays(iter([{"seat": seat, "code": f"play {card}"}]))
                    assert ok == (card in legal), (seed, seat, card, legal)
                    checked += 1
                    refused += not ok
                    if ok:
                        fast = _state(hand)
                        _restore(hand, before)
                        hand.apply(f"play {card}")
                        assert _state(hand) == fast
                    else:
                        assert _state(hand) == before  # a refused card changes nothing
                    _restore(hand, before)
            hand.apply(move["code"])
    assert checked > 1000
    assert refused > 200


def test_the_rules_of_an_options_spec_are_resolved_once_and_exactly() -> None:
    """``record_rules`` keeps the rules of the options specs it resolved: the same spec gives the same
    rules, and a value equal but of another type (0 for False) is still checked, and refused."""
    spec = {"preset": "ichenheim", "options": {"raeuber_overtake": False, "three_handed_pack": "54"}}
    rules = record_rules(spec)
    assert record_rules(json.loads(json.dumps(spec))) is rules
    assert rules == resolve_rules("ichenheim", spec["options"])
    for value in (0, 0.0, "False"):
        with pytest.raises(CegoMoveError) as caught:
            record_rules(
                {"preset": "ichenheim", "options": {"raeuber_overtake": value, "three_handed_pack": "54"}}
            )
        assert caught.value.where[0] == "rules"
    assert record_rules({"preset": "four_handed", "options": {"raeuber_overtake": False}}).all_four_play
    with pytest.raises(CegoMoveError):
        record_rules({"preset": "ichenheim", "options": {"three_handed_pack": "52"}})
