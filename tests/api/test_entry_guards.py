"""Entry guards through the API as a table's phone uses them (issue 21 §4): a typed payment far beyond
what a hand plausibly pays, or a played hand where nobody pays, is refused as ``unusual`` (400, the
field named, nothing stored) until the table confirms it; a confirmation on the same phone is recorded."""

from __future__ import annotations

import pytest

from engine.hungarian.scoring import PLAUSIBLE_PAYMENT
from tournaments.results.models import Hand, HandSubmission

from .conftest import table_client

pytestmark = pytest.mark.django_db


def url(table, tail: str = "") -> str:
    return f"/api/v1/tournaments/cup/rounds/{table.round.number}/tables/{table.number}/hands/{tail}"


def test_a_typo_sized_payment_is_refused_as_unusual_until_the_table_confirms_it(table1) -> None:
    phone = table_client(table1)
    typo = {"entered_by": "B", "payments": {"A": -9999, "B": 9999, "C": -9999, "D": 9999}}
    refused = phone.post(url(table1, "1/submissions/"), typo, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert refused.status_code == 400, refused.json()
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == ("payments.A", "unusual")
    # every seat that looks like a typo is named, not only the first
    assert [(e["field"], e["code"]) for e in refused.json()["errors"]] == [
        (f"payments.{seat}", "unusual") for seat in "ABCD"
    ]
    assert "9999" in error["message"]
    assert HandSubmission.objects.count() == 0
    assert Hand.objects.filter(kind="played").count() == 0
    # the same key replays the refusal; the confirmed entry goes with a new key, and is stored once
    accepted = phone.post(
        url(table1, "1/submissions/"), {**typo, "confirm_unusual": True}, format="json",
        HTTP_IDEMPOTENCY_KEY="k2",
    )  # fmt: skip
    assert accepted.status_code == 201, accepted.json()
    assert accepted.json()["payments"]["B"] == 9999
    assert HandSubmission.objects.count() == 1


def test_the_threshold_scales_with_the_stake_and_stops_at_the_plausible_edge(table1) -> None:
    phone = table_client(table1)
    edge = PLAUSIBLE_PAYMENT
    fine = {"entered_by": "B", "payments": {"A": -edge, "B": edge, "C": -edge, "D": edge}}
    assert phone.post(url(table1, "1/submissions/"), fine, format="json").status_code == 201
    table2_phone = table_client(table1)
    beyond = {"entered_by": "C", "payments": {"A": -edge - 1, "B": edge + 1, "C": -edge, "D": edge}}
    refused = table2_phone.post(url(table1, "1/submissions/"), beyond, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0] == {
        **refused.json()["errors"][0],
        "field": "payments.A",
        "code": "unusual",
    }


def test_a_played_hand_where_nobody_pays_asks_too_but_a_passed_out_one_does_not(table1) -> None:
    phone = table_client(table1)
    zeros = {"A": 0, "B": 0, "C": 0, "D": 0}
    refused = phone.post(url(table1, "1/submissions/"), {"entered_by": "B", "payments": zeros}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "payments"
    assert refused.json()["errors"][0]["code"] == "unusual"
    assert HandSubmission.objects.count() == 0
    passed = phone.post(
        url(table1, "1/submissions/"),
        {"entered_by": "B", "payments": zeros, "kind": "passed_out"},
        format="json",
    )
    assert passed.status_code == 201, passed.json()
    confirmed_zero = phone.post(
        url(table1, "2/submissions/"),
        {"entered_by": "B", "payments": zeros, "confirm_unusual": True},
        format="json",
    )
    assert confirmed_zero.status_code == 201, confirmed_zero.json()
    assert confirmed_zero.json()["kind"] == "played"


def test_a_contest_with_an_unusual_version_asks_too(table1) -> None:
    phone = table_client(table1)
    pays = {"A": -2, "B": 2, "C": -2, "D": 2}
    first = phone.post(url(table1, "1/submissions/"), {"entered_by": "B", "payments": pays}, format="json")
    phone.post(url(table1, "1/submissions/"), {"entered_by": "C", "payments": pays}, format="json")
    assert Hand.objects.get(table=table1, number=1).status == "confirmed", first.json()
    wrong = {"A": -2000, "B": 2000, "C": -2000, "D": 2000}
    body = {"entered_by": "D", "reason": "it was 20", "payments": wrong}
    refused = phone.post(url(table1, "1/disputes/"), body, format="json")
    assert refused.status_code == 400
    assert (refused.json()["errors"][0]["field"], refused.json()["errors"][0]["code"]) == (
        "payments.A",
        "unusual",
    )
    assert Hand.objects.get(table=table1, number=1).status == "confirmed"
    assert (
        phone.post(url(table1, "1/disputes/"), {**body, "confirm_unusual": True}, format="json").status_code
        == 201
    )


def test_a_confirmation_on_the_same_phone_is_recorded_on_the_version(table1) -> None:
    phone = table_client(table1)
    pays = {"A": -2, "B": 2, "C": -2, "D": 2}
    entry = phone.post(url(table1, "1/submissions/"), {"entered_by": "B", "payments": pays}, format="json")
    confirmed = phone.post(
        url(table1, f"1/submissions/{entry.json()['id']}/confirm/"),
        {"entered_by": "C", "same_device": True},
        format="json",
    )
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["same_device"] is True
    versions = phone.get(url(table1, "1/")).json()["versions"]
    assert [(v["same_device"], v["confirmed_by"]["seat"]) for v in versions] == [(True, "C")]
    other = phone.post(url(table1, "2/submissions/"), {"entered_by": "B", "payments": pays}, format="json")
    apart = phone.post(
        url(table1, f"2/submissions/{other.json()['id']}/confirm/"), {"entered_by": "D"}, format="json"
    )
    assert apart.json()["same_device"] is False
    assert HandSubmission.objects.filter(same_device=True).count() == 1


def test_the_database_refuses_same_device_on_a_version_nobody_confirmed(table1) -> None:
    from django.db import IntegrityError, transaction

    phone = table_client(table1)
    pays = {"A": -2, "B": 2, "C": -2, "D": 2}
    entry = phone.post(url(table1, "1/submissions/"), {"entered_by": "B", "payments": pays}, format="json")
    pending = HandSubmission.objects.filter(pk=entry.json()["id"])
    with pytest.raises(IntegrityError), transaction.atomic():
        pending.update(same_device=True)
    assert pending.get().same_device is False
