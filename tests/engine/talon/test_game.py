"""Talon's descriptor: the registry, the dealing, presets, sample summaries, the schema, the entry form,
the words and their translations, and the two generic commands."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.__main__ import main
from engine.core.descriptor import Deal, GameDescriptor
from engine.core.messages import EngineError
from engine.core.rules import RulesError
from engine.games import game
from engine.talon.rules import PRESETS
from engine.talon.scoring import item_payments, score
from engine.talon.summary import parse_summary

TALON = game("talon")
ROOT = Path(__file__).resolve().parents[3]


def test_it_is_registered_with_its_table_sizes() -> None:
    assert isinstance(TALON, GameDescriptor)
    assert TALON.id == "talon"
    assert set(TALON.names) == {"hu", "en", "de"}
    assert TALON.table_sizes == (2, 3, 4, 5, 6)
    assert TALON.main_table_size == 4
    assert TALON.entry_kinds == frozenset({"payments", "summary", "record"})
    assert TALON.live is not None
    assert TALON.bot_record is not None
    assert TALON.record_rules is not None
    assert TALON.kontra_names == ("contra", "re-contra", "supra-contra")
    assert TALON.default_preset == "standard"
    assert set(TALON.presets) == {"standard", "introductory", "basic", "advanced"}
    assert all(f["scoring"] == "game_points" for f in TALON.formats.values())


def test_it_replays_records_and_names_what_is_wrong() -> None:
    with pytest.raises(EngineError) as caught:
        TALON.replay({})
    assert str(caught.value).startswith("seed: ")
    record = TALON.bot_record(3, PRESETS["standard"], ("A", "B", "C", "D"), 1)
    assert TALON.replay(record).payments == TALON.score(TALON.replay(record).summary)["payments"]


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_the_deal_passes_left_and_a_thrown_in_hand_is_dealt_again(size: int) -> None:
    """1.2: the deal passes to the left, the forehand is the dealer's left; the same dealer deals again
    after an annulled (1.2) or passed-out (3.0) hand; nobody sits out; stake 1."""
    seats = tuple("ABCDEF"[:size])
    rules = PRESETS["standard"]
    first = TALON.deal(seats, "B", [], rules)
    assert first == Deal(1, "B", (*seats[2:], *seats[:2]), 1, ())
    assert first.active[0] == seats[2 % size]
    second = TALON.deal(seats, "B", ["played"], rules)
    assert second.dealer == seats[2 % size]
    again = TALON.deal(seats, "B", ["played", "annulled", "passed_out"], rules)
    assert (again.number, again.dealer, again.stake) == (4, second.dealer, 1)
    misere = TALON.deal(seats, "B", ["misere", "surrendered"], rules)
    assert misere.dealer == seats[3 % size]
    assert TALON.sitting_out(seats, "A") == ()
    assert TALON.sitting_out_shares(rules) is None
    assert set(TALON.deal_steps.values()) <= TALON.thrown_in_kinds | {"played"}


def test_presets_resolve_and_refuse_what_is_wrong() -> None:
    assert TALON.resolve_rules() is PRESETS["standard"]
    assert TALON.resolve_rules("basic", {"honours": True}).honours is True
    assert TALON.resolve_rules({"preset": "advanced", "options": {"doubling": True}}).doubling is True
    for spec, options in (("nope", None), ("basic", {"honours": 1}), ("basic", {"nope": True}), ([], None)):
        with pytest.raises(RulesError):
            TALON.resolve_rules(spec, options)
    assert set(TALON.option_docs) == {f for f in PRESETS["standard"].__dataclass_fields__ if f != "name"}
    assert set(TALON.preset_docs) == set(PRESETS)


def _samples(seeds: int) -> list[tuple[dict[str, Any], Any]]:
    out = []
    for preset, rules in PRESETS.items():
        for size in TALON.table_sizes:
            seats = list("ABCDEF"[:size])
            for seed in range(seeds if preset == "standard" else seeds // 5):
                rng = random.Random(seed)
                deal = TALON.deal(seats, seats[seed % size], ["played"] * (seed % 7), rules)
                summary = TALON.sample_summary(rng, rules, deal)
                assert not {"seats", "stake", "sitting_out", "rules"} & set(summary)
                summary.update(seats=list(deal.active), stake=deal.stake, rules=preset)
                out.append((summary, rules))
    return out


SAMPLES = _samples(500)


def test_sample_summaries_score_validate_and_settle_item_by_item() -> None:
    schema = TALON.summary_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    kinds = set()
    for summary, rules in SAMPLES:
        validator.validate(summary)
        result = TALON.score(summary)
        kinds.add(summary["kind"])
        assert sum(result["payments"].values()) == 0
        assert max(abs(v) for v in result["payments"].values()) <= TALON.max_payment(rules)
        parsed = parse_summary(summary, rules)
        moved = [item_payments(i, parsed, rules, parsed.seats) for i in score(parsed, rules)["items"]]
        total = {s: sum(m[s] for m in moved if m is not None) for s in parsed.seats}
        assert total == result["payments"]
        for item in result["items"]:
            assert item["name"] in TALON.vocabularies["bonus"]
            assert set(item) >= {"name", "team", "won", "value", "kontra"}
    assert kinds == set(TALON.vocabularies["kind"])


def test_max_payment_bounds_the_worst_hand() -> None:
    worst = {
        "seats": list("ABCDEF"),
        "contract": "solo",
        "declarer": "A",
        "card_points": 0,
        "bonuses": {
            name: {"side": "declarer", "announced": True, "made": False}
            for name in ("pagat_ultimo", "all_three", "all_four", "valat")
        },
        "kontra": dict.fromkeys(("valat", "pagat_ultimo", "all_three", "all_four"), 3),
        "handfuls": {"B": 7, "C": 7, "D": 7},
    }
    paid = -TALON.score(worst)["payments"]["A"]
    assert paid == 5 * (32 * 8 + 3 * 16 + 3)
    assert paid <= TALON.max_payment(PRESETS["standard"])
    assert TALON.max_payment(PRESETS["introductory"]) == 20
    assert TALON.plausible_payment < TALON.max_payment(PRESETS["standard"])


def test_the_form_asks_for_fields_the_schema_knows_with_labelled_words() -> None:
    props = TALON.summary_schema()["properties"]
    for field in TALON.summary_form:
        assert field.path.split(".")[0] in props, field.path
        for word in field.choices:
            assert word in TALON.labels, word
    for name, words in TALON.vocabularies.items():
        for word in words:
            assert word in TALON.labels, (name, word)
    for word in TALON.kontra_names:
        assert word in TALON.labels


def _marked(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
    }


def test_the_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(
        json.dumps({"seats": list("ABCD"), "contract": "solo", "declarer": "A", "card_points": 60})
    )
    assert main(["--game", "talon", "score", "--preset", "introductory", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payments"] == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert out["rules"] == "introductory"
    path.write_text(
        json.dumps({"seats": list("ABCD"), "contract": "tapper", "declarer": "A", "card_points": 60})
    )
    assert main(["--game", "talon", "score", str(path)]) == 1
    assert "contract: is not played with 4 players" in capsys.readouterr().err


def test_the_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "talon", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "talon"
    assert out["default_preset"] == "standard"
    trick = next(o for o in out["options"] if o["name"] == "trick_compulsion")
    assert trick["values"] == {"standard": True, "introductory": False, "basic": False, "advanced": False}
    assert main(["--game", "talon", "rules", "--preset", "basic"]) == 0
    assert "misere: " in capsys.readouterr().out
    assert {"play", "replay"} <= set(TALON.commands)
