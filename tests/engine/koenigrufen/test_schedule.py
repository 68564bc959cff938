"""The schedules of Dummett & McLeod's supplement 18.10 (and the issue's Raiffeisen values), contract by
contract and bonus by bonus: won and lost, announced and silent, with kontra; the numbers below are typed
from the texts, not read from the kit's presets."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.messages import FieldError
from engine.koenigrufen.scoring import score_summary

SEATS = ["A", "B", "C", "D"]

# 18.10 WTC: (won value, lost value); the bird Rufer: the Rufer's 1 (the "+x" is its bird)
WTC = {
    "rufer": (1, 1),
    "sechserdreier": (5, 10),
    "piccolo": (2, 2),
    "solorufer": (2, 2),
    "pagatrufer": (1, 1),
    "bettler": (4, 4),
    "uhurufer": (1, 1),
    "farbendreier": (5, 5),
    "dreier": (5, 5),
    "piccolo_ouvert": (6, 6),
    "kakadurufer": (1, 1),
    "bettler_ouvert": (8, 8),
    "quapilrufer": (1, 1),
    "farbensolo": (10, 10),
    "solodreier": (10, 10),
}
LK = {
    "rufer": (2, 2),
    "sechserdreier": (8, 16),
    "zwiccolo": (4, 4),
    "piccolo": (4, 4),
    "solorufer": (4, 4),
    "pagatrufer": (2, 2),
    "bettler": (9, 9),
    "uhurufer": (2, 2),
    "farbendreier": (10, 10),
    "dreier": (10, 10),
    "piccolo_ouvert": (12, 12),
    "kakadurufer": (2, 2),
    "quapilrufer": (2, 2),
    "bettler_ouvert": (18, 18),
    "farbensolo": (20, 20),
    "solodreier": (20, 20),
}
RAIFFEISEN = {
    "rufer": (1, 1),
    "piccolo": (2, 2),
    "bettler": (2, 2),
    "solorufer": (2, 2),
    "farbendreier": (3, 3),
    "sechserdreier": (4, 4),
    "dreier": (4, 4),
    "farbensolo": (6, 6),
    "piccolo_ouvert": (6, 6),
    "bettler_ouvert": (7, 7),
    "solodreier": (8, 8),
}
SCHEDULES = {"wiener_tarockcup": WTC, "vacha_lk": LK, "raiffeisen": RAIFFEISEN}
BIRDS = {"pagatrufer": "pagat", "uhurufer": "uhu", "kakadurufer": "kakadu", "quapilrufer": "quapil"}
# 18.10 bonuses (announced, silent)
WTC_BONUSES = {
    "trull": (2, 1),
    "four_kings": (2, 1),
    "pagat": (2, 1),
    "uhu": (4, 2),
    "kakadu": (6, 3),
    "quapil": (8, 4),
    "king_ultimo": (2, 1),
}
LK_BONUSES = {
    "trull": (4, 2),
    "four_kings": (4, 2),
    "absolut": (4, 2),
    "pagat": (6, 3),
    "uhu": (8, 4),
    "kakadu": (10, 5),
    "quapil": (12, 6),
    "king_ultimo": (4, 2),
}
RAIFFEISEN_BONUSES = {  # the announced values; silent at half is the kit's choice
    "king_ultimo": (2, 1),
    "trull": (2, 1),
    "four_kings": (2, 1),
    "pagat": (2, 1),
    "uhu": (4, 2),
    "kakadu": (6, 3),
    "quapil": (8, 4),
}
BONUS_SCHEDULES = {"wiener_tarockcup": WTC_BONUSES, "vacha_lk": LK_BONUSES, "raiffeisen": RAIFFEISEN_BONUSES}


def hand(preset: str, contract: str, won: bool, **more: Any) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "rules": preset,
        "seats": SEATS,
        "contract": contract,
        "declarer": "A",
        "won": won,
    }
    if contract in BIRDS:  # its bird, announced and made (scored apart, below)
        summary["bonuses"] = {BIRDS[contract]: {"side": "declarer", "announced": True, "made": True}}
    summary.update(more)
    return summary


def game_item(result: dict[str, Any]) -> dict[str, Any]:
    return result["items"][0]


@pytest.mark.parametrize(
    ("preset", "contract", "won"),
    [(p, c, w) for p, table in SCHEDULES.items() for c in table for w in (True, False)],
)
def test_every_contract_alone_won_and_lost(preset: str, contract: str, won: bool) -> None:
    value = SCHEDULES[preset][contract][0 if won else 1]
    result = score_summary(hand(preset, contract, won))
    item = game_item(result)
    assert (item["name"], item["team"], item["won"], item["value"]) == (contract, "declarer", won, value)
    birds = sum(i["value"] for i in result["items"][1:])
    sign = 1 if won else -1
    assert result["payments"]["A"] == 3 * (sign * value + birds)
    assert result["payments"]["B"] == -(sign * value + birds)
    assert sum(result["payments"].values()) == 0


@pytest.mark.parametrize(
    ("preset", "contract"),
    [(p, c) for p in SCHEDULES for c in ("rufer", "solorufer", "uhurufer") if c in SCHEDULES[p]],
)
def test_a_called_partner_is_paid_by_one_opponent(preset: str, contract: str) -> None:
    value = SCHEDULES[preset][contract][0]
    bird = 0 if contract not in BIRDS else BONUS_SCHEDULES[preset][BIRDS[contract]][0]
    payments = score_summary(hand(preset, contract, True, partner="C"))["payments"]
    v = value + bird
    assert payments == {"A": v, "B": -v, "C": v, "D": -v}
    lost = score_summary(hand(preset, contract, False, partner="C", bonuses={}) | _bird_lost(contract))
    v = value + bird
    assert lost["payments"] == {"A": -v, "B": v, "C": -v, "D": v}


def _bird_lost(contract: str) -> dict[str, Any]:
    if contract not in BIRDS:
        return {}
    return {"bonuses": {BIRDS[contract]: {"side": "declarer", "announced": True, "made": False}}}


def test_the_bird_rufer_is_the_rufer_plus_its_announced_bird() -> None:
    """18.10 WTC: Pagatrufer 1+2, Uhurufer 1+4, Kakadurufer 1+6, Quapil Rufer 1+8; LK 2+6 ... 2+12."""
    for preset, totals in {
        "wiener_tarockcup": {"pagatrufer": 3, "uhurufer": 5, "kakadurufer": 7, "quapilrufer": 9},
        "vacha_lk": {"pagatrufer": 8, "uhurufer": 10, "kakadurufer": 12, "quapilrufer": 14},
    }.items():
        for contract, total in totals.items():
            payments = score_summary(hand(preset, contract, True, partner="B"))["payments"]
            assert payments["A"] == payments["B"] == total, (preset, contract)


def test_a_bird_rufer_needs_its_bird_announced_by_the_declarers_side() -> None:
    for bonuses in (
        {},
        {"pagat": {"side": "declarer", "announced": False, "made": True}},
        {"pagat": {"side": "opponents", "announced": True, "made": True}},
    ):
        with pytest.raises(FieldError) as caught:
            score_summary(hand("wiener_tarockcup", "pagatrufer", True, bonuses=bonuses))
        assert caught.value.where[0] == "bonuses.pagat"
        assert caught.value.code == "bird_announced"


def test_the_raiffeisen_schedule_has_no_bird_rufer_nor_zwiccolo() -> None:
    for contract in ("pagatrufer", "zwiccolo"):
        with pytest.raises(FieldError) as caught:
            score_summary(hand("raiffeisen", contract, True))
        assert (caught.value.where[0], caught.value.code) == ("contract", "not_in_schedule")
    with pytest.raises(FieldError):
        score_summary(hand("wiener_tarockcup", "zwiccolo", True))


@pytest.mark.parametrize(
    ("preset", "bonus", "announced", "made", "side"),
    [
        (p, b, a, m, side)
        for p, table in BONUS_SCHEDULES.items()
        for b in table
        for a, m in ((True, True), (True, False), (False, True))
        for side in ("declarer", "opponents")
    ],
)
def test_every_bonus_announced_and_silent_by_either_side(
    preset: str, bonus: str, announced: bool, made: bool, side: str
) -> None:
    value = BONUS_SCHEDULES[preset][bonus][0 if announced else 1]
    entry = {"side": side, "announced": announced, "made": made}
    result = score_summary(hand(preset, "rufer", True, partner="C", bonuses={bonus: entry}))
    item = result["items"][1]
    assert (item["name"], item["team"], item["won"], item["value"]) == (bonus, side, made, value)
    to_declarer = value if made == (side == "declarer") else -value
    rufer = SCHEDULES[preset]["rufer"][0]
    assert result["payments"] == {
        "A": rufer + to_declarer,
        "B": -rufer - to_declarer,
        "C": rufer + to_declarer,
        "D": -rufer - to_declarer,
    }


def test_mondfang_is_silent_only_in_lk() -> None:
    caught = {"mondfang": {"side": "opponents", "announced": False, "made": True}}
    result = score_summary(hand("vacha_lk", "dreier", True, bonuses=caught))
    assert result["items"][1] == {
        "name": "mondfang",
        "team": "opponents",
        "won": True,
        "value": 2,
        "kontra": 0,
    }
    assert result["payments"]["A"] == 3 * (10 - 2)
    with pytest.raises(FieldError) as announced:
        score_summary(
            hand("vacha_lk", "dreier", True, bonuses={"mondfang": {**caught["mondfang"], "announced": True}})
        )
    assert announced.value.code == "not_announced"
    with pytest.raises(FieldError):
        score_summary(hand("wiener_tarockcup", "dreier", True, bonuses=caught))


def test_king_ultimo_belongs_to_the_calling_contracts() -> None:
    bonuses = {"king_ultimo": {"side": "declarer", "announced": False, "made": True}}
    with pytest.raises(FieldError) as caught:
        score_summary(hand("wiener_tarockcup", "dreier", True, bonuses=bonuses))
    assert caught.value.code == "no_called_king"


def test_negative_contracts_have_no_bonuses_and_no_partner() -> None:
    pagat = {"pagat": {"side": "declarer", "announced": False, "made": True}}
    with pytest.raises(FieldError) as caught:
        score_summary(hand("wiener_tarockcup", "bettler", True, bonuses=pagat))
    assert caught.value.code == "no_bonuses"
    with pytest.raises(FieldError) as partner:
        score_summary(hand("wiener_tarockcup", "bettler", True, partner="B"))
    assert (partner.value.where[0], partner.value.code) == ("partner", "no_partner")


@pytest.mark.parametrize(("level", "factor"), [(0, 1), (1, 2), (2, 4), (3, 8)])
def test_kontra_re_sub_double_the_game_and_each_announced_bonus(level: int, factor: int) -> None:
    bonuses = {
        "pagat": {"side": "declarer", "announced": True, "made": True, "kontra": level},
        "trull": {"side": "opponents", "announced": False, "made": True},
    }
    result = score_summary(
        hand("wiener_tarockcup", "rufer", False, partner="C", kontra=level, bonuses=bonuses)
    )
    values = {i["name"]: (i["value"], i["kontra"]) for i in result["items"]}
    assert values == {"rufer": (factor, level), "pagat": (2 * factor, level), "trull": (1, 0)}
    assert result["payments"]["A"] == -factor + 2 * factor - 1
    assert "money" not in result


def test_kontra_beyond_sub_and_on_a_silent_bonus_are_errors() -> None:
    with pytest.raises(FieldError) as high:
        score_summary(hand("wiener_tarockcup", "rufer", True, kontra=4))
    assert (high.value.where[0], high.value.code) == ("kontra", "integer_range")
    silent = {"pagat": {"side": "declarer", "announced": False, "made": True, "kontra": 1}}
    with pytest.raises(FieldError) as caught:
        score_summary(hand("wiener_tarockcup", "rufer", True, bonuses=silent))
    assert (caught.value.where[0], caught.value.code) == ("bonuses.pagat.kontra", "silent_kontra")


def test_raiffeisen_kontra_changes_the_money_not_the_tournament_points() -> None:
    bonuses = {"uhu": {"side": "declarer", "announced": True, "made": True, "kontra": 1}}
    result = score_summary(hand("raiffeisen", "dreier", True, kontra=2, bonuses=bonuses))
    # points: Dreier 4 + Uhu 4 from each opponent; money: Dreier 4x4 + Uhu 4x2
    assert result["payments"] == {"A": 24, "B": -8, "C": -8, "D": -8}
    assert result["money"] == {"A": 72, "B": -24, "C": -24, "D": -24}
    assert result["kontra"] == {"A": 48, "B": -16, "C": -16, "D": -16}
    assert [(i["value"], i["money"], i["kontra"]) for i in result["items"]] == [(4, 16, 2), (4, 8, 1)]
    plain = score_summary(hand("raiffeisen", "dreier", True))
    assert plain["money"] == plain["payments"]
    assert set(plain["kontra"].values()) == {0}


@pytest.mark.parametrize(
    ("preset", "announced", "side", "expected"),
    [
        ("wiener_tarockcup", True, "declarer", 8 * 5),  # Valat x8 of the Dreier 5
        ("wiener_tarockcup", False, "declarer", 4 * 5),
        ("wiener_tarockcup", False, "opponents", -4 * 5),
        ("raiffeisen", True, "declarer", 8 * 4),
        ("vacha_lk", True, "declarer", 40),  # LK: Valat 40/20
        ("vacha_lk", False, "opponents", -20),
    ],
)
def test_valat_supersedes_game_trull_and_four_kings_but_not_the_birds(
    preset: str, announced: bool, side: str, expected: int
) -> None:
    silent = {"announced": False, "made": True, "side": side}
    bonuses = {
        "valat": {"side": side, "announced": announced, "made": True},
        "trull": silent,
        "four_kings": silent,
        "pagat": silent,
    }
    result = score_summary(hand(preset, "dreier", side == "declarer", bonuses=bonuses))
    names = [i["name"] for i in result["items"]]
    assert names == ["pagat", "valat"]
    pagat = BONUS_SCHEDULES[preset]["pagat"][1] * (1 if side == "declarer" else -1)
    assert result["payments"]["A"] == 3 * (expected + pagat)


def test_an_announced_valat_that_fails_costs_the_valat() -> None:
    bonuses = {"valat": {"side": "declarer", "announced": True, "made": False}}
    result = score_summary(hand("wiener_tarockcup", "solodreier", True, bonuses=bonuses))
    assert [(i["name"], i["value"], i["won"]) for i in result["items"]] == [("valat", 80, False)]
    assert result["payments"]["A"] == -240


def test_a_valat_must_agree_with_the_result() -> None:
    bonuses = {"valat": {"side": "opponents", "announced": False, "made": True}}
    with pytest.raises(FieldError) as caught:
        score_summary(hand("wiener_tarockcup", "dreier", True, bonuses=bonuses))
    assert (caught.value.where[0], caught.value.code) == ("won", "valat_result")


def test_sechserdreier_lost_valat_of_the_opponents_uses_the_lost_value() -> None:
    bonuses = {"valat": {"side": "opponents", "announced": False, "made": True}}
    result = score_summary(hand("wiener_tarockcup", "sechserdreier", False, bonuses=bonuses))
    assert result["payments"]["A"] == -3 * 4 * 10


def test_the_rules_given_override_the_summarys_own() -> None:
    summary = hand("wiener_tarockcup", "solodreier", True)
    assert score_summary(summary)["payments"]["A"] == 30
    assert score_summary(summary, "vacha_lk")["payments"]["A"] == 60
    with pytest.raises(FieldError) as caught:
        score_summary(summary, "nope")
    assert (caught.value.where[0], caught.value.code) == ("rules", "unknown_preset")


def test_the_stake_multiplies_every_payment() -> None:
    once = score_summary(hand("wiener_tarockcup", "rufer", True, partner="B"))
    twice = score_summary(hand("wiener_tarockcup", "rufer", True, partner="B", stake=2))
    assert twice["payments"] == {seat: 2 * v for seat, v in once["payments"].items()}
    assert twice["items"][0]["value"] == 2


def test_first_player_only_contracts() -> None:
    """18.10: Rufer, Trischaken and Sechserdreier are for the first player only."""
    for contract in ("rufer", "sechserdreier"):
        with pytest.raises(FieldError) as caught:
            score_summary(hand("wiener_tarockcup", contract, True, declarer="B"))
        assert (caught.value.where[0], caught.value.code) == ("declarer", "first_player_only")
    assert score_summary(hand("wiener_tarockcup", "solorufer", True, declarer="B"))["payments"]["B"] == 6


def test_lk_lets_several_declarers_play_negative_contracts_at_once() -> None:
    """18.10 (LK): Bettler, Zwiccolo and Piccolo by two or more declarers at once; each is settled against
    every other player (the kit's choice)."""
    summary = hand(
        "vacha_lk",
        "bettler",
        True,
        declarer="B",
        more_declarers=[{"declarer": "D", "contract": "piccolo", "won": False, "kontra": 1}],
    )
    result = score_summary(summary)
    assert [(i["name"], i["seat"], i["won"], i["value"]) for i in result["items"]] == [
        ("bettler", "B", True, 9),
        ("piccolo", "D", False, 8),
    ]
    assert result["payments"] == {"A": -9 + 8, "B": 27 + 8, "C": -9 + 8, "D": -9 - 24}


def test_the_wtc_allows_one_piccolo_or_bettler_declarer_only() -> None:
    """18.10: "It is not allowed for more than one player to play Piccolo or Bettel at the same time"."""
    more = [{"declarer": "D", "contract": "bettler", "won": True}]
    with pytest.raises(FieldError) as caught:
        score_summary(hand("wiener_tarockcup", "bettler", True, declarer="B", more_declarers=more))
    assert (caught.value.where[0], caught.value.code) == ("more_declarers", "not_simultaneous")
    with pytest.raises(FieldError) as twice:
        score_summary(
            hand("vacha_lk", "bettler", True, declarer="B", more_declarers=[{**more[0], "declarer": "B"}])
        )
    assert twice.value.code == "declarer_twice"
