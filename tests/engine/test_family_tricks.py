"""Family bonuses that cannot be made together (hungarian-tarokk-family.txt, Magus and Palatine Tarokk):
each names the card that wins one trick, so two that name different cards for the same trick, or give one
trick to both teams, are refused with the path of the later bonus; those that fit score as before."""

from __future__ import annotations

from typing import Any

import pytest

from engine.hungarian.family import trick_conflict
from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError
from tests.engine.test_family_presets import played


def refused(rules: str, bonuses: dict[str, Any], **result: Any) -> SummaryError:
    with pytest.raises(SummaryError) as caught:
        score_summary(played(rules, {"bonuses": bonuses, **result}))
    return caught.value


def test_first_and_second_pheasant_are_not_both_made() -> None:
    """ "First Pheasant: ... winning the first trick with The Magician"; "Second Pheasant: ... winning the
    first trick with The High Priestess": the first trick is won by one card, so not both."""
    error = refused("magus", {"first_pheasant": "declarer", "second_pheasant": "declarer"})
    assert (error.path, error.code) == ("result.bonuses.second_pheasant", "bonus_trick_conflict")
    assert error.message.params == {"bonus": "first_pheasant", "trick": 1}
    # the other way round, and against the other team, the later one is named
    error = refused("magus", {"second_pheasant": "opponents", "first_pheasant": "declarer"})
    assert error.path == "result.bonuses.first_pheasant"
    # the Brace of Pheasants wins the first trick with the World: neither pheasant fits it
    error = refused("magus", {"brace_of_pheasants": "declarer", "first_pheasant": "declarer"})
    assert error.path == "result.bonuses.first_pheasant"


def test_one_pheasant_alone_still_scores_its_silent_ten() -> None:
    """Magus: "First Pheasant ... 50 points announced, 10 points unannounced"; with the Owl's 5 (the last
    trick, a different one) both score."""
    bonuses = {"first_pheasant": "declarer", "last_owl": "declarer"}
    result = score_summary(played("magus", {"bonuses": bonuses}))
    values = {item["name"]: item["value"] for item in result["items"] if item["name"] != "game"}
    assert values == {"first_pheasant": 10, "last_owl": 5}
    assert sum(result["payments"].values()) == 0


def test_a_bonus_of_one_trick_is_made_by_one_team() -> None:
    """A trick is won by one team: a pheasant credited to both, or the first trick given to the declarer's
    side by a pheasant and to the opponents by their First Five ("The team must take the first five
    tricks"), is refused."""
    error = refused("magus", {"first_pheasant": ["declarer", "opponents"]})
    assert (error.path, error.code) == ("result.bonuses.first_pheasant", "bonus_both_teams")
    error = refused("magus", {"first_pheasant": "declarer", "first_five": "opponents"}, declarer_tricks=4)
    assert (error.path, error.code) == ("result.bonuses.first_five", "bonus_trick_conflict")
    # the Evil One names no trick: both teams may make it (Emperor Tarokk)
    both = played("emperor", {"bonuses": {"evil_one": ["declarer", "opponents"]}})
    assert sum(score_summary(both)["payments"].values()) == 0


def test_tricks_counted_from_the_last_meet_those_counted_from_the_first_in_nine_tricks() -> None:
    """First Eight's eighth trick is won by the Magician; in the 42-card pack's nine tricks that is the
    penultimate, which the Owl gives the High Priestess: refused, counted from the last."""
    error = refused(
        "magus", {"first_eight": "declarer", "owl": "declarer"}, declarer_tricks=8, declarer_card_points=80
    )
    assert (error.path, error.code) == ("result.bonuses.owl", "bonus_trick_conflict_from_last")
    assert error.message.params == {"bonus": "first_eight", "trick": 2}
    # the Last King and the Last Owl: the last trick by a King, or by the High Priestess
    error = refused("magus", {"last_king": "declarer", "last_owl": "declarer"})
    assert error.path == "result.bonuses.last_owl"


@pytest.mark.parametrize(
    ("made", "tricks", "conflict"),
    [
        ([("first_pheasant", 0), ("second_pheasant", 0)], 9, ("second_pheasant", "first_pheasant", 1)),
        ([("first_pheasant", 0), ("little_bird", 0)], 9, None),
        ([("three_kings", 0), ("house", 0)], 9, None),  # a King is a card of its suit
        ([("house", 0), ("last_owl", 0)], 9, ("last_owl", "house", -1)),
        ([("two_little_birds", 0), ("last_owl", 0)], 9, None),  # the Priestess may win the last
        ([("first_eight", 0), ("penultimate_king", 0)], 9, ("penultimate_king", "first_eight", -2)),
        ([("first_eight", 0), ("penultimate_king", 0)], None, None),  # ten tricks or nine: unknown
        ([("bethlehem", 0), ("bethlehem", 1)], 10, None),  # "won by Kings": no team named
        ([("first_five", 0), ("little_bird", 1)], 9, None),  # trick 6 is after the first five
    ],
)
def test_trick_conflict_worked_examples(
    made: list[tuple[str, int]], tricks: int | None, conflict: tuple[str, str, int] | None
) -> None:
    assert trick_conflict(made, tricks) == conflict


def test_the_sample_summaries_never_make_both_pheasants() -> None:
    """The demo's bots (``sample_summary``) read the bonuses from the tricks they played: one card wins the
    first trick, so never First and Second Pheasant (nor either with the Brace) in one hand."""
    import random

    from engine.games import game
    from engine.hungarian.rules import PRESETS

    hungarian, rules = game("hungarian"), PRESETS["magus"]
    pheasants = {"first_pheasant", "second_pheasant", "brace_of_pheasants"}
    seen = 0
    for seed in range(150):
        deal = hungarian.deal("ABCD", "ABCD"[seed % 4], [], rules)
        summary = hungarian.sample_summary(random.Random(seed), rules, deal)
        made = set(summary.get("result", {}).get("bonuses", {})) & pheasants
        assert len(made) <= 1, made
        seen += len(made)
        summary.update(seats=list(deal.active), stake=deal.stake, rules="magus")
        assert sum(score_summary(summary)["payments"].values()) == 0
    assert seen  # the bots do win the first trick with the pagát or the II now and then
