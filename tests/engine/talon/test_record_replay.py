"""Talon hand records (engine.talon.live.replay, hand-record.schema.json): thousands of bot hands replay to
the live hand's summary and payments, the descriptor scores them alike, and mutated or garbage records
raise only the game's EngineError."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.messages import EngineError
from engine.core.trickhand import replay_record
from engine.talon.game import DESCRIPTOR
from engine.talon.live import TalonError, bot_record, record_rules, replay, start
from engine.talon.packs import SUIT_OF
from engine.talon.rules import PRESETS
from tests.engine.talon.live_helpers import played, seats

SCHEMAS = Path(__file__).resolve().parents[3] / "engine" / "schemas" / "talon"
RECORD_SCHEMA = json.loads((SCHEMAS / "hand-record.schema.json").read_text("utf-8"))
SUMMARY_SCHEMA = json.loads((SCHEMAS / "hand-summary.schema.json").read_text("utf-8"))
RECORDS = jsonschema.Draft202012Validator(RECORD_SCHEMA)
SUMMARIES = jsonschema.Draft202012Validator(SUMMARY_SCHEMA)
#: bot hands per preset in the property test (seeded: the table sizes in turn, the bots mixed)
HANDS = 2000


@pytest.mark.parametrize("preset", list(PRESETS))
def test_bot_hands_replay_to_their_summary_and_the_descriptor_scores_them_alike(preset: str) -> None:
    rules = PRESETS[preset]
    kinds: set[str] = set()
    for seed in range(HANDS):
        size = 2 + seed % 5
        hand = played(seed, rules, size, ("rule", "rule", "random", "mixed")[seed % 4])
        record = hand.record()
        again = replay(record)
        summary = hand.summary()
        assert again.summary == summary
        assert again.payments == hand.payments() == DESCRIPTOR.score(summary, rules)["payments"]
        assert sum(again.payments.values()) == 0  # every item is zero-sum (5.0, 1.6)
        kinds.add(summary["kind"])
        if seed % 10 == 0:  # the one-loop replay and the base's agree
            canonical = replay_record(record, start, record_rules, TalonError)
            assert (canonical.summary, canonical.payments) == (again.summary, again.payments)
        if seed % 97 == 0:
            RECORDS.validate(record)
            SUMMARIES.validate(summary)
            assert json.loads(json.dumps(record)) == record
    assert {"played", "annulled"} <= kinds
    assert ("misere" in kinds) == rules.misere


def test_bot_record_is_the_rule_bots_hand_and_the_descriptors() -> None:
    for size in (2, 3, 4, 5, 6):
        record = DESCRIPTOR.bot_record(5, PRESETS["advanced"], seats(size), 2)
        assert record == bot_record(5, PRESETS["advanced"], seats(size), 2)
        assert record["game"] == "talon"
        assert record["version"] == 1
        assert record["stake"] == 2
        RECORDS.validate(record)
        at_one = played(5, "advanced", size)
        assert [m["code"] for m in record["moves"]] == at_one.codes
        assert DESCRIPTOR.replay(record).payments == {s: 2 * v for s, v in at_one.payments().items()}


def test_record_rules_read_a_spec_and_name_the_record_field() -> None:
    assert record_rules("basic") == PRESETS["basic"]
    assert record_rules({"preset": "basic", "options": {"doubling": True}}).doubling
    with pytest.raises(TalonError) as caught:
        record_rules({"preset": "nope"})
    assert str(caught.value).startswith("rules: ")


def a_record(seed: int = 3, size: int = 4, preset: str = "standard") -> dict[str, Any]:
    return played(seed, preset, size).record()


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda r: r.update(seed="1"), "seed"),
        (lambda r: r.update(seats=["A", "A", "B"]), "seats"),
        (lambda r: r.update(seats=list("ABCDEFG")), "seats"),
        (lambda r: r.update(rules="nope"), "rules"),
        (lambda r: r.update(rules={"preset": "basic", "options": {"wild_fool": 1}}), "rules"),
        (lambda r: r["moves"].pop(), "moves"),
        (lambda r: r["moves"][0].update(seat="Q"), "moves[0].seat"),
        (lambda r: r["moves"][-1].update(code="play ZZ"), "moves[{n}].code"),
        (lambda r: r.update(version=2), "version"),
    ],
)
def test_a_broken_record_names_the_field(change: Any, where: str) -> None:
    record = a_record()
    change(record)
    with pytest.raises(TalonError) as caught:
        replay(record)
    assert str(caught.value).startswith(where.replace("{n}", str(len(record["moves"]) - 1)))


def test_a_move_against_the_rules_names_the_move_the_step_and_the_rule() -> None:
    for seed in range(100):
        hand = played(seed, "introductory", 3)
        if hand.play is None:
            continue
        leader, cards, _winner = hand.play.tricks[0]
        seat = hand.seats[(hand.seats.index(leader) + 1) % 3]
        led = SUIT_OF[cards[0]]
        dealt = hand.dealt[seat]
        wrong = next((c for c in dealt if SUIT_OF[c] != led), None)
        if wrong is None or not any(SUIT_OF[c] == led for c in dealt) or seat == hand.declarer:
            continue
        record = hand.record()
        i = [j for j, m in enumerate(record["moves"]) if m["code"].startswith("play ")][1]
        record["moves"][i]["code"] = f"play {wrong}"
        with pytest.raises(TalonError) as caught:
            replay(record)
        assert str(caught.value).startswith(
            f"moves[{i}].code: trick 1, seat {seat}: must follow the suit led"
        )
        return
    raise AssertionError("no deal to try")


MUTATIONS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "pass",
            "hold",
            "solo",
            "take",
            "play XXI",
            "play SKIZ",
            "discard HQ",
            "call HK",
            "misere",
            "announce valat",
            "contra contract",
            "declare 9",
            "no raise",
            "surrender",
            "play alone",
            "take HK",
            "raise solo",
            "play I",
        ]
    ),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
BASE = [a_record(s, 2 + s % 5, ("standard", "basic", "introductory", "advanced")[s % 4]) for s in range(8)]


def _outcome(run: Any, record: Any) -> Any:
    """What replaying ``record`` by ``run`` gives: its summary and payments, or its error's text."""
    try:
        result = run(record)
    except EngineError as exc:
        return str(exc)
    return (result.summary, result.payments)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(BASE) - 1),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["top", "move", "move_seat", "drop", "swap", "dup"]),
            st.integers(0, 10**6),
            MUTATIONS,
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_records_raise_only_the_games_errors(which: int, edits: list[tuple[str, int, Any]]) -> None:
    record = copy.deepcopy(BASE[which])
    keys = ["game", "version", "rules", "seats", "stake", "seed", "dealer", "moves", "extra"]
    for kind, at, value in edits:
        moves = record.get("moves")
        if kind == "top":
            record[keys[at % len(keys)]] = value
        elif isinstance(moves, list) and moves:
            i = at % len(moves)
            if kind == "move" and isinstance(moves[i], dict):
                moves[i]["code"] = value
            elif kind == "move_seat" and isinstance(moves[i], dict):
                moves[i]["seat"] = value
            elif kind == "drop":
                del moves[i]
            elif kind == "swap":
                j = (i + 1) % len(moves)
                moves[i], moves[j] = moves[j], moves[i]
            elif kind == "dup":
                moves.insert(i, copy.deepcopy(moves[i]))
    ours = _outcome(replay, record)
    theirs = _outcome(lambda r: replay_record(r, start, record_rules, TalonError), record)
    assert ours == theirs  # the one-loop replay and the base's agree, errors included
    if isinstance(ours, str):
        return
    result = replay(record)
    assert sum(result.payments.values()) == 0


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5),
        lambda c: st.lists(c) | st.dictionaries(st.text(max_size=5), c),
        max_leaves=10,
    )
)
def test_garbage_raises_only_the_games_errors(garbage: Any) -> None:
    with pytest.raises(EngineError):
        replay(garbage)


def test_a_random_replay_from_any_move_prefix_is_refused_as_unfinished() -> None:
    rng = random.Random(5)
    for record in BASE:
        n = len(record["moves"])
        if n == 0:
            continue
        cut = rng.randrange(n)
        short = {**record, "moves": record["moves"][:cut]}
        with pytest.raises(TalonError, match="the hand is not over"):
            replay(short)


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_the_wild_excuse_variant_replays_alike(size: int) -> None:
    rules = dataclasses.replace(PRESETS["standard"], wild_fool=True)
    for seed in range(60):
        hand = played(seed, rules, size, ("rule", "random", "mixed")[seed % 3])
        again = replay(hand.record())
        assert (again.summary, again.payments) == (hand.summary(), hand.payments())
        assert again.summary["rules"] == {"preset": "standard", "options": {"wild_fool": True}}


#: the state a replay leaves in its hand, as the move by move play leaves it
HAND_STATE = (
    "phase", "turn", "kind", "codes", "moved_by", "hands", "won", "trick_best", "partner_public", "laid_out",
)  # fmt: skip


def _state(hand: Any) -> dict[str, Any]:
    play = hand.play
    tricks = None if play is None else (play.tricks, play.trick, play.leader)
    counts = {s: dict(c) for s, c in hand.counts.items()} if hand.phase == "done" else None
    return {"tricks": tricks, "counts": counts, **{k: getattr(hand, k) for k in HAND_STATE}}


def _play_records() -> list[dict[str, Any]]:
    """Rule and random bot hands that reach the play at three to six, and some with a laid-out card."""
    out, laid = [], []
    for seed in range(400):
        size = 3 + seed % 4
        preset = ("advanced", "standard", "basic")[seed % 3]
        hand = played(seed, preset, size, ("rule", "random")[seed % 2])
        if hand.play is None or hand.compel:
            continue
        if hand.laid_out and len(laid) < 6:
            laid.append(hand.record())
        elif len(out) < 8:
            out.append(hand.record())
    return out + laid


PLAY_RECORDS = _play_records()


@pytest.mark.parametrize("which", range(len(PLAY_RECORDS)))
def test_the_one_loop_play_and_the_move_by_move_play_agree_on_every_card_in_place_of_a_move(
    which: int,
) -> None:
    """``_played_out`` checks the play on bit masks: any card in place of a play move (the lead, a card
    following, the last trick's), or two cards of a seat swapped, is replayed or refused exactly as
    ``replay_record`` does it, and a replay leaves the hand as the move by move play does."""
    record = PLAY_RECORDS[which]
    canonical = replay_record(record, start, record_rules, TalonError)
    assert _state(replay(record).hand) == _state(canonical.hand)
    plays = [j for j, m in enumerate(record["moves"]) if m["code"].startswith("play ")]
    size = len(record["seats"])
    rng = random.Random(which)
    at = sorted({plays[0], plays[1], plays[size], plays[size + 2], plays[-2], rng.choice(plays)})
    for i in at:
        for card in SUIT_OF:  # every card of the 78
            tampered = copy.deepcopy(record)
            tampered["moves"][i]["code"] = f"play {card}"
            ours = _outcome(replay, tampered)
            assert ours == _outcome(lambda r: replay_record(r, start, record_rules, TalonError), tampered)
    by_seat = {s: [j for j in plays if record["moves"][j]["seat"] == s] for s in record["seats"]}
    for _ in range(60):  # one seat's two cards swapped: each seat still plays each of its cards once
        i, j = sorted(rng.sample(by_seat[rng.choice(record["seats"])], 2))
        tampered = copy.deepcopy(record)
        moves = tampered["moves"]
        moves[i]["code"], moves[j]["code"] = moves[j]["code"], moves[i]["code"]
        ours = _outcome(replay, tampered)
        assert ours == _outcome(lambda r: replay_record(r, start, record_rules, TalonError), tampered)
