"""The pack ("Players and equipment: The cards")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hungarian import cards as C


def test_it_has_42_cards_worth_94_points() -> None:
    assert len(C.NAMES) == 42
    assert sum(C.POINTS) == 94
    assert C.points_of(C.FULL_MASK) == 94


def test_it_values_each_suit_at_15_and_the_honours_at_5() -> None:
    for s in range(4):
        assert C.points_of(C.SUIT_MASKS[s]) == 15
    assert [C.POINTS[c] for c in (C.SKIZ, C.XXI, C.PAGAT)] == [5, 5, 5]
    assert sum(C.POINTS[c] for c in range(1, 20)) == 19


def test_it_names_and_parses_cards() -> None:
    assert C.card_name(0) == "I"
    assert C.card_name(20) == "XXI"
    assert C.card_name(21) == "SKIZ"
    assert C.card_name(22) == "HK"
    assert C.card_name(31) == "DA"
    assert C.card_name(36) == "C10"
    assert C.card_name(40) == "SJ"
    for c in range(42):
        assert C.parse_card(C.card_name(c)) == c
        assert C.parse_card(C.card_name(c).lower()) == c
    assert C.parse_card("IIII") == 3
    assert C.parse_card("skíz") == C.SKIZ


def test_it_rejects_unknown_names_naming_the_text() -> None:
    with pytest.raises(ValueError, match="XXII"):
        C.parse_card("XXII")
    with pytest.raises(ValueError, match="HA10"):
        C.parse_card("HA10")


def test_it_ranks_the_suit_king_high_and_ace_or_ten_low() -> None:
    hk, hq, ha = C.parse_card("HK"), C.parse_card("HQ"), C.parse_card("HA")
    assert C.trick_winner([ha, hq, hk, C.parse_card("SK")]) == 2


def test_it_lets_any_tarokk_beat_suit_cards_and_the_skiz_beat_all() -> None:
    hk = C.parse_card("HK")
    assert C.trick_winner([hk, C.PAGAT, C.parse_card("HQ"), C.parse_card("DK")]) == 1
    assert C.trick_winner([C.XXI, C.SKIZ, C.XX, C.PAGAT]) == 1


def test_it_lets_an_off_suit_card_never_win() -> None:
    trick = [C.parse_card(n) for n in ("HA", "SK", "DK", "CK")]
    assert C.trick_winner(trick) == 0


def test_it_converts_between_cards_and_masks() -> None:
    cards = [0, 5, 21, 41]
    assert C.cards_of(C.mask(cards)) == cards
    assert C.count(C.mask(cards)) == 4
    assert C.is_tarokk(21)
    assert not C.is_tarokk(22)
    assert C.suit_of(5) == -1
    assert C.suit_of(41) == 3
    assert frozenset(C.parse_card(n) for n in ("HK", "DK", "CK", "SK")) == C.KINGS


@given(st.sets(st.integers(0, 41)))
def test_it_reads_any_mask_by_its_7_bit_slices_as_a_loop_over_the_bits_would(cards: set[int]) -> None:
    m = sum(1 << c for c in cards)
    assert C.mask(sorted(cards, reverse=True)) == m
    assert C.cards_of(m) == sorted(cards)
    assert C.points_of(m) == sum(C.POINTS[c] for c in cards)
