"""The descriptor's ``hand_facts`` for every game: what statistics count of a hand (contract, declarers,
partners, won, bonuses) read from the game's own sample summaries and from a replayed record."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.facts import DECLARER, OPPONENTS, HandFacts, made_items
from engine.core.messages import EngineError
from engine.games import GAMES, game

POSITIONS = ("A", "B", "C", "D", "E", "F")


def _hand(gid: str, preset: str, size: int, seed: int) -> tuple[dict[str, Any], Any] | None:
    """A sample summary of ``gid`` at a table of ``size`` as the table completes it, with its rules; None
    when the game's sampler gives one its scorer refuses (not a valid summary)."""
    d = game(gid)
    rules = d.resolve_rules(preset)
    seats = POSITIONS[:size]
    rng = random.Random(seed)
    deal = d.deal(seats, seats[seed % size], [], rules)
    summary = d.sample_summary(rng, rules, deal)
    full = {**summary, "seats": summary.get("seats", list(deal.active)), "stake": deal.stake}
    if deal.sitting_out and "sitting_out" not in summary and "seats" not in summary:
        full["sitting_out"] = deal.sitting_out[0]
    try:
        d.score(full, rules)
    except EngineError:
        return None
    return full, rules


CASES = [(gid, preset, size) for gid, d in GAMES.items() for preset in d.presets for size in d.table_sizes]


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6))
def test_facts_of_every_valid_sample(case: tuple[str, str, int], seed: int) -> None:
    gid, preset, size = case
    made = _hand(gid, preset, size, seed)
    if made is None:
        return
    summary, rules = made
    d = game(gid)
    facts = d.hand_facts(summary, rules)
    assert isinstance(facts, HandFacts)
    table = set(summary["seats"]) | ({summary["sitting_out"]} if summary.get("sitting_out") else set())
    assert set(facts.declarers) <= table
    assert set(facts.partners) <= table
    assert not set(facts.declarers) & set(facts.partners)
    assert (facts.won is None) == (not facts.declarers)
    if facts.declarers:
        assert facts.contract in d.labels or facts.contract in d.vocabularies.get("bid", ())
    items = d.score(summary, rules)["items"]
    scored = made_items(items)
    names = {i["name"] for i in items}
    superseded = "valat" in names  # a Valat supersedes (some of) the bonuses: 18.10, 19.16, TZS B1.14
    for bonus in facts.bonuses:
        assert set(bonus.seats) <= table
        if bonus.side is not None:
            assert bonus.side in (DECLARER, OPPONENTS)
            assert set(bonus.seats) == {s for s in facts.seats if facts.side_of(s) == bonus.side}
        if bonus.made and not superseded:
            assert (bonus.name, bonus.side) in scored if bonus.side else bonus.name in names


def test_hungarian_facts_read_the_summary() -> None:
    d = game("hungarian")
    summary = {
        "rules": "pagat",
        "seats": ["A", "B", "C", "D"],
        "kind": "played",
        "bid": "two",
        "declarer": "B",
        "partner": "C",
        "announcements": [{"team": "declarer", "bonus": "trull", "kontra": 0}],
        "declarations": [],
        "result": {
            "declarer_card_points": 40,
            "declarer_tricks": 4,
            "trull": "opponents",
            "four_kings": "declarer",
            "pagat_last_trick": None,
            "xxi_catch": None,
        },
    }
    facts = d.hand_facts(summary)
    assert (facts.contract, facts.declarers, facts.partners, facts.won) == ("two", ("B",), ("C",), False)
    by_name = {(b.name, b.side): b for b in facts.bonuses}
    assert by_name["trull", "declarer"].announced
    assert not by_name["trull", "declarer"].made
    assert by_name["trull", "opponents"].made
    assert not by_name["trull", "opponents"].announced
    assert by_name["four_kings", "declarer"].made
    assert by_name["four_kings", "declarer"].seats == ("B", "C")
    assert facts.side_of("A") == OPPONENTS
    assert facts.side_of("C") == DECLARER
    assert d.hand_facts({"rules": "pagat", "seats": ["A", "B", "C", "D"], "kind": "passed_out"}).won is None


def test_koenigrufen_several_declarers_and_trischaken() -> None:
    d = game("koenigrufen")
    facts = d.hand_facts(
        {
            "seats": ["A", "B", "C", "D"],
            "contract": "bettler",
            "declarer": "A",
            "won": True,
            "more_declarers": [{"declarer": "B", "contract": "bettler", "won": False}],
        },
        d.resolve_rules("vacha_lk"),
    )
    assert facts.declarers == ("A", "B")
    assert [(r.seat, r.won) for r in facts.results] == [("A", True), ("B", False)]
    fahren = d.hand_facts(
        {
            "seats": ["A", "B", "C", "D"],
            "kind": "trischaken",
            "card_points": {"A": 40, "B": 10, "C": 10, "D": 10},
            "jungfrau": [],
        }
    )
    assert (fahren.contract, fahren.declarers, fahren.won) == ("trischaken", (), None)


def test_a_replayed_record_gives_the_facts_of_its_summary() -> None:
    d = game("hungarian")
    assert d.bot_record is not None
    rules = d.resolve_rules("pagat")
    record = d.bot_record(7, rules, ("A", "B", "C", "D"), 1)
    summary = dict(d.replay(record).summary)
    facts = d.hand_facts(summary, rules)
    assert facts.kind == summary["kind"]
    if facts.declarers:
        assert facts.declarers[0] == summary["declarer"]


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_game_has_hand_facts(gid: str) -> None:
    assert game(gid).hand_facts is not None
