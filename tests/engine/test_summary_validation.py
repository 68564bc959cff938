"""Invalid summaries raise SummaryError naming the field; the JSON Schema accepts every valid sample."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError
from tests.engine.conftest import BASE, Builder, build

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads(
    (ROOT / "engine" / "schemas" / "hungarian" / "hand-summary.schema.json").read_text(encoding="utf-8")
)

INVALID: list[tuple[dict[str, Any], str]] = [
    (build(result={"declarer_card_points": 95}), "result.declarer_card_points"),
    (build(result={"declarer_card_points": -1}), "result.declarer_card_points"),
    (build(result={"declarer_tricks": 10}), "result.declarer_tricks"),
    (build(result={"declarer_tricks": "5"}), "result.declarer_tricks"),
    # No trick: only the declarer's three discards (queens at most, 12 points) can count.
    (
        build(
            result={
                "declarer_card_points": 13,
                "declarer_tricks": 0,
                "trull": "opponents",
                "four_kings": "opponents",
            }
        ),
        "result.declarer_card_points",
    ),
    # Every trick: the opponents keep at least their three discards (3 points).
    (
        build(
            result={
                "declarer_card_points": 92,
                "declarer_tricks": 9,
                "trull": "declarer",
                "four_kings": "declarer",
            }
        ),
        "result.declarer_card_points",
    ),
    (
        build(
            result={
                "declarer_card_points": 30,
                "declarer_tricks": 9,
                "trull": "declarer",
                "four_kings": "declarer",
            }
        ),
        "result.declarer_card_points",
    ),
    # A team without a trick cannot have won a bonus in tricks.
    (
        build(
            result={
                "declarer_card_points": 5,
                "declarer_tricks": 0,
                "trull": "opponents",
                "four_kings": "opponents",
                "xxi_catch": "declarer",
            }
        ),
        "result.xxi_catch",
    ),
    (
        build(
            result={
                "declarer_card_points": 5,
                "declarer_tricks": 0,
                "trull": "declarer",
                "four_kings": "opponents",
            }
        ),
        "result.trull",
    ),
    (
        build(
            result={
                "declarer_card_points": 5,
                "declarer_tricks": 0,
                "trull": "opponents",
                "four_kings": "opponents",
                "pagat_last_trick": {"team": "declarer", "won": True},
            }
        ),
        "result.pagat_last_trick",
    ),
    # Every trick means every honour and king (they can never be discarded).
    (
        build(
            result={"declarer_card_points": 91, "declarer_tricks": 9, "trull": None, "four_kings": "declarer"}
        ),
        "result.trull",
    ),
    (build(result={"trull": "us"}), "result.trull"),
    (build(result={"pagat_last_trick": {"team": "declarer"}}), "result.pagat_last_trick"),
    (
        build(result={"pagat_last_trick": {"team": "opponents", "won": False}, "pagat_team": "declarer"}),
        "result.pagat_team",
    ),
    (build(seats=["A", "B", "C"]), "seats"),
    (build(seats=["A", "B", "C", "C"]), "seats"),
    (build(declarer="E"), "declarer"),
    (build(partner="X"), "partner"),
    (build(bid="four"), "bid"),
    (build(kind="doubled"), "kind"),
    (build(stake=3), "stake"),
    (build(stake=0), "stake"),
    (build(rules="tournament", stake=2), "stake"),  # T 5: no doubled rounds
    (build(rules="nope"), "rules"),
    (build(rules={"preset": "pagat", "options": {"max_kontra": 9}}), "rules"),
    (build(game_kontra=6), "game_kontra"),
    (build(announcements=[{"team": "declarer", "bonus": "uhu"}]), "announcements[0].bonus"),
    (build(announcements=[{"team": "declarers", "bonus": "trull"}]), "announcements[0].team"),
    (
        build(
            announcements=[
                {"team": "declarer", "bonus": "trull"},
                {"team": "opponents", "bonus": "trull", "kontra": 6},
            ]
        ),
        "announcements[1].kontra",
    ),
    (
        build(announcements=[{"team": "declarer", "bonus": "trull"}, {"team": "declarer", "bonus": "trull"}]),
        "announcements[1]",
    ),
    (build(declarations=[{"seat": "A", "tarokks": 7}]), "declarations[0].tarokks"),
    (build(declarations=[{"seat": "Q", "tarokks": 8}]), "declarations[0].seat"),
    (build(declarations=[{"seat": "A", "tarokks": 8}, {"seat": "A", "tarokks": 9}]), "declarations[1].seat"),
    (
        build(
            declarations=[
                {"seat": "A", "tarokks": 8},
                {"seat": "B", "tarokks": 8},
                {"seat": "C", "tarokks": 8},
            ]
        ),
        "declarations",
    ),
    (build(called_card_discarded=True), "called_card_discarded"),  # has a partner
    (build(called_card_discarded=True, partner=None), "game_kontra"),  # the obligatory kontra is missing
    ({**BASE, "result": None}, "result"),
    (build(sitting_out="A"), "sitting_out"),
    (build(kind="trial_three_failed", bid="two"), "bid"),
    (build(rules="tournament", kind="penalty", offenders=["A", "A"], amount=5), "offenders"),
    (build(rules="tournament", kind="penalty", offenders=["Z"], amount=5), "offenders[0]"),
]


@pytest.mark.parametrize(("data", "path"), INVALID, ids=[f"{i}-{p}" for i, (_, p) in enumerate(INVALID)])
def test_it_rejects_invalid_summaries_naming_the_field(data: dict[str, Any], path: str) -> None:
    with pytest.raises(SummaryError) as exc:
        score_summary(data)
    assert exc.value.path == path
    assert str(exc.value).startswith(f"{path}: ")


def test_it_rejects_a_trial_three_when_the_rules_forbid_it() -> None:
    data = {
        "rules": {"preset": "pagat", "options": {"trial_three_allowed": False}},
        "seats": ["A", "B", "C", "D"],
        "kind": "trial_three_failed",
        "bid": "three",
        "declarer": "D",
    }
    with pytest.raises(SummaryError) as exc:
        score_summary(data)
    assert exc.value.path == "kind"


def test_it_accepts_rules_objects_with_options(summary: Builder) -> None:
    data = summary(rules={"preset": "tournament", "options": {"max_kontra": 5}}, game_kontra=5)
    assert score_summary(data)["payments"]["B"] == 32  # three kontra'd five times: 1 x 2^5


def test_it_needs_only_seats_and_stake_for_thrown_in_hands() -> None:
    assert score_summary({"seats": ["N", "E", "S", "W"], "kind": "annulled"})["payments"] == dict.fromkeys(
        "NESW", 0
    )


SAMPLES: list[dict[str, Any]] = [
    BASE,
    build(
        rules={"preset": "tournament", "options": {"max_kontra": 3}},
        partner=None,
        called_card_discarded=True,
        game_kontra=1,
        declarations=[{"seat": "A", "tarokks": 9, "declared": False}],
        announcements=[{"team": "opponents", "bonus": "xxi_catch", "kontra": 1, "by": "A"}],
        result={"pagat_team": "opponents", "pagat_last_trick": {"team": "opponents", "won": True}},
    ),
    build(rules="kegl", ultimo_pot=16, announcements=[{"team": "declarer", "bonus": "pagat_ultimo"}]),
    build(sitting_out="E", talon_honours={"A": ["skiz", "xxi"]}),
    {"rules": "pagat", "seats": ["A", "B", "C", "D"], "kind": "passed_out", "stake": 2},
    {"seats": ["A", "B", "C", "D"], "kind": "trial_three_failed", "bid": "three", "declarer": "D"},
    {
        "rules": "tournament",
        "seats": ["A", "B", "C", "D"],
        "kind": "penalty",
        "offenders": ["B"],
        "amount": 10,
    },
]


@pytest.mark.parametrize("data", SAMPLES)
def test_it_documents_valid_samples_in_the_json_schema(data: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    score_summary(data)


@pytest.mark.parametrize(
    "data",
    [
        build(bid="four"),
        build(result={"declarer_tricks": 10}),
        {"seats": ["A"]},
        build(announcements=[{"team": "declarer", "bonus": "uhu"}]),
        build(kind="penalty"),
    ],
)
def test_it_rejects_structurally_invalid_samples_in_the_json_schema(data: dict[str, Any]) -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)


def _cli(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "--game", "hungarian", "score", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_it_scores_from_the_command_line() -> None:
    one = _cli("-", stdin=json.dumps(BASE))
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout)["payments"] == {"A": -1, "B": 1, "C": 1, "D": -1}
    many = _cli(stdin=json.dumps([BASE, build(bid="solo")]))
    assert [o["payments"]["B"] for o in json.loads(many.stdout)] == [1, 4]


def test_it_exits_non_zero_naming_the_field_and_index(tmp_path: Path) -> None:
    bad = build(result={"declarer_card_points": 120})
    single = _cli(stdin=json.dumps(bad))
    assert single.returncode == 1
    assert single.stderr.startswith("error: result.declarer_card_points: ")
    listed = _cli(stdin=json.dumps([BASE, bad]))
    assert listed.returncode == 1
    assert listed.stderr.startswith("error: [1] result.declarer_card_points: ")
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    assert _cli(str(path), stdin="").returncode == 1


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 100)
    | st.sampled_from(["", "A", "declarer", "opponents", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["team", "won", "seat"]), inner)
    ),
    max_leaves=5,
)
FIELDS = [
    *[(k,) for k in BASE if k != "result"],
    *[("result", k) for k in BASE["result"]],
    ("announcements",),
    ("declarations",),
    ("sitting_out",),
    ("called_card_discarded",),
    ("talon_honours",),
    ("result", "pagat_team"),
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(FIELDS), JSON_VALUES)
def test_it_raises_only_summary_errors_on_junk(field: tuple[str, ...], value: Any) -> None:
    data = build(sitting_out="E") if field == ("talon_honours",) else build()
    target = data
    for key in field[:-1]:
        target = target[key]
    target[field[-1]] = value
    try:
        out = score_summary(data)
    except SummaryError:
        return  # rejected with a field path: the only acceptable failure
    assert sum(out["payments"].values()) == 0
