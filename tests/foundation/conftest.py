"""Private brokers for the broker-outage tests: a ``redis-server`` of their own on a free loopback port,
which a test can stop, freeze (SIGSTOP) and restart without touching the shared Redis."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis


def free_port() -> int:
    """A loopback port nobody listens on right now (the OS picks it, so parallel runs do not collide)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PrivateRedis:
    """One ``redis-server`` process without persistence, bound to 127.0.0.1 only."""

    def __init__(self, executable: str, port: int) -> None:
        self.executable = executable
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait (at most 10 s) until it answers PING."""
        command = [self.executable, "--port", str(self.port), "--bind", "127.0.0.1"]
        self.proc = subprocess.Popen(
            [*command, "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"redis-server on port {self.port} exited with {self.proc.returncode}")
            try:
                if self.client().ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        pytest.fail(f"redis-server on port {self.port} did not answer within 10 s")

    def stop(self) -> None:
        """Stop the server (resuming it first if it is frozen, so that SIGTERM is handled)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None

    def freeze(self) -> None:
        """SIGSTOP: the kernel still accepts connections, but nothing ever answers."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGCONT)

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1, socket_connect_timeout=1)


@pytest.fixture
def private_redis() -> Iterator[PrivateRedis]:
    """A running private ``redis-server``; skipped without one on PATH unless REQUIRE_REAL_SERVICES=1."""
    executable = shutil.which("redis-server")
    if executable is None:
        message = "redis-server is not on PATH: this test runs a private Redis it can stop and restart"
        if os.environ.get("REQUIRE_REAL_SERVICES") == "1":
            pytest.fail(f"REQUIRE_REAL_SERVICES=1 but {message}")
        pytest.skip(message)
    server = PrivateRedis(executable, free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()
