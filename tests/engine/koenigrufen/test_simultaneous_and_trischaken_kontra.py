"""Königrufen live: several declarers of a negative contract at once (LK, ``Rules.simultaneous``, supplement
18.10) and a Kontra of a Trischaken (``Rules.trischaken_kontra``, 16.19; 18.11's dealer who "can Kontra"):
the join round and its refusals, each declarer's own result and kontra in the summary, the Trischaken's
kontra ladder (the dealer of a Fahren asked too), the views against their schema, the rule and random bots
over thousands of hands, and the replays (the lean path and the core alike) scoring as the summaries do."""

from __future__ import annotations

import copy
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.kit import schema_of
from engine.core.live import LiveDeal
from engine.core.messages import EngineError
from engine.core.trickhand import replay_record
from engine.koenigrufen.bots import negative_fit, strength
from engine.koenigrufen.live import (
    LIVE,
    NEGATIVE_TRICKS,
    KoenigrufenError,
    KoenigrufenHand,
    start,
)
from engine.koenigrufen.record import lean_replay, record_rules, replay
from engine.koenigrufen.rules import resolve_rules
from engine.koenigrufen.scoring import score_summary
from engine.koenigrufen.summary import parse

SEATS = ("A", "B", "C", "D")
#: the auction to B's Bettler: A opens, B bids, the others pass
TO_BETTLER = ("mein spiel", "bid bettler", "pass", "pass", "pass")
PASSES = ("pass", "pass", "pass", "pass")
VALIDATOR = jsonschema.Draft202012Validator(LIVE.view_schema())
SCHEMAS = {name: schema_of("koenigrufen", name)() for name in ("hand-record", "hand-summary")}


def new(seed: int, preset: str = "vacha_lk", dealer: str | None = None, **options: Any) -> KoenigrufenHand:
    rules = resolve_rules(preset, options or None)
    return start(LiveDeal(seed=seed, rules=rules, seats=SEATS, dealer=dealer))


def apply(hand: KoenigrufenHand, *codes: str) -> KoenigrufenHand:
    for code in codes:
        hand.apply(code)
    return hand


def finish(hand: KoenigrufenHand, kind: str = "rule", seed: int = 0) -> KoenigrufenHand:
    rng = random.Random(seed)
    while not hand.done:
        hand.apply(hand.bot_move(kind, rng))
    return hand


def views_ok(hand: KoenigrufenHand) -> None:
    VALIDATOR.validate(hand.public_view())
    for seat in hand.players():
        VALIDATOR.validate(hand.seat_view(seat))


def refused(hand: KoenigrufenHand, code: str) -> KoenigrufenError:
    step = hand.step
    with pytest.raises(KoenigrufenError) as caught:
        hand.apply(code)
    assert hand.step == step  # nothing changed
    return caught.value


def paid(declarers: list[tuple[str, int]]) -> dict[str, int]:
    """Each declarer settled alone against every other player: ``(seat, signed value)``."""
    out = dict.fromkeys(SEATS, 0)
    for seat, value in declarers:
        for other in SEATS:
            if other != seat:
                out[other] -= value
                out[seat] += value
    return out


def replayed_alike(hand: KoenigrufenHand, schemas: bool = False) -> None:
    """The record replays (lean path and core) to the hand's summary and payments, which score as the
    summary does; with ``schemas``, the record and the summary follow their schemas."""
    record = hand.record()
    if schemas:
        jsonschema.validate(record, SCHEMAS["hand-record"])
        jsonschema.validate(hand.summary(), SCHEMAS["hand-summary"])
    lean, core = lean_replay(record), replay_record(record, start, record_rules, KoenigrufenError)
    assert lean is not None
    assert (lean.summary, lean.payments, lean.hand.codes) == (core.summary, core.payments, core.hand.codes)
    assert lean.summary == hand.summary()
    assert score_summary(lean.summary)["payments"] == lean.payments == hand.payments()
    assert sum(lean.payments.values()) == 0


# --- several declarers (LK, 18.10) -------------------------------------------------------------------------
def test_two_declarers_bettler_and_piccolo_each_scored_alone() -> None:
    """Seed 39: B plays Bettler and makes it, C joins with Piccolo and takes two tricks."""
    hand = apply(new(39), *TO_BETTLER)
    assert hand.phase == "join"
    assert hand.to_move() == "C"  # from the declarer's left, each other player once
    assert hand.codes_now() == ("pass", "join zwiccolo", "join piccolo", "join bettler")
    views_ok(hand)
    apply(hand, "join piccolo", "pass", "pass")
    assert hand.phase == "announcements"
    assert hand.more == [("C", "piccolo")]
    assert hand.team("C") == "declarer"
    assert hand.public_view()["more_declarers"] == [{"seat": "C", "contract": "piccolo"}]
    views_ok(hand)
    finish(apply(hand, *PASSES))
    summary = hand.summary()
    assert (summary["declarer"], summary["contract"], summary["won"]) == ("B", "bettler", True)
    assert summary["more_declarers"] == [{"declarer": "C", "contract": "piccolo", "won": False, "kontra": 0}]
    assert (hand.tricks_count["B"], hand.tricks_count["C"]) == (0, 2)
    # B is paid Bettler's 9 by each of the three, C pays Piccolo's 4 to each (18.10, LK's values)
    assert hand.payments() == paid([("B", 9), ("C", -4)]) == {"A": -5, "B": 31, "C": -21, "D": -5}
    replayed_alike(hand, schemas=True)
    assert parse(summary).games[1].declarer == "C"


@pytest.mark.parametrize("stop", [True, False])
def test_each_declarers_result_is_their_own_and_the_hand_ends_when_all_are_decided(stop: bool) -> None:
    outcomes = set()
    for seed in range(60):
        hand = finish(apply(new(seed, stop_when_decided=stop), *TO_BETTLER, "join piccolo", "pass", "pass"))
        summary, count = hand.summary(), hand.tricks_count
        assert summary["won"] == (count["B"] == 0)
        assert summary["more_declarers"][0]["won"] == (count["C"] == 1)
        lost = count["B"] > 0 and count["C"] > 1
        if stop and len(hand.tricks) < 12:
            assert lost  # every declarer had lost: nothing left to decide
            assert hand.stopped
        if stop and lost:
            # the trick that decided the last one ended the hand
            last = hand.tricks[-1][2]
            assert last in ("B", "C")
        if not stop:
            assert len(hand.tricks) == 12
        outcomes.add((summary["won"], summary["more_declarers"][0]["won"]))
        expected = paid([("B", 9 if summary["won"] else -9), ("C", 4 if count["C"] == 1 else -4)])
        assert hand.payments() == expected
        replayed_alike(hand)
    assert len(outcomes) >= 3  # won and lost, for each declarer


def test_three_declarers_and_a_kontra_for_each_game() -> None:
    hand = apply(new(5), *TO_BETTLER, "join zwiccolo", "join bettler", "pass")
    assert hand.more == [("C", "zwiccolo"), ("D", "bettler")]
    assert hand.owners == {"game": "B", "game2": "C", "game3": "D"}
    # the first declarer may kontra the others' games but not their own
    assert hand.codes_now() == ("pass", "kontra game2", "kontra game3")
    labels = {c.code: c.label for c in hand.choices()}
    assert labels["kontra game2"].code == "kr_live_kontra_declarer"
    assert labels["kontra game2"].params == {"kontra": "kontra", "word": "zwiccolo", "seat": "C"}
    assert refused(hand, "kontra game").code == "kr_kontra_turn"
    apply(hand, "kontra game3")  # B doubles D's Bettler
    assert hand.to_move() == "C"
    assert hand.codes_now() == ("pass", "kontra game")  # C may Kontra B's; the Re of D's is D's alone
    apply(hand, "kontra game", "kontra game3")  # C kontras B's Bettler; D says Re to their own
    assert hand.to_move() == "A"
    assert "kontra game3" in hand.codes_now()  # Sub, by anyone but D
    apply(hand, *PASSES)
    assert hand.phase == "play"
    views_ok(hand)
    finish(hand)
    summary = hand.summary()
    assert summary["kontra"] == 1
    assert [(m["declarer"], m["contract"], m["kontra"]) for m in summary["more_declarers"]] == [
        ("C", "zwiccolo", 0),
        ("D", "bettler", 2),
    ]
    count = hand.tricks_count
    signed = [
        (seat, (value if count[seat] == NEGATIVE_TRICKS[contract] else -value) * 2**level)
        for seat, contract, value, level in (
            ("B", "bettler", 9, 1),
            ("C", "zwiccolo", 4, 0),
            ("D", "bettler", 9, 2),
        )
    ]
    assert hand.payments() == paid(signed)
    replayed_alike(hand, schemas=True)


def test_illegal_joins_are_refused_with_their_reason() -> None:
    hand = apply(new(7), "mein spiel")
    assert refused(hand, "join bettler").code == "kr_join_when"  # in the auction: not yet
    apply(hand, "bid bettler", "pass", "pass", "pass")
    for code in ("join solodreier", "join bettler_ouvert", "join trischaken", "join"):
        assert refused(hand, code).code == "kr_join_not_simultaneous"
    assert refused(hand, "bid piccolo").code == "live_not_listed"
    apply(hand, "pass", "pass", "pass")
    assert hand.phase == "announcements"
    assert refused(hand, "join piccolo").code == "kr_join_when"  # too late
    # by these rules only the same contract ...
    same = apply(new(7, simultaneous_join="same"), *TO_BETTLER)
    assert same.codes_now() == ("pass", "join bettler")
    error = refused(same, "join piccolo")
    assert (error.code, error.message.params["word"]) == ("kr_join_same", "bettler")
    # ... or none ranking above the auction's
    lower = apply(new(7, simultaneous_join="not_higher"), "mein spiel", "bid piccolo", "pass", "pass", "pass")
    assert lower.codes_now() == ("pass", "join zwiccolo", "join piccolo")
    assert refused(lower, "join bettler").code == "kr_join_higher"
    # the Wiener Tarockcup has one declarer (18.10): no join round, a join is refused
    wtc = apply(new(7, "wiener_tarockcup"), *TO_BETTLER)
    assert wtc.phase == "announcements"
    assert refused(wtc, "join bettler").code == "kr_join_not_simultaneous"
    # a positive contract has no join round either
    rufer = apply(new(7), "mein spiel", "pass", "pass", "pass", "bid rufer")
    assert rufer.phase == "call"


def test_a_record_with_an_illegal_join_names_the_move() -> None:
    hand = finish(apply(new(39), *TO_BETTLER, "join piccolo", "pass", "pass"))
    record = hand.record()
    i = next(i for i, m in enumerate(record["moves"]) if m["code"] == "join piccolo")
    for code, reason in (("join dreier", "kr_join_not_simultaneous"), ("bid dreier", "live_not_listed")):
        bad = copy.deepcopy(record)
        bad["moves"][i]["code"] = code
        assert lean_replay(bad) is None
        with pytest.raises(KoenigrufenError) as caught:
            replay(bad)
        assert (caught.value.where[0], caught.value.code) == (f"moves[{i}].code", reason)
    same = {**record, "rules": {"preset": "vacha_lk", "options": {"simultaneous_join": "same"}}}
    with pytest.raises(KoenigrufenError) as caught:
        replay(same)
    assert (caught.value.where[0], caught.value.code) == (f"moves[{i}].code", "kr_join_same")
    skipped = {**record, "moves": record["moves"][:i] + record["moves"][i + 3 :]}  # the join round left out
    with pytest.raises(KoenigrufenError) as caught:
        replay(skipped)
    assert caught.value.where[0] == f"moves[{i}].seat"


def test_the_rule_bot_joins_only_with_a_fitting_hand() -> None:
    joined = passed_fit = 0
    for seed in range(400):
        hand = apply(new(seed), *TO_BETTLER)
        while hand.phase == "join":
            seat = hand.to_move()
            code = hand.bot_move("rule", random.Random(seed))
            fit = negative_fit(hand.hands[seat])  # type: ignore[index]
            if code.startswith("join "):
                assert code[5:] in fit
                cards = hand.hands[seat]  # type: ignore[index]
                held = strength(cards)
                assert not {"XXI", "SKIZ"} & set(cards)
                assert max(held["high"], held["kings"]) <= 1  # Zwiccolo's most; none for the others
                if code != "join zwiccolo":
                    assert held["high"] == held["kings"] == 0
                joined += 1
            else:
                passed_fit += bool(fit)
            hand.apply(code)
    assert joined >= 10
    assert passed_fit == 0  # a fitting hand joins


# --- a Kontra of a Trischaken (16.19; 18.11) ----------------------------------------------------------------
TO_TRISCHAKEN = ("mein spiel", "pass", "pass", "pass", "bid trischaken")


def test_a_trischaken_with_kontra_and_retour_doubles_every_payment_twice() -> None:
    hand = apply(new(11, trischaken_kontra=True), *TO_TRISCHAKEN)
    assert hand.phase == "announcements"
    assert hand.to_move() == "A"
    assert hand.codes_now() == ("pass",)  # the first player is the declarer: no Kontra of their own game
    apply(hand, "pass")
    assert hand.codes_now() == ("pass", "kontra game")
    apply(hand, "kontra game", "pass", "pass")
    assert hand.codes_now() == ("pass", "kontra game")  # A's Retour
    views_ok(hand)
    apply(hand, "kontra game")
    assert hand.codes_now() == ("pass",)  # 16.19 names Kontra and Retour: the ladder's top (2)
    assert refused(hand, "kontra game").code == "kr_kontra_turn"
    apply(hand, "pass", "pass", "pass", "pass")
    assert hand.phase == "play"
    finish(hand)
    summary = hand.summary()
    assert (summary["kind"], summary["kontra"]) == ("trischaken", 2)
    plain = score_summary({**summary, "kontra": 0})["payments"]
    assert any(plain.values())
    assert hand.payments() == {seat: 4 * value for seat, value in plain.items()}
    replayed_alike(hand, schemas=True)


def test_the_trischaken_ladder_is_an_option_and_off_by_default() -> None:
    off = apply(new(11), *TO_TRISCHAKEN)
    assert off.phase == "play"  # no announcements: every preset's Trischaken is not kontra'd
    assert refused(off, "kontra game").code == "live_not_listed"
    assert "kontra" not in finish(off).summary()
    sub = apply(
        new(11, trischaken_kontra=True, trischaken_max_kontra=3), *TO_TRISCHAKEN, "pass", "kontra game"
    )
    apply(sub, "pass", "pass", "kontra game")
    assert sub.to_move() == "B"
    assert sub.codes_now() == ("pass", "kontra game")  # a Sub, up to the schedule's max_kontra (3)
    capped = apply(new(11, trischaken_kontra=True, trischaken_max_kontra=5, max_kontra=1), *TO_TRISCHAKEN)
    apply(capped, "pass", "kontra game", "pass", "pass")
    assert capped.codes_now() == ("pass",)
    # a summary's kontra stays on the ladder
    summary = finish(apply(new(11, trischaken_kontra=True), *TO_TRISCHAKEN, *PASSES)).summary()
    assert summary["kontra"] == 0
    with pytest.raises(EngineError) as caught:
        parse({**summary, "kontra": 3})
    assert caught.value.where[0] == "kontra"


def test_the_dealer_of_a_fahren_can_kontra() -> None:
    """18.11: at five the dealer "joins in the first six tricks, and can Kontra"."""
    hand = apply(new(12, dealer="E", trischaken_kontra=True), *TO_TRISCHAKEN)
    assert hand.players() == ("A", "B", "C", "D", "E")
    apply(hand, "pass", "pass", "pass", "pass")
    assert hand.to_move() == "E"
    view = hand.seat_view("E")
    VALIDATOR.validate(view)
    assert [c["code"] for c in view["choices"]] == ["pass", "kontra game"]
    assert sorted(view["hand"]) == sorted(hand.talon)
    apply(hand, "kontra game", "pass", "pass", "pass", "pass", "pass")
    assert hand.phase == "play"
    finish(hand)
    summary = hand.summary()
    assert (summary["seats"], summary["kontra"]) == (["A", "B", "C", "D", "E"], 1)
    plain = score_summary({**summary, "kontra": 0})["payments"]
    assert hand.payments() == {seat: 2 * value for seat, value in plain.items()}
    replayed_alike(hand, schemas=True)
    # without the dealer in the Fahren, four are asked
    four = apply(new(12, dealer="E", trischaken_kontra=True, fahren_dealer_plays_live=False), *TO_TRISCHAKEN)
    apply(four, *PASSES)
    assert four.phase == "play"


# --- the bots over thousands of hands, the replays ----------------------------------------------------------
LK_ON = resolve_rules("vacha_lk", {"trischaken_kontra": True})


def test_the_bots_play_thousands_of_lk_hands_with_both_rules_on() -> None:
    seen: dict[str, int] = {"joined": 0, "kontra_more": 0, "trischaken_kontra": 0, "fahren_kontra": 0}
    for seed in range(2400):
        kind = "random" if seed % 4 == 3 else "rule"
        dealer = "E" if seed % 3 == 0 else None
        hand = start(LiveDeal(seed=seed, rules=LK_ON, seats=SEATS, dealer=dealer))
        if kind == "random" and seed % 8 == 3:
            apply(hand, *TO_TRISCHAKEN)  # the random bot rarely reaches these: lead it there
        elif kind == "random":
            apply(hand, *TO_BETTLER)
        finish(hand, kind, seed)
        seen["joined"] += bool(hand.more)
        seen["kontra_more"] += any(k.startswith("game") and k != "game" for k in hand.kontra)
        if hand.contract == "trischaken" and hand.kontra:
            seen["trischaken_kontra"] += 1
            seen["fahren_kontra"] += any(
                s == "E" and say == "kontra game" for s, say, _t in hand.announcements
            )
        replayed_alike(hand)
    assert seen["joined"] >= 100
    assert seen["kontra_more"] >= 20
    assert seen["trischaken_kontra"] >= 100
    assert seen["fahren_kontra"] >= 5


OPTIONS = st.fixed_dictionaries(
    {
        "trischaken_kontra": st.booleans(),
        "trischaken_max_kontra": st.integers(0, 5),
        "simultaneous_join": st.sampled_from(["any", "not_higher", "same"]),
        "stop_when_decided": st.booleans(),
        "max_kontra": st.integers(0, 5),
    }
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    options=OPTIONS,
    kind=st.sampled_from(["rule", "random"]),
    opening=st.sampled_from([(), TO_BETTLER, TO_TRISCHAKEN]),
    dealer=st.sampled_from([None, "E"]),
)
def test_a_replayed_record_scores_as_its_summary(
    seed: int, options: dict[str, Any], kind: str, opening: tuple[str, ...], dealer: str | None
) -> None:
    rules = resolve_rules("vacha_lk", options)
    hand = apply(start(LiveDeal(seed=seed, rules=rules, seats=SEATS, dealer=dealer)), *opening)
    finish(hand, kind, seed)
    result = replay(hand.record())
    assert score_summary(result.summary)["payments"] == result.payments == hand.payments()
    assert result.summary == hand.summary()


def _records() -> list[dict[str, Any]]:
    out = []
    for seed in range(8):
        hand = apply(new(seed, trischaken_kontra=True), *(TO_BETTLER if seed % 2 else TO_TRISCHAKEN))
        out.append(finish(hand, "random" if seed % 4 < 2 else "rule", seed).record())
    return out


RECORDS = _records()
CODES = st.sampled_from(
    ["pass", "join piccolo", "join bettler", "join zwiccolo", "kontra game", "kontra game2", "kontra game3"]
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.sampled_from(RECORDS), data=st.data(), code=CODES)
def test_the_lean_replay_accepts_and_refuses_as_the_core(
    record: dict[str, Any], data: Any, code: str
) -> None:
    record = copy.deepcopy(record)
    moves = record["moves"]
    i = data.draw(st.integers(0, 16))
    if data.draw(st.booleans()):
        moves[i]["code"] = code
    else:
        moves.insert(i, {"seat": data.draw(st.sampled_from(["A", "B", "C", "D"])), "code": code})
    try:
        core: Any = replay_record(record, start, record_rules, KoenigrufenError)
    except EngineError as exc:
        core = exc
    lean = lean_replay(record)
    if isinstance(core, EngineError):
        assert lean is None
        with pytest.raises(KoenigrufenError) as caught:
            replay(record)
        assert str(caught.value) == str(core)
    else:
        assert lean is not None
        assert (lean.summary, lean.payments) == (core.summary, core.payments)
