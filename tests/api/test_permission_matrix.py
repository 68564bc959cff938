"""Every write endpoint × every role, through HTTP: the expected status of each cell is in one table.

Roles: anonymous, another table's code, the table's own code, a player of the table (account), a player
of another table, an organizer of another tournament, the organizer, a superuser. A cell that refuses
must also store nothing (the row counts of the domain do not move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.row_counts import row_counts
from tournaments import services
from tournaments.draw.models import Job
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, Hand

from .conftest import (
    client_with_token,
    organizer_user_of_the_cup,
    player_client,
    table_client,
    tournament_of_the_cup,
)

pytestmark = pytest.mark.django_db

# Every cell starts from the same cup and what it does is rolled back after it: the cup is built once for
# the module (tests/api/conftest.py's cup_of_the_module), not once for each of the cells.
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
tournament = pytest.fixture(tournament_of_the_cup, name="tournament")

ROLES = [
    "anonymous",
    "other_table_code",
    "own_table_code",
    "player_of_table",
    "player_of_other_table",
    "other_organizer",
    "organizer",
    "superuser",
]


def hands(table) -> str:
    return f"/api/v1/tournaments/cup/rounds/1/tables/{table.number}/hands/"


def pays(amount: int = 1) -> dict:
    return {"payments": {"A": -amount, "B": amount, "C": -amount, "D": amount}}


def pending_entry(table) -> Any:
    return services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data=pays(),
        submitted_by=table.seats.get(position="B").player,
    )


def confirmed_hand(table) -> Hand:
    sub = pending_entry(table)
    services.hand_confirm(sub, table.seats.get(position="C").player)
    return sub.hand


def open_dispute(table) -> Dispute:
    pending_entry(table)
    services.hand_submit(
        table=table,
        number=1,
        source="payments",
        data=pays(2),
        submitted_by=table.seats.get(position="C").player,
    )
    return Dispute.objects.get(hand__table=table)


# endpoint name -> (prepare(table) -> path, body); "seat" in a body is replaced per role
WRITES: dict[str, Callable[[Any], tuple[str, dict]]] = {
    "enter a hand": lambda t: (hands(t) + "1/submissions/", {"entered_by": "D", **pays()}),
    "confirm an entry": lambda t: (hands(t) + f"1/submissions/{pending_entry(t).pk}/confirm/", {"entered_by": "D"}),  # noqa: E501
    "contest a hand": lambda t: (hands(t) + f"{confirmed_hand(t).number}/disputes/", {"entered_by": "D", "reason": "x"}),  # noqa: E501
    "resolve a dispute": lambda t: (hands(t) + f"1/disputes/{open_dispute(t).pk}/resolve/", {"version": 1}),
    "void a hand": lambda t: (hands(t) + f"{pending_entry(t).hand.number}/void/", {"reason": "lost"}),
    "enter a score sheet": lambda t: (hands(t), {"hands": [{"number": 1, **pays()}]}),
    "enter a round's sheets": lambda t: (f"{ROUNDS}1/hands/", {"tables": [{"table": t.number, "hands": [{"number": 1, **pays()}]}]}),  # noqa: E501
    "replace a table code": lambda t: (f"{ROUNDS}1/tables/{t.number}/code/", {}),
    "generate a round": lambda t: (ROUNDS, {}),
    "redraw a round": lambda t: (f"{ROUNDS}1/redraw/", {}),
    "edit a draw": lambda t: (f"{ROUNDS}1/draw/", {"tables": [], "byes": []}),
    "confirm a round": lambda t: (f"{ROUNDS}1/confirm/", {}),
    "publish a round": lambda t: (f"{ROUNDS}1/publish/", {}),
    "start a round": lambda t: (f"{ROUNDS}1/start/", {}),
    "close a round": lambda t: (f"{ROUNDS}1/close/", {}),
    "generate the final stage": lambda t: ("/api/v1/tournaments/cup/final-stage/", {}),
    "generate a round (a job)": lambda t: (next_round_due(t), {}),
    "redraw a round (a job)": lambda t: (round2_drafted(t), {}),
    "generate the final stage (a job)": lambda t: (final_stage_due(t), {}),
    "create a tournament": lambda t: ("/api/v1/tournaments/", NEW_TOURNAMENT),
    "edit a tournament": lambda t: (CUP, {"venue": "Szeged"}),
    "finish a tournament": lambda t: (f"{CUP}finish/", {}),
    "re-open a tournament": lambda t: (f"{CUP}reopen/", {"reason": "a wrong hand"}),
    "create a club": lambda t: ("/api/v1/clubs/", {"name": "Új Klub"}),
    "add a player": lambda t: (f"{CUP}players/", {"name": "Új Játékos"}),
    "register a player": lambda t: (f"{CUP}registrations/", {"player": new_player().pk}),
    "import players": lambda t: (f"{CUP}registrations/import/", {"file": "name\nÚj Név\n"}),
    "check a player in": lambda t: (f"{CUP}registrations/{new_registration(t).pk}/check-in/", {}),
    "mark a player as not come": lambda t: (f"{CUP}registrations/{new_registration(t).pk}/no-show/", {}),
    "edit a player's record": lambda t: (f"{CUP}players/{seated(t).pk}/", {"gender": "f"}),
    "withdraw a player": lambda t: (f"{CUP}registrations/{new_registration(t).pk}/withdraw/", {}),
    "award a penalty": lambda t: (f"{CUP}penalties/", {"player": seated(t).pk, "points": -2, "reason": "x"}),
    "withdraw a penalty": lambda t: (f"{CUP}penalties/{new_penalty(t).pk}/withdraw/", {"reason": "mistake"}),
    "register a webhook": lambda t: (f"{CUP}webhooks/", {"url": "https://hooks.example.org/tarokk"}),
    "deactivate a webhook": lambda t: (f"{CUP}webhooks/{new_webhook(t).pk}/deactivate/", {}),
    "create a series": lambda t: ("/api/v1/series/", {"name": "New Series", "slug": "new-series", "game": "hungarian"}),  # noqa: E501
    "edit a series": lambda t: (organizers_series(), {"season": "2026"}),
    "add a tournament to a series": lambda t: (f"{organizers_series()}tournaments/", {"tournament": "cup"}),
    "create a series' final": lambda t: (f"{organizers_series()}final/", {"name": "F", "slug": "f", "starts_on": "2026-12-01"}),  # noqa: E501
    "edit a club": lambda t: (organized_club(), {"city": "Szeged"}),
    "add a club organizer": lambda t: (organized_club() + "organizers/", {"username": "other-organizer"}),
    "merge two players": lambda t: ("/api/v1/players/merges/", {"kept": new_player().pk, "merged": new_player().pk}),  # noqa: E501
    "undo a merge": lambda t: (f"/api/v1/players/merges/{new_merge().pk}/undo/", {}),
    "play a table live": lambda t: (f"{ROUNDS}1/tables/{t.number}/live/", {"bots": {"D": "rule"}}),
    "start a practice table": lambda t: (organized_club() + "practice/", {"game": "hungarian", "players": ["Anna"]}),  # noqa: E501
    "start a live table at once": lambda t: (f"/api/v1/live/tables/{live_table(t).pk}/begin/", {}),
    "make a live move": lambda t: live_move(t),
    "hand a live seat to its bot": lambda t: (f"/api/v1/live/seats/{live_seat(t).token}/bot/", {"on": True}),
}  # fmt: skip
# the writes sent as PATCH (the others: POST)
PATCHED = {"edit a tournament", "edit a club", "edit a series", "edit a player's record"}
ROUNDS = "/api/v1/tournaments/cup/rounds/"
NEW_TOURNAMENT = {"name": "New Cup", "slug": "new-cup", "game": "hungarian", "starts_on": "2026-12-01"}
CUP = "/api/v1/tournaments/cup/"


def seated(table) -> Any:
    return table.seats.get(position="A").player


def new_player() -> Any:
    from tests.factories import PlayerFactory

    return PlayerFactory()


def new_merge() -> Any:
    return services.player_merge(new_player(), new_player(), by=the_organizer())


def new_registration(table) -> Any:
    return services.player_register(table.round.tournament, new_player())


def new_penalty(table) -> Any:
    from django.contrib.auth import get_user_model

    organizer = get_user_model().objects.get(username="organizer")
    return services.penalty_award(
        tournament=table.round.tournament, player=seated(table), points=-1, reason="late", by=organizer
    )


def new_webhook(table) -> Any:
    from django.contrib.auth import get_user_model

    organizer = get_user_model().objects.get(username="organizer")
    return services.webhook_subscribe(table.round.tournament, "https://hooks.example.org/old", by=organizer)


def the_organizer() -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="organizer")


def organized_club() -> str:
    """A club whose organizer is the organizer (issue 24 §5; tests/clubs/ drives a club's roles in full)."""
    from tournaments.organizing.models import Club

    club = Club.objects.create(name="Mátrix Klub")
    club.organizers.add(the_organizer())
    return f"/api/v1/clubs/{club.slug}/"


def live_table(table) -> Any:
    """The table playing live, waiting for its phones (tournaments/live)."""
    from tournaments.live import services as live

    return live.live_table_start(table=table, by=the_organizer())


def live_seat(table) -> Any:
    return live_table(table).seats.get(position="A")


def live_move(table) -> tuple[str, dict]:
    """A legal move of the seat to move, at the started table's first step: the seat's link is its key."""
    from tournaments.live import selectors as live_selectors
    from tournaments.live import services as live

    started = live.live_table_begin(live_table(table), by=the_organizer())
    for seat in started.seats.all():
        view = live_selectors.seat_state(seat)["view"]
        if view and view.get("choices"):
            body = {"step": view["step"], "code": view["choices"][0]["code"]}
            return f"/api/v1/live/seats/{seat.token}/moves/", body
    raise AssertionError("nobody moves")


def next_round_due(table) -> str:
    """Round 1 played out and closed: round 2 can be drawn (a job: 202). The path that draws it."""
    round_ = table.round
    for each in round_.tables.all():
        positions = list(each.seats.values_list("position", flat=True))
        for number in range(1, round_.tournament.deals_per_round(len(positions)) + 1):
            data = {"payments": dict.fromkeys(positions, 0)}
            services.hand_submit(table=each, number=number, source="payments", data=data, trusted=True)
    services.round_close(round_, by=the_organizer())
    return ROUNDS


def round2_drafted(table) -> str:
    next_round_due(table)
    services.round_generate(table.round.tournament, by=the_organizer())
    return f"{ROUNDS}2/redraw/"


def final_stage_due(table) -> str:
    next_round_due(table)
    Tournament.objects.filter(pk=table.round.tournament_id).update(final_table=True, rounds_planned=1)
    return f"{CUP}final-stage/"


# expected status per endpoint and role (order of ROLES)
EXPECTED = {
    "enter a hand":        [401, 403, 201, 201, 403, 403, 201, 201],
    "confirm an entry":    [401, 403, 200, 200, 403, 403, 403, 403],
    "contest a hand":      [401, 403, 201, 201, 403, 403, 403, 403],
    "resolve a dispute":   [401, 403, 403, 403, 403, 403, 200, 200],
    "void a hand":         [401, 403, 403, 403, 403, 403, 200, 200],
    "enter a score sheet": [401, 403, 403, 403, 403, 403, 201, 201],
    "enter a round's sheets": [401, 403, 403, 403, 403, 403, 201, 201],
    # Round 1 is in play: the organizer is let in, and the round's state answers (409, or 400 for a
    # tournament without a final stage); a replaced code is the one organizer write that succeeds here.
    "replace a table code":     [401, 403, 403, 403, 403, 403, 201, 201],
    "generate a round":         [401, 403, 403, 403, 403, 403, 409, 409],
    "redraw a round":           [401, 403, 403, 403, 403, 403, 409, 409],
    "edit a draw":              [401, 403, 403, 403, 403, 403, 409, 409],
    "confirm a round":          [401, 403, 403, 403, 403, 403, 409, 409],
    "publish a round":          [401, 403, 403, 403, 403, 403, 409, 409],
    "start a round":            [401, 403, 403, 403, 403, 403, 409, 409],
    "close a round":            [401, 403, 403, 403, 403, 403, 409, 409],
    "generate the final stage": [401, 403, 403, 403, 403, 403, 400, 400],
    # Drawing, re-drawing and the final stage are computed by the worker: 202 with the job to poll.
    "generate a round (a job)":         [401, 403, 403, 403, 403, 403, 202, 202],
    "redraw a round (a job)":           [401, 403, 403, 403, 403, 403, 202, 202],
    "generate the final stage (a job)": [401, 403, 403, 403, 403, 403, 202, 202],
    # Creating a tournament takes staff or a superuser (the organizer fixture is neither); clubs are
    # shared, so any tournament's organizer may add one.
    "create a tournament":      [401, 401, 401, 403, 403, 403, 403, 201],
    "edit a tournament":        [401, 403, 403, 403, 403, 403, 200, 200],
    "finish a tournament":      [401, 403, 403, 403, 403, 403, 409, 409],  # round 1 is in play
    "re-open a tournament":     [401, 403, 403, 403, 403, 403, 409, 409],  # it is not finished
    "create a club":            [401, 401, 401, 403, 403, 201, 201, 201],
    "add a player":             [401, 403, 403, 403, 403, 403, 201, 201],
    "register a player":        [401, 403, 403, 403, 403, 403, 201, 201],
    "import players":           [401, 403, 403, 403, 403, 403, 200, 200],
    "check a player in":        [401, 403, 403, 403, 403, 403, 200, 200],
    "mark a player as not come": [401, 403, 403, 403, 403, 403, 200, 200],
    "edit a player's record":    [401, 403, 403, 403, 403, 403, 200, 200],
    "withdraw a player":        [401, 403, 403, 403, 403, 403, 200, 200],
    "award a penalty":          [401, 403, 403, 403, 403, 403, 201, 201],
    "withdraw a penalty":       [401, 403, 403, 403, 403, 403, 200, 200],
    "register a webhook":       [401, 403, 403, 403, 403, 403, 201, 201],
    "deactivate a webhook":     [401, 403, 403, 403, 403, 403, 200, 200],
    # A series of the organizer (not staff: a series of no club takes staff); its final needs qualifiers.
    # A table code is for its tournament's URLs: unknown elsewhere.
    "create a series":              [401, 401, 401, 403, 403, 403, 403, 201],
    "edit a series":                [401, 401, 401, 403, 403, 403, 200, 200],
    "add a tournament to a series": [401, 401, 401, 403, 403, 403, 201, 201],
    "create a series' final":       [401, 401, 401, 403, 403, 403, 409, 409],
    # a club's organizers (accounts, not table codes) edit it and name its organizers
    "edit a club":              [401, 401, 401, 403, 403, 403, 200, 200],
    "add a club organizer":     [401, 401, 401, 403, 403, 403, 201, 201],
    # Players' records: staff users (and organizers of both records' clubs; none here) merge and undo.
    "merge two players":        [401, 401, 401, 403, 403, 403, 403, 201],
    "undo a merge":             [401, 401, 401, 403, 403, 403, 403, 200],
    # Live tables: the organizers start them (a club's organizers a practice table); a seat's private
    # link is the seat's key, whoever holds it (a phone need not log in; a table code is unknown there).
    "play a table live":        [401, 403, 403, 403, 403, 403, 201, 201],
    "start a practice table":   [401, 401, 401, 403, 403, 403, 201, 201],
    "start a live table at once": [404, 401, 401, 404, 404, 404, 200, 200],
    "make a live move":         [200, 401, 401, 200, 200, 200, 200, 200],
    "hand a live seat to its bot": [200, 401, 401, 200, 200, 200, 200, 200],
}  # fmt: skip


def organizers_series() -> str:
    from tournaments.series.models import Series, SeriesState

    series = Series.objects.create(game="hungarian", name="Cup series", slug="cup-series")
    series.organizers.add(the_organizer())
    SeriesState.objects.create(series=series)
    return "/api/v1/series/cup-series/"


def client_for(role: str, table, other_table, other_organizer, superuser, organizer) -> APIClient:
    return {
        "anonymous": lambda: APIClient(),
        "other_table_code": lambda: table_client(other_table),
        "own_table_code": lambda: table_client(table),
        "player_of_table": lambda: player_client(table, "D"),
        "player_of_other_table": lambda: player_client(other_table, "D"),
        "other_organizer": lambda: other_organizer,
        "organizer": lambda: organizer,
        "superuser": lambda: superuser,
    }[role]()


CELLS = [
    (endpoint, role, status)
    for endpoint, row in EXPECTED.items()
    for role, status in zip(ROLES, row, strict=True)
]


@pytest.mark.parametrize(("endpoint", "role", "status"), CELLS, ids=[f"{e}-{r}" for e, r, _ in CELLS])
def test_it_answers_each_role_as_the_table_says(
    endpoint, role, status, table1, table2, other_organizer, superuser, organizer
) -> None:
    path, body = WRITES[endpoint](table1)
    client = client_for(role, table1, table2, other_organizer, superuser, organizer)
    if role == "player_of_table":
        body = {k: v for k, v in body.items() if k != "entered_by"}
    before = row_counts()
    method = client.patch if endpoint in PATCHED else client.post
    response = method(path, body, format="json")
    assert response.status_code == status, response.content
    if status >= 400:
        assert row_counts() == before
        assert "errors" in response.json()
    if status == 202:
        assert response.json()["status"] == Job.Status.QUEUED  # runs once the request commits
        assert response["Location"] == response.json()["url"]


def test_it_covers_every_write_endpoint_of_the_api() -> None:
    from api.v1 import clubs, results, rounds, tournaments, webhooks

    writes = {
        pattern.name
        for module in (results, rounds, tournaments, webhooks, clubs)
        for pattern in module.urlpatterns
        for method in ("post", "put", "patch", "delete")
        if hasattr(pattern.callback.view_class, method)
    }
    covered = {
        "hands", "round-hands", "submissions", "confirm", "disputes", "resolve", "void", "table-code",
        "rounds",
        "round-redraw", "round-draw", "round-confirm", "round-publish", "round-start", "round-close",
        "final-stage", "tournaments", "tournament", "tournament-finish", "tournament-reopen", "clubs",
        "players", "registrations",
        "registrations-import", "registration-check-in", "registration-no-show", "player-record",
        "registration-withdraw", "penalties",
        "penalty-withdraw", "webhooks", "webhook-deactivate", "club", "club-organizers",
    }  # fmt: skip
    assert writes - {"round-verify"} == covered  # verify is a read (anyone who can read the round)
    assert set(WRITES) == set(EXPECTED)


def test_it_lets_a_superuser_token_in_with_bearer_too(table1, superuser) -> None:
    from django.contrib.auth import get_user_model

    root = get_user_model().objects.get(username="root")
    bearer = client_with_token(root, keyword="Bearer")
    response = bearer.post(hands(table1) + "1/submissions/", pays(), format="json")
    assert response.status_code == 201
