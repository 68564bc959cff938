"""A table of another game enters its hands on the phone in the game's own words (issue 23 §2): the form
is the game's (its descriptor's ``summary_form``), the preview shows the engine's scored items, a save
stores the summary, and the engine's errors stand beside the field they name."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import selectors, services
from tournaments.core.formats import game_of, rules_of
from tournaments.draw.models import Round, Table
from tournaments.results.models import HandSubmission

pytestmark = pytest.mark.django_db


def table_of(game: str, preset: str, players: int, **fields: Any) -> Table:
    tournament = TournamentFactory(game=game, rules_preset=preset, **fields)
    table = seated_table(tournament, PlayerFactory.create_batch(players))
    services.table_codes_issue(table.round)
    return table


def phone_at(table: Table, position: str) -> Client:
    phone = Client()
    code = selectors.active_table_code(table)
    url = reverse("tournaments:entry-seat", kwargs={"slug": table.round.tournament.slug, "code": code})
    assert phone.post(url, {"position": position}).status_code == 302
    return phone


def hand_url(table: Table, number: int, source: str) -> str:
    code = selectors.active_table_code(table)
    kwargs = {"slug": table.round.tournament.slug, "code": code, "number": number, "source": source}
    return reverse("tournaments:entry-hand", kwargs=kwargs)


def test_a_cego_table_enters_a_contract_in_its_own_words_previews_and_saves_it() -> None:
    table = table_of("cego", "ichenheim", 3)
    phone = phone_at(table, "A")
    page = phone.get(hand_url(table, 1, "summary"))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Declarer&#x27;s card points" in html or "Declarer's card points" in html
    assert 'data-when-field="contract"' in html  # asked only for the contracts it belongs to
    deal = services.next_deal(table, 1)
    declarer = deal.active[0]
    form = {
        "kind": "played",
        "contract": "solo",
        "declarer": declarer,
        "card_points": "47",
        "action": "preview",
    }
    too_many = phone.post(hand_url(table, 1, "summary"), {**form, "card_points": "71"})
    assert too_many.status_code == 400  # the form's own bound (0..70)
    assert 'id="id_card_points-error"' in too_many.content.decode()
    preview = phone.post(hand_url(table, 1, "summary"), form)
    html = preview.content.decode()
    assert preview.status_code == 200, html
    assert 'value="save"' in html
    payments, _kind, items = services.hand_preview(
        table, 1, "summary", {"kind": "played", "contract": "solo", "declarer": declarer, "card_points": 47}
    )
    assert f"+{payments[declarer]}" in html
    assert items
    assert not HandSubmission.objects.filter(hand__table=table).exists()
    saved = phone.post(hand_url(table, 1, "summary"), {**form, "action": "save", "idem": "c1"})
    assert saved.status_code == 302
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.source == "summary"
    assert stored.payload["contract"] == "solo"
    assert stored.payments == payments
    assert sum(stored.payments.values()) == 0


def test_an_engine_error_stands_beside_the_field_it_names() -> None:
    table = table_of("cego", "ichenheim", 3)
    phone = phone_at(table, "B")
    deal = services.next_deal(table, 1)
    form = {"kind": "played", "contract": "solo", "declarer": deal.active[0], "action": "preview"}
    missing = phone.post(hand_url(table, 1, "summary"), form)  # no card points and no "every trick"
    html = missing.content.decode()
    assert missing.status_code == 400
    assert re.search(r'class="field-error" id="id_card_points-error"', html) or "error-summary" in html
    assert not HandSubmission.objects.filter(hand__table=table).exists()


def test_the_dealer_of_a_four_seat_cego_table_shares_the_defenders_score_on_the_payments_form() -> None:
    table = table_of("cego", "ichenheim", 4)
    deal = services.next_deal(table, 1)
    assert deal.sitting_out == (deal.dealer,)
    phone = phone_at(table, deal.active[0])
    declarer, defenders = deal.active[0], deal.active[1:]
    payments = {declarer: 6, **dict.fromkeys(defenders, -2), deal.dealer: -2}
    form = {f"pay_{p}": str(v) for p, v in payments.items()}
    saved = phone.post(
        hand_url(table, 1, "payments"), {"kind": "played", "action": "save", "idem": "p1", **form}
    )
    assert saved.status_code == 302, saved.content.decode()[:2000]
    assert HandSubmission.objects.get(hand__table=table).payments == payments


def test_a_hungarian_five_table_still_refuses_points_for_the_sitting_out_dealer() -> None:
    table = table_of("hungarian", "tournament", 5)
    deal = services.next_deal(table, 1)
    phone = phone_at(table, deal.active[0])
    payments = {deal.active[0]: 3, deal.active[1]: -1, deal.active[2]: -1, deal.active[3]: 0, deal.dealer: -1}
    form = {f"pay_{p}": str(v) for p, v in payments.items()}
    refused = phone.post(
        hand_url(table, 1, "payments"), {"kind": "played", "action": "save", "idem": "h1", **form}
    )
    assert refused.status_code == 400
    assert not HandSubmission.objects.filter(hand__table=table).exists()


def test_the_glossary_and_the_format_page_speak_the_games_words() -> None:
    table = table_of(
        "slovenian", "bled", 3, table_sizes=[3], table_points_3=[2, 1, 0.5], scoring="table_points"
    )
    tournament = table.round.tournament
    page = Client().get(reverse("tournaments:detail", kwargs={"slug": tournament.slug}))
    html = page.content.decode()
    assert "Slovenian" in html
    assert "2 · 1 · 0.50 at a 3-player table" in html
    glossary = Client().get(reverse("tournaments:glossary") + f"?t={tournament.slug}").content.decode()
    assert "Klop" in glossary
    Round.objects.filter(pk=table.round.pk)  # the table page of the round reads its sheet in that game too


def test_a_palatine_table_enters_the_first_five_on_the_phone() -> None:
    """The Hungarian family (hungarian-tarokk-family.txt, Palatine): its own bonuses are asked on the
    Hungarian form, announced (with kontra) and made, and scored by the preset."""
    from tests.pages.test_entry import summary_form

    table = table_of("hungarian", "palatine", 4)
    phone = phone_at(table, "A")
    page = phone.get(hand_url(table, 1, "summary")).content.decode()
    assert "Bonuses of the game" in page
    assert 'name="made_first_five"' in page
    form = summary_form(table, 1, ann_first_five_team="declarer", made_first_five="declarer")
    preview = phone.post(hand_url(table, 1, "summary"), form)
    html = preview.content.decode()
    assert preview.status_code == 200, re.findall(r'class="field-error"[^>]*>([^<]+)', html)
    saved = phone.post(hand_url(table, 1, "summary"), {**form, "action": "save", "idem": "p5"})
    assert saved.status_code == 302
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.payload["result"]["bonuses"] == {"first_five": "declarer"}
    assert {"team": "declarer", "bonus": "first_five", "kontra": 0} in stored.payload["announcements"]
    tournament = table.round.tournament
    items = selectors.scored_items(game_of(tournament), "summary", stored.payload, rules_of(tournament))
    first_five = next(item for item in items if item["name"] == "first_five")
    assert (first_five["team"], first_five["won"], first_five["value"]) == ("declarer", True, 10)  # announced


def test_score_sheets_are_printed_for_the_tables_a_cego_tournament_has() -> None:
    """Printables for 3- and 4-seat tables (issue 23 §2): the 4-table's dealer shares the defenders' score."""
    table = table_of("cego", "ichenheim", 3, table_sizes=[3, 4])
    slug = table.round.tournament.slug
    three = Client().get(f"/t/{slug}/print/sheet-3/").content.decode()
    assert "Score sheet · table of 3" in three
    assert "wins or loses what each defender does" not in three
    four = Client().get(f"/t/{slug}/print/sheet-4/").content.decode()
    assert "wins or loses what each defender does" in four
    assert f"/t/{slug}/print/sheet-3/" in four  # the other size's sheet is a link away
    assert Client().get(f"/t/{slug}/print/sheet-5/").status_code == 404  # no table of 5 at Ichenheim


def test_the_dealer_of_a_five_seat_koenigrufen_table_plays_a_fahren_entered_on_the_phone() -> None:
    """18.11: at five the dealer sits out, except in a Fahren (Trischaken), which all five play."""
    table = table_of("koenigrufen", "wiener_tarockcup", 5)
    deal = services.next_deal(table, 1)
    dealer = deal.dealer
    assert deal.sitting_out == (dealer,)
    phone = phone_at(table, deal.active[0])
    page = phone.get(hand_url(table, 1, "summary")).content.decode()
    assert f'name="card_points__{dealer}"' in page  # the dealer's card points are asked too
    points = dict(zip([*deal.active, dealer], (38, 20, 10, 2, 0), strict=True))  # 70 in all
    form = {"kind": "trischaken", "action": "save", "idem": "t1"}
    form |= {f"card_points__{seat}": str(p) for seat, p in points.items()}
    form["jungfrau"] = [dealer]
    saved = phone.post(hand_url(table, 1, "summary"), form)
    assert saved.status_code == 302, re.findall(r'class="field-error"[^>]*>([^<]+)', saved.content.decode())
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.kind == "trischaken"
    assert stored.payload["seats"] == [*deal.active, dealer]
    assert stored.payments[dealer] > 0  # the Jungfrau is paid
    assert services.next_deal(table, 2).stake == 2  # the hands after a Fahren are at double stakes
