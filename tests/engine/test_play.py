"""The play ("The play"), the pagátultimó obligation, seat views and the derived summary."""

from __future__ import annotations

import random

import pytest

from engine.hungarian.cards import NAMES, PAGAT, POINTS, SKIZ, XX, XXI, parse_card
from engine.hungarian.rules import get_rules
from engine.hungarian.state import Action, Hand, IllegalAction

A, B, C, D = range(4)
PASS = Action("pass")


def cards(text: str) -> list[str]:
    return text.split()


def to_play(
    hands: dict[int, str], announce: tuple[tuple[int, Action], ...] = (), rules: str = "pagat"
) -> Hand:
    """A bids solo holding the given cards; B, C, D draw two plain talon cards each and discard them again;
    A calls the XX; the optional announcements are made in A's first turn; everyone passes."""
    talon = ["SQ", "SR", "SJ", "S10", "CJ", "C10"]
    hand = Hand.arranged({s: cards(t) for s, t in hands.items()}, talon=talon, rules=get_rules(rules))
    hand.apply(Action("bid", 0))
    while hand.phase in ("discard", "annul"):
        s = hand.to_move()
        hand.apply(
            Action("discard", tuple(sorted(hand.drawn[s]))) if hand.phase == "discard" else Action("no_annul")
        )
    hand.apply(Action("call", XX))
    for seat, action in announce:
        while hand.to_move() != seat:
            hand.apply(PASS)
        hand.apply(action)
    while hand.phase == "announcements":
        hand.apply(PASS)
    assert hand.phase == "play"
    return hand


HANDS = {
    A: "SKIZ XXI XX I HK HQ DK DQ CK",
    B: "XIX XVIII HR HJ HA DR DJ DA CQ",
    C: "XVII XVI XV XIV XIII XII XI X CR",
    D: "IX VIII VII VI V IV III II SK",
}


def legal_cards(hand: Hand) -> set[str]:
    return {NAMES[a.arg] for a in hand.legal_actions()}


def test_it_lets_the_leader_play_any_card() -> None:
    hand = to_play(HANDS)
    assert legal_cards(hand) == set(cards(HANDS[A]))


def test_it_requires_following_suit() -> None:
    hand = to_play(HANDS)
    hand.apply(Action("play", parse_card("HK")))
    assert legal_cards(hand) == {"HR", "HJ", "HA"}
    with pytest.raises(IllegalAction, match=r"trick 1, seat B: played XIX but holds a heart and HK was led"):
        hand.apply(Action("play", parse_card("XIX")))


def test_it_requires_a_tarokk_when_void_in_the_suit_led() -> None:
    hand = to_play(HANDS)
    hand.apply(Action("play", parse_card("HK")))
    hand.apply(Action("play", parse_card("HA")))
    assert legal_cards(hand) == set(cards("XVII XVI XV XIV XIII XII XI X"))
    with pytest.raises(IllegalAction, match="must play a tarokk"):
        hand.apply(Action("play", parse_card("CR")))


def test_it_allows_any_card_without_the_suit_or_tarokks() -> None:
    hands = dict(HANDS)
    hands[D] = "IX VIII VII VI V IV III II SK"
    hand = to_play(
        {
            A: "SKIZ XXI XX I HK HQ DK DQ CQ",
            B: "XIX XVIII HR HJ HA DR DJ DA CK",
            C: "XVII XVI XV XIV XIII XII XI X CR",
            D: hands[D],
        }
    )
    hand.apply(Action("play", parse_card("CQ")))
    hand.apply(Action("play", parse_card("CK")))
    hand.apply(Action("play", parse_card("CR")))
    assert legal_cards(hand) == set(cards(hands[D])) - {"SK"}  # tarokks: D has no club


def test_it_requires_a_tarokk_on_a_tarokk_lead() -> None:
    hand = to_play(HANDS)
    hand.apply(Action("play", XX))
    assert legal_cards(hand) == {"XIX", "XVIII"}


def test_it_gives_the_trick_to_the_highest_tarokk_or_the_highest_card_of_the_suit() -> None:
    hand = to_play(HANDS)
    for name in ("HK", "HR", "X", "II"):
        hand.apply(Action("play", parse_card(name)))
    assert hand.tricks[-1][2] == C
    assert hand.to_move() == C  # the winner leads


def test_it_keeps_the_pagat_of_an_announced_pagatultimo_until_forced() -> None:
    hand = to_play(HANDS, announce=((A, Action("announce", "pagat_ultimo")),))
    assert "I" not in legal_cards(hand)
    with pytest.raises(IllegalAction, match="pagátultimó"):
        hand.apply(Action("play", PAGAT))


def test_it_lets_the_pagat_go_when_it_is_the_only_legal_card() -> None:
    hand = to_play(
        {
            A: "HK HQ DK DQ CK CQ XXI SKIZ I",
            B: "XX XIX XVIII XVII XVI XV XIV XIII XII",
            C: "XI X IX VIII VII VI V IV III",
            D: "II HR HJ HA DR DJ DA CR SK",
        },
        announce=((A, Action("announce", "pagat_ultimo")),),
    )
    hand.apply(Action("play", parse_card("HK")))  # A leads a heart
    hand.apply(Action("play", parse_card("XII")))
    hand.apply(Action("play", parse_card("III")))
    hand.apply(Action("play", parse_card("HR")))
    assert hand.tricks[-1][2] == B
    hand.apply(Action("play", parse_card("XX")))  # B leads a tarokk; A holds SKIZ XXI I
    hand.apply(Action("play", parse_card("XI")))
    hand.apply(Action("play", parse_card("II")))
    assert legal_cards(hand) == {"XXI", "SKIZ"}  # the pagát is kept while other tarokks remain
    hand.apply(Action("play", SKIZ))
    assert "I" not in legal_cards(hand)  # A leads again and still keeps it


def test_it_never_shows_a_seat_another_seats_cards() -> None:
    rng = random.Random(7)
    for seed in range(30):
        hand = Hand.new(seed)
        while not hand.done:
            own = [set(_cards_of(hand.hands[s])) for s in range(4)]
            for s in range(4):
                view = hand.view(s)
                assert set(view.hand) == own[s]
                hidden = set().union(*(own[t] for t in range(4) if t != s))
                visible = set(view.talon_received) | set(view.my_discard)
                assert not visible & hidden
                assert view.legal == (hand.legal_actions() if hand.to_move() == s else ())
            hand.apply(rng.choice(hand.legal_actions()))


def _cards_of(m: int) -> list[int]:
    return [c for c in range(42) if m >> c & 1]


def test_it_derives_the_summary_of_a_played_hand() -> None:
    hand = to_play(HANDS)
    rng = random.Random(3)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    summary = hand.summary()
    assert summary["declarer"] == "A"
    assert summary["bid"] == "solo"
    assert summary["partner"] is None  # A called its own XX
    result = summary["result"]
    honour_tricks = [w for _, trick, w in hand.tricks if set(trick) & {SKIZ, XXI, PAGAT}]
    assert result["trull"] == ("declarer" if set(honour_tricks) == {A} else None)  # alone: 3 honours at start
    decl_tricks = sum(1 for _, _, w in hand.tricks if w == A)
    assert result["declarer_tricks"] == decl_tricks
    assert result["xxi_catch"] is None  # skíz and XXI are on the same side
    won = [c for _, trick, w in hand.tricks if w == A for c in trick]
    assert result["declarer_card_points"] == sum(POINTS[c] for c in won)  # solo: A discarded nothing
