"""The texts' worked examples, played live: 19.16's two Prever scores (a hand dealt and played to exactly
those card points), and 18.13's flat values and bonuses as the live hands score them."""

from __future__ import annotations

from typing import Any

import pytest

from engine.texas.game import DESCRIPTOR as TEXAS
from engine.texas.live import LiveTexas
from engine.texas.result import payments_of
from engine.texas.rules import PRESETS
from engine.texas.summary import Bonus, Hand
from tests.engine.texas.test_live_play import SEATS, drive, new


def prever(seed: int, preset: str, *talon: str) -> LiveTexas:
    """The first bidder bids Prever and takes the talon by ``talon``; the rule bots play the rest."""
    steps = list(talon)

    def choose(h: LiveTexas) -> str | None:
        if h.phase == "auction":
            return "prever" if not h.auction else "pass"
        if h.phase == "talon" and h.pending[0] == "prever":
            return steps.pop(0)
        return None

    return drive(new(seed, preset), choose)


def test_19_16_a_prever_of_59_points_is_paid_5_by_each_opponent() -> None:
    # "the player of a Prever takes 59 points. The difference from 53 is 6; adding 10 and then multiplying
    # by 3 gives 48, rounded to 50. So in this case the Prever player is paid 5 game points by each opponent."
    hand = prever(157, "taylor_xix", "talon first")
    summary = hand.summary()
    assert (summary["contract"], summary["talon"], summary["card_points"]) == ("prever", "first", 59)
    assert hand.payments() == {"D": 15, "C": -5, "B": -5, "A": -5}
    assert TEXAS.score(summary, PRESETS["taylor_xix"])["payments"] == hand.payments()


def test_19_16_a_prever_lost_with_42_points_after_the_second_three_pays_12_to_each() -> None:
    # "if the Prever player takes only 42 points after taking the second three cards from the talon, an 11
    # point difference, the payment is 12 game points to each opponent: (11+10)x3 is rounded to 60, divided
    # by 10 and doubled."
    hand = prever(224, "taylor_xix", "talon next", "talon second")
    summary = hand.summary()
    assert (summary["talon"], summary["card_points"]) == ("second", 42)
    assert hand.payments() == {"D": -36, "C": 12, "B": 12, "A": 12}
    assert TEXAS.score(summary, PRESETS["taylor_xix"])["payments"] == hand.payments()


def _first(points: int, **bonuses: Bonus) -> dict[str, Any]:
    """A Prever on the first three with ``points`` and ``bonuses``."""
    return {"contract": "prever", "talon": "first", "card_points": points, "bonuses": bonuses}


def _hand(preset: str, **fields: Any) -> Hand:
    hand = Hand(rules=PRESETS[preset], seats=SEATS, declarer="D")
    for key, value in fields.items():
        setattr(hand, key, value)
    return hand


@pytest.mark.parametrize(
    ("fields", "each"),
    [
        # 18.13: "The value of a Povenost or No Trick game is 1 game point"
        ({"contract": "povenost", "card_points": 60}, 1),
        ({"contract": "no_trick", "made": True}, 1),
        # Prever: the first three 1, "or 2 if No Trick had been bid by anyone"; second three 2; back 4
        ({"contract": "prever", "talon": "first", "card_points": 54}, 1),
        ({"contract": "prever", "talon": "first", "card_points": 54, "no_trick_bid": True}, 2),
        ({"contract": "prever", "talon": "second", "card_points": 40}, -2),
        ({"contract": "prever", "talon": "back", "card_points": 54}, 4),
        # "Winning the last trick with the Pagat has a value of 2 game points, or 4 game points if announced"
        (_first(60, pagat=Bonus("declarer", False, True)), 3),
        (_first(60, pagat=Bonus("declarer", True, False)), -3),
        # "Valat (taking all the tricks) has a value of 20 game points, or 40 if announced"
        (_first(100, valat=Bonus("declarer", False, True)), 20),
        # "Losing the XXI to the Skys incurs a penalty of 2 game points"
        (_first(60, xxi_captured=Bonus("opponents", False, True)), -1),
    ],
)  # fmt: skip
def test_18_13_values_as_the_live_hand_scores_them(fields: dict[str, Any], each: int) -> None:
    """A lone declarer is paid ``each`` by every opponent (negative: pays it), in the live scoring path."""
    hand = _hand("taylor_king", **fields)
    assert payments_of(hand) == {"D": 3 * each, "C": -each, "B": -each, "A": -each}


def test_18_13_a_partner_is_paid_by_one_opponent() -> None:
    # "When declarer has a partner, he is paid the stated amount by one opponent ... and his partner is paid
    # by or pays to the other opponent."
    hand = _hand("taylor_king", contract="povenost", card_points=60, partner="B")
    assert payments_of(hand) == {"D": 1, "C": -1, "B": 1, "A": -1}
    # a holding: "2 game points from each other player", whichever side
    hand.declarations = {"trul": ("C",)}
    assert payments_of(hand) == {"D": -1, "C": 5, "B": -1, "A": -3}


def test_19_16_difference_scores_of_live_povenost_hands() -> None:
    """Every Povinost a live hand scores is (|points - 53| + 10) x 2, rounded to tens (19.16)."""
    seen = 0
    for seed in range(40):
        hand = drive(new(seed, "taylor_xix"))
        summary = hand.summary()
        if summary["contract"] != "povenost" or summary.get("bonuses") or summary.get("kontra"):
            continue
        points = summary["card_points"]
        value = ((abs(points - 53) + 10) * 2 + 5) // 10
        game = value if points >= 54 else -value
        items = TEXAS.score(summary, PRESETS["taylor_xix"])["items"]
        assert items[0]["name"] == "game"
        assert items[0]["value"] == abs(game)
        seen += 1
    assert seen >= 10
