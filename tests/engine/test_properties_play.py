"""Properties of random legal play: the 42 cards and 94 points are conserved, payments sum to zero and
replaying the record reproduces the scores."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hungarian.cards import POINTS
from engine.hungarian.record import replay
from engine.hungarian.rules import RulesError, get_rules
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import BONUSES, TEAMS, Action, Hand, IllegalAction

PRESETS = st.sampled_from(["pagat", "kegl", "tournament"])


def play_out(seed: int, choice_seed: int, preset: str) -> Hand:
    hand = Hand.new(seed, rules=get_rules(preset))
    rng = random.Random(choice_seed)
    while not hand.done:
        legal = hand.legal_actions()
        assert legal
        hand.apply(legal[rng.randrange(len(legal))])
    return hand


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), PRESETS)
def test_it_conserves_the_cards_and_points(seed: int, choice_seed: int, preset: str) -> None:
    hand = play_out(seed, choice_seed, preset)
    if hand.kind != "played":
        return
    in_tricks = [c for _, trick, _ in hand.tricks for c in trick]
    discarded = [c for s in range(4) for c in hand.discards[s]]
    assert len(in_tricks) == 36
    assert sorted(in_tricks + discarded) == list(range(42))
    assert sum(POINTS[c] for c in in_tricks + discarded) == 94
    assert all(h == 0 for h in hand.hands)
    result = hand.summary()["result"]
    assert 0 <= result["declarer_card_points"] <= 94
    assert 0 <= result["declarer_tricks"] <= 9


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32), PRESETS)
def test_it_makes_payments_sum_to_zero_and_replays_reproduce_them(
    seed: int, choice_seed: int, preset: str
) -> None:
    hand = play_out(seed, choice_seed, preset)
    rules = get_rules(preset)
    scored = score_summary(hand.summary(), rules)
    pot = scored.get("ultimo_pot", {"before": 0, "after": 0, "payments": {}})
    into_pot = -sum(pot["payments"].values())  # kegl's ultimó pot is the fifth party
    assert sum(scored["payments"].values()) == 0
    assert into_pot == pot["after"] - pot["before"]
    result = replay(json.loads(json.dumps(hand.record())))
    assert result.summary == hand.summary()
    assert result.payments == scored["payments"]


def _slow_legal(hand: Hand) -> set[Action]:
    """Every announcement-phase action that the step-by-step rule checks accept (the replay path)."""
    s = hand.to_move()
    candidates = [Action("pass"), Action("declare", 8), Action("declare", 9), Action("kontra", "game")]
    candidates += [Action("announce", b) for b in BONUSES]
    candidates += [Action("kontra", (t, b)) for t in TEAMS for b in BONUSES]
    candidates += [Action("call", c) for c in range(22)]
    out = set()
    for action in candidates:
        if action.kind == "pass":
            if hand._pass_problem(s) is None:
                out.add(action)
            continue
        try:
            hand._check_announcement(s, action.kind, action.arg, "check")
        except IllegalAction:
            continue
        out.add(action)
    return out


_SWITCHES = sorted(k for k, v in get_rules("pagat").options().items() if type(v) is bool)


@st.composite
def option_sets(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A preset with any of its switches flipped and any cue-bid interpretation, as an organizer may set."""
    preset = draw(PRESETS)
    options: dict[str, object] = {k: draw(st.booleans()) for k in draw(st.sets(st.sampled_from(_SWITCHES)))}
    options["cue_bid_interpretation"] = draw(st.sampled_from(["new", "old", "kegl"]))
    options["max_kontra"] = draw(st.integers(1, 5))
    options["annul_timing"] = draw(st.sampled_from(["after_exchange", "before_discard"]))
    return preset, options


@settings(max_examples=80, deadline=None)
@given(option_sets(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_it_offers_exactly_the_announcements_the_rule_checks_accept(
    chosen: tuple[str, dict[str, object]], seed: int, choice_seed: int
) -> None:
    """The listing (built from the announcement key) is what the step-by-step rule checks accept, at every
    step of the round of announcements, whatever valid options an organizer combines."""
    preset, options = chosen
    try:
        rules = get_rules(preset, **options)
    except RulesError:
        return  # rejected by name (test_rules_presets)
    hand = Hand.new(seed, rules=rules)
    rng = random.Random(choice_seed)
    while not hand.done:
        legal = hand.legal_actions()
        if hand.phase == "announcements" and hand._forced_kontra is None:
            assert set(legal) == _slow_legal(hand)
        hand.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=200, deadline=None)
@given(option_sets(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_it_plays_scores_and_replays_every_hand_under_valid_options(
    chosen: tuple[str, dict[str, object]], seed: int, choice_seed: int
) -> None:
    """Never a player without a legal action, payments that sum to zero, and a record that replays to the
    same summary and payments, whatever valid options an organizer combines."""
    preset, options = chosen
    try:
        rules = get_rules(preset, **options)
    except RulesError:
        return  # rejected by name (test_rules_presets); nothing to play
    hand = Hand.new(seed, rules=rules)
    rng = random.Random(choice_seed)
    while not hand.done:
        legal = hand.legal_actions()
        assert legal, (preset, options, hand.phase, hand.auction_log())
        hand.apply(legal[rng.randrange(len(legal))])
    scored = score_summary(hand.summary(), rules)
    assert sum(scored["payments"].values()) == 0
    result = replay(json.loads(json.dumps(hand.record())))
    assert (result.summary, result.payments) == (hand.summary(), scored["payments"])
