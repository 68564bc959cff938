"""Who deals, who sits out and the double stakes after a Fahren (18.11)."""

from __future__ import annotations

import pytest

from engine.games import game
from engine.koenigrufen.deals import doubled_hands_left

KR = game("koenigrufen")
P, T = "played", "trischaken"


def test_the_deal_passes_on_after_every_hand() -> None:
    for kinds in ([], [P], [P, T], [P, T, P, P]):
        deal = KR.deal("ABCD", "B", kinds, None)
        assert deal.number == len(kinds) + 1
        assert deal.dealer == "ABCD"[(1 + len(kinds)) % 4]
        assert deal.sitting_out == ()
        assert deal.active[0] == "ABCD"[(2 + len(kinds)) % 4]  # the first player sits after the dealer


def test_at_five_the_dealer_sits_out() -> None:
    deal = KR.deal("ABCDE", "C", [P, P], None)
    assert (deal.dealer, deal.active, deal.sitting_out) == ("E", ("A", "B", "C", "D"), ("E",))
    assert KR.sitting_out("ABCDE", "C") == ("C",)
    assert KR.sitting_out("ABCD", "C") == ()
    assert KR.sitting_out_shares(KR.presets["wiener_tarockcup"]) is None


@pytest.mark.parametrize(
    ("seats", "kinds", "stakes"),
    [
        # after a Fahren the next four hands (four seats) are doubled
        ("ABCD", [P, T, P, P, P, P], [1, 1, 2, 2, 2, 2, 1]),
        # five seats: five hands
        ("ABCDE", [T, P, P, P, P, P], [1, 2, 2, 2, 2, 2, 1]),
        # a Fahren among the doubled hands does not count and adds four more: 1 + 3 + 4 doubled hands
        ("ABCD", [T, P, T, *[P] * 7], [1, *[2] * 9, 1]),
    ],
)
def test_the_stakes_after_a_fahren(seats: str, kinds: list[str], stakes: list[int]) -> None:
    assert [KR.deal(seats, seats[0], kinds[:n], None).stake for n in range(len(kinds) + 1)] == stakes


def test_doubled_hands_left_counts_as_18_11_says() -> None:
    assert doubled_hands_left([T], 4) == 4
    assert doubled_hands_left([T, P, T], 4) == 7
    assert doubled_hands_left([T, P, P, P, P, P], 5) == 0


def test_the_doubling_is_an_option() -> None:
    rules = KR.resolve_rules("wiener_tarockcup", {"fahren_doubles": False})
    assert KR.deal("ABCD", "A", [T], rules).stake == 1
    assert KR.deal("ABCD", "A", [T], "raiffeisen").stake == 2


def test_every_hand_passes_the_deal_on() -> None:
    assert KR.thrown_in_kinds == frozenset()
    assert KR.deal_steps == {"p": "played", "t": "trischaken"}
    for n in range(1, 9):
        assert KR.dealer("ABCDE", "A", n) == KR.deal("ABCDE", "A", [T] * (n - 1), None).dealer
