"""Entering results through the API as tables, players and organizers do: codes naming the seat, second
members confirming, disputes and their resolution, exactly-once retries, bulk score sheets, errors."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tournaments.results.models import Dispute, Hand, HandSubmission

from .conftest import player_client, table_client

pytestmark = pytest.mark.django_db


def url(table, tail: str = "") -> str:
    return f"/api/v1/tournaments/cup/rounds/{table.round.number}/tables/{table.number}/hands/{tail}"


def active(table) -> list[str]:
    """Seats of hand 1 in bidding order (A deals first: B bids first, the dealer last)."""
    return list("BCDA")


def pays(table, amount: int = 2) -> dict:
    return {"payments": {"A": -amount, "B": amount, "C": -amount, "D": amount}}


def test_it_enters_a_hand_with_the_table_code_and_a_second_seat_confirms_it(table1) -> None:
    phone = table_client(table1)
    response = phone.post(url(table1, "1/submissions/"), {"entered_by": "B", **pays(table1)}, format="json")
    assert response.status_code == 201, response.json()
    entry = response.json()
    assert (entry["status"], entry["submitted_by"]["seat"], entry["version"]) == ("pending", "B", 1)
    same_seat = phone.post(
        url(table1, f"1/submissions/{entry['id']}/confirm/"), {"entered_by": "B"}, format="json"
    )
    assert same_seat.status_code == 400
    assert same_seat.json()["errors"][0]["field"] == "confirmed_by"
    confirmed = phone.post(
        url(table1, f"1/submissions/{entry['id']}/confirm/"), {"entered_by": "C"}, format="json"
    )
    assert confirmed.status_code == 200
    assert confirmed.json()["confirmed_by"]["seat"] == "C"
    hand = phone.get(url(table1, "1/")).json()
    assert (hand["status"], hand["payments"]["B"]) == ("confirmed", 2)


def test_it_scores_a_summary_with_the_engine_and_names_the_field_it_rejects(table1) -> None:
    phone = table_client(table1)
    summary = {
        "kind": "played",
        "bid": "two",
        "declarer": "C",
        "partner": "D",
        "game_kontra": 0,
        "announcements": [],
        "declarations": [],
        "result": {
            "declarer_card_points": 95,
            "declarer_tricks": 6,
            "trull": None,
            "four_kings": None,
            "pagat_last_trick": None,
            "xxi_catch": None,
        },
    }
    bad = phone.post(url(table1, "1/submissions/"), {"entered_by": "A", "summary": summary}, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"] == "summary.result.declarer_card_points"
    assert HandSubmission.objects.count() == 0
    summary["result"]["declarer_card_points"] = 52
    good = phone.post(url(table1, "1/submissions/"), {"entered_by": "A", "summary": summary}, format="json")
    assert good.status_code == 201
    assert good.json()["payments"] == {"A": -2, "B": -2, "C": 2, "D": 2}


def test_it_answers_a_zero_sum_error_in_the_one_error_shape(table1) -> None:
    body = {"entered_by": "B", "payments": {"A": 5, "B": 5, "C": 1, "D": 1}}
    response = table_client(table1).post(url(table1, "1/submissions/"), body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "field": "payments",
                "code": "zero_sum",
                "message": "payments must sum to zero (they sum to 12)",
                "params": {"sum": 12},
            }
        ]
    }
    german = table_client(table1).post(
        url(table1, "1/submissions/"), body, format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert german.json()["errors"][0]["message"] == "die Zahlungen müssen null ergeben (sie ergeben 12)"
    assert german.json()["errors"][0]["params"] == {"sum": 12}


def test_it_returns_the_first_response_to_a_retry_with_the_same_idempotency_key(table1) -> None:
    phone = table_client(table1)
    body = {"entered_by": "B", **pays(table1)}
    first = phone.post(url(table1, "1/submissions/"), body, format="json", HTTP_IDEMPOTENCY_KEY="tap-1")
    again = phone.post(url(table1, "1/submissions/"), body, format="json", HTTP_IDEMPOTENCY_KEY="tap-1")
    assert (again.status_code, again.json()) == (first.status_code, first.json())
    assert HandSubmission.objects.count() == 1
    other = {"entered_by": "B", **pays(table1, 4)}
    mismatch = phone.post(url(table1, "1/submissions/"), other, format="json", HTTP_IDEMPOTENCY_KEY="tap-1")
    assert mismatch.status_code == 422
    assert mismatch.json()["errors"][0]["code"] == "idempotency_mismatch"
    assert HandSubmission.objects.count() == 1


def test_it_opens_a_dispute_for_a_different_entry_and_the_organizer_resolves_it(table1, organizer) -> None:
    phone = table_client(table1)
    phone.post(url(table1, "1/submissions/"), {"entered_by": "B", **pays(table1, 2)}, format="json")
    phone.post(url(table1, "1/submissions/"), {"entered_by": "C", **pays(table1, 4)}, format="json")
    disputes = phone.get(url(table1, "1/disputes/")).json()
    assert [(d["status"], d["versions"]) for d in disputes] == [("open", [1, 2])]
    dispute_url = url(table1, f"1/disputes/{disputes[0]['id']}/")
    etag = organizer.get(dispute_url)["ETag"]
    by_table = phone.post(dispute_url + "resolve/", {"version": 2}, format="json")
    assert by_table.status_code == 403  # a table code cannot decide
    stale = organizer.post(
        dispute_url + "resolve/", {"version": 2}, format="json", HTTP_IF_MATCH=etag.replace("-v1", "-v0")
    )
    assert stale.status_code == 412
    assert Dispute.objects.get().status == "open"
    done = organizer.post(
        dispute_url + "resolve/", {"version": 2, "note": "C's sheet"}, format="json", HTTP_IF_MATCH=etag
    )
    assert done.status_code == 200, done.json()
    assert (done.json()["status"], done.json()["chosen_version"]) == ("resolved", 2)
    assert Hand.objects.get().payments["B"] == 4


def test_it_lets_a_member_contest_a_confirmed_hand_and_refuses_a_late_entry(table1) -> None:
    phone = table_client(table1)
    entry = phone.post(
        url(table1, "1/submissions/"), {"entered_by": "B", **pays(table1)}, format="json"
    ).json()
    phone.post(url(table1, f"1/submissions/{entry['id']}/confirm/"), {"entered_by": "C"}, format="json")
    late = phone.post(url(table1, "1/submissions/"), {"entered_by": "D", **pays(table1, 6)}, format="json")
    assert late.status_code == 409
    contest = phone.post(
        url(table1, "1/disputes/"),
        {"entered_by": "D", "reason": "we won 6", **pays(table1, 6)},
        format="json",
    )
    assert contest.status_code == 201, contest.json()
    assert contest.json()["versions"] == [1, 2]
    assert Hand.objects.get().status == Hand.Status.DISPUTED


def test_it_lets_a_player_of_the_table_enter_with_an_account(table1) -> None:
    as_b = player_client(table1, "B")
    response = as_b.post(url(table1, "1/submissions/"), pays(table1), format="json")
    assert response.status_code == 201
    assert response.json()["submitted_by"]["seat"] == "B"
    as_c = player_client(table1, "C")
    assert (
        as_c.post(
            url(table1, f"1/submissions/{response.json()['id']}/confirm/"), {}, format="json"
        ).status_code
        == 200
    )


def test_it_refuses_another_tables_code_and_anonymous_writes(table1, table2, anonymous) -> None:
    other = table_client(table2).post(
        url(table1, "1/submissions/"), {"entered_by": "B", **pays(table1)}, format="json"
    )
    assert other.status_code == 403
    assert anonymous.post(url(table1, "1/submissions/"), pays(table1), format="json").status_code == 401
    assert HandSubmission.objects.count() == 0


def test_it_lets_an_organizer_enter_a_whole_score_sheet_all_or_nothing(table1, organizer) -> None:
    from tournaments.services import next_deal

    sheet = []
    for number in (1, 2):
        a, b, c, d = next_deal(table1, 1).active if number == 1 else "CDAB"
        sheet.append({"number": number, "payments": {a: 1, b: -1, c: 1, d: -1}})
    sheet.append({"number": 3, "payments": {"A": 1, "B": 1, "C": 1, "D": 1}})
    bad = organizer.post(url(table1), {"hands": sheet}, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"] == "hands[2].payments"
    assert Hand.objects.count() == 0  # all or nothing
    sheet[2]["payments"] = {"A": 0, "B": 0, "C": 0, "D": 0}
    sheet[2]["kind"] = "passed_out"
    good = organizer.post(url(table1), {"hands": sheet}, format="json")
    assert good.status_code == 201, good.json()
    assert [h["status"] for h in good.json()] == ["confirmed"] * 3


def test_it_lets_an_organizer_enter_a_whole_rounds_sheets_all_or_nothing(
    table1, table2, organizer, anonymous, django_capture_on_commit_callbacks
) -> None:
    round_url = "/api/v1/tournaments/cup/rounds/1/hands/"
    hand = {"number": 1, **pays(table1)}
    summary = {"number": 2, "summary": {"bid": "three"}}  # not a full summary: the engine says what's missing
    body = {"tables": [{"table": 1, "hands": [hand]}, {"table": 2, "hands": [hand, summary]}]}
    bad = organizer.post(round_url, body, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"].startswith("tables[1].hands[1].summary")
    assert Hand.objects.count() == 0  # the good sheet of table 1 was not kept either
    assert (
        organizer.post(round_url, {"tables": [{"table": 9, "hands": [hand]}]}, format="json").json()[
            "errors"
        ][0]["field"]
        == "tables[0].table"
    )
    assert anonymous.post(round_url, body, format="json").status_code == 401
    assert table_client(table1).post(round_url, body, format="json").status_code == 403

    body["tables"][1]["hands"] = [hand]
    with django_capture_on_commit_callbacks(execute=True):  # the standings' refresh, after the commit
        good = organizer.post(round_url, body, format="json")
    assert good.status_code == 201, good.json()
    assert [(t["table"], [h["status"] for h in t["hands"]]) for t in good.json()] == [
        (1, ["confirmed"]),
        (2, ["confirmed"]),
    ]
    standings = anonymous.get("/api/v1/tournaments/cup/standings/").json()
    assert {row["game_points"] for row in standings["results"]} == {-2, 2}


def test_it_refuses_a_body_over_the_limit_with_413(table1) -> None:
    big = {"entered_by": "B", "summary": {"note": "x" * 300_000}}
    response = table_client(table1).post(url(table1, "1/submissions/"), big, format="json")
    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "too_large"


def test_it_lets_an_organizer_void_a_hand(table1, organizer) -> None:
    table_client(table1).post(
        url(table1, "1/submissions/"), {"entered_by": "B", **pays(table1)}, format="json"
    )
    response = organizer.post(url(table1, "1/void/"), {"reason": "sheet lost"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "voided"


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_it_stores_one_submission_for_two_identical_requests_at_once(postgres_url, table1) -> None:
    """Exactly once under concurrency on PostgreSQL: the database decides, not a process lock."""
    from celery._state import _set_task_join_will_block

    body = {"entered_by": "B", **pays(table1)}
    results: list[int] = []
    barrier = threading.Barrier(2)

    def post() -> None:
        try:
            barrier.wait(timeout=10)
            client = table_client(table1)
            results.append(
                client.post(
                    url(table1, "1/submissions/"), body, format="json", HTTP_IDEMPOTENCY_KEY="same"
                ).status_code
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=post) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    _set_task_join_will_block(False)
    assert results == [201, 201]
    assert HandSubmission.objects.count() == 1


def test_it_saves_results_and_serves_standings_while_the_cache_is_down(table1, anonymous, settings) -> None:
    """Redis carries the cache and the broker: with it down, entries go on (failed codes are not counted)
    and standings come from the database."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    phone = table_client(table1)
    entry = phone.post(url(table1, "1/submissions/"), {"entered_by": "B", **pays(table1)}, format="json")
    assert entry.status_code == 201
    assert anonymous.get("/api/v1/tournaments/cup/standings/").status_code == 200
    wrong = anonymous.post(
        url(table1, "1/submissions/"), {"entered_by": "B"}, format="json", HTTP_X_TABLE_CODE="WRONG1"
    )
    assert wrong.status_code == 401
