"""The auction: pagat "The bidding", "Cue bids", "Yielded game", "Examples of bidding sequences" and the
bidding variations; expected declarers, contracts and calls are the ones the text states."""

from __future__ import annotations

import random

import pytest

from engine.hungarian.cards import XIX, XVII, XVIII, XX, card_name, parse_card
from engine.hungarian.record import ReplayError, replay
from engine.hungarian.rules import get_rules
from engine.hungarian.state import Action, Hand, IllegalAction

SEATS = "ABCD"
WORDS = {"three": 3, "two": 2, "one": 1, "solo": 0}


def say(hand: Hand, script: str) -> None:
    """Apply "A:three B:pass C:hold ..." checking that each named seat is the one to move."""
    for step in script.split():
        seat, word = step.split(":")
        assert hand.to_move() == SEATS.index(seat), f"{step}: it is {SEATS[hand.to_move()]}'s turn"
        if word in WORDS:
            hand.apply(Action("bid", WORDS[word]))
        else:
            hand.apply(Action(word))


def deal(rules: str = "pagat", **holdings: str) -> Hand:
    """Seats given as A="XXI XIX", ...; every seat not listed gets no honour."""
    cards = {SEATS.index(seat): names.split() for seat, names in holdings.items()}
    return Hand.arranged(cards, rules=get_rules(rules))


def call_options(hand: Hand) -> list[int]:
    assert hand.phase == "announcements"
    return [a.arg for a in hand.legal_actions() if a.kind == "call"]


def to_announcements(hand: Hand) -> None:
    """Finish the talon exchange with the first legal discard (and decline annulments)."""
    while hand.phase in ("discard", "annul", "raise"):
        legal = hand.legal_actions()
        hand.apply(next((a for a in legal if a.kind in ("no_annul", "no_raise")), legal[0]))


# --- "The bidding" -------------------------------------------------------------------------------------
def test_it_makes_b_declarer_of_two_after_pass_three_two_pass_hold_pass() -> None:
    hand = deal(B="XXI", C="SKIZ")
    say(hand, "A:pass B:three C:two D:pass B:hold C:pass")
    assert (hand.declarer, hand.bid) == (1, 2)
    assert hand.drawn[1] == tuple(hand.talon[:2])


def test_it_ends_the_auction_when_a_holds_the_solo() -> None:
    hand = deal(A="XXI", B="SKIZ", D="I")
    say(hand, "A:three B:two C:pass D:one A:hold B:pass D:solo A:hold")
    assert (hand.declarer, hand.bid) == (0, 0)
    assert hand.phase != "bidding"


def test_it_requires_b_to_bid_solo_on_the_second_round_because_one_was_held() -> None:
    hand = deal(A="XXI", B="SKIZ", D="I")
    say(hand, "A:three B:two C:pass D:one A:hold")
    legal = hand.legal_actions()
    assert Action("hold") not in legal
    assert {a.arg for a in legal if a.kind == "bid"} == {0}


def test_it_ends_the_auction_at_an_unholdable_solo() -> None:
    hand = deal(B="XXI")
    say(hand, "A:pass B:solo")
    assert (hand.declarer, hand.bid) == (1, 0)


def test_it_lets_a_player_without_an_honour_only_pass() -> None:
    hand = deal(B="XXI")
    assert hand.legal_actions() == (Action("pass"),)
    with pytest.raises(IllegalAction, match="without an honour must pass"):
        hand.apply(Action("bid", 3))


def test_it_forbids_a_player_who_passed_to_bid_again() -> None:
    hand = deal(A="XXI", B="SKIZ", C="I")
    say(hand, "A:pass B:three C:two D:pass B:hold C:pass")
    assert hand.declarer == 1  # A never spoke again


def test_it_allows_a_bid_to_be_held_only_once() -> None:
    hand = deal(A="XXI", B="SKIZ")
    say(hand, "A:three B:two C:pass D:pass A:hold")
    assert Action("hold") not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="can only be held once"):
        hand.apply(Action("hold"))


def test_it_throws_in_a_hand_that_all_four_pass() -> None:
    hand = deal(A="XXI", B="SKIZ", C="I")
    say(hand, "A:pass B:pass C:pass D:pass")
    assert hand.done
    assert hand.kind == "passed_out"
    assert hand.summary()["kind"] == "passed_out"


# --- trial three -----------------------------------------------------------------------------------------
def test_it_lets_the_fourth_hand_bid_three_without_an_honour_after_three_passes() -> None:
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I"]})
    say(hand, "A:pass B:pass C:pass")
    assert hand.legal_actions() == (
        Action("pass"),
        Action("bid", 3),
    )


def test_it_fails_a_trial_three_that_draws_no_honour() -> None:
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I"]}, talon=["HQ", "HR", "HJ", "II", "III", "IV"])
    say(hand, "A:pass B:pass C:pass D:three")
    assert hand.done
    assert hand.kind == "trial_three_failed"
    summary = hand.summary()
    assert (summary["declarer"], summary["bid"]) == ("D", "three")


def test_it_plays_a_trial_three_that_draws_an_honour() -> None:
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"]}, talon=["HQ", "I", "HJ", "II", "III", "IV"])
    say(hand, "A:pass B:pass C:pass D:three")
    assert hand.phase == "discard"


def test_it_forbids_the_trial_three_when_the_rules_do() -> None:
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I"]}, rules=get_rules(trial_three_allowed=False))
    say(hand, "A:pass B:pass C:pass")
    assert hand.legal_actions() == (Action("pass"),)


# --- "Examples of bidding sequences" -------------------------------------------------------------------
def test_it_reads_ds_single_jump_as_a_cue_bid_of_the_xix_and_not_as_solo() -> None:
    hand = deal(A="XXI", D="SKIZ XIX")
    say(hand, "A:three B:pass C:pass D:one A:solo D:pass")
    assert (hand.declarer, hand.bid) == (0, 0)
    assert hand._auction.cue == XIX
    assert hand._auction.cue_seat == 3
    to_announcements(hand)
    assert call_options(hand) == [XIX]


def test_it_reads_a_double_jump_as_a_cue_bid_of_the_xviii() -> None:
    hand = deal(A="XXI", B="SKIZ XVIII")
    say(hand, "A:three B:solo C:pass D:pass A:hold")
    assert (hand.declarer, hand.bid) == (0, 0)
    to_announcements(hand)
    assert call_options(hand) == [XVIII]


def test_it_reads_an_opening_two_as_a_cue_bid_of_the_xix() -> None:
    hand = deal(A="XXI XIX", D="SKIZ")
    say(hand, "A:two B:pass C:pass D:one A:pass")
    assert (hand.declarer, hand.bid) == (3, 1)
    to_announcements(hand)
    assert call_options(hand) == [XIX]


def test_it_reads_one_over_a_holdable_two_as_a_cue_bid_and_lets_c_hold() -> None:
    hand = deal(B="XXI XIX", C="SKIZ")
    say(hand, "A:pass B:three C:two D:pass B:one C:hold B:pass")
    assert (hand.declarer, hand.bid) == (2, 1)
    to_announcements(hand)
    assert call_options(hand) == [XIX]


def test_it_forbids_c_to_hold_under_the_old_holding_rule() -> None:
    hand = Hand.arranged({1: ["XXI", "XIX"], 2: ["SKIZ"]}, rules=get_rules(old_holding_rule=True))
    say(hand, "A:pass B:three C:two D:pass B:one")
    assert Action("hold") not in hand.legal_actions()
    assert Action("bid", 0) in hand.legal_actions()


def test_it_reads_a_jump_to_solo_over_two_as_the_xix_under_the_new_convention() -> None:
    hand = deal(A="XXI", B="SKIZ", C="I XIX")
    say(hand, "A:three B:two C:solo D:pass A:pass B:hold")
    assert (hand.declarer, hand.bid) == (1, 0)
    to_announcements(hand)
    assert call_options(hand) == [XIX]


def test_it_reads_the_same_jump_as_the_xviii_under_the_old_convention() -> None:
    rules = get_rules(cue_bid_interpretation="old")
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I", "XVIII"]}, rules=rules)
    say(hand, "A:three B:two C:solo")
    assert hand._auction.cue == XVIII


def test_it_rejects_the_xix_jump_without_the_xix() -> None:
    hand = deal(A="XXI", B="SKIZ", C="I")
    say(hand, "A:three B:two")
    assert Action("bid", 0) not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="bid by C: jump shows XIX which C does not hold"):
        hand.apply(Action("bid", 0))


def test_it_lets_b_and_c_compete_to_call_as_xix() -> None:
    hand = deal(A="XXI XIX", B="SKIZ", C="I")
    say(hand, "A:two B:one C:solo D:pass")
    assert Action("hold") in hand.legal_actions()  # A could hold the solo
    say(hand, "A:pass B:pass")
    assert (hand.declarer, hand.bid) == (2, 0)
    to_announcements(hand)
    assert call_options(hand) == [XIX]


def test_it_lets_a_hold_ds_interfering_solo_and_call_cs_xix() -> None:
    hand = deal(A="XXI", C="SKIZ XIX", D="I")
    say(hand, "A:three B:pass C:one D:solo A:hold")
    assert (hand.declarer, hand.bid) == (0, 0)
    assert hand._auction.cue_seat == 2
    to_announcements(hand)
    assert call_options(hand) == [XIX]


def test_it_treats_as_pass_after_three_two_as_a_yielded_game() -> None:
    hand = deal(A="XXI XX", C="SKIZ")
    say(hand, "A:three B:pass C:two D:pass A:pass")
    assert (hand.declarer, hand.bid) == (2, 2)
    assert hand._auction.yield_seat == 0
    to_announcements(hand)
    assert call_options(hand) == [XX]


def test_it_forbids_yielding_without_the_xx_and_a_high_honour() -> None:
    hand = deal(A="I XX", C="SKIZ")
    say(hand, "A:three B:pass C:two D:pass")
    legal = hand.legal_actions()
    assert Action("pass") not in legal
    assert Action("hold") in legal
    with pytest.raises(IllegalAction, match="yields the game"):
        hand.apply(Action("pass"))


def test_it_makes_nothing_conventional_after_three_two_pass_one() -> None:
    hand = deal(A="XXI", B="SKIZ", D="I")
    say(hand, "A:three B:two C:pass D:one A:pass B:pass")
    assert (hand.declarer, hand.bid) == (3, 1)
    assert hand._auction.cue is None
    assert hand._auction.yield_seat is None
    to_announcements(hand)
    assert XX in call_options(hand)


def test_it_never_reads_the_fourth_hand_after_three_passes_as_a_cue_bid() -> None:
    hand = deal(D="XXI")
    say(hand, "A:pass B:pass C:pass D:one")
    assert (hand.declarer, hand.bid) == (3, 1)
    assert hand._auction.cue is None


def test_it_allows_only_one_cue_bid_per_auction() -> None:
    hand = deal(A="XXI", D="SKIZ XIX")
    say(hand, "A:three B:pass C:pass D:one")
    assert hand._auction.jump_card(0, 3) is None


def test_it_never_reads_an_opening_solo_as_a_cue_bid() -> None:
    hand = deal(A="XXI")
    say(hand, "A:solo")
    assert hand._auction.cue is None


# --- variations ------------------------------------------------------------------------------------------
def test_it_reads_no_first_bid_as_a_cue_bid_when_the_variation_says_so() -> None:
    hand = Hand.arranged({0: ["XXI"]}, rules=get_rules(first_bid_never_cue_bid=True))
    assert Action("bid", 2) in hand.legal_actions()  # no XIX needed
    say(hand, "A:two")
    assert hand._auction.cue is None


def test_it_reads_the_pais_xvii_cue_bids() -> None:
    rules = get_rules(pais_xvii_cue_bid=True)
    hand = Hand.arranged({1: ["XXI", "XVII"], 2: ["SKIZ"]}, rules=rules)
    say(hand, "A:pass B:three C:two D:pass B:one C:solo B:pass")
    assert hand._auction.cue == XVII
    assert (hand.declarer, hand.bid) == (2, 0)
    to_announcements(hand)
    assert call_options(hand) == [XVII]
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ", "XVII"]}, rules=rules)
    say(hand, "A:three B:two C:pass D:pass A:hold B:solo A:hold")
    assert hand._auction.cue == XVII
    assert (hand.declarer, hand.bid) == (0, 0)


def test_it_reads_three_two_one_as_the_xviii_under_the_old_rules() -> None:
    rules = get_rules(old_holding_rule=True, cue_bid_interpretation="old")
    hand = Hand.arranged({0: ["XXI", "XVIII"], 1: ["SKIZ"]}, rules=rules)
    say(hand, "A:three B:two C:pass D:pass A:one")
    assert hand._auction.cue == XVIII
    assert hand._auction.cue_seat == 0


def test_it_lets_the_sole_bidder_raise_a_three_when_the_rules_allow() -> None:
    hand = Hand.arranged({0: ["XXI"]}, rules=get_rules("tournament"))
    say(hand, "A:three B:pass C:pass D:pass")
    assert hand.phase == "raise"
    # T 11: "take fewer talon cards (3→2→1→0)" - solo too under the tournament rules
    assert set(hand.legal_actions()) == {
        Action("raise", 2),
        Action("raise", 1),
        Action("raise", 0),
        Action("no_raise"),
    }
    hand.apply(Action("raise", 1))
    assert hand.bid == 1
    assert len(hand.drawn[0]) == 1


def test_it_raises_only_to_two_or_one_under_pagats_variation() -> None:
    # pagat, "Variations in the bidding procedure": "increase the bid to two or one"
    hand = Hand.arranged({0: ["XXI"]}, rules=get_rules("pagat", sole_bidder_may_raise=True))
    say(hand, "A:three B:pass C:pass D:pass")
    assert hand.legal_actions() == (
        Action("raise", 2),
        Action("raise", 1),
        Action("no_raise"),
    )
    with pytest.raises(IllegalAction, match=r"two \.\. one only"):
        hand.apply(Action("raise", 0))


def test_it_lets_a_tournament_sole_bidder_raise_to_solo_and_replays_it() -> None:
    hand = Hand.arranged({0: ["XXI"]}, rules=get_rules("tournament"))
    say(hand, "A:three B:pass C:pass D:pass")
    hand.apply(Action("raise", 0))
    assert (hand.bid, hand.raised, hand.drawn[0]) == (0, 0, ())
    assert hand.record()["auction"][-1] == {
        "seat": "A",
        "say": "raise solo",
        "meaning": "raise",
        "shows": None,
    }
    rng = random.Random(3)
    while not hand.done:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    assert replay(hand.record()).summary == hand.summary()


def test_it_lets_a_kegl_yielder_pass_without_a_high_honour_but_not_a_pagat_one() -> None:
    # pagat "Yielded game": the pass guarantees "the XX plus at least one high honour" (also T 21); kegl (BGA
    # list): "Invitations and yielded games do not guarantee a high honour".
    for preset, allowed in (("pagat", False), ("tournament", False), ("kegl", True)):
        hand = Hand.arranged({0: ["XX", "I"], 1: ["XXI"]}, rules=get_rules(preset))
        say(hand, "A:three B:two C:pass D:pass")
        assert (Action("pass") in hand.legal_actions()) is allowed, preset
    rules = get_rules("pagat", yield_requires_high_honour=False)
    hand = Hand.arranged({0: ["XX", "I"], 1: ["XXI"]}, rules=rules)
    say(hand, "A:three B:two C:pass D:pass A:pass")
    assert hand._auction.yield_seat == 0
    assert hand._auction.ulti_obliged  # a yielder without a high honour owes pagátultimó


def test_it_offers_no_raise_under_the_pagat_rules() -> None:
    hand = deal(A="XXI")
    say(hand, "A:three B:pass C:pass D:pass")
    assert hand.phase == "discard"


def test_it_lets_a_cue_bidder_only_pass_afterwards_under_t17() -> None:
    hand = Hand.arranged({0: ["XXI", "XIX"], 1: ["SKIZ"]}, rules=get_rules("tournament"))
    say(hand, "A:two B:one C:pass D:pass")
    assert hand.legal_actions() == (Action("pass"),)


def test_it_plays_without_conventions_when_they_are_off() -> None:
    hand = Hand.arranged({0: ["XXI"], 2: ["SKIZ"]}, rules=get_rules(conventions=False))
    say(hand, "A:three B:pass C:two D:pass A:pass")
    assert hand._auction.yield_seat is None
    to_announcements(hand)
    assert XX in call_options(hand)


def test_it_requires_a_high_honour_for_a_cue_bid_when_the_rules_do() -> None:
    hand = Hand.arranged({0: ["I", "XIX"]}, rules=get_rules(cue_bid_requires_high_honour=True))
    assert Action("bid", 2) not in hand.legal_actions()
    hand = Hand.arranged({0: ["I", "XIX"]})
    assert Action("bid", 2) in hand.legal_actions()


def test_it_names_the_promised_card_in_the_parse_helper() -> None:
    assert parse_card("XIX") == XIX


def test_it_deals_a_talon_of_six_then_packets_of_five_and_four() -> None:
    import random

    deck = list(range(42))
    random.Random(11).shuffle(deck)
    hand = Hand.new(11)
    assert hand.talon == deck[:6]
    assert hand.dealt[0] == deck[6:11] + deck[26:30]  # the first bidder is dealt to first
    assert hand.dealt[3] == deck[21:26] + deck[38:42]
    assert Hand.new(11).dealt == hand.dealt
    knocked = Hand.new(11, rules=get_rules(knock_instead_of_cut=True))
    assert knocked.dealt[1] == deck[15:24]  # batches of nine


def test_it_reads_three_two_one_as_the_xviii_under_kegl() -> None:
    hand = Hand.arranged({0: ["XXI", "XVIII"], 1: ["SKIZ"]}, rules=get_rules("kegl"))
    say(hand, "A:three B:two C:pass D:pass A:one")
    assert hand._auction.cue == XVIII


def test_it_cancels_a_cue_bid_not_accepted_by_a_hold_under_that_variation() -> None:
    rules = get_rules(cue_bid_only_accepted_by_hold=True)
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I", "XIX"]}, rules=rules)
    say(hand, "A:three B:two C:solo D:pass A:pass B:pass")  # C's cue bid, but C itself wins
    assert hand._auction.cue_in_force(2) is None
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"], 2: ["I", "XIX"]}, rules=rules)
    say(hand, "A:three B:two C:solo D:pass A:pass B:hold")  # B accepts by holding the solo
    assert hand._auction.cue_in_force(1) == XIX


def test_it_lets_a_cue_bid_without_the_card_stand_only_if_its_bidder_wins_under_that_variation() -> None:
    rules = get_rules(cue_bid_only_if_other_declarer=True)
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"]}, rules=rules)
    say(hand, "A:two B:one C:pass D:pass")  # A opens two without the XIX
    assert Action("pass") not in hand.legal_actions()  # so A may not let B win
    assert Action("hold") in hand.legal_actions()


def test_it_binds_a_kegl_opening_invitation_only_when_the_opener_passes_after_it_is_accepted() -> None:
    rules = get_rules("kegl")
    hand = Hand.arranged({0: ["XXI"], 1: ["SKIZ"]}, rules=rules)
    assert Action("bid", 2) in hand.legal_actions()  # no XIX needed yet
    say(hand, "A:two B:one C:pass D:pass")
    assert Action("pass") not in hand.legal_actions()  # without the XIX A must hold or overcall
    say(hand, "A:hold")
    assert hand._auction.cue is None  # the invitation is cancelled
    hand = Hand.arranged({0: ["XXI", "XIX"], 1: ["SKIZ"]}, rules=rules)
    say(hand, "A:two B:one C:pass D:pass A:pass")
    assert (hand.declarer, hand._auction.cue_in_force(1)) == (1, XIX)


# --- the auction's meaning is public ---------------------------------------------------------------------
def meanings(hand: Hand, seat: int) -> list[tuple[str, str, str, str | None]]:
    """(seat, say, meaning, card shown) of each step of ``view(seat).auction``."""
    return [
        (
            SEATS[b.seat],
            b.action.kind if b.action.arg is None else str(b.action.arg),
            b.meaning,
            b.shows and card_name(b.shows),
        )
        for b in hand.view(seat).auction
    ]


def test_every_seat_sees_a_cue_bid_of_the_xix_a_hold_and_the_cue_bidder() -> None:
    hand = deal(B="XXI XIX", C="SKIZ")
    say(hand, "A:pass B:three C:two D:pass B:one C:hold B:pass")
    expected = [
        ("A", "pass", "pass", None),
        ("B", "3", "bid", None),
        ("C", "2", "bid", None),
        ("D", "pass", "pass", None),
        ("B", "1", "cue", "XIX"),
        ("C", "hold", "hold", None),
        ("B", "pass", "pass", None),
    ]
    for seat in range(4):
        assert meanings(hand, seat) == expected
        assert hand.view(seat).cue_bidder == 1
        assert hand.view(seat).yielder is None


def test_every_seat_sees_a_double_jump_show_the_xviii_and_a_yield_show_the_xx() -> None:
    hand = deal(A="XXI", B="SKIZ XVIII")
    say(hand, "A:three B:solo C:pass D:pass A:hold")
    assert meanings(hand, 2)[1] == ("B", "0", "cue", "XVIII")
    yielded = deal(A="XXI XX", C="SKIZ")
    say(yielded, "A:three B:pass C:two D:pass A:pass")
    assert meanings(yielded, 3)[-1] == ("A", "pass", "yield", "XX")
    assert yielded.view(1).yielder == 0
    assert yielded.view(1).cue_bidder is None


def test_the_pais_xvii_cue_bid_shows_the_xvii() -> None:
    hand = Hand.arranged({0: ["XXI", "XVII"], 1: ["SKIZ"]}, rules=get_rules(pais_xvii_cue_bid=True))
    say(hand, "A:three B:two C:pass D:pass A:one")
    assert meanings(hand, 1)[-1] == ("A", "1", "cue", "XVII")


def test_the_record_and_its_replay_say_what_each_bid_meant() -> None:
    hand = deal(A="XXI", D="SKIZ XIX")
    say(hand, "A:three B:pass C:pass D:one A:solo D:pass")
    rng = random.Random(2)
    while not hand.done:
        hand.apply(rng.choice(hand.legal_actions()))
    record = hand.record()
    assert record["auction"][3] == {"seat": "D", "say": "one", "meaning": "cue", "shows": "XIX"}
    assert record["auction"][0] == {"seat": "A", "say": "three", "meaning": "bid", "shows": None}
    assert replay(record).hand.view(0).auction == hand.view(0).auction
    record["auction"][3]["shows"] = "XVIII"
    with pytest.raises(ReplayError, match="auction step 4: recorded as"):
        replay(record)
    for step in record["auction"]:  # the meanings are derived: a record without them replays
        del step["meaning"], step["shows"]
    assert replay(record).summary == hand.summary()
