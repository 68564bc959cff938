"""Bots in whole hands: legal actions only, reproducible, no forbidden discards; RuleBot beats RandomBot; the
2025 rule bot (``BOTS["rule-2025"]``) still plays move for move as it did."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hungarian.bots import BaselineRuleBot, RandomBot, RuleBot, duel, make_bots, play_hand
from engine.hungarian.cards import HONOURS, KINGS
from engine.hungarian.rules import PRESETS, get_rules

PRESET_NAMES = sorted(PRESETS)


class Checked:
    """Wraps a bot: asserts each choice is in the seat's legal actions and remembers the choices."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.choices: list[tuple[Any, Any]] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        action = self.bot.choose(view, rng)
        assert action in view.legal, (action, view.legal)
        self.choices.append((view, action))
        return action


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    preset=st.sampled_from(PRESET_NAMES),
    kinds=st.lists(st.sampled_from(["rule", "rule-2025", "random"]), min_size=4, max_size=4),
)
def test_it_only_ever_returns_legal_actions(seed: int, preset: str, kinds: list[str]) -> None:
    bots = [Checked(bot) for bot in make_bots(kinds)]
    rules = PRESETS[preset]
    hand = play_hand(seed, bots, rules=rules)
    assert hand.done
    if not rules.ultimo_pot:  # kegl's pot takes and gives money outside the table
        assert sum(hand.payments().values()) == 0


VARIATIONS = [
    {"old_holding_rule": True},
    {"conventions": False},
    {"cue_bid_interpretation": "old"},
    {"first_bid_never_cue_bid": True},
    {"pais_xvii_cue_bid": True},
    {"cue_bid_withdrawn_bidder_passes": True},
    {"sole_bidder_may_raise": True},
    {"discarded_tarokks_admitted_at_announcements": True},
    {"annul_after_tarokk_discard": True},
    {"pais_declarations": True},
    {"declarations_identify_side": True},
    {"double_game_and_volat_same_turn": True},
    {"max_kontra": 1},
]


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    options=st.sampled_from(VARIATIONS),
    kinds=st.lists(st.sampled_from(["rule", "rule-2025", "random"]), min_size=4, max_size=4),
)
def test_it_stays_legal_under_rule_variations(seed: int, options: dict[str, Any], kinds: list[str]) -> None:
    hand = play_hand(seed, [Checked(bot) for bot in make_bots(kinds)], rules=get_rules("pagat", **options))
    assert hand.done


def test_it_plays_the_same_hand_for_the_same_seed() -> None:
    first = play_hand(11, make_bots(["rule", "random", "rule", "random"])).record()
    again = play_hand(11, make_bots(["rule", "random", "rule", "random"])).record()
    assert first == again


def test_it_never_discards_a_king_an_honour_or_a_tarokk_when_suit_cards_would_do() -> None:
    for preset in PRESET_NAMES:
        bots = [Checked(RuleBot()) for _ in range(4)]
        for seed in range(60):
            play_hand(seed, bots, rules=PRESETS[preset])
        choices = [choice for bot in bots for choice in bot.choices]
        discards = [(view, action[1]) for view, action in choices if action[0] == "discard"]
        assert discards, preset
        for view, discard in discards:
            assert not set(discard) & (KINGS | HONOURS), (preset, discard)
            spare = [c for c in view.hand if c >= 22 and c not in KINGS]
            if len(spare) >= len(discard):
                assert all(c >= 22 for c in discard), (preset, sorted(view.hand), discard)


def test_it_sees_only_its_own_cards() -> None:
    seen: list[Any] = []

    class Spy(RandomBot):
        def choose(self, view: Any, rng: random.Random) -> Any:
            seen.append(view)
            return super().choose(view, rng)

    play_hand(5, [Spy() for _ in range(4)])
    assert seen
    assert all(len(view.hand) <= 12 for view in seen)
    assert not any(hasattr(view, "hands") for view in seen)


class QuietRandomBot(RandomBot):
    """Random, except that it never announces or says kontra: isolates bidding and card play."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        quiet = [a for a in view.legal if a[0] in ("pass", "call", "declare")]
        return rng.choice(quiet if view.phase == "announcements" and quiet else view.legal)


def test_it_beats_the_random_bot() -> None:
    # 150 seeds x 2 seatings = 300 hands. Measured: +99 points per hand per seat (95% CI +-24; the 2025 bot
    # +98): random bots lose most through wild announcements and kontras, so the bar is set well below that.
    per_seed = duel("rule", "random", range(150))
    assert sum(per_seed) / len(per_seed) > 20


def test_it_beats_a_random_bot_that_never_announces() -> None:
    # Bidding, discarding and card play alone. Measured: +2.5 per hand per seat (95% CI +-0.73) over these
    # 300 hands, +2.5 (+-0.21) over 2,000 seeds; a bot no better than random would score about 0.
    per_seed = duel("rule", QuietRandomBot, range(150))
    assert sum(per_seed) / len(per_seed) > 0.8


#: Digests of the moves of the rule bot as it was before issue 33 §4 (recorded with that code), per preset:
#: 20 seeds of four rule bots, 10 seeds of rule and random bots in turn (see ``_moves_digest``).
RULE_2025_DIGESTS = {
    "emperor": ("89ceb29d5c015f82", "76f4eb6deb744efb"),
    "family_basic": ("89ceb29d5c015f82", "76f4eb6deb744efb"),
    "kegl": ("89ceb29d5c015f82", "644523a744893209"),
    "magus": ("89ceb29d5c015f82", "76f4eb6deb744efb"),
    "pagat": ("89ceb29d5c015f82", "2c2f08de156bd53a"),
    "palatine": ("89ceb29d5c015f82", "76f4eb6deb744efb"),
    "tournament": ("8bfcea87e64ab8e4", "4d6871f63269d538"),
}


def _moves_digest(preset: str, seeds: range, kinds: list[str]) -> str:
    """A digest of every move (seat, kind, argument) of the hands ``seeds`` under ``preset``."""
    digest = hashlib.sha256()
    for seed in seeds:
        moves: list[tuple[int, str, str]] = []
        bots = [BaselineRuleBot() if kind == "rule" else RandomBot() for kind in kinds]

        def note(_hand: Any, seat: int, action: Any, moves: list[tuple[int, str, str]] = moves) -> None:
            moves.append((seat, action[0], repr(action[1])))

        play_hand(seed, bots, rules=PRESETS[preset], on_move=note)
        digest.update(repr(moves).encode())
    return digest.hexdigest()[:16]


def test_the_2025_rule_bot_plays_move_for_move_as_before() -> None:
    for preset, (alone, mixed) in RULE_2025_DIGESTS.items():
        assert _moves_digest(preset, range(20), ["rule"] * 4) == alone, preset
        assert _moves_digest(preset, range(20, 30), ["rule", "random", "rule", "random"]) == mixed, preset
