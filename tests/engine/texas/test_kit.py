"""The descriptor of Texas Tarock: registered, dealing counter-clockwise, its samples score and validate,
its form and labels cover its words, its commands run."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.__main__ import main
from engine.core.descriptor import GameDescriptor
from engine.core.messages import EngineError, FieldError
from engine.core.presets import options_of
from engine.core.rules import RulesError
from engine.core.scoring import settle
from engine.games import GAMES, game
from engine.texas.rules import DECLARATIONS, PRESETS
from engine.texas.summary import parse_summary
from tests.engine.texas.conftest import summary

TEXAS = game("texas")
SEATS = ("A", "B", "C", "D")  # clockwise round the table


def _samples(n: int) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for preset, rules in PRESETS.items():
        kinds: list[str] = []
        for seed in range(n):
            deal = TEXAS.deal(SEATS, "B", kinds, rules)
            sample = TEXAS.sample_summary(random.Random(seed), rules, deal)
            out.append((preset, {**sample, "seats": list(deal.active), "stake": deal.stake, "rules": preset}))
            kinds.append(sample["kind"])
    return out


def test_it_is_registered_and_whole() -> None:
    assert GAMES["texas"] is TEXAS
    assert isinstance(TEXAS, GameDescriptor)
    assert TEXAS.names["en"] == "Texas Tarock"
    assert set(TEXAS.names) == {"hu", "en", "de"}
    assert TEXAS.table_sizes == (4,)
    assert TEXAS.players_per_deal == 4
    assert TEXAS.main_table_size == 4
    assert TEXAS.entry_kinds == frozenset({"payments", "summary", "record"})
    assert TEXAS.kontra_names == ("Contra", "Re", "Supre", "Mort")
    assert TEXAS.default_preset == "taylor_king"
    assert set(TEXAS.presets) == {
        "taylor_king",
        "taylor_xix",
        "west_xix",
    }
    assert TEXAS.record_rules is not None
    assert TEXAS.bot_record is not None
    assert TEXAS.live is not None
    assert TEXAS.assess_summary is None
    assert TEXAS.sitting_out(SEATS, "A") == ()
    assert TEXAS.sitting_out_shares(PRESETS["taylor_king"]) is None
    assert set(TEXAS.formats) == set(PRESETS)
    assert all(f["scoring"] == "game_points" for f in TEXAS.formats.values())
    assert set(TEXAS.preset_docs) == set(PRESETS)
    assert set(TEXAS.option_docs) == set(options_of(PRESETS["taylor_king"]))


def test_a_record_without_moves_is_refused() -> None:
    with pytest.raises(EngineError) as caught:
        TEXAS.replay({"seed": 1})
    assert caught.value.where == ("seats",)


def test_the_deal_passes_to_the_right_and_the_dealers_right_bids_first() -> None:
    # 18.13, 19.16: counter-clockwise; "the player to dealer's right opens the bidding"
    rules = PRESETS["taylor_king"]
    dealers = [TEXAS.deal(SEATS, "A", ["played"] * n, rules).dealer for n in range(5)]
    assert dealers == ["A", "D", "C", "B", "A"]
    first = TEXAS.deal(SEATS, "A", [], rules)
    assert (first.number, first.active, first.stake, first.sitting_out) == (1, ("D", "C", "B", "A"), 1, ())
    assert TEXAS.deal(SEATS, "C", ["played", "called_from_talon"], PRESETS["west_xix"]).dealer == "A"


def test_the_rules_resolve_and_refuse() -> None:
    assert TEXAS.resolve_rules() is PRESETS["taylor_king"]
    rules = TEXAS.resolve_rules({"preset": "west_xix", "options": {"valat_value": 30}})
    assert (rules.name, rules.valat_value, rules.prever_back_game) == ("west_xix", 30, 12)
    assert TEXAS.resolve_rules("taylor_xix", {"declarations": {"trul": 3}}).declarations == {"trul": 3}
    for bad in ("nope", {"preset": "taylor_king", "options": {"game_value": "random"}}, 7):
        with pytest.raises(RulesError):
            TEXAS.resolve_rules(bad)


def test_the_presets_differ_as_the_texts_say() -> None:
    king, taylor, west = (PRESETS[p] for p in ("taylor_king", "taylor_xix", "west_xix"))
    assert king.contracts == ("povenost", "no_trick", "prever")
    assert taylor.contracts == ("povenost", "prever")
    assert (king.game_value, taylor.game_value) == ("flat", "difference")
    assert king.king_bonus
    assert not taylor.king_bonus
    changed = {k for k, v in options_of(west).items() if options_of(taylor)[k] != v}
    assert changed == {
        "prever_back_game",
        "declarations",
        "called_from_talon_penalty",
        # 19.16 variants: the red pips rank A, 4, 3, 2; the Povinost declarer calls before the talon
        "red_order",
        "call_before_talon",
    }


@pytest.mark.parametrize("preset", list(PRESETS))
def test_max_payment_bounds_every_sample_and_a_worst_case(preset: str) -> None:
    rules = PRESETS[preset]
    bound = TEXAS.max_payment(rules)
    for p, sample in _samples(100):
        if p == preset:
            assert max(map(abs, TEXAS.score({**sample, "stake": 1})["payments"].values())) <= bound
    worst = summary(
        rules=preset,
        contract="prever",
        partner=None,
        talon="back",
        card_points=0,
        bonuses={"valat": {"side": "opponents", "announced": True, "made": True}},
        kontra={"game": 4},
        declarations={"spjst": ["C"], "tarockee": ["C"], "no_trumps": ["B"]},
    )
    assert abs(TEXAS.score(worst)["payments"]["D"]) <= bound
    assert 0 < TEXAS.plausible_payment < bound


def test_200_samples_per_preset_score_to_zero_and_validate_against_the_schema() -> None:
    schema = TEXAS.summary_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    seen = set()
    for _preset, sample in _samples(200):
        jsonschema.validate(sample, schema, cls=jsonschema.Draft202012Validator)
        result = TEXAS.score(sample)
        assert sum(result["payments"].values()) == 0
        assert set(result["payments"]) == set(sample["seats"])
        seen.add(sample.get("contract", sample["kind"]))
        seen.update(i["name"] for i in result["items"])
    assert {"povenost", "prever", "no_trick", "called_from_talon", "game", "valat", "pagat", "king"} <= seen


def test_the_schema_refuses_what_the_engine_refuses() -> None:
    schema = TEXAS.summary_schema()
    for bad in ({"seats": ["A"], "declarer": "A"}, summary(card_points=200), summary(bonuses={"trull": {}})):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema, cls=jsonschema.Draft202012Validator)
        with pytest.raises(FieldError):
            TEXAS.score(bad)


def test_item_payments_add_up_to_the_payments_and_pair_each_opponent_with_one_declarer() -> None:
    for _preset, sample in _samples(60):
        hand = parse_summary(sample)
        result = TEXAS.score(sample)
        total = dict.fromkeys(sample["seats"], 0)
        for item in result["items"]:
            for seat, amount in TEXAS.item_payments(item, hand, hand.rules, sample["seats"]).items():
                total[seat] += amount
        assert total == result["payments"]
    hand = parse_summary(summary())
    item = {"name": "game", "team": "declarer", "won": True, "value": 5, "kontra": 0}
    # D with partner B against C and A: "each of them is paid by or pays one opponent"
    assert TEXAS.item_payments(item, hand, hand.rules, hand.seats) == settle(
        hand.seats, [("C", "D", 5), ("A", "B", 5)]
    )


def test_the_form_labels_and_terms_cover_the_games_words() -> None:
    paths = [f.path for f in TEXAS.summary_form]
    assert len(paths) == len(set(paths))
    assert [p.split(".")[1] for p in paths if p.startswith("declarations.")] == list(DECLARATIONS)
    schema_keys = set(TEXAS.summary_schema()["properties"])
    assert {p.split(".")[0] for p in paths} <= schema_keys
    words = {
        w for name in ("kind", "contract", "talon", "bonus", "item", "team") for w in TEXAS.vocabularies[name]
    }
    assert words <= set(TEXAS.labels)
    assert set(DECLARATIONS) <= set(TEXAS.terms)


def _placeholders(text: str) -> list[str]:
    import re

    return re.findall(r"%\([a-z_]+\)s", text)


def test_the_score_and_rules_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "hand.json"
    file.write_text(json.dumps(summary(card_points=59, contract="prever", partner=None, talon="first")))
    assert main(["--game", "texas", "score", "--preset", "taylor_xix", str(file)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payments"] == {"D": 15, "C": -5, "B": -5, "A": -5}
    assert main(["--game", "texas", "score", str(file)]) == 0
    assert json.loads(capsys.readouterr().out)["payments"]["D"] == 3
    file.write_text(json.dumps(summary(card_points=500)))
    assert main(["--game", "texas", "score", str(file)]) == 1
    assert "card_points" in capsys.readouterr().err
    assert main(["rules", "--game", "texas"]) == 0
    text = capsys.readouterr().out
    assert "taylor_king" in text
    assert "west_xix" in text
    assert "prever_back_game" in text
    assert main(["--game", "texas", "rules", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["default_preset"] == "taylor_king"


def test_a_rules_value_round_trips_through_its_spec() -> None:
    from engine.core.presets import spec_of

    rules = dataclasses.replace(PRESETS["west_xix"], valat_value=25)
    spec = spec_of(rules, PRESETS)
    assert spec == {"preset": "west_xix", "options": {"valat_value": 25}}
    assert TEXAS.resolve_rules(spec) == rules
