"""Every service entry point rejects oversized and malformed input with a field error and stores nothing
(issue #10, item 8). Each case calls one service the way a client would, with one bad value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.row_counts import row_counts
from tournaments import services
from tournaments.results.models import Hand, HandSubmission, Penalty

pytestmark = pytest.mark.django_db

GOOD = {"payments": {"A": 1, "B": -1, "C": 1, "D": -1}}


def deep(levels: int) -> dict[str, Any]:
    node: dict[str, Any] = {}
    root = node
    for _ in range(levels):
        node["x"] = {}
        node = node["x"]
    return root


@pytest.fixture
def world():
    organizer = get_user_model().objects.create_user("org")
    tournament = TournamentFactory(deals_per_round_4=4)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    sub = services.hand_submit(table=table, number=1, source="payments", data=GOOD, submitted_by=players[0])
    services.hand_confirm(sub, players[1])
    return {"organizer": organizer, "tournament": tournament, "players": players, "table": table}


def submit(w, **overrides):
    kwargs = {
        "table": w["table"],
        "number": 2,
        "source": "payments",
        "data": GOOD,
        "submitted_by": w["players"][0],
    } | overrides
    return services.hand_submit(**kwargs)


def award(w, **overrides):
    kwargs = {
        "tournament": w["tournament"],
        "player": w["players"][0],
        "points": -2,
        "reason": "late",
        "by": w["organizer"],
    } | overrides
    return services.penalty_award(**kwargs)


def contest(w, **overrides):
    kwargs = {"contested_by": w["players"][2], "reason": "wrong"} | overrides
    return services.hand_contest(Hand.objects.get(number=1), **kwargs)


def void(w, reason):
    return services.hand_void(Hand.objects.get(number=1), by=w["organizer"], reason=reason)


def csv_import(w, text):
    return services.players_import_csv(w["tournament"], text)


def pay(a, b):
    return {"payments": {"A": a, "B": b, "C": 0, "D": 0}}


CASES: list[tuple[str, Callable[[dict], Any], str]] = [
    ("number as text", lambda w: submit(w, number="2"), "number"),
    ("number as a fraction", lambda w: submit(w, number=1.5), "number"),
    ("number beyond 32 bits", lambda w: submit(w, number=2**40), "number"),
    ("idempotency key over 100", lambda w: submit(w, idempotency_key="k" * 101), "idempotency_key"),
    ("idempotency key with a space", lambda w: submit(w, idempotency_key="a b"), "idempotency_key"),
    ("NUL in a payload string", lambda w: submit(w, data=GOOD | {"kind": "played\x00"}), "data.kind"),
    ("NUL in a payload key", lambda w: submit(w, data=GOOD | {"x\x00": 1}), "data"),
    ("NUL in a note", lambda w: submit(w, note="ok\x00"), "note"),
    ("note too long", lambda w: submit(w, note="n" * 1001), "note"),
    ("JSON nested 100,000 deep", lambda w: submit(w, data=GOOD | {"deep": deep(100_000)}), "data.deep"),
    ("a 5 MB payload", lambda w: submit(w, data=GOOD | {"blob": "x" * 5_000_000}), "data"),
    ("payload not an object", lambda w: submit(w, data=[1, 2]), "data"),
    ("a payment beyond 32 bits", lambda w: submit(w, data=pay(2**33, -(2**33))), "data.payments.A"),
    ("a payment of infinity", lambda w: submit(w, data={"payments": {"A": float("inf")}}), "data.payments.A"),
    ("unknown source", lambda w: submit(w, source="guess"), "source"),
    ("penalty beyond 32 bits", lambda w: award(w, points=2**31), "points"),
    ("penalty as text", lambda w: award(w, points="-2"), "points"),
    ("penalty reason too long", lambda w: award(w, reason="r" * 201), "reason"),
    ("penalty reason with NUL", lambda w: award(w, reason="la\x00te"), "reason"),
    ("penalty key too long", lambda w: award(w, idempotency_key="k" * 101), "idempotency_key"),
    ("contest reason with NUL", lambda w: contest(w, reason="\x00"), "reason"),
    ("contest reason too long", lambda w: contest(w, reason="r" * 1001), "reason"),
    ("contest payload too deep", lambda w: contest(w, data=deep(50)), "data.x.x.x"),
    ("void reason with NUL", lambda w: void(w, "\x00x"), "reason"),
    ("void reason too long", lambda w: void(w, "r" * 1001), "reason"),
    ("player name too long", lambda w: services.player_create(name="n" * 121), "name"),
    ("player name with NUL", lambda w: services.player_create(name="Ki\x00ss"), "name"),
    ("external id too long", lambda w: services.player_create(name="K", external_id="e" * 65), "external_id"),
    ("rating beyond 32 bits", lambda w: services.player_create(name="Kiss", rating=2**31), "rating"),
    ("rating as text", lambda w: services.player_create(name="Kiss", rating="1800"), "rating"),
    ("CSV name too long", lambda w: csv_import(w, "name\n" + "n" * 121 + "\n"), "file"),
    ("CSV with NUL", lambda w: csv_import(w, "name\nKi\x00ss\n"), "file"),
    ("CSV rating beyond the bound", lambda w: csv_import(w, "name,rating\nKiss,99999999999\n"), "file"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "call", "field"), CASES, ids=[c[0] for c in CASES])
def test_it_rejects_bad_input_with_a_field_error_and_stores_nothing(world, case, call, field) -> None:
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        call(world)
    assert any(name.startswith(field) for name in err.value.message_dict), err.value.message_dict
    assert row_counts() == before
    assert HandSubmission.objects.count() == 1
    assert Penalty.objects.count() == 0


# --- malformed summaries and records through the services (issue #11, item 2) -------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests.engine.test_malformed_inputs import SUMMARIES, mutated  # noqa: E402

SERVICE_FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _tournament_records() -> list[dict]:
    from engine.hungarian.bots import RandomBot, RuleBot, play_hand
    from tournaments.core.formats import rules_for

    rules = rules_for("tournament", {}, {"game": "hungarian"})
    return [
        play_hand(seed, [RuleBot(), RandomBot()] * 2, rules=rules, seats=["B", "C", "D", "A"]).record()
        for seed in range(3)
    ]


RECORDS = _tournament_records()


def _through_the_service(w, source: str, data: Any) -> None:
    before = row_counts()
    try:
        services.hand_submit(
            table=w["table"], number=2, source=source, data=data, submitted_by=w["players"][0]
        )
    except ValidationError as exc:
        fields = list(exc.message_dict)
    else:
        return  # a mutation can still be a valid hand
    assert fields, "a field must be named"
    assert all(name == "data" or name.startswith("data.") for name in fields), fields
    assert row_counts() == before


@SERVICE_FUZZ
@given(summary=mutated(SUMMARIES))
def test_it_answers_a_mutated_summary_with_a_field_error(world, summary) -> None:
    if isinstance(summary, dict):
        for derived in ("seats", "stake", "rules", "sitting_out"):
            summary.pop(derived, None)
    _through_the_service(world, "summary", summary)


@SERVICE_FUZZ
@given(record=mutated(RECORDS))
def test_it_answers_a_mutated_record_with_a_field_error(world, record) -> None:
    _through_the_service(world, "record", record)
