"""Talon played live (engine.talon.live): every preset at every table size to the end with the rule and the
random bots, the views against their schema and the hidden cards, refused moves, and the rules of talon.txt
(sections cited) as worked cases."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import jsonschema
import pytest

from engine.core.live import Choice
from engine.core.messages import EngineError
from engine.talon.game import DESCRIPTOR
from engine.talon.live import LIVE, PHASES, TalonError, TalonHand
from engine.talon.packs import KINGS, OUDLERS, PACKS, POINTS, SUIT_OF, annuls, deal_cards
from engine.talon.rules import PRESETS
from engine.talon.tables import CONTRACTS, REQUIRED_POINTS, TOTAL_POINTS
from tests.engine.talon.live_helpers import at_play, first, known, new, played, seats, view_cards

VALIDATOR = jsonschema.Draft202012Validator(LIVE.view_schema())
CASES = [(preset, size) for preset in PRESETS for size in DESCRIPTOR.table_sizes]


def views(hand: TalonHand) -> list[dict]:
    return [*(hand.seat_view(s) for s in hand.seats), hand.public_view()]


def test_the_schemas_are_valid_json_schemas() -> None:
    jsonschema.Draft202012Validator.check_schema(LIVE.view_schema())
    assert set(LIVE.phases) == set(PHASES) == set(VALIDATOR.schema["properties"]["phase"]["enum"])


@pytest.mark.parametrize(("preset", "size"), CASES)
@pytest.mark.parametrize("bot", ["rule", "random"])
def test_every_preset_plays_to_the_end_at_every_size(preset: str, size: int, bot: str) -> None:
    rules = PRESETS[preset]
    for seed in range(4):
        hand = new(seed, rules, size)
        rng = random.Random(seed)
        steps = 0
        while not hand.done:
            if steps % 23 == seed:
                for view in views(hand):
                    VALIDATOR.validate(view)
                    assert json.loads(json.dumps(view)) == view
            hand.apply(hand.bot_move(bot, rng))
            steps += 1
        for view in views(hand):
            VALIDATOR.validate(view)
        result = hand.public_view()["result"]
        assert result["kind"] == hand.summary()["kind"]
        assert result["payments"] == DESCRIPTOR.score(hand.summary(), rules)["payments"]
        assert sum(hand.payments().values()) == 0
        assert DESCRIPTOR.replay(hand.record()).summary == hand.summary()


@pytest.mark.parametrize(("preset", "size"), CASES)
def test_no_view_names_a_card_its_viewer_may_not_know(preset: str, size: int) -> None:
    for seed in range(3):
        hand = new(seed, preset, size)
        rng = random.Random(seed)
        while not hand.done:
            for s in hand.seats:
                assert view_cards(hand.seat_view(s)) <= known(hand, s)
            public = hand.public_view()
            assert view_cards(public) <= known(hand, None)
            assert "hand" not in public
            assert "choices" not in public
            hand.apply(hand.bot_move(rng.choice(("rule", "random")), rng))


def test_the_public_view_names_no_card_of_any_hand_before_the_play() -> None:
    hand = first(4, "standard", lambda h: h.phase == "announcements")
    public = hand.public_view()
    in_hands = {c for s in hand.seats for c in hand.hands[s]}
    assert not view_cards(public) & in_hands - set(hand.taken) - set(hand.laid_out.values())


# --- refused moves ------------------------------------------------------------------------------------------
def test_an_illegal_card_names_the_trick_the_seat_and_the_rule_and_changes_nothing() -> None:
    hand = at_play({"A": ["HK", "II"], "B": ["H10", "XV"], "C": ["III", "DK"]})
    hand.apply("play HK")
    before = (copy.deepcopy(views(hand)), hand.record())
    with pytest.raises(TalonError) as caught:
        hand.apply("play XV")  # B holds a heart
    assert str(caught.value) == "trick 1, seat B: must follow the suit led (1.5)"
    assert caught.value.code == "talon_follow"
    assert (views(hand), hand.record()) == before
    hand.apply("play H10")
    with pytest.raises(TalonError) as caught:
        hand.apply("play DK")  # C has no heart but a tarock
    assert caught.value.code == "talon_trump"
    with pytest.raises(TalonError) as caught:
        hand.apply("play HQ")
    assert caught.value.code == "talon_not_held"
    for junk in ("", "play", "play ZZ", "bid solo", None, 7, "x" * 500):
        with pytest.raises(EngineError):
            hand.apply(junk)  # type: ignore[arg-type]
    assert (views(hand)[0]["step"], hand.record()["moves"][-1]["code"]) == (2, "play H10")


def test_a_finished_hand_refuses_every_move() -> None:
    hand = played(1, "basic", 3)
    with pytest.raises(TalonError, match="the hand is over"):
        hand.apply("pass")
    with pytest.raises(TalonError):
        hand.bot_move("rule", random.Random(1))


# --- the deal (1.2, 8.2) ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("size", "pack", "points"), [(2, 54, 106), (3, 42, 94), (4, 54, 106), (5, 66, 118), (6, 78, 130)]
)
def test_the_pack_and_the_deal_of_each_size(size: int, pack: int, points: int) -> None:
    assert len(PACKS[size].cards) == pack
    assert sum(POINTS[c] for c in PACKS[size].cards) == points
    assert points == TOTAL_POINTS[size]
    assert REQUIRED_POINTS[size] == points // 2 + 1
    piles, talon = deal_cards(11, size)
    assert sorted(c for p in piles for c in p) + sorted(talon) == sorted(PACKS[size].cards) or sorted(
        [*talon, *(c for p in piles for c in p)]
    ) == sorted(PACKS[size].cards)
    if size == 2:
        assert talon == ()
        assert [len(p) for p in piles] == [27, 27]
        hand = new(
            next(s for s in range(50) if new(s, "introductory", 2).phase != "annul"), "introductory", 2
        )
        assert all(len(hand.hands[s]) == 15 and len(hand.tops[s]) == 3 for s in hand.seats)
        assert all(len(stack) == 4 for s in hand.seats for stack in hand.stacks[s])
    else:
        assert len(talon) == 6
        assert all(len(p) == 12 for p in piles)
    assert "I" in PACKS[size]
    assert "SKIZ" in PACKS[size]
    assert ("S2" in PACKS[size]) == (size == 6)


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_no_tarocks_or_a_dry_pagat_annuls_the_deal_at_once(size: int) -> None:
    seed = next(
        s for s in range(10**5) if any(annuls(p[:15] if size == 2 else p) for p in deal_cards(s, size)[0])
    )
    hand = new(seed, "standard", size)
    seat = hand.turn
    assert hand.phase == "annul"
    assert seat == next(s for s in hand.seats if annuls(hand.hands[s]))
    assert [c.code for c in hand.choices()] == ["annul"]
    assert hand.public_view()["shown"] == {}
    for view in views(hand):
        VALIDATOR.validate(view)
    hand.apply(hand.bot_move("random", random.Random(0)))
    for view in views(hand):
        VALIDATOR.validate(view)
    assert hand.done
    assert hand.record()["moves"] == [{"seat": seat, "code": "annul"}]
    shown = hand.public_view()["shown"]
    assert seat in shown
    assert all([c for c in cards if SUIT_OF[c] == "T"] in ([], ["I"]) for cards in shown.values())
    assert hand.summary()["kind"] == "annulled"
    assert hand.payments() == dict.fromkeys(hand.seats, 0)
    assert DESCRIPTOR.replay(hand.record()).summary["kind"] == "annulled"


# --- the auction (1.3, 3.0, 5.4, 7.1, 8.2.3) ----------------------------------------------------------------
def codes(hand: TalonHand) -> list[str]:
    return [c.code for c in hand.choices()]


def test_the_forehand_may_not_pass_and_only_it_may_bid_preference_at_three_and_four() -> None:
    for size in (3, 4):
        hand = first(size, "basic", lambda h: h.phase == "bidding")
        assert codes(hand) == ["preference", "duo", "uno", "solo"]
        with pytest.raises(TalonError, match=r"the forehand may not pass \(1\.3\)"):
            hand.apply("pass")
        hand.apply("preference")
        assert codes(hand) == ["pass", "duo", "uno", "solo"]
        with pytest.raises(TalonError, match="only the forehand may bid preference"):
            hand.apply("preference")


def test_at_five_and_six_anyone_may_pass_and_all_passing_is_a_misere_or_thrown_in() -> None:
    for preset, kind in (("introductory", "passed_out"), ("basic", "misere")):
        hand = first(5, preset, lambda h: h.phase == "bidding")
        assert codes(hand) == ["pass", "tapper", "preference", "solo"]
        for _ in range(5):
            hand.apply("pass")
        assert hand.done == (kind == "passed_out")
        assert hand.misere == (kind == "misere")
        if kind == "passed_out":
            assert hand.summary() == {"seats": list(hand.seats), "stake": 1, "rules": preset, "kind": kind}
        else:
            assert hand.phase == "play"
            assert hand.public_view()["bid"] == "misere"
            assert hand.public_view()["talon"]["cards"] == []


def test_a_misere_after_the_forehands_unopposed_preference() -> None:
    hand = first(3, "basic", lambda h: h.phase == "bidding")
    for code in ("preference", "pass", "pass"):
        hand.apply(code)
    assert hand.phase == "raise"
    assert codes(hand) == ["misere", "no raise"]
    hand.apply("misere")
    assert hand.phase == "play"
    assert hand.declarer is None
    rng = random.Random(3)
    while not hand.done:
        hand.apply(hand.bot_move("random", rng))
    summary = hand.summary()
    assert summary["kind"] == "misere"
    assert sum(summary["seat_points"].values()) == 94 - sum(POINTS[c] for c in hand.talon)


def test_the_multiple_round_auction_holds_and_raises() -> None:
    hand = first(3, "standard", lambda h: h.phase == "bidding")
    hand.apply("preference")
    hand.apply("duo")  # B
    hand.apply("pass")  # C
    assert hand.turn == "A"
    assert codes(hand) == ["pass", "hold", "uno", "solo"]
    hand.apply("hold")
    assert hand.turn == "B"
    assert "hold" not in codes(hand)
    hand.apply("pass")
    assert hand.phase == "raise"
    assert hand.turn == "A"
    assert codes(hand) == ["raise uno", "raise solo", "no raise"]
    hand.apply("raise solo")
    assert hand.contract == "solo"
    assert hand.declarer == "A"
    assert hand.public_view()["auction"][-1] == {"seat": "A", "say": "raise solo"}


def test_take_or_pass_at_two() -> None:
    hand = first(2, "standard", lambda h: h.phase == "bidding")
    assert codes(hand) == ["pass", "take"]
    assert hand.public_view()["straw_men"]["A"][0]["top"] is None
    hand.apply("pass")
    hand.apply("take")
    assert (hand.declarer, hand.contract, hand.phase, hand.turn) == ("B", "take", "play", "A")  # 8.2.3
    assert all(t["top"] is not None for t in hand.public_view()["straw_men"]["A"])


# --- partners, the talon and the discard (1.3, 1.4, 2.0, 4.0) -----------------------------------------------
def test_the_talon_choices_of_each_contract() -> None:
    for contract, shapes in (("preference", [3, 3]), ("duo", [2, 2, 2]), ("uno", [1] * 6)):
        hand = first(3, "introductory", lambda h, c=contract: h.phase == "talon" and h.contract == c)
        talon = hand.talon
        choices = codes(hand)
        assert [len(c.split()) - 1 for c in choices] == shapes
        assert " ".join(c.split(" ", 1)[1] for c in choices) == " ".join(talon)
        assert hand.public_view()["talon"]["cards"] == list(talon)
    hand = first(5, "introductory", lambda h: h.phase == "discard" and h.contract == "tapper")
    assert len(hand.taken) == 6
    assert hand.choices()[0].pick == 6
    hand = first(3, "introductory", lambda h: h.phase == "play" and h.contract == "solo")
    assert hand.public_view()["talon"] == {"cards": [], "count": 6, "taken": []}


def test_the_discard_never_takes_kings_or_oudlers_and_tarocks_only_when_forced() -> None:
    hand = first(3, "introductory", lambda h: h.phase == "discard")
    (choice,) = hand.choices()
    assert isinstance(choice, Choice)
    assert choice.pick == len(hand.taken)
    assert not set(choice.cards) & (OUDLERS | set(KINGS))
    declarer = hand.declarer
    assert declarer is not None
    king = next((c for c in hand.hands[declarer] if c in KINGS or c in OUDLERS), None)
    if king is not None:
        others = [c for c in choice.cards if c != king][: choice.pick - 1]
        with pytest.raises(TalonError) as caught:
            hand.apply(" ".join(["discard", king, *others]))
        assert caught.value.code == "talon_discard_honour"
    # forced: a hand of tarocks and kings only
    hand.hands[declarer] = [
        "HK",
        "DK",
        "CK",
        "SK",
        "II",
        "III",
        "IV",
        "V",
        "VI",
        "VII",
        "VIII",
        "IX",
        "X",
        "XI",
        "SQ",
    ]
    hand.taken = ("II", "III", "IV")
    hand._choices = (-1, ())  # the hand was changed under the listing
    (choice,) = hand.choices()
    assert choice.hint is not None
    assert set(choice.cards) == {
        "SQ",
        "II",
        "III",
        "IV",
        "V",
        "VI",
        "VII",
        "VIII",
        "IX",
        "X",
        "XI",
    }
    with pytest.raises(TalonError) as caught:
        hand.apply("discard II III IV")
    assert caught.value.code == "talon_discard_tarock"
    hand.apply("discard SQ II III")
    assert hand.public_view()["discards"] == {"count": 3, "shown": ["II", "III"]}
    assert hand.seat_view(declarer)["discards"]["mine"] == ["SQ", "II", "III"]


def test_a_king_is_called_at_four_a_tarock_at_six_and_the_partner_stays_secret() -> None:
    hand = first(4, "introductory", lambda h: h.phase == "call")
    assert codes(hand) == ["call HK", "call DK", "call CK", "call SK", "call none"]
    hand = first(6, "introductory", lambda h: h.phase == "call")
    assert "call XX" in codes(hand)
    assert not {"call I", "call XXI", "call SKIZ"} & set(codes(hand))
    hand = first(
        4, "introductory", lambda h: h.phase == "play" and h.partner is not None and not h.play.tricks
    )
    partner, declarer = hand.partner, hand.declarer
    assert hand.public_view()["partner"] is None
    assert hand.seat_view(partner)["partner"] == declarer
    assert hand.seat_view(declarer)["partner"] is None
    rng = random.Random(0)
    while hand.called not in [c for _l, t, _w in hand.play.tricks for c in t]:
        hand.apply(hand.bot_move("rule", rng))
    assert hand.public_view()["partner"] == partner == hand.seat_view(declarer)["partner"]


def test_the_called_king_in_the_talon_may_be_surrendered() -> None:
    hand = first(4, "introductory", lambda h: h.phase == "surrender")
    assert hand.called in hand.talon
    assert codes(hand) == ["surrender", "play alone"]
    hand.apply("surrender")
    summary = hand.summary()
    assert summary["kind"] == "surrendered"
    assert summary["declarer"] == hand.declarer
    value = {"preference": 1, "duo": 2, "uno": 3}[summary["contract"]]
    assert hand.payments()[hand.declarer] == -3 * value


def test_all_four_kings_play_alone() -> None:
    hand = first(
        4,
        "introductory",
        lambda h: (
            h.declarer is not None and all(k in h.hands[h.declarer] for k in KINGS) and h.phase != "bidding"
        ),
        start_seed=0,
        bot="random",
    )
    assert hand.called is None
    assert hand.call_made
    assert hand.partner is None


# --- announcements (5.3, 6.2, 6.3, 7.2) ---------------------------------------------------------------------
def test_announcements_from_the_declarer_with_handfuls_and_contras() -> None:
    hand = first(3, "standard", lambda h: h.phase == "announcements")
    assert hand.turn == hand.declarer
    hand.hands[hand.declarer] = hand.hands[hand.declarer]  # its own cards decide what it may announce
    options = codes(hand)
    assert "pass" in options
    assert "announce valat" in options
    assert "announce all_three" in options
    assert not any(o.startswith("contra") for o in options)  # the declarer does not contra itself
    hand.apply("announce valat")
    hand.apply("pass")
    defender = hand.turn
    assert "contra valat" in codes(hand)
    assert "contra contract" not in codes(hand)
    hand.apply("contra valat")
    hand.apply("pass")
    hand.apply("pass")
    assert hand.round == 2
    assert hand.turn == hand.declarer
    assert codes(hand) == ["contra valat", "pass"]  # re-contra
    hand.apply("contra valat")
    view = hand.public_view()
    assert view["kontra"] == {"valat": 2}
    assert [a["team"] for a in view["announcements"] if a["say"].startswith("contra")] == [
        "opponents",
        "declarer",
    ]
    assert defender != hand.declarer


def test_pagat_ultimo_lays_the_pagat_out_until_the_last_trick() -> None:
    hand = at_play({"A": ["I", "II", "HK"], "B": ["H10", "HQ", "III"], "C": ["DK", "DQ", "IV"]}, "basic")
    hand.laid_out["A"] = "I"
    hand.announced["pagat_ultimo"] = "A"
    assert codes(hand) == ["play II", "play HK"]  # 5.3: not led before the last trick
    with pytest.raises(TalonError) as caught:
        hand.apply("play I")
    assert caught.value.code == "talon_laid_out"
    hand.apply("play HK")
    hand.apply("play H10")
    hand.apply("play IV")  # C trumps
    hand.apply("play DK")  # C leads diamonds: A has no diamond, two tarocks
    assert codes(hand) == ["play II"]
    hand.apply("play II")
    hand.apply("play III")
    hand.apply("play HQ")  # B leads the last trick
    hand.apply("play DQ")
    hand.apply("play I")
    assert hand.done
    assert hand.summary()["bonuses"]["pagat_ultimo"] == {
        "side": "declarer",
        "announced": True,
        "made": True,
    }


# --- the play (1.5, 7.3, 8.2) -------------------------------------------------------------------------------
def test_the_fool_is_tarock_22_and_must_be_played_when_it_is_the_only_tarock() -> None:
    hand = at_play({"A": ["HK", "XXI"], "B": ["SKIZ", "DK"], "C": ["H10", "II"]})
    hand.apply("play HK")
    assert codes(hand) == ["play SKIZ"]  # 1.5: void in hearts, the fool is its only tarock
    hand.apply("play SKIZ")
    hand.apply("play H10")
    assert hand.play.tricks[-1][2] == "B"
    hand.apply("play DK")  # B leads
    assert codes(hand) == ["play II"]
    hand.apply("play II")
    hand.apply("play XXI")
    assert hand.play.tricks[-1][2] == "A"


def test_the_fool_led_asks_for_tarocks() -> None:
    hand = at_play({"A": ["SKIZ", "HK"], "B": ["XXI", "HQ"], "C": ["DK", "H10"]})
    hand.apply("play SKIZ")
    assert codes(hand) == ["play XXI"]
    hand.apply("play XXI")
    assert codes(hand) == ["play H10", "play DK"]


def test_trick_compulsion_in_a_misere() -> None:
    hand = at_play({"A": ["HJ", "II"], "B": ["HK", "H10"], "C": ["I", "V"]}, "standard", misere=True)
    hand.apply("play HJ")
    assert codes(hand) == ["play HK"]  # 7.3: beat the trick if possible
    with pytest.raises(TalonError) as caught:
        hand.apply("play H10")
    assert caught.value.code == "talon_overtake"
    hand.apply("play HK")
    assert codes(hand) == ["play V"]  # 7.3: the pagat only when nothing else can go
    with pytest.raises(TalonError) as caught:
        hand.apply("play I")
    assert caught.value.code == "talon_pagat_last"


def test_the_straw_men_are_played_by_their_owner_and_turned_after_the_trick() -> None:
    hand = first(
        2,
        "introductory",
        lambda h: h.phase == "play" and any(c in h.tops["A"] for c in h._allowed("A")) and not h.play.tricks,
    )
    top = next(c for c in hand._allowed("A") if c in hand.tops["A"])
    k = next(i for i, st in enumerate(hand.stacks["A"]) if st[0] == top)
    under = hand.stacks["A"][k][1]
    hand.apply(f"play {top}")
    assert hand.public_view()["straw_men"]["A"][k] == {"top": None, "hidden": 3}
    hand.apply(hand.bot_move("rule", random.Random(0)))
    assert hand.public_view()["straw_men"]["A"][k] == {"top": under, "hidden": 2}
    assert under not in hand.seat_view("A")["hand"]


def test_straw_man_tarocks_and_kings_go_into_the_hand() -> None:
    rules = PRESETS["introductory"].__class__(
        **{**PRESETS["introductory"].__dict__, "straw_man_tarocks_and_kings": True}
    )
    hand = first(2, rules, lambda h: h.phase == "play" and h.shown)
    for s in hand.seats:
        assert not [c for c in hand.tops[s] if SUIT_OF[c] == "T" or c in KINGS]
        assert set(hand.shown.get(s, ())) <= set(hand.hands[s]) | {
            c for _l, t, _w in hand.play.tricks for c in t
        }


def test_a_tie_at_two_scores_nothing_and_the_declaring_side_counts_its_tricks() -> None:
    for seed in range(300):
        hand = played(seed, "introductory", 2)
        if hand.kind != "played":
            continue
        points = hand.summary()["card_points"]
        assert points == sum(POINTS[c] for c in hand.won["A"])
        if points == 53:
            assert hand.payments() == {"A": 0, "B": 0}
            break
    for seed in range(20):
        hand = played(seed, "introductory", 4)
        if hand.kind == "played":
            side = [s for s in hand.seats if s in (hand.declarer, hand.partner)]
            rest = [c for c in hand.talon if c not in hand.taken]
            won = sum(POINTS[c] for s in side for c in hand.won[s]) + sum(POINTS[c] for c in hand.discards)
            assert hand.summary()["card_points"] == won
            assert (
                won
                + sum(POINTS[c] for s in hand.seats if s not in side for c in hand.won[s])
                + sum(POINTS[c] for c in rest)
                == 106
            )


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_the_contracts_of_each_size_are_offered(size: int) -> None:
    hand = first(size, "introductory", lambda h: h.phase == "bidding")
    assert [c for c in codes(hand) if c != "pass"] == list(CONTRACTS[size])
    assert seats(size) == hand.seats


def wild(preset: str = "introductory") -> object:
    return dataclasses.replace(PRESETS[preset], wild_fool=True)


def test_the_wild_excuse_goes_to_any_trick_wins_none_and_comes_back() -> None:
    hand = at_play({"A": ["HK", "II"], "B": ["SKIZ", "H10"], "C": ["HQ", "DK"]}, wild())  # type: ignore[arg-type]
    hand.apply("play HK")
    assert codes(hand) == ["play SKIZ", "play H10"]  # 8.1: the excuse though B holds a heart
    hand.apply("play SKIZ")
    hand.apply("play HQ")
    assert hand.play.tricks[-1][2] == "A"
    assert "SKIZ" in hand.won["B"]
    assert "SKIZ" not in hand.won["A"]


def test_the_wild_excuse_led_lets_the_next_card_lead_and_is_never_owed() -> None:
    hand = at_play({"A": ["SKIZ", "HK"], "B": ["DQ", "HQ"], "C": ["DK", "II"]}, wild())  # type: ignore[arg-type]
    hand.apply("play SKIZ")
    assert codes(hand) == ["play HQ", "play DQ"]  # any card: the excuse leads nothing
    hand.apply("play DQ")
    assert codes(hand) == ["play DK"]  # the diamond leads now
    hand.apply("play DK")
    assert hand.play.tricks[-1][2] == "C"
    hand = at_play({"A": ["HK", "DK"], "B": ["SKIZ", "DQ"], "C": ["HQ", "DJ"]}, wild())  # type: ignore[arg-type]
    hand.apply("play DK")
    assert codes(hand) == ["play SKIZ", "play DQ"]


def test_the_declarer_unsure_of_a_called_card_in_the_face_down_talon_learns_no_side() -> None:
    hand = first(
        6,
        "standard",
        lambda h: h.phase == "announcements" and h.contract == "solo" and h.called in h.talon,
        bot="random",
    )
    assert hand.partner is None
    assert not hand.alone_known()
    other = next(s for s in hand.seats if s != hand.declarer)
    assert not hand.knows_side(hand.declarer, other)
    assert hand.knows_side(other, other)
    assert hand.knows_side(other, hand.declarer)
