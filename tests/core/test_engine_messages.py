"""The engine's errors as the services raise them: the engine's code and params, the message in the language
of whoever reads it (issue 21 §6)."""

from __future__ import annotations

import copy

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from engine.hungarian.record import ReplayError, replay
from engine.hungarian.rules import RulesError
from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.results.test_disputes import a_record
from tests.results.test_results import pay, played, seat
from tournaments import services
from tournaments.core.engine_messages import engine_error, engine_message_data, engine_message_from_data
from tournaments.core.formats import FormatError, rules_for
from tournaments.draw.models import Table
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, HandSubmission
from tournaments.results.services.disputes import assess
from tournaments.results.services.hands import next_deal, table_positions


def a_summary_error() -> SummaryError:
    with pytest.raises(SummaryError) as caught:
        score_summary({**played("two", "C", "D", points=10, tricks=6), "seats": list("BCDA")})
    return caught.value


def a_replay_error(record: dict) -> ReplayError:
    """``record`` with its first trick played in another order: an illegal play (or a wrong winner)."""
    record = copy.deepcopy(record)
    record["tricks"][0]["cards"] = record["tricks"][0]["cards"][::-1]
    with pytest.raises(ReplayError) as caught:
        replay(record)
    return caught.value


def read(error: ValidationError, language: str) -> dict[str, list[str]]:
    with translation.override(language):
        return error.message_dict


def test_a_summary_error_names_the_summarys_field_and_reads_in_each_language() -> None:
    error = engine_error("data", a_summary_error(), "hungarian")
    (only,) = error.error_dict["data.result.declarer_card_points"]
    assert only.code == "card_points_impossible"
    assert only.params == {"points": 10, "tricks": 6, "bid": "two", "low": 26, "high": 78}
    assert read(error, "en") == {
        "data.result.declarer_card_points": ["10 impossible with 6 trick(s) for a two (possible: 26..78)"]
    }
    assert read(error, "hu") == {
        "data.result.declarer_card_points": [
            "10 kártyapont lehetetlen 6 ütéssel, ha a licit kettő (lehetséges: 26..78)"
        ]
    }
    assert read(error, "de") == {
        "data.result.declarer_card_points": [
            "10 ist mit 6 Stich(en) bei einem Gebot von zwei unmöglich (möglich: 26..78)"
        ]
    }
    assert only.params["bid"] == "two"  # the params stay the engine's in every language


def test_a_replay_error_names_the_field_and_says_where_in_each_language(db: None) -> None:
    tournament = TournamentFactory()
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    exc = a_replay_error(a_record(table)[0])
    error = engine_error("data", exc, "hungarian")
    (only,) = error.error_dict["data"]
    assert (only.code, only.params["trick"]) == (exc.code, 1)
    assert read(error, "en") == {"data": [str(exc)]}
    seat_ = only.params["seat"]
    assert read(error, "hu")["data"][0].startswith(f"1. ütés, {seat_} hely: ")
    assert read(error, "de")["data"][0].startswith(f"Stich 1, Platz {seat_}: ")


def test_an_error_kept_as_json_reads_later_in_its_readers_language() -> None:
    (kept,) = engine_error("data", a_summary_error(), "hungarian").error_dict[
        "data.result.declarer_card_points"
    ]
    data = engine_message_data(kept.message)
    assert data["game"] == "hungarian"
    assert data["parts"][-1]["code"] == "card_points_impossible"  # the path is the error's field
    for stored in (data, {"parts": data["parts"]}):  # kept before texts named their game: Hungarian
        text = engine_message_from_data(stored)
        with translation.override("de"):
            assert str(text).startswith("10 ist mit 6 Stich(en)")
        with translation.override("hu"):
            assert str(text).startswith("10 kártyapont lehetetlen")


def test_a_tournaments_rules_error_reads_in_the_readers_language() -> None:
    with pytest.raises(FormatError) as caught:
        rules_for("tournament", {"max_kontra": 9}, {"game": "hungarian"})
    assert isinstance(caught.value.__cause__, RulesError)
    assert caught.value.__cause__.code == "max_kontra_range"
    with translation.override("hu"):
        assert str(caught.value.message) == "max_kontra: 1..5 (kontra .. mordkontra) lehet"
    with translation.override("de"):
        assert str(caught.value.message) == "max_kontra: muss 1..5 sein (kontra .. mordkontra)"


def test_a_rules_option_of_the_wrong_type_is_the_engines_error_not_a_type_error() -> None:
    for options in (
        {"trull_values": 3},
        {"annulment_holdings": 7},
        {"annulment_holdings": [["x"]]},
        {"preset": "x"},
    ):
        with pytest.raises(FormatError) as caught:
            rules_for("pagat", options, {"game": "hungarian"})
        assert isinstance(caught.value.__cause__, RulesError)


@pytest.mark.django_db
def test_a_summary_the_engine_refuses_in_a_dispute_reads_in_the_language_it_is_shown_in() -> None:
    table = seated_table(TournamentFactory(deals_per_round_4=4), PlayerFactory.create_batch(4))
    rekontra = played("two", "C", "D", points=52, tricks=6, game_kontra=2)
    services.hand_submit(
        table=table, number=1, source="summary", data=rekontra, submitted_by=seat(table, "A")
    )
    services.hand_submit(
        table=table, number=1, source="payments", data=pay(-2, -2, 2, 2), submitted_by=seat(table, "B")
    )
    # rules changed after the hand was entered (no longer possible once round 1 is drawn: set directly)
    Tournament.objects.filter(pk=table.round.tournament_id).update(rules_options={"max_kontra": 1})
    table = Table.objects.get(pk=table.pk)  # the tournament as it is now
    summary = Dispute.objects.get().submissions.get(source=HandSubmission.Source.SUMMARY)
    assessed = assess(summary, table, table_positions(table), next_deal(table, 1))
    field, why = assessed.error
    assert field == "game_kontra"
    with translation.override("hu"):
        assert str(why) == "0..1 közötti egész számnak kell lennie, nem 2"
    with translation.override("de"):
        assert str(why) == "muss eine ganze Zahl 0..1 sein, nicht 2"
    with translation.override("en"):  # not whatever language an earlier test left active
        assert str(why) == "must be an integer 0..1, got 2"
