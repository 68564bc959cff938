"""The descriptor of Slovenian Tarok: registry, deals, schema, sample summaries, presets, the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.__main__ import main
from engine.core.messages import EngineError, FieldError
from engine.core.presets import spec_of
from engine.core.rules import RulesError
from engine.games import GAMES, game
from engine.slovenian.game import DESCRIPTOR, FORMATS
from engine.slovenian.rules import PRESETS
from engine.slovenian.summary import parse_summary

from .conftest import hand

SEATS = ("A", "B", "C")


def test_the_registry_holds_slovenian() -> None:
    assert GAMES["slovenian"] is DESCRIPTOR is game("slovenian")
    assert set(DESCRIPTOR.names) == {"hu", "en", "de"}
    assert DESCRIPTOR.table_sizes == (3,)
    assert DESCRIPTOR.players_per_deal == 3
    assert DESCRIPTOR.main_table_size == 3
    assert DESCRIPTOR.entry_kinds == frozenset({"payments", "summary", "record"})
    assert DESCRIPTOR.kontra_names == ("kontra", "re", "sub", "mort")
    assert DESCRIPTOR.default_preset == "bled"
    assert DESCRIPTOR.record_rules is not None
    assert DESCRIPTOR.record_rules("classic") is PRESETS["classic"]
    assert DESCRIPTOR.bot_record is not None
    assert DESCRIPTOR.live is not None
    assert DESCRIPTOR.commands["play"] == "engine.core.cli:play"
    assert DESCRIPTOR.commands["replay"] == "engine.core.cli:replay"


def test_a_record_without_seats_is_refused_naming_the_field() -> None:
    with pytest.raises(EngineError) as caught:
        DESCRIPTOR.replay({"seed": 1})
    assert caught.value.code == "record_seat_labels"


def test_the_deal_passes_on_and_an_annulled_hand_is_dealt_again() -> None:
    rules = PRESETS["bled"]
    first = DESCRIPTOR.deal(SEATS, "A", [], rules)
    assert (first.number, first.dealer, first.active, first.sitting_out, first.stake) == (
        1,
        "A",
        ("B", "C", "A"),
        (),
        1,
    )
    assert DESCRIPTOR.deal(SEATS, "A", ["played"], rules).dealer == "B"
    assert DESCRIPTOR.deal(SEATS, "A", ["played", "annulled"], rules).dealer == "B"
    assert DESCRIPTOR.deal(SEATS, "A", ["played", "annulled", "played"], rules).dealer == "C"
    assert DESCRIPTOR.deal(SEATS, "A", ["played"] * 3, rules).active == ("B", "C", "A")
    assert DESCRIPTOR.sitting_out(SEATS, "B") == ()
    assert DESCRIPTOR.sitting_out_shares(rules) is None
    assert set(DESCRIPTOR.deal_steps.values()) <= set(DESCRIPTOR.vocabularies["kind"])
    assert DESCRIPTOR.thrown_in_kinds == frozenset({"annulled"})


def _samples(n: int) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for preset, rules in PRESETS.items():
        for seed in range(n):
            rng = random.Random(seed)
            deal = DESCRIPTOR.deal(SEATS, SEATS[seed % 3], ["played"] * (seed % 5), rules)
            summary = DESCRIPTOR.sample_summary(rng, rules, deal)
            summary.update(seats=list(deal.active), stake=1 + seed % 3, rules=preset)
            out.append((preset, summary))
    return out


def test_500_sample_summaries_per_preset_score_within_the_bound() -> None:
    contracts = set()
    for preset, summary in _samples(500):
        rules = PRESETS[preset]
        result = DESCRIPTOR.score(summary)
        assert sum(result["payments"].values()) == 0
        assert set(result["payments"]) == set(SEATS)
        bound = DESCRIPTOR.max_payment(rules) * summary["stake"]
        assert all(abs(v) <= bound for v in result["payments"].values())
        contracts.add(summary.get("contract"))
        for item in result["items"]:
            assert item["name"] in DESCRIPTOR.vocabularies["item"]
            assert item["team"] in (None, *DESCRIPTOR.vocabularies["team"])
    assert {"klop", "trojka", "dvojka", "enojka", "berac", "solo", None} <= contracts


def test_the_schema_validates_the_samples_and_refuses_a_stranger() -> None:
    schema = DESCRIPTOR.summary_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for _preset, summary in _samples(100):
        jsonschema.validate(summary, schema, cls=jsonschema.Draft202012Validator)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(hand(contract="trojka", extra=1), schema, cls=jsonschema.Draft202012Validator)


def test_the_max_payment_is_reached_by_a_hand() -> None:
    classic = PRESETS["classic"]
    worst = hand(contract="valat", declarer="A", made=False, kontra=4, radelci=["A"])
    result = DESCRIPTOR.score(worst, classic)
    assert -result["payments"]["A"] == 2 * 500 * 16 * 2 <= DESCRIPTOR.max_payment(classic)
    assert DESCRIPTOR.plausible_payment < DESCRIPTOR.max_payment(PRESETS["bled"])


def test_presets_differ_where_the_texts_say_and_options_resolve() -> None:
    bled, classic = PRESETS["bled"], PRESETS["classic"]
    assert set(bled.contract_values) == {"trojka", "dvojka", "enojka", "berac", "solo"}  # 16.8 Bled
    assert bled.klop_kontra
    assert not classic.klop_kontra
    assert (bled.klop_limit, classic.klop_limit) == (35, 36)
    assert not bled.radelci
    assert classic.radelci
    custom = DESCRIPTOR.resolve_rules({"preset": "bled", "options": {"radelci": True}})
    assert custom.radelci
    assert spec_of(custom, PRESETS) == {"preset": "bled", "options": {"radelci": True}}
    for spec, options in [
        ("vienna", None),
        ("bled", {"bonus_values": {"trula": 20}}),
        ("bled", {"max_kontra": 9}),
    ]:
        with pytest.raises(RulesError):
            DESCRIPTOR.resolve_rules(spec, options)
    assert FORMATS["bled"] == {
        "scoring": "table_points",
        "table_sizes": [3],
        "table_points": {3: [2, 1, 0.5]},
        "tiebreaks": ["total", "game_points"],  # the score difference breaks ties
        "pairing_methods": ["seeded", "swiss"],  # round 1 in three groups by a ranking
    }
    assert set(DESCRIPTOR.formats) == set(PRESETS) == set(DESCRIPTOR.preset_docs)
    assert set(DESCRIPTOR.option_docs) == {k for k in PRESETS["bled"].__dataclass_fields__ if k != "name"}
    assert "three groups" in DESCRIPTOR.preset_docs["bled"]


def test_every_word_has_a_label_and_the_form_asks_for_summary_keys() -> None:
    words = {w for key in ("kind", "contract", "bonus", "item", "team") for w in DESCRIPTOR.vocabularies[key]}
    assert words - set(DESCRIPTOR.labels) == set()
    for field in DESCRIPTOR.summary_form:
        for choice in field.choices:
            assert choice in DESCRIPTOR.labels
    top = {field.path.split(".")[0] for field in DESCRIPTOR.summary_form}
    parse_summary(hand(contract="trojka", declarer="A", card_points=40), PRESETS["bled"])
    assert top <= set(DESCRIPTOR.summary_schema()["properties"])


def test_the_cli_scores_and_lists_the_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand(contract="solo", declarer="A", card_points=60)), "utf-8")
    assert main(["--game", "slovenian", "score", "--preset", "classic", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["payments"] == {"A": 160, "B": -80, "C": -80}
    assert main(["--game", "slovenian", "score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["payments"]["A"] == 210
    path.write_text(json.dumps(hand(contract="solo", declarer="Z", card_points=60)), "utf-8")
    assert main(["--game", "slovenian", "score", str(path)]) == 1
    assert "declarer" in capsys.readouterr().err
    assert main(["rules", "--game", "slovenian"]) == 0
    out = capsys.readouterr().out
    assert "bled" in out
    assert "klop_kontra" in out
    assert main(["--game", "slovenian", "rules", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["default_preset"] == "bled"


def test_a_rules_error_in_a_summary_is_a_field_error() -> None:
    with pytest.raises(FieldError) as caught:
        DESCRIPTOR.score(hand(kind="annulled", rules={"preset": "bled", "options": {"nonsense": 1}}))
    assert caught.value.where[0] == "rules"
