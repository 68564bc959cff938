"""Cego played live (engine.cego.live): every preset at every table size to the end with the rule and the
random bots, the views (their schema, what they hide), refused moves, and the rules of the play from the
texts (Dummett & McLeod supplement 17.3, 17.4 and the Geregelte Räuber erratum)."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest

from engine.cego import play as P
from engine.cego.live import LIVE, PHASES, CegoHand, CegoMoveError, bot_record, replay, start
from engine.cego.rules import PRESETS, resolve_rules
from engine.core.live import LiveDeal
from engine.core.messages import EngineError, Message
from engine.games import game

CEGO = game("cego")
VIEW = jsonschema.Draft202012Validator(LIVE.view_schema())


def tables(preset: str) -> list[tuple[tuple[str, ...], str]]:
    """(active seats from Vorhand on, dealer) of each table size the descriptor lists, under ``preset``:
    three seats; four where the dealer sits out (17.3) or, in 17.4's four-handed game, where all play."""
    out = []
    for size in CEGO.table_sizes:
        deal = CEGO.deal("ABCD"[:size], "A", [], PRESETS[preset])
        out.append((deal.active, deal.dealer))
    return out


CASES = [(preset, seats, dealer) for preset in PRESETS for seats, dealer in tables(preset)]


def hand_of(seed: int, preset: str, seats: tuple[str, ...], dealer: str | None, **options: Any) -> CegoHand:
    rules = resolve_rules(preset, options or None)
    return start(LiveDeal(seed=seed, rules=rules, seats=seats, stake=1, dealer=dealer))


def play_out(hand: CegoHand, bot: str, rng: random.Random) -> CegoHand:
    while not hand.done:
        hand.apply(hand.bot_move(bot, rng))
    return hand


def test_the_tables_cover_every_size_and_who_sits_out() -> None:
    assert ("ichenheim", ("B", "C", "D"), "A") in CASES  # 17.3: the dealer of four sits out
    assert ("four_handed", ("B", "C", "D", "A"), "A") in CASES  # 17.4: all four play
    assert ("ichenheim_three_handed", ("B", "C", "A"), "A") in CASES


@pytest.mark.parametrize(("preset", "seats", "dealer"), CASES)
@pytest.mark.parametrize("bot", ["rule", "random"])
def test_every_preset_plays_to_the_end(preset: str, seats: tuple[str, ...], dealer: str, bot: str) -> None:
    contracts = set()
    for seed in range(60):
        hand = play_out(hand_of(seed, preset, seats, dealer), bot, random.Random(seed))
        summary, payments = hand.summary(), hand.payments()
        assert CEGO.score(summary)["payments"] == payments
        assert sum(payments.values()) == 0
        table = set(seats) | {dealer}
        assert set(payments) == table  # the sitting-out dealer is paid with the defenders
        got = replay(hand.record())
        assert (got.summary, got.payments) == (summary, payments)
        contracts.add(summary.get("contract", summary["kind"]))
        if hand.declarer is not None:
            assert sorted(hand._declarer_pile(hand.declarer)) == sorted(hand.piles()[hand.declarer])
        piles = hand.piles()
        pack = hand.rules.pack(len(seats))
        every = sorted(c for pile in piles.values() for c in pile)
        assert every == sorted(P.PACKS[pack]) or hand.contract in (
            "ulti",
            "solodu",
            "piccolo",
            "bettel",
            "solo",
        )
        n = len(seats)
        hand_size, blinde = P.shape(n, pack)
        assert sum(len(cards) for _l, cards, _w in hand.play.tricks) == n * hand_size  # type: ignore[union-attr]
        assert len(hand.blinde) == blinde
    assert len(contracts) >= 2


@pytest.mark.parametrize(("preset", "seats", "dealer"), CASES)
def test_the_deal_is_the_whole_pack_from_the_seed(preset: str, seats: tuple[str, ...], dealer: str) -> None:
    hand = hand_of(7, preset, seats, dealer)
    again = hand_of(7, preset, seats, dealer)
    assert hand.hands == again.hands
    assert hand.blinde == again.blinde
    cards = [c for s in seats for c in hand.hands[s]] + hand.blinde
    # three play the 51 cards (the diamond 4 and the black 7s out), four the whole pack of 54
    assert sorted(cards) == sorted(P.CARDS if len(seats) == 4 else set(P.CARDS) - {"D4", "C7", "S7"})
    size = len(hand.hands[seats[0]])
    assert size == (11 if len(seats) == 4 else 13)
    assert len(hand.blinde) == (10 if len(seats) == 4 else 12)
    assert hand_of(8, preset, seats, dealer).hands != hand.hands


def _hidden(hand: CegoHand, seat: str | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may not know: every other seat's unplayed cards but those the
    rules showed (the kept empty cards), the Blinde unless the seat took it, and the declarer's Legage
    but its shown Trocks."""
    shown = set(hand.shown_kept) | set(hand.shown_discards)
    hidden = {c for s in hand.seats if s != seat for c in hand.cards_of(s)} - shown
    if hand.blinde_to != seat or seat is None:
        hidden |= {c for c in hand.blinde if not any(c in hand.cards_of(s) for s in [seat] if s)}
    if seat != hand.declarer or seat is None:
        hidden |= set(hand.legage) - shown
    played = {c for _l, cards, _w in (hand.play.tricks if hand.play else []) for c in cards}
    played |= {c for _s, c in (hand.play.trick if hand.play else [])}
    return hidden - played - shown


def _names(view: Any) -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, v in value.items():
                if key not in ("label", "hint"):
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            found.update(value.split(" "))

    walk(view)
    return found & set(P.CARDS)


@pytest.mark.parametrize(("preset", "seats", "dealer"), CASES)
def test_views_follow_the_schema_and_hide_what_they_must(
    preset: str, seats: tuple[str, ...], dealer: str
) -> None:
    for seed in range(4):
        hand = hand_of(seed, preset, seats, dealer)
        rng = random.Random(seed)
        while True:
            public = hand.public_view()
            check = hand.step % 5 == 0 or hand.done or hand.phase != "play"  # the schema: every few steps
            if check:
                VIEW.validate(public)
            assert "hand" not in public
            assert "choices" not in public
            if not hand.done:
                assert not _names(public) & _hidden(hand, None)
            for seat in seats:
                view = hand.seat_view(seat)
                if check:
                    VIEW.validate(view)
                assert view["hand"] == P.PACK.order(hand.cards_of(seat))
                assert bool(view["choices"]) == (hand.to_move() == seat)
                if not hand.done:
                    assert not _names(view) & _hidden(hand, seat), (seat, hand.phase)
            if hand.done:
                assert public["result"]["summary"] == hand.summary()
                break
            hand.apply(hand.bot_move("rule" if seed % 2 else "random", rng))
    assert set(PHASES) >= {"specials", "auction", "keep", "discard", "play", "done"}


def test_an_illegal_move_names_the_step_and_the_rule_and_changes_nothing() -> None:
    hand = hand_of(3, "ichenheim", ("B", "C", "D"), "A")
    rng = random.Random(3)
    while hand.phase != "play" or not hand.play or not hand.play.trick:
        hand.apply(hand.bot_move("rule", rng))
    seat = hand.to_move()
    assert seat is not None
    legal = set(hand.legal_cards(seat))
    wrong = [c for c in hand.cards_of(seat) if c not in legal]
    before = (hand.step, list(hand.codes), hand.seat_view(seat), hand.public_view())
    bad = [f"play {wrong[0]}"] if wrong else []
    bad += ["play XYZ", "pass", "", "discard HK", 17]
    for code in bad:
        with pytest.raises(CegoMoveError) as caught:
            hand.apply(code)  # type: ignore[arg-type]
        step = caught.value.where[0]
        assert isinstance(step, Message)
        assert step.code == "step_trick_seat"
        assert caught.value.message.code
        assert (hand.step, list(hand.codes), hand.seat_view(seat), hand.public_view()) == before
    if wrong:
        with pytest.raises(CegoMoveError) as caught:
            hand.apply(f"play {wrong[0]}")
        assert caught.value.code in {
            "cego_follow",
            "cego_trump",
            "cego_overtake",
            "cego_raeuber_first_tricks",
        }
    held = next(c for c in P.CARDS if not any(c in hand.cards_of(s) for s in hand.seats))
    with pytest.raises(CegoMoveError) as caught:
        hand.apply(f"play {held}")
    assert caught.value.code == "seat_lacks_card"


def _to_phase(hand: CegoHand, say: dict[str, str]) -> None:
    """Bid for each seat what ``say`` gives it (default pass), until the bidding is over."""
    while hand.phase in ("specials", "auction"):
        seat = hand.to_move()
        assert seat is not None
        codes = [c.code for c in hand.choices()]
        wanted = say.get(f"{hand.phase}:{seat}", "pass")
        hand.apply(wanted if wanted in codes else codes[0])


def test_vorhands_cego_is_compulsory_when_all_pass_the_first_round() -> None:
    hand = hand_of(1, "ichenheim", ("B", "C", "D"), "A")
    for _ in range(3):
        hand.apply("pass")
    assert hand.phase == "auction"
    assert hand.to_move() == "B"
    codes = [c.code for c in hand.choices()]
    assert "pass" not in codes
    assert codes[0] == "cego"
    with pytest.raises(CegoMoveError) as caught:
        hand.apply("pass")
    assert caught.value.code == "cego_compulsory"
    hand.apply("cego")
    hand.apply("pass")
    hand.apply("pass")
    # 17.4: at a table of four the first player may announce a Räuber instead of playing Cego
    assert hand.phase == "raeuber"
    assert hand.to_move() == "B"
    strict = hand_of(1, "ichenheim_three_handed", ("B", "C", "D"), "A")
    for code in ("pass", "pass", "pass", "cego", "pass", "pass"):
        strict.apply(code)
    assert strict.phase == "keep"  # no Räuber in the strict preset: Cego is played


def test_a_bid_must_outbid_and_a_pass_is_final() -> None:
    hand = hand_of(1, "ichenheim", ("B", "C", "D"), "A")
    hand.apply("solo")
    assert hand.to_move() == "C"
    codes = [c.code for c in hand.choices()]
    assert "solo" not in codes
    assert "pass" in codes
    with pytest.raises(CegoMoveError) as caught:
        hand.apply("solo")
    assert caught.value.code == "cego_bid_low"
    hand.apply("pass")
    hand.apply("pass")
    assert (hand.phase, hand.declarer, hand.contract) == ("play", "B", "solo")


def test_solodu_is_three_handed_and_piccolo_bettel_only_where_the_specials_are() -> None:
    three = hand_of(2, "ichenheim", ("B", "C", "A"), "A")
    assert "solodu" in three.specials
    assert "piccolo" not in three.specials
    four = hand_of(2, "ichenheim", ("B", "C", "D"), "A")
    assert {"piccolo", "bettel", "ulti"} <= set(four.specials)
    all_four = hand_of(2, "four_handed", ("B", "C", "D", "A"), "A")
    assert "solodu" not in all_four.specials
    assert {"piccolo", "bettel"} <= set(all_four.specials)


def _find(
    preset: str, seats: tuple[str, ...], dealer: str, test: Any, n: int = 400, **options: Any
) -> tuple[int, CegoHand]:
    for seed in range(n):
        hand = hand_of(seed, preset, seats, dealer, **options)
        if test(hand):
            return seed, hand
    raise AssertionError("no deal found")


@pytest.mark.parametrize(("pack", "laid_away"), [("51", 0), ("54", 3)])
def test_eine_leere_keeps_a_genuine_empty_card_shows_it_and_leads_it(pack: str, laid_away: int) -> None:
    """17.3: "In Eine Leere, Zwei Leere and Zwei Verschiedene, the cards led by the declarer must be genuine
    empty cards (Brettli)". With the 51 cards the kept card and the Blinde's 12 are the 13 he plays; with the
    whole pack he lays three of the Blinde's 15 away."""
    _seed, hand = _find(
        "ichenheim",
        ("B", "C", "A"),
        "A",
        lambda h: P.may_bid("eine_leere", h.hands["C"]),
        three_handed_pack=pack,
    )
    _to_phase(hand, {"auction:B": "cego", "auction:C": "eine_leere"})
    assert (hand.phase, hand.declarer, hand.contract) == ("keep", "C", "eine_leere")
    codes = [c.code for c in hand.choices()]
    assert codes
    assert all(code.split()[1] in P.EMPTY for code in codes)
    court = next((c for c in hand.hands["C"] if c not in P.EMPTY), None)
    if court:
        with pytest.raises(CegoMoveError) as caught:
            hand.apply(f"keep {court}")
        assert caught.value.code == "cego_keep"
    hand.apply(codes[0])
    kept = codes[0].split()[1]
    assert hand.public_view()["kept"] == [kept]
    if laid_away:
        assert hand.phase == "discard"
        choice = hand.choices()[0]
        assert choice.pick == laid_away  # 13 cards: one kept and the 15 of the Blinde, three laid away
        assert kept not in choice.cards
        assert not set(choice.cards) & (P.KINGS | P.HONOURS)
        hand.apply(" ".join(["discard", *choice.cards[:laid_away]]))
    assert hand.phase == "play"
    assert len(hand.cards_of("C")) == 13
    assert hand.to_move() == "C"  # the declarer leads his empty card
    assert hand.legal_cards("C") == [kept]
    with pytest.raises(CegoMoveError) as caught:
        hand.apply(f"play {next(c for c in hand.cards_of('C') if c != kept)}")
    assert caught.value.code == "cego_lead_empty"


def test_with_the_option_off_vorhand_leads_and_the_declarer_leads_his_empty_card_at_his_first_lead() -> None:
    def ok(h: CegoHand) -> bool:
        return P.may_bid("eine_leere", h.hands["C"])

    for seed in range(400):
        hand = hand_of(seed, "ichenheim", ("B", "C", "A"), "A", leere_declarer_leads=False)
        if ok(hand):
            break
    _to_phase(hand, {"auction:B": "cego", "auction:C": "eine_leere"})
    hand.apply(hand.choices()[0].code)
    kept = hand.kept[0]
    assert hand.phase == "play"  # one kept and the Blinde's 12: nothing to lay away (the 51 cards)
    assert hand.to_move() == "B"  # Vorhand leads
    rng = random.Random(1)
    while not hand.done and kept in hand.cards_of("C"):
        if hand.to_move() == "C" and not hand.play.trick:  # type: ignore[union-attr]
            assert hand.legal_cards("C") == [kept]
        hand.apply(hand.bot_move("random", rng))


@pytest.mark.parametrize(("pack", "laid_away"), [("51", 1), ("54", 4)])
def test_zwei_leere_keeps_two_empty_cards_of_one_suit(pack: str, laid_away: int) -> None:
    def ok(h: CegoHand) -> bool:
        return P.may_bid("zwei_leere", h.hands["B"])

    _seed, hand = _find("ichenheim", ("B", "C", "A"), "A", ok, three_handed_pack=pack)
    _to_phase(hand, {"auction:B": "zwei_leere"})
    assert hand.contract == "zwei_leere"
    for choice in hand.choices():
        a, b = choice.code.split()[1:]
        assert a[0] == b[0]
        assert {a, b} <= P.EMPTY
    hand.apply(hand.choices()[0].code)
    assert hand.choices()[0].pick == laid_away  # two kept and 12 (15): one (four) laid away


def test_ulti_keeps_the_trock_one_for_the_last_trick() -> None:
    """17.3: Ulti is "to play with one's original hand and win the last trick with Trock I"."""
    _seed, hand = _find("ichenheim", ("B", "C", "A"), "A", lambda h: P.PAGAT in h.hands["B"])
    _to_phase(hand, {"specials:B": "ulti"})
    assert (hand.contract, hand.declarer) == ("ulti", "B")
    rng = random.Random(0)
    while not hand.done:
        seat = hand.to_move()
        if seat == "B" and len(hand.cards_of("B")) > 1:
            legal = hand.legal_cards("B")
            assert P.PAGAT not in legal or legal == [P.PAGAT]
        hand.apply(hand.bot_move("random", rng))
    leader, cards, winner = hand.play.tricks[-1]  # type: ignore[union-attr]
    own = cards[(hand.seats.index("B") - hand.seats.index(leader)) % 3]
    assert hand.summary()["made"] == (winner == "B" and own == P.PAGAT)


def test_the_raeuber_first_three_tricks_from_the_erratum() -> None:
    """The Geregelte Räuber erratum's example: "a player who held the 16, 1 and no other Trocks would have
    to play the 16 to the first trick, a Brettli to the second and the 1 to the third"."""
    cards = ["XVI", "I", "H2", "HK", "C9"]
    assert P.raeuber_cards(cards, 0, "brettli") == ["XVI"]
    cards.remove("XVI")
    assert P.raeuber_cards(cards, 1, "brettli") == ["H2", "C9"]
    assert P.raeuber_cards(cards, 1, "no_kings") == ["H2", "C9"]  # 17.4: suit cards, but not Kings
    cards.remove("H2")
    assert P.raeuber_cards(cards, 2, "brettli") == ["I"]
    # the Gstieß to the first trick, the 21 to the second, before any other Trock
    assert P.raeuber_cards(["XX", "SKIZ", "XXI"], 0, "no_kings") == ["SKIZ"]
    assert P.raeuber_cards(["XX", "XXI"], 0, "no_kings") == ["XX"]  # the 21 is saved for the second
    assert P.raeuber_cards(["XX", "XXI"], 1, "no_kings") == ["XXI"]
    assert P.raeuber_cards(["HQ", "HK", "XXI"], 0, "no_kings") == ["HQ"]


def _raeuber_hand(preset: str, seats: tuple[str, ...], dealer: str) -> CegoHand:
    hand = hand_of(5, preset, seats, dealer)
    _to_phase(hand, {f"auction:{seats[0]}": "cego"})
    assert hand.phase == "raeuber"
    hand.apply("raeuber")
    return hand


@pytest.mark.parametrize(
    ("preset", "seats"), [("ichenheim", ("B", "C", "D")), ("four_handed", ("B", "C", "D", "A"))]
)
def test_a_raeuber_is_played_and_scored_by_each_players_points(preset: str, seats: tuple[str, ...]) -> None:
    hand = _raeuber_hand(preset, seats, "A")
    assert hand.kind == "raeuber"
    assert hand.declarer is None
    rng = random.Random(1)
    while not hand.done:
        play = hand.play
        assert play is not None
        seat = hand.to_move()
        assert seat is not None
        if len(play.tricks) < 3:
            forced = (P.SKIZ, P.MOND, P.PAGAT)[len(play.tricks)]
            if forced in hand.cards_of(seat):
                assert hand.legal_cards(seat) == [forced]
        hand.apply(hand.bot_move("random", rng))
    summary = hand.summary()
    assert summary["kind"] == "raeuber"
    last_winner = hand.play.tricks[-1][2]  # type: ignore[union-attr]
    assert hand.blinde_to == last_winner  # 17.4: the Blinde to the winner of the last trick
    payments = hand.payments()
    assert payments == CEGO.score(summary)["payments"]
    assert sum(payments.values()) == 0
    # 17.4: the player who takes most points pays 5 to each opponent, doubled per player without a trick
    without = sum(1 for n in summary["seat_tricks"].values() if n == 0)
    losers = [s for s in seats if payments[s] < 0]
    assert losers
    if len(losers) == 1:
        assert payments[losers[0]] == -5 * 2**without * (len(seats) - 1)


def test_the_solo_declarer_counts_the_blinde_unless_the_option_gives_it_to_the_defenders() -> None:
    def solo(h: CegoHand) -> bool:
        return True

    counts = {}
    for option in ("declarer", "defenders"):
        hand = hand_of(11, "ichenheim", ("B", "C", "A"), "A", solo_blinde=option)
        hand.apply("solo")
        hand.apply("pass")
        hand.apply("pass")
        play_out(hand, "rule", random.Random(2))
        counts[option] = hand.summary().get("card_points")
    blinde = P.rounded(P.pile_thirds(hand_of(11, "ichenheim", ("B", "C", "A"), "A").blinde))
    if counts["declarer"] is not None and counts["defenders"] is not None:
        assert counts["declarer"] - counts["defenders"] in (blinde - 1, blinde, blinde + 1)


def test_four_positions_under_three_player_rules_seat_the_dealer_out() -> None:
    """17.3's table of four given as its positions from Vorhand on (what generic tools pass, the game's
    players_per_deal): the last, the dealer, sits out and is paid with the defenders."""
    record = bot_record(4, "ichenheim", ("A", "B", "C", "D"))
    assert (record["seats"], record["dealer"]) == (["A", "B", "C"], "D")
    assert set(replay(record).payments) == {"A", "B", "C", "D"}
    hand = start(LiveDeal(seed=1, rules=PRESETS["ichenheim"], seats=("A", "B", "C", "D")))
    assert (hand.seats, hand.sitting_out) == (("A", "B", "C"), "D")
    view = hand.seat_view("D")
    assert view["hand"] == []
    assert view["choices"] == []
    VIEW.validate(view)
    with pytest.raises(EngineError):
        start(LiveDeal(seed=1, rules=PRESETS["ichenheim"], seats=("A", "B")))
    with pytest.raises(EngineError):
        start(LiveDeal(seed=1, rules=PRESETS["four_handed"], seats=("A", "B", "C"), dealer="D"))


@pytest.mark.parametrize("contract", P.BLIND)
def test_may_keep_agrees_with_the_keep_options(contract: str) -> None:
    rng = random.Random(5)
    for _ in range(200):
        hand = rng.sample(P.CARDS, 13)
        options = set(P.keep_options(contract, hand))
        for kept in options:
            assert P.may_keep(contract, hand, kept)
        for _ in range(20):
            kept = tuple(rng.sample(hand, P.keeps(contract)))
            assert P.may_keep(contract, hand, kept) == (kept in options)
        assert not P.may_keep(contract, hand, ("XXII",))
