"""``manage.py runserver`` on a busy port says what to do (issue 31 §4): the newcomer who left
``quickstart`` running in another window and types ``runserver`` met Django's bare "Error: That port is
already in use." Now it names the port, the address and a free port to use instead, before anything runs;
on a free port it serves as before."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.foundation.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def _env(database: Path) -> dict[str, str]:
    from tests.pages.test_quickstart import _env as quickstart_env

    return quickstart_env(database)


def test_a_busy_port_is_explained_with_a_free_one_to_use(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen()
        done = subprocess.run(
            [sys.executable, "manage.py", "runserver", str(port), "--noreload"],
            cwd=ROOT,
            env=_env(tmp_path / "db.sqlite3"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"Port {port} is already in use on 127.0.0.1:{port}" in done.stderr, done.stderr
    suggested = re.search(r"e\.g\. python manage\.py runserver (\d+)", done.stderr)
    assert suggested is not None, done.stderr
    assert int(suggested.group(1)) > port
    assert "That port is already in use" not in done.stderr  # Django's own, with no advice
    assert "Performing system checks" not in done.stdout  # refused before anything ran


def test_an_address_given_with_the_port_is_kept_in_the_advice(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen()
        done = subprocess.run(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
            cwd=ROOT,
            env=_env(tmp_path / "db.sqlite3"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert re.search(r"e\.g\. python manage\.py runserver 127\.0\.0\.1:\d+", done.stderr), done.stderr


def test_a_free_port_is_served_as_before(tmp_path: Path) -> None:
    port = free_port()
    database = tmp_path / "db.sqlite3"
    env = _env(database)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, capture_output=True
    )
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", str(port), "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.stdout.read()
            try:
                with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(
                    f"http://127.0.0.1:{port}/healthz", timeout=2
                ) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, "runserver did not answer within 60 s"
                time.sleep(0.2)
    finally:
        server.terminate()
        server.communicate(timeout=20)
