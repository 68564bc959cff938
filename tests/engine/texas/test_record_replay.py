"""Texas Tarock hand records: 2,000 bot hands per preset replay to the live summary and payments, which the
descriptor's score agrees with and which sum to zero; the record schema; broken records are refused with
the game's error only (Hypothesis)."""

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

from engine.core.live import LiveDeal
from engine.texas.game import DESCRIPTOR as TEXAS
from engine.texas.live import TexasError, start
from engine.texas.record import bot_record, play_hand, record_rules, replay
from engine.texas.rules import PRESETS

SCHEMAS = Path(__file__).resolve().parents[3] / "engine" / "schemas" / "texas"
SEATS = ("D", "C", "B", "A")
HANDS = 2000


@pytest.mark.parametrize("preset", list(PRESETS))
def test_bot_hands_replay_to_their_summary_and_payments(preset: str) -> None:
    rules = PRESETS[preset]
    contracts: set[str] = set()
    for seed in range(HANDS):
        # mostly the rule bots; every fifth hand random, so that every contract and talon choice is met
        hand = play_hand(
            seed, rules, SEATS, stake=1 + seed % 3, bots=("random",) if seed % 5 == 0 else ("rule",)
        )
        record = hand.record()
        replayed = replay(record)
        assert replayed.summary == hand.summary()
        assert replayed.payments == hand.payments()
        assert TEXAS.score(replayed.summary, rules)["payments"] == replayed.payments
        assert sum(replayed.payments.values()) == 0
        contracts.add(replayed.summary["contract"])
    assert contracts == set(rules.contracts)


def test_the_descriptor_replays_and_plays() -> None:
    rules = PRESETS["taylor_xix"]
    record = TEXAS.bot_record(9, rules, list(SEATS), 2)
    assert record == bot_record(9, rules, SEATS, 2)  # the same seed plays the same hand
    assert record["game"] == "texas"
    assert record["version"] == 1
    assert record["rules"] == "taylor_xix"
    result = TEXAS.replay(record)
    assert result.payments == TEXAS.score(result.summary, rules)["payments"]
    assert TEXAS.record_rules("west_xix") is PRESETS["west_xix"]
    with pytest.raises(TexasError) as caught:
        TEXAS.record_rules("nope")
    assert caught.value.where[0] == "rules"
    assert {"play", "replay"} <= set(TEXAS.commands)
    assert "record" in TEXAS.entry_kinds


def test_records_follow_their_schema() -> None:
    validator = jsonschema.Draft202012Validator(json.loads((SCHEMAS / "hand-record.schema.json").read_text()))
    summary = jsonschema.Draft202012Validator(json.loads((SCHEMAS / "hand-summary.schema.json").read_text()))
    for seed in range(30):
        preset = list(PRESETS)[seed % 3]
        hand = play_hand(seed, PRESETS[preset], SEATS, bots=("random",) if seed % 2 else ("rule",))
        validator.validate(hand.record())
        summary.validate(hand.summary())
    options = {"preset": "taylor_king", "options": {"no_trick_stops": False}}
    hand = play_hand(3, record_rules(options), SEATS)
    assert hand.record()["rules"] == options
    validator.validate(hand.record())
    assert replay(hand.record()).summary["rules"] == options


def test_a_record_names_what_is_wrong() -> None:
    record = bot_record(5, PRESETS["taylor_king"], SEATS)
    for change, where in (
        (lambda r: r.update(seed=-1), "seed"),
        (lambda r: r.update(seats=["A", "B", "C"]), "seats"),
        (lambda r: r.update(rules="nope"), "rules"),
        (lambda r: r.update(version=2), "version"),
        (lambda r: r["moves"].pop(), "moves"),
        (lambda r: r["moves"][0].update(seat="A"), "moves[0].seat"),
        (lambda r: r["moves"][0].update(code="pass"), "moves[0].code"),
    ):
        broken = copy.deepcopy(record)
        change(broken)
        with pytest.raises(TexasError) as caught:
            replay(broken)
        assert caught.value.where[0] == where, caught.value
    # the rule a refused move breaks is named after its place
    broken = copy.deepcopy(record)
    plays = [i for i, m in enumerate(broken["moves"]) if m["code"].startswith("play ")]
    broken["moves"][plays[0]]["code"] = "play XXII"
    with pytest.raises(TexasError) as caught:
        replay(broken)
    assert caught.value.code == "unknown_card"
    assert caught.value.where[0] == f"moves[{plays[0]}].code"


# --- Hypothesis: broken and random records raise the game's error, nothing else ------------------------
RECORDS = [
    bot_record(seed, PRESETS[p], SEATS)
    for seed, p in enumerate(["taylor_king", "taylor_xix", "west_xix"] * 3)
]
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def _mutate(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    record = copy.deepcopy(record)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(
            st.sampled_from(["field", "move_code", "move_seat", "drop", "swap", "junk_move", "rules"])
        )
        moves = record["moves"]
        if how == "field":
            key = data.draw(
                st.sampled_from(["game", "version", "rules", "seats", "stake", "seed", "dealer", "moves"])
            )
            record[key] = data.draw(JUNK)
        elif how == "rules":
            record["rules"] = {
                "preset": data.draw(st.sampled_from(list(PRESETS))),
                "options": data.draw(
                    st.dictionaries(
                        st.sampled_from(
                            ["contracts", "calls", "red_order", "first_lead", "kontra_targets",
                             "declarations", "call_before_talon", "refuse_talon_card",
                             "declarations_compulsory", "prever_rest"]
                        ),
                        JUNK | st.sampled_from(["xx", "ace_high", "declarer", True, False, ["prever"], []]),
                        max_size=2,
                    )
                ),
            }  # fmt: skip
        elif not isinstance(moves, list) or not moves:
            record["moves"] = data.draw(JUNK)
        elif how == "move_code" and isinstance(moves[i := data.draw(st.integers(0, len(moves) - 1))], dict):
            moves[i]["code"] = data.draw(
                JUNK
                | st.sampled_from(
                    ["pass", "play XXI", "discard HK", "call XX", "take", "kontra game", "play  I"]
                )
            )
        elif how == "move_seat" and isinstance(moves[i := data.draw(st.integers(0, len(moves) - 1))], dict):
            moves[i]["seat"] = data.draw(JUNK | st.sampled_from(list(SEATS)))
        elif how in ("move_code", "move_seat"):
            pass
        elif how == "drop":
            del moves[data.draw(st.integers(0, len(moves) - 1)) :]
        elif how == "swap":
            i, j = data.draw(st.integers(0, len(moves) - 1)), data.draw(st.integers(0, len(moves) - 1))
            moves[i], moves[j] = moves[j], moves[i]
        else:
            moves.insert(data.draw(st.integers(0, len(moves))), data.draw(JUNK))
    return record


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_broken_records_raise_only_the_games_error(data: st.DataObject) -> None:
    record = _mutate(data.draw(st.sampled_from(RECORDS)), data)
    try:
        result = replay(record)
    except TexasError as exc:  # any other error, an EngineError of another kind too, fails the test
        str(exc)
        return
    assert sum(result.payments.values()) == 0


@settings(max_examples=100, deadline=None)
@given(record=JUNK)
def test_garbage_is_refused(record: Any) -> None:
    with pytest.raises(TexasError):
        replay(record)


def test_live_hands_under_odd_options_still_play() -> None:
    """Options a tournament may set (a record names them) never break a hand."""
    for options in (
        {"contracts": ["prever"]},
        {"calls": "xx"},
        {"kontra_targets": []},
        {"declarations": {}},
        {"first_lead": "first_bidder", "announce_clockwise": False, "prever_rest": "declarer"},
        {"refuse_talon_card": False, "declarations_compulsory": True},
        {"king_captured_value": 2, "xxi_captured_value": 3},
    ):
        rules = record_rules({"preset": "taylor_king", "options": options})
        for seed in range(25):
            hand = start(LiveDeal(seed=seed, rules=rules, seats=SEATS))
            rng = random.Random(seed)
            while not hand.done:
                hand.apply(hand.bot_move("random" if seed % 2 else "rule", rng))
            assert TEXAS.score(hand.summary(), rules)["payments"] == hand.payments()
            assert replay(hand.record()).payments == hand.payments()
    with pytest.raises(TexasError) as caught:
        start(
            LiveDeal(
                seed=1,
                rules=record_rules({"preset": "taylor_king", "options": {"contracts": []}}),
                seats=SEATS,
            )
        )
    assert caught.value.code == "texas_no_contracts"
