"""Live tables in a browser (issue 33 §5).

A whole hand on a phone, through a real WebSocket: round 2's 4-seat table of the site's tournament, one
person and three rule bots, served by daphne (the ASGI application, ``asgi_live_server``: see
tests/browser/asgi_server.py for why a thread of this process, with SQLite as with PostgreSQL). The phone
(360 px) taps legal moves until the hand is over; at every step nothing sticks out of the screen and every
tap target is at least 44×44 px; screenshots during the auction, the play and at the score, at 360 px and
1280 px (artifacts/screenshots/live-*). The bots move BOT_DELAY_MS after the move before theirs was
answered, so their moves reach the page only as pushes; the pages' polling is refused, and a second screen
of the seat that never moves shows every state too. The hand is entered, and the standings count it.

The other tests run on pytest-django's live server (WSGI: no WebSocket, the pages poll, the bots move at
once): opening tables from a club and a round, a seat's page in Hungarian and German, a move whose answer
is lost.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import shoot
from tests.browser.test_layout import DESKTOP, PHONE_360, layout_problems
from tournaments.draw.models import Round
from tournaments.live import replay
from tournaments.live import services as live
from tournaments.live.models import LiveAction, LiveHand, LiveTable
from tournaments.organizing.models import Club

pytestmark = pytest.mark.browser

HONOURS = {"I", "XXI", "SKIZ"}  # a bid needs one (pagat, "Bidding")

BOT_DELAY_MS = 120

# Runs in the page: what the seat may do now ("result" once the hand is over, "" while it waits)
NEXT = """() => {
  const live = document.getElementById('live');
  if (!live || live.classList.contains('lt-busy')) return '';
  for (const id of ['lt-result', 'lt-last']) {
    const box = document.getElementById(id);
    if (box && !box.hidden) return 'result';
  }
  if (document.querySelector('#lt-choices .lt-confirm')) return 'discard';
  if (document.querySelector('#lt-cards button.pc:not([disabled])')) return 'card';
  if (document.querySelector('#lt-choices button.lt-choice:not([disabled])')) return 'choice';
  return '';
}"""

# Runs in the page: what the seat's page shows (two screens of one seat show the same state alike)
SHOWN = """() => ['lt-hand-head', 'lt-status', 'lt-table', 'lt-cards', 'lt-last', 'lt-score']
  .map((id) => (document.getElementById(id) || {}).textContent).join('|')"""

# Runs in the standings page: each player's hands and game points
STANDINGS = """() => {
  const keys = Array.from(document.querySelectorAll('table.standings thead th')).map((th) => th.dataset.key);
  const rows = {};
  for (const tr of document.querySelectorAll('table.standings tbody tr')) {
    const cells = Array.from(tr.children);
    const name = tr.querySelector('th a.row-link').textContent.trim();
    const value = (key) => Number(cells[keys.indexOf(key)].dataset.v);
    rows[name] = {hands: value('hands'), game_points: value('game_points')};
  }
  return rows;
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


@pytest.fixture
def bot_timers(asgi_live_server: Any, settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Bots move on timer threads after LIVE_BOT_DELAY_MS, as in the embedded default. When the test ends
    no new timer starts, one that is waiting is cancelled and one that is moving is waited for, before
    the server stops (after this fixture: it closes its threads' connections) and the database is
    emptied."""
    timers: list[threading.Timer] = []

    class Tracked(threading.Timer):
        def start(self) -> None:
            timers.append(self)
            super().start()

    settings.LIVE_BOT_DELAY_MS = BOT_DELAY_MS
    settings.LIVE_TIMER_THREADS = True
    monkeypatch.setattr(threading, "Timer", Tracked)
    yield
    settings.LIVE_TIMER_THREADS = False
    for timer in timers:
        timer.cancel()
        timer.join(10)


@pytest.fixture
def tournament_table(cup: Any, organizer_user: Any, bot_timers: None) -> LiveTable:
    """Round 2's 4-seat table of the site's tournament, played live: its first seat by a person, the
    others by rule bots."""
    replay.clear()
    table = min(Round.objects.get(tournament=cup, number=2).tables.all(), key=lambda t: t.seats.count())
    positions = list(table.seats.order_by("position").values_list("position", flat=True))
    live_table = live.live_table_start(
        table=table, by=organizer_user, bots=dict.fromkeys(positions[1:], "rule")
    )
    deal_the_person_an_honour(live_table, str(positions[0]))
    return live_table


def deal_the_person_an_honour(live_table: LiveTable, person: str) -> None:
    """Hand 1's seed made the first from 1 that deals the person an honour, so that they may bid and the
    hand is played out: a random deal where all four pass ends the hand at the auction, and no turn of the
    person would then follow a bot's move (the CI run of stop 38 drew one). The bots' moves and the test's
    taps follow from the seed, so the hand is the same in every run."""
    hand = live_table.hands.get(number=1)
    for seed in range(1, 1000):
        hand.seed = seed
        replay.clear()
        if HONOURS & set(replay.state(hand, live_table.game).seat_view(person)["hand"]):
            LiveHand.objects.filter(pk=hand.pk).update(seed=seed)
            replay.clear()
            return
    raise AssertionError("no seed from 1 to 999 deals the person an honour")


class Watched:
    """A page on a seat whose state can only come through the WebSocket or a move's answer: its state
    requests (the polling) are refused and counted; the WebSocket's URL and each state it brought, and
    each move's answer, are kept."""

    def __init__(self, page: Any, token: str) -> None:
        self.page = page
        self.sockets: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.answers: list[dict[str, Any]] = []
        self.polls: list[str] = []
        page.on("websocket", self._socket)
        page.on("response", self._response)
        page.route(f"**/api/v1/live/seats/{token}/", self._poll)

    def _socket(self, socket: Any) -> None:
        self.sockets.append(socket.url)
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def _response(self, response: Any) -> None:
        if response.request.method == "POST" and response.url.endswith("/moves/") and response.ok:
            self.answers.append(response.json())

    def _poll(self, route: Any) -> None:
        self.polls.append(route.request.method)
        route.abort()

    def steps(self, states: list[dict[str, Any]]) -> set[tuple[int, int]]:
        return {(s["view"]["number"], s["view"]["step"]) for s in states if s.get("view")}


def standings(page: Any) -> dict[str, dict[str, float]]:
    """Each player's hands and game points, as the standings page shows them."""
    page.goto("/t/cup/standings/")
    return page.evaluate(STANDINGS)


def test_a_whole_hand_on_a_phone(
    tournament_table: LiveTable, asgi_live_server: Any, browser: Any, contexts: list[Any]
) -> None:
    """The phone (360 px) plays the person's seat through the ASGI server: a bot moves BOT_DELAY_MS after
    the move before it was answered, so its move reaches the page only as a push. A second screen of the
    same seat (1280 px, never moving, its polling refused) shows each state too: the WebSocket brought
    it. The finished hand is entered and the tournament's standings count it."""
    seats = {s.position: s for s in tournament_table.seats.all()}
    seat = seats[min(seats)]
    url = f"/live/{seat.token}/"
    phone = open_page(browser, contexts, asgi_live_server.url, PHONE_360)
    desktop = open_page(browser, contexts, asgi_live_server.url, DESKTOP)
    before = standings(phone)
    watched = [Watched(phone, seat.token), Watched(desktop, seat.token)]
    phone.goto(url)
    desktop.goto(url)
    phone.wait_for_selector("#lt-table .lt-seat")
    assert phone.locator("#lt-cards .pc").count() == 9  # the seat's own hand, drawn as cards
    problems: list[str] = []
    shot: set[str] = set()

    def both(name: str) -> None:
        """Both screens, once the second one shows what the phone shows (pushed to it)."""
        shoot(phone, f"live-{name}")
        desktop.wait_for_function(f"() => ({SHOWN})() === {json.dumps(phone.evaluate(SHOWN))}")
        shoot(desktop, f"live-{name}")
        problems.extend(layout_problems(desktop, f"{name} at 1280", 1280))

    def stuck() -> str:
        """What the table and the phone had, for a phone that waited in vain."""
        played = LiveAction.objects.filter(hand__live_table=tournament_table)
        last = watched[0].frames[-1]["view"] if watched[0].frames else {}
        return (
            f"stored: {list(played.order_by('hand__number', 'step').values_list('seat', 'by'))}; "
            f"the phone's sockets {watched[0].sockets}, {len(watched[0].frames)} frames, the last at "
            f"hand {last.get('number')} step {last.get('step')}; moves {moves}"
        )

    moves: list[str] = []
    for _ in range(120):
        try:
            phone.wait_for_function(NEXT, timeout=20_000)
        except Exception as exc:
            raise AssertionError(f"the phone waited in vain: {stuck()}") from exc
        what = phone.evaluate(NEXT)
        head = phone.locator("#lt-hand-head").inner_text()
        phase = "auction" if "bidding" in head or "raise" in head else "play" if "play" in head else ""
        if what == "result":
            break
        if phase and phase not in shot:
            shot.add(phase)
            problems.extend(layout_problems(phone, f"{phase} at 360", 360))
            both(phase)
        moves.append(choose(phone, what))
    else:
        raise AssertionError(f"the hand did not end after {len(moves)} moves: {stuck()}")

    # hand 1 is over, hand 2 is dealt: the page shows the last hand's payments and the score sheet
    last = phone.locator("#lt-last")
    assert last.is_visible()
    assert "Hand 1" in last.inner_text()
    assert phone.locator("#lt-last .lt-pay li").count() == 4
    assert phone.locator("#lt-score tbody tr.status-finished").count() == 1
    problems.extend(layout_problems(phone, "score at 360", 360))
    both("score")
    assert moves, "the person made no move"
    assert not problems, "\n".join(problems)

    # the WebSocket carried the states: no page polled, the second screen got every one it showed by push,
    # and the phone reached the person's turns after the bots' moves through it
    hand = tournament_table.hands.get(number=1)
    actions = list(hand.actions.order_by("step").values_list("step", "seat", "by"))
    bots = [step for step, _seat, by in actions if by == "bot"]
    turns = [step for step, position, by in actions if by == "seat" and step - 1 in bots]
    socket_url = asgi_live_server.url.replace("http://", "ws://") + f"/ws/live/seats/{seat.token}/"
    for screen in watched:
        assert screen.sockets == [socket_url]
        assert screen.polls == []
    pushed = watched[0].steps(watched[0].frames)
    answered = watched[0].steps(watched[0].answers)
    assert {(1, step) for step in turns} <= pushed | answered
    by_push = [step for step in turns if (1, step) in pushed - answered]
    assert by_push, f"no turn of the person came by push: {turns}, answers {sorted(answered)}"
    assert watched[1].answers == []  # the second screen never moved: it showed hand 2 by push alone
    assert any(number == 2 for number, _step in watched[1].steps(watched[1].frames))
    print(
        f"\n{len(moves)} moves by the person, {len(bots)} by bots; frames: phone {len(watched[0].frames)}, "
        f"second screen {len(watched[1].frames)}; the person's turns after a bot: {len(turns)}, "
        f"reached by push alone: {len(by_push)}"
    )

    replay_link = phone.locator("#lt-last a", has_text="Replay")
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

    # the tournament's standings: each player of the table has one hand more, and its payment
    hand.refresh_from_db()
    assert hand.submission_id is not None
    names = {s.position: s.name for s in seats.values()}
    expected = {
        names[p]: {"hands": before[names[p]]["hands"] + 1, "game_points": before[names[p]]["game_points"] + n}
        for p, n in hand.payments.items()
    }
    for _ in range(50):  # recomputed after the hand's entry committed
        after = standings(phone)
        if all(after[name] == want for name, want in expected.items()):
            break
        phone.wait_for_timeout(200)
    assert {name: after[name] for name in expected} == expected
    shoot(phone, "live-standings")
    problems = layout_problems(phone, "standings at 360", 360)
    assert not problems, "\n".join(problems)
    for context in contexts:  # the pages go, while the server still hears them
        context.close()
    contexts.clear()


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
