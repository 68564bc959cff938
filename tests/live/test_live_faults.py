"""The fault test of issue 33: "A fault test kills a web process and the worker mid-hand and restarts Redis:
nothing lost, the hand resumes."

Everything is real, as docker/compose.yaml runs it: daphne serving ``config.asgi:application`` (the site and
the live tables' WebSockets) on a free loopback port, a Celery worker playing the bots' moves (after
``LIVE_BOT_DELAY_MS``), Celery beat sending the sweep (``tournaments.live_sweep``, every 10 s), a private
``redis-server`` without persistence on a free loopback port (never the machine's own Redis) as broker and
channel layer, and the test database (PostgreSQL).

A tournament table of one person (seat A, a phone polling over HTTP, retrying a 5xx or a lost answer with
the same ``Idempotency-Key``) and three bots plays. In the trick play of a hand, right after A's move hands
the turn to a bot, the web process and the worker are killed (SIGKILL) and Redis is stopped and started
again empty: the bot's task is lost with it (queued, or held by the dead worker until its delay). New web
and worker processes start; then

* A's state is exactly the one before the kill (the same step, cards, auction, tricks and score);
* A's move retried with the same ``Idempotency-Key`` is answered and applied once (a new key: 409 ``step``);
* nothing but beat's sweep asks for the lost bot turn, and it plays it (the worker's log says so);
* the bots go on and A, now on a WebSocket (pushed through the restarted Redis), plays the hand to its end
  and into the next deal;
* every hand is stored with contiguous steps 0..n-1, the moves before the kill unchanged; a finished hand's
  payments are those of replaying it, and it is entered as a result exactly once (one submission, the
  record, confirmed, the payments of scoring that record).
"""

from __future__ import annotations

import base64
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import IO, Any

import pytest
import requests
from django.db import connection

from tests.foundation.conftest import PrivateRedis, free_port, private_redis  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
BOT_DELAY_MS = 50
DEALS = 2
HUMAN = "A"
#: beat sends the sweep every 10 s (CELERY_BEAT_SCHEDULE "live-sweep"); a new worker takes a few seconds
SWEEP_WAIT = 30.0
PLAY_WAIT = 40.0
HTTP_TIMEOUT = 10
RETRIES = 20
#: the worker's log line of a sweep that played a move (INFO: "Task ... succeeded in 0.02s: 1")
SWEEP_PLAYED = re.compile(r"Task tournaments\.live_sweep\[[^\]]+\] succeeded in \S+: [1-9]")


# --- processes --------------------------------------------------------------------------------------------


class Processes:
    """The web process, the worker and beat, their output in one log file."""

    def __init__(self, env: dict[str, str], port: int, log: IO[bytes], workdir: str) -> None:
        self.env, self.port, self.log, self.workdir = env, port, log, workdir
        self.web: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        self.beat: subprocess.Popen[bytes] | None = None

    def _spawn(self, command: list[str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", *command],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def spawn_web(self) -> None:
        """daphne as compose's ``web`` runs it."""
        self.web = self._spawn(["daphne", "-b", "127.0.0.1", "-p", str(self.port), "config.asgi:application"])

    def wait_for_web(self) -> None:
        """Until the web process answers (at most 30 s)."""
        assert self.web is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.web.poll() is not None:
                raise AssertionError(f"daphne exited with {self.web.returncode}:\n{self.output()}")
            try:
                if requests.get(f"http://127.0.0.1:{self.port}/healthz", timeout=2).status_code in (200, 503):
                    return
            except requests.RequestException:
                time.sleep(0.1)
        raise AssertionError(f"daphne did not answer within 30 s:\n{self.output()}")

    def start_worker(self) -> None:
        # INFO: the log names each task that ran (the sweep's result is the number of moves it played)
        command = ["celery", "-A", "config", "worker", "--pool=solo", "-l", "INFO", "--without-gossip"]
        command += ["--without-mingle", "-n", f"live-fault-{uuid.uuid4().hex[:6]}@%h"]
        self.worker = self._spawn(command)

    def start_beat(self) -> None:
        schedule = os.path.join(self.workdir, "celerybeat-schedule")
        self.beat = self._spawn(["celery", "-A", "config", "beat", "-l", "WARNING", "--schedule", schedule])

    def kill(self, *procs: subprocess.Popen[bytes] | None) -> None:
        """SIGKILL, at once and all together: no shutdown code runs."""
        for proc in procs:
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
        for proc in procs:
            if proc is not None:
                proc.wait(timeout=10)

    def stop_all(self) -> None:
        """SIGTERM to the web process and beat, SIGQUIT (a cold shutdown: it would wait for the bots'
        delayed tasks) to the worker, all at once; SIGKILL to any still there after 5 s."""
        procs = [p for p in (self.web, self.worker, self.beat) if p is not None and p.poll() is None]
        for proc in procs:
            proc.send_signal(signal.SIGQUIT if proc is self.worker else signal.SIGTERM)
        deadline = time.monotonic() + 5
        for proc in procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)

    def output(self, tail: int = 6000) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-tail:]


# --- a phone ----------------------------------------------------------------------------------------------


class Phone:
    """Seat A's phone: its state over HTTP, its moves with an ``Idempotency-Key``."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token
        self.url = f"http://127.0.0.1:{port}/api/v1/live/seats/{token}/"
        self.rng = random.Random(33)
        self.retries = 0

    def _request(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        """Until the server answers (not a 5xx), as a phone retries: a move with the same key."""
        problem = ""
        for _ in range(RETRIES):
            try:
                response = requests.request(method, url, timeout=HTTP_TIMEOUT, **kwargs)
            except requests.RequestException as exc:
                problem = repr(exc)
            else:
                if response.status_code < 500:
                    return response
                problem = f"{response.status_code}: {response.text[:300]}"
            self.retries += 1
            time.sleep(0.25)
        raise AssertionError(f"{method} {url}: no answer after {RETRIES} tries, the last {problem}")

    def state(self) -> dict[str, Any]:
        response = self._request("GET", self.url)
        assert response.status_code == 200, response.text
        return response.json()

    def move(self, step: int, code: str, key: str) -> requests.Response:
        body = {"step": step, "code": code}
        return self._request("POST", f"{self.url}moves/", json=body, headers={"Idempotency-Key": key})

    def choose(self, view: dict[str, Any]) -> str:
        """A legal move, as a person taps one (never annulling the deal: the hand is to be played)."""
        choices = [c for c in view["choices"] if not c["code"].startswith("annul ")] or view["choices"]
        choice = self.rng.choice(choices)
        if choice.get("pick"):
            return " ".join([choice["code"], *self.rng.sample(choice["cards"], choice["pick"])])
        return choice["code"]


class WebSocket:
    """A minimal RFC 6455 client (text frames, JSON bodies): enough for a phone's seat connection."""

    def __init__(self, port: int, path: str, timeout: float) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._recv()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert head.split(b"\r\n")[0].split(b" ")[1] == b"101", head.decode(errors="replace")

    def _recv(self) -> bytes:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the WebSocket")
        return chunk

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            self.buffer += self._recv()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self, timeout: float) -> dict[str, Any]:
        """The next JSON message (answering pings); ``TimeoutError`` after ``timeout`` seconds."""
        self.sock.settimeout(timeout)
        message = b""
        while True:
            first, second = self._read(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._read(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._read(8))
            mask = self._read(4) if second & 0x80 else b""
            payload = self._read(length)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:
                raise ConnectionError(f"the server closed the WebSocket: {payload[:2].hex()}")
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode in (0x1, 0x2, 0x0):
                message += payload
                if first & 0x80:
                    return json.loads(message)

    def close(self) -> None:
        try:
            self._send(0x8, struct.pack("!H", 1000))
            self.sock.settimeout(2)
            while True:  # until the server's close frame or EOF
                self.receive(2)
        except (OSError, ConnectionError, ValueError):
            pass
        finally:
            self.sock.close()


# --- the test ---------------------------------------------------------------------------------------------


def _mid_hand(view: dict[str, Any] | None) -> bool:
    """A's turn in the trick play after a trick, not the last card of the trick: A's move hands the turn
    to a bot."""
    return bool(
        view
        and view.get("choices")
        and view["phase"] == "play"
        and len(view["tricks"]) >= 1
        and len(view["trick"]) < 3
    )


def _play_until_mid_hand(phone: Phone, deadline: float) -> dict[str, Any]:
    """Poll and play A's moves (the bots move in the worker) until ``_mid_hand``; returns that state."""
    while time.monotonic() < deadline:
        state = phone.state()
        view = state["view"]
        assert state["table"]["status"] != "finished", "the deals ended before any reached the trick play"
        if _mid_hand(view):
            return state
        if view and view.get("choices"):
            response = phone.move(view["step"], phone.choose(view), uuid.uuid4().hex)
            assert response.status_code in (200, 409), response.text
        else:
            time.sleep(0.05)
    raise AssertionError("the hand did not reach the trick play in time")


def _play_on_a_websocket(phone: Phone, hand_id: int, deadline: float) -> tuple[int, int]:
    """A's phone on its WebSocket: it moves whenever a pushed state offers it choices, until the hand
    ``hand_id`` is over and the next one dealt (or the table finished). Returns (states pushed, moves
    made)."""
    socket_ = WebSocket(phone.port, f"/ws/live/seats/{phone.token}/?lang=en", timeout=HTTP_TIMEOUT)
    pushed = moves = 0
    try:
        while True:
            remaining = deadline - time.monotonic()
            assert remaining > 0, "the hand did not end in time"
            try:
                state = socket_.receive(timeout=min(remaining, 15))
            except TimeoutError as exc:
                raise AssertionError("no state was pushed within 15 s: the table stalled") from exc
            pushed += 1
            over = any(
                row["hand_id"] == hand_id and row["status"] == "finished" for row in state["table"]["score"]
            )
            view = state["view"]
            if over and (state["table"]["status"] == "finished" or (view and view["step"] > 0)):
                return pushed, moves
            if view and view.get("choices"):
                response = phone.move(view["step"], phone.choose(view), uuid.uuid4().hex)
                assert response.status_code in (200, 409), response.text  # 409: an older push
                moves += response.status_code == 200
    finally:
        socket_.close()


def test_a_hand_resumes_after_the_web_process_and_the_worker_are_killed_and_redis_restarts(
    postgres_url: str,
    private_redis: PrivateRedis,  # noqa: F811  (the fixture imported above)
    settings: Any,
    record_property: Any,
) -> None:
    from django.contrib.auth import get_user_model

    from engine.core.live import replay
    from engine.games import game
    from tests.factories import PlayerFactory, TournamentFactory, seated_table
    from tournaments.live import services as live
    from tournaments.live.models import LiveAction, LiveHand, LiveSeat
    from tournaments.live.replay import deal_of
    from tournaments.results.models import Hand, HandSubmission

    started = time.monotonic()
    settings.LIVE_BOT_DELAY_MS = BOT_DELAY_MS  # stored on the table: the worker waits this long
    organizer = get_user_model().objects.create_user("live-fault-organizer")
    tournament = TournamentFactory(game="hungarian", rules_preset="tournament", deals_per_round_4=DEALS)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    live_table = live.live_table_start(
        table=table, by=organizer, bots={"B": "rule", "C": "rule", "D": "rule"}
    )
    assert live_table.bot_delay_ms == BOT_DELAY_MS
    token = LiveSeat.objects.get(live_table=live_table, position=HUMAN).token

    database_url = postgres_url.rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"]
    env = dict(
        os.environ,
        DATABASE_URL=database_url,
        REDIS_URL=private_redis.url,  # broker and channel layer
        CELERY_BROKER_URL=private_redis.url,
        CELERY_RESULT_BACKEND="",
        CELERY_TASK_ALWAYS_EAGER="false",
        LIVE_BOT_DELAY_MS=str(BOT_DELAY_MS),
        PYTHONPATH=str(ROOT),
        LOG_LEVEL="WARNING",
    )
    port = free_port()
    phone = Phone(port, token)
    log = tempfile.TemporaryFile()  # noqa: SIM115 (read in failure messages, closed at the end)
    workdir = tempfile.mkdtemp(prefix="live-fault-")
    procs = Processes(env, port, log, workdir)
    marks: dict[str, float] = {}
    try:
        procs.spawn_web()
        procs.start_worker()  # the three start side by side
        procs.start_beat()
        procs.wait_for_web()
        marks["up"] = time.monotonic()

        # --- A's phone looks in (the table starts) and plays until the trick play is under way
        state = _play_until_mid_hand(phone, time.monotonic() + PLAY_WAIT)
        marks["mid-hand"] = time.monotonic()
        view = state["view"]
        code, key = phone.choose(view), uuid.uuid4().hex
        # --- the faults: A moves, handing the turn to a bot, and the web process and the worker are
        # killed at once while the bot waits its delay. The worker is frozen (SIGSTOP) first: it holds the
        # bot's task until it dies, and a loaded machine cannot let the bot move before the kill.
        assert procs.worker is not None
        procs.worker.send_signal(signal.SIGSTOP)
        answer = phone.move(view["step"], code, key)
        procs.kill(procs.web, procs.worker)
        assert answer.status_code == 200, answer.text
        before = answer.json()
        assert before["view"]["to_move"] != HUMAN
        hand = LiveHand.objects.get(live_table=live_table, status=LiveHand.Status.PLAYING)
        assert hand.steps == view["step"] + 1 == before["view"]["step"], "a bot moved before the kill"
        stored = list(hand.actions.order_by("step").values_list("step", "seat", "code"))
        private_redis.stop()
        private_redis.start()  # empty: the bot's task (queued or held by the dead worker) is gone
        assert private_redis.client().dbsize() == 0

        # --- a new web process: A's state is exactly as it was, and the retried move is applied once
        procs.spawn_web()
        procs.wait_for_web()
        marks["restarted"] = time.monotonic()
        after = phone.state()
        assert after["view"]["step"] == hand.steps
        for part in ("hand", "auction", "tricks", "trick", "to_move", "declarer", "announcements"):
            assert after["view"][part] == before["view"][part], part
        assert after["view"] == before["view"]
        assert after["table"]["score"] == before["table"]["score"]
        retried = phone.move(view["step"], code, key)
        assert retried.status_code == 200, retried.text
        assert retried.json()["view"] == before["view"]
        assert LiveAction.objects.filter(hand=hand, idempotency_key=key).count() == 1
        again = phone.move(view["step"], code, uuid.uuid4().hex)  # a second tap with a new key
        assert again.status_code == 409, again.text
        assert [e["field"] for e in again.json()["errors"]] == ["step"]
        hand.refresh_from_db()
        assert hand.steps == before["view"]["step"]

        # --- a new worker: nothing asked for the lost bot turn but beat's sweep, which plays it
        procs.start_worker()
        deadline = time.monotonic() + SWEEP_WAIT
        while hand.steps == before["view"]["step"]:
            assert time.monotonic() < deadline, (
                f"no bot moved within {SWEEP_WAIT} s of the restart: the sweep did not play the lost "
                f"turn (step {hand.steps})"
            )
            time.sleep(0.2)
            hand.refresh_from_db()
        recovered_after = time.monotonic() - deadline + SWEEP_WAIT
        marks["recovered"] = time.monotonic()
        # ... and it was the sweep: the worker logs that it played a move (once the task has returned)
        deadline = time.monotonic() + 5
        while not SWEEP_PLAYED.search(procs.output(tail=10**7)):
            assert time.monotonic() < deadline, "the bot moved, but not by the sweep"
            time.sleep(0.1)

        # --- A goes on, on a WebSocket, until the hand is over and the next one under way
        pushed, moves = _play_on_a_websocket(phone, hand.pk, time.monotonic() + PLAY_WAIT)
        marks["finished"] = time.monotonic()
    except BaseException:
        print(procs.output())
        raise
    finally:
        procs.stop_all()
        marks["stopped"] = time.monotonic()
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)

    live_table.refresh_from_db()
    hands = list(LiveHand.objects.filter(live_table=live_table).order_by("number"))
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    finished = [h for h in hands if h.status == LiveHand.Status.FINISHED]
    assert hand.pk in {h.pk for h in finished}, "the hand did not resume to its end"
    if hand.number < DEALS:  # the table goes on: the next deal was dealt after the restart
        assert len(hands) == hand.number + 1
        assert hands[-1].status == LiveHand.Status.PLAYING
    else:
        assert live_table.status == "finished"
    descriptor = game("hungarian")
    for each in hands:
        actions = list(each.actions.order_by("step").values_list("step", "seat", "code"))
        assert [a[0] for a in actions] == list(range(each.steps)), "steps not contiguous from 0"
        if each.pk == hand.pk:
            assert actions[: len(stored)] == stored, "the moves stored before the kill changed"
        if each.status != LiveHand.Status.FINISHED:
            assert not Hand.objects.filter(table=table, number=each.number).exists()
            continue
        replayed = replay(descriptor.live, deal_of(each, "hungarian"), [a[2] for a in actions])
        assert replayed.done
        assert replayed.payments() == each.payments
        # entered exactly once, as the record, confirmed, with the record's payments
        entered = Hand.objects.get(table=table, number=each.number)
        submissions = list(HandSubmission.objects.filter(hand=entered))
        assert len(submissions) == 1, submissions
        (submission,) = submissions
        assert submission.source == "record"
        assert submission.idempotency_key == f"live-{each.pk}"
        assert each.submission_id == submission.pk
        assert entered.status == Hand.Status.CONFIRMED
        scored = descriptor.replay(submission.payload)
        payments = {p: int(scored.payments.get(p, 0)) for p in "ABCD"}
        assert entered.payments == submission.payments == payments == each.payments
    assert Hand.objects.filter(table=table).count() == len(finished)
    assert LiveAction.objects.filter(hand__live_table=live_table, idempotency_key=key).count() == 1

    summary = (
        f"killed web + worker at step {before['view']['step']} of hand {hand.number} (a bot to move, "
        f"{before['view']['to_move']}), "
        f"Redis restarted empty; the sweep played the lost turn {recovered_after:.1f} s after the new worker "
        f"started; {pushed} states pushed over the WebSocket, {moves} moves of A after the restart; "
        f"{len(finished)} hands finished and entered once; {phone.retries} requests retried; "
        + ", ".join(f"{name} at {at - started:.1f} s" for name, at in marks.items())
        + f", checked at {time.monotonic() - started:.1f} s"
    )
    record_property("summary", summary)
    print(summary)
