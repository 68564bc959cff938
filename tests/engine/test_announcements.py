"""Calling a partner and the round of announcements: pagat "Calling a partner", "Kontra", "Declaring
tarokks", "Procedure for the round of announcements" (Examples 1-3) and the tournament items 28-43."""

from __future__ import annotations

import pytest

from engine.hungarian.cards import SKIZ, XVII, XX, parse_card
from engine.hungarian.rules import get_rules
from engine.hungarian.state import Action, Hand, IllegalAction
from tests.engine.test_bidding import say

A, B, C, D = range(4)
PLAIN = ["HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA", "CQ", "CR", "CJ", "C10", "SQ", "SR", "SJ", "S10"]


def plain_discards(hand: Hand) -> None:
    """Finish discarding, preferring suit cards (so that nobody frees the call), declining annulments."""
    while hand.phase in ("discard", "annul", "raise"):
        legal = hand.legal_actions()
        if hand.phase == "discard":
            hand.apply(max(legal, key=lambda a: min(a.arg)))
        else:
            hand.apply(next(a for a in legal if a.kind in ("no_annul", "no_raise")))


def b_declares(rules: str = "pagat", **holdings: list[str]) -> Hand:
    """B bids three, the others pass; holdings by seat letter."""
    cards = {"ABCD".index(k): v for k, v in holdings.items()}
    hand = Hand.arranged(cards, talon=["SK", "S10", "SJ", "SR", "SQ", "C10"], rules=get_rules(rules))
    say(hand, "A:pass B:three C:pass D:pass")
    plain_discards(hand)
    assert hand.phase == "announcements"
    assert hand.to_move() == B
    return hand


def act(hand: Hand, seat: int, *actions: Action) -> None:
    for action in actions:
        assert hand.to_move() == seat
        hand.apply(action)


def announce(bonus: str) -> Action:
    return Action("announce", bonus)


def kontra(team: str, bonus: str) -> Action:
    return Action("kontra", (team, bonus))


PASS = Action("pass")
CALL_XX = Action("call", XX)


# --- Example 1 --------------------------------------------------------------------------------------------
def test_it_takes_cs_trull_and_four_kings_as_the_partners_in_example_1() -> None:
    hand = b_declares(A=["SKIZ", "XIX"], B=["XXI", "I"], C=["XX", "XVIII"])
    act(hand, B, CALL_XX, PASS)
    act(hand, C, announce("trull"), announce("four_kings"), PASS)
    assert hand.items[(0, "trull")] == 0  # the declarer's team's trull
    assert hand.known_side[D] == 1  # C is shown as the partner, so D is provably an opponent
    act(hand, D, PASS)
    assert kontra("declarer", "trull") in hand.legal_actions()
    act(hand, A, kontra("declarer", "trull"), PASS)
    act(hand, B, announce("pagat_ultimo"), PASS)
    act(hand, C, PASS)
    act(hand, D, PASS)
    act(hand, A, PASS)
    assert hand.phase == "play"
    assert hand.items[(0, "trull")] == 1
    assert hand.known_side[C] == 0
    assert hand.known_side[A] == 1


def test_it_forbids_a_kontra_by_the_team_that_announced() -> None:
    hand = b_declares(A=["SKIZ"], B=["XXI"], C=["XX"])
    act(hand, B, CALL_XX, announce("trull"), PASS)
    assert kontra("declarer", "trull") not in hand.legal_actions()  # C is B's partner
    with pytest.raises(IllegalAction, match="only the opponents may say kontra"):
        hand.apply(kontra("declarer", "trull"))


def test_it_lets_the_declarers_side_rekontra_and_the_opponents_szubkontra() -> None:
    hand = b_declares(A=["SKIZ"], B=["XXI"], C=["XX"])
    act(hand, B, CALL_XX, PASS)
    act(hand, C, PASS)
    act(hand, D, Action("kontra", "game"), PASS)
    act(hand, A, PASS)
    assert Action("kontra", "game") in hand.legal_actions()  # B's rekontra
    act(hand, B, Action("kontra", "game"), PASS)
    act(hand, C, PASS)
    act(hand, D, Action("kontra", "game"), PASS)
    assert hand.items[(0, "game")] == 3


def test_it_stops_at_the_rules_highest_kontra() -> None:
    hand = b_declares("tournament", A=["SKIZ"], B=["XXI"], C=["XX"])
    act(hand, B, CALL_XX, PASS)
    act(hand, C, PASS)
    act(hand, D, Action("kontra", "game"), PASS)
    act(hand, A, PASS)
    act(hand, B, Action("kontra", "game"), PASS)
    act(hand, C, PASS)
    act(hand, D, Action("kontra", "game"), PASS)
    act(hand, A, PASS)
    act(hand, B, Action("kontra", "game"), PASS)
    act(hand, C, PASS)
    assert hand.items[(0, "game")] == 4  # hirskontra, T 43's highest
    assert Action("kontra", "game") not in hand.legal_actions()


# --- Example 2 --------------------------------------------------------------------------------------------
def test_it_takes_as_trull_after_the_kontra_as_the_opponents_in_example_2() -> None:
    hand = b_declares(A=["SKIZ"], B=["XXI"], D=["XX"])
    act(hand, B, CALL_XX, PASS)
    act(hand, C, Action("kontra", "game"), PASS)
    act(hand, D, PASS)
    act(hand, A, announce("trull"), PASS)
    assert (1, "trull") in hand.items  # the opponents' trull: A does not have the XX
    act(hand, B, PASS)
    act(hand, C, PASS)
    act(hand, D, PASS)
    assert hand.phase == "play"


def test_it_requires_the_partner_to_rekontra_before_announcing_in_example_2() -> None:
    hand = b_declares(A=["SKIZ", "XX"], B=["XXI"])
    act(hand, B, CALL_XX, PASS)
    act(hand, C, Action("kontra", "game"), PASS)
    act(hand, D, PASS)
    assert announce("trull") not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="kontra something of the other side first"):
        hand.apply(announce("trull"))
    act(hand, A, Action("kontra", "game"), announce("trull"), PASS)
    assert (0, "trull") in hand.items


# --- Example 3 --------------------------------------------------------------------------------------------
NINE = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]


def test_it_shows_d_as_cs_partner_so_b_may_kontra_the_pagatulti_in_example_3() -> None:
    hand = b_declares(A=["XX"], B=["XXI", "SKIZ"], D=NINE)
    act(hand, B, CALL_XX, announce("four_kings"), PASS)
    act(hand, C, kontra("declarer", "four_kings"), PASS)
    with pytest.raises(IllegalAction, match="must declare 9 tarokks"):
        hand.apply(announce("pagat_ultimo"))
    act(hand, D, Action("declare", 9), announce("pagat_ultimo"), PASS)
    act(hand, A, PASS)
    assert kontra("opponents", "pagat_ultimo") in hand.legal_actions()
    act(hand, B, kontra("opponents", "pagat_ultimo"), PASS)
    act(hand, C, PASS)
    act(hand, D, PASS)
    act(hand, A, PASS)
    assert hand.phase == "play"
    summary_decl = [(d.seat if hasattr(d, "seat") else d) for d in [hand.declared[D]]]
    assert summary_decl == [9]


def test_it_requires_the_xx_holder_to_rekontra_before_the_pagatulti_in_example_3() -> None:
    hand = b_declares(B=["XXI", "SKIZ"], D=["XX", *NINE[:8]])
    act(hand, B, CALL_XX, announce("four_kings"), PASS)
    act(hand, C, kontra("declarer", "four_kings"), PASS)
    act(hand, D, Action("declare", 9))
    assert announce("pagat_ultimo") not in hand.legal_actions()
    act(hand, D, kontra("declarer", "four_kings"), announce("pagat_ultimo"), PASS)
    assert (0, "pagat_ultimo") in hand.items


def test_it_forbids_declaring_eight_tarokks_with_nine() -> None:
    hand = b_declares(A=["XX"], B=["XXI", "SKIZ"], D=NINE)
    act(hand, B, CALL_XX, PASS)
    act(hand, C, PASS)
    assert Action("declare", 8) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="declared 8 tarokks but holds 9"):
        hand.apply(Action("declare", 8))


def test_it_keeps_declarations_neutral_under_pagat_but_not_the_tournament_rules() -> None:
    hand = b_declares(A=["XX"], B=["XXI", "SKIZ"], D=NINE)
    act(hand, B, CALL_XX, PASS)
    act(hand, C, PASS)
    act(hand, D, Action("declare", 9), PASS)
    assert hand.known_side[D] is None
    hand = b_declares("tournament", A=["XVIII"], B=["XXI", "SKIZ", "XX", "XIX"], C=NINE)
    assert [a.arg for a in hand.legal_actions() if a.kind == "call"] == [XX, parse_card("XVIII")]
    act(hand, B, Action("call", parse_card("XVIII")), announce("four_kings"), PASS)
    assert Action("declare", 9) not in hand.legal_actions()  # C would be taken for B's partner (T 37)
    act(hand, C, kontra("declarer", "four_kings"), PASS)


# --- the call ---------------------------------------------------------------------------------------------
def test_it_lets_a_declarer_holding_the_xx_call_the_highest_missing_tarokk() -> None:
    hand = b_declares(B=["XXI", "XX", "XIX", "XVIII", "XV", "XIII", "VII", "SKIZ"])
    assert [a.arg for a in hand.legal_actions() if a.kind == "call"] == [XX, XVII]


def test_it_plays_alone_after_calling_its_own_xx() -> None:
    hand = b_declares(B=["XXI", "XX"])
    act(hand, B, CALL_XX, PASS)
    assert hand.partner is None
    assert hand.team == [1, 0, 1, 1]


def test_it_frees_the_call_after_another_players_tarokk_discard() -> None:
    hand = Hand.arranged(
        {1: ["XXI"], 0: ["II", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA"]},
        talon=["SK", "S10", "SJ", "SR", "SQ", "C10"],
    )
    say(hand, "A:pass B:three C:pass D:pass")
    while hand.phase == "discard":
        legal = hand.legal_actions()
        if hand.to_move() == A:
            hand.apply(Action("discard", (parse_card("II"),)))
        else:
            hand.apply(max(legal, key=lambda a: min(a.arg)))
    while hand.phase == "annul":
        hand.apply(Action("no_annul"))
    calls = {a.arg for a in hand.legal_actions() if a.kind == "call"}
    assert XX in calls
    assert parse_card("XVI") in calls
    assert not calls & {0, 20, SKIZ}


def _calls_after_a_tarokk_discard(rules: str, declarer_cards: list[str]) -> set[int]:
    """B declares three holding ``declarer_cards``; A discards the II; the tarokks B may call."""
    hand = Hand.arranged(
        {1: declarer_cards, 0: ["II", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA"]},
        talon=["SK", "S10", "SJ", "SR", "SQ", "C10"],
        rules=get_rules(rules),
    )
    say(hand, "A:pass B:three C:pass D:pass")
    while hand.phase in ("raise", "discard", "annul"):
        legal = hand.legal_actions()
        if hand.phase != "discard":
            hand.apply(legal[-1])  # no_raise, no_annul
        elif hand.to_move() == A:
            hand.apply(Action("discard", (parse_card("II"),)))
        else:
            hand.apply(max(legal, key=lambda a: min(a.arg)))
    return {a.arg for a in hand.legal_actions() if a.kind == "call"}


def test_it_frees_the_call_only_for_a_declarer_with_the_xx_under_t30() -> None:
    # T 30: "If a tarokk has been discarded and the declarer holds the XX, the declarer may call any tarokk";
    # pagat gives the free call whether or not the declarer holds the XX.
    assert parse_card("XVI") in _calls_after_a_tarokk_discard("pagat", ["XXI"])
    assert _calls_after_a_tarokk_discard("tournament", ["XXI"]) == {XX}
    with_xx = _calls_after_a_tarokk_discard("tournament", ["XXI", "XX"])
    assert XX in with_xx
    assert len(with_xx) > 2  # more than the XX and the highest missing tarokk: the call is free
    assert with_xx == _calls_after_a_tarokk_discard("pagat", ["XXI", "XX"])


def test_it_makes_the_discarder_of_the_called_card_kontra_and_the_declarer_play_alone() -> None:
    hand = Hand.arranged(
        {1: ["XXI"], 3: ["XX", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA"]},
        talon=["SK", "S10", "SJ", "SR", "SQ", "C10"],
    )
    say(hand, "A:pass B:three C:pass D:pass")
    while hand.phase == "discard":
        legal = hand.legal_actions()
        hand.apply(Action("discard", (XX,)) if hand.to_move() == D else max(legal, key=lambda a: min(a.arg)))
    while hand.phase == "annul":
        hand.apply(Action("no_annul"))
    act(hand, B, CALL_XX)
    assert hand.to_move() == D
    assert hand.legal_actions() == (Action("kontra", "game"),)
    act(hand, D, Action("kontra", "game"))
    assert hand.to_move() == B
    assert hand.partner is None
    assert hand.items[(0, "game")] == 1


def test_it_fixes_the_call_after_a_yield() -> None:
    hand = Hand.arranged({0: ["XXI", "XX"], 2: ["SKIZ"]}, talon=["SK", "S10", "SJ", "SR", "SQ", "C10"])
    say(hand, "A:three B:pass C:two D:pass A:pass")
    plain_discards(hand)
    assert [a for a in hand.legal_actions() if a.kind == "call"] == [CALL_XX]
    with pytest.raises(IllegalAction, match="call by C: may call only XX, not XIX"):
        hand.apply(Action("call", 18))
    hand.apply(CALL_XX)
    assert hand.known_side == [0, 1, 0, 1]  # the partner is known from the bidding


def test_it_makes_a_pagat_only_cue_bidder_announce_pagatultimo_at_once() -> None:
    hand = Hand.arranged(
        {0: ["I", "XIX"], 1: ["XXI"], 2: ["SKIZ"]}, talon=["SK", "S10", "SJ", "SR", "SQ", "C10"]
    )
    say(hand, "A:two B:one C:pass D:pass A:pass")
    plain_discards(hand)
    act(hand, B, Action("call", 18), PASS)
    act(hand, C, PASS)
    act(hand, D, PASS)
    assert hand.legal_actions() == (announce("pagat_ultimo"),)
    with pytest.raises(IllegalAction, match="pagátultimó"):
        hand.apply(PASS)


# --- double game and volát --------------------------------------------------------------------------------
def test_it_forbids_double_game_and_volat_at_the_same_turn_under_pagat() -> None:
    hand = b_declares(B=["XXI", "SKIZ"], C=["XX"])
    act(hand, B, CALL_XX, announce("double_game"))
    assert announce("volat") not in hand.legal_actions()
    hand = b_declares("tournament", B=["XXI", "SKIZ"], C=["XX"])
    hand.apply(Action("no_raise")) if hand.phase == "raise" else None
    act(hand, B, CALL_XX, announce("double_game"), announce("volat"))
    assert announce("trull") not in hand.legal_actions()  # T 42: nothing after volát


def test_it_forbids_double_game_after_the_teams_volat() -> None:
    hand = b_declares(B=["XXI", "SKIZ"], C=["XX"])
    act(hand, B, CALL_XX, announce("volat"), PASS)
    assert announce("double_game") not in hand.legal_actions()


def test_it_ends_the_round_after_three_passes_in_a_row() -> None:
    hand = b_declares(B=["XXI"], C=["XX"])
    act(hand, B, CALL_XX, PASS)
    act(hand, C, PASS)
    act(hand, D, PASS)
    act(hand, A, PASS)
    assert hand.phase == "play"
    assert hand.to_move() == A  # forehand leads


def test_it_requires_the_call_before_passing() -> None:
    hand = b_declares(B=["XXI"], C=["XX"])
    with pytest.raises(IllegalAction, match="must call a partner"):
        hand.apply(PASS)


# --- T 41: what a first-round trull promises (tournament) --------------------------------------------------
def test_it_requires_skiz_and_xxi_for_a_plain_declarers_first_round_trull_under_t41() -> None:
    hand = b_declares("tournament", B=["XXI", "XIX"], C=["XX"], A=["SKIZ"])
    act(hand, B, CALL_XX)
    assert announce("trull") not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="T 41a"):
        hand.apply(announce("trull"))
    hand = b_declares("tournament", B=["XXI", "SKIZ"], C=["XX"])
    act(hand, B, CALL_XX)
    assert announce("trull") in hand.legal_actions()


def test_it_lets_the_partner_announce_trull_only_with_a_high_honour_under_t41() -> None:
    hand = b_declares("tournament", B=["XXI"], C=["XX", "I"], A=["SKIZ"])
    act(hand, B, CALL_XX, PASS)
    assert announce("trull") not in hand.legal_actions()  # C holds neither the skíz nor the XXI (T 41d)


# --- declaration variations -------------------------------------------------------------------------------
def test_it_makes_pais_partners_wait_and_announcers_declare() -> None:
    hand = Hand.arranged(
        {1: ["XXI", "SKIZ"], 2: ["XX", *NINE[:8]]},
        talon=["SK", "S10", "SJ", "SR", "SQ", "C10"],
        rules=get_rules(pais_declarations=True),
    )
    say(hand, "A:pass B:three C:pass D:pass")
    plain_discards(hand)
    act(hand, B, CALL_XX, PASS)
    assert Action("declare", 9) not in hand.legal_actions()  # C is not yet provably the partner
    assert announce("trull") not in hand.legal_actions()  # announcing needs the 9 declared, which must wait


def test_it_withholds_the_free_call_when_discarded_tarokks_are_admitted_late() -> None:
    talon = ["SK", "S10", "SJ", "SR", "SQ", "C10"]
    rules = get_rules(discarded_tarokks_admitted_at_announcements=True)
    hand = Hand.arranged(
        {1: ["XXI"], 0: ["II", "HQ", "HR", "HJ", "HA", "DQ", "DR", "DJ", "DA"]}, talon=talon, rules=rules
    )
    say(hand, "A:pass B:three C:pass D:pass")
    while hand.phase == "discard":
        legal = hand.legal_actions()
        hand.apply(
            Action("discard", (parse_card("II"),))
            if hand.to_move() == A
            else max(legal, key=lambda a: min(a.arg))
        )
    while hand.phase == "annul":
        hand.apply(Action("no_annul"))
    assert [a.arg for a in hand.legal_actions() if a.kind == "call"] == [XX]
    assert A not in hand.view(B).discarded_tarokks["counts"]  # admitted at A's first turn
    act(hand, B, CALL_XX, PASS)
    act(hand, C, PASS)
    act(hand, D, PASS)
    act(hand, A, PASS)
    assert hand.view(B).discarded_tarokks["counts"][A] == 1


# --- T 37: the declarer's side is known before the call --------------------------------------------------
EIGHT_TAROKKS = ["I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "HA"]


@pytest.mark.parametrize("declarer", ["B", "C", "D"])
def test_a_declarer_in_seat_b_c_or_d_declares_before_the_call_under_t37_and_replays(declarer: str) -> None:
    """T 37 binds only players whose side is unknown; the declarer's side is known from the auction, so a
    declarer in seat B, C or D declares first (T 34), calls, then announces pagátultimó (T 38)."""
    from engine.hungarian.record import replay

    seat = "ABCD".index(declarer)
    rules = get_rules("tournament")
    hand = Hand.arranged({seat: EIGHT_TAROKKS}, talon=["SK", "S10", "SJ", "SR", "SQ", "C10"], rules=rules)
    say(hand, " ".join(f"{s}:{'three' if s == declarer else 'pass'}" for s in "ABCD"))
    plain_discards(hand)
    assert hand.to_move() == seat
    assert hand.legal_actions()[0] == Action("declare", 8)
    act(hand, seat, Action("declare", 8), CALL_XX, announce("pagat_ultimo"), PASS)
    while not hand.done:
        hand.apply(hand.legal_actions()[0])
    record = hand.record()
    assert record["announcements"][0] == {
        "seat": declarer,
        "say": ["declare 8", "call XX", "announce pagat_ultimo", "pass"],
    }
    result = replay(record)
    assert result.summary == hand.summary()
    assert {"seat": declarer, "tarokks": 8, "declared": True, "team": "declarer"} in result.summary[
        "declarations"
    ]


def test_before_the_call_only_the_declarer_is_on_the_declarers_team() -> None:
    hand = b_declares("tournament", B=["XXI", "I"])
    assert hand.team == [1, 0, 1, 1]
    assert hand.known_side == [None, 0, None, None]
