"""The game descriptor and the registry (issue 22 §1): what the tournament system will ask of a game, and
that Hungarian Tarokk's answers are what the domain computes itself today (the domain's own functions are
imported inside the tests that compare with them, so that the rest of this file reads without Django)."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.core.cards import legal_follows
from engine.core.cards import trick_winner as common_trick_winner
from engine.core.descriptor import ENTRY_KINDS, Deal, GameDescriptor
from engine.core.messages import EngineError
from engine.core.record import envelope
from engine.core.scoring import KONTRA_FACTOR, KONTRA_NAMES, kontra_name, settle, team_payments
from engine.games import GAMES, UnknownGame, game, game_of_stored
from engine.hungarian import cards
from engine.hungarian.bots import make_bots, play_hand
from engine.hungarian.record import replay
from engine.hungarian.record_format import rules_from_spec
from engine.hungarian.rules import PRESETS, Rules, RulesError, get_rules
from engine.hungarian.scoring import item_payments, score, score_summary
from engine.hungarian.summary import parse_summary
from engine.rules import resolve_rules

ROOT = Path(__file__).resolve().parents[2]
HUNGARIAN = game("hungarian")
KINDS_12 = [  # twelve deals' worth of hand kinds, throw-ins among them
    ["played"] * 12,
    ["played", "passed_out", "played", "played", "annulled", "played", "played", "played", "passed_out"] * 2,
    ["passed_out", "passed_out", "played", "annulled", "played", "played"] * 2,
]


def _summaries(n: int = 40) -> list[dict[str, Any]]:
    """Played hands' summaries under each preset, at four and at five (sitting out, sír-nevet or not)."""
    out = []
    for preset in PRESETS:
        for seed in range(n):
            summary = play_hand(seed, make_bots(["rule"] * 4), rules=get_rules(preset)).summary()
            summary["rules"] = preset
            out.append(summary)
            for weeps in (False, True):
                five = dict(summary, sitting_out="E")
                five["rules"] = {"preset": preset, "options": {"five_player_dealer_weeps_laughs": weeps}}
                out.append(five)
    return out


def test_the_registry_holds_hungarian_tarokk_and_names_no_default_game() -> None:
    assert GAMES["hungarian"] is HUNGARIAN is game("hungarian")
    with pytest.raises(TypeError):
        game()  # type: ignore[call-arg]
    assert isinstance(HUNGARIAN, GameDescriptor)
    assert HUNGARIAN.id == "hungarian"
    assert set(HUNGARIAN.names) == {"hu", "en", "de"}
    assert HUNGARIAN.name("en") == "Hungarian Tarokk"
    assert HUNGARIAN.name("xx") == HUNGARIAN.names["en"]


@pytest.mark.parametrize("unknown", ["no_such_game", "", None, 3])
def test_an_unknown_game_is_a_clear_engine_error(unknown: Any) -> None:
    with pytest.raises(UnknownGame) as caught:
        game(unknown)
    assert isinstance(caught.value, EngineError)
    assert caught.value.code == "unknown_game"
    assert "known: hungarian" in str(caught.value)


def test_hungarian_table_sizes_and_who_sits_out() -> None:
    assert HUNGARIAN.table_sizes == (4, 5)
    assert HUNGARIAN.players_per_deal == 4
    assert HUNGARIAN.sitting_out(("A", "B", "C", "D"), "B") == ()
    assert HUNGARIAN.sitting_out(("A", "B", "C", "D", "E"), "C") == ("C",)
    assert HUNGARIAN.sitting_out_shares(get_rules("pagat")) is None
    assert (
        HUNGARIAN.sitting_out_shares(get_rules("pagat", five_player_dealer_weeps_laughs=True)) == "opponents"
    )


@pytest.mark.parametrize("doubled_rounds", ["overlap", "none", "extra_round", "quadruple_round"])
@pytest.mark.parametrize("positions", ["ABCD", "ABCDE"])
def test_the_deal_sequence_is_the_one_tournaments_formats_computes(
    positions: str, doubled_rounds: str
) -> None:
    from tournaments.core.formats import deal_sequence

    rules = get_rules("pagat", doubled_rounds=doubled_rounds)
    seats = tuple(positions)
    for kinds, first in itertools.product(KINDS_12, seats[:2]):
        for n in range(12):
            ours = HUNGARIAN.deal(seats, first, kinds[:n], rules)
            theirs = deal_sequence(seats, first, kinds[:n], rules, {"game": "hungarian"})
            assert isinstance(ours, Deal)
            assert (ours.number, ours.dealer, ours.active, ours.stake) == (
                theirs.number,
                theirs.dealer,
                theirs.active,
                theirs.stake,
            )
            assert ours.sitting_out == HUNGARIAN.sitting_out(seats, ours.dealer)
            assert set(ours.active) | set(ours.sitting_out) == set(seats)
    for n in range(1, 13):  # every hand played: the deal passes on by one seat
        assert (
            HUNGARIAN.dealer(seats, "B", n) == HUNGARIAN.deal(seats, "B", ["played"] * (n - 1), rules).dealer
        )


def test_hungarian_accepts_every_entry_kind() -> None:
    assert HUNGARIAN.entry_kinds == frozenset({"payments", "summary", "record"}) == frozenset(ENTRY_KINDS)


def test_the_summary_schema_validates_a_known_summary() -> None:
    schema = HUNGARIAN.summary_schema()
    assert schema == json.loads(
        (ROOT / "engine/schemas/hungarian/hand-summary.schema.json").read_text("utf-8")
    )
    jsonschema.Draft202012Validator.check_schema(schema)
    for summary in _summaries(3):
        jsonschema.validate(summary, schema, cls=jsonschema.Draft202012Validator)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"kind": "played"}, schema, cls=jsonschema.Draft202012Validator)


def test_the_scorer_is_the_engines_scoring() -> None:
    for summary in _summaries():
        assert HUNGARIAN.score(summary) == score_summary(summary)
        assert sum(HUNGARIAN.score(summary)["payments"].values()) == 0
    summary = _summaries(1)[0]
    assert HUNGARIAN.score(summary, get_rules("tournament")) == score_summary(
        summary, get_rules("tournament")
    )


def test_the_replayer_is_the_engines_replay() -> None:
    for seed in range(5):
        record = play_hand(seed, make_bots(["rule"] * 4)).record()
        ours, theirs = HUNGARIAN.replay(record), replay(record)
        assert (ours.summary, ours.payments) == (theirs.summary, theirs.payments)
        assert game_of_stored(record) == "hungarian"  # a record of version 1 names no game
        assert game_of_stored({**record, "game": "talon"}) == "talon"
        assert envelope(record).game is None
        assert envelope(record).seed == seed
        assert envelope(record).rules == record["rules"]
        assert "tricks" in envelope(record).actions


# The settlement ``tournaments/services/disputes.py`` wrote again before issue 22 (``item_payments``), kept
# here as the reference the engine's one is checked against.
def domain_item_payments(
    item: Mapping[str, Any], s: Any, rules: Any, positions: Sequence[str]
) -> dict[str, int] | None:
    """What one scored item moves between the seats (``None``: nothing in the payments, e.g. kegl's pot).

    pagat, "The scoring": "each player on the losing team pays one of the players on the winning team the
    net score ... If you are playing alone against the other three players ... you are paid the net score
    by each of them"; at five "the dealer neither wins nor loses" (unless sír-nevet). So a team item worth
    v moves v per pair: +v to each of declarer and partner and -v from each opponent, or +3v to a lone
    declarer. ``engine.scoring._score_played`` settles the same way.
    """
    moves = dict.fromkeys(positions, 0)
    value, name, seat = item["value"], item["name"], item.get("seat")
    team_item = name not in ("eight_tarokks", "nine_tarokks") or rules.declared_tarokks_team_item
    if item.get("team") is not None and team_item:
        net = value if item["won"] == (item["team"] == "declarer") else -value
        for active in s.seats:
            moves[active] = -net
        if s.partner is None:
            moves[s.declarer] = 3 * net  # type: ignore[index]
        else:
            moves[s.declarer] = moves[s.partner] = net  # type: ignore[index]
        if s.sitting_out is not None and rules.five_player_dealer_weeps_laughs:
            moves[s.sitting_out] = -net
            moves[s.declarer] += net  # type: ignore[index]
        return moves
    if name in ("eight_tarokks", "nine_tarokks") and seat is not None:  # paid between seats
        payers = (
            [x for x in s.seats if x != seat]
            if item["announced"]
            else [x for x in s.seats if x != seat and s.team_of(x) == s.team_of(seat)]
        )
        for payer in payers:
            moves[payer] -= value
        moves[seat] += value * len(payers)
        return moves
    if name == "talon_honour" and seat is not None and s.sitting_out is not None:
        moves[seat], moves[s.sitting_out] = -value, value
        return moves
    if name in ("trial_three", "penalty") and seat is not None and not rules.ultimo_pot:
        for active in s.seats:
            moves[active] = value
        moves[seat] = -3 * value
        return moves
    return None


def test_item_payments_settle_as_the_disputes_explanation_does() -> None:
    """The engine's one settlement gives the same moves for every item as the disputes' copy did, and the
    team items add up to the score's payments."""
    for summary in _summaries():
        rules = resolve_rules(summary["rules"], game_id="hungarian")
        parsed = parse_summary(summary, rules)
        positions = [*parsed.seats, *([parsed.sitting_out] if parsed.sitting_out else [])]
        scored = score(parsed, rules)
        for item in scored.items:
            ours = HUNGARIAN.item_payments(item, parsed, rules, positions)
            assert ours == domain_item_payments(item, parsed, rules, positions), item
            assert ours is None or sum(ours.values()) == 0
        moved = [item_payments(item, parsed, rules, positions) for item in scored.items]
        total = {p: sum(m[p] for m in moved if m is not None) for p in positions}
        assert total == scored.payments


def test_settle_adds_transfers_up_per_seat_and_a_team_item_is_settled_by_pairs() -> None:
    assert settle("ABCD", []) == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert settle("ABC", [("A", "B", 2), ("C", "B", -1)]) == {"A": -2, "B": 1, "C": 1}
    pairs = [("B", "A", 5), ("D", "C", 5)]
    assert (
        team_payments("ABCDE", 5, "ABCD", ("A", "C"))
        == settle("ABCDE", pairs)
        == {
            "A": 5,
            "B": -5,
            "C": 5,
            "D": -5,
            "E": 0,
        }
    )
    alone = [("B", "A", -2), ("C", "A", -2), ("D", "A", -2), ("E", "A", -2)]
    assert team_payments("ABCDE", -2, "ABCD", ("A",), ("E",)) == settle("ABCDE", alone)
    assert settle("ABCDE", alone) == {"A": -8, "B": 2, "C": 2, "D": 2, "E": 2}


def test_the_kontra_ladder() -> None:
    assert KONTRA_NAMES == ("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
    assert KONTRA_FACTOR == (1, 2, 4, 8, 16, 32)
    assert [kontra_name(level) for level in range(7)] == ["", *KONTRA_NAMES, "mordkontra"]
    assert HUNGARIAN.kontra_names == KONTRA_NAMES


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_one_rules_resolver_agrees_with_the_three_ways_of_today(preset: str) -> None:
    from tournaments.core.formats import rules_for

    options = {"trial_three_allowed": False, "annulment_holdings": ["four_kings"]}
    expected = get_rules(preset, **dict(options))
    assert resolve_rules(preset, game_id="hungarian") is PRESETS[preset] is HUNGARIAN.presets[preset]
    assert resolve_rules(preset, options, game_id="hungarian") == expected
    assert rules_for(preset, options, {"game": "hungarian"}) == expected
    assert resolve_rules(expected.spec(), game_id="hungarian") == expected
    assert rules_from_spec(expected.spec()) == expected
    assert resolve_rules(expected, game_id="hungarian") is expected
    assert resolve_rules(PRESETS[preset], options, game_id="hungarian") == expected
    assert resolve_rules({"preset": preset}, options, game_id="hungarian") == expected
    assert isinstance(resolve_rules(preset, game_id="hungarian"), Rules)


@pytest.mark.parametrize(
    "spec",
    ["nope", {"preset": "nope"}, {"preset": "pagat", "x": 1}, [], {"options": "x"}, {"options": {"x": 1}}],
)
def test_the_resolver_says_what_is_wrong_with_a_spec(spec: Any) -> None:
    with pytest.raises(RulesError):
        resolve_rules(spec, game_id="hungarian")
    with pytest.raises(UnknownGame):
        resolve_rules("pagat", game_id="nope")


def test_the_terms_and_vocabularies_are_the_ones_the_domain_shows() -> None:
    from django.utils import translation

    from tournaments.core.labels import HUNGARIAN_SENTENCE_WORDS
    from tournaments.templatetags.tarokk import glossary

    with translation.override("en"):  # the lazy texts' English msgids
        terms = {t["key"]: t for t in glossary("hungarian")}
        assert list(HUNGARIAN.terms) == list(terms)
        for key, term in HUNGARIAN.terms.items():
            shown = terms[key]
            assert (term.word, term.plain, term.gloss) == (
                shown["word"],
                None if shown["local"] is None else str(shown["local"]),
                str(shown["gloss"]),
            )
    assert set(HUNGARIAN.vocabularies) == set(HUNGARIAN_SENTENCE_WORDS)
    for name, words in HUNGARIAN.vocabularies.items():
        assert set(words) == set(HUNGARIAN_SENTENCE_WORDS[name]), name


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_the_cli_takes_a_game() -> None:
    plain = _cli("--game", "hungarian", "rules", "--preset", "pagat", "--json")
    assert plain.returncode == 0
    for args in (("rules", "--game", "hungarian"), ("--game=hungarian", "rules")):
        chosen = _cli(*args, "--preset", "pagat", "--json")
        assert (chosen.returncode, chosen.stdout) == (0, plain.stdout)


def test_the_cli_has_no_default_game(tmp_path: Path) -> None:
    missing = _cli("rules", "--preset", "pagat")
    assert missing.returncode == 2
    assert "name the game: --game {hungarian,koenigrufen" in missing.stderr
    record = tmp_path / "hand.json"
    record.write_text(json.dumps(play_hand(3, make_bots(["rule"] * 4)).record()), encoding="utf-8")
    replayed = _cli("replay", str(record))  # a record names its game (one of version 1: Hungarian)
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["payments"]


def test_the_cli_refuses_an_unknown_game() -> None:
    result = _cli("--game", "skat", "score", "-")
    assert result.returncode == 2
    assert "unknown game 'skat' (known: hungarian" in result.stderr  # and every game registered
    assert result.stdout == ""


def test_the_hungarian_pack_and_tricks_follow_the_common_building_blocks() -> None:
    assert (cards.PACK.size, cards.PACK.trumps, cards.PACK.suit_cards) == (42, 22, 5)
    deck = list(range(cards.N_CARDS))
    rng = random.Random(7)

    def suit(c: int) -> int | None:
        return None if cards.is_tarokk(c) else cards.suit_of(c)

    for _ in range(2000):
        rng.shuffle(deck)
        trick = deck[:4]
        assert common_trick_winner(trick, cards.beats) == cards.trick_winner(trick)
        hand, led = deck[4:13], deck[13]
        allowed = cards.FOLLOW_MASK[led] & cards.mask(hand) or cards.TAROKK_MASK & cards.mask(hand)
        expected = cards.cards_of(allowed) if allowed else sorted(hand)
        assert sorted(legal_follows(hand, led, suit)) == expected
