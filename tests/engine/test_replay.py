"""Hand records and their replay (engine.hungarian.record, python -m engine replay)."""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.hungarian.commands import replay as replay_cli
from engine.hungarian.record import ReplayError, replay
from engine.hungarian.rules import get_rules
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import Action, Hand
from tests.engine.test_play import HANDS, to_play

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "engine/schemas/hungarian/hand-record.schema.json").read_text()
)


def self_play(seed: int, rules: str = "pagat") -> Hand:
    hand = Hand.new(seed, rules=get_rules(rules))
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def scripted() -> dict[str, Any]:
    """HANDS: A solo, calls its own XX; the first trick is HK HR X II."""
    hand = to_play(HANDS)
    for name in ("HK", "HR", "X", "II"):
        hand.apply(Action("play", _card(name)))
    rng = random.Random(1)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return json.loads(json.dumps(hand.record()))


def _card(name: str) -> int:
    from engine.hungarian.cards import parse_card

    return parse_card(name)


@pytest.mark.parametrize("rules", ["pagat", "kegl", "tournament"])
def test_it_replays_self_played_records_to_the_same_summary_and_payments(rules: str) -> None:
    for seed in range(40):
        hand = self_play(seed, rules)
        record = json.loads(json.dumps(hand.record()))
        result = replay(record)
        assert result.summary == hand.summary()
        assert result.payments == score_summary(result.summary, get_rules(rules))["payments"]


def test_it_writes_records_that_match_the_schema() -> None:
    for seed in range(20):
        jsonschema.validate(self_play(seed).record(), SCHEMA)
    jsonschema.validate(self_play(1, "tournament").record(), SCHEMA)


def test_it_records_the_deal_in_dealing_order() -> None:
    record = self_play(3).record()
    assert record["version"] == 1
    assert record["seed"] == 3
    assert sorted(record["deal"]["hands"]) == ["A", "B", "C", "D"]
    assert all(len(cards) == 9 for cards in record["deal"]["hands"].values())
    assert len(record["deal"]["talon"]) == 6


def test_it_accepts_iiii_for_iv() -> None:
    record = scripted()
    hands = record["deal"]["hands"]
    for seat, cards in hands.items():
        hands[seat] = ["IIII" if c == "IV" else c for c in cards]
    assert replay(record).summary == replay(scripted()).summary


def test_it_names_the_trick_and_rule_of_a_revoke() -> None:
    record = scripted()
    record["tricks"][0]["cards"][1] = "XIX"
    with pytest.raises(
        ReplayError, match=r"trick 1, seat B: played XIX but holds a heart and HK was led: must follow"
    ):
        replay(record)


def test_it_rejects_a_card_the_player_does_not_hold() -> None:
    record = scripted()
    record["tricks"][0]["cards"][1] = "DK"
    with pytest.raises(ReplayError, match="trick 1, seat B: played DK which it does not hold"):
        replay(record)


def test_it_rejects_a_wrong_trick_winner() -> None:
    record = scripted()
    record["tricks"][0]["winner"] = "A"
    with pytest.raises(ReplayError, match="trick 1: won by C, not A"):
        replay(record)


def test_it_names_a_cue_bid_without_the_promised_card() -> None:
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I"]})
    for action in (
        Action("bid", 3),
        Action("bid", 2),
        Action("pass"),
        Action("pass"),
        Action("hold"),
        Action("pass"),
    ):
        hand.apply(action)
    record = json.loads(json.dumps(hand.record()))
    record["auction"][2] = {"seat": "C", "say": "solo"}
    with pytest.raises(ReplayError, match="bid by C: jump shows XIX which C does not hold"):
        replay(record)


def test_it_rejects_a_discarded_king() -> None:
    record = scripted()
    seat = "D"  # holds the SK and discards two cards in a solo
    king = "SK"
    record["discards"][seat][0] = king
    with pytest.raises(ReplayError, match=f"discard by {seat}: {king} may not be discarded: kings"):
        replay(record)


def test_it_rejects_a_step_out_of_turn() -> None:
    record = scripted()
    record["auction"][0]["seat"] = "B"
    with pytest.raises(ReplayError, match="auction step 1: it is A's turn, not B's"):
        replay(record)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("auction",), {"A": "pass"}, "auction: must be a list"),
        (("auction", 0), "pass", "auction step 1: expected {seat, say}"),
        (("discards",), ["X"], "discards: must be an object"),
        (("announcements",), {"A": ["pass"]}, "announcements: must be a list of turns"),
        (("tricks",), "HK HR X II", "tricks: must be a list"),
        (("talon",), ["X"], "talon: must be an object"),
        (("call",), "XXX", "call: recorded 'XXX' but the announcements make a call of XX"),
        (("announcements", 0, "say", 0), "  ", "announcement turn 1, seat A: expected an action text"),
    ],
)
def test_it_names_the_section_of_a_malformed_record(path: tuple[Any, ...], value: Any, message: str) -> None:
    record = scripted()
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert str(caught.value).startswith(message)


def test_it_rejects_a_trick_of_five_cards() -> None:
    record = scripted()
    record["tricks"][0]["cards"].append(record["tricks"][1]["cards"][0])
    with pytest.raises(ReplayError, match="trick 1: 5 cards recorded, a trick has 4"):
        replay(record)


def test_it_rejects_a_missing_or_extra_trick() -> None:
    record = scripted()
    record["tricks"].pop()
    with pytest.raises(ReplayError, match="trick 9: missing"):
        replay(record)


def test_it_rejects_a_wrong_deal() -> None:
    record = scripted()
    record["deal"]["talon"][0] = record["deal"]["talon"][1]
    with pytest.raises(ReplayError, match="each of the 42 cards exactly once"):
        replay(record)


def test_it_rejects_an_unknown_version() -> None:
    record = scripted()
    record["version"] = 2
    with pytest.raises(ReplayError, match="version"):
        replay(record)


def test_it_prints_summary_and_payments_from_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = scripted()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    assert replay_cli.main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payments"] == replay(copy.deepcopy(record)).payments
    assert out["summary"]["declarer"] == "A"
    assert out["auction"] == record["auction"]
    assert {"seat", "say", "meaning", "shows"} == set(out["auction"][0])


def test_it_exits_non_zero_naming_the_illegal_step(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = scripted()
    record["tricks"][0]["cards"][1] = "XIX"
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(record)))
    assert replay_cli.main(["-"]) == 1
    assert "trick 1, seat B" in capsys.readouterr().err


def test_it_records_changed_options_and_replays_under_them() -> None:
    rules = get_rules("pagat", old_holding_rule=True, max_kontra=3, sole_bidder_may_raise=True)
    hand = Hand.new(4, rules=rules)
    rng = random.Random(4)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    record = json.loads(json.dumps(hand.record()))
    assert record["rules"] == {
        "preset": "pagat",
        "options": {"old_holding_rule": True, "sole_bidder_may_raise": True, "max_kontra": 3},
    }
    jsonschema.validate(record, SCHEMA)
    assert replay(record).hand.rules == rules
