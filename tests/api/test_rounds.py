"""Rounds through the API: draws and their lifecycle, who may do what, If-Match, Idempotency-Key,
tables with hands, totals and places, and entry codes (shown to organizers only, replaceable).

Draws (the next round, a re-draw, the final stage) are computed by the worker: the API answers 202 with
a job; the tests run the on-commit callbacks (eager tasks) and follow the job to its round."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import drawn_round, player_client, table_client
from tournaments import services
from tournaments.draw.models import Job, Round, Table, TableCode
from tournaments.draw.selectors import active_table_code
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute

pytestmark = pytest.mark.django_db

ROUNDS = "/api/v1/tournaments/cup/rounds/"


def play_out(round_: Round, payments: dict[str, int] | None = None) -> None:
    """Confirm every deal of every table with an organizer's entry (zero payments unless given)."""
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        for number in range(1, round_.tournament.deals_per_round(len(positions)) + 1):
            services.hand_submit(
                table=table,
                number=number,
                source="payments",
                data={"payments": payments or dict.fromkeys(positions, 0)},
                trusted=True,
            )


def close_round1(organizer: APIClient, round1: Round, capture: Any) -> None:
    with capture(execute=True):  # the standings (and table results) are recomputed after commit
        play_out(round1)
        assert organizer.post(f"{ROUNDS}1/close/", {"confirm": True}, format="json").status_code == 200


def draft_round2(organizer: APIClient, round1: Round, capture: Any) -> dict[str, Any]:
    close_round1(organizer, round1, capture)
    with capture(execute=True):  # the job runs after commit
        accepted = organizer.post(ROUNDS, {"seed": "second", "method": "random"}, format="json")
    return drawn_round(organizer, accepted).json()


def codes(data: Any) -> list[str]:
    return [table["code"] for table in data if table.get("code")]


def test_it_drives_a_round_through_its_whole_lifecycle_as_an_organizer(
    organizer, tournament, round1, django_capture_on_commit_callbacks
) -> None:
    close_round1(organizer, round1, django_capture_on_commit_callbacks)
    closed = organizer.get(f"{ROUNDS}1/tables/1/").json()
    assert [place["place"] for place in closed["places"]] == [2.5, 2.5, 2.5, 2.5]  # all tied at zero

    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post(ROUNDS, {"seed": "second", "method": "random"}, format="json")
    assert accepted.status_code == 202
    assert accepted.json()["kind"] == "generate"
    created = drawn_round(organizer, accepted)
    body = created.json()
    assert (body["number"], body["status"], body["method"], body["seed"]) == (2, "draft", "random", "second")
    assert body["verifies"] is True
    assert sorted(s["player_id"] for t in body["tables"] for s in t["seats"]) == body["input"]["players"]
    assert all(s["name"] for t in body["tables"] for s in t["seats"])
    assert accepted["Location"].endswith(f"/api/v1/jobs/{accepted.json()['id']}/")
    job = organizer.get(accepted["Location"]).json()
    assert job["round_url"].endswith("/api/v1/tournaments/cup/rounds/2/")
    pk = Round.objects.get(tournament=tournament, number=2).pk
    assert created["ETag"] == f'"round-{pk}-v1"'

    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post(
            f"{ROUNDS}2/redraw/", {"seed": "third"}, format="json", HTTP_IF_MATCH=created["ETag"]
        )
    redrawn = drawn_round(organizer, accepted)
    assert redrawn.status_code == 200
    assert (redrawn.json()["seed"], redrawn.json()["verifies"], redrawn["ETag"]) == (
        "third",
        True,
        f'"round-{pk}-v2"',
    )

    players = [s["player_id"] for t in redrawn.json()["tables"] for s in t["seats"]]
    edited = organizer.put(
        f"{ROUNDS}2/draw/",
        {"tables": [players[4:], players[:4]]},
        format="json",
        HTTP_IF_MATCH=redrawn["ETag"],
    )
    assert edited.status_code == 200, edited.json()
    assert edited.json()["method"] == "manual"
    assert [[s["player_id"] for s in t["seats"]] for t in edited.json()["tables"]] == [
        players[4:],
        players[:4],
    ]
    assert [t["first_dealer"] for t in edited.json()["tables"]] == ["A", "A"]
    assert edited.json()["verifies"] is False
    assert organizer.post(f"{ROUNDS}2/verify/").json() == {
        "round": 2,
        "method": "manual",
        "seed": "third",
        "verifies": False,
    }

    etag = edited["ETag"]
    for action, expected in (("confirm", "confirmed"), ("publish", "published"), ("start", "in_play")):
        response = organizer.post(f"{ROUNDS}2/{action}/", HTTP_IF_MATCH=etag)
        assert response.status_code == 200, (action, response.json())
        assert response.json()["status"] == expected
        assert response["ETag"] != etag
        etag = response["ETag"]
    started = organizer.get(f"{ROUNDS}2/").json()
    assert started["started_at"]
    assert started["ends_at"] > started["started_at"]
    tables = organizer.get(f"{ROUNDS}2/tables/").json()["results"]
    assert codes(tables) == [
        active_table_code(t) for t in Table.objects.filter(round__number=2).order_by("number")
    ]
    assert all(len(code) == 6 for code in codes(tables))

    play_out(Round.objects.get(pk=pk))
    with django_capture_on_commit_callbacks(execute=True):
        closed = organizer.post(f"{ROUNDS}2/close/", {"confirm": True}, format="json", HTTP_IF_MATCH=etag)
    assert closed.status_code == 200
    assert closed.json()["status"] == "closed"
    assert closed.json()["closed_at"]

    Tournament.objects.filter(pk=tournament.pk).update(final_table=True, rounds_planned=2)
    with django_capture_on_commit_callbacks(execute=True):
        accepted = organizer.post("/api/v1/tournaments/cup/final-stage/")
    final = drawn_round(organizer, accepted)
    assert (final.json()["number"], final.json()["stage"], final.json()["status"]) == (3, "final", "draft")
    assert final.json()["tables"][0]["label"] == "Final"
    job = organizer.get(accepted["Location"]).json()
    assert job["round_url"].endswith("/api/v1/tournaments/cup/rounds/3/")
    assert organizer.post("/api/v1/tournaments/cup/final-stage/").status_code == 400  # only once
    listed = organizer.get(ROUNDS).json()
    assert (listed["count"], [r["number"] for r in listed["results"]]) == (3, [1, 2, 3])


def test_it_shows_the_public_released_rounds_only(
    anonymous, organizer, round1, django_capture_on_commit_callbacks
) -> None:
    draft_round2(organizer, round1, django_capture_on_commit_callbacks)
    assert [r["number"] for r in anonymous.get(ROUNDS).json()["results"]] == [1]
    for path in ("2/", "2/verify/", "2/tables/", "2/tables/1/"):
        assert anonymous.get(f"{ROUNDS}{path}").status_code == 404, path
    organizer.post(f"{ROUNDS}2/confirm/")
    assert anonymous.get(f"{ROUNDS}2/").status_code == 404  # confirmed is not released yet
    assert [r["number"] for r in organizer.get(ROUNDS).json()["results"]] == [1, 2]
    organizer.post(f"{ROUNDS}2/publish/")
    public = anonymous.get(f"{ROUNDS}2/")
    assert public.status_code == 200
    assert public.json()["verifies"] is True
    assert anonymous.get(f"{ROUNDS}2/verify/").json()["verifies"] is True


def test_it_hides_a_private_tournaments_rounds_from_the_public(anonymous, organizer, tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    assert anonymous.get(ROUNDS).status_code == 404
    assert anonymous.get(f"{ROUNDS}1/tables/1/").status_code == 404
    assert organizer.get(ROUNDS).status_code == 200


def test_it_lets_only_this_tournaments_organizers_act_on_rounds(
    anonymous, other_organizer, superuser, organizer, round1, table1, django_capture_on_commit_callbacks
) -> None:
    writes = [
        ("post", "", {}),
        ("post", "1/redraw/", {}),
        ("put", "1/draw/", {"tables": []}),
        ("post", "1/draw/", {"tables": []}),
        ("post", "1/confirm/", {}),
        ("post", "1/publish/", {}),
        ("post", "1/start/", {}),
        ("post", "1/close/", {}),
        ("post", "1/tables/1/code/", {}),
    ]
    code = active_table_code(table1)
    seated = player_client(table1, "A")  # a player's own account organizes nothing
    for method, path, body in writes:
        url = f"{ROUNDS}{path}"
        assert getattr(anonymous, method)(url, body, format="json").status_code == 401, path
        assert getattr(other_organizer, method)(url, body, format="json").status_code == 403, path
        assert getattr(table_client(table1), method)(url, body, format="json").status_code == 403, path
        assert getattr(seated, method)(url, body, format="json").status_code == 403, path
    final = "/api/v1/tournaments/cup/final-stage/"
    assert (anonymous.post(final).status_code, other_organizer.post(final).status_code) == (401, 403)
    assert table_client(table1).post(final).status_code == 403
    round1.refresh_from_db()
    assert (round1.status, round1.version, Round.objects.count()) == ("in_play", 4, 1)
    assert active_table_code(table1) == code
    play_out(round1)
    with django_capture_on_commit_callbacks(execute=True):
        closed = superuser.post(f"{ROUNDS}1/close/", {"confirm": True}, format="json")
        assert closed.status_code == 200  # a superuser organizes everything


def test_it_refuses_a_stale_if_match_and_changes_nothing(
    organizer, round1, django_capture_on_commit_callbacks
) -> None:
    draft_round2(organizer, round1, django_capture_on_commit_callbacks)
    read = organizer.get(f"{ROUNDS}2/")
    confirmed = organizer.post(f"{ROUNDS}2/confirm/", HTTP_IF_MATCH=read["ETag"])
    assert confirmed.status_code == 200
    for path, body in (("redraw/", {"seed": "late"}), ("publish/", {}), ("draw/", {"tables": []})):
        stale = organizer.post(f"{ROUNDS}2/{path}", body, format="json", HTTP_IF_MATCH=read["ETag"])
        assert stale.status_code == 412, path
        assert stale.json()["errors"][0]["code"] == "precondition_failed"
    other_round = organizer.post(f"{ROUNDS}2/publish/", HTTP_IF_MATCH=f'"round-{round1.pk}-v5"')
    assert other_round.status_code == 412  # another object's ETag
    now = organizer.get(f"{ROUNDS}2/")
    assert now["ETag"] == confirmed["ETag"]
    assert (now.json()["status"], now.json()["seed"]) == ("confirmed", "second")
    assert now.json()["tables"] == confirmed.json()["tables"]
    assert organizer.get(f"{ROUNDS}2/", HTTP_IF_NONE_MATCH=now["ETag"]).status_code == 304


def test_it_replays_a_retried_generate_with_the_same_idempotency_key(
    organizer, round1, django_capture_on_commit_callbacks
) -> None:
    close_round1(organizer, round1, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        first = organizer.post(ROUNDS, {"method": "swiss"}, format="json", HTTP_IDEMPOTENCY_KEY="gen-2")
    with django_capture_on_commit_callbacks(execute=True):
        again = organizer.post(ROUNDS, {"method": "swiss"}, format="json", HTTP_IDEMPOTENCY_KEY="gen-2")
    assert first.status_code == again.status_code == 202
    assert again.json() == first.json()  # the first answer, as it was (the job then still queued)
    assert again["Idempotent-Replayed"] == "true"
    assert drawn_round(organizer, again).json()["number"] == 2
    assert Job.objects.count() == 1
    assert Round.objects.filter(tournament=round1.tournament).count() == 2
    other = organizer.post(ROUNDS, {"method": "random"}, format="json", HTTP_IDEMPOTENCY_KEY="gen-2")
    assert other.status_code == 422
    assert Round.objects.filter(tournament=round1.tournament).count() == 2


def test_it_refuses_a_draw_while_the_previous_round_is_open_and_closing_an_unsettled_round(
    organizer, round1, table1
) -> None:
    refused = organizer.post(ROUNDS, {}, format="json")
    assert refused.status_code == 409
    assert "close round 1" in refused.json()["errors"][0]["message"]
    a, b = (table1.seats.get(position=p).player for p in "AB")
    services.hand_submit(
        table=table1,
        number=1,
        source="payments",
        data={"payments": {"A": 0, "B": 0, "C": 0, "D": 0}},
        submitted_by=a,
        confirm_unusual=True,  # nobody paying in a played hand: the table confirmed it
    )
    services.hand_submit(
        table=table1,
        number=1,
        source="payments",
        data={"payments": {"A": 2, "B": -2, "C": 0, "D": 0}},
        submitted_by=b,
    )
    assert Dispute.objects.filter(hand__table=table1, status="open").count() == 1
    response = organizer.post(f"{ROUNDS}1/close/")
    assert response.status_code == 409
    message = response.json()["errors"][0]["message"]
    assert "table 1 hand 1: dispute open" in message
    assert "table 2: 0/4 deals confirmed" in message
    assert organizer.get(f"{ROUNDS}1/").json()["status"] == "in_play"


def test_it_validates_a_manual_edit_in_the_service(
    organizer, round1, django_capture_on_commit_callbacks
) -> None:
    body = draft_round2(organizer, round1, django_capture_on_commit_callbacks)
    players = [s["player_id"] for t in body["tables"] for s in t["seats"]]
    twice = organizer.put(f"{ROUNDS}2/draw/", {"tables": [players[:4], players[:4]]}, format="json")
    assert twice.status_code == 400
    assert twice.json()["errors"][0]["field"] == "tables"
    shape = organizer.put(f"{ROUNDS}2/draw/", {"tables": "ABCD"}, format="json")
    assert (shape.status_code, shape.json()["errors"][0]["field"]) == (400, "tables")
    unchanged = organizer.get(f"{ROUNDS}2/").json()
    assert (unchanged["method"], unchanged["version"], unchanged["tables"]) == ("random", 1, body["tables"])
    closed = organizer.post(f"{ROUNDS}1/draw/", {"tables": [players[:4], players[4:]]}, format="json")
    assert closed.status_code == 409  # round 1 is closed: its draw can no longer change


def test_it_shows_a_tables_hands_and_running_totals(anonymous, round1, table1) -> None:
    services.hand_submit(
        table=table1,
        number=1,
        source="payments",
        data={"payments": {"A": 6, "B": -2, "C": -2, "D": -2}},
        trusted=True,
    )
    services.hand_submit(
        table=table1,
        number=2,
        source="payments",
        data={"payments": {"A": -4, "B": 4, "C": 0, "D": 0}},
        trusted=True,
    )
    data = anonymous.get(f"{ROUNDS}1/tables/1/").json()
    assert (data["round"], data["number"]) == (1, 1)
    assert [seat["position"] for seat in data["seats"]] == ["A", "B", "C", "D"]
    assert [(h["number"], h["status"], h["payments"]) for h in data["hands"]] == [
        (1, "confirmed", {"A": 6, "B": -2, "C": -2, "D": -2}),
        (2, "confirmed", {"A": -4, "B": 4, "C": 0, "D": 0}),
    ]
    assert all(h["dealer"] in "ABCD" and h["stake"] >= 1 and h["kind"] for h in data["hands"])
    assert data["totals"] == {"A": 2, "B": 2, "C": -2, "D": -2}
    assert data["places"] is None  # the round is not closed
    listed = anonymous.get(f"{ROUNDS}1/tables/").json()
    assert [t["number"] for t in listed["results"]] == [1, 2]
    assert listed["results"][1]["totals"] == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_it_shows_the_entry_codes_to_organizers_only(anonymous, organizer, round1, table1, table2) -> None:
    secret = [active_table_code(table1), active_table_code(table2)]
    assert all(secret)  # issued when round 1 was published
    assert codes(organizer.get(f"{ROUNDS}1/tables/").json()["results"]) == secret
    assert organizer.get(f"{ROUNDS}1/tables/2/").json()["code"] == secret[1]
    readers = [anonymous, table_client(table1)]
    for client in readers:
        for path in ("", "1/", "1/tables/", "1/tables/1/"):
            response = client.get(f"{ROUNDS}{path}")
            assert response.status_code == 200, path
            text = response.content.decode()
            assert not any(code in text for code in secret), path
            assert "org@example.org" not in text
            assert '"code":"' not in text.replace(" ", "")  # the key is there, always null


def test_it_lets_a_table_code_read_its_own_table_only(tournament, round1, table1, table2) -> None:
    phone = table_client(table1)
    assert phone.get(f"{ROUNDS}1/tables/1/").status_code == 200
    assert phone.get(f"{ROUNDS}1/tables/2/").status_code == 403
    assert [t["number"] for t in phone.get(f"{ROUNDS}1/tables/").json()["results"]] == [1]
    Tournament.objects.filter(pk=tournament.pk).update(is_public=False)
    assert phone.get(f"{ROUNDS}1/tables/1/").status_code == 200  # its own table, even when private
    assert phone.get(f"{ROUNDS}1/tables/2/").status_code == 403
    assert phone.get(f"{ROUNDS}1/").status_code == 404  # nothing else
    assert table_client(table2).get(f"{ROUNDS}1/tables/1/").status_code == 403


def test_it_replaces_a_table_code(organizer, round1, table1) -> None:
    old = table_client(table1)
    old_code = active_table_code(table1)
    response = organizer.post(f"{ROUNDS}1/tables/1/code/")
    assert response.status_code == 201
    new_code = response.json()["code"]
    assert (response.json()["round"], response.json()["table"]) == (1, 1)
    assert new_code != old_code
    assert len(new_code) == 6
    assert new_code == active_table_code(table1)
    assert TableCode.objects.get(code=old_code).replaced_at is not None
    assert old.get(f"{ROUNDS}1/tables/1/").status_code == 401
    assert table_client(table1).get(f"{ROUNDS}1/tables/1/").status_code == 200
    assert organizer.post(f"{ROUNDS}1/tables/9/code/").status_code == 404


def test_it_answers_404_for_unknown_rounds_and_tables(organizer, anonymous, round1) -> None:
    assert organizer.get(f"{ROUNDS}7/").status_code == 404
    assert organizer.post(f"{ROUNDS}7/confirm/").status_code == 404
    assert anonymous.get(f"{ROUNDS}1/tables/9/").status_code == 404
    assert anonymous.get("/api/v1/tournaments/nope/rounds/").status_code == 404
