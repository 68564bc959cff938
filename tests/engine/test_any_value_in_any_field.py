"""Any JSON value in any field of a summary or a record gets the engine's own error, never a crash.

Issue 21 §7: a penalty summary whose ``offenders`` held a list or an object raised ``TypeError`` (the
distinct-offenders check put the items in a set). Here every field of a corpus of valid summaries (every
kind, five players, rules with options) and of hand records is given arbitrary JSON-ish values, one field
at a time: scoring may accept the result or raise ``SummaryError``; a replay may accept it or raise
``ReplayError``; nothing else.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.messages import PLAIN
from engine.hungarian.record import ReplayError, replay
from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError
from tests.engine.conftest import build
from tests.engine.test_malformed_inputs import JSON_VALUES, RECORDS, _paths

#: one valid summary of each shape the format has, with every optional field present somewhere
SUMMARIES: dict[str, dict[str, Any]] = {
    "played": build(
        rules={"preset": "pagat", "options": {"trull_values": [1, 2], "annulment_holdings": ["four_kings"]}},
        announcements=[
            {"team": "declarer", "bonus": "trull", "kontra": 1, "by": "B"},
            {"team": "opponents", "bonus": "pagat_ultimo", "kontra": 0},
        ],
        declarations=[{"seat": "A", "tarokks": 8, "declared": True, "team": "opponents"}],
        result={
            "trull": "declarer",
            "four_kings": "opponents",
            "xxi_catch": None,
            "pagat_last_trick": {"team": "opponents", "won": False},
            "pagat_team": "opponents",
        },
    ),
    "called card discarded": build(
        rules="tournament", partner=None, called_card_discarded=True, game_kontra=1, bid="two"
    ),
    "five players": build(
        rules={"preset": "pagat", "options": {"five_player_talon_honour_payment": True}},
        sitting_out="E",
        talon_honours={"A": ["skiz", "xxi"], "C": ["pagat"]},
    ),
    "ultimo pot": build(rules="kegl", ultimo_pot=16, stake=2),
    "penalty": build(rules="tournament", kind="penalty", offenders=["A", "C"], amount=12),
    "trial three": {
        "rules": "pagat",
        "seats": ["A", "B", "C", "D"],
        "kind": "trial_three_failed",
        "bid": "three",
        "declarer": "D",
    },
    "passed out": build(kind="passed_out", stake=2),
}
for _name, _summary in SUMMARIES.items():  # each starts valid, so that a field's value is what is tested
    score_summary(_summary)

SUMMARY_FIELDS = sorted(
    {(name, path) for name, summary in SUMMARIES.items() for path in _paths(summary)},
    key=repr,
)


def _record_fields(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every place of a record, but of a long list only its first, second and last items (the cards of a
    deal or a trick are checked alike)."""
    out = []
    for path in _paths(record):
        if any(type(k) is int and 1 < k < _length(record, path[:i]) - 1 for i, k in enumerate(path)):
            continue
        out.append(path)
    return out


def _length(doc: Any, path: tuple[Any, ...]) -> int:
    for key in path:
        doc = doc[key]
    return len(doc)


RECORD = copy.deepcopy(next(r for r in RECORDS if r["announcements"] and r["result"] == "played"))
RECORD["rules"] = {"preset": RECORD["rules"], "options": {"trull_values": [1, 2], "annulment_holdings": []}}
replay(RECORD)  # valid as it is
RECORD_FIELDS = _record_fields(RECORD)

#: JSON-ish values, the lists and objects of them among them; ``MISSING`` removes the field
MISSING = object()
VALUES = JSON_VALUES | st.lists(JSON_VALUES, max_size=3) | st.just(MISSING)
PER_FIELD = settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def _with(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``doc`` with the field at ``path`` set to ``value`` (or removed), or ``value`` itself for
    the whole document."""
    if not path:
        return None if value is MISSING else value
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if value is MISSING:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def test_the_corpus_reaches_every_field_of_the_format() -> None:
    top = {path[0] for _name, path in SUMMARY_FIELDS if path}
    assert {"offenders", "amount", "sitting_out", "talon_honours", "ultimo_pot", "pagat_team"} - top == {
        "pagat_team"  # inside result
    }
    assert ("result", "pagat_team") in {path for _name, path in SUMMARY_FIELDS}
    assert ("rules", "options", "annulment_holdings", 0) in {path for _name, path in SUMMARY_FIELDS}
    reached = set(RECORD_FIELDS)
    for path in [
        ("rules", "options", "trull_values", 0),
        ("deal", "hands", "A", 0),
        ("deal", "talon", 5),
        ("auction", 0, "say"),
        ("announcements", 0, "say", 0),
        ("tricks", 0, "cards", 3),
        ("tricks", 8, "winner"),
        ("call",),
        ("result",),
    ]:
        assert path in reached


def _id(path: tuple[Any, ...]) -> str:
    return ".".join(map(str, path)) or "(document)"


@pytest.mark.parametrize(("name", "path"), SUMMARY_FIELDS, ids=[f"{n}:{_id(p)}" for n, p in SUMMARY_FIELDS])
def test_any_value_in_any_field_of_a_summary_is_scored_or_a_summary_error(
    name: str, path: tuple[Any, ...]
) -> None:
    @PER_FIELD
    @given(VALUES)
    def check(value: Any) -> None:
        summary = _with(SUMMARIES[name], path, value)
        try:
            score_summary(summary)
        except SummaryError as exc:
            error = exc
        else:
            return
        assert error.path
        assert error.reason
        assert error.code != PLAIN  # a message of the engine's own, with a code (issue 21 §6)

    check()


@pytest.mark.parametrize("path", RECORD_FIELDS, ids=list(map(_id, RECORD_FIELDS)))
def test_any_value_in_any_field_of_a_record_is_replayed_or_a_replay_error(path: tuple[Any, ...]) -> None:
    @settings(PER_FIELD, max_examples=10)
    @given(VALUES)
    def check(value: Any) -> None:
        record = _with(RECORD, path, value)
        try:
            replay(record)
        except ReplayError as exc:
            error = exc
        else:
            return
        assert str(error)
        assert error.code != PLAIN

    check()


@pytest.mark.parametrize("offender", [["A"], {"seat": "A"}, [], {}, [["A", "B"]]])
def test_a_penalty_naming_a_list_or_an_object_as_offender_is_a_summary_error(offender: Any) -> None:
    summary = build(rules="tournament", kind="penalty", offenders=["B", offender], amount=12)
    with pytest.raises(SummaryError) as caught:
        score_summary(summary)
    assert caught.value.path.startswith("offenders")


@pytest.mark.parametrize(
    "offenders",
    [{"A": 1}, [["A"], ["A"]], [{"seat": "A"}, {"seat": "A"}], [["A"], {"seat": "B"}], "AB", None],
)
def test_penalty_offenders_that_are_an_object_or_unhashable_items_are_a_summary_error(offenders: Any) -> None:
    """Issue 21 §7 as the probe sent it: the whole ``offenders`` an object, or two equal unhashable items
    (the distinct-offenders check compared them in a set)."""
    with pytest.raises(SummaryError) as caught:
        score_summary(build(rules="tournament", kind="penalty", offenders=offenders, amount=12))
    assert caught.value.path.startswith("offenders")


def test_an_option_named_preset_is_an_unknown_option_not_a_type_error() -> None:
    """Found by the test above: ``get_rules(preset, **options)`` got ``preset`` twice."""
    with pytest.raises(SummaryError) as caught:
        score_summary(build(rules={"preset": "pagat", "options": {"preset": "kegl"}}))
    assert (caught.value.path, caught.value.code) == ("rules", "unknown_options")
    assert caught.value.reason == "rules: unknown option(s) ['preset']"
