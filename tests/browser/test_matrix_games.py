"""The matrix in a phone's browser (issue 31 §3): for every game of the registry, its default preset at the
table size its draws fill first (the sizes sampled, never the games), the club day's flows at 360 px with
the forms' JavaScript:

* hand 1: a seat fills the summary form (selects, boxes and numbers as a thumb does, each question shown
  when the answers before it ask for it), previews, saves; another seat's phone confirms it;
* hand 2: the payments form, previewed and saved, then confirmed on the same phone by another seat;
* hand 1 contested from a phone with its reason; the organizer, on a phone too, reads the dispute and
  enters the correct result as a summary (previewed, saved: the dispute is settled);
* the score sheet, the standings and a player's page, as the public reads them.

The summaries are plausible ones the game's ``sample_summary`` draws for the deal (tests/matrix/
summaries.py), the richest for hand 1. Each page is measured as every other page is: nothing outside the
screen, tap targets of 44 px; every select of the summary form must show its longest answer in hu, de, en."""

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
from tournaments.results.models import Dispute, Hand, HandSubmission

pytestmark = pytest.mark.browser


def measured(page: Any, where: str) -> list[str]:
    """What sticks out of a 360 px screen, and the tap targets smaller than 44 px."""
    return layout_problems(page, where, 360) + squeezed(page, where)


SQUEEZED = """() => [...document.querySelectorAll('dd, td, li, p')]
  .filter((e) => e.offsetParent !== null && e.innerText.trim().length > 3)
  .filter((e) => e.clientWidth > 0 && e.clientWidth < 40)
  .map((e) => `${e.tagName.toLowerCase()} "${e.innerText.trim().slice(0, 40)}" is ${e.clientWidth}px wide`)"""


def squeezed(page: Any, where: str) -> list[str]:
    """Text squeezed into a sliver (a word broken a letter a line): nothing sticks out, nobody reads it."""
    return [f"{where}: squeezed: {item}" for item in page.evaluate(SQUEEZED)]


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
    form would not take it (a question not shown when the summary needs it). ``page`` is a page or the
    part of it (a locator) that holds the form."""
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
def test_the_club_days_flows_at_360px_with_the_forms_javascript(
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

        phones = {deal.active[0]: phone, deal.active[1]: other}
        problems += payments_confirmed_here(browser, live_server.url, entry, table, phones, contexts)
        problems += contested(other, table)
        problems += corrected_by_the_organizer(browser, live_server.url, tournament, table, contexts)
        for name, url in (
            ("score sheet", f"/t/matrix-phone/rounds/1/tables/{table.number}/"),
            ("standings", "/t/matrix-phone/standings/"),
            ("player page", f"/t/matrix-phone/players/{table.seats.get(position=deal.active[0]).player_id}/"),
        ):
            response = other.goto(url)
            status = response.status if response else None
            assert status == 200, f"{game_id}: the {name} answers {status}"
            shoot(other, f"matrix-{game_id}-{name.replace(' ', '-')}")
            problems += measured(other, f"{game_id}'s {name}")
    except AssertionError as exc:  # a step the next ones need failed: what was found so far, and it
        problems.append(str(exc))
    finally:
        for context in contexts:
            context.close()
    assert not problems, "\n".join(problems)


def payments_confirmed_here(
    browser: Any, base_url: str, entry: str, table: Any, phones: dict[str, Any], contexts: list[Any]
) -> list[str]:
    """Hand 2: a plausible played hand's payments typed into the payments form, previewed and saved; then
    "Confirm on this phone": another seat taps their name on the entering phone."""
    tournament = table.round.tournament
    deal = services.next_deal(table, 2)
    samples = draw(
        tournament.game, tournament.rules_preset, deal, f"browser-{tournament.game}-2"
    ).representatives()
    sample = next((s for s in samples if not s.thrown_in and any(s.payments.values())), samples[0])
    expected = {p: sample.payments.get(p, 0) for p in [s.position for s in table.seats.all()]}
    enterer = deal.active[0]
    if enterer not in phones:
        context, phones[enterer] = seat_phone(browser, base_url, entry, enterer)
        contexts.append(context)
    page = phones[enterer]
    page.goto(f"{entry}hands/2/payments/")
    for position, value in expected.items():
        field = page.locator(f'[name="pay_{position}"]')
        if field.count() and field.is_enabled():
            field.fill(str(value))
        else:
            assert value == 0, f"{tournament.game}: the payments form does not take {position}'s {value}"
    with page.expect_navigation():
        page.locator("button[name=action][value=preview]").click()
    shown = preview_payments(page.content())
    assert shown == expected, f"{tournament.game}: the payments preview shows {shown}, typed {expected}"
    problems = measured(page, f"{tournament.game}'s payments form with its preview")
    with page.expect_navigation():
        page.locator("button[name=action][value=save]").first.click()
    if page.locator('[name="confirm_unusual"]').count():  # a payment beyond the game's plausible one
        page.locator('[name="confirm_unusual"]').check()
        with page.expect_navigation():
            page.locator("button[name=action][value=save]").first.click()
    entered = HandSubmission.objects.filter(hand__table=table, hand__number=2).first()
    assert entered is not None, (
        f"{tournament.game}: the payments were not saved: {page_errors(page.content())}"
    )
    assert entered.payments == expected, f"{tournament.game}: saved {entered.payments}, not {expected}"
    with page.expect_navigation():
        page.locator("[data-confirm-here-link]").first.click()
    problems += measured(page, f"{tournament.game}'s confirm-on-this-phone page")
    with page.expect_navigation():
        page.locator("button.seat[name=seat]").first.click()
    hand = Hand.objects.get(table=table, number=2)
    assert hand.status == Hand.Status.CONFIRMED, f"{tournament.game}: hand 2 confirmed here is {hand.status}"
    return problems


def contested(page: Any, table: Any) -> list[str]:
    """A seat contests hand 1 with its reason; the table's page says the hand is in dispute and why."""
    game_id = table.round.tournament.game
    page.goto(page.url.split("/hands/")[0] if "/hands/" in page.url else page.url)
    page.locator("details.contest summary").click()
    page.locator("#contest-number").select_option("1")
    page.locator("#contest-reason").fill("Rossz a pontszám.")
    with page.expect_navigation():
        page.locator("details.contest button[type=submit]").click()
    hand = Hand.objects.get(table=table, number=1)
    assert hand.status == Hand.Status.DISPUTED, f"{game_id}: hand 1 contested is {hand.status}"
    card = page.locator(".dispute-card").inner_text()
    assert "Rossz a pontszám." in card, f"{game_id}: the table does not see why: {card}"
    return measured(page, f"{game_id}'s table page, hand 1 in dispute")


def corrected_by_the_organizer(
    browser: Any, base_url: str, tournament: Any, table: Any, contexts: list[Any]
) -> list[str]:
    """The organizer, on a phone, opens the dispute and enters what was really played as a summary: the
    form's questions shown by its JavaScript, previewed, saved with a note; the dispute is settled and the
    hand counts the correction."""
    from django.contrib.auth import get_user_model

    organizer = get_user_model().objects.create_user("matrix-organizer", password="pw-matrix-123")
    tournament.organizers.add(organizer)
    dispute = Dispute.objects.get(hand__table=table, status=Dispute.Status.OPEN)
    first = Hand.objects.get(table=table, number=1).payments
    deal = services.next_deal(table, 1)
    samples = draw(
        tournament.game, tournament.rules_preset, deal, f"browser-{tournament.game}-fix"
    ).representatives()
    correction = next((s for s in samples if not s.thrown_in and s.payments != first), samples[0])
    post, _unasked = summary_post(GAMES[tournament.game], correction.summary)
    context = browser.new_context(base_url=base_url, locale="en", **PHONE_360)
    context.set_default_timeout(10_000)
    contexts.append(context)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.locator("#id_username").fill("matrix-organizer")
    page.locator("#id_password").fill("pw-matrix-123")
    with page.expect_navigation():
        page.locator("form[action$='/accounts/login/'] button[type=submit]").click()
    page.goto(f"/t/{tournament.slug}/manage/disputes/{dispute.pk}/?enter=summary#enter")
    problems = measured(page, f"{tournament.game}'s dispute page")
    form = page.locator("section#enter form")
    for name, value in post.items():
        refused = answer(form, name, value)
        if refused:
            problems.append(f"{tournament.game}'s dispute page: {refused} ({correction.summary})")
    with page.expect_navigation():
        form.locator("button[value=enter-preview]").click()
    shoot(page, f"matrix-{tournament.game}-dispute")
    problems += measured(page, f"{tournament.game}'s dispute page with the correction's preview")
    page.locator("section#enter textarea[name=note]").fill("a papírlap szerint")
    with page.expect_navigation():
        page.locator("[data-enter-save]").click()
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.RESOLVED, (
        f"{tournament.game}: the correction did not settle the dispute: {page_errors(page.content())[:3]}"
    )
    expected = {p: correction.payments.get(p, 0) for p in Hand.objects.get(table=table, number=1).payments}
    counted = Hand.objects.get(table=table, number=1).payments
    assert counted == expected, (
        f"{tournament.game}: hand 1 counts {counted}, the correction scores {expected}"
    )
    return problems
