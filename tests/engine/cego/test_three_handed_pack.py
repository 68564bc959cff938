"""The three-handed deal (``Rules.three_handed_pack``): 17.3 does not give it; the texts that do strip the
pack to 51 cards, 13 to each player and 12 to the Blinde (de.wikipedia "Cego", 2004 version, "Geben"), the
default; the option "54" deals the whole pack, 13 each and 15 to the Blinde. Four active players always
have the whole pack. The card points of either pack add up in the summaries, the scoring and the replay."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cego import play as P
from engine.cego.live import CegoMoveError, _fast_replay, bot_record, record_rules, replay, start
from engine.cego.rules import OPTION_DOCS, PACK_POINTS, PRESETS, Rules, resolve_rules
from engine.cego.sample import sample_summary
from engine.core.live import LiveDeal
from engine.core.thirds import parse_thirds
from engine.core.trickhand import replay_record
from engine.games import game

CEGO = game("cego")
RECORD = jsonschema.Draft202012Validator(
    json.loads(
        (Path(__file__).resolve().parents[3] / "engine/schemas/cego/hand-record.schema.json").read_text(
            "utf-8"
        )
    )
)
PACKS = ("51", "54")
#: (active seats from Vorhand on, the sitting-out dealer): a table of three, and 17.3's table of four
TABLES = [(("B", "C", "A"), "A"), (("B", "C", "D"), "A")]


def rules_of(pack: str, preset: str = "ichenheim") -> Rules:
    return resolve_rules(preset, {"three_handed_pack": pack} if pack != "51" else None)


def test_the_three_handed_presets_deal_51_cards_and_the_option_is_documented() -> None:
    assert PRESETS["ichenheim"].three_handed_pack == "51"
    assert PRESETS["ichenheim_three_handed"].three_handed_pack == "51"
    assert Rules.OPTION_CHOICES["three_handed_pack"] == PACKS
    assert "three_handed_pack" in OPTION_DOCS
    assert set(P.CARDS) - set(P.PACKS["51"]) == {"D4", "C7", "S7"}  # the lowest empty card of three suits
    assert all(c in P.EMPTY for c in P.STRIPPED)


@pytest.mark.parametrize(("pack", "blinde"), [("51", 12), ("54", 15)])
@pytest.mark.parametrize(("seats", "dealer"), TABLES)
def test_three_get_13_cards_each_and_the_rest_goes_to_the_blinde(
    pack: str, blinde: int, seats: tuple[str, ...], dealer: str
) -> None:
    rules = rules_of(pack)
    assert P.shape(3, rules.pack(3)) == (13, blinde)
    for seed in range(20):
        hand = start(LiveDeal(seed=seed, rules=rules, seats=seats, stake=1, dealer=dealer))
        assert [len(hand.hands[s]) for s in hand.seats] == [13, 13, 13]
        assert len(hand.blinde) == blinde
        cards = [c for s in hand.seats for c in hand.hands[s]] + hand.blinde
        assert sorted(cards) == sorted(P.PACKS[pack])
        assert hand.public_view()["talon"]["size"] == blinde


@pytest.mark.parametrize("pack", PACKS)
def test_four_who_all_play_hold_the_whole_pack_whatever_the_option(pack: str) -> None:
    rules = rules_of(pack, "four_handed")
    assert rules.pack(4) == "54"
    assert rules.card_points(4) == 70
    hand = start(LiveDeal(seed=5, rules=rules, seats=("B", "C", "D", "A"), stake=1))
    assert [len(hand.hands[s]) for s in hand.seats] == [11] * 4
    assert len(hand.blinde) == 10
    assert sorted([c for s in hand.seats for c in hand.hands[s]] + hand.blinde) == sorted(P.CARDS)


def test_each_pack_counts_its_card_points_in_threes() -> None:
    assert {pack: P.pile_thirds(cards) for pack, cards in P.PACKS.items()} == {
        pack: 3 * points for pack, points in PACK_POINTS.items()
    }
    assert (rules_of("51").card_points(3), rules_of("54").card_points(3)) == (69, 70)
    assert (rules_of("51").raeuber_total(3), rules_of("54").raeuber_total(3)) == (69, 70)
    assert resolve_rules("ichenheim", {"raeuber_card_total": 0}).raeuber_total(3) == 0


def test_a_seeded_deal_of_each_pack() -> None:
    """The deal of a seed is fixed (records are replayed from it): seed 0 at three."""
    hands, blinde = P.deal(0, 3, "51")
    assert blinde == ["I", "DQ", "C9", "SQ", "HK", "XX", "XI", "XVII", "H3", "H4", "S9", "XVIII"]
    assert hands[0] == ["CJ", "D2", "HJ", "SR", "S10", "C8", "XVI", "IV", "DR", "XIII", "VIII", "XXI", "SK"]
    hands, blinde = P.deal(0, 3, "54")
    assert blinde == [
        "DJ", "XIX", "CK", "I", "DQ", "C10", "C7", "HK", "XX", "XI", "XVII", "H3", "H4", "SJ", "XVIII"
    ]  # fmt: skip
    assert P.deal(0, 3) == (hands, blinde)  # the whole pack unless told


@pytest.mark.parametrize("pack", PACKS)
def test_a_seeded_hand_of_each_pack_is_played_scored_and_replayed(pack: str) -> None:
    rules = rules_of(pack)
    hand = start(LiveDeal(seed=11, rules=rules, seats=("B", "C", "D"), stake=1, dealer="A"))
    rng = random.Random(11)
    while not hand.done:
        hand.apply(hand.bot_move("rule", rng))
    summary = hand.summary()
    piles = hand.piles()
    total = sum(P.pile_thirds(pile) for pile in piles.values())
    if hand.contract in (*P.BLIND, "solo", "raeuber"):  # every card counted (the Ulti's Blinde is nobody's)
        assert total == 3 * rules.card_points(3)
    record = hand.record()
    RECORD.validate(record)
    options = {"preset": "ichenheim", "options": {"three_handed_pack": "54"}}
    assert record["rules"] == ("ichenheim" if pack == "51" else options)
    got = replay(json.loads(json.dumps(record)))
    assert (got.summary, got.payments) == (summary, hand.payments())
    assert CEGO.score(summary)["payments"] == got.payments
    if "card_points" in summary:
        assert 0 <= summary["card_points"] <= rules.card_points(3)


def test_a_stripped_card_is_not_dealt_and_a_record_that_plays_it_is_refused() -> None:
    record = bot_record(3, "ichenheim", ("B", "C", "D"), 1, "A")
    i = next(i for i, m in enumerate(record["moves"]) if m["code"].startswith("play "))
    record["moves"][i]["code"] = "play D4"
    with pytest.raises(CegoMoveError) as caught:
        replay(record)
    assert caught.value.where[0] == f"moves[{i}].code"
    assert caught.value.code == "seat_lacks_card"


@pytest.mark.parametrize("pack", PACKS)
def test_sample_summaries_fit_the_pack(pack: str) -> None:
    rules = rules_of(pack, "ichenheim")
    rng = random.Random(pack)
    for size in (3, 4):
        deal = CEGO.deal("ABCD"[:size], "A", [], rules)
        for _ in range(300):
            summary = {"seats": list(deal.active), "rules": rules.spec(), **sample_summary(rng, rules, deal)}
            if deal.sitting_out:
                summary["sitting_out"] = deal.sitting_out[0]
            assert sum(CEGO.score(summary, rules)["payments"].values()) == 0


def _check(record: dict[str, Any], rules: Rules) -> None:
    got = replay(record)
    canonical = replay_record(record, start, record_rules, CegoMoveError)
    fast = _fast_replay(record)
    assert fast is not None
    assert (got.summary, got.payments) == (canonical.summary, canonical.payments)
    assert (fast.summary, fast.payments) == (canonical.summary, canonical.payments)
    summary = got.summary
    assert CEGO.score(summary, rules)["payments"] == got.payments
    active = len(summary["seats"])
    if summary["kind"] == "raeuber":
        assert sum(parse_thirds(v) for v in summary["seat_points"].values()) == 3 * rules.raeuber_total(
            active
        )
        hand = got.hand
        assert sum(P.pile_thirds(pile) for pile in hand.piles().values()) == 3 * rules.card_points(active)
    elif "card_points" in summary:
        assert summary["card_points"] <= rules.card_points(active)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10**9),
    st.sampled_from(PACKS),
    st.sampled_from(TABLES),
    st.sampled_from(["rule", "random"]),
    st.booleans(),
)
def test_a_replay_gives_the_live_summary_with_either_pack(
    seed: int, pack: str, table: tuple[tuple[str, ...], str], bots: str, specials: bool
) -> None:
    """Property: with either pack, at a table of three or 17.3's of four (the Räuber too, where the
    specials are played everywhere), a bot hand's record replays (fast and canonical) to its summary and
    payments, which the descriptor scores the same, and the card points fit the pack."""
    options: dict[str, Any] = {"three_handed_pack": pack}
    if specials:
        options["four_handed_specials"] = "always"
    rules = resolve_rules("ichenheim", options)
    seats, dealer = table
    hand = start(LiveDeal(seed=seed, rules=rules, seats=seats, stake=1, dealer=dealer))
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(hand.bot_move(bots, rng))
    record = hand.record()
    _check(record, rules)
    got = replay(record)
    assert (got.summary, got.payments) == (hand.summary(), hand.payments())
