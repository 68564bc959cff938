"""A broker outage never fails or delays a saved result (issue #10, item 4).

``send_safely`` is driven against real failure modes (nothing listening, a Redis frozen with SIGSTOP, a
Redis stopped and restarted) with the project's real Celery settings, and its wall time is measured.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from celery import shared_task
from django.contrib.auth import get_user_model
from django.db import transaction
from kombu import pools

from config.celery import app, send_safely
from config.tasks import ping
from tests.conftest import ROOT
from tests.foundation.conftest import PrivateRedis, free_port

# "About a second": each call must return well before a blocked socket or a retry loop would.
BOUND = 1.5

ran_inline: list[int] = []


@shared_task(name="tests.broker_outage.record")
def record(value: int, *, label: str = "") -> int:
    """Stands in for a standings task: fire-and-forget, takes arguments."""
    ran_inline.append(value)
    return value


@shared_task(name="tests.broker_outage.explode")
def explode(value: int) -> None:
    raise RuntimeError(f"standings exploded for {value}")


def _reset_pools() -> None:
    """Drop every pooled broker connection, so no connection to another broker is reused."""
    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


def _set_backend(cached: object, local: object) -> None:
    """Set the app's result-backend caches (celery keeps a thread-safe one and a thread-local one)."""
    app._backend_cache = cached
    if local is None:
        app._local.__dict__.pop("backend", None)
    else:
        app._local.backend = local


@contextmanager
def broker_at(url: str) -> Iterator[None]:
    """Point the Celery app (broker and result backend) at ``url`` with eager mode off, then restore it."""
    conf = app.conf
    previous = (conf.task_always_eager, conf.broker_url, conf.result_backend)
    previous_backend = (app._backend_cache, getattr(app._local, "backend", None))
    _reset_pools()
    conf.task_always_eager = False
    conf.broker_url = url
    # The 19 s came from the Redis result backend subscribing at publish time: keep it on the same
    # (dead) server, so that a publish which touches it is caught.
    conf.result_backend = url
    _set_backend(None, None)
    try:
        yield
    finally:
        _reset_pools()
        conf.task_always_eager, conf.broker_url, conf.result_backend = previous
        _set_backend(*previous_backend)


def timed_send(task: object, *args: object, **kwargs: object) -> tuple[bool, float]:
    start = time.monotonic()
    sent = send_safely(task, *args, **kwargs)
    return sent, time.monotonic() - start


def warnings_naming(caplog: pytest.LogCaptureFixture, task_name: str) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.name == "config.celery" and r.levelno == logging.WARNING and task_name in r.getMessage()
    ]


def queued_messages(server: PrivateRedis, queue: str = "celery") -> list[tuple[str, list[object], dict]]:
    """The task messages waiting in ``queue`` of the private Redis: (task name, args, kwargs)."""
    found = []
    for raw in server.client().lrange(queue, 0, -1):
        message = json.loads(raw)
        args, kwargs, _embed = json.loads(base64.b64decode(message["body"]))
        found.append((message["headers"]["task"], args, kwargs))
    return found


def test_it_gives_up_within_a_second_when_nothing_listens(caplog: pytest.LogCaptureFixture) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    with broker_at(url), caplog.at_level(logging.WARNING, logger="config.celery"):
        outcomes = [timed_send(record, n) for n in range(3)]
    assert [sent for sent, _ in outcomes] == [False, False, False]
    assert max(elapsed for _, elapsed in outcomes) < BOUND, outcomes
    assert len(warnings_naming(caplog, record.name)) == 3


def test_it_gives_up_within_a_second_when_the_broker_never_answers(
    private_redis: PrivateRedis, caplog: pytest.LogCaptureFixture, settings: Any
) -> None:
    settings.BROKER_OUTAGE_SKIP_SECONDS = 0.3
    with broker_at(private_redis.url), caplog.at_level(logging.WARNING, logger="config.celery"):
        assert send_safely(record, 1) is True  # a pooled connection now exists
        private_redis.freeze()
        try:
            outcomes = [timed_send(record, n) for n in (2, 3, 4)]
        finally:
            private_redis.thaw()
        time.sleep(0.35)  # the broker's breaker lets the next publish try again
        assert send_safely(record, 5) is True
    assert [sent for sent, _ in outcomes] == [False, False, False]
    assert max(elapsed for _, elapsed in outcomes) < BOUND, outcomes
    assert len(warnings_naming(caplog, record.name)) == 3
    queued = [args[0] for _, args, _ in queued_messages(private_redis)]
    assert (queued[0], queued[-1]) == (5, 1)  # LPUSH: newest first
    # False means "not confirmed", not "not delivered": a command written before the freeze may still be
    # executed once the server resumes, so a task can arrive although its send reported False (tasks are
    # idempotent, so the later sweep doing the work again is harmless).
    assert set(queued[1:-1]) <= {2, 3, 4}


def test_after_one_failed_publish_a_frozen_broker_is_skipped_at_once(
    private_redis: PrivateRedis, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 31 §6: each publish to a frozen Redis waited its timeouts (0.3 s and a retry), and a table's
    confirmation publishes the standings' refresh. Now the first one does, and the next ones for
    BROKER_OUTAGE_SKIP_SECONDS skip the broker (logged, left for the sweeps like a failed publish)."""
    with broker_at(private_redis.url), caplog.at_level(logging.WARNING, logger="config.celery"):
        assert send_safely(record, 1) is True
        private_redis.freeze()
        try:
            first = timed_send(record, 2)
            then = [timed_send(record, n) for n in range(3, 23)]
        finally:
            private_redis.thaw()
    assert first[0] is False
    assert first[1] < BOUND, first
    assert [sent for sent, _ in then] == [False] * 20
    assert sum(elapsed for _, elapsed in then) < 0.05, then
    assert len(warnings_naming(caplog, record.name)) == 21  # each unsent task is named


def test_it_gives_up_within_a_second_on_a_fresh_connection_to_a_frozen_broker(
    private_redis: PrivateRedis,
) -> None:
    private_redis.freeze()
    try:
        with broker_at(private_redis.url):
            outcomes = [timed_send(record, n) for n in range(3)]
    finally:
        private_redis.thaw()
    assert [sent for sent, _ in outcomes] == [False, False, False]
    assert max(elapsed for _, elapsed in outcomes) < BOUND, outcomes


@pytest.mark.django_db(transaction=True)
def test_it_keeps_a_committed_result_when_the_broker_is_down(caplog: pytest.LogCaptureFixture) -> None:
    outcomes: list[bool] = []
    url = f"redis://127.0.0.1:{free_port()}/0"
    with broker_at(url), caplog.at_level(logging.WARNING, logger="config.celery"):
        start = time.monotonic()
        with transaction.atomic():
            get_user_model().objects.create(username="saved-during-outage")
            transaction.on_commit(lambda: outcomes.append(send_safely(record, 42)))
        elapsed = time.monotonic() - start
    assert outcomes == [False]
    assert elapsed < BOUND
    assert get_user_model().objects.filter(username="saved-during-outage").exists()
    assert len(warnings_naming(caplog, record.name)) == 1


def test_it_publishes_again_once_a_restarted_broker_is_back(
    private_redis: PrivateRedis, settings: Any
) -> None:
    settings.BROKER_OUTAGE_SKIP_SECONDS = 0.3
    with broker_at(private_redis.url):
        assert send_safely(record, 1) is True
        private_redis.stop()  # the pooled connection goes stale, and the queued message is lost with it
        down, down_elapsed = timed_send(record, 2)
        private_redis.start()
        time.sleep(0.35)  # the broker's breaker lets the next publish try again
        up, up_elapsed = timed_send(record, 3, label="after-restart")
    assert (down, up) == (False, True)
    assert down_elapsed < BOUND
    assert up_elapsed < BOUND
    assert queued_messages(private_redis) == [(record.name, [3], {"label": "after-restart"})]


def test_it_logs_and_swallows_a_failing_eager_task(caplog: pytest.LogCaptureFixture) -> None:
    assert app.conf.task_always_eager is True
    with caplog.at_level(logging.WARNING, logger="config.celery"):
        sent = send_safely(explode, 7)
    assert sent is False
    (warning,) = warnings_naming(caplog, explode.name)
    assert warning.exc_info is not None
    assert "standings exploded for 7" in str(warning.exc_info[1])


def test_it_runs_a_succeeding_eager_task_inline() -> None:
    assert app.conf.task_always_eager is True
    ran_inline.clear()
    assert send_safely(record, 9, label="x") is True
    assert ran_inline == [9]


def test_it_reports_a_failing_eager_task_whose_error_is_stored_not_raised(
    caplog: pytest.LogCaptureFixture,
) -> None:
    previous = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False  # apply() then returns a failed EagerResult instead of raising
    try:
        with caplog.at_level(logging.WARNING, logger="config.celery"):
            sent = send_safely(explode, 8)
    finally:
        app.conf.task_eager_propagates = previous
    assert sent is False
    (warning,) = warnings_naming(caplog, explode.name)
    assert "standings exploded for 8" in str(warning.exc_info[1])


def _wait_for_worker(proc: subprocess.Popen[str], name: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"celery worker exited early:\n{proc.stdout.read() if proc.stdout else ''}")
        if app.control.ping(destination=[name], timeout=0.5):
            return
    pytest.fail(f"celery worker {name} did not answer a ping within {seconds} s")


def test_it_keeps_a_worker_consuming_across_a_broker_restart(private_redis: PrivateRedis) -> None:
    """The short socket timeouts are shared with the worker: it must still reconnect and consume."""
    queue = f"outage-{uuid.uuid4().hex[:10]}"
    name = f"{queue}@{os.uname().nodename}"
    env = dict(
        os.environ,
        REDIS_URL="",
        CELERY_BROKER_URL=private_redis.url,
        CELERY_RESULT_BACKEND=private_redis.url,
        CELERY_TASK_ALWAYS_EAGER="false",
        PYTHONPATH=str(ROOT),
    )
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING", "-n", name]
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        with broker_at(private_redis.url):
            _wait_for_worker(proc, name, 60)
            private_redis.stop()
            time.sleep(0.5)  # the worker notices the lost connection and starts retrying
            private_redis.start()
            result = ping.apply_async(queue=queue)
            assert result.get(timeout=30)["pong"] == "ok"
            assert proc.poll() is None
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    output = proc.stdout.read() if proc.stdout else ""
    assert "Connection to broker lost" in output  # it really lost the broker and reconnected


@pytest.mark.django_db(transaction=True)
def test_it_saves_and_confirms_a_hand_promptly_while_the_broker_is_down_and_the_sweep_catches_up() -> None:
    """Issue #10, item 4, through the result services: the table sees success, a retried confirm too,
    the standings stay marked stale, and the periodic sweep recomputes them once the work can run."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.factories import PlayerFactory, TournamentFactory, seated_table
    from tournaments import services, tasks
    from tournaments.results.models import Hand
    from tournaments.standings.models import Standing, StandingsState

    tournament = TournamentFactory(deals_per_round_4=1)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    data = {"payments": {"A": 2, "B": -2, "C": 2, "D": -2}}
    with broker_at(f"redis://127.0.0.1:{free_port()}/0"):
        timings = []
        start = time.monotonic()
        sub = services.hand_submit(
            table=table, number=1, source="payments", data=data, submitted_by=players[0]
        )
        timings.append(time.monotonic() - start)
        for _ in range(2):  # the confirmation, and a retry of it after a lost response
            start = time.monotonic()
            services.hand_confirm(sub, players[1])
            timings.append(time.monotonic() - start)
    assert max(timings) < BOUND, timings
    assert Hand.objects.get().status == Hand.Status.CONFIRMED
    state = StandingsState.objects.get(tournament=tournament)
    assert state.stale_since is not None
    assert not Standing.objects.filter(tournament=tournament).exists()
    StandingsState.objects.filter(pk=state.pk).update(stale_since=timezone.now() - timedelta(minutes=1))
    assert tasks.standings_sweep() == 1  # beat's job, run here in-process
    assert StandingsState.objects.get(pk=state.pk).stale_since is None
    assert Standing.objects.get(tournament=tournament, player=players[0]).game_points == 2


def _wait_for_line(path: Any, word: str, seconds: float, proc: subprocess.Popen[str]) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists():
            for line in path.read_text().splitlines():
                if line.startswith(word):
                    return line
        time.sleep(0.05)
    proc.terminate()
    output = proc.communicate(timeout=30)[0]
    pytest.fail(f"the held task never wrote {word!r} (worker exit code {proc.poll()}):\n{output[-6000:]}")


def test_a_worker_holding_a_task_survives_a_broker_restart(
    private_redis: PrivateRedis, tmp_path: Any
) -> None:
    """Issue 21 §7: the README's worker (prefork, gossip, mingle, heartbeats) holds an acks_late task when
    Redis stops; nobody restarts the worker. It must stay the same process, finish the task after Redis is
    back, and consume again (celery/kombu 5.7 exited with "Unrecoverable error: AttributeError('NoneType'
    object has no attribute 'hostname')"; config/broker.py)."""
    queue = f"held-{uuid.uuid4().hex[:10]}"
    name = f"{queue}@{os.uname().nodename}"
    env = {key: value for key, value in os.environ.items() if not key.startswith("CELERY_")}
    # the README's stack: REDIS_URL alone (broker, result backend and cache)
    env.update(REDIS_URL=private_redis.url, PYTHONPATH=str(ROOT), LOG_FORMAT="plain")
    # prefork with two processes, as README's `celery -A config worker` (a single process did not show it)
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--concurrency", "2", "-Q", queue]
    command += ["-I", "tests.foundation.held_task", "-l", "INFO", "-n", name]
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    marker = tmp_path / "held.txt"
    try:
        with broker_at(private_redis.url):
            _wait_for_worker(proc, name, 60)
            app.send_task("tests.held_task.hold", args=[str(marker), 10.0], queue=queue)
            _wait_for_line(marker, "started", 30, proc)
            time.sleep(1.0)  # the worker is back in its event loop, waiting on the broker
            private_redis.stop()  # the worker holds the task, unacknowledged
            time.sleep(2.0)
            assert proc.poll() is None, "the worker exited when the broker went away"
            private_redis.start()
            back_at = time.time()
            finished = _wait_for_line(marker, "finished", 30, proc)
            assert float(finished.split()[1]) > back_at  # it finished after Redis came back
            time.sleep(1.0)  # a worker that failed would exit now, its warm shutdown over
            assert proc.poll() is None, "the worker exited after finishing the held task"
            result = ping.apply_async(queue=queue)  # the same worker consumes again
            assert result.get(timeout=30)["pong"] == "ok"
            assert proc.poll() is None, "the worker is not the process the test started"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    output = proc.stdout.read() if proc.stdout else ""
    assert "Connection to broker lost" in output  # it really lost the broker while holding the task
    assert "Unrecoverable error" not in output, output[-6000:]
