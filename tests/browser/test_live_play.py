"""A whole hand played live on a phone (issue 33 §5): a practice table with one person and three rule bots,
at 360 px, tapping legal moves until the hand is over. The result shows; at every step nothing sticks out
of the screen and every tap target is at least 44×44 px. Screenshots during the auction, the play and at
the score, at 360 px and 1280 px (artifacts/screenshots/live-*)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.test_layout import DESKTOP, PHONE_360, layout_problems
from tournaments.live import replay
from tournaments.live import services as live
from tournaments.live.models import LiveAction, LiveTable
from tournaments.organizing.models import Club

pytestmark = pytest.mark.browser

# Runs in the page: what the seat may do now ("result" once the hand is over, "" while it waits)
NEXT = """() => {
  const live = document.getElementById('live');
  if (!live || live.classList.contains('lt-busy')) return '';
  const result = document.getElementById('lt-result');
  if (result && !result.hidden) return 'result';
  if (document.querySelector('#lt-choices .lt-confirm')) return 'discard';
  if (document.querySelector('#lt-cards button.pc:not([disabled])')) return 'card';
  if (document.querySelector('#lt-choices button.lt-choice:not([disabled])')) return 'choice';
  return '';
}"""


@pytest.fixture
def practice(organizer_user: Any, live_server: Any, settings: Any) -> LiveTable:
    settings.LIVE_BOT_DELAY_MS = 0  # the bots move at once, in the request of the move before theirs
    settings.LIVE_TIMER_THREADS = False
    settings.LIVE_BOT_DELAY_MS = 0
    replay.clear()
    club = Club.objects.create(name="Pagát Klub")
    club.organizers.add(organizer_user)
    return live.practice_table_start(
        club=club, by=organizer_user, game_id="hungarian", players=["Anna"], hands=1
    )


def open_page(browser: Any, contexts: list[Any], base_url: str, options: dict[str, Any]) -> Any:
    context = browser.new_context(base_url=base_url, locale="en", **options)
    context.set_default_timeout(20_000)
    contexts.append(context)
    return context.new_page()


def choose(page: Any, what: str) -> str:
    """Tap one legal move: a card to play, the cards of a discard, or a button (during the announcements
    the call, else a pass, so that the hand moves on)."""
    if what == "card":
        page.locator("#lt-cards button.pc:not([disabled])").first.click()
        return "play"
    if what == "discard":
        need = int(page.locator("#lt-choices .lt-confirm").get_attribute("data-pick") or "1")
        cards = page.locator("#lt-cards button.pc:not([disabled])")
        for i in range(need):
            cards.nth(i).click()
        page.locator("#lt-choices .lt-confirm").click()
        return "discard"
    buttons = page.locator("#lt-choices button.lt-choice:not([disabled])")
    phase = page.locator("#lt-hand-head").inner_text()
    for group in ("call", "pass") if "announcements" in phase else ("bid", "raise", "annul", "pass"):
        found = page.locator(f"#lt-choices button.lt-group-{group}:not([disabled])")
        if found.count():
            found.first.click()
            return group
    buttons.first.click()
    return "choice"


def test_a_whole_hand_on_a_phone(
    practice: LiveTable, browser: Any, contexts: list[Any], live_server: Any
) -> None:
    seat = practice.seats.get(position="A")
    url = f"/live/{seat.token}/"
    phone = open_page(browser, contexts, live_server.url, PHONE_360)
    desktop = open_page(browser, contexts, live_server.url, DESKTOP)
    phone.goto(url)
    phone.wait_for_selector("#lt-table .lt-seat")
    assert phone.locator("#lt-cards .pc").count() == 9  # the seat's own hand, drawn as cards
    problems: list[str] = []
    shot: set[str] = set()

    def both(name: str) -> None:
        shoot(phone, f"live-{name}")
        desktop.goto(url)
        desktop.wait_for_selector("#lt-table .lt-seat")
        shoot(desktop, f"live-{name}")
        problems.extend(layout_problems(desktop, f"{name} at 1280", 1280))

    moves = []
    for _ in range(120):
        phone.wait_for_function(NEXT, timeout=20_000)
        what = phone.evaluate(NEXT)
        head = phone.locator("#lt-hand-head").inner_text()
        phase = "auction" if "bidding" in head or "raise" in head else "play" if "play" in head else ""
        if phase and phase not in shot:
            shot.add(phase)
            problems.extend(layout_problems(phone, f"{phase} at 360", 360))
            both(phase)
        if what == "result":
            break
        moves.append(choose(phone, what))
    else:
        raise AssertionError(f"the hand did not end after {len(moves)} moves: {moves}")

    result = phone.locator("#lt-result")
    assert result.is_visible()
    assert "Hand 1 is over" in result.inner_text()
    assert phone.locator("#lt-result .lt-pay li").count() == 4
    assert phone.locator("#lt-score tbody tr.status-finished").count() == 1
    problems.extend(layout_problems(phone, "score at 360", 360))
    both("score")
    assert moves, "the person made no move"
    assert not problems, "\n".join(problems)

    replay_link = phone.locator("#lt-result a", has_text="Replay")
    replay_link.click()
    phone.wait_for_selector("[data-replay-nav]:not([hidden])")
    assert phone.locator(".rp-frame:not([hidden])").count() == 1
    phone.keyboard.press("ArrowRight")
    assert phone.locator(".rp-frame:not([hidden]) h2").inner_text() != "The deal"
    shoot(phone, "live-replay")
    problems = layout_problems(phone, "replay at 360", 360)
    desktop.goto(phone.url)
    desktop.wait_for_selector("[data-replay-nav]:not([hidden])")
    for _ in range(5):
        desktop.keyboard.press("ArrowRight")
    shoot(desktop, "live-replay")
    problems += layout_problems(desktop, "replay at 1280", 1280)
    assert not problems, "\n".join(problems)


def sign_in(page: Any) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("organizer")
    page.locator("#id_password").fill("pw-org-12345")
    page.locator("form[action$='/accounts/login/'] button[type=submit]").click()
    page.wait_for_load_state()


def test_a_club_opens_a_practice_table_and_an_organizer_a_live_table(
    organizer_user: Any, cup: Any, browser: Any, contexts: list[Any], live_server: Any, settings: Any
) -> None:
    settings.LIVE_TIMER_THREADS = False
    settings.LIVE_BOT_DELAY_MS = 0
    replay.clear()
    club = Club.objects.create(name="Pagát Klub")
    club.organizers.add(organizer_user)
    phone = open_page(browser, contexts, live_server.url, PHONE_360)
    desktop = open_page(browser, contexts, live_server.url, DESKTOP)
    problems: list[str] = []
    for page in (phone, desktop):
        sign_in(page)
    width = {id(phone): 360, id(desktop): 1280}

    # the club's page: the practice form, then the table's page with each seat's QR code
    phone.goto(f"/clubs/{club.slug}/")
    phone.locator(".lt-practice-box summary").click()
    problems += layout_problems(phone, "club practice form at 360", 360)
    phone.locator("#f-player_0").fill("Anna")
    phone.locator("#f-player_1").fill("Béla")
    phone.locator(".lt-practice button[type=submit]").click()
    phone.wait_for_selector(".lt-qr-list")
    assert phone.locator(".lt-qr svg").count() == 4
    table_url = phone.url
    for page in (phone, desktop):
        page.goto(table_url)
        page.wait_for_selector("#lt-table .lt-seat")
        shoot(page, "live-practice-table")
        problems += layout_problems(page, f"practice table at {width[id(page)]}", width[id(page)])
    # the organizer starts the table without waiting, then plays seat A on this phone (signed in: the
    # page's own POSTs pass the CSRF check)
    phone.goto(table_url)
    phone.locator("form[action$='/begin/'] button").click()
    phone.wait_for_selector(".msg-success")
    assert LiveTable.objects.get(club=club).status == LiveTable.Status.PLAYING
    phone.locator("form[action$='/seats/B/bot/'] button").click()
    phone.wait_for_selector(".msg-success")
    phone.locator(".lt-qr-item a.tap").first.click()
    phone.wait_for_url("**/live/*/")
    for _ in range(3):
        phone.wait_for_function(NEXT)
        what = phone.evaluate(NEXT)
        if what == "result":
            break
        choose(phone, what)
        phone.wait_for_function("() => !document.getElementById('live').classList.contains('lt-busy')")
        assert not phone.locator("#lt-error .error-summary").count(), phone.locator("#lt-error").inner_text()
    assert LiveAction.objects.filter(hand__live_table__club=club, seat="A", by="seat").exists()
    desktop.goto(table_url + "?projector=1")
    desktop.wait_for_selector("#lt-table .lt-seat")
    shoot(desktop, "live-projector")
    problems += layout_problems(desktop, "projector at 1280", 1280)

    # a tournament's round: "Play live" at table 1, its page, its table card with the seats' codes
    desktop.goto(f"/t/{cup.slug}/manage/rounds/2/")
    desktop.locator("form.lt-start button").first.click()
    desktop.wait_for_selector(".lt-qr-list")
    live_table = LiveTable.objects.get(table__round__tournament=cup, table__number=1)
    assert desktop.locator(".lt-qr svg").count() == live_table.seats.count()
    shoot(desktop, "live-tournament-table")
    phone.goto(f"/t/{cup.slug}/manage/rounds/2/")
    shoot(phone, "live-round")
    problems += layout_problems(phone, "round page at 360", 360)
    desktop.goto(f"/t/{cup.slug}/manage/rounds/2/cards/?table=1")
    assert desktop.locator(".live-card svg").count() == live_table.seats.count()
    shoot(desktop, "live-table-card")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["hu", "de"])
def test_a_seat_in_hungarian_and_german_fits_360_px(
    practice: LiveTable, browser: Any, contexts: list[Any], live_server: Any, language: str
) -> None:
    seat = practice.seats.get(position="A")
    context = browser.new_context(base_url=live_server.url, locale=language, **PHONE_360)
    contexts.append(context)
    page = context.new_page()
    page.goto(f"/live/{seat.token}/")
    page.wait_for_selector("#lt-table .lt-seat")
    assert page.locator("html").get_attribute("lang") == language
    shoot(page, f"live-seat-{language}")
    problems = layout_problems(page, f"seat page at 360 ({language})", 360)
    assert not problems, "\n".join(problems)


def test_a_move_whose_answer_is_lost_is_sent_again_and_applied_once(
    practice: LiveTable, browser: Any, contexts: list[Any], live_server: Any
) -> None:
    """The server applies the move, the answer never reaches the phone: the phone sends the same request
    again (same Idempotency-Key) and shows the state; the move is stored once. A 409 makes it look again."""
    seat = practice.seats.get(position="A")
    page = open_page(browser, contexts, live_server.url, PHONE_360)
    keys: list[str] = []

    def lose_the_first_answer(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) == 1:
            route.fetch()  # the server gets it and applies it ...
            route.abort("connectionreset")  # ... and the phone never hears back
        else:
            route.continue_()

    page.route("**/moves/", lose_the_first_answer)
    page.goto(f"/live/{seat.token}/")
    page.wait_for_function(NEXT)
    hand = practice.hands.get()
    step = page.evaluate("() => JSON.parse(document.getElementById('live-state').textContent).view.step")
    choose(page, page.evaluate(NEXT))
    page.wait_for_function("() => !document.getElementById('live').classList.contains('lt-busy')")
    assert len(keys) == 2
    assert keys[0]
    assert keys[0] == keys[1]
    assert LiveAction.objects.filter(hand=hand, seat="A", step=step).count() == 1
    assert LiveAction.objects.filter(hand=hand, seat="A").count() == 1

    # a move the table overtook: 409, the page looks again and says so
    page.unroute("**/moves/")
    stale = json.dumps(
        {"errors": [{"field": "step", "code": "conflict", "message": "the hand has moved on"}]}
    )
    page.route(
        "**/moves/", lambda route: route.fulfill(status=409, content_type="application/json", body=stale)
    )
    page.wait_for_function(NEXT)
    what = page.evaluate(NEXT)
    if what != "result":
        choose(page, what)
        page.wait_for_selector("#lt-error .msg-info")
        assert "moved on" in page.locator("#lt-error").inner_text()
        page.wait_for_function(NEXT)  # and the moves are there again
