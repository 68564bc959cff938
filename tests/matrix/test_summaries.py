"""The matrix's summaries (issue 31 §3), from the descriptor alone and without a database: the plausible
summaries a game's ``sample_summary`` draws cover every kind and contract its vocabularies name (and an
announced bonus, a kontra and a valat where the game has them), and every one of them survives the phone's
summary form: posted as the form's fields, the form hands the service a summary the engine scores the same."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.descriptor import Deal
from engine.games import GAMES
from tests.matrix.cases import CASES, Case, cases_of
from tests.matrix.forms import is_generic, summary_post
from tests.matrix.kits import POSITIONS, form_data
from tests.matrix.summaries import VALAT_WORDS, Drawn, completed, contract_vocabulary, draw


def first_deal(case: Case) -> Deal:
    """Deal 1 of a table whose seat A deals first (the flows draw again for their table's real deal)."""
    game = case.game
    return game.deal(tuple(POSITIONS[: case.size]), "A", [], game.resolve_rules(case.preset))


def drawn_of(case: Case) -> Drawn:
    return draw(case.game_id, case.preset, first_deal(case), case.id)


def expects(game_id: str) -> dict[str, bool]:
    """The specials a game has: announced bonuses (a bonus question that may be announced, or a hand-made
    kit's announcements), kontras (a kontra ladder), a valat (a word of its vocabularies)."""
    game = GAMES[game_id]
    words = {w for vocabulary in game.vocabularies.values() for w in vocabulary}
    return {
        "announced": "bonus" in game.vocabularies
        and (not is_generic(game) or any(q.kind == "bonus" for q in game.summary_form)),
        "kontra": bool(game.kontra_names),
        "valat": bool(words & VALAT_WORDS),
    }


def played(game_id: str) -> set[str]:
    """The contracts some preset of the game plays at some table size: what its entry form offers (a
    contract no preset plays, such as Cego's Kleiner Mann unless an organizer sets its value, is no
    plausible hand). A hand-made kit's form (Hungarian Tarokk) offers every contract."""
    game = GAMES[game_id]
    words = set(game.vocabularies[contract_vocabulary(game)])
    asking = [q for q in game.summary_form if q.path == "contract"]
    if not asking:
        return words
    return {
        choice
        for rules in game.presets.values()
        for size in game.table_sizes
        for choice in asking[0].choices_under(rules, size)
    }


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_presets_table_sizes_are_sizes_the_game_seats(game_id: str) -> None:
    game = GAMES[game_id]
    for preset, fmt in game.formats.items():
        assert preset in game.presets, f"{game_id}: a format for no preset: {preset}"
        assert set(fmt.get("table_sizes", ())) <= set(game.table_sizes), (preset, fmt["table_sizes"])
    assert cases_of(game_id), f"{game_id} has no case"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_samples_cover_every_kind_and_contract_the_game_names(game_id: str) -> None:
    """Over the game's presets and table sizes, ``sample_summary`` produces every kind of hand and every
    contract its vocabularies name, and the specials it has (a game whose samples never produce, say, a
    Räuber fails here: the demo, the matrix and the statistics never see one)."""
    game = GAMES[game_id]
    kinds: set[str] = set()
    contracts: set[str] = set()
    seen = dict.fromkeys(("announced", "kontra", "valat"), False)
    for case in cases_of(game_id):
        drawn = drawn_of(case)
        for sample in drawn.by_key.values():
            kinds.add(sample.kind)
            if sample.kind == "played" and sample.contract:
                contracts.add(sample.contract)
        for name in seen:
            seen[name] = seen[name] or getattr(drawn, name) is not None
    missing = {
        "kinds": sorted(set(game.vocabularies["kind"]) - kinds),
        "contracts": sorted(set(game.vocabularies[contract_vocabulary(game)]) & played(game_id) - contracts),
        "specials": sorted(name for name, wanted in expects(game_id).items() if wanted and not seen[name]),
    }
    assert not any(missing.values()), f"{game_id}: sample_summary never produces {missing}"


def scored(case: Case, deal: Deal, summary: dict[str, Any]) -> tuple[dict[str, int], list[tuple]]:
    game = case.game
    result = game.score(completed(game, summary, deal, case.preset), game.resolve_rules(case.preset))
    items = sorted(
        (
            str(i.get("name")),
            str(i.get("team")),
            bool(i.get("won")),
            i.get("value"),
            int(i.get("kontra") or 0),
        )
        for i in result["items"]
    )
    return {p: int(v) for p, v in result["payments"].items()}, items


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_distinct_sample_survives_the_summary_form(case: Case) -> None:
    """Each distinct sample of the case, posted as the summary form's fields, comes out of the form as a
    summary the engine scores to the same payments and items."""
    deal = first_deal(case)
    problems = []
    for sample in drawn_of(case).representatives():
        post, unasked = summary_post(case.game, sample.summary)
        data = form_data(case.game, case.preset, case.size, deal, post)
        where = f"{sample.key} {sample.summary}"
        if "errors" in data:
            problems.append(f"{where}: the form refuses {post}: {data['errors']}")
            continue
        try:
            through_form = scored(case, deal, data)
        except Exception as exc:  # the engine refuses what the form made of it
            problems.append(f"{where}: the form's summary {data} is refused: {exc!r} (not asked: {unasked})")
            continue
        if through_form != scored(case, deal, sample.summary):
            problems.append(
                f"{where}: through the form {data} scores {through_form}, "
                f"the summary {scored(case, deal, sample.summary)} (not asked: {unasked})"
            )
    assert not problems, "\n".join(problems)
