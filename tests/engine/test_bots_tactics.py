"""RuleBot's single decisions on hand-made seat views ("Advice on tactics")."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from engine.hungarian.bots import RandomBot, RuleBot, hand_strength
from engine.hungarian.cards import PAGAT, SKIZ, XIX, XX, XXI, parse_card

RNG = random.Random(0)


def cards(text: str) -> list[int]:
    return [parse_card(name) for name in text.split()]


def view(**fields: Any) -> SimpleNamespace:
    base: dict[str, Any] = {
        "seat": 0,
        "phase": "play",
        "hand": [],
        "bids": [],
        "declarer": None,
        "bid": None,
        "called": None,
        "partner_known_to_me": None,
        "announcements": [],
        "discarded_tarokks": {"counts": {}, "declarer_face_up": []},
        "my_discard": [],
        "talon_received": [],
        "trick": [],
        "tricks": [],
        "legal": [],
    }
    base.update(fields)
    return SimpleNamespace(**base)


def plays(hand: list[int]) -> list[tuple[str, int]]:
    return [("play", c) for c in hand]


def test_it_rates_long_high_tarokks_above_a_short_hand() -> None:
    strong = cards("SKIZ XXI XX XIX XV XII VIII HK HQ")
    weak = cards("II III VII HK DQ DJ CQ C10 SJ")
    assert hand_strength(strong) > 12 > 8 > hand_strength(weak)


def test_it_picks_a_legal_action_at_random() -> None:
    legal = [("pass", None), ("bid", 3)]
    assert RandomBot().choose(view(phase="bidding", legal=legal), RNG) in legal


def test_it_passes_without_an_honour_and_bids_with_the_skiz() -> None:
    bot = RuleBot()
    weak = cards("II III VII IX HK DQ DJ CQ C10")
    legal = [("pass", None), ("bid", 3)]
    assert bot.choose(view(phase="bidding", hand=weak, legal=legal), RNG) == ("pass", None)
    skiz = cards("SKIZ II III VII HK DQ DJ CQ C10")
    legal += [("bid", 2), ("bid", 1)]
    assert bot.choose(view(phase="bidding", hand=skiz, legal=legal), RNG) == ("bid", 3)


def test_it_cue_bids_only_with_the_promised_card() -> None:
    bot = RuleBot()
    bids = [(0, ("bid", 3))]
    legal = [("pass", None), ("bid", 2), ("bid", 1), ("bid", 0)]
    with_xix = cards("XXI XIX XVII XV XII X VIII HK HQ")
    chosen = bot.choose(view(phase="bidding", seat=1, hand=with_xix, bids=bids, legal=legal), RNG)
    assert chosen == ("bid", 1)  # a single jump shows the XIX
    without = cards("XXI XVIII XVII XV XII X VIII HK HQ")
    chosen = bot.choose(view(phase="bidding", seat=1, hand=without, bids=bids, legal=legal), RNG)
    assert chosen != ("bid", 1)


def test_it_yields_with_the_xx_and_a_high_honour() -> None:
    bids = [(0, ("bid", 3)), (1, ("bid", 2)), (2, ("pass", None)), (3, ("pass", None))]
    legal = [("pass", None), ("hold", None), ("bid", 1), ("bid", 0)]
    hand = cards("XXI XX XI VIII IV HK HQ DJ C10")
    assert RuleBot().choose(view(phase="bidding", hand=hand, bids=bids, legal=legal), RNG) == ("pass", None)


def test_it_discards_suit_cards_into_voids_never_tarokks() -> None:
    hand = cards("XXI XV XII VIII IV II HK HQ DQ CJ S10 SQ")
    legal = [
        ("discard", tuple(sorted(pair)))
        for pair in (
            cards("IV II DQ"),
            cards("DQ CJ S10"),
            cards("HQ DQ CJ"),
            cards("DQ CJ II"),
        )
    ]
    chosen = RuleBot().choose(view(phase="discard", seat=0, declarer=0, hand=hand, legal=legal), RNG)
    assert chosen == ("discard", tuple(sorted(cards("DQ CJ S10")))) or chosen == (
        "discard",
        tuple(sorted(cards("HQ DQ CJ"))),
    )
    assert not any(c < 22 for c in chosen[1])


def test_it_calls_the_xx_or_the_highest_tarokk_it_lacks() -> None:
    bot = RuleBot()
    legal = [("call", XX), ("call", XIX)]
    hand = cards("SKIZ XXI XX XVIII XV XII HK HQ DJ")
    assert bot.choose(view(phase="announcements", declarer=0, hand=hand, legal=legal), RNG) == ("call", XIX)
    hand = cards("SKIZ XXI XIX XVIII XV XII HK HQ DJ")
    assert bot.choose(view(phase="announcements", declarer=0, hand=hand, legal=legal), RNG) == ("call", XX)


def test_it_announces_trull_with_both_high_honours_and_declares_tarokks() -> None:
    bot = RuleBot()
    hand = cards("SKIZ XXI XVIII XV XII VIII HK HQ DJ")
    legal = [("pass", None), ("announce", "trull"), ("announce", "volat"), ("announce", "xxi_catch")]
    common = {"phase": "announcements", "declarer": 0, "called": XX, "hand": hand}
    assert bot.choose(view(legal=legal, **common), RNG) == ("announce", "trull")
    weak = cards("XXI XVIII XV XII VIII HK HQ DJ C10")
    assert bot.choose(view(legal=legal, **{**common, "hand": weak}), RNG) == ("pass", None)
    eight = cards("XXI XIX XVIII XV XII VIII IV II HK")
    legal8 = [("pass", None), ("declare", 8)]
    assert bot.choose(view(legal=legal8, **{**common, "hand": eight}), RNG) == ("declare", 8)


def test_it_kontras_an_opponents_trull_when_holding_the_skiz() -> None:
    hand = cards("SKIZ XV XII VIII HK HQ DJ C10 S10")
    legal = [("pass", None), ("kontra", ("declarer", "trull")), ("kontra", "game")]
    announcements = [(0, ("call", XX)), (0, ("announce", "trull")), (0, ("pass", None))]
    chosen = RuleBot().choose(
        view(
            phase="announcements",
            seat=1,
            declarer=0,
            called=XX,
            hand=hand,
            announcements=announcements,
            legal=legal,
        ),
        RNG,
    )
    assert chosen == ("kontra", ("declarer", "trull"))


def test_it_announces_pagat_ultimo_after_a_pagat_only_cue_bid() -> None:
    bids = [
        (0, ("bid", 3)),
        (1, ("bid", 1)),
        (2, ("pass", None)),
        (3, ("pass", None)),
        (0, ("hold", None)),
        (1, ("pass", None)),
    ]
    hand = cards("XIX XVIII XVII XV XIII XII X VIII I")
    legal = [("pass", None), ("announce", "pagat_ultimo"), ("announce", "trull")]
    chosen = RuleBot().choose(
        view(
            phase="announcements",
            seat=1,
            declarer=0,
            called=XIX,
            hand=hand,
            bids=bids,
            legal=legal,
            announcements=[(0, ("call", XIX)), (0, ("pass", None))],
        ),
        RNG,
    )
    assert chosen == ("announce", "pagat_ultimo")


def test_it_catches_the_xxi_with_the_skiz() -> None:
    hand = cards("SKIZ XV II HQ")
    trick = [(1, parse_card("X")), (2, XXI)]
    legal = plays(cards("SKIZ XV II"))
    chosen = RuleBot().choose(view(seat=3, declarer=1, called=XX, hand=hand, trick=trick, legal=legal), RNG)
    assert chosen == ("play", SKIZ)


def test_it_gives_a_king_to_its_partners_winning_trick_not_to_the_opponents() -> None:
    hand = cards("HK DJ DA")
    partner_wins = [(0, parse_card("XX")), (1, parse_card("SQ")), (2, parse_card("V"))]
    legal = plays(cards("HK DJ"))
    common = {"seat": 3, "declarer": 0, "called": XX, "partner_known_to_me": 0, "hand": hand}
    king = ("play", parse_card("HK"))
    assert RuleBot().choose(view(trick=partner_wins, legal=legal, **common), RNG) == king
    enemy_wins = [(0, parse_card("V")), (1, parse_card("SQ")), (2, parse_card("XX"))]
    assert RuleBot().choose(view(trick=enemy_wins, legal=legal, **common), RNG) == ("play", parse_card("DJ"))


def test_it_does_not_risk_the_xxi_before_the_skiz_has_fallen() -> None:
    hand = cards("XXI XII III HQ")
    trick = [(2, parse_card("XIX"))]
    legal = plays(cards("XXI XII III"))
    chosen = RuleBot().choose(view(seat=3, declarer=2, called=XX, hand=hand, trick=trick, legal=legal), RNG)
    assert chosen != ("play", XXI)


def test_it_saves_the_pagat_when_last_and_winning() -> None:
    hand = cards("I V HQ")
    trick = [(0, parse_card("SK")), (1, parse_card("SQ")), (2, parse_card("S10"))]
    chosen = RuleBot().choose(
        view(seat=3, declarer=1, called=XX, hand=hand, trick=trick, legal=plays(cards("I V"))), RNG
    )
    assert chosen == ("play", PAGAT)


def test_it_holds_the_skiz_back_while_the_xxi_is_out() -> None:
    hand = cards("SKIZ XVIII XV II HJ DA")
    chosen = RuleBot().choose(view(seat=0, declarer=0, called=XX, hand=hand, legal=plays(hand)), RNG)
    assert chosen[1] >= 22  # leads a suit card, not a tarokk


def test_it_leads_a_suit_its_partner_can_trump() -> None:
    hand = cards("HR DJ XII III")
    # Trick 1: B led HQ, C (my partner) trumped with V, D and A followed.
    tricks = [(1, (parse_card("HQ"), parse_card("V"), parse_card("HA"), parse_card("HJ")), 2)]
    seen = view(declarer=0, called=XX, partner_known_to_me=2, hand=hand, tricks=tricks, legal=plays(hand))
    assert RuleBot().choose(seen, RNG) == ("play", parse_card("HR"))


def test_it_trumps_high_while_the_suits_king_is_out() -> None:
    hand = cards("XVIII XII III SJ")
    trick = [(2, parse_card("DJ"))]
    legal = plays(cards("XVIII XII III"))
    chosen = RuleBot().choose(view(seat=3, declarer=2, called=XX, hand=hand, trick=trick, legal=legal), RNG)
    assert chosen == ("play", parse_card("XVIII"))
