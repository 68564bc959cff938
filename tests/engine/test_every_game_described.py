"""What every game of the registry must describe for the pages to speak its words, generated from the
registry: a new game or preset is checked without editing this file."""

from __future__ import annotations

import pytest

from engine.games import GAMES

CASES = [(game_id, preset) for game_id, game in GAMES.items() for preset in game.presets]


@pytest.mark.parametrize(("game_id", "preset"), CASES, ids=[f"{g}-{p}" for g, p in CASES])
def test_each_preset_has_a_name_and_its_form_reads_its_rules(game_id: str, preset: str) -> None:
    game = GAMES[game_id]
    assert preset in game.preset_names, "a page would show the preset's id"
    rules = game.presets[preset]
    for question in game.summary_form:
        for option in (*question.rules_when, *([question.choices_from] if question.choices_from else [])):
            assert hasattr(rules, option), f"{question.path}: the rules have no {option}"
        for size in game.table_sizes:
            if question.kind == "choice" and question.asked_under(rules, size):
                offered = question.choices_under(rules, size)
                assert offered, f"{question.path} offers nothing at {size} under {preset}"
                assert all(choice in game.labels for choice in offered), f"{question.path}: unlabelled"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_labels_its_kinds_contracts_and_scored_items(game_id: str) -> None:
    game = GAMES[game_id]
    for vocabulary in ("kind", "contract", "bonus", "item"):
        for word in game.vocabularies.get(vocabulary, ()):
            assert word in game.labels, f"{vocabulary} {word!r} has no label"
