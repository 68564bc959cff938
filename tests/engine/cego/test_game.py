"""The Cego descriptor: dealing, samples, the schema, the form, malformed input and the commands."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.__main__ import main
from engine.cego.game import DESCRIPTOR
from engine.cego.rules import PRESETS
from engine.cego.summary import parse_summary
from engine.core.messages import EngineError, FieldError
from engine.games import game

ROOT = Path(__file__).resolve().parents[3]
CEGO = game("cego")
VALIDATOR = jsonschema.Draft202012Validator(DESCRIPTOR.summary_schema())


def test_the_registry_holds_cego() -> None:
    assert CEGO is DESCRIPTOR
    assert CEGO.table_sizes == (3, 4)
    assert CEGO.main_table_size == 3
    assert CEGO.players_per_deal == 4  # the most: 17.4's four-handed game (three at 17.3's tables)
    assert CEGO.entry_kinds == frozenset({"payments", "summary", "record"})
    assert CEGO.live is not None
    assert CEGO.bot_record is not None
    assert CEGO.record_rules is not None
    assert {"play", "replay"} <= set(CEGO.commands)
    assert CEGO.kontra_names == ()
    assert set(CEGO.names) == {"hu", "en", "de"}


def test_the_ichenheim_format_is_two_sessions_of_24_deals() -> None:
    # 17.3: "Two sessions of 24 deals are played"
    assert CEGO.default_preset == "ichenheim"
    assert CEGO.formats["ichenheim"] == {
        "scoring": "game_points",
        "table_sizes": [3, 4],
        "deals_per_round": {3: 24, 4: 24},
        "rounds": 2,
    }


def test_the_deal_passes_on_and_the_dealer_of_four_sits_out() -> None:
    rules = PRESETS["ichenheim"]
    first = CEGO.deal("ABC", "A", [], rules)
    assert (first.dealer, first.active, first.sitting_out) == ("A", ("B", "C", "A"), ())
    after = CEGO.deal("ABC", "A", ["played", "raeuber"], rules)
    assert (after.number, after.dealer, after.active) == (3, "C", ("A", "B", "C"))
    four = CEGO.deal("ABCD", "B", ["played"], rules)
    assert (four.dealer, four.active, four.sitting_out, four.stake) == ("C", ("D", "A", "B"), ("C",), 1)
    assert CEGO.sitting_out("ABCD", "D") == ("D",)
    assert CEGO.sitting_out("ABC", "A") == ()
    assert CEGO.sitting_out_shares(rules) == "opponents"
    for n in range(1, 9):
        assert CEGO.dealer("ABCD", "A", n) == CEGO.deal("ABCD", "A", ["played"] * (n - 1), rules).dealer


def test_replay_refuses_a_malformed_record_with_a_message() -> None:
    with pytest.raises(EngineError) as caught:
        CEGO.replay({})
    assert caught.value.where[0] == "seed"


def _samples(preset: str, size: int, n: int = 500) -> list[dict[str, Any]]:
    rules = PRESETS[preset]
    seats = "ABCD"[:size]
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        deal = CEGO.deal(seats, "A", ["played"] * (seed % 7), rules)
        summary = CEGO.sample_summary(rng, rules, deal)
        assert not {"seats", "stake", "sitting_out", "rules"} & set(summary)
        summary |= {"seats": list(deal.active), "stake": 1 + seed % 2, "rules": preset}
        if deal.sitting_out:
            summary["sitting_out"] = deal.sitting_out[0]
        out.append(summary)
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("size", [3, 4])
def test_sample_summaries_score_and_validate(preset: str, size: int) -> None:
    rules = PRESETS[preset]
    kinds = set()
    for summary in _samples(preset, size):
        VALIDATOR.validate(summary)
        result = CEGO.score(summary)
        payments = result["payments"]
        assert sum(payments.values()) == 0
        assert len(summary["seats"]) == (4 if size == 4 and rules.all_four_play else 3)
        assert set(payments) == set(summary["seats"]) | {summary.get("sitting_out")} - {None}
        assert len(payments) == size  # every seat of the table is paid, playing or sharing the defenders
        assert max(map(abs, payments.values())) <= CEGO.max_payment(rules) * summary["stake"]
        hand = parse_summary(summary)
        moved = [CEGO.item_payments(i, hand, rules, hand.positions) for i in result["items"]]
        assert {p: sum(m[p] for m in moved if m) for p in hand.positions} == payments
        kinds.add(summary["kind"])
    specials = size == 4 and preset in ("ichenheim", "four_handed")
    assert kinds == ({"played", "raeuber"} if specials else {"played"})


def test_the_schema_refuses_what_the_parser_refuses() -> None:
    jsonschema.Draft202012Validator.check_schema(CEGO.summary_schema())
    for bad in [
        {"kind": "played"},
        {"seats": ["A", "B", "C"], "contract": "solo", "declarer": "A", "made": True},
        {"seats": ["A", "B", "C"], "contract": "ulti", "declarer": "A"},
        {"seats": ["A", "B", "C"], "kind": "raeuber", "seat_points": {}},
    ]:
        assert not VALIDATOR.is_valid(bad)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KEYS = [
    "seats",
    "stake",
    "sitting_out",
    "rules",
    "kind",
    "contract",
    "declarer",
    "card_points",
    "all_tricks",
    "made",
    "seat_points",
    "seat_tricks",
    "bogus",
]


def _scored_or_field_error(summary: Any) -> None:
    try:
        result = CEGO.score(summary)
    except FieldError:
        return
    assert sum(result["payments"].values()) == 0


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value_scores_or_is_a_field_error(value: Any) -> None:
    _scored_or_field_error(value)


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 1999), st.sampled_from(KEYS), JSON | st.integers(-(10**30), 10**30), st.booleans())
def test_a_mutated_sample_scores_or_is_a_field_error(seed: int, key: str, value: Any, drop: bool) -> None:
    summary = _samples("ichenheim", 3 + seed % 2, 1 + seed % 50)[-1]
    if drop:
        summary.pop(key, None)
    else:
        summary[key] = value
    _scored_or_field_error(summary)


def test_deep_nesting_and_huge_numbers_are_field_errors() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    for bad in [deep, {"seats": deep}, {"seats": ["A", "B", "C"], "stake": 10**400}, "x\x00"]:
        with pytest.raises(FieldError):
            CEGO.score(bad)


def test_the_form_asks_every_summary_key_with_labelled_choices() -> None:
    paths = {f.path for f in CEGO.summary_form}
    assert paths == set(CEGO.summary_schema()["properties"]) - {"seats", "stake", "sitting_out", "rules"}
    for f in CEGO.summary_form:
        for word in f.choices:
            assert word in CEGO.labels, word
    for vocabulary in ("kind", "contract", "team"):
        for word in CEGO.vocabularies[vocabulary]:
            assert word in CEGO.labels


def test_the_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(
        json.dumps({"seats": ["A", "B", "C"], "contract": "cego", "declarer": "B", "card_points": 41})
    )
    assert main(["--game", "cego", "score", "--preset", "ichenheim", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["payments"] == {"A": -4, "B": 8, "C": -4}
    path.write_text(
        json.dumps({"seats": ["A", "B", "C"], "contract": "piccolo", "declarer": "B", "made": True})
    )
    assert main(["--game", "cego", "score", "--preset", "ichenheim", str(path)]) == 1
    assert "contract" in capsys.readouterr().err


def test_the_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "cego", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["default_preset"] == "ichenheim"
    values = {o["name"]: o["values"] for o in out["options"]}
    assert values["four_handed_specials"] == {
        "ichenheim": "four_seat_tables",
        "ichenheim_three_handed": "never",
        "four_handed": "four_seat_tables",
    }
    assert values["all_four_play"] == {
        "ichenheim": False,
        "ichenheim_three_handed": False,
        "four_handed": True,
    }
    assert all(o["description"] for o in out["options"])


def _marked_strings() -> set[str]:
    found = set()
    for path in (ROOT / "engine" / "cego").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant):
                    found.add(arg.value)
    return found
