"""The Hungarian family (hungarian-tarokk-family.txt) as presets of the Hungarian game: Basic (Paskievics),
Palatine, Magus and Emperor Tarokk, their game values and bonus lists, scored from summaries that name the
bonuses made (``result.bonuses``) and announced (``announcements``)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine.__main__ import main
from engine.core.messages import FieldError
from engine.games import game
from engine.hungarian.facts import assess_summary
from engine.hungarian.family import EMPEROR_BONUSES, FAMILY_BONUSES, MAGUS_BONUSES, PALATINE_BONUSES
from engine.hungarian.rules import OPTION_DOCS, PRESET_DOCS, PRESETS, Rules, RulesError, get_rules
from engine.hungarian.sample import family_made
from engine.hungarian.scoring import max_payment, score_summary
from engine.hungarian.summary import SummaryError, parse_summary
from tests.engine.test_family_fuzz import consistent

HUNGARIAN = game("hungarian")
FAMILY = ("family_basic", "palatine", "magus", "emperor")
OLD = ("pagat", "kegl", "tournament")


def played(rules: Any = "palatine", result: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """B declares a three with partner C and takes 60 card points in 5 tricks, nothing announced or made;
    ``fields`` replace top-level keys, ``result`` is merged into the result."""
    data: dict[str, Any] = {
        "rules": rules,
        "seats": ["A", "B", "C", "D"],
        "bid": "three",
        "declarer": "B",
        "partner": "C",
        "result": {"declarer_card_points": 60, "declarer_tricks": 5},
    }
    data.update(fields)
    data["result"].update(result or {})
    return data


def items(data: dict[str, Any]) -> dict[tuple[str, str | None], dict[str, Any]]:
    return {(item["name"], item["team"]): item for item in score_summary(data)["items"]}


# --- the presets ----------------------------------------------------------------------------------------


def test_the_existing_presets_keep_the_hungarian_defaults() -> None:
    for name in OLD:
        rules = PRESETS[name]
        assert (rules.game_value, rules.pack_size, rules.family_bonuses) == ("bid", 42, ())
        assert rules.tricks_per_hand == 9
        assert rules.doubled_rounds != "next_hand"


def test_the_family_presets_are_the_texts() -> None:
    basic, palatine, magus, emperor = (PRESETS[name] for name in FAMILY)
    # "Paskievics Tarokk": Conquest 40/20; "Contras": Contra, Re-Contra, Sub-Contra; "Scores": over/under 48
    assert basic.xxi_catch_values == (20, 40)
    assert (basic.trull_values, basic.four_kings_values, basic.pagat_ultimo_values) == (
        (1, 2),
        (1, 2),
        (5, 10),
    )
    assert basic.max_kontra == 3
    assert basic.game_value == "margin"
    assert basic.family_bonuses == ()
    assert basic.annulment_holdings == frozenset({"no_tarokks", "pagat_alone", "xxi_alone", "four_kings"})
    assert palatine.family_bonuses == PALATINE_BONUSES
    assert dict((n, (s, a)) for n, s, a in palatine.family_bonuses)["first_eight"] == (10, 20)
    # Magus builds on Palatine's list ("each building upon the list of possible achievements")
    assert magus.family_bonuses[: len(PALATINE_BONUSES)] == PALATINE_BONUSES == MAGUS_BONUSES[:6]
    magus_values = {n: (s, a) for n, s, a in magus.family_bonuses}
    emperor_values = {n: (s, a) for n, s, a in emperor.family_bonuses}
    assert magus_values["last_owl"] == (5, 10)
    assert emperor_values["last_owl"] == (0, 25)
    assert magus_values["owl"] == (0, 20)
    assert emperor_values["owl"] == (0, 30)
    assert magus_values["brace_of_pheasants"] == (30, 60)
    assert magus_values["house"] == (0, 100)
    assert "evil_one" in emperor_values
    assert "evil_one" not in magus_values
    assert "three_kings" in magus_values
    assert "three_kings" not in emperor_values
    assert emperor.family_bonuses == EMPEROR_BONUSES
    # Emperor "Pack": 46 cards, ten tricks; "Annulment": only no trumps or four kings; "Scores": up to 60
    assert (emperor.pack_size, emperor.tricks_per_hand, emperor.game_value, emperor.game_value_cap) == (
        46,
        10,
        "card_points",
        60,
    )
    assert emperor.annulment_holdings == frozenset({"no_tarokks", "four_kings"})
    assert {name for entry in (*MAGUS_BONUSES, *EMPEROR_BONUSES) for name in entry[:1]} == set(FAMILY_BONUSES)


def test_family_options_round_trip_through_a_spec_and_json() -> None:
    rules = get_rules("palatine", family_bonuses=[["first_five", 0, 12], ["owl", 1, 2]], game_value="bid")
    assert rules.family_bonuses == (("first_five", 0, 12), ("owl", 1, 2))
    spec = json.loads(json.dumps(rules.spec()))
    assert spec["preset"] == "palatine"
    assert HUNGARIAN.resolve_rules(spec) == rules == get_rules(spec["preset"], **spec["options"])


@pytest.mark.parametrize(
    ("options", "path"),
    [
        ({"family_bonuses": [["nope", 1, 2]]}, "family_bonuses[0]"),
        ({"family_bonuses": [["owl", 1, 2], ["owl", 1, 2]]}, "family_bonuses[1]"),
        ({"family_bonuses": [["owl", -1, 2]]}, "family_bonuses[0]"),
        ({"family_bonuses": [["owl", 1]]}, "family_bonuses[0]"),
        ({"family_bonuses": [7]}, "family_bonuses[0]"),
        ({"family_bonuses": "owl"}, "family_bonuses"),
        ({"game_value": "points"}, "game_value"),
        ({"pack_size": 52}, "pack_size"),
        ({"game_value_cap": 0}, "game_value_cap"),
        ({"doubled_rounds": "sometimes"}, "doubled_rounds"),
    ],
)
def test_bad_family_options_name_the_option(options: dict[str, Any], path: str) -> None:
    with pytest.raises(RulesError) as caught:
        get_rules("magus", **options)
    assert caught.value.where[0] == path
    with pytest.raises(SummaryError) as summary_error:
        parse_summary(played({"preset": "magus", "options": options}))
    assert summary_error.value.path == "rules"


# --- the game ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "tricks", "won", "value"),
    [(60, 5, True, 12), (48, 4, True, 0), (47, 4, False, 1), (30, 3, False, 18), (70, 6, True, 22)],
)
def test_basic_tarokk_game_is_the_card_points_over_or_under_48(
    points: int, tricks: int, won: bool, value: int
) -> None:
    # "Scores": "Declarer's side wins or loses as many game points as they have card points over or below 48"
    got = items(played("family_basic", {"declarer_card_points": points, "declarer_tricks": tricks}))
    assert got[("game", "declarer")]["won"] is won
    assert got[("game", "declarer")]["value"] == value
    payments = score_summary(
        played("family_basic", {"declarer_card_points": points, "declarer_tricks": tricks})
    )
    sign = 1 if won else -1
    assert payments["payments"] == {
        "A": -sign * value,
        "B": sign * value,
        "C": sign * value,
        "D": -sign * value,
    }


def test_a_kontra_doubles_the_margin_and_a_lone_declarer_collects_from_three() -> None:
    data = played("family_basic", {"declarer_card_points": 58}, partner=None, game_kontra=2)
    result = score_summary(data)
    assert result["items"] == [
        {"name": "game", "team": "declarer", "announced": False, "kontra": 2, "won": True, "value": 40}
    ]
    assert result["payments"] == {"A": -40, "B": 120, "C": -40, "D": -40}
    with pytest.raises(SummaryError) as caught:
        parse_summary(played("family_basic", game_kontra=4))  # "Sub-Contra" is the last
    assert caught.value.path == "game_kontra"


def test_high_game_and_slam_multiply_the_payment_for_the_hand() -> None:
    # "High Game ... quadrupled if announced and doubled if unannounced"; "Slam ... 6 if announced, tripled"
    silent = items(played("family_basic", {"declarer_card_points": 75, "declarer_tricks": 7}))
    assert silent[("double_game", "declarer")]["value"] == 2 * 27
    assert ("game", "declarer") not in silent
    announced = items(
        played(
            "family_basic",
            {"declarer_card_points": 75, "declarer_tricks": 7},
            announcements=[{"team": "declarer", "bonus": "double_game"}],
        )
    )
    assert announced[("double_game", "declarer")] == {
        "name": "double_game",
        "team": "declarer",
        "announced": True,
        "kontra": 0,
        "won": True,
        "value": 4 * 27,
    }
    slam = items(
        played(
            "family_basic",
            {"declarer_card_points": 90, "declarer_tricks": 9, "trull": "declarer", "four_kings": "declarer"},
        )
    )
    # "A team that wins a Slam does not score for Honours or Kings"
    assert set(slam) == {("volat", "declarer")}
    assert slam[("volat", "declarer")]["value"] == 3 * 42
    opponents = items(played("family_basic", {"declarer_card_points": 20, "declarer_tricks": 2}))
    assert opponents[("double_game", "opponents")]["value"] == 2 * 28


def test_conquest_is_the_xxi_catch_at_twenty_and_forty() -> None:
    silent = items(played("family_basic", {"xxi_catch": "opponents"}))
    assert silent[("xxi_catch", "opponents")]["value"] == 20
    announced = items(
        played(
            "family_basic",
            {"xxi_catch": None},
            announcements=[{"team": "declarer", "bonus": "xxi_catch", "kontra": 1}],
        )
    )
    assert announced[("xxi_catch", "declarer")]["won"] is False
    assert announced[("xxi_catch", "declarer")]["value"] == 80


@pytest.mark.parametrize(
    ("points", "tricks", "won", "value"),
    [(55, 6, True, 55), (60, 6, True, 60), (68, 7, True, 60), (48, 5, True, 48), (47, 5, False, 0)],
)
def test_emperor_game_is_its_card_points_up_to_sixty_or_nothing(
    points: int, tricks: int, won: bool, value: int
) -> None:
    # Emperor "Scores": "must make 48 card points or score nothing ... up to a maximum of 60"
    got = items(played("emperor", {"declarer_card_points": points, "declarer_tricks": tricks}))
    assert (got[("game", "declarer")]["won"], got[("game", "declarer")]["value"]) == (won, value)


def test_emperor_hands_have_ten_tricks() -> None:
    slam = played(
        "emperor",
        {"declarer_card_points": 94, "declarer_tricks": 10, "trull": "declarer", "four_kings": "declarer"},
    )
    assert items(slam)[("volat", "declarer")]["value"] == 3 * 60
    nine = items(played("emperor", {"declarer_card_points": 90, "declarer_tricks": 9}))
    assert ("volat", "declarer") not in nine
    assert nine[("double_game", "declarer")]["value"] == 2 * 60
    # deuces are worth nothing: ten tricks of the opponents may leave the declarer's discard alone at 0
    swept = {"declarer_card_points": 0, "declarer_tricks": 0, "trull": "opponents", "four_kings": "opponents"}
    assert score_summary(played("emperor", swept))["payments"]["B"] == 0  # lost: "score nothing"
    for rules, tricks in (("emperor", 11), ("pagat", 10), ("magus", 10)):
        with pytest.raises(SummaryError) as caught:
            parse_summary(played(rules, {"declarer_tricks": tricks}))
        assert caught.value.path == "result.declarer_tricks"
    with pytest.raises(SummaryError) as caught:  # the opponents took every trick, so all honours
        parse_summary(played("emperor", {"declarer_card_points": 2, "declarer_tricks": 0}))
    assert caught.value.path == "result.trull"
    # the 42-card pack cannot give a team 0 points in two tricks
    with pytest.raises(SummaryError):
        parse_summary(played("magus", {"declarer_card_points": 0, "declarer_tricks": 2}))


# --- the family bonuses --------------------------------------------------------------------------------


def test_a_silent_family_bonus_scores_its_silent_value_for_the_team_that_made_it() -> None:
    # "First Five: ... 10 points announced, 5 points unannounced"
    got = items(played(result={"bonuses": {"first_five": "declarer"}}))
    assert got[("first_five", "declarer")] == {
        "name": "first_five",
        "team": "declarer",
        "announced": False,
        "kontra": 0,
        "won": True,
        "value": 5,
    }
    result = score_summary(played(result={"bonuses": {"first_five": "declarer"}}))
    assert result["payments"] == {"A": -12 - 5, "B": 12 + 5, "C": 12 + 5, "D": -12 - 5}  # the game: 60 - 48


def test_announced_family_bonuses_are_won_or_lost_times_their_kontras() -> None:
    anns = [
        {"team": "declarer", "bonus": "first_six", "kontra": 1},
        {"team": "opponents", "bonus": "last_king", "suit": "hearts"},
    ]
    got = items(played(result={"bonuses": {"last_king": "opponents"}}, announcements=anns))
    assert got[("first_six", "declarer")]["won"] is False
    assert got[("first_six", "declarer")]["value"] == 24  # 12 announced, contra'd
    assert got[("last_king", "opponents")]["won"] is True
    assert got[("last_king", "opponents")]["value"] == 15
    payments = score_summary(played(result={"bonuses": {"last_king": "opponents"}}, announcements=anns))
    assert payments["payments"]["B"] == 12 - 24 - 15


def test_a_bonus_that_must_be_announced_scores_nothing_silent() -> None:
    # "The Last King of ___ ... This bonus must be announced to score."
    got = items(played(result={"bonuses": {"last_king": "declarer", "penultimate_king": "opponents"}}))
    assert set(got) == {("game", "declarer")}


def test_values_differ_between_the_games() -> None:
    made = {"bonuses": {"last_owl": "declarer"}}
    assert items(played("magus", made))[("last_owl", "declarer")]["value"] == 5
    assert ("last_owl", "declarer") not in items(played("emperor", made))  # Emperor: must be announced
    announced = [{"team": "declarer", "bonus": "last_owl"}]
    assert items(played("emperor", made, announcements=announced))[("last_owl", "declarer")]["value"] == 25
    assert items(played("magus", made, announcements=announced))[("last_owl", "declarer")]["value"] == 10


def test_both_teams_may_make_an_evil_one() -> None:
    anns = [
        {"team": "declarer", "bonus": "evil_one"},
        {"team": "opponents", "bonus": "evil_one", "kontra": 1},
    ]
    got = items(played("emperor", {"bonuses": {"evil_one": ["declarer", "opponents"]}}, announcements=anns))
    assert got[("evil_one", "declarer")]["won"]
    assert got[("evil_one", "opponents")]["won"]
    assert (got[("evil_one", "declarer")]["value"], got[("evil_one", "opponents")]["value"]) == (20, 40)


def test_two_little_birds_keep_the_sparrow_and_the_owls_from_scoring() -> None:
    # "if won, any Sparrow, Last Owl, or Owl, cannot score as well"
    anns = [{"team": "declarer", "bonus": "two_little_birds"}, {"team": "declarer", "bonus": "owl"}]
    result = {
        "bonuses": {"two_little_birds": "declarer", "last_owl": "declarer"},
        "pagat_last_trick": {"team": "declarer", "won": True},
    }
    got = items(played("magus", result, announcements=anns))
    assert set(got) == {("game", "declarer"), ("two_little_birds", "declarer")}
    assert got[("two_little_birds", "declarer")]["value"] == 40
    # lost, they exclude nothing: the silent Sparrow and Last Owl score, the announced Owl is lost
    result["bonuses"] = {"last_owl": "declarer"}
    got = items(played("magus", result, announcements=anns))
    assert got[("two_little_birds", "declarer")]["won"] is False
    assert got[("pagat_ultimo", "declarer")]["value"] == 5
    assert got[("last_owl", "declarer")]["value"] == 5
    assert got[("owl", "declarer")]["won"] is False
    assert got[("owl", "declarer")]["value"] == 20


def test_brace_of_pheasants_silent_and_announced() -> None:
    made = {"bonuses": {"brace_of_pheasants": "opponents"}}
    assert items(played("magus", made))[("brace_of_pheasants", "opponents")]["value"] == 30
    anns = [{"team": "opponents", "bonus": "brace_of_pheasants"}]
    assert (
        items(played("magus", made, announcements=anns))[("brace_of_pheasants", "opponents")]["value"] == 60
    )


TWO_TRICKS = {"declarer_tricks": 2, "declarer_card_points": 20}
TWICE = [{"team": "opponents", "bonus": "first_five"}] * 2


@pytest.mark.parametrize(
    ("rules", "data", "path"),
    [
        ("palatine", {"result": {"bonuses": {"owl": "declarer"}}}, "result.bonuses.owl"),
        ("palatine", {"result": {"bonuses": {"first_five": "team"}}}, "result.bonuses.first_five"),
        ("palatine", {"result": {"bonuses": {"first_five": ["declarer"] * 2}}}, "result.bonuses.first_five"),
        ("palatine", {"result": {"bonuses": []}}, "result.bonuses"),
        ("palatine", {"result": {"bonuses": {"first_six": "opponents"}}}, "result.bonuses.first_six"),
        ("magus", {"result": TWO_TRICKS | {"bonuses": {"house": "declarer"}}}, "result.bonuses.house"),
        ("magus", {"result": TWO_TRICKS | {"bonuses": {"owl": ["declarer", 1]}}}, "result.bonuses.owl[1]"),
        ("magus", {"result": TWO_TRICKS | {"bonuses": {"owl": ["declarer", "opponents", "declarer"]}}},
         "result.bonuses.owl"),
        ("palatine", {"announcements": [{"team": "declarer", "bonus": "owl"}]}, "announcements[0].bonus"),
        ("palatine", {"announcements": [{"team": "declarer", "bonus": "first_five", "kontra": 4}]},
         "announcements[0].kontra"),
        ("palatine", {"announcements": [{"team": "x", "bonus": "first_five"}]}, "announcements[0].team"),
        ("palatine", {"announcements": TWICE}, "announcements[1]"),
        ("pagat", {"announcements": [{"team": "declarer", "bonus": "first_five"}]}, "announcements[0].bonus"),
    ],
)  # fmt: skip
def test_a_malformed_family_bonus_names_its_field(rules: str, data: dict[str, Any], path: str) -> None:
    summary = played(rules, data.pop("result", None), **data)
    with pytest.raises(SummaryError) as caught:
        score_summary(summary)
    assert caught.value.path == path


def test_the_hungarian_presets_ignore_result_bonuses_as_before() -> None:
    # unknown result keys were always ignored: an old summary scores exactly as it did
    for rules in OLD:
        plain = played(rules)
        with_bonuses = played(rules, {"bonuses": {"first_five": "declarer", "x": [1]}})
        assert score_summary(with_bonuses) == score_summary(plain)


def test_the_facts_of_a_dispute_name_the_family_bonuses() -> None:
    data = played(result={"bonuses": {"first_five": "declarer"}})
    facts, scored = assess_summary(data, PRESETS["palatine"], ["A", "B", "C", "D"])
    assert facts["result.bonuses"] == [["first_five", "declarer"]]
    assert [item["name"] for item, _moved in scored] == ["game", "first_five"]
    assert scored[1][1] == {"A": -5, "B": 5, "C": 5, "D": -5}
    assert "result.bonuses" not in assess_summary(played("pagat"), PRESETS["pagat"], ["A", "B", "C", "D"])[0]


def test_the_rule_of_the_max_payment_covers_the_family() -> None:
    dearest_first = sorted(MAGUS_BONUSES, key=lambda b: -b[2])
    for name in FAMILY:
        assert max_payment(PRESETS[name]) > max_payment(PRESETS["pagat"])
    worst = played(
        "magus",
        {"declarer_card_points": 90, "declarer_tricks": 9, "trull": "declarer", "four_kings": "declarer",
         # the dearest bonuses first, each kept if it fits those before it (family.trick_conflict)
         "bonuses": consistent({name: "declarer" for name, _s, _a in dearest_first}, 9)},
        partner=None,
        game_kontra=3,
        announcements=[{"team": "declarer", "bonus": name, "kontra": 3} for name, _s, _a in MAGUS_BONUSES]
        + [{"team": "declarer", "bonus": "volat", "kontra": 3}],
    )  # fmt: skip
    assert max(abs(v) for v in score_summary(worst)["payments"].values()) <= max_payment(PRESETS["magus"])


# --- dealing ------------------------------------------------------------------------------------------


def test_a_passed_hand_moves_the_deal_on_and_an_annulled_one_is_redealt_doubled() -> None:
    rules = PRESETS["palatine"]
    seats = ("A", "B", "C", "D")
    deal = HUNGARIAN.deal(seats, "A", ["passed_out"], rules)  # "deal moves to the next player"
    assert (deal.dealer, deal.stake) == ("B", 1)
    deal = HUNGARIAN.deal(seats, "A", ["annulled"], rules)  # "re-dealt and the points ... doubled"
    assert (deal.dealer, deal.stake, deal.active) == ("A", 2, ("B", "C", "D", "A"))
    assert HUNGARIAN.deal(seats, "A", ["annulled", "annulled"], rules).stake == 4
    deal = HUNGARIAN.deal(seats, "A", ["annulled", "played"], rules)
    assert (deal.dealer, deal.stake, deal.number) == ("B", 1, 3)
    five = HUNGARIAN.deal((*seats, "E"), "A", ["played", "annulled"], rules)
    assert (five.dealer, five.sitting_out, five.stake) == ("B", ("B",), 2)
    # the stake a summary may carry: any power of two
    assert score_summary(played("palatine", stake=8))["payments"]["B"] == 12 * 8


# --- the descriptor -----------------------------------------------------------------------------------


def test_the_descriptor_labels_every_word_and_documents_every_option_and_preset() -> None:
    words = {word for name, vocabulary in HUNGARIAN.vocabularies.items() for word in vocabulary}
    assert words - {"penalty"} <= set(HUNGARIAN.labels)
    assert set(FAMILY_BONUSES) <= set(HUNGARIAN.vocabularies["bonus"])
    assert HUNGARIAN.labels["first_five"] == "First Five"
    assert HUNGARIAN.labels["volat"] == "volát"
    assert set(HUNGARIAN.option_docs) == {f for f in Rules.__dataclass_fields__} == set(OPTION_DOCS)
    assert set(HUNGARIAN.preset_docs) == set(PRESETS) == set(PRESET_DOCS)
    assert HUNGARIAN.preferred_table_size == 4 == HUNGARIAN.main_table_size
    assert HUNGARIAN.formats == {
        "tournament": {
            "scoring": "table_points",
            "deals_within_time": True,  # ITVB 2.6-2.7: no new deal once the round's time is up
            "table_sizes": [4, 5],
            "deals_per_round": {4: 16, 5: 20},
            "table_points": {4: [10, 8, 6, 4], 5: [10, 8, 6, 4, 4]},
        }
    }
    assert HUNGARIAN.summary_form == ()


def test_the_domain_labels_every_preset_and_bonus() -> None:
    from tournaments.core.labels import ITEM_NAMES

    assert set(PRESETS) <= set(HUNGARIAN.preset_names)
    for word in FAMILY_BONUSES:
        assert str(ITEM_NAMES[word]) == HUNGARIAN.labels[word]


def _sample(preset: str, seed: int, size: int) -> dict[str, Any]:
    rules = PRESETS[preset]
    positions = "ABCDE"[:size]
    rng = random.Random(seed)
    kinds = rng.choice([[], ["played"], ["annulled"], ["played", "passed_out", "played"]])
    deal = HUNGARIAN.deal(positions, positions[seed % size], kinds, rules)
    summary = HUNGARIAN.sample_summary(rng, rules, deal)
    assert not {"seats", "stake", "sitting_out", "rules"} & set(summary)
    summary.update(seats=list(deal.active), stake=deal.stake, rules=preset)
    if deal.sitting_out:
        summary["sitting_out"] = deal.sitting_out[0]
    return summary


@pytest.mark.parametrize("size", [4, 5])
def test_sample_summaries_score_under_every_preset(size: int) -> None:
    schema = HUNGARIAN.summary_schema()
    made = 0
    for seed in range(300):
        for preset in (*FAMILY, OLD[seed % 3]):
            summary = _sample(preset, seed, size)
            result = HUNGARIAN.score(copy.deepcopy(summary))
            assert sum(result["payments"].values()) == 0
            assert set(result["payments"]) == set(summary["seats"]) | {summary.get("sitting_out")} - {None}
            assert (
                max(abs(v) for v in result["payments"].values())
                <= max_payment(PRESETS[preset]) * summary["stake"]
            )
            if seed % 10 == 0:
                jsonschema.validate(summary, schema, cls=jsonschema.Draft202012Validator)
            made += bool(summary.get("result", {}).get("bonuses"))
    assert made > 20  # the bots' tricks make family bonuses now and then


def test_family_bonuses_are_read_from_the_tricks() -> None:
    # team 0 = declarer (seats 0, 2), 1 = opponents; tricks (leader, cards, winner)
    team = [0, 1, 0, 1]
    king_h, queen_h, rider_c, ten_s = 22, 23, 22 + 10 + 2, 22 + 15 + 4
    filler = [(0, (5, 6, 7, 8), 0)] * 3
    tricks = [
        (0, (0, 2, 3, 4), 0),  # the pagát wins the first trick: First Pheasant
        (0, (19, 9, 10, 11), 0),
        (0, (18, 12, 13, 14), 0),
        (0, (17, 15, 16, 21), 3),
        (3, (rider_c, 22 + 11, 22 + 12, 22 + 13), 3),  # an evil cavalier: Evil One
        *filler[:1],
        (0, (ten_s, 22 + 16, 22 + 17, 22 + 18), 0),  # a pip card: Pip the Post
        (0, (king_h, 24, 25, 26), 0),
        (0, (queen_h, 27, 28, 29), 0),  # the king and queen of hearts: Marriage, and a Last King before
    ]
    made = family_made(tricks, team)
    assert made["first_pheasant"] == "declarer"
    assert made["evil_one"] == ["declarer", "opponents"]  # the queen of hearts won the last trick
    assert made["pip_the_post"] == "declarer"
    assert made["penultimate_king"] == "declarer"
    assert "last_king" not in made
    assert made["marriage"] == "declarer"
    assert "first_five" not in made


# --- commands -----------------------------------------------------------------------------------------


def test_the_score_command_scores_by_a_family_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.json"
    data = played("pagat", {"bonuses": {"first_five": "declarer"}})
    del data["rules"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["--game", "hungarian", "score", "--preset", "palatine", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["payments"] == {"A": -17, "B": 17, "C": 17, "D": -17}
    assert main(["--game", "hungarian", "score", str(path)]) == 0  # pagat: bid value 1, no family bonuses
    assert json.loads(capsys.readouterr().out)["payments"]["B"] == 1
    path.write_text(json.dumps(played("pagat", announcements=[{"team": "declarer", "bonus": "owl"}])))
    assert main(["--game", "hungarian", "score", "--preset", "palatine", str(path)]) == 1
    assert "announcements[0].bonus" in capsys.readouterr().err


def test_the_rules_command_documents_the_family_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "hungarian", "rules"]) == 0
    out = capsys.readouterr().out
    for name in FAMILY:
        assert f"  {name}: {PRESET_DOCS[name]}" in out
    assert "family_bonuses:" in out
    assert "game_value:" in out
    assert "pack_size:" in out
    assert main(["--game", "hungarian", "rules", "--preset", "emperor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["presets"] == {"emperor": PRESET_DOCS["emperor"]}
    values = {option["name"]: option["values"]["emperor"] for option in data["options"]}
    assert values["pack_size"] == 46
    assert values["family_bonuses"][0] == ["first_five", 5, 10]
    assert (
        main(
            [
                "--game",
                "hungarian",
                "rules",
                "--preset",
                "palatine",
                "--set",
                'family_bonuses=[["owl", 0, 20]]',
            ]
        )
        == 0
    )
    assert 'family_bonuses = [["owl", 0, 20]]' in capsys.readouterr().out


def test_every_family_error_is_a_field_error() -> None:
    for bad in (7, [], {"x": 1}, {"first_five": 3}, {"first_five": [None]}, {3: "declarer"}, {"owl": {}}):
        with pytest.raises(FieldError):
            score_summary(played("emperor", {"bonuses": bad}))


def test_a_bonus_needs_tricks_enough_for_the_team_that_made_it() -> None:
    # "First Six: The team must take the first six tricks": the opponents had four
    with pytest.raises(SummaryError) as caught:
        score_summary(played(result={"bonuses": {"first_six": "opponents"}}))
    assert caught.value.where == ("result.bonuses.first_six", "result.declarer_tricks")
    assert caught.value.code == "integer_range"
    assert caught.value.params == {"low": 0, "high": 3, "value": "5"}
    with pytest.raises(SummaryError) as caught:  # the declarer took none
        score_summary(
            played(
                result={
                    "declarer_tricks": 0,
                    "declarer_card_points": 3,
                    "bonuses": {"first_five": None, "last_king": "declarer"},
                    "trull": "opponents",
                    "four_kings": "opponents",
                }
            )
        )
    assert caught.value.code == "bonus_without_trick"
    assert caught.value.path == "result.bonuses.last_king"
