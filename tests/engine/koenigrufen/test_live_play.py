"""Königrufen played live: every preset to the end with the rule and the random bots at four and five seats,
the views (their schema, no hidden card), refused moves, and the rules of each phase."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

from engine.core.live import LiveDeal
from engine.core.live import replay as live_replay
from engine.koenigrufen.game import DESCRIPTOR as KR
from engine.koenigrufen.live import LIVE, PHASES, KoenigrufenError, KoenigrufenHand, dealt, start
from engine.koenigrufen.play import CARDS, winner_index
from engine.koenigrufen.record import play_hand
from engine.koenigrufen.rules import PRESETS, resolve_rules

PRESET_NAMES = list(PRESETS)
SEATS = ("A", "B", "C", "D")
CARD_SET = frozenset(CARDS)


def new(
    seed: int, preset: str = "wiener_tarockcup", dealer: str | None = None, **options: Any
) -> KoenigrufenHand:
    rules = resolve_rules(preset, options or None)
    return start(LiveDeal(seed=seed, rules=rules, seats=SEATS, dealer=dealer))


def drive(hand: KoenigrufenHand, choose: Any) -> KoenigrufenHand:
    """Play ``hand`` on: ``choose(hand)`` gives a code, or None for the rule bot's."""
    rng = random.Random(0)
    while not hand.done:
        code = choose(hand)
        hand.apply(code if code is not None else hand.bot_move("rule", rng))
    return hand


def until(hand: KoenigrufenHand, phase: str, choose: Any = lambda h: None) -> KoenigrufenHand:
    rng = random.Random(0)
    while hand.phase != phase and not hand.done:
        code = choose(hand)
        hand.apply(code if code is not None else hand.bot_move("rule", rng))
    return hand


def seed_where(test: Any, start_seed: int = 0) -> int:
    for seed in range(start_seed, start_seed + 5000):
        if test(dealt(seed)):
            return seed
    raise AssertionError("no such deal")


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("kind", ["rule", "random"])
@pytest.mark.parametrize("dealer", [None, "E"])
def test_every_preset_plays_to_the_end(preset: str, kind: str, dealer: str | None) -> None:
    contracts = set()
    for seed in range(60):
        hand = play_hand(seed, preset, dealer=dealer, bots=(kind,), rng=random.Random(seed))
        assert hand.done
        assert hand.to_move() is None
        assert hand.choices() == ()
        summary, payments = hand.summary(), hand.payments()
        assert KR.score(summary, hand.rules)["payments"] == payments
        assert sum(payments.values()) == 0
        assert set(payments) == {*SEATS, *([dealer] if dealer else [])}
        contracts.add(hand.contract)
    assert len(contracts) >= 2


def test_the_phases_are_named_and_the_live_game_described() -> None:
    assert KR.live is LIVE
    assert list(PHASES) == [
        "auction",
        "contract",
        "join",
        "call",
        "talon",
        "discard",
        "announcements",
        "play",
        "done",
    ]
    assert LIVE.bots == ("rule", "random")


def _cards_in(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        for word in value.replace(":", " ").split():
            if word in CARD_SET:
                out.add(word)
    elif isinstance(value, dict):
        for v in value.values():
            _cards_in(v, out)
    elif isinstance(value, list):
        for v in value:
            _cards_in(v, out)
    return out


#: keys that name cards without telling where they are: the public talon, an ouvert hand, the called King
NOT_SCANNED = ("talon", "shown", "called")


def _scanned(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k not in NOT_SCANNED}
    out["choices"] = [c for c in view.get("choices", ()) if c["group"] != "call"]  # every King is callable
    return out


def _check_views(hand: KoenigrufenHand, validator: Any, validate: bool) -> None:
    if hand.done:
        return
    public = hand.public_view()
    if validate:
        validator.validate(public)
    viewers = [*hand.seats, *([hand.fifth] if hand.fifth else [])]
    talon_public = set(hand.talon) if hand.talon_public else set()
    shown = {c for cards in public["shown"].values() for c in cards}
    held = {s: set(hand.hands.get(s, ())) for s in viewers}
    hidden_everywhere = {c for cards in held.values() for c in cards} - talon_public - shown
    named = _cards_in(_scanned(public), set())
    assert not named & hidden_everywhere, "the public view names a hidden card"
    if not hand.talon_public:
        assert public["talon"]["halves"] is None
    for seat in viewers:
        view = hand.seat_view(seat)
        if validate:
            validator.validate(view)
        others = {c for s, cards in held.items() if s != seat for c in cards} - talon_public - shown
        named = _cards_in(_scanned(view), set())
        assert not named & others, f"{seat}'s view names another seat's card"
        if view["talon"]["halves"] is not None:
            assert hand.talon_public or (seat == hand.declarer and hand.contract == "sechserdreier")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_views_follow_the_schema_and_hide_cards(preset: str) -> None:
    schema = LIVE.view_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for seed in range(6):
        for kind in ("rule", "random"):
            hand = new(seed, preset, dealer="E" if seed % 2 else None, fahren_dealer_plays_live=seed % 4 == 1)
            rng = random.Random(seed)
            phase = None
            while not hand.done:
                # hidden cards at every step; the schema at each phase's first step and now and then
                _check_views(hand, validator, validate=hand.phase != phase or hand.step % 16 == 0)
                phase = hand.phase
                hand.apply(hand.bot_move(kind, rng))
            done = hand.public_view()
            validator.validate(done)
            assert done["result"]["payments"] == hand.payments()


def test_an_illegal_move_names_the_step_and_the_rule_and_changes_nothing() -> None:
    seed = seed_where(lambda d: any(c[0] == "H" for c in d[0][1]) and any(c[0] != "H" for c in d[0][1]))
    hand = new(seed)
    until(hand, "play")
    rng = random.Random(1)
    while hand.phase == "play":
        seat = hand.to_move()
        legal = set(hand.allowed(seat))
        wrong = [c for c in hand.hands[seat] if c not in legal]
        if wrong and hand.trick:
            before = (
                hand.step,
                list(hand.codes),
                {s: list(h) for s, h in hand.hands.items()},
                list(hand.trick),
            )
            with pytest.raises(KoenigrufenError) as caught:
                hand.apply("play " + wrong[0])
            error = caught.value
            assert "trick" in str(error.where[0])
            assert seat in str(error.where[0])
            assert error.code in ("kr_follow_suit", "kr_must_tarock", "kr_must_overtake", "kr_pagat_last")
            after = (
                hand.step,
                list(hand.codes),
                {s: list(h) for s, h in hand.hands.items()},
                list(hand.trick),
            )
            assert before == after
            return
        hand.apply(hand.bot_move("rule", rng))
    pytest.skip("no refusable card came up")


def test_refusals_outside_the_play() -> None:
    hand = new(3)
    with pytest.raises(KoenigrufenError) as caught:
        hand.apply("pass")
    assert caught.value.code == "kr_first_must_open"
    with pytest.raises(KoenigrufenError) as caught:
        hand.apply("bid rufer")
    assert caught.value.code == "kr_first_player_only_bid"
    with pytest.raises(KoenigrufenError) as caught:
        hand.apply(42)  # type: ignore[arg-type]
    assert caught.value.code == "action_text"
    assert hand.step == 0
    hand.apply("mein spiel")
    hand.apply("bid dreier")  # B
    with pytest.raises(KoenigrufenError) as caught:
        hand.apply("bid piccolo")  # C: lower than the Dreier
    assert caught.value.code == "kr_bid_higher"
    assert "move 3, seat C" in str(caught.value)


def test_the_auction_first_player_holds_and_chooses() -> None:
    hand = new(5)
    for code in ("mein spiel", "bid piccolo", "pass", "pass"):
        hand.apply(code)
    assert hand.to_move() == "A"
    assert "hold" in hand.codes_now()
    hand.apply("hold")
    assert hand.to_move() == "B"
    hand.apply("pass")
    assert (hand.declarer, hand.contract, hand.phase) == ("A", "piccolo", "announcements")
    hand = new(5)
    for code in ("mein spiel", "pass", "pass", "pass"):
        hand.apply(code)
    assert hand.phase == "contract"
    assert hand.to_move() == "A"
    codes = hand.codes_now()
    assert {"bid rufer", "bid trischaken", "bid trischaken von_oben", "bid sechserdreier"} <= set(codes)
    hand = new(5, forehand_holds=False)
    for code in ("mein spiel", "bid piccolo", "pass", "pass"):
        hand.apply(code)
    assert "hold" not in hand.codes_now()


def test_raiffeisen_sechserdreier_at_the_outset_only() -> None:
    hand = new(5, "raiffeisen")
    assert "bid sechserdreier" in hand.codes_now()
    hand.apply("mein spiel")
    assert "bid sechserdreier" not in hand.codes_now()  # B may not
    assert "bid sechserdreier" not in new(5).codes_now()  # the WTC: only after Mein Spiel and three passes


def _rufer(seed: int, call: str | None = None, **options: Any) -> KoenigrufenHand:
    hand = new(seed, **options)
    for code in ("mein spiel", "pass", "pass", "pass", "bid rufer"):
        hand.apply(code)
    assert hand.phase == "call"
    if call is not None:
        hand.apply("call " + call)
    return hand


def test_calling_a_king_the_talon_and_the_discard() -> None:
    seed = seed_where(lambda d: "HK" not in d[0][0] and "HK" in d[0][2])  # C holds the heart King
    hand = _rufer(seed, "HK")
    assert hand.partner == "C"
    assert not hand.partner_public
    assert hand.public_view()["partner"] is None
    assert hand.seat_view("C")["partner"] == "C"
    assert hand.seat_view("A")["partner"] is None
    assert hand.phase == "talon"
    assert hand.public_view()["talon"]["halves"] == [
        list(hand.talon[:3]),
        list(hand.talon[3:]),
    ]
    hand.apply("take 2")
    assert hand.phase == "discard"
    assert len(hand.hands["A"]) == 15
    assert hand.opponents_talon == list(hand.talon[:3])
    (choice,) = hand.choices()
    assert choice.pick == 3
    assert not set(choice.cards) & {"HK", "DK", "CK", "SK", "I", "XXI", "SKIZ"}
    kings = [c for c in hand.hands["A"] if c in ("DK", "CK", "SK")] or ["HK"]
    with pytest.raises(KoenigrufenError):
        hand.apply("discard " + " ".join([*kings[:1], *choice.cards[:2]]))
    hand.apply(hand.bot_move("rule", random.Random(0)))
    assert hand.phase == "announcements"
    assert len(hand.hands["A"]) == 12
    assert hand.seat_view("A")["discards"]["mine"] == hand.discards
    assert "mine" not in hand.seat_view("B")["discards"]
    drive(hand, lambda h: None)
    assert hand.summary()["partner"] == "C"


def test_tarocks_are_discarded_only_when_the_suit_cards_do_not_suffice() -> None:
    seed = seed_where(lambda d: sum(1 for c in d[0][0] if c[0] in "HDCS" and c[1] != "K") <= 1)
    hand = _rufer(seed, "HK" if "HK" not in dealt(seed)[0][0] else "DK")
    talon = hand.talon
    half = 1 if sum(1 for c in talon[:3] if c[0] in "HDCS" and c[1] != "K") == 0 else 2
    if sum(1 for c in (talon[:3] if half == 1 else talon[3:]) if c[0] in "HDCS" and c[1] != "K") > 1:
        half = 2 if half == 1 else 1
    hand.apply(f"take {half}")
    suits = [c for c in hand.hands["A"] if c[0] in "HDCS" and c[1] != "K"]
    if len(suits) >= 3:
        pytest.skip("the talon brought suit cards")
    move = hand.bot_move("rule", random.Random(0))
    discarded = move.split()[1:]
    assert set(suits) <= set(discarded)
    hand.apply(move)
    assert set(hand.seat_view("B")["discards"]["shown"]) == {c for c in discarded if c not in suits}


def test_the_called_king_in_the_talon_the_declarer_plays_alone() -> None:
    seed = seed_where(lambda d: "SK" in d[1] and "SK" not in d[0][0])
    hand = _rufer(seed, "SK")
    assert hand.partner is None
    assert hand.partner_public
    drive(hand, lambda h: None)
    assert hand.summary()["partner"] is None


def test_a_queen_is_called_with_all_four_kings() -> None:
    seed = seed_where(lambda d: all(k in d[0][0] for k in ("HK", "DK", "CK", "SK")))
    hand = _rufer(seed)
    assert any(c.startswith("call ") and c[6] == "Q" for c in hand.codes_now())
    hand = _rufer(seed, call_queen_with_four_kings=False)
    assert not any(c[6] == "Q" for c in hand.codes_now())


def test_kaiserstich_and_the_colour_games() -> None:
    assert winner_index(["SKIZ", "XXI", "I", "V"], colour=False, kaiserstich=True) == 2
    assert winner_index(["SKIZ", "XXI", "I", "V"], colour=False, kaiserstich=False) == 0
    assert winner_index(["HK", "SKIZ", "XXI", "I"], colour=True, kaiserstich=True) == 0  # tarocks: no power
    assert winner_index(["V", "SKIZ", "XXI", "I"], colour=True, kaiserstich=True) == 3  # a tarock led
    assert winner_index(["H4", "HK", "II", "HQ"], colour=False, kaiserstich=True) == 2


def test_trischaken_talon_to_the_first_six_tricks_and_the_jungfrau() -> None:
    hand = new(11)
    for code in ("mein spiel", "pass", "pass", "pass", "bid trischaken"):
        hand.apply(code)
    assert hand.phase == "play"
    assert hand.contract == "trischaken"
    drive(hand, lambda h: None)
    summary = hand.summary()
    assert summary["kind"] == "trischaken"
    assert summary["seats"] == list(SEATS)
    total = sum(int(str(v).split()[0]) * 3 + (int(str(v).split()[1][0]) if " " in str(v) else 0)
                for v in summary["card_points"].values())  # fmt: skip
    assert total == 210  # every card and the talon counted: 70 points
    for seat in summary["jungfrau"]:
        assert summary["card_points"][seat] == 0
    assert KR.score(summary, hand.rules)["payments"] == hand.payments()


def test_trischaken_von_oben_leads_the_highest_tarock() -> None:
    hand = new(12)
    for code in ("mein spiel", "pass", "pass", "pass", "bid trischaken von_oben"):
        hand.apply(code)
    tarocks = [c for c in hand.hands["A"] if c in CARD_SET and c[0] not in "HDCS"]
    if tarocks:
        assert hand.codes_now() == ("play " + tarocks[0],)  # the hand is ordered high first


def _fahren(seed: int, **options: Any) -> KoenigrufenHand:
    hand = new(seed, dealer="E", **{"fahren_dealer_plays_live": True, **options})
    for code in ("mein spiel", "pass", "pass", "pass", "bid trischaken"):
        hand.apply(code)
    return hand


def test_a_fahren_at_five_the_dealer_plays_the_talon_to_six_tricks() -> None:
    hand = _fahren(13)
    assert sorted(hand.hands["E"]) == sorted(hand.talon)
    assert hand.order == ("A", "B", "C", "D", "E")
    assert "E" in {v["seat"] for v in [hand.seat_view("E")]}
    drive(hand, lambda h: None)
    assert [len(t[1]) for t in hand.tricks] == [5] * 6 + [4] * 6
    summary = hand.summary()
    assert summary["seats"] == ["A", "B", "C", "D", "E"]
    assert "sitting_out" not in summary
    assert set(hand.payments()) == {"A", "B", "C", "D", "E"}
    assert sum(hand.payments().values()) == 0


def test_18_11_the_dealer_wins_the_sixth_trick_the_first_player_leads_the_seventh() -> None:
    """18.11: "If the dealer wins the sixth trick with his last card, the lead to the seventh trick passes to
    his right-hand opponent" (the first player: play goes anticlockwise, the dealer's right is Vorhand)."""
    for seed in range(400):
        hand = drive(_fahren(seed), lambda h: None)
        if hand.tricks[5][2] == "E":
            assert hand.tricks[6][0] == "A"
            assert all(c != "E" for t in hand.tricks[6:] for c, _card in t[1])
            return
    pytest.fail("the dealer never won the sixth trick")


def test_18_10_the_first_player_as_buergermeister_pays_each_opponent_four() -> None:
    """18.10: "if the first player is Bürgermeister he pays each opponent 4 game points" (WTC), live."""
    for seed in range(600):
        hand = new(seed)
        for code in ("mein spiel", "pass", "pass", "pass", "bid trischaken"):
            hand.apply(code)
        drive(hand, lambda h: None)
        points = {s: sum(hand.pack.thirds([c]) for c in hand.won[s]) for s in SEATS}
        if not hand.summary()["jungfrau"] and points["A"] >= 107 and points["A"] == max(points.values()):
            assert hand.payments() == {"A": -12, "B": 4, "C": 4, "D": 4}
            return
    pytest.skip("no Bürgermeister first player came up")


@pytest.mark.parametrize("options", [{"fahren_dealer_plays": False}, {"fahren_dealer_plays_live": False}])
def test_a_fahren_at_five_without_the_dealer_as_an_option(options: dict[str, bool]) -> None:
    hand = _fahren(13, **options)
    drive(hand, lambda h: None)
    summary = hand.summary()
    assert summary["seats"] == list(SEATS)
    assert summary["sitting_out"] == "E"
    assert hand.payments()["E"] == 0


def test_negative_contracts_must_overtake_and_stop_when_lost() -> None:
    for seed in range(40):
        hand = new(seed)
        hand.apply("mein spiel")
        if "bid bettler" not in hand.codes_now():
            continue
        hand.apply("bid bettler")
        drive(hand, lambda h: None if h.phase != "auction" else "pass")
        if hand.tricks_count["B"]:
            assert hand.stopped
            assert not hand.summary()["won"]
            assert hand.tricks[-1][2] == "B"  # it ended with the declarer's first trick
        for _lead, trick, _w in hand.tricks:
            assert len(trick) == 4
        return
    pytest.skip("no Bettler came up")


def test_ouvert_shows_the_declarers_cards_after_the_first_trick() -> None:
    hand = new(7)
    hand.apply("mein spiel")
    hand.apply("bid bettler_ouvert")
    for _ in range(3):
        hand.apply("pass")
    until(hand, "play")
    assert hand.public_view()["shown"] == {}
    rng = random.Random(0)
    for _ in range(4):
        hand.apply(hand.bot_move("rule", rng))
    if not hand.done:
        assert hand.public_view()["shown"] == {"B": hand.hands["B"]}


def test_the_live_replay_rebuilds_a_hand_from_its_codes() -> None:
    hand = play_hand(21, "vacha_lk", dealer="E")
    again = live_replay(LIVE, hand.deal, hand.codes)
    assert again.summary() == hand.summary()
    assert again.codes == hand.codes


def test_bird_rufer_announces_its_bird() -> None:
    seed = seed_where(lambda d: "I" in d[0][0] and "HK" not in d[0][0])
    hand = new(seed)
    hand.apply("bid pagatrufer")
    for _ in range(3):
        hand.apply("pass")
    assert hand.contract == "pagatrufer"
    assert hand.phase == "call"
    hand.apply("call HK")
    assert hand.announced == {"pagat": "declarer"}
    drive(hand, lambda h: None)
    bonus = hand.summary()["bonuses"]["pagat"]
    assert bonus["side"] == "declarer"
    assert bonus["announced"]
    assert KR.score(hand.summary(), hand.rules)["payments"] == hand.payments()


def test_announcements_and_the_kontra_ladder() -> None:
    hand = _rufer(seed_where(lambda d: "HK" not in d[0][0]), "HK")
    until(hand, "announcements")
    assert hand.to_move() == "A"
    assert "kontra game" not in hand.codes_now()
    hand.apply("pass")
    opponent = hand.to_move()
    assert hand.team(opponent) == "opponents" or "kontra game" not in hand.codes_now()
    if hand.team(opponent) == "opponents":
        hand.apply("kontra game")
        assert hand.public_view()["announcements"][-1] == {
            "seat": opponent,
            "say": "kontra game",
            "team": "opponents",
        }
        assert hand.kontra == {"game": 1}
        seat = hand.to_move()
        assert ("kontra game" in hand.codes_now()) == (hand.team(seat) == "declarer")
    drive(hand, lambda h: "pass" if h.phase == "announcements" else None)
    assert hand.summary()["kontra"] == hand.kontra.get("game", 0)


def test_the_fast_checks_agree_with_the_listed_moves() -> None:
    """``apply`` checks a card and a say without listing the moves: it must refuse and accept the same."""
    for seed in range(40):
        hand = new(seed, PRESET_NAMES[seed % 3], dealer="E" if seed % 4 == 0 else None)
        rng = random.Random(seed)
        while not hand.done:
            seat = hand.to_move()
            if hand.phase == "auction":
                every = ["mein spiel", "pass", "hold", *("bid " + c for c in hand.rules.bid_order)]
                listed = set(hand.codes_now())
                assert {c for c in every if hand._auction_ok(c)} == listed
            if hand.phase == "play":
                listed = set(hand.allowed(seat))
                assert {c for c in hand.hands[seat] if hand._fast_ok(seat, c)} == listed
            hand.apply(hand.bot_move("random" if seed % 2 else "rule", rng))


def test_any_pick_of_the_discard_choice_is_legal() -> None:
    """docs/live.md: a phone sends the choice's code and any ``pick`` of its ``cards``."""
    checked = 0
    for seed in range(300):
        hand = new(seed, PRESET_NAMES[seed % 3])
        rng = random.Random(seed)
        while not hand.done and hand.phase != "discard":
            hand.apply(hand.bot_move("rule", rng))
        if hand.done:
            continue
        (choice,) = hand.choices()
        for _ in range(5):
            code = " ".join([choice.code, *rng.sample(list(choice.cards), choice.pick)])
            assert hand._listed(code), code
        hand.apply(" ".join([choice.code, *rng.sample(list(choice.cards), choice.pick)]))
        checked += 1
        if choice.code != "discard":
            assert hand.seat_view(hand.declarer)["discards"]["mine"]
    assert checked > 50


def test_a_forced_tarock_discard_names_the_suit_cards_and_picks_the_tarock() -> None:
    """Seed 1549: the first player's only suit card to discard is the HQ; the first talon half brings the DA
    and two tarocks: both suit cards must go, and one tarock, shown."""
    hand = _rufer(1549)
    call = next(c for c in hand.codes_now() if c[5:] not in hand.hands["A"])
    hand.apply(call)
    hand.apply("take 1")
    (choice,) = hand.choices()
    assert choice.code == "discard HQ DA"
    assert choice.pick == 1
    assert "HK" not in choice.cards
    assert all(c not in ("I", "XXI", "SKIZ") and c[0] not in "HDCS" for c in choice.cards)
    assert choice.as_json()["hint"] == "discarded with them: HQ DA"
    with pytest.raises(KoenigrufenError) as caught:
        hand.apply("discard HQ " + " ".join(choice.cards[:2]))
    assert caught.value.code == "kr_discard_tarock"
    hand.apply(f"{choice.code} {choice.cards[-1]}")
    assert hand.public_view()["discards"]["shown"] == [choice.cards[-1]]


def test_the_contract_call_and_talon_checks_agree_with_the_listed_moves() -> None:
    for seed in range(60):
        hand = new(seed, PRESET_NAMES[seed % 3])
        rng = random.Random(seed)
        while not hand.done and hand.phase != "play":
            if hand.phase in ("contract", "call", "talon"):
                every = [
                    *("bid " + c for c in hand.rules.bid_order),
                    "bid trischaken von_oben",
                    *("call " + c for c in CARDS),
                    "take 1",
                    "take 2",
                    "take 3",
                ]
                assert {c for c in every if hand._listed(c)} == set(hand.codes_now())
            hand.apply(hand.bot_move("rule" if seed % 2 else "random", rng))
        if seed % 3 == 0 and not hand.done:
            hand = new(seed)
            for code in ("mein spiel", "pass", "pass", "pass"):
                hand.apply(code)
            every = ["bid " + c for c in hand.rules.bid_order] + ["bid trischaken von_oben", "bid nothing"]
            assert {c for c in every if hand._listed(c)} == set(hand.codes_now())
