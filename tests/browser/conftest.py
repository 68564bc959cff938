"""Browser tests: Playwright for Python driving Debian's Chromium (``/usr/bin/chromium``, headless; no
browser download) against pytest-django's live server.

* ``phone`` and ``desktop`` are fresh pages at 390×844 (touch) and 1280×800; ``new_phone()`` opens a
  second, independent phone (its own cookies), e.g. the seat that confirms;
* ``shoot(page, name)`` saves a screenshot to ``artifacts/screenshots/`` (not committed) for a person to
  look at; ``screenshots(url, name)`` takes one at each size;
* ``assert_accessible(page)`` runs axe-core in the page and fails on serious or critical violations.
* ``asgi_live_server`` serves the ASGI application (the pages and the live tables' WebSockets) through
  daphne instead, for a page that needs a real WebSocket (tests/browser/asgi_server.py says how).

Without Chromium the tests skip, except in CI (``CI`` or ``REQUIRE_REAL_SERVICES`` set), where they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.site_data import site_tournament

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

pytestmark = pytest.mark.browser


def _require_chromium() -> None:
    if Path(CHROMIUM).exists() or shutil.which(CHROMIUM):
        return
    message = f"{CHROMIUM} is missing (apt-get install -y chromium): browser tests need it"
    if os.environ.get("CI") or os.environ.get("REQUIRE_REAL_SERVICES") == "1":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def _async_unsafe() -> Iterator[None]:
    """Playwright's sync API runs an event loop in the test's thread, and Django refuses ORM calls where a
    loop runs; the test's own ORM calls are still synchronous. Only while a module's browser is open: the
    variable must not leak into later tests (``check --deploy`` rejects it)."""
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if before is None:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture(scope="module")
def browser(_async_unsafe: None) -> Iterator[Any]:
    """One Chromium per test module, closed (with Playwright's event loop) when the module is done."""
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def contexts(browser: Any) -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for context in opened:
        context.close()


def _page(browser: Any, contexts: list[Any], options: dict[str, Any], base_url: str, language: str) -> Any:
    context = browser.new_context(base_url=base_url, locale=language, **options)
    context.set_default_timeout(10_000)
    contexts.append(context)
    return context.new_page()


@pytest.fixture
def new_phone(browser: Any, contexts: list[Any], live_server: Any) -> Callable[..., Any]:
    """A new phone-sized page with its own cookies (``language``: the browser's Accept-Language)."""
    return lambda language="en": _page(browser, contexts, PHONE, live_server.url, language)


@pytest.fixture
def phone(new_phone: Callable[..., Any]) -> Any:
    return new_phone()


@pytest.fixture
def desktop(browser: Any, contexts: list[Any], live_server: Any) -> Any:
    return _page(browser, contexts, DESKTOP, live_server.url, "en")


def shoot(page: Any, name: str) -> Path:
    """A full-page screenshot named after the page and the viewport's width."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}-{page.viewport_size['width']}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def screenshots(phone: Any, desktop: Any) -> Callable[[str, str], None]:
    """Open ``url`` at both sizes and save a screenshot of each as ``name``."""

    def take(url: str, name: str) -> None:
        for page in (phone, desktop):
            page.goto(url)
            shoot(page, name)

    return take


def assert_accessible(page: Any) -> None:
    """axe-core's rules on the page as it is now: no serious or critical violations."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}" for v in bad
    )


@pytest.fixture
def asgi_live_server(transactional_db: Any, settings: Any) -> Iterator[Any]:
    """daphne serving ``config.asgi`` in a thread of this process (``.url``), for the test only
    (tests/browser/asgi_server.py). Close the pages opened on it before the test ends, and stop any
    thread that writes through it (a bot's timer) before it stops: it waits for the connections that
    were closed to finish (a closed WebSocket still writes that its phone went away), then closes its
    threads' database connections, before the database is emptied."""
    from tests.browser.asgi_server import AsgiLiveServer
    from tournaments.live import push

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, AsgiLiveServer.host]
    with AsgiLiveServer() as server:
        yield server
    push.server_loop = None  # the stopped server's loop: a later push must not aim at it


@pytest.fixture
def organizer_user(transactional_db: Any) -> Any:
    return get_user_model().objects.create_user("organizer", email="org@example.org", password="pw-org-12345")


@pytest.fixture
def cup(organizer_user: Any, live_server: Any) -> Any:
    """The site's small tournament (tests/site_data.py): round 1 closed, round 2 in play."""
    return site_tournament(organizer_user)
