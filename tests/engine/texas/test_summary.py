"""What a summary may say: every error is a FieldError naming the field, with its message's code."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.messages import FieldError
from engine.texas.scoring import score_summary
from tests.engine.texas.conftest import summary

PAGAT_WON = {"side": "declarer", "announced": False, "made": True}


@pytest.mark.parametrize(
    ("fields", "path", "code"),
    [
        ({"seats": ["A", "B", "C"]}, "seats", "seats_list"),
        ({"seats": ["A", "B", "C", "C"]}, "seats", "seats_distinct"),
        ({"sitting_out": "A"}, "sitting_out", "sitting_out_seat"),
        ({"stake": 0}, "stake", "integer_range"),
        ({"rules": "vienna"}, "rules", "unknown_preset"),
        ({"rules": {"preset": "taylor_king", "options": {"valat_value": "x"}}}, "rules", "option_value"),
        ({"kind": "passed"}, "kind", "one_of"),
        ({"contract": "trischaken"}, "contract", "one_of"),
        ({"contract": None}, "contract", "required"),
        ({"declarer": "E"}, "declarer", "unknown_seat"),
        ({"partner": "D"}, "partner", "texas_partner_self"),
        ({"talon": "first"}, "talon", "texas_not_here"),
        ({"made": True}, "made", "texas_not_here"),
        ({"card_points": 107}, "card_points", "integer_range"),
        ({"card_points": None}, "card_points", "required"),
        ({"contract": "prever", "partner": None}, "talon", "required"),
        ({"contract": "prever", "talon": "first"}, "partner", "texas_not_here"),
        ({"contract": "no_trick", "partner": None, "card_points": None}, "made", "required"),
        ({"contract": "no_trick", "partner": None, "made": True}, "card_points", "texas_not_here"),
        ({"extra": 1}, "summary", "unknown_keys"),
        ({"bonuses": {"trull": PAGAT_WON}}, "bonuses", "unknown_keys"),
        ({"bonuses": {"pagat": {"side": "us", "made": True}}}, "bonuses.pagat.side", "one_of"),
        ({"bonuses": {"pagat": {"side": "declarer"}}}, "bonuses.pagat.made", "required"),
        ({"bonuses": {"pagat": {**PAGAT_WON, "when": 1}}}, "bonuses.pagat", "unknown_keys"),
        (
            {"bonuses": {"pagat_captured": {**PAGAT_WON, "announced": True}}},
            "bonuses.pagat_captured.announced",
            "texas_silent_only",
        ),
        (
            {"bonuses": {"pagat": PAGAT_WON, "pagat_captured": PAGAT_WON}},
            "bonuses.pagat_captured",
            "texas_bonus_conflict",
        ),
        ({"bonuses": {"king": {**PAGAT_WON, "side": "opponents"}}}, "bonuses.king.side", "texas_king_side"),
        ({"bonuses": {"king_captured": PAGAT_WON}}, "bonuses.king_captured", "texas_bonus_not_here"),
        ({"bonuses": {"valat": PAGAT_WON}, "card_points": 50}, "card_points", "texas_valat_points"),
        ({"kontra": {"pagat": 1}}, "kontra.pagat", "texas_kontra_unannounced"),
        ({"kontra": {"game": 5}}, "kontra.game", "integer_range"),
        ({"kontra": {"valat": 1}}, "kontra", "unknown_keys"),
        ({"declarations": {"trul": ["A", "C"]}}, "declarations", "texas_holdings_impossible"),
        ({"declarations": {"velki": ["A"], "krale": ["A"]}}, "declarations", "texas_holdings_impossible"),
        ({"declarations": {"no_trumps": ["A"], "pane": ["A"]}}, "declarations", "texas_holdings_impossible"),
        ({"declarations": {"two_trumps": ["A"], "trul": ["A"]}}, "declarations", "texas_holdings_impossible"),
        (
            {"declarations": {"velki": ["A", "B"], "tarockee": ["C"]}},
            "declarations",
            "texas_holdings_impossible",
        ),
        (
            {"declarations": {"two_trumps": ["A"], "tarockee": ["A"]}},
            "declarations.tarockee",
            "texas_holding_kind",
        ),
        ({"declarations": {"trul": ["A"], "krale": ["A"]}}, "declarations.krale", "texas_holding_kind"),
        ({"declarations": {"trul": ["A", "A"]}}, "declarations.trul", "seats_distinct_list"),
        ({"declarations": {"trul": "A"}}, "declarations.trul", "seat_list"),
        ({"kind": "called_from_talon"}, "kind", "texas_no_talon_throw"),
    ],
)
def test_a_wrong_field_is_named(fields: dict[str, Any], path: str, code: str) -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(summary(**fields))
    assert (caught.value.where[0], caught.value.code) == (path, code)


@pytest.mark.parametrize(
    ("fields", "path", "code"),
    [
        ({"contract": "no_trick", "partner": None, "made": True, "card_points": None}, "contract", "one_of"),
        ({"bonuses": {"king": PAGAT_WON}}, "bonuses.king", "texas_bonus_not_here"),
        ({"bonuses": {"xxi_captured": PAGAT_WON}}, "bonuses.xxi_captured", "texas_bonus_not_here"),
        ({"kontra": {"king": 1}}, "kontra", "unknown_keys"),
        ({"kind": "called_from_talon", "partner": None, "card_points": 3}, "card_points", "texas_not_here"),
        ({"kind": "called_from_talon", "contract": "prever"}, "contract", "one_of"),
    ],
)
def test_19_16_has_no_no_trick_king_or_xxi(fields: dict[str, Any], path: str, code: str) -> None:
    preset = "west_xix" if fields.get("kind") else "taylor_xix"
    with pytest.raises(FieldError) as caught:
        score_summary(summary(rules=preset, **fields))
    assert (caught.value.where[0], caught.value.code) == (path, code)


def test_west_has_no_two_trumps_bonus() -> None:
    with pytest.raises(FieldError) as caught:
        score_summary(summary(rules="west_xix", declarations={"two_trumps": ["A"]}))
    assert caught.value.code == "unknown_keys"


def test_no_trick_takes_a_contra_on_the_game_but_no_announcement() -> None:
    fields = {"contract": "no_trick", "partner": None, "card_points": None, "made": False}
    assert score_summary(summary(kontra={"game": 1}, **fields))["payments"]["D"] == -6
    for key, value in (("bonuses", {"pagat": PAGAT_WON}), ("declarations", {"trul": ["A"]})):
        with pytest.raises(FieldError) as caught:
            score_summary(summary(**fields, **{key: value}))
        assert caught.value.where[0] == key


def test_possible_holdings_pass() -> None:
    ok = {"spjst": ["A"], "tarockee": ["A"], "two_trumps": ["B", "C"], "no_trumps": ["D"]}
    assert len(score_summary(summary(declarations=ok))["items"]) == 6
    ok = {"krale": ["A"], "no_trumps": ["A"], "trul": ["B"], "tarockee": ["B", "C"]}
    assert len(score_summary(summary(declarations=ok))["items"]) == 6


def test_blank_optional_fields_are_left_out() -> None:
    silent = {"pagat": {"side": "declarer", "announced": False, "made": False}}
    plain = score_summary(summary())
    assert score_summary(summary(bonuses=silent, kontra={}, declarations={"trul": []})) == plain
    assert score_summary(summary(kontra={"pagat": 0})) == plain
    assert score_summary(summary(stake=None, sitting_out=None, kind="played")) == plain


def test_an_explicit_rules_value_overrides_the_summarys() -> None:
    from engine.texas.rules import PRESETS

    got = score_summary(summary(rules="taylor_king", card_points=80), PRESETS["taylor_xix"])
    assert got["rules"] == "taylor_xix"
    assert got["items"][0]["value"] == 7  # (27 + 10) x 2 = 74 -> 70
