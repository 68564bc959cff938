"""``manage.py quickstart``: it ends by printing the demo tournament's pages, every one of which opens; its
``--addrport`` forms print usable URLs; ``--lan`` serves the venue's network (issue 21 §5); a busy port
fails before anything is built."""

from __future__ import annotations

import http.cookiejar
import io
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from config import lan
from tests.foundation.conftest import free_port
from tournaments.management.commands.quickstart import demo_pages

ROOT = Path(__file__).resolve().parents[2]
DIRECT = urllib.request.ProxyHandler({})  # the venue's network, never through a configured proxy
SMALL_DEMO = ("--players", "9", "--rounds", "2", "--deals", "4", "--live")


def quickstart(*args: str) -> str:
    out = io.StringIO()
    call_command("quickstart", *args, "--no-serve", stdout=out)
    return out.getvalue()


def printed_urls(output: str) -> list[str]:
    return re.findall(r"https?://\S+", output)


@pytest.mark.django_db(transaction=True)  # on_commit tasks run, as in a real run
def test_it_prints_pages_that_all_open(client: Any) -> None:
    call_command("demo", *SMALL_DEMO, stdout=io.StringIO())
    client.force_login(get_user_model().objects.create_superuser("admin"))
    pages = dict(demo_pages())
    assert any(label.startswith("enter results at table 1") for label in pages)
    for label, path in pages.items():
        answer = client.get(path, follow=True)
        assert answer.status_code == 200, (label, path, answer.status_code)


@pytest.mark.django_db(transaction=True)
def test_addrport_forms_print_usable_urls() -> None:
    call_command("demo", *SMALL_DEMO, stdout=io.StringIO())
    output = quickstart("--addrport", "8001")  # printed http://8001/... before
    urls = printed_urls(output)
    assert len(urls) > 10
    assert all(u.startswith("http://127.0.0.1:8001/") for u in urls), urls
    assert "http://127.0.0.1:8001/t/demo/enter/" in output
    assert "Phones on the same network" not in output

    urls = printed_urls(quickstart("--addrport", "myhost.example:8002"))
    assert all(u.startswith("http://myhost.example:8002/") for u in urls), urls


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("addrport", ["8003", "0.0.0.0:8003", "[::]:8003"])
def test_lan_prints_the_lan_address(addrport: str) -> None:
    call_command("demo", *SMALL_DEMO, stdout=io.StringIO())
    address = lan.lan_address()
    args = ("--addrport", addrport) if addrport != "8003" else ("--lan", "--addrport", addrport)
    output = quickstart(*args)  # listening on all interfaces is LAN mode, with or without --lan
    urls = printed_urls(output)
    local = ("http://127.0.0.1:8003/", "http://[::1]:8003/")  # the laptop's own, said once
    assert all(u.startswith(f"http://{address}:8003") for u in urls if u not in local), urls
    assert f"http://{address}:8003/t/demo/enter/" in output
    assert "0.0.0.0" not in output
    assert "[::]" not in output
    if address != "127.0.0.1":
        assert f"the table cards' QR codes carry http://{address}:8003" in output


def test_lan_refuses_a_loopback_address() -> None:
    with pytest.raises(CommandError, match="--addrport 8004"):
        call_command("quickstart", "--lan", "--addrport", "127.0.0.1:8004", "--no-serve")


def test_a_bad_addrport_names_the_forms() -> None:
    with pytest.raises(CommandError, match=r"--addrport 8001, 0\.0\.0\.0:8001, \[::\]:8001"):
        call_command("quickstart", "--addrport", "my host:80", "--no-serve")
    with pytest.raises(CommandError, match="between 1 and 65535"):
        call_command("quickstart", "--addrport", "70000", "--no-serve")


@pytest.mark.parametrize(
    ("addrport", "lan_flag", "bind", "runserver_arg", "is_lan"),
    [
        ("8001", False, "127.0.0.1", "127.0.0.1:8001", False),
        ("8001", True, "0.0.0.0", "0.0.0.0:8001", True),
        ("0.0.0.0:8001", False, "0.0.0.0", "0.0.0.0:8001", True),
        ("[::]:8001", False, "::", "[::]:8001", True),
        ("localhost:8001", False, "localhost", "localhost:8001", False),
        ("192.168.1.20:8001", True, "192.168.1.20", "192.168.1.20:8001", True),
    ],
)
def test_plan(addrport: str, lan_flag: bool, bind: str, runserver_arg: str, is_lan: bool) -> None:
    serving = lan.plan(addrport, lan=lan_flag)
    assert (serving.bind_host, serving.port, serving.addrport, serving.lan) == (
        bind,
        8001,
        runserver_arg,
        is_lan,
    )
    if is_lan and bind in lan.WILDCARDS:
        assert serving.public_host == lan.lan_address()
        assert serving.public_host in serving.allowed_hosts
        assert "localhost" in serving.allowed_hosts  # the laptop's own browser too
    else:
        assert serving.public_url == f"http://{bind}:8001"


def test_lan_address_without_internet(monkeypatch: pytest.MonkeyPatch) -> None:
    """No route toward any private address (no default gateway): the host name's addresses, skipping
    loopback ones (Debian maps the host name to 127.0.1.1); none at all: loopback."""
    monkeypatch.setattr(lan, "_routed_from", lambda destination: None)
    monkeypatch.setattr(socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1", "192.168.1.20"]))
    assert lan.lan_address() == "192.168.1.20"
    monkeypatch.setattr(socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1"]))
    assert lan.lan_address() == "127.0.0.1"


def test_lan_address_is_the_routed_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The routing table's answer wins; a loopback or link-local answer is skipped for the next probe."""
    answers = {"10.255.255.255": "169.254.3.4", "192.168.255.255": "192.168.1.20"}
    monkeypatch.setattr(lan, "_routed_from", answers.get)
    assert lan.lan_address() == "192.168.1.20"


def test_the_udp_probe_sends_nothing_and_finds_a_local_address() -> None:
    """The real probe on this machine: an address of one of its interfaces (or no route at all)."""
    address = lan._routed_from("10.255.255.255")
    if address is None:
        pytest.skip("this machine has no route toward a private network")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((address, 0))  # only a local address can be bound


def _env(database: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")}
    env.update(DATABASE_URL=f"sqlite:///{database}", LOG_LEVEL="WARNING", LOG_FORMAT="plain", **extra)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


def test_a_busy_port_fails_before_the_demo_is_built(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    port = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", port))
        busy.listen()
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "manage.py", "quickstart", "--addrport", str(port)],
            cwd=ROOT,
            env=_env(database),
            capture_output=True,
            text=True,
            timeout=60,
        )
    took = time.monotonic() - started
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"Port {port} is already in use" in done.stderr
    assert "Choose another port with --addrport, e.g. --addrport " in done.stderr
    suggested = int(re.search(r"e\.g\. --addrport (\d+)", done.stderr).group(1))
    assert suggested > port
    assert "Database migrated" not in done.stdout
    assert not database.exists()  # nothing migrated, no demo built
    assert took < 30


def test_lan_serves_phones_at_the_lan_address(tmp_path: Path) -> None:
    """The real thing: quickstart --lan serving; a phone's request to the LAN address is accepted, and the
    table cards opened by the organizer from 127.0.0.1 carry the LAN address in their QR codes."""
    address = lan.lan_address()
    if address == "127.0.0.1":
        pytest.skip("this machine has no LAN address")
    database = tmp_path / "db.sqlite3"
    env = _env(database, ADMIN_PASSWORD="pw-admin-12345")
    for command in (["migrate", "--verbosity", "0"], ["demo", *SMALL_DEMO]):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "quickstart", "--lan", "--addrport", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        _wait_for(address, port, server)
        lan_url, local_url = f"http://{address}:{port}", f"http://127.0.0.1:{port}"
        phone = urllib.request.build_opener(DIRECT)
        with phone.open(f"{lan_url}/t/demo/") as answer:  # Host: the LAN address
            assert answer.status == 200
        organizer = _logged_in(local_url, "admin", "pw-admin-12345")
        with organizer.open(f"{local_url}/t/demo/manage/rounds/2/cards/") as answer:
            cards = answer.read().decode()
        codes = re.findall(r'aria-label="([^"]+/t/demo/enter/[A-Z0-9]+/)"', cards)
        assert codes, cards[:2000]
        assert all(url.startswith(f"{lan_url}/t/demo/enter/") for url in codes), codes
        with phone.open(codes[0]) as answer:  # what a phone scanning the card opens
            assert answer.status == 200
    finally:
        server.terminate()
        output = server.communicate(timeout=20)[0]
    assert f"{lan_url}/t/demo/enter/" in output
    assert f"the table cards' QR codes carry {lan_url}" in output


def _wait_for(address: str, port: int, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"quickstart exited with {server.returncode}: {server.stdout.read()}")
        try:
            with socket.create_connection((address, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    pytest.fail("quickstart --lan did not serve within 60 s")


def _logged_in(base: str, username: str, password: str) -> urllib.request.OpenerDirector:
    opener = urllib.request.build_opener(
        DIRECT, urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    with opener.open(f"{base}/accounts/login/") as answer:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', answer.read().decode()).group(1)
    body = urllib.parse.urlencode({"username": username, "password": password, "csrfmiddlewaretoken": token})
    request = urllib.request.Request(f"{base}/accounts/login/", data=body.encode(), headers={"Referer": base})
    with opener.open(request) as answer:
        assert "/accounts/login/" not in answer.url, "login failed"
    return opener
