"""The queries of one table-code entry through the HTTP API (issue #22 §4): a phone enters a hand (the
first entry) and a second seat enters the same result (the confirming entry). Each is a fixed, small
number of queries, the row locks and the audit kept: fails when a change adds one.

What they are (SQLite, inside the test's transaction, so the service's transaction is a savepoint):

* both: the table code (with its table, round and tournament), the table's seats with their players,
  the service's savepoint, the round with its tournament (after a ``SELECT ... FOR SHARE`` of the round
  on PostgreSQL: one query more there), the hand ``SELECT ... FOR UPDATE``, the kinds of the hands before
  (none for hand 1), the savepoint's release;
* the first entry: ``INSERT ... ON CONFLICT DO NOTHING`` of the hand and its history row, the version
  and its history row, the hand's status and kind and its history row;
* the confirming entry: the hand's versions (with their players and the open dispute, if any), the
  version confirmed and its history row, the hand confirmed and its history row, the standings marked
  stale (1 UPDATE ... RETURNING, whether they were stale already or not).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.results.models import Hand, HandSubmission

from .conftest import table_client

pytestmark = pytest.mark.django_db

# Before issue #22 §4: 20 (first entry) and 19 (confirming entry) for hand 1, 20 and 21 for hand 2
# (on SQLite; one more each on PostgreSQL, the round's share lock).
# Hand 2 reads the kinds of the hands before it (one query more than hand 1); its confirmation finds the
# standings stale already (hand 1 made them so), which took 3 UPDATEs before ``standings_mark_stale`` became
# one UPDATE ... RETURNING.
FIRST_ENTRY = {1: 12, 2: 13}
CONFIRMING_ENTRY = {1: 12, 2: 13}


def expected(counts: dict[int, int], hand: int) -> int:
    return counts[hand] + (connection.vendor == "postgresql")  # the round's FOR SHARE


def url(table: Any, hand: int) -> str:
    prefix = f"/api/v1/tournaments/cup/rounds/{table.round.number}/tables/{table.number}"
    return f"{prefix}/hands/{hand}/submissions/"


def enter(phone: Any, table: Any, hand: int, seat: str) -> tuple[int, list[str]]:
    body = {"entered_by": seat, "payments": {"A": -2, "B": 2, "C": -2, "D": 2}}
    with CaptureQueriesContext(connection) as queries:
        response = phone.post(url(table, hand), body, format="json")
    assert response.status_code in (200, 201), response.content
    return response.status_code, [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize("hand", [1, 2])
def test_a_table_code_entry_and_its_confirmation_take_a_fixed_number_of_queries(table1, hand: int) -> None:
    phone = table_client(table1)
    for earlier in range(1, hand):
        enter(phone, table1, earlier, "B")
        enter(phone, table1, earlier, "C")
    status, first = enter(phone, table1, hand, "B")
    assert status == 201
    assert len(first) == expected(FIRST_ENTRY, hand), "\n".join(first)
    status, confirming = enter(phone, table1, hand, "C")
    assert status == 200
    assert len(confirming) == expected(CONFIRMING_ENTRY, hand), "\n".join(confirming)
    # The locks and the audit are kept: the hand is read FOR UPDATE on PostgreSQL (SQLite has no row
    # locks: the query is there, without the clause) and every change has its history row.
    for queries in (first, confirming):
        assert any(q.startswith('SELECT "tournaments_hand"') for q in queries)
    assert sum('INSERT INTO "tournaments_historical' in q for q in first) == 3
    assert sum('INSERT INTO "tournaments_historical' in q for q in confirming) == 2
    entered = Hand.objects.get(table=table1, number=hand)
    assert (entered.status, entered.history.count()) == ("confirmed", 3)
    version = HandSubmission.objects.get(hand=entered)
    assert [h.history_type for h in version.history.order_by("history_date")] == ["+", "~"]
    assert all(h.history_actor.startswith("player:") for h in entered.history.all())
