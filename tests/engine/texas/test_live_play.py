"""Texas Tarock played live: every preset to the end with the rule and the random bots at the descriptor's
table sizes, the views (their schema, no hidden card), refused moves, and the rules of each phase (18.13,
19.16)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import jsonschema
import pytest

from engine.core.live import LiveDeal
from engine.core.live import replay as live_replay
from engine.texas.cards import KINGS, PACK_ACE_HIGH, PACK_FOUR_HIGH, POINTS, QUEENS, SUIT, dealt, holdings
from engine.texas.game import DESCRIPTOR as TEXAS
from engine.texas.live import LIVE, PHASES, LiveTexas, TexasError, start
from engine.texas.rules import PRESETS, resolve_rules

PRESET_NAMES = list(PRESETS)
SEATS = ("D", "C", "B", "A")  # from the first bidder on, counter-clockwise
ALL_CARDS = frozenset(PACK_FOUR_HIGH.cards)


def new(seed: int, preset: str = "taylor_king", seats: tuple[str, ...] = SEATS, **options: Any) -> LiveTexas:
    return start(LiveDeal(seed=seed, rules=resolve_rules(preset, options or None), seats=seats, dealer="A"))


def drive(hand: LiveTexas, choose: Callable[[LiveTexas], str | None] = lambda h: None) -> LiveTexas:
    """Play ``hand`` to the end: ``choose(hand)`` gives a code, or None for the rule bot's."""
    rng = random.Random(0)
    while not hand.done:
        code = choose(hand)
        hand.apply(code if code is not None else hand.bot_move("rule", rng))
    return hand


def until(hand: LiveTexas, test: Callable[[LiveTexas], bool], choose: Any = lambda h: None) -> LiveTexas:
    rng = random.Random(0)
    while not test(hand) and not hand.done:
        code = choose(hand)
        hand.apply(code if code is not None else hand.bot_move("rule", rng))
    return hand


def bid(contract: str) -> Callable[[LiveTexas], str | None]:
    """The first bidder bids ``contract``, the others pass; the rule bot for the rest."""

    def choose(h: LiveTexas) -> str | None:
        if h.phase == "auction":
            return contract if not h.auction else "pass"
        return None

    return choose


def seed_where(test: Callable[[tuple[tuple[str, ...], ...]], bool], red: str = "four_high") -> int:
    for seed in range(20000):
        if test(dealt(red, seed)):
            return seed
    raise AssertionError("no such deal")


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
        yield from value.split(" ")
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


# --- every preset plays to the end -----------------------------------------------------------------------
@pytest.mark.parametrize("size", TEXAS.table_sizes)
@pytest.mark.parametrize("kind", ["rule", "random"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_plays_to_the_end(preset: str, kind: str, size: int) -> None:
    seats = ("P1", "P2", "P3", "P4", "P5", "P6")[:size]
    rules = PRESETS[preset]
    for seed in range(40):
        hand = start(LiveDeal(seed=seed, rules=rules, seats=seats, stake=2))
        rng = random.Random(seed)
        while not hand.done:
            assert hand.to_move() in seats
            hand.apply(hand.bot_move(kind, rng))
        summary = hand.summary()
        scored = TEXAS.score(summary, rules)["payments"]
        assert scored == hand.payments()
        assert sum(scored.values()) == 0
        assert hand.to_move() is None
        assert hand.choices() == ()


def test_the_live_game_is_described() -> None:
    assert TEXAS.live is LIVE
    assert list(LIVE.phases) == ["auction", "call", "throw", "talon", "announcements", "play", "done"]
    assert set(PHASES) == set(LIVE.phases)
    assert LIVE.bots == ("rule", "random")
    jsonschema.Draft202012Validator.check_schema(LIVE.view_schema())


def test_every_view_follows_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(LIVE.view_schema())
    for seed, preset, bots in (
        (1, "taylor_king", "rule"),
        (2, "taylor_xix", "random"),
        (5, "west_xix", "random"),
    ):
        hand = new(seed, preset)
        rng = random.Random(seed)
        while True:
            validator.validate(hand.public_view())
            for seat in SEATS if hand.step % 8 == 0 or hand.done else (hand.turn,):
                validator.validate(hand.seat_view(seat))
            if hand.done:
                break
            hand.apply(hand.bot_move(bots, rng))
    # a Prever and a No Trick too
    for preset, contract in (("taylor_king", "prever"), ("taylor_king", "no_trick"), ("west_xix", "prever")):
        hand = new(3, preset)
        while not hand.done:
            validator.validate(hand.public_view())
            validator.validate(hand.seat_view(hand.turn or SEATS[0]))
            hand.apply(bid(contract)(hand) or hand.bot_move("rule", random.Random(0)))
        validator.validate(hand.seat_view("A"))


# --- the views hide the cards ----------------------------------------------------------------------------
def hidden_from(hand: LiveTexas, seat: str | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may not know now."""
    hidden: set[str] = set()
    for other in hand.seats:
        if other != seat:
            hidden.update(hand.cards_of(other))
            hidden.update(c for c in hand.discards.get(other, ()) if SUIT[c] != "T")
    known = set(hand.exposed) | set(hand.taken.get(seat or "", ()))
    if seat is not None and seat == hand.declarer and hand.contract == "prever":
        known |= set(hand.looked)
    hidden.update(c for c in hand.talon if c not in known)
    shown = {c for cards in hand.discards.values() for c in cards if SUIT[c] == "T"}  # face up (18.13)
    if hand.play is not None:
        shown |= {c for _l, cards, _w in hand.play.tricks for c in cards} | {c for _s, c in hand.play.trick}
    return hidden - known - shown


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_view_names_a_card_its_seat_may_not_know(preset: str) -> None:
    for seed in range(12):
        hand = new(seed, preset)
        rng = random.Random(seed)
        chooser = bid("prever") if seed % 3 == 0 else (lambda h: None)
        while not hand.done:
            views: list[tuple[str | None, dict[str, Any]]] = [(None, hand.public_view())]
            views += [(s, hand.seat_view(s)) for s in SEATS]
            for seat, view in views:
                view.pop("called")  # the called card is named aloud, not shown
                if view.get("phase") == "call":
                    view.pop("choices", None)  # the cards one may call: named, not shown
                named = set(strings(view)) & ALL_CARDS
                assert not named & hidden_from(hand, seat), (
                    seat,
                    hand.phase,
                    named & hidden_from(hand, seat),
                )
                if seat is None:
                    assert "hand" not in view
                    assert "choices" not in view
            hand.apply(chooser(hand) or hand.bot_move("random" if seed % 2 else "rule", rng))
        # once over, the record shows every card: the result is the whole hand
        assert hand.public_view()["result"]["record"]["seed"] == seed


def test_the_partner_is_public_only_once_the_called_card_is_played() -> None:
    for seed in range(60):
        hand = until(new(seed), lambda h: h.phase == "play")
        if hand.contract != "povenost" or hand.holder in (None, hand.declarer) or hand.partner_public:
            continue
        holder = hand.holder
        assert hand.public_view()["partner"] is None
        assert hand.seat_view(holder)["partner"] == hand.declarer
        assert hand.seat_view(hand.declarer)["partner"] is None
        until(hand, lambda h, holder=holder: h.called not in h.cards_of(holder))
        assert hand.public_view()["partner"] == holder
        return
    raise AssertionError("no hand with a hidden partner")


# --- refused moves ---------------------------------------------------------------------------------------
def test_an_illegal_move_names_the_step_and_the_rule_and_changes_nothing() -> None:
    for seed in range(200):
        hand = until(new(seed), lambda h: h.phase == "play" and len(h.play.trick) == 1)  # type: ignore[union-attr]
        if hand.done:
            continue
        seat = hand.turn
        assert seat is not None
        led = hand.play.trick[0][1]  # type: ignore[union-attr]
        mine = hand.cards_of(seat)
        follow = [c for c in mine if SUIT[c] == SUIT[led]]
        other = [c for c in mine if SUIT[c] != SUIT[led]]
        if not follow or not other:
            continue
        before = (hand.step, hand.seat_view(seat), hand.public_view())
        with pytest.raises(TexasError) as caught:
            hand.apply(f"play {other[0]}")
        assert caught.value.code == "texas_follow"
        assert "trick" in str(caught.value)
        assert seat in str(caught.value)
        assert (hand.step, hand.seat_view(seat), hand.public_view()) == before
        with pytest.raises(TexasError) as caught:
            hand.apply("play XXII")
        assert caught.value.code == "unknown_card"
        with pytest.raises(TexasError):
            hand.apply(42)  # type: ignore[arg-type]
        assert (hand.step, hand.seat_view(seat), hand.public_view()) == before
        return
    raise AssertionError("no hand to refuse a card in")


def test_the_opening_bidder_must_bid_and_the_others_bid_higher() -> None:
    hand = new(1)
    assert [c.code for c in hand.choices()] == ["povenost", "no_trick", "prever"]
    with pytest.raises(TexasError) as caught:
        hand.apply("pass")
    assert caught.value.code == "texas_first_bids"
    assert hand.step == 0
    hand.apply("no_trick")
    assert [c.code for c in hand.choices()] == ["pass", "prever"]
    with pytest.raises(TexasError) as caught:
        hand.apply("povenost")
    assert caught.value.code == "texas_bid_low"
    hand.apply("prever")
    hand.apply("pass")
    hand.apply("pass")
    assert (hand.declarer, hand.contract, hand.no_trick_bid) == ("C", "prever", True)
    assert hand.phase == "talon"
    assert hand.turn == "C"
    # 19.16: only Povinost and Prever
    assert [c.code for c in new(1, "taylor_xix").choices()] == ["povenost", "prever"]


def test_the_hand_is_over_and_refuses_moves_then() -> None:
    hand = drive(new(4))
    with pytest.raises(TexasError) as caught:
        hand.apply("pass")
    assert caught.value.code == "hand_over"
    with pytest.raises(TexasError):
        hand.bot_move("rule", random.Random(0))


def test_four_seats_only_and_a_stake() -> None:
    with pytest.raises(TexasError) as caught:
        start(LiveDeal(seed=1, rules=PRESETS["taylor_king"], seats=("A", "B", "C")))
    assert caught.value.where == ("seats",)
    with pytest.raises(TexasError) as caught:
        start(LiveDeal(seed=1, rules=PRESETS["taylor_king"], seats=SEATS, stake=0))
    assert caught.value.where == ("stake",)
    with pytest.raises(TexasError) as caught:
        start(LiveDeal(seed=1, rules="nope", seats=SEATS))
    assert caught.value.where[0] == "rules"


def test_the_server_replays_the_codes() -> None:
    hand = drive(new(7, "taylor_xix"))
    again = live_replay(LIVE, hand.deal, hand.codes)
    assert again.summary() == hand.summary()
    assert again.payments() == hand.payments()


# --- the deal and the pack -------------------------------------------------------------------------------
def test_the_deal_is_a_talon_of_six_then_twelve_cards_each() -> None:
    hand = new(11)
    cards = [*hand.talon, *(c for s in SEATS for c in hand.hands[s])]
    assert len(hand.talon) == 6
    assert all(len(hand.hands[s]) == 12 for s in SEATS)
    assert sorted(cards) == sorted(ALL_CARDS)
    assert len(ALL_CARDS) == 54
    # the talon lies as it was dealt (the declarer takes its first four or three): never sorted
    shuffled = PACK_FOUR_HIGH.shuffled(11)
    assert hand.talon == shuffled[:6]
    assert hand.hands["D"] == PACK_FOUR_HIGH.order(shuffled[6:18])
    assert sum(POINTS.values()) == 106  # 18.13: "a total of 106 points in the pack"


def test_the_red_pips_rank_as_the_texts_say() -> None:
    # 18.13, 19.16: K, Q, C, J, 4, 3, 2, A; 19.16 variants: K, Q, C, J, A, 4, 3, 2
    assert PACK_FOUR_HIGH.winner(["H4", "HA"]) == 0
    assert PACK_FOUR_HIGH.winner(["H2", "H3"]) == 1
    assert PACK_ACE_HIGH.winner(["H4", "HA"]) == 1
    assert PACK_ACE_HIGH.winner(["HJ", "HA"]) == 0
    assert PACK_FOUR_HIGH.winner(["C7", "C10"]) == 1
    assert new(1, "west_xix").pack is PACK_ACE_HIGH
    assert new(1).pack is PACK_FOUR_HIGH


def test_every_trick_goes_to_the_card_the_pack_says() -> None:
    for seed in range(40):
        hand = drive(new(seed, PRESET_NAMES[seed % 3]))
        if hand.play is None:
            continue
        for leader, cards, winner in hand.play.tricks:
            start_at = SEATS.index(leader)
            assert SEATS[(start_at + hand.pack.winner(cards)) % 4] == winner


def test_the_card_points_of_both_sides_make_106() -> None:
    for seed in range(60):
        hand = drive(new(seed, PRESET_NAMES[seed % 3]), bid("prever") if seed % 4 == 0 else lambda h: None)
        if hand.kind != "played" or hand.contract == "no_trick":
            continue
        points = hand.summary()["card_points"]
        theirs = sum(
            POINTS[c] for _l, cards, w in hand.play.tricks if hand.side(w) == "opponents" for c in cards
        )  # type: ignore[union-attr]
        theirs += sum(
            POINTS[c] for s, cards in hand.discards.items() if hand.side(s) == "opponents" for c in cards
        )
        if hand.contract == "prever":
            theirs += sum(POINTS[c] for c in hand.rest)
        assert points + theirs == 106


# --- Povenost: the talon, the call ---------------------------------------------------------------------
def test_povenost_shares_the_talon_four_one_one() -> None:
    for seed in range(100):
        hand = until(new(seed), lambda h: h.phase != "auction")
        if hand.contract != "povenost" or hand.refused:
            continue
        d = hand.declarer
        assert hand.turn == d
        assert hand.pending == ("discard", d, 4)
        assert set(hand.talon[:4]) <= set(hand.hands[d])
        until(hand, lambda h: h.phase != "talon" or (h.refused != []))
        if hand.refused:
            continue
        one, two = SEATS[(SEATS.index(d) + 1) % 4], SEATS[(SEATS.index(d) + 2) % 4]
        assert hand.taken == {d: hand.talon[:4], one: [hand.talon[4]], two: [hand.talon[5]]}
        assert all(len(hand.hands[s]) == 12 for s in SEATS)
        return
    raise AssertionError("no Povenost")


def test_a_seat_with_two_trumps_or_none_may_refuse_its_talon_card() -> None:
    # the seat after the first bidder (who bids Povenost) holds one or two trumps
    seed = seed_where(lambda piles: 1 <= sum(SUIT[c] == "T" for c in piles[2]) <= 2)
    hand = until(new(seed), lambda h: h.pending[0] == "offer", bid("povenost"))
    assert hand.turn == "C"
    assert [c.code for c in hand.choices()] == ["take", "refuse"]
    card = hand.talon[4]
    hand.apply("refuse")
    assert hand.refused == ["C"]
    assert card not in hand.hands["C"]
    assert hand.turn == "B"  # the card goes on to the next seat (or is offered to it)
    assert card in hand.hands["B"] or hand.pending[0] == "offer"
    drive(hand)
    # the fourth seat takes what is left: every talon card went to somebody
    assert sum(len(c) for c in hand.taken.values()) == 6
    assert "A" in hand.taken or "B" in hand.taken
    # west_xix has no bonus for two trumps: no refusal then
    hand = until(new(seed, "west_xix"), lambda h: h.phase == "talon" and h.turn == "C", bid("povenost"))
    assert hand.pending[0] == "discard"


def test_discards_keep_kings_and_honours_and_trumps_unless_forced() -> None:
    hand = until(new(2), lambda h: h.phase == "talon", bid("povenost"))
    d = hand.declarer
    assert d is not None
    (choice,) = hand.choices()
    assert choice.pick == 4
    assert not set(choice.cards) & {*KINGS, "I", "XXI", "SKIZ"}
    king = next((c for c in hand.hands[d] if c in KINGS), None)
    if king:
        plain = [c for c in hand.hands[d] if c not in KINGS and SUIT[c] != "T"][:3]
        with pytest.raises(TexasError) as caught:
            hand.apply(" ".join(["discard", king, *plain]))
        assert caught.value.code == "texas_no_discard"
    trump = next(c for c in hand.hands[d] if SUIT[c] == "T" and c not in ("I", "XXI", "SKIZ"))
    plain = [c for c in hand.hands[d] if c not in KINGS and SUIT[c] != "T"]
    if len(plain) >= 4:
        with pytest.raises(TexasError) as caught:
            hand.apply(" ".join(["discard", trump, *plain[:3]]))
        assert caught.value.code == "texas_trump_discard"
    with pytest.raises(TexasError) as caught:
        hand.apply("discard")
    assert caught.value.code == "texas_discard_count"


def test_a_forced_trump_discard_is_shown() -> None:
    # a first bidder holding at most three cards he may discard beside his trumps
    seed = seed_where(
        lambda p: (
            sum(c not in KINGS and SUIT[c] != "T" for c in [*p[1], *p[0][:4]]) < 4
            and sum(c not in ("I", "XXI", "SKIZ") and SUIT[c] == "T" for c in [*p[1], *p[0][:4]]) >= 4
        )
    )
    hand = until(new(seed), lambda h: h.phase == "talon", bid("povenost"))
    (choice,) = hand.choices()
    free = choice.code.split(" ")[1:]
    assert len(free) + choice.pick == 4
    assert all(SUIT[c] == "T" for c in choice.cards)
    trumps = list(choice.cards[-choice.pick :])
    hand.apply(" ".join([choice.code, *trumps]))
    assert hand.public_view()["discards"]["shown"]["D"] == trumps


def test_the_king_call() -> None:
    hand = until(new(3), lambda h: h.phase == "call", bid("povenost"))
    assert [c.code for c in hand.choices()] == [f"call {k}" for k in KINGS]
    # holding all four Kings: a Queen as well (18.13)
    seed = seed_where(lambda p: all(k in p[1] for k in KINGS))
    hand = until(new(seed), lambda h: h.phase == "call", bid("povenost"))
    assert [c.code for c in hand.choices()] == [f"call {k}" for k in (*KINGS, *QUEENS)]


def test_the_xix_call() -> None:
    seed = seed_where(lambda p: "XIX" not in p[1] and "XIX" not in p[0][:4])
    hand = until(new(seed, "taylor_xix"), lambda h: h.phase == "call", bid("povenost"))
    assert [c.code for c in hand.choices()] == ["call XIX"]
    seed = seed_where(
        lambda p: "XIX" in p[1] and "XVIII" in p[1] and "XVII" not in p[1] and "XVII" not in p[0]
    )
    hand = until(new(seed, "taylor_xix"), lambda h: h.phase == "call", bid("povenost"))
    assert [c.code for c in hand.choices()] == ["call XIX", "call XVII"]
    # 19.16 variants: before the talon, and only the highest lacking
    seed = seed_where(lambda p: "XIX" in p[1] and "XVIII" in p[1] and "XVII" not in p[1], "ace_high")
    hand = until(new(seed, "west_xix"), lambda h: h.phase != "auction", bid("povenost"))
    assert hand.phase == "call"
    assert not hand.taken
    assert [c.code for c in hand.choices()] == ["call XVII"]


def test_a_declarer_drawing_the_called_trump_may_throw_in() -> None:
    seed = seed_where(lambda p: "XIX" not in p[1] and "XIX" in p[0][:4], "ace_high")
    hand = until(new(seed, "west_xix"), lambda h: h.phase == "throw", bid("povenost"))
    assert [c.code for c in hand.choices()] == ["throw in", "play on"]
    hand.apply("throw in")
    assert hand.done
    summary = hand.summary()
    assert summary["kind"] == "called_from_talon"
    assert hand.payments() == {"D": -6, "C": 2, "B": 2, "A": 2}  # 2 game points to each other player
    assert TEXAS.score(summary, PRESETS["west_xix"])["payments"] == hand.payments()
    played = drive(
        until(new(seed, "west_xix"), lambda h: h.phase == "throw", bid("povenost")),
        lambda h: "play on" if h.phase == "throw" else None,
    )
    assert played.holder == "D"
    assert "partner" not in played.summary()


# --- Prever, No Trick --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "talon"),
    [
        (["talon first"], "first"),
        (["talon next", "talon second"], "second"),
        (["talon next", "talon back"], "back"),
    ],
)
def test_the_prever_talon(path: list[str], talon: str) -> None:
    hand = until(new(5), lambda h: h.phase == "talon", bid("prever"))
    assert hand.seat_view("D")["talon"]["seen"] == sorted(hand.talon[:3], key=PACK_FOUR_HIGH.cards.index)
    assert "seen" not in hand.seat_view("C")["talon"]
    for code in path:
        hand.apply(code)
    taken = hand.talon[:3] if talon != "second" else hand.talon[3:]
    assert hand.talon_choice == talon
    assert set(taken) <= set(hand.hands["D"])
    exposed = {"first": [], "second": hand.talon[:3], "back": hand.talon}[talon]
    assert hand.public_view()["talon"]["exposed"] == exposed
    drive(hand)
    summary = hand.summary()
    assert summary["contract"] == "prever"
    assert summary["talon"] == talon
    assert "partner" not in summary


def test_no_trick_must_overtake_and_ends_on_the_declarers_first_trick() -> None:
    for seed in range(100):
        hand = drive(new(seed), bid("no_trick"))
        summary = hand.summary()
        assert summary["contract"] == "no_trick"
        assert "card_points" not in summary
        tricks = hand.play.tricks  # type: ignore[union-attr]
        assert summary["made"] == all(w != "D" for _l, _c, w in tricks)
        if not summary["made"]:
            assert tricks[-1][2] == "D"
            assert len(tricks) < 12 or hand.ended_early is False
            assert hand.talon == hand.rest
            return
    raise AssertionError("no No Trick lost")


def test_no_trick_refuses_a_lower_card_when_a_higher_one_follows() -> None:
    for seed in range(300):
        hand = until(new(seed), lambda h: h.phase == "play" and len(h.play.trick) == 1, bid("no_trick"))  # type: ignore[union-attr]
        if hand.done:
            continue
        seat, led = hand.turn, hand.play.trick[0][1]  # type: ignore[union-attr]
        mine = [c for c in hand.cards_of(seat or "") if SUIT[c] == SUIT[led]]
        lower = [c for c in mine if not hand.pack.beats(c, led)]
        if lower and len(lower) < len(mine):
            with pytest.raises(TexasError) as caught:
                hand.apply(f"play {lower[0]}")
            assert caught.value.code == "texas_higher"
            return
    raise AssertionError("no such trick")


# --- announcements -----------------------------------------------------------------------------------------
def test_announcements_go_clockwise_from_the_declarer_and_end_after_four_passes() -> None:
    hand = until(new(8), lambda h: h.phase == "announcements", bid("povenost"))
    assert hand.turn == "D"
    hand.apply("pass")
    assert hand.turn == "A"  # clockwise: against the order of play (18.13)
    for _ in range(3):
        hand.apply("pass")
    assert hand.phase == "play"
    assert hand.turn == "D"


def test_the_contra_ladder_alternates_the_sides() -> None:
    hand = until(new(8, "taylor_xix"), lambda h: h.phase == "announcements", bid("povenost"))
    assert "kontra game" not in hand.say_codes("D")  # the declarer does not contra his own game
    hand.apply("pass")
    opponent = hand.turn
    assert opponent is not None
    if hand.side(opponent) == "declarer":
        hand.apply("pass")
        opponent = hand.turn
    assert opponent is not None
    assert hand.side(opponent) == "opponents"
    hand.apply("kontra game")
    assert "kontra game" not in hand.say_codes(opponent)
    assert hand.public_view()["announcements"][-1] == {
        "seat": opponent,
        "say": "kontra game",
        "team": "opponents",
    }
    assert "kontra game" in hand.say_codes("D")
    hand.apply("pass")
    until(hand, lambda h: h.turn == "D", lambda h: "pass")
    hand.apply("kontra game")
    assert hand.kontra == {"game": 2}
    drive(hand)
    assert hand.summary()["kontra"] == {"game": 2}


def test_an_announced_pagat_is_kept_back_and_scored() -> None:
    seed = seed_where(lambda p: "I" in p[1] and sum(SUIT[c] == "T" for c in p[1]) >= 5)
    hand = until(new(seed), lambda h: h.phase == "announcements", bid("povenost"))
    hand.apply("announce pagat")
    assert hand.says[-1] == ("D", "announce pagat", "declarer")

    def check(h: LiveTexas) -> None:
        if h.phase == "play" and h.turn == "D" and "I" in h.cards_of("D"):
            codes = [c.code for c in h.choices()]
            others = [c for c in h.cards_of("D") if c != "I" and h.card_fault("D", c) is None]
            assert ("play I" in codes) == (not others)
        return None

    drive(hand, check)
    tricks = hand.play.tricks  # type: ignore[union-attr]
    bonus = hand.summary()["bonuses"]["pagat"]
    assert bonus["announced"]
    assert bonus["side"] == "declarer"
    assert bonus["made"] == ("I" in tricks[-1][1] and tricks[-1][1][hand.pack.winner(tricks[-1][1])] == "I")


def test_holdings_are_declared_by_the_engine_where_compulsory() -> None:
    for seed in range(200):
        hand = until(new(seed, "taylor_xix"), lambda h: h.phase == "announcements", bid("povenost"))
        held = {s: holdings(hand.hands[s], hand.words) for s in SEATS}
        if not any(held.values()):
            continue
        assert hand.declared == {s: w for s, w in held.items() if w}
        assert not any(c.code.startswith("declare") for c in hand.choices())
        drive(hand)
        assert hand.summary()["declarations"] == {
            w: [s for s in SEATS if w in held[s]] for w in {w for ws in held.values() for w in ws}
        }
        # 18.13: "may declare": the seat chooses
        hand = until(new(seed), lambda h: h.phase == "announcements", bid("povenost"))
        mine = holdings(hand.hands["D"], hand.words)
        assert [c.code for c in hand.choices() if c.code.startswith("declare")] == [
            f"declare {w}" for w in mine
        ]
        return
    raise AssertionError("no holding")


def test_the_holdings() -> None:
    words = PRESETS["taylor_king"].declarations
    assert holdings(["SKIZ", "XXI", "I", "HK", "H4", "H3", "H2", "HA", "D4", "D3", "D2", "DA"], words) == [
        "trul_pane"
    ]
    assert holdings(["HK", "DK", "CK", "SK", "I", *["H4", "H3", "H2", "HA", "D4", "D3", "D2"]], words) == [
        "two_trumps",
        "rosane_pane",
    ]
    assert holdings(["HK", "DK", "CK", "SK", *["H4", "H3", "H2", "HA", "D4", "D3", "D2", "DA"]], words) == [
        "no_trumps",
        "krale",
    ]
    assert holdings(
        ["SKIZ", "XXI", "HK", "DK", *["H4", "H3", "H2", "HA", "D4", "D3", "D2", "DA"]], words
    ) == ["two_trumps", "pane"]
    tarocks = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    assert holdings([*tarocks, "HA", "DA"], words) == ["velki"]
    assert holdings([*tarocks[:8], "HA", "DA", "D2", "D3"], words) == ["tarockee"]
    assert holdings(["SKIZ", "XXI", "I", "HK", "DK", "CK", "SK", "H4", "H3", "H2", "HA", "DA"], words) == [
        "spjst"
    ]


def test_a_card_is_accepted_exactly_when_it_is_listed() -> None:
    """The short way ``apply`` takes for a card agrees with the listed choices, card by card."""
    for seed in range(8):
        hand = until(new(seed, PRESET_NAMES[seed % 3]), lambda h: h.phase == "play")
        rng = random.Random(seed)
        while not hand.done:
            seat = hand.turn
            assert seat is not None
            listed = {c.card for c in hand.choices()}
            for card in hand.cards_of(seat):
                trial = live_replay(LIVE, hand.deal, hand.codes)
                try:
                    trial.apply(f"play {card}")
                except TexasError:
                    assert card not in listed
                else:
                    assert card in listed
            hand.apply(hand.bot_move("random", rng))


def test_a_seat_asked_about_its_talon_card_looks_like_one_discarding_it() -> None:
    seed = seed_where(lambda piles: 1 <= sum(SUIT[c] == "T" for c in piles[2]) <= 2)
    asked = until(new(seed), lambda h: h.pending[0] == "offer", bid("povenost"))
    view = asked.public_view()
    assert (view["to_move"], view["phase"]) == ("C", "talon")
    assert "C" not in view["talon"]["taken"]
    assert "C" not in asked.seat_view("B")["talon"]["taken"]
    asked.apply("take")
    assert asked.public_view()["talon"] == view["talon"]
    assert asked.seat_view("C")["talon"]["taken"]["C"] == 1
