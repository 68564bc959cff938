"""The descriptor as the tournament system reads it: presets, formats, samples, schema, form, words,
translations and the two generic commands."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.__main__ import main
from engine.core.form import FormField
from engine.core.messages import EngineError
from engine.core.rules import RulesError
from engine.games import game
from engine.koenigrufen.rules import PRESETS
from engine.koenigrufen.scoring import transfers_of
from engine.koenigrufen.summary import parse

ROOT = Path(__file__).resolve().parents[3]
KR = game("koenigrufen")


def test_the_descriptor() -> None:
    assert KR.id == "koenigrufen"
    assert set(KR.names) == {"hu", "en", "de"}
    assert (KR.table_sizes, KR.players_per_deal, KR.main_table_size) == ((4, 5), 4, 4)
    assert KR.entry_kinds == frozenset({"payments", "summary", "record"})
    assert KR.default_preset == "wiener_tarockcup"
    assert set(KR.presets) == {"wiener_tarockcup", "vacha_lk", "raiffeisen"}
    assert KR.kontra_names == ("Kontra", "Re", "Sub")
    assert KR.assess_summary is None
    assert KR.record_rules is not None
    assert KR.bot_record is not None
    assert KR.live is not None
    assert KR.commands["play"] == "engine.core.cli:play"
    assert KR.commands["replay"] == "engine.core.cli:replay"
    with pytest.raises(EngineError) as caught:
        KR.replay({})
    assert caught.value.where[0] == "seed"  # a record is replayed now: the empty one lacks its seed


def test_the_formats() -> None:
    assert KR.formats["wiener_tarockcup"]["scoring"] == "game_points"
    assert KR.formats["raiffeisen"]["point_value_cents"] == 10
    assert "point_value_cents" not in KR.formats["wiener_tarockcup"]
    assert set(KR.formats) == set(KR.presets) == set(KR.preset_docs)


def test_presets_resolve_and_options_are_checked() -> None:
    assert KR.resolve_rules() is PRESETS["wiener_tarockcup"]
    assert KR.resolve_rules("vacha_lk") is PRESETS["vacha_lk"]
    rules = KR.resolve_rules({"preset": "raiffeisen", "options": {"max_kontra": 2}})
    assert (rules.max_kontra, rules.name) == (2, "raiffeisen")
    for spec, options in (("nope", None), ("raiffeisen", {"valat": "sometimes"}), (None, {"x": 1})):
        with pytest.raises(RulesError):
            KR.resolve_rules(spec, options)
    assert set(KR.option_docs) == {f for f in vars(PRESETS["raiffeisen"]) if f != "name"}


def test_presets_differ_where_the_texts_say() -> None:
    wtc, lk, rb = (PRESETS[p] for p in ("wiener_tarockcup", "vacha_lk", "raiffeisen"))
    assert (
        wtc.contract_values["solodreier"],
        lk.contract_values["solodreier"],
        rb.contract_values["solodreier"],
    ) == (
        10,
        20,
        8,
    )
    assert (wtc.valat, lk.valat) == ("multiplier", "fixed")
    assert (wtc.simultaneous, rb.simultaneous) == ((), ())
    assert set(lk.simultaneous) == {"bettler", "zwiccolo", "piccolo"}
    assert (wtc.kontra_in_points, lk.kontra_in_points, rb.kontra_in_points) == (True, True, False)


def _deals() -> list[Any]:
    out = []
    for seats in ("ABCD", "ABCDE"):
        for n in range(6):
            out.append(KR.deal(seats, seats[n % len(seats)], ["played"] * n, None))
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sample_summaries_score_validate_and_settle_item_by_item(preset: str) -> None:
    rules = KR.resolve_rules(preset)
    schema = KR.summary_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    deals = _deals()
    kinds = set()
    for seed in range(250):
        deal = deals[seed % len(deals)]
        summary = KR.sample_summary(random.Random(seed), rules, deal)
        assert not {"seats", "stake", "sitting_out", "rules"} & set(summary)
        seats = list(deal.active)
        if summary["kind"] in KR.everyone_plays_kinds:  # as the table fills it in: the dealer plays a Fahren
            seats += list(deal.sitting_out)
        summary |= {"seats": seats, "stake": deal.stake, "rules": preset}
        if deal.sitting_out:
            summary["sitting_out"] = deal.sitting_out[0]
        jsonschema.validate(summary, schema, cls=jsonschema.Draft202012Validator)
        result = KR.score(summary)
        kinds.add(summary["kind"])
        payments = result["payments"]
        assert sum(payments.values()) == 0
        assert set(payments) == set(deal.active) | set(deal.sitting_out)
        assert max(abs(v) for v in payments.values()) <= KR.max_payment(rules) * deal.stake
        parsed = parse(summary)
        moved = [KR.item_payments(item, parsed, rules, parsed.positions) for item in result["items"]]
        assert {p: sum(m[p] for m in moved) for p in payments} == payments
        for item in result["items"]:
            assert item["name"] in KR.vocabularies["bonus"]
            assert item["team"] in (None, *KR.vocabularies["team"])
            assert transfers_of(item, parsed, item["value"]) is not None
    assert kinds == {"played", "trischaken"}


def test_the_schema_refuses_what_the_parser_refuses() -> None:
    schema = KR.summary_schema()
    for bad in (
        {"kind": "played"},
        {"seats": list("ABCD"), "kind": "trischaken"},
        {"seats": list("ABCD"), "x": 1},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema, cls=jsonschema.Draft202012Validator)


def test_the_form_asks_for_the_summarys_fields() -> None:
    paths = [f.path for f in KR.summary_form]
    assert all(isinstance(f, FormField) for f in KR.summary_form)
    assert {"kind", "contract", "declarer", "partner", "won", "kontra", "card_points", "jungfrau"} <= set(
        paths
    )
    assert "bonuses.pagat" in paths
    schema_keys = set(KR.summary_schema()["properties"])
    assert {p.split(".")[0] for p in paths} <= schema_keys
    for f in KR.summary_form:
        for word in f.choices:
            assert word in KR.labels, word


def test_every_word_has_a_label_and_the_glossary_explains_the_jargon() -> None:
    for vocabulary in ("kind", "contract", "team"):
        for word in KR.vocabularies[vocabulary]:
            assert word in KR.labels, word
    for word in KR.vocabularies["bonus"]:
        assert word in KR.labels, word
    for word in ("rufer", "trischaken", "jungfrau", "buergermeister", "valat", "fahren"):
        assert word in KR.terms


def _marked() -> list[str]:
    import ast

    found = []
    for path in sorted((ROOT / "engine" / "koenigrufen").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args:
                found.append(node.args[0].value)  # type: ignore[attr-defined]
    return found


def test_the_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = {"seats": list("ABCD"), "contract": "dreier", "declarer": "B", "won": True, "kontra": 1}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), "utf-8")
    assert main(["--game", "koenigrufen", "score", "--preset", "raiffeisen", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payments"] == {"A": -4, "B": 12, "C": -4, "D": -4}
    assert out["money"]["B"] == 24
    assert main(["--game", "koenigrufen", "score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["payments"]["B"] == 30  # WTC: Dreier 5, Kontra doubles
    path.write_text(json.dumps({**hand, "contract": "nope"}), "utf-8")
    assert main(["--game", "koenigrufen", "score", str(path)]) == 1
    assert "contract" in capsys.readouterr().err


def test_the_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "koenigrufen", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["default_preset"]) == ("koenigrufen", "wiener_tarockcup")
    assert {o["name"] for o in out["options"]} >= {"contract_values", "kontra_in_points", "fahren_doubles"}
    assert main(["--game", "koenigrufen", "rules", "--preset", "vacha_lk"]) == 0
    assert "simultaneous" in capsys.readouterr().out
