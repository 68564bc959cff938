"""Three-handed Slovenian tarok played live (engine.slovenian.live): whole hands with the bots, the views
and their schema, the auction, the talon, announcements and kontras, the play's rules, and refused moves."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from engine.core.messages import EngineError
from engine.core.tarot import PACK_54
from engine.slovenian.game import DESCRIPTOR
from engine.slovenian.live import LIVE, PHASES, TarokError, view_schema
from engine.slovenian.rules import PRESETS
from engine.slovenian.scoring import score_summary

from .conftest import SEATS, deal_of, new_hand, played_out, rigged

VALIDATOR = jsonschema.Draft202012Validator(view_schema())


def _say(hand: Any, *codes: str) -> None:
    for code in codes:
        hand.apply(code)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("kind", ["rule", "random"])
@pytest.mark.parametrize("size", DESCRIPTOR.table_sizes)
def test_every_preset_plays_to_the_end_with_either_bot(preset: str, kind: str, size: int) -> None:
    contracts = set()
    for seed in range(120):
        deal = deal_of(seed, preset)
        assert len(deal.seats) == size == DESCRIPTOR.players_per_deal
        hand = played_out(LIVE.start(deal), kind, seed)
        summary = hand.summary()
        assert score_summary(summary)["payments"] == hand.payments()
        assert sum(hand.payments().values()) == 0
        assert hand.phase == "done"
        assert hand.to_move() is None
        assert hand.choices() == ()
        contracts.add(summary.get("contract"))
    assert len(contracts) >= 3
    assert "klop" in contracts or kind == "random"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_view_of_every_step_meets_the_schema(preset: str) -> None:
    for seed in range(3):
        hand = new_hand(seed, preset)
        rng_kind = "random" if seed % 2 else "rule"
        import random

        rng = random.Random(seed)
        while True:
            for seat in SEATS:
                VALIDATOR.validate(hand.seat_view(seat))
            public = hand.public_view()
            VALIDATOR.validate(public)
            assert "hand" not in public
            assert "seat" not in public
            if hand.done:
                break
            hand.apply(hand.bot_move(rng_kind, rng))
        assert public["result"]["payments"] == hand.payments()


def test_the_phases_are_the_views_phases_and_the_schema_names_every_card() -> None:
    assert set(PHASES) == set(view_schema()["properties"]["phase"]["enum"])
    assert view_schema()["$defs"]["card"]["enum"] == list(PACK_54.cards)  # the pages draw them by it
    assert LIVE.phases is PHASES


def _strings(value: Any) -> set[str]:
    """Every word of every text in a view."""
    if isinstance(value, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    if isinstance(value, str):
        return set(value.replace(":", " ").split())
    return set()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_view_names_a_card_it_may_not_know(preset: str) -> None:
    import random

    for seed in range(40):
        hand = new_hand(seed, preset)
        rng = random.Random(seed)
        while not hand.done:
            public_cards = set()
            if hand.groups is not None:
                public_cards |= {c for g in hand.groups for c in g}
            if hand.shown_hand is not None:
                public_cards |= set(hand.shown_hand)
            held = {s: set(hand.cards_of(s)) for s in SEATS}
            # cards in the talon not shown, or discarded face down, are hidden too
            hidden_talon = set() if hand.groups is not None or hand.contract == "klop" else set(hand.talon)
            hidden_talon -= set(hand.klop_given)
            face_down = {c for c in hand.discards if not c[0].isupper() or c[0] in "HDCS"}
            public_words = _strings(hand.public_view())
            assert not (public_words & ((set().union(*held.values()) | hidden_talon) - public_cards))
            for seat in SEATS:
                others = set().union(*(held[s] for s in SEATS if s != seat)) | hidden_talon
                if seat != hand.declarer:
                    others |= face_down
                words = _strings(hand.seat_view(seat))
                assert not (words & (others - public_cards)), (seat, words & (others - public_cards))
            hand.apply(hand.bot_move("random" if seed % 2 else "rule", rng))


def test_an_illegal_move_names_the_step_and_the_rule_and_changes_nothing() -> None:
    hand = rigged({"A": ["HK", "H3", "XXI"], "B": ["H4", "HQ", "SK", "II"], "C": ["C7", "V"]})
    _say(hand, "bid trojka", "pass", "pass", "game klop", "pass", "pass", "pass")
    assert hand.phase == "play"
    hand.play.hands["A"] = ["H3", *[c for c in hand.play.hands["A"] if c != "H3"]]
    hand.apply("play H3")
    before = json.dumps(hand.seat_view("B")), hand.step
    with pytest.raises(TarokError) as caught:
        hand.apply("play SK")  # B holds hearts
    error = caught.value
    assert error.where[0].code == "step_trick_seat"
    assert error.where[0].params == {"trick": 1, "seat": "B"}
    assert error.code == "sl_follow"
    assert "SK" in str(error)
    assert (json.dumps(hand.seat_view("B")), hand.step) == before
    with pytest.raises(TarokError) as caught:
        hand.apply("play H4")  # Klop: B must beat the H3 with the HQ
    assert caught.value.code == "sl_overtake"
    for junk in ("play", "play XXII", "bid trojka", "", "x" * 500):
        with pytest.raises(EngineError):
            hand.apply(junk)
    with pytest.raises(EngineError):
        hand.apply(None)  # type: ignore[arg-type]
    assert (json.dumps(hand.seat_view("B")), hand.step) == before


def test_the_first_bidder_opens_holds_and_chooses_klop_or_a_game() -> None:
    hand = new_hand(1)
    codes = [c.code for c in hand.choices()]
    assert "pass" not in codes
    assert codes[0] == "bid trojka"
    _say(hand, "bid trojka")
    assert [c.code for c in hand.choices()][:2] == ["pass", "bid dvojka"]  # the others bid higher
    _say(hand, "bid dvojka", "pass")
    choices = hand.choices()
    assert [c.code for c in choices][:2] == ["pass", "bid dvojka"]  # forehand holds
    assert str(choices[1].label) == "Hold dvojka"
    _say(hand, "bid dvojka")
    assert hand.to_move() == "B"
    assert "bid dvojka" not in [c.code for c in hand.choices()]
    _say(hand, "pass")
    assert (hand.declarer, hand.contract, hand.phase) == ("A", "dvojka", "talon")
    hand = new_hand(1)
    _say(hand, "bid trojka", "pass", "pass")
    assert hand.phase == "choose"
    assert [c.code for c in hand.choices()] == ["game klop", "game trojka", "game dvojka", "game enojka",
                                                "game berac", "game solo"]  # fmt: skip
    _say(hand, "game klop")
    assert (hand.contract, hand.phase, hand.to_move()) == ("klop", "klop_kontra", "A")
    _say(hand, "pass", "kontra klop")
    assert (hand.phase, hand.klop_kontra_by, hand.to_move()) == ("play", "B", "A")


def test_without_the_forced_opening_all_may_pass_into_a_klop() -> None:
    hand = new_hand(1, "classic", forced_opening=False)
    assert hand.choices()[0].code == "pass"
    _say(hand, "pass", "pass", "pass")
    assert (hand.contract, hand.phase) == ("klop", "play")  # classic: no kontra on a Klop
    hand = new_hand(1, "classic", forced_opening=False)
    _say(hand, "pass", "pass", "bid trojka")
    assert (hand.declarer, hand.contract, hand.phase) == ("C", "trojka", "talon")


@pytest.mark.parametrize(("contract", "groups"), [("trojka", 2), ("dvojka", 3), ("enojka", 6)])
def test_the_talon_is_shown_in_groups_and_the_discard_keeps_kings_and_trula(
    contract: str, groups: int
) -> None:
    hand = rigged(
        {"A": ["SKIZ", "HK", "DK", "V", "VI", "C7", "C8"]}, talon=["XXI", "I", "CK", "IV", "S7", "HQ"]
    )
    _say(hand, "bid trojka", "pass", "pass", f"game {contract}")
    view = hand.public_view()
    assert len(view["talon"]["groups"]) == groups
    assert sum(map(len, view["talon"]["groups"])) == 6
    taken = len(view["talon"]["groups"][0])
    assert [c.code for c in hand.choices()] == [f"take {i}" for i in range(1, groups + 1)]
    _say(hand, "take 1")
    (choice,) = hand.choices()
    assert choice.pick == taken
    assert not set(choice.cards) & {"SKIZ", "XXI", "I", "HK", "DK", "CK"}
    if taken >= 1:
        with pytest.raises(TarokError) as caught:
            hand.apply(" ".join(["discard", "HK", *["C7", "C8"][: taken - 1]]))
        assert caught.value.code == "sl_no_discard"
    discard = ["V", "C7", "C8"][:taken]
    _say(hand, " ".join(["discard", *discard]))
    # a discarded tarok is shown
    assert hand.public_view()["discards"] == {"count": taken, "tarokks": {"A": 1}, "declarer_face_up": ["V"]}
    assert hand.public_view()["talon"]["taken"] == {"A": taken}
    assert hand.seat_view("A")["talon"]["received"] == view["talon"]["groups"][0]
    assert "received" not in hand.seat_view("B")["talon"]
    assert hand.seat_view("A")["discards"]["mine"] == sorted(discard, key=["V", "C8", "C7"].index)
    assert "mine" not in hand.seat_view("B")["discards"]
    assert hand.phase == "announcements"
    assert hand.to_move() == "A"


def test_announcements_and_the_kontra_ladder() -> None:
    hand = rigged({"A": ["SKIZ", "XXI", "I", "HK", "DK", "CK", "SK"]})
    _say(hand, "bid trojka", "pass", "pass", "game trojka", "take 1")
    discard = next(c for c in hand.choices()[0].cards if c[0] in "HDCS")
    others = [c for c in hand.choices()[0].cards if c != discard][:2]
    _say(hand, " ".join(["discard", discard, *others]))
    codes = [c.code for c in hand.choices()]
    assert "announce trula" in codes
    assert "announce pagat_ultimo" in codes
    assert "kontra game" not in codes
    _say(hand, "announce trula")
    assert "kontra trula" in [c.code for c in hand.choices()]
    assert "kontra game" in [c.code for c in hand.choices()]
    _say(hand, "kontra game")
    assert str(hand.choices()[-1].label) in ("Re the game", "Kontra the trula") or hand.to_move() == "C"
    _say(hand, "pass")  # C
    codes = [c.code for c in hand.choices()]  # A: re on the game
    assert "kontra game" in codes
    assert "announce trula" not in codes
    _say(hand, "kontra game", "pass", "pass", "pass")
    assert hand.phase == "play"
    assert hand.kontra == {"game": 2}
    view = hand.public_view()
    assert [a["team"] for a in view["announcements"][:2]] == ["declarer", "opponents"]
    played_out(hand)
    summary = hand.summary()
    assert summary["kontra"] == 2
    assert summary["bonuses"]["trula"]["announced"] is True


def test_klop_gives_the_talon_with_the_first_six_tricks_and_counts_everyones_points() -> None:
    for seed in range(40):
        hand = new_hand(seed, "classic")
        _say(hand, "bid trojka", "pass", "pass")
        if hand.phase != "choose":
            continue
        _say(hand, "game klop")
        played_out(hand, "random", seed)
        assert hand.klop_given == hand.talon
        points = hand.summary()["klop_points"]
        assert abs(sum(points.values()) - 70) <= 1
        return
    raise AssertionError("no klop")


def test_in_klop_one_must_overtake_and_keep_the_pagat_for_last() -> None:
    hand = rigged({"A": ["X"], "B": ["XV", "I", "III"], "C": ["XX", "II"]})
    _say(hand, "bid trojka", "pass", "pass", "game klop", "pass", "pass", "pass")
    hand.play.hands["A"] = ["X", "HK"]
    hand.play.hands["B"] = ["XV", "I", "III"]
    hand.play.hands["C"] = ["XX", "II", "SK"]
    _say(hand, "play X")
    assert [c.code for c in hand.choices()] == ["play XV"]  # must beat the X; the Pagat is kept
    _say(hand, "play XV")
    assert [c.code for c in hand.choices()] == ["play XX"]
    hand = rigged({"A": ["X"], "B": ["I", "III"]}, preset="bled", negative_overtake=False)
    _say(hand, "bid trojka", "pass", "pass", "game klop", "pass", "pass", "pass")
    hand.play.hands["A"] = ["X", "HK"]
    hand.play.hands["B"] = ["I", "III"]
    _say(hand, "play X")
    assert [c.code for c in hand.choices()] == ["play III"]


def test_the_emperors_trick_is_won_by_the_pagat() -> None:
    for emperor, winner in ((True, "C"), (False, "A")):
        hand = rigged({"A": ["SKIZ"], "B": ["XXI"], "C": ["I"]}, emperor_trick=emperor)
        _say(hand, "bid trojka", "pass", "pass", "game trojka", "take 1")
        cards = [c for c in hand.choices()[0].cards if c[0] in "HDCS"][:3]
        _say(hand, " ".join(["discard", *cards]), "pass", "pass", "pass")
        hand.play.hands = {"A": ["SKIZ", "HK"], "B": ["XXI", "DK"], "C": ["I", "CK"]}
        _say(hand, "play SKIZ", "play XXI", "play I")
        assert hand.play.tricks[0][2] == winner
        assert hand.mond_captured == ("B" if winner != "B" else None)


def test_a_colour_valat_lets_no_tarok_win_a_suit_trick() -> None:
    hand = rigged({"A": ["HK"]}, preset="classic")
    _say(hand, "bid barvni_valat", "pass", "pass")
    assert hand.contract == "barvni_valat"
    assert hand.phase == "announcements"
    _say(hand, "pass", "pass", "pass")
    hand.play.hands = {"A": ["HK", "C7"], "B": ["V", "D4"], "C": ["VI", "D3"]}
    _say(hand, "play HK", "play V", "play VI")
    assert hand.play.tricks[0][2] == "A"


def test_a_beggar_ends_at_his_first_trick_and_the_open_beggar_shows_his_cards() -> None:
    hand = rigged({"A": ["HK"], "B": ["H4"], "C": ["H3"]}, preset="classic")
    _say(hand, "bid odprti_berac", "pass", "pass", "pass", "pass", "pass")
    assert hand.phase == "play"
    assert hand.public_view()["open_hand"] is None
    hand.play.hands = {"A": ["H3", "HK", "C7"], "B": ["H4", "HA", "C8"], "C": ["H2", "HQ", "C9"]}
    _say(hand, "play H3")  # A leads (forehand); B must beat it, then C
    assert [c.code for c in hand.choices()] == ["play HA"]
    _say(hand, "play HA")
    assert [c.code for c in hand.choices()] == ["play HQ"]
    _say(hand, "play HQ")
    assert hand.public_view()["open_hand"] == {"seat": "A", "cards": ["HK", "C7"]}
    _say(hand, "play C9", "play C7", "play C8", "play H2", "play HK", "play H4")
    assert hand.done
    assert hand.summary()["made"] is False


def test_a_mond_left_in_the_talon_costs_the_declarer() -> None:
    hand = rigged({"A": ["SKIZ"]}, talon=["XXI", "HK", "DK", "CK", "SK", "HQ"])
    _say(hand, "bid trojka", "pass", "pass", "game trojka", "take 2")
    cards = [c for c in hand.choices()[0].cards if c[0] in "HDCS"][:3]
    _say(hand, " ".join(["discard", *cards]), "pass", "pass", "pass")
    played_out(hand)
    assert hand.summary()["mond_captured"] == "A"
    assert score_summary(hand.summary())["items"][-1]["name"] == "mond_penalty"


def test_a_hand_without_a_tarok_is_thrown_in() -> None:
    hand = rigged({})
    hand.hands["B"] = [c for c in hand.hands["B"] if c[0] in "HDCS"]
    hand.phase, hand._turn = "annul", "B"
    assert [c.code for c in hand.choices()] == ["annul"]
    _say(hand, "annul")
    assert hand.done
    assert hand.summary()["kind"] == "annulled"
    assert hand.payments() == dict.fromkeys(SEATS, 0)


def test_the_stake_multiplies_the_payments() -> None:
    one = played_out(LIVE.start(deal_of(7)))
    four = played_out(LIVE.start(deal_of(7, stake=4)))
    assert four.payments() == {s: 4 * p for s, p in one.payments().items()}
