"""Talon distribution, discarding and annulment ("Drawing from the talon and discarding", its variations,
tournament items 23-27)."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine.hungarian.cards import HONOURS, KINGS, XX, parse_card
from engine.hungarian.rules import get_rules
from engine.hungarian.state import Action, Hand, IllegalAction
from tests.engine.test_bidding import say

TALON = ["HQ", "HR", "HJ", "DQ", "DR", "DJ"]


def names(cards: tuple[int, ...] | list[int]) -> list[str]:
    from engine.hungarian.cards import NAMES

    return [NAMES[c] for c in cards]


@pytest.mark.parametrize(
    ("script", "declarer", "shares"),
    [
        ("A:pass B:three C:pass D:pass", 1, (3, 1, 1, 1)),
        ("A:pass B:two C:pass D:pass", 1, (2, 2, 1, 1)),
        ("A:pass B:pass C:one D:pass", 2, (1, 2, 2, 1)),
        ("A:solo", 0, (0, 2, 2, 2)),
    ],
)
def test_it_distributes_the_talon_by_the_table(script: str, declarer: int, shares: tuple[int, ...]) -> None:
    holdings = {0: ["XXI"], 1: ["SKIZ"], 2: ["I"]}
    hand = Hand.arranged(holdings, talon=TALON, rules=get_rules(conventions=False))
    say(hand, script)
    got = [len(hand.drawn[(declarer + i) % 4]) for i in range(4)]
    assert tuple(got) == shares
    order = [c for i in range(4) for c in hand.drawn[(declarer + i) % 4]]
    assert names(order) == TALON  # declarer from the top, then anticlockwise


def test_it_asks_for_discards_from_the_declarer_anticlockwise() -> None:
    hand = Hand.arranged({2: ["XXI"]}, talon=TALON, rules=get_rules(conventions=False))
    say(hand, "A:pass B:pass C:one D:pass")
    order = []
    while hand.phase == "discard":
        order.append(hand.to_move())
        hand.apply(hand.legal_actions()[0])
    assert order == [2, 3, 0, 1]  # one: the declarer 1 card, then 2, 2 and 1 anticlockwise


def _hand_to_discard(rules: str = "pagat", **kw: object) -> Hand:
    hand = Hand.arranged(
        {0: ["XXI", "I", "HK", "DK", "XX", "II", "CQ", "CR", "CJ"]},
        talon=["SKIZ", "SK", "III", "DQ", "DR", "DJ"],
        rules=get_rules(rules, **kw),
    )
    say(hand, "A:three B:pass C:pass D:pass")
    return hand


def test_it_forbids_discarding_kings_and_honours() -> None:
    hand = _hand_to_discard()
    assert hand.to_move() == 0
    allowed = {c for a in hand.legal_actions() for c in a.arg}
    assert not allowed & (KINGS | HONOURS)
    with pytest.raises(IllegalAction, match="discard by A: HK may not be discarded: kings"):
        hand.apply(Action("discard", (parse_card("HK"), parse_card("CQ"), parse_card("CR"))))
    with pytest.raises(IllegalAction, match="honours may never be discarded"):
        hand.apply(Action("discard", (parse_card("SKIZ"), parse_card("CQ"), parse_card("CR"))))


def test_it_requires_exactly_as_many_discards_as_cards_drawn() -> None:
    hand = _hand_to_discard()
    with pytest.raises(IllegalAction, match="exactly 3"):
        hand.apply(Action("discard", (parse_card("CQ"),)))


def test_it_allows_the_xx_in_the_discard_only_when_the_rules_do() -> None:
    assert any(XX in a.arg for a in _hand_to_discard().legal_actions())
    hand = _hand_to_discard("tournament")
    hand.apply(Action("no_raise"))
    while hand.phase == "annul":  # tournament: annulments come before the discard
        hand.apply(Action("no_annul"))
    assert hand.phase == "discard"
    assert not any(XX in a.arg for a in hand.legal_actions())


def test_it_forbids_a_cue_bidder_to_discard_the_shown_tarokk() -> None:
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ", "XIX", "CQ"]}, talon=TALON)
    say(hand, "A:three B:one C:pass D:pass A:pass")  # B cue bids the XIX and is left to play it
    assert hand.declarer == 1
    assert not any(parse_card("XIX") in a.arg for a in hand.legal_actions())


def test_it_forbids_a_yielder_to_discard_the_xx() -> None:
    hand = Hand.arranged({0: ["XXI", "XX"], 2: ["SKIZ"]}, talon=TALON)
    say(hand, "A:three B:pass C:two D:pass A:pass")
    while hand.to_move() != 0:
        hand.apply(hand.legal_actions()[0])
    assert not any(XX in a.arg for a in hand.legal_actions())


def test_it_shows_the_count_of_discarded_tarokks_and_the_declarers_face_up() -> None:
    hand = Hand.arranged(
        {0: ["XXI", "II", "III", "HQ", "HR", "HJ", "HA", "DQ", "DR"], 1: ["SKIZ", "IV", "CQ"]},
        talon=["V", "VI", "VII", "C10", "S10", "SJ"],
    )
    say(hand, "A:three B:pass C:pass D:pass")
    hand.apply(Action("discard", tuple(sorted(parse_card(n) for n in ("II", "III", "HQ")))))
    hand.apply(Action("discard", (parse_card("IV"),)))
    while hand.phase == "discard":
        hand.apply(hand.legal_actions()[0])
    view = hand.view(2)
    assert view.discarded_tarokks["counts"][0] == 2
    assert view.discarded_tarokks["counts"][1] == 1
    assert names(view.discarded_tarokks["declarer_face_up"]) == ["II", "III"]


# --- annulment ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cards", "holding"),
    [
        (["HK", "DK", "CK", "SK"], "four_kings"),
        (["XXI"], "xxi_alone"),
        (["I"], "pagat_alone"),
        ([], "no_tarokks"),
        (["XXI", "I"], "xxi_and_pagat"),
    ],
)
def test_it_offers_annulment_for_each_poor_holding(cards: list[str], holding: str) -> None:
    plain = ["HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA", "CQ"]
    b_cards = cards + [c for c in plain if c not in cards][: 9 - len(cards)]
    others = {"XXI", "I"} - set(cards)
    talon = ["C10", "CJ", "CR", "S10", "SJ", "SR"]
    hand = Hand.arranged({0: ["SKIZ", *sorted(others)], 1: b_cards}, talon=talon)
    say(hand, "A:solo")  # B receives two suit cards
    while hand.phase == "discard":
        legal = hand.legal_actions()
        hand.apply(legal[0] if hand.to_move() != 1 else next(a for a in legal if not set(a.arg) & {0, 20}))
    assert hand.phase == "annul"
    assert hand.to_move() == 1
    assert Action("annul", holding) in hand.legal_actions()
    hand.apply(Action("annul", holding))
    assert hand.done
    assert hand.kind == "annulled"


def test_it_lets_a_player_keep_playing_instead_of_annulling() -> None:
    hand = Hand.arranged({0: ["SKIZ", "I"], 1: ["XXI", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA"]})
    say(hand, "A:solo")
    while hand.phase == "discard":
        hand.apply(hand.legal_actions()[0])
    while hand.phase == "annul":
        hand.apply(Action("no_annul"))
    assert hand.phase == "announcements"


def test_it_takes_away_the_tarokk_annulments_after_discarding_a_tarokk_but_not_four_kings() -> None:
    b = ["XXI", "II", "HK", "DK", "CK", "SK", "HQ", "HR", "HJ"]
    hand = Hand.arranged({0: ["SKIZ", "I"], 1: b}, talon=["C10", "CJ", "CR", "S10", "SJ", "SR"])
    say(hand, "A:solo")
    hand.apply(Action("discard", (parse_card("II"), parse_card("HQ"))))
    while hand.phase == "discard":
        hand.apply(hand.legal_actions()[0])
    assert hand.phase == "annul"
    assert hand.legal_actions() == (
        Action("annul", "four_kings"),
        Action("no_annul"),
    )


def test_it_lets_tarokk_discarders_annul_under_the_variation() -> None:
    b = ["XXI", "II", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ"]
    rules = get_rules(annul_after_tarokk_discard=True)
    hand = Hand.arranged({0: ["SKIZ", "I"], 1: b}, talon=["C10", "CJ", "CR", "S10", "SJ", "SR"], rules=rules)
    say(hand, "A:solo")
    hand.apply(Action("discard", (parse_card("II"), parse_card("HQ"))))
    while hand.phase == "discard":
        hand.apply(hand.legal_actions()[0])
    assert Action("annul", "xxi_alone") in hand.legal_actions()


def test_it_admits_only_the_holdings_the_rules_list() -> None:
    hand = Hand.arranged(
        {0: ["SKIZ", "XXI"], 1: ["I", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA"]},
        rules=get_rules("kegl"),
    )
    say(hand, "A:solo")
    assert hand._annul_holdings(1) == []  # kegl: no annulment with the pagát alone


def test_it_annuls_before_discarding_under_the_tournament_timing() -> None:
    b = ["XXI", "II", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ"]
    hand = Hand.arranged(
        {0: ["SKIZ", "I"], 1: b}, talon=["C10", "CJ", "CR", "S10", "SJ", "SR"], rules=get_rules("tournament")
    )
    say(hand, "A:solo")
    assert hand._annul_holdings(1) == []  # B has XXI and II: nothing to annul before the discard
    hand2 = Hand.arranged(
        {0: ["SKIZ", "I"], 1: ["XXI", *b[2:], "C10"]},
        talon=["CJ", "CR", "S10", "SJ", "SR", "II"],
        rules=get_rules("tournament"),
    )
    say(hand2, "A:solo")
    assert hand2.phase == "annul"
    assert all(not hand2.discards[s] for s in range(4))
    assert hand2._annul_holdings(1) == ["xxi_alone"]
    while hand2.to_move() != 1:
        hand2.apply(Action("no_annul"))
    hand2.apply(Action("annul", "xxi_alone"))
    assert hand2.kind == "annulled"


def test_it_lists_every_discard_as_a_sequence_made_on_demand() -> None:
    hand = _hand_to_discard()
    legal = hand.legal_actions()  # A took SKIZ, SK and III: any three of XX, II, III, CQ, CR and CJ
    cards = sorted(c for c in range(42) if hand.hands[0] >> c & 1 and c not in HONOURS | KINGS)
    expected = [Action("discard", combo) for combo in combinations(cards, 3)]
    assert len(cards) == 6
    assert len(legal) == len(expected) == 20
    assert list(legal) == expected
    assert legal == expected
    assert [legal[i] for i in range(-3, 3)] == expected[-3:] + expected[:3]
    assert legal[2:4] == expected[2:4]
    assert expected[7] in legal
    assert ("discard", [XX]) not in legal
    hand.apply(legal[len(legal) - 1])
    assert hand.discards[0] == expected[-1].arg
