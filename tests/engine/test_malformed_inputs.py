"""Malformed summaries and records get the engine's own validation errors, never another exception.

A bounded fuzz (hypothesis, a fixed number of examples) mutates valid summaries and records at a random
place; the library must answer with SummaryError (naming a field) or ReplayError (naming a step), and the
CLIs with their error line and exit code.
"""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.hungarian.commands import replay as replay_cli
from engine.hungarian.commands import score as score_cli
from engine.hungarian.record import RecordSummaryError, ReplayError, replay
from engine.hungarian.rules import PRESETS
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import Hand
from engine.hungarian.summary import SummaryError
from tests.engine.conftest import build


def _self_play(seed: int, preset: str) -> Hand:
    hand = Hand.new(seed, rules=PRESETS[preset])
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


HANDS = [_self_play(seed, preset) for seed in range(4) for preset in PRESETS]
RECORDS = [hand.record() for hand in HANDS]
SUMMARIES = [hand.summary() for hand in HANDS] + [
    build(
        announcements=[{"team": "declarer", "bonus": "trull", "kontra": 1, "by": "B"}],
        declarations=[{"seat": "A", "tarokks": 8, "declared": True}],
        result={"trull": "declarer", "pagat_last_trick": {"team": "declarer", "won": True}},
    ),
    build(kind="annulled", stake=2),
]
#: words the formats use, so that mutations often reach past the first check
WORDS = ["A", "B", "pass", "three", "solo", "XX", "I", "SKIZ", "HK", "game", "declarer", "opponents", "trull"]
KEYS = ["seat", "say", "team", "bonus", "kontra", "by", "won", "cards", "leader", "options", "preset"]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([10**40, -1, 0, 8, 9])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=6)
    | st.sampled_from([*WORDS, "call XX", "kontra game", "declare 8", "announce trull"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4), inner)
    ),
    max_leaves=6,
)


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, the document itself first."""
    out = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _paths(value, (*path, i))
    return out


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutated(draw: st.DrawFn, corpus: list[dict[str, Any]]) -> Any:
    """A document of ``corpus`` with one to three places replaced, removed or given an extra key."""
    doc = copy.deepcopy(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.integers(1, 3))):
        places = _paths(doc)[1:]
        *where, last = draw(st.sampled_from(places))
        parent = doc
        for key in where:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "replace", "remove", "add key", "nest deeply"]))
        if how == "remove":
            del parent[last]
        elif how == "add key" and isinstance(parent[last], dict):
            parent[last][draw(st.sampled_from(KEYS))] = draw(JSON_VALUES)
        elif how == "nest deeply":
            parent[last] = _nested(3000)
            break  # too deep to walk for further mutations
        else:
            parent[last] = draw(JSON_VALUES)
    return doc


FUZZ = settings(
    max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@FUZZ
@given(mutated(SUMMARIES))
def test_a_mutated_summary_is_scored_or_rejected_with_a_field(summary: Any) -> None:
    try:
        score_summary(summary)
    except SummaryError as exc:
        error = exc
    else:
        return
    assert error.path
    assert error.reason


@FUZZ
@given(mutated(RECORDS))
def test_a_mutated_record_is_replayed_or_rejected_with_a_step(record: Any) -> None:
    try:
        replay(record)
    except ReplayError as exc:
        error = exc
    else:
        return
    step, _, reason = str(error).partition(": ")
    assert step
    assert reason


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("announcements", 0, "say"), 7, "announcement turn 1: say must be a list"),
        (("announcements", 0, "say"), {"a": 1}, "announcement turn 1: say must be a list"),
        (("announcements", 0, "say", 0), 7, "announcement turn 1, seat"),
        (("announcements", 0, "say", 0), {"a": 1}, "announcement turn 1, seat"),
        (("auction", 0, "say"), ["three"], "auction step 1: cannot read bid ['three']"),
        (("auction", 0, "say"), {"a": 1}, "auction step 1: cannot read bid"),
        (("seats", 0), ["A"], "seats:"),
        (("stake",), True, "stake: must be a power of two"),
        (("stake",), float("inf"), "stake: must be a power of two (1, 2, 4 ...), got inf"),
    ],
)
def test_the_malformed_records_of_the_issue_name_their_step(
    where: tuple[Any, ...], value: Any, message: str
) -> None:
    record = copy.deepcopy(next(r for r in RECORDS if r["announcements"]))
    parent = record
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert message in str(caught.value)


def test_a_summary_the_scoring_rejects_in_a_replay_is_a_replay_error_naming_the_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A legal record always derives a valid summary, so the scoring is made to reject one."""

    def reject(summary: dict[str, Any], rules: Any = None) -> dict[str, Any]:
        raise SummaryError("result.declarer_tricks", "impossible")

    monkeypatch.setattr("engine.hungarian.scoring.score_summary", reject)
    with pytest.raises(RecordSummaryError) as caught:
        replay(RECORDS[0])
    assert isinstance(caught.value, ReplayError)
    assert isinstance(caught.value, SummaryError)
    assert caught.value.path == "result.declarer_tricks"
    assert str(caught.value) == "result.declarer_tricks: impossible"


def test_a_deeply_nested_value_is_named_in_short() -> None:
    with pytest.raises(SummaryError) as caught:
        score_summary(build(bid=_nested(5000)))
    assert caught.value.path == "bid"
    assert "[[[...]]]" in caught.value.reason


@pytest.mark.parametrize("cli", [score_cli, replay_cli])
def test_the_clis_reject_json_nested_too_deeply(
    cli: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert cli.main([str(path)]) in (1, 2)
    assert "nested too deeply" in capsys.readouterr().err


def test_the_score_cli_rejects_an_infinite_stake(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(build()).replace('"stake": 1', '"stake": 1e999')
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert score_cli.main(["-"]) == 1
    assert capsys.readouterr().err == "error: stake: must be a power of two (1, 2, 4 ...), got inf\n"


def test_the_replay_cli_names_the_step_of_a_say_given_as_a_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = copy.deepcopy(RECORDS[0])
    record["auction"][0]["say"] = 3
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(record)))
    assert replay_cli.main(["-"]) == 1
    assert capsys.readouterr().err == "replay: illegal record: auction step 1: cannot read bid 3\n"
