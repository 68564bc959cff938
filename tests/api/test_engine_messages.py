"""The engine's errors through the API: the engine's code (and params), the message in the language of the
request's ``Accept-Language`` (issue 21 §6)."""

from __future__ import annotations

import copy

import pytest

from engine.hungarian.record import ReplayError, replay
from tournaments.results.models import HandSubmission

from .conftest import table_client
from .test_disputes import a_record
from .test_results import url

pytestmark = pytest.mark.django_db

#: hand 1 of table 1 (B bids first): C declares a two with D and, by the typed card points, took 10 points
#: in 6 tricks, which the cards cannot give
IMPOSSIBLE = {
    "kind": "played",
    "bid": "two",
    "declarer": "C",
    "partner": "D",
    "game_kontra": 0,
    "result": {"declarer_card_points": 10, "declarer_tricks": 6},
}
PARAMS = {"points": 10, "tricks": 6, "bid": "two", "low": 26, "high": 78}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("de", "10 ist mit 6 Stich(en) bei einem Gebot von zwei unmöglich (möglich: 26..78)"),
        ("hu", "10 kártyapont lehetetlen 6 ütéssel, ha a licit kettő (lehetséges: 26..78)"),
        ("en", "10 impossible with 6 trick(s) for a two (possible: 26..78)"),
    ],
)
def test_a_summary_the_engine_refuses_reads_in_the_requests_language_with_the_engines_code(
    table1, language: str, message: str
) -> None:
    response = table_client(table1).post(
        url(table1, "1/submissions/"),
        {"entered_by": "A", "summary": IMPOSSIBLE},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert response["Content-Language"] == language
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"], error["message"]) == (
        "summary.result.declarer_card_points",
        "card_points_impossible",
        message,
    )
    # the engine's params, the same in every language
    assert error["params"] == PARAMS
    assert not HandSubmission.objects.exists()


def test_an_illegal_record_names_the_step_in_the_requests_language(table1) -> None:
    record = copy.deepcopy(a_record(table1)[0])
    record["tricks"][0]["cards"] = record["tricks"][0]["cards"][::-1]  # the leader plays another's card
    with pytest.raises(ReplayError) as caught:
        replay(record)
    seat = caught.value.params["seat"]
    response = table_client(table1).post(
        url(table1, "1/submissions/"),
        {"entered_by": "B", "record": record},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("record", caught.value.code)
    assert error["code"] == "card_not_held"
    card = caught.value.params["card"]
    player = table1.seats.get(position=seat).player.name  # the table reads whose seat it is
    assert (
        error["message"] == f"Stich 1, Platz {seat}, {player}: hat {card} gespielt, ohne die Karte zu halten"
    )
    assert str(caught.value) == f"trick 1, seat {seat}: played {card} which it does not hold"
