"""The matrix in a phone's browser (issue 31 §3): for every game of the registry, its default preset at the
table size its draws fill first (the sizes sampled, never the games), a seat fills the summary form at
360 px with the form's JavaScript (selects, boxes and numbers as a thumb does, each question shown when the
answers before it ask for it), previews, saves; another seat's phone confirms it. The summary is the
richest plausible one the game's ``sample_summary`` draws for the deal (tests/matrix/summaries.py). Each
page is measured as every other page is: nothing outside the screen, tap targets of 44 px."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games import GAMES
from tests.browser.conftest import shoot
from tests.browser.test_layout import PHONE_360, layout_problems
from tests.browser.test_layout_probed import SELECTS
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.matrix.forms import summary_post
from tests.matrix.pages import page_errors, preview_payments
from tests.matrix.summaries import draw, richest
from tournaments import selectors, services
from tournaments.core.formats import format_defaults
from tournaments.results.models import Hand, HandSubmission

pytestmark = pytest.mark.browser


def measured(page: Any, where: str) -> list[str]:
    """What sticks out of a 360 px screen, and the tap targets smaller than 44 px."""
    return layout_problems(page, where, 360)


def cut_selects(page: Any, url: str, game_id: str) -> list[str]:
    """The summary form's selects, every question shown, that cannot show their longest choice at 360 px in
    Hungarian, German and English (a person reads a cut answer as another one)."""
    problems = []
    for language in ("hu", "de", "en"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
        page.goto(url)
        page.evaluate(
            "() => document.querySelectorAll('[data-when-field]').forEach((e) => { e.hidden = false; })"
        )
        for select in page.evaluate(SELECTS, ""):
            if select["natural"] > select["width"] + 1 or not select["inside"]:
                problems.append(
                    f"{game_id} ({language}): the select {select['name']} cuts its answers: {select}"
                )
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": page.url}])
    return problems


def seat_phone(browser: Any, base_url: str, entry: str, position: str) -> tuple[Any, Any]:
    context = browser.new_context(base_url=base_url, locale="en", **PHONE_360)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(entry)
    page.locator(f"button.seat[value={position}]").click()
    page.wait_for_selector("p.you")
    return context, page


def answer(page: Any, name: str, value: Any) -> str | None:
    """Give one answer as a person does: choose an option, tick boxes, type a number. None, or why the
    form would not take it (a question not shown when the summary needs it)."""
    field = page.locator(f'[name="{name}"]')
    if field.count() == 0:
        return f"the form has no field {name}"
    first = field.first
    kind = (first.get_attribute("type") or first.evaluate("el => el.tagName")).lower()
    if not first.is_visible() and kind != "checkbox":
        return f"{name} is hidden when the hand needs {value!r}"
    if kind == "select":
        first.select_option(str(value))
    elif kind == "checkbox":
        for box in value if isinstance(value, list) else [None]:
            target = page.locator(f'[name="{name}"][value="{box}"]') if box is not None else first
            if not target.is_visible():
                return f"{name}={box} is hidden when the hand needs it"
            target.check()
    else:
        first.fill(str(value))
    return None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seat_fills_the_summary_form_at_360px_and_another_phone_confirms(
    game_id: str, transactional_db: Any, live_server: Any, browser: Any
) -> None:
    game = GAMES[game_id]
    preset, size = game.default_preset, game.main_table_size
    tournament = TournamentFactory(
        slug="matrix-phone", game=game_id, **{**format_defaults(game_id, preset), "table_sizes": [size]}
    )
    table = seated_table(tournament, PlayerFactory.create_batch(size))
    services.table_codes_issue(table.round)
    deal = services.next_deal(table, 1)
    sample = richest(draw(game_id, preset, deal, f"browser-{game_id}").representatives())
    post, _unasked = summary_post(game, sample.summary)
    code = selectors.active_table_code(table)
    entry = f"/t/matrix-phone/enter/{code}/"
    problems: list[str] = []
    contexts = []
    try:
        context, phone = seat_phone(browser, live_server.url, entry, deal.active[0])
        contexts.append(context)
        phone.goto(f"{entry}hands/1/summary/")
        for name, value in post.items():
            refused = answer(phone, name, value)
            if refused:
                problems.append(f"{game_id}: {refused} ({sample.summary})")
        with phone.expect_navigation() as previewed:
            phone.locator("[data-preview-button]").click()
        status = previewed.value.status if previewed.value else None
        assert status == 200, f"{game_id}: the preview answers {status}: {page_errors(phone.content())[:3]}"
        shown = preview_payments(phone.content())
        expected = {p: sample.payments.get(p, 0) for p in "ABCDEF"[:size]}
        assert shown == expected, f"{game_id}: the preview shows {shown}, the engine scores {expected}"
        shoot(phone, f"matrix-{game_id}-summary")
        problems += measured(phone, f"{game_id}'s summary form with its preview")
        with phone.expect_navigation() as saved:
            phone.locator("button[name=action][value=save]").first.click()
        status = saved.value.status if saved.value else None
        assert status == 200, f"{game_id}: after saving, the table page answers {status}"
        entered = HandSubmission.objects.get(hand__table=table, hand__number=1)
        assert entered.payments == expected, f"{game_id}: saved {entered.payments}, not {expected}"
        assert phone.locator(".pending-card").is_visible(), f"{game_id}: the table page shows no hand waiting"
        problems += measured(phone, f"{game_id}'s table page, the hand waiting")

        context, other = seat_phone(browser, live_server.url, entry, deal.active[1])
        contexts.append(context)
        shoot(other, f"matrix-{game_id}-confirm")
        problems += measured(other, f"{game_id}'s table page for the confirming seat")
        with other.expect_navigation():
            other.get_by_role("button", name="Confirm hand 1").click()
        assert Hand.objects.get(table=table, number=1).status == Hand.Status.CONFIRMED, (
            f"{game_id}: not confirmed"
        )
        problems += cut_selects(phone, f"{entry}hands/2/summary/", game_id)
    except AssertionError as exc:  # a step the next ones need failed: what was found so far, and it
        problems.append(str(exc))
    finally:
        for context in contexts:
            context.close()
    assert not problems, "\n".join(problems)
