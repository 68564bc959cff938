"""Solo trojka, Solo dvojka, Solo enojka (the ``solo_contracts`` option): pagat's four-handed contracts
(Three, Two, One without a called king), bid at three between Enojka and Berač and played as Trojka,
Dvojka, Enojka at 40, 50, 60 plus the difference. pagat's three-handed game leaves them out, so neither
preset plays them unless a table turns the option on."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from engine.core.messages import FieldError
from engine.core.rules import RulesError
from engine.core.tarot import MOND
from engine.slovenian.game import DESCRIPTOR
from engine.slovenian.live import TALON_TAKEN, TarokError, start, view_schema
from engine.slovenian.record import bot_record, replay
from engine.slovenian.rules import PRESETS, resolve_rules
from engine.slovenian.scoring import score_summary

from .conftest import SEATS, deal_of, hand, played_out, rigged, silent

SOLO = resolve_rules("classic", {"solo_contracts": True})
SOLOS = ("solo_trojka", "solo_dvojka", "solo_enojka")
RECORD_SCHEMA = jsonschema.Draft202012Validator(
    json.loads(
        (Path(__file__).resolve().parents[3] / "engine/schemas/slovenian/hand-record.schema.json").read_text()
    )
)
VIEW = jsonschema.Draft202012Validator(view_schema())
SUMMARY_SCHEMA = jsonschema.Draft202012Validator(DESCRIPTOR.summary_schema())


def test_neither_preset_bids_them_and_the_option_puts_them_between_enojka_and_berac() -> None:
    for preset in PRESETS.values():
        assert not set(SOLOS) & set(preset.contracts)
    assert SOLO.contracts[:8] == ("klop", "trojka", "dvojka", "enojka", *SOLOS, "berac")
    assert [SOLO.contract_values[c] for c in SOLOS] == [40, 50, 60]  # pagat's values
    assert SOLO.spec() == {"preset": "classic", "options": {"solo_contracts": True}}
    with pytest.raises(RulesError) as caught:  # Bled's schedule has no values for them
        resolve_rules("bled", {"solo_contracts": True})
    assert (caught.value.where[0], caught.value.code) == ("solo_contracts", "sl_solo_values")
    bled = resolve_rules(
        "bled",
        {
            "solo_contracts": True,
            "contract_values": {**PRESETS["bled"].contract_values, "solo_trojka": 40, "solo_dvojka": 50,
                                "solo_enojka": 60},
        },
    )  # fmt: skip
    assert set(SOLOS) <= set(bled.contracts)


@pytest.mark.parametrize(
    ("contract", "value"), [("solo_trojka", 40), ("solo_dvojka", 50), ("solo_enojka", 60)]
)
def test_they_score_their_value_plus_the_difference_with_bonuses_and_the_mond(
    contract: str, value: int
) -> None:
    won = hand(contract=contract, declarer="A", card_points=48)
    assert score_summary(won, SOLO)["payments"] == {
        "A": 2 * (value + 15),
        "B": -(value + 15),
        "C": -(value + 15),
    }
    lost = hand(contract=contract, declarer="B", card_points=29)
    assert score_summary(lost, SOLO)["scores"]["B"] == -(value + 5)
    trula = hand(
        contract=contract, declarer="A", card_points=40, bonuses={"trula": silent()}, mond_captured="A"
    )
    assert score_summary(trula, SOLO)["scores"]["A"] == value + 5 + 10 - 21  # silent Trula 20 / 2; the Mond
    with pytest.raises(FieldError) as caught:
        score_summary(won, PRESETS["classic"])
    assert caught.value.path == "contract"


def test_a_solo_dvojka_is_bid_takes_two_talon_cards_and_replays_to_its_score() -> None:
    plain = start(deal_of(3, "classic"))
    with pytest.raises(TarokError):
        plain.apply("bid solo_dvojka")
    live = start(deal_of(3, "classic", solo_contracts=True))
    assert [c.code for c in live.choices()][:6] == [
        "bid trojka", "bid dvojka", "bid enojka", "bid solo_trojka", "bid solo_dvojka", "bid solo_enojka",
    ]  # fmt: skip
    live.apply("bid enojka")
    assert [c.code for c in live.choices()][:3] == ["pass", "bid solo_trojka", "bid solo_dvojka"]
    live.apply("bid solo_dvojka")
    live.apply("pass")  # C
    assert "bid solo_dvojka" in [c.code for c in live.choices()]  # A, the first bidder, may hold
    live.apply("pass")
    assert (live.declarer, live.contract, live.phase) == ("B", "solo_dvojka", "talon")
    assert [c.code for c in live.choices()] == ["take 1", "take 2", "take 3"]
    live.apply("take 3")
    (discard,) = live.choices()
    assert discard.pick == TALON_TAKEN["solo_dvojka"] == 2
    live.apply(" ".join(["discard", *discard.cards[:2]]))
    assert live.phase == "announcements"
    assert {"announce trula", "announce kralji"} <= {c.code for c in live.choices()}  # bonuses count
    played_out(live, "rule", 3)
    summary = live.summary()
    assert (summary["contract"], summary["declarer"]) == ("solo_dvojka", "B")
    record = live.record()
    RECORD_SCHEMA.validate(record)
    replayed = replay(record)
    assert (replayed.summary, replayed.payments) == (summary, live.payments())
    assert DESCRIPTOR.score(summary, SOLO)["payments"] == live.payments()


def test_a_mond_left_in_the_talon_costs_the_solo_declarer_too() -> None:
    live = rigged({"A": ["SKIZ"]}, talon=["XXI", "HK", "DK", "CK", "SK", "HQ"], preset="classic",
                  solo_contracts=True)  # fmt: skip
    for code in ("bid solo_enojka", "pass", "pass", "take 2"):
        live.apply(code)
    assert MOND not in live.hands["A"]
    live.apply(live.choices()[0].code + " " + live.choices()[0].cards[0])
    played_out(live)
    assert live.summary()["mond_captured"] == "A"
    assert score_summary(live.summary())["items"][-1]["name"] == "mond_penalty"


def test_the_bots_play_them_and_every_view_and_record_meets_its_schema() -> None:
    contracts: dict[str, int] = {}
    for seed in range(150):
        kind = "random" if seed % 2 else "rule"
        if seed % 30 == 0:  # every step's views of a few hands
            live = start(deal_of(seed, "classic", solo_contracts=True))
            rng = random.Random(seed)
            while not live.done:
                for seat in SEATS:
                    VIEW.validate(live.seat_view(seat))
                VIEW.validate(live.public_view())
                live.apply(live.bot_move(kind, rng))
            record = live.record()
        elif kind == "rule":
            record = bot_record(seed, SOLO, SEATS, 1)
        else:
            record = played_out(start(deal_of(seed, "classic", solo_contracts=True)), kind, seed).record()
        RECORD_SCHEMA.validate(record)
        replayed = replay(record)
        SUMMARY_SCHEMA.validate(replayed.summary)
        assert DESCRIPTOR.score(replayed.summary, SOLO)["payments"] == replayed.payments
        contract = replayed.summary.get("contract", "annulled")
        contracts[contract] = contracts.get(contract, 0) + 1
    assert set(SOLOS) & set(contracts), contracts


def test_sample_summaries_and_the_form_know_them() -> None:
    rng = random.Random(7)
    seen = set()
    for _ in range(600):
        deal = DESCRIPTOR.deal(["A", "B", "C"], "C", [], SOLO)
        summary = {"seats": SEATS, **DESCRIPTOR.sample_summary(rng, SOLO, deal)}
        score_summary(summary, SOLO)
        seen.add(summary.get("contract"))
    assert set(SOLOS) <= seen
    contract = next(f for f in DESCRIPTOR.summary_form if f.path == "contract")
    assert set(SOLOS) <= set(contract.choices)
    assert all(c in DESCRIPTOR.labels and c in DESCRIPTOR.terms for c in SOLOS)
