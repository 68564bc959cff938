"""Two rules checked against the texts (issue 31 §5): a bird or the called King played to its trick,
unannounced, and beaten is lost silently and costs its side the silent value (the Austrian cups' practice,
``Rules.silent_lost``); and a Trischaken's card points, each player's own count in threes, may end in a
third (``engine.core.thirds``), scored exactly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import thirds
from engine.core.form import FormField
from engine.core.messages import FieldError
from engine.games import game
from engine.koenigrufen.facts import hand_facts
from engine.koenigrufen.rules import PRESETS, SILENT_LOST, resolve_rules
from engine.koenigrufen.scoring import score_summary

KR = game("koenigrufen")


def rufer(bonuses: dict[str, Any], preset: Any = "wiener_tarockcup", won: bool = True) -> dict[str, Any]:
    """A Rufer of A with C, won or lost, with ``bonuses``."""
    return {
        "rules": preset,
        "seats": ["A", "B", "C", "D"],
        "contract": "rufer",
        "declarer": "A",
        "partner": "C",
        "won": won,
        "bonuses": bonuses,
    }


def silent_lost(side: str = "declarer") -> dict[str, Any]:
    return {"side": side, "announced": False, "made": False}


# ---------------------------------------------------------------- a bird lost silently


def test_every_preset_counts_a_silently_lost_bird_by_default() -> None:
    for rules in PRESETS.values():
        assert rules.silent_lost == SILENT_LOST == ("pagat", "uhu", "kakadu", "quapil", "king_ultimo")
    assert KR.option_docs["silent_lost"]


@pytest.mark.parametrize(
    ("bird", "value"), [("pagat", 1), ("uhu", 2), ("kakadu", 3), ("quapil", 4), ("king_ultimo", 1)]
)
def test_a_bird_beaten_in_its_trick_costs_the_silent_value(bird: str, value: int) -> None:
    """WTC 18.10: Pagat 2/1, Uhu 4/2, Kakadu 6/3, Quapil 8/4, King Ultimo 2/1 (announced/silent). The
    Rufer won is worth 1 from each opponent to one of the pair; the declarer's side's bird beaten in its
    trick pays each opponent the silent value back."""
    result = score_summary(rufer({bird: silent_lost()}))
    item = next(i for i in result["items"] if i["name"] == bird)
    assert (item["team"], item["won"], item["value"]) == ("declarer", False, value)
    assert result["payments"] == {"A": 1 - value, "B": value - 1, "C": 1 - value, "D": value - 1}


def test_the_opponents_bird_lost_pays_the_declarers_side() -> None:
    """Vácha's LK: Kakadu 10/5; the opponents played their Kakadu to the third last trick and lost it."""
    result = score_summary(rufer({"kakadu": silent_lost("opponents")}, "vacha_lk", won=False))
    # the Rufer lost: 2 from the pair to the opponents; the Kakadu lost: 5 from the opponents to the pair
    assert result["payments"] == {"A": 3, "B": -3, "C": 3, "D": -3}


def test_without_the_option_a_silent_bonus_not_made_is_refused() -> None:
    rules = resolve_rules("wiener_tarockcup", {"silent_lost": []})
    with pytest.raises(FieldError) as caught:
        score_summary(rufer({"pagat": silent_lost()}), rules)
    assert (caught.value.path, caught.value.code) == ("bonuses.pagat.made", "silent_lost")
    only_pagat = resolve_rules("wiener_tarockcup", {"silent_lost": ["pagat"]})
    assert score_summary(rufer({"pagat": silent_lost()}), only_pagat)["payments"]["A"] == 0
    with pytest.raises(FieldError):
        score_summary(rufer({"uhu": silent_lost()}), only_pagat)


@pytest.mark.parametrize("name", ["trull", "four_kings", "valat"])
def test_what_is_not_a_card_in_its_trick_is_left_out_when_not_made(name: str) -> None:
    """Trull, Four Kings and Valat are not a card played to a trick: not made and not announced they are
    simply not scored, so a summary claiming one lost silently is refused."""
    with pytest.raises(FieldError) as caught:
        score_summary(rufer({name: silent_lost()}))
    assert (caught.value.path, caught.value.code) == (f"bonuses.{name}.made", "silent_lost")


def test_hand_facts_keep_the_silently_lost_bird() -> None:
    facts = hand_facts(rufer({"uhu": silent_lost()}))
    assert [(b.name, b.announced, b.made) for b in facts.bonuses] == [("uhu", False, False)]


def test_the_form_offers_the_silently_lost_state_with_help_on_the_birds() -> None:
    fields = {f.path: f for f in KR.summary_form}
    for bird in SILENT_LOST:
        assert fields[f"bonuses.{bird}"].kind == "bonus"
        assert "silently" in fields[f"bonuses.{bird}"].help
    assert not fields["bonuses.trull"].help


# ---------------------------------------------------------------- Trischaken card points in thirds


def trischaken(points: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {
        "rules": "wiener_tarockcup",
        "kind": "trischaken",
        "seats": list(points),
        "card_points": points,
        **more,
    }


def pay(points: dict[str, Any], **more: Any) -> dict[str, int]:
    result = score_summary(trischaken(points, **more))
    assert sum(result["payments"].values()) == 0
    return result["payments"]


def test_a_third_decides_the_loser() -> None:
    """B's 23⅔ is more than C's 23⅓: B alone loses and pays each other player 1 (18.10)."""
    assert pay({"A": 0, "B": "23 2/3", "C": "23 1/3", "D": 23}, jungfrau=["A"]) == {
        "A": 3,
        "B": -3,
        "C": 0,
        "D": 0,
    }
    assert pay({"A": "10 1/3", "B": "23 2/3", "C": "23 1/3", "D": "12 2/3"}) == {
        "A": 1,
        "B": -3,
        "C": 1,
        "D": 1,
    }


def test_equal_counts_in_thirds_tie() -> None:
    """Tied losers "each pay 1 game point" (18.10): B and C with 23⅓ each."""
    assert pay({"A": "13 2/3", "B": "23 1/3", "C": "23 1/3", "D": "9 2/3"}) == {
        "A": 2,
        "B": -2,
        "C": -2,
        "D": 2,
    }


def test_35_and_two_cards_is_a_buergermeister_and_35_and_one_is_not() -> None:
    """18.10: "36 or more points (Bürgermeister)"; the Austrian count makes 35 and two cards (35⅔) 36
    ("Ein Bürgermeister (≥ 35/2 Blatt)"), 35 and one card (35⅓) is 35."""
    assert pay({"A": 10, "B": "35 2/3", "C": "14 1/3", "D": 10}) == {"A": 2, "B": -6, "C": 2, "D": 2}
    assert pay({"A": 10, "B": "35 1/3", "C": "14 2/3", "D": 10}) == {"A": 1, "B": -3, "C": 1, "D": 1}
    # the first player Bürgermeister pays four each (18.10), from 35⅔ too
    assert pay({"A": "35 2/3", "B": "14 1/3", "C": 10, "D": 10}) == {"A": -12, "B": 4, "C": 4, "D": 4}


@pytest.mark.parametrize("typed", ["23 1/3", "23⅓", "23 ⅓", "23+1/3", "23,33", "23.33", "23,3", "23.333"])
def test_what_players_type_reads_as_the_same_third(typed: str) -> None:
    assert thirds.parse_thirds(typed) == 70
    assert pay({"A": 10, "B": typed, "C": "20 2/3", "D": 16}) == pay(
        {"A": 10, "B": "23 1/3", "C": "20 2/3", "D": 16}
    )


@pytest.mark.parametrize(
    ("points", "path", "code"),
    [
        ({"A": "23,5", "B": 20, "C": 10, "D": 10}, "card_points.A", "thirds_range"),  # no third
        ({"A": "70 1/3", "B": 0, "C": 0, "D": 0}, "card_points.A", "thirds_range"),
        ({"A": "-1/3", "B": 20, "C": 10, "D": 10}, "card_points.A", "thirds_range"),
        ({"A": True, "B": 20, "C": 10, "D": 10}, "card_points.A", "thirds_range"),
        ({"A": "23 1/4", "B": 20, "C": 10, "D": 10}, "card_points.A", "thirds_range"),
        ({"A": "35 2/3", "B": "34 2/3", "C": 0, "D": 0}, "card_points", "card_points_total"),
    ],
)
def test_what_is_not_a_count_in_thirds_is_refused(points: dict[str, Any], path: str, code: str) -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(trischaken(points))
    assert (caught.value.path, caught.value.code) == (path, code)


def test_a_jungfrau_has_not_even_a_third() -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(trischaken({"A": "1/3", "B": 40, "C": 20, "D": "9 2/3"}, jungfrau=["A"]))
    assert (caught.value.path, caught.value.code) == ("card_points.A", "jungfrau_points")


def test_any_split_in_thirds_settles_to_zero() -> None:
    rng = random.Random(31)
    for _ in range(300):
        cuts = sorted(rng.randint(0, 210) for _ in range(3))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 210], strict=True)]
        points = {seat: thirds.stored(share) for seat, share in zip("ABCD", shares, strict=True)}
        result = score_summary(trischaken(points))
        assert sum(result["payments"].values()) == 0


def test_stored_and_shown() -> None:
    assert [thirds.stored(n) for n in (0, 1, 2, 69, 70, 71)] == [0, "0 1/3", "0 2/3", 23, "23 1/3", "23 2/3"]
    assert [thirds.shown(n) for n in (0, 1, 2, 70, 71)] == ["0", "⅓", "⅔", "23⅓", "23⅔"]
    assert [thirds.parse_thirds(v) for v in (0, 23, -1, 2.5, "", "x", "⅔", "1/3", "23,5")] == [
        0, 69, None, None, None, None, 2, 1, None,
    ]  # fmt: skip


def test_the_form_asks_card_points_in_thirds() -> None:
    field = next(f for f in KR.summary_form if f.path == "card_points")
    assert (field.kind, field.minimum, field.maximum) == ("per_seat_thirds", 0, 70)
    with pytest.raises(ValueError):
        FormField("x", "per_seat_thirds", "x")  # a number needs its bounds


def test_the_sample_summaries_write_thirds_the_engine_reads() -> None:
    from engine.core.descriptor import Deal

    rng = random.Random(5)
    seen = set()
    for number in range(1500):
        summary = KR.sample_summary(
            rng, PRESETS["wiener_tarockcup"], Deal(number + 1, "D", ("A", "B", "C", "D"), 1)
        )
        if summary["kind"] == "trischaken":
            seen |= {type(v) for v in summary["card_points"].values()}
        bonuses = summary.get("bonuses", {})
        seen |= {"silent_lost" for b in bonuses.values() if not b["announced"] and not b["made"]}
        result = score_summary({**summary, "seats": ["A", "B", "C", "D"], "rules": "wiener_tarockcup"})
        assert sum(result["payments"].values()) == 0
    assert {int, str, "silent_lost"} <= seen
