"""Every game on a phone (issue 34): a practice table of each game the registry plays live, one person and
rule bots, at 360 px. The phone taps legal moves until the hand is over (pytest-django's live server: the
page polls, the bots move at once). At the first state of every phase (seen at 360 px and again at
1280 px) nothing sticks out of the screen and every tap target on the phone is at least 44 px; every card
the page draws has its face (its game's pack is named in the page's card faces, none drawn as a bare
name); screenshots per game and phase (artifacts/screenshots/live-game-*)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games import GAMES
from tests.browser.conftest import shoot
from tests.browser.test_layout import DESKTOP, PHONE_360, layout_problems
from tests.browser.test_live_play import NEXT, choose, open_page
from tournaments.live import replay
from tournaments.live import services as live
from tournaments.live.models import LiveTable
from tournaments.organizing.models import Club

pytestmark = pytest.mark.browser

LIVE_GAMES = [g.id for g in GAMES.values() if g.live is not None and g.id != "hungarian"]  # Hungarian:
# tests/browser/test_live_play.py plays it through a real WebSocket

#: Runs in the page: the cards it draws whose names its card faces do not know
FACELESS = """() => {
  const faces = JSON.parse(document.getElementById('live-config').textContent).cards;
  return Array.from(document.querySelectorAll('.pc[data-card]')).map((n) => n.dataset.card)
    .filter((name) => !(name in faces));
}"""


@pytest.fixture
def bots_at_once(settings: Any) -> None:
    settings.LIVE_BOT_DELAY_MS = 0
    settings.LIVE_TIMER_THREADS = False
    replay.clear()


def practice_of(game_id: str, organizer: Any) -> LiveTable:
    club = Club.objects.create(name=f"Klub {game_id}")
    club.organizers.add(organizer)
    return live.practice_table_start(club=club, by=organizer, game_id=game_id, players=["Anna"], hands=1)


@pytest.mark.parametrize("game_id", LIVE_GAMES)
def test_a_hand_of_every_game_on_a_phone(
    game_id: str, organizer_user: Any, live_server: Any, browser: Any, contexts: list[Any], bots_at_once: None
) -> None:
    table = practice_of(game_id, organizer_user)
    seat = table.seats.get(position="A")
    phone = open_page(browser, contexts, live_server.url, PHONE_360)
    phone.goto(f"/live/{seat.token}/")
    phone.wait_for_selector("#lt-table .lt-seat")
    problems: list[str] = []
    seen: set[str] = set()
    faceless: set[str] = set()
    moves = 0
    for _ in range(300):
        phone.wait_for_function(NEXT, timeout=20_000)
        what = phone.evaluate(NEXT)
        faceless |= set(phone.evaluate(FACELESS))
        phase = phone.locator("#lt-hand-head").inner_text().split(" · ")[-1]  # the phase, in its words
        if phase and phase not in seen:
            seen.add(phase)
            problems += layout_problems(phone, f"{game_id} {phase} at 360", 360)
            shoot(phone, f"live-game-{game_id}-{len(seen)}")
            phone.set_viewport_size(DESKTOP["viewport"])  # the same state on a laptop's screen
            problems += layout_problems(phone, f"{game_id} {phase} at 1280", 1280)
            shoot(phone, f"live-game-{game_id}-{len(seen)}")
            phone.set_viewport_size(PHONE_360["viewport"])
        if what == "result":
            break
        choose(phone, what)
        moves += 1
    else:
        raise AssertionError(f"{game_id}: the hand did not end")
    shoot(phone, f"live-game-{game_id}-result")
    problems += layout_problems(phone, f"{game_id} result at 360", 360)
    assert moves, f"{game_id}: the person made no move"
    assert not faceless, f"{game_id}: cards drawn without a face: {sorted(faceless)}"
    assert not problems, "\n".join(problems)
