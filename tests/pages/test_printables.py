"""Printables (issue 14 §5): table cards, blank score sheets, standings, as HTML and PDF."""

from __future__ import annotations

import builtins
import contextlib
import re
import zlib
from typing import Any

import pytest
import segno
from django.contrib.auth import get_user_model

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.site_data import finish_round, start_round
from tournaments import selectors
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.pages.common import qr_svg

pytestmark = pytest.mark.django_db

# every test of the database starts from the site's cup: it is built once for the module
# (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF: its ``/Type /Page`` objects, also those inside compressed object streams."""
    text = pdf
    for match in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        with contextlib.suppress(zlib.error):
            text += zlib.decompress(match.group(1))
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", text))


def in_play(cup: Tournament) -> Round:
    return cup.rounds.get(number=2)


def close_round_2(cup: Tournament, organizer: Any) -> None:
    finish_round(in_play(cup), organizer)


# --- table cards ---------------------------------------------------------------------------------------


def test_cards_send_anonymous_to_login(client: Any, cup: Tournament) -> None:
    url = "/t/cup/manage/rounds/2/cards/"
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={url}"
    assert client.get("/t/cup/manage/rounds/2/cards.pdf").status_code == 302


def test_cards_forbidden_to_other_users(client: Any, cup: Tournament) -> None:
    client.force_login(get_user_model().objects.create_user("someone", password="pw-someone-1"))
    assert client.get("/t/cup/manage/rounds/2/cards/").status_code == 403
    assert client.get("/t/cup/manage/rounds/2/cards.pdf").status_code == 403


def test_cards_unknown_round_is_404(client: Any, cup: Tournament, organizer_user: Any) -> None:
    client.force_login(organizer_user)
    assert client.get("/t/cup/manage/rounds/9/cards/").status_code == 404
    assert client.get("/t/nope/manage/rounds/1/cards/").status_code == 404


def test_cards_show_every_table(client: Any, cup: Tournament, organizer_user: Any) -> None:
    client.force_login(organizer_user)
    response = client.get("/t/cup/manage/rounds/2/cards/")
    assert response.status_code == 200
    html = response.content.decode()
    tables = list(selectors.tables_with_play(in_play(cup), with_codes=True))
    assert len(tables) == 2
    for table in tables:
        code = selectors.active_table_code(table)
        assert code
        url = f"http://testserver/t/cup/enter/{code}/"
        assert f'<p class="code" translate="no">{code}</p>' in html
        assert qr_svg(url) in html  # the QR encodes exactly the entry URL
        assert f'aria-label="{url}"' in html
        for seat in table.seats.all():
            assert seat.player.name in html
            assert seat.player.club.name in html
        dealer = next(s for s in table.seats.all() if s.position == table.first_dealer)
        assert f"{table.first_dealer} – {dealer.player.name}" in html
        assert f'<span class="card-table-number">{table.number}</span>' in html
    assert html.count('<article class="card"') == 2


def test_cards_carry_the_public_base_url(
    client: Any, cup: Tournament, organizer_user: Any, settings: Any
) -> None:
    """``quickstart --lan`` sets PUBLIC_BASE_URL: the organizer opens the cards on the laptop (127.0.0.1)
    and the QR codes still open the entry page on the LAN address the phones reach."""
    settings.PUBLIC_BASE_URL = "http://192.168.1.20:8001"
    client.force_login(organizer_user)
    html = client.get("/t/cup/manage/rounds/2/cards/", HTTP_HOST="127.0.0.1:8001").content.decode()
    for table in selectors.tables_with_play(in_play(cup), with_codes=True):
        url = f"http://192.168.1.20:8001/t/cup/enter/{selectors.active_table_code(table)}/"
        assert qr_svg(url) in html
    assert "127.0.0.1" not in html


def test_qr_svg_is_segnos_code_of_the_url() -> None:
    url = "http://venue.example:8000/t/cup/enter/ABC234/"
    svg = qr_svg(url)
    expected = segno.make(url, error="m").svg_inline(
        scale=1, border=2, omitsize=True, svgclass="qr", lineclass="qr-dark", title=url
    )
    assert svg.startswith('<svg role="img" aria-label="http://venue.example:8000/t/cup/enter/ABC234/" ')
    assert svg.replace(f' role="img" aria-label="{url}"', "", 1) == expected
    assert segno.make(url, error="m").version <= 4  # small enough to scan from a table card


def test_cards_of_a_draft_round_say_there_are_no_codes(
    client: Any, cup: Tournament, organizer_user: Any
) -> None:
    from tournaments import services

    close_round_2(cup, organizer_user)
    services.round_generate(cup, seed="draft-3", by=organizer_user)
    client.force_login(organizer_user)
    html = client.get("/t/cup/manage/rounds/3/cards/").content.decode()
    assert "is not published yet" in html
    assert '<article class="card"' not in html


def test_cards_pdf(client: Any, cup: Tournament, organizer_user: Any) -> None:
    client.force_login(organizer_user)
    response = client.get("/t/cup/manage/rounds/2/cards.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="cup-round-2-cards.pdf"'
    assert response.content.startswith(b"%PDF")
    assert pdf_pages(response.content) == 1  # two cards on one A4 page
    one_each = client.get("/t/cup/manage/rounds/2/cards.pdf?per_page=1")
    assert pdf_pages(one_each.content) == 2  # one A5 page per table


def test_pdf_without_weasyprint_is_503(
    client: Any, cup: Tournament, organizer_user: Any, monkeypatch: Any
) -> None:
    real_import = builtins.__import__

    def no_weasyprint(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("weasyprint"):
            raise OSError("cannot load library 'libpango-1.0-0'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_weasyprint)
    client.force_login(organizer_user)
    for url in ("/t/cup/manage/rounds/2/cards.pdf", "/t/cup/print/sheet-4.pdf", "/t/cup/print/standings.pdf"):
        response = client.get(url)
        assert response.status_code == 503, url
        assert "print it from the browser" in response.content.decode()
    assert client.get("/t/cup/manage/rounds/2/cards/").status_code == 200  # the HTML still works


# --- score sheets --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "deals"), [(4, 4), (5, 5)])
def test_blank_sheet(client: Any, cup: Tournament, size: int, deals: int) -> None:
    response = client.get(f"/t/cup/print/sheet-{size}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert cup.name in html
    assert html.count('<tr class="deal">') == deals == cup.deals_per_round(size)
    assert html.count('class="c-seat"') == size
    assert html.count('<th scope="col" class="c-pay">') == size
    assert f"{deals} deals per round at a table of {size}" in html
    assert ("The dealer sits out the deal" in html) is (size == 5)
    assert "Confirmed (initials)" in html


def test_blank_sheet_follows_the_tournament_format(client: Any, cup: Tournament) -> None:
    Tournament.objects.filter(pk=cup.pk).update(deals_per_round_5=20, version=cup.version + 1)
    html = client.get("/t/cup/print/sheet-5/").content.decode()
    assert html.count('<tr class="deal">') == 20
    response = client.get("/t/cup/print/sheet-5.pdf")
    assert response.content.startswith(b"%PDF")
    assert response["Content-Disposition"] == 'inline; filename="cup-score-sheet-5.pdf"'
    assert pdf_pages(response.content) == 1  # 20 deals fit on one A4 landscape page
    again = client.get("/t/cup/print/sheet-5.pdf")  # from the page cache, still named
    assert again.content == response.content
    assert again["Content-Disposition"] == response["Content-Disposition"]


def test_only_tables_of_4_and_5(client: Any, cup: Tournament) -> None:
    assert client.get("/t/cup/print/sheet-3/").status_code == 404
    assert client.get("/t/cup/print/sheet-6.pdf").status_code == 404


def test_round_sheets_have_the_names(client: Any, cup: Tournament) -> None:
    html = client.get("/t/cup/print/rounds/2/sheets/").content.decode()
    for table in Table.objects.filter(round__tournament=cup, round__number=2):
        for seat in table.seats.all():
            assert seat.player.name in html
    assert html.count('<section class="sheet"') == 2
    pdf = client.get("/t/cup/print/rounds/2/sheets.pdf").content
    assert pdf_pages(pdf) == 2


def test_sheets_of_private_tournaments_are_hidden(client: Any, cup: Tournament, organizer_user: Any) -> None:
    Tournament.objects.filter(pk=cup.pk).update(is_public=False)
    assert client.get("/t/cup/print/sheet-4/").status_code == 404
    assert client.get("/t/cup/print/standings/").status_code == 404
    client.force_login(organizer_user)
    assert client.get("/t/cup/print/sheet-4/").status_code == 200


# --- standings -----------------------------------------------------------------------------------------


def test_standings_print(client: Any, cup: Tournament) -> None:
    response = client.get("/t/cup/print/standings/?after=1")
    assert response.status_code == 200
    html = response.content.decode()
    rows = list(selectors.standings_table(cup, 1).rows)
    assert len(rows) == 9
    for row in rows:
        assert row.player.name in html
    assert html.count('<th scope="row" role="rowheader" class="name">') == 9
    assert "after round 1" in html
    assert "As of" in html
    assert response["ETag"]  # cached like the other public pages


def test_standings_print_current_is_live(client: Any, cup: Tournament) -> None:
    html = client.get("/t/cup/print/standings/").content.decode()
    assert "during round 2" in html
    assert "after round 2" not in html  # round 2 is in play: nothing is "after" it yet
    assert "still being played" in html
    assert client.get("/t/cup/print/standings/?after=x").status_code == 200


def test_standings_pdf(client: Any, cup: Tournament) -> None:
    response = client.get("/t/cup/print/standings.pdf?after=1")
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF")
    assert response["Content-Disposition"] == 'inline; filename="cup-standings-after-round-1.pdf"'
    assert pdf_pages(response.content) == 1


def test_new_round_gets_new_cards(client: Any, cup: Tournament, organizer_user: Any) -> None:
    close_round_2(cup, organizer_user)
    round3 = start_round(cup, organizer_user, "site-3")
    client.force_login(organizer_user)
    html = client.get("/t/cup/manage/rounds/3/cards/").content.decode()
    for table in selectors.tables_with_play(round3, with_codes=True):
        assert selectors.active_table_code(table) in html
