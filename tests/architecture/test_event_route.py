"""The one event route (``tournaments.core.events``, wired in ``config/wiring.py``): every event a service
publishes starts what the wiring says, in the transaction or after its commit, and nothing else."""

from __future__ import annotations

import ast
import logging
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from config import wiring
from tournaments.core import events
from tournaments.core.events import AFTER_COMMIT, IN_TRANSACTION

ROOT = Path(__file__).resolve().parents[2]


def published_events() -> set[str]:
    """The event constants the project's services pass to ``publish``."""
    names = set()
    for path in (ROOT / "tournaments").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "publish" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Name):
                    names.add(getattr(events, arg.id))
                elif isinstance(arg, ast.IfExp):
                    names |= {getattr(events, a.id) for a in (arg.body, arg.orelse)}
    return names


def test_every_event_starts_what_the_wiring_says() -> None:
    assert published_events() == set(events.EVENTS), "an event nobody publishes, or one unknown"
    for event in events.EVENTS:
        assert events.reactions(event), f"{event} starts nothing"
    # a sample of the table in docs/architecture.md
    assert (IN_TRANSACTION, wiring._standings_stale) in events.reactions(events.HAND_CHANGED)
    assert (IN_TRANSACTION, wiring._dispute_weighed) in events.reactions(events.DISPUTE_CHANGED)
    assert (AFTER_COMMIT, wiring._standings_cache_warmed) in events.reactions(events.STANDINGS_RECOMPUTED)


def test_connecting_twice_attaches_each_reaction_once() -> None:
    before = {event: events.reactions(event) for event in events.EVENTS}
    wiring.connect()
    assert {event: events.reactions(event) for event in events.EVENTS} == before


def test_an_unknown_event_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event"):
        events.publish("hand.confirmd")
    with pytest.raises(ValueError, match="unknown event"):
        events.react("nothing.happened", print, when=IN_TRANSACTION)


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """A reaction of each kind on a spare event, recording what it saw."""
    seen: list[tuple[str, Any]] = []
    monkeypatch.setattr(events, "_reactions", {**events._reactions, events.JOB_DUE: []})
    events.react(events.JOB_DUE, lambda job_id: seen.append(("now", job_id)), when=IN_TRANSACTION)
    events.react(events.JOB_DUE, lambda job_id: seen.append(("committed", job_id)), when=AFTER_COMMIT)
    return seen


@pytest.mark.django_db(transaction=True)
def test_after_commit_reactions_wait_for_the_commit_and_never_run_on_a_rollback(recorded: list) -> None:
    with transaction.atomic():
        events.publish(events.JOB_DUE, job_id=1)
        assert recorded == [("now", 1)]
    assert recorded == [("now", 1), ("committed", 1)]
    recorded.clear()

    def failing_change() -> None:
        with transaction.atomic():
            events.publish(events.JOB_DUE, job_id=2)
            raise RuntimeError("the change fails")

    with pytest.raises(RuntimeError):
        failing_change()
    assert recorded == [("now", 2)]  # in the transaction it ran (and rolled back with it); nothing after


@pytest.mark.django_db(transaction=True)
def test_a_failing_after_commit_reaction_is_logged_and_never_raised(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(events, "_reactions", {**events._reactions, events.JOB_DUE: []})

    def broken(job_id: int) -> None:
        raise ConnectionError("the cache is down")

    events.react(events.JOB_DUE, broken, when=AFTER_COMMIT)
    with caplog.at_level(logging.ERROR, logger="tournaments.core.events"), transaction.atomic():
        events.publish(events.JOB_DUE, job_id=3)
    assert "reaction" in caplog.text
    assert "job.due" in caplog.text
