"""Disputes through the API as a table and an organizer see them: the validator's finding on the dispute (it
runs when the entry commits), an organizer overriding its decision, and the hands in dispute that the
standings leave out."""

from __future__ import annotations

import pytest

from engine.hungarian.bots import RuleBot, play_hand
from tournaments import services
from tournaments.core.formats import rules_for
from tournaments.results.models import Dispute, HandSubmission
from tournaments.standings.services import standings_recompute

from .conftest import table_client

pytestmark = pytest.mark.django_db


def url(table, tail: str = "") -> str:
    return f"/api/v1/tournaments/cup/rounds/{table.round.number}/tables/{table.number}/hands/{tail}"


@pytest.fixture
def enter(table1, django_capture_on_commit_callbacks):
    """POST an entry with the table's code; the commit's tasks (the validator) run as in production."""
    phone = table_client(table1)

    def post(seat: str, body: dict) -> dict:
        with django_capture_on_commit_callbacks(execute=True):
            response = phone.post(url(table1, "1/submissions/"), {"entered_by": seat, **body}, format="json")
        assert response.status_code == 201, response.json()
        return response.json()

    return post


def a_record(table) -> tuple[dict, dict]:
    deal = services.next_deal(table, 1)
    hand = play_hand(
        11, [RuleBot()] * 4, rules=rules_for("tournament", {}, {"game": "hungarian"}), seats=list(deal.active)
    )
    return hand.record(), {p: hand.payments()[p] for p in "ABCD"}


def test_it_shows_the_validators_decision_and_lets_the_organizer_override_it(
    table1, enter, organizer, django_capture_on_commit_callbacks
) -> None:
    record, replayed = a_record(table1)
    enter("A", {"payments": {p: -v for p, v in replayed.items()}})
    enter("B", {"record": record})

    hand = table_client(table1).get(url(table1, "1/")).json()
    assert (hand["status"], hand["payments"]) == ("confirmed", replayed)
    (dispute,) = hand["disputes"]
    assert (dispute["status"], dispute["resolved_by"], dispute["chosen_version"]) == (
        "resolved",
        "validator",
        2,
    )
    (finding,) = dispute["findings"]
    assert (finding["outcome"], finding["chosen_version"], finding["validator"]) == (
        "decided",
        2,
        "system:validator",
    )
    assert finding["explanation"].startswith("Version 2 is a hand record that replays legally")
    assert finding["differences"]["payments.A"]["engine"] == replayed["A"]
    assert dispute["resolution"] == finding["explanation"]

    detail = url(table1, f"1/disputes/{dispute['id']}/")
    etag = organizer.get(detail)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer.post(
            detail + "resolve/", {"version": 1, "note": "we saw the sheet"}, format="json", HTTP_IF_MATCH=etag
        )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["resolved_by"], body["chosen_version"]) == ("organizer", 1)
    assert (
        body["resolution"] == "The organizer overrode the validator's decision (version 2): we saw the sheet"
    )
    assert [f["outcome"] for f in body["findings"]] == ["decided"]  # kept as the validator wrote it
    hand = table_client(table1).get(url(table1, "1/")).json()
    assert [(v["version"], v["status"]) for v in hand["versions"]] == [(1, "confirmed"), (2, "superseded")]
    assert hand["payments"] == {p: -v for p, v in replayed.items()}


def test_it_shows_an_escalation_with_the_differing_fields_side_by_side(table1, enter, anonymous) -> None:
    enter("A", {"payments": {"A": -2, "B": 2, "C": -2, "D": 2}})
    enter("C", {"payments": {"A": -1, "B": 1, "C": -1, "D": 1}})
    dispute = Dispute.objects.get()
    response = anonymous.get(url(table1, f"1/disputes/{dispute.pk}/"))
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["resolved_by"], body["etag_version"]) == ("open", None, 1)
    (finding,) = body["findings"]
    assert (finding["outcome"], finding["chosen_version"], finding["dispute_version"]) == (
        "escalated",
        None,
        1,
    )
    assert finding["explanation"].endswith("The organizer decides.")
    assert finding["differences"]["payments.B"] == {"1": 2, "2": 1}
    assert set(HandSubmission.objects.values_list("status", flat=True)) == {"disputed"}


def test_it_says_how_many_hands_are_in_dispute_in_the_standings(
    tournament, table1, table2, enter, anonymous
) -> None:
    enter("A", {"payments": {"A": -2, "B": 2, "C": -2, "D": 2}})
    enter("C", {"payments": {"A": -1, "B": 1, "C": -1, "D": 1}})
    standings_recompute(tournament)
    body = anonymous.get("/api/v1/tournaments/cup/standings/").json()
    assert body["hands_in_dispute"] == 1
    by_player = {row["player"]["id"]: row["hands_in_dispute"] for row in body["results"]}
    assert {by_player[s.player_id] for s in table1.seats.all()} == {1}
    assert {by_player[s.player_id] for s in table2.seats.all()} == {0}
    assert all(row["hands_played"] == 0 for row in body["results"])  # the disputed hand does not count
    page = anonymous.get("/t/cup/standings/")  # the public standings page says so too
    assert "1 hand in dispute, not counted until decided" in page.content.decode()
