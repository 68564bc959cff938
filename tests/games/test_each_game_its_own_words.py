"""Issue 31 §1: a table of every game meets its own game's engine and words on every page, never Hungarian
Tarokk's by default. Each test is one defect a club met, driven as its phones and organizer do."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.games.test_entry_pages import hand_url, phone_at, table_of
from tournaments import selectors, services
from tournaments.draw.models import Table
from tournaments.results.models import Hand, HandSubmission
from tournaments.standings.models import TableResult
from tournaments.standings.services import standings_recompute

pytestmark = pytest.mark.django_db


def table_url(table: Table, name: str = "entry-table", **more: Any) -> str:
    code = selectors.active_table_code(table)
    return reverse(f"tournaments:{name}", kwargs={"slug": table.round.tournament.slug, "code": code, **more})


def saved_by(table: Table, position: str, number: int, data: dict[str, Any]) -> HandSubmission:
    seat = table.seats.get(position=position)
    return services.hand_submit(
        table=table, number=number, source="summary", data=data, submitted_by=seat.player
    )


def test_a_koenigrufen_table_sees_the_waiting_hand_scored_by_koenigrufen_and_confirms_it() -> None:
    table = table_of("koenigrufen", "wiener_tarockcup", 4)
    deal = services.next_deal(table, 1)
    first = deal.active[0]
    summary = {
        "kind": "played",
        "contract": "rufer",
        "declarer": first,
        "partner": deal.active[2],
        "won": True,
    }
    entry = saved_by(table, first, 1, summary)
    other = deal.active[1]
    for position in "ABCD":
        page = phone_at(table, position).get(table_url(table))
        assert page.status_code == 200, position  # was 500: 'Rules' object has no attribute 'ultimo_pot'
        assert "Rufer" in page.content.decode()  # the scored item, in the game's word
    confirmed = phone_at(table, other).post(
        table_url(table, "entry-confirm", number=1), {"submission": entry.pk}
    )
    assert confirmed.status_code == 302
    assert Hand.objects.get(table=table, number=1).status == Hand.Status.CONFIRMED


def test_confirm_on_this_phone_shows_what_a_cego_hand_scored() -> None:
    table = table_of("cego", "ichenheim", 3)
    deal = services.next_deal(table, 1)
    saved_by(
        table,
        deal.active[0],
        1,
        {"kind": "played", "contract": "solo", "declarer": deal.active[0], "card_points": 47},
    )
    page = phone_at(table, deal.active[0]).get(table_url(table, "entry-confirm-here", number=1))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'class="items' in html or "scored" in html
    assert "Solo" in html


@pytest.mark.parametrize("preset", ["taylor_king", "taylor_xix", "west_xix"])
def test_a_texas_summary_saves_from_the_phone_without_a_contra_the_preset_does_not_have(preset: str) -> None:
    table = table_of("texas", preset, 4)
    deal = services.next_deal(table, 1)
    phone = phone_at(table, deal.active[0])
    form = {
        "kind": "played",
        "contract": "prever",
        "declarer": deal.active[0],
        "talon": "first",
        "card_points": "60",
        "kontra__game": "0",
        "action": "save",
        "idem": f"tx-{preset}",
    }
    page = phone.get(hand_url(table, 1, "summary")).content.decode()
    assert ("kontra__valat" in page) == (preset != "taylor_king")  # only where the preset has the Contra
    assert ("kontra__king" in page) == (preset == "taylor_king")
    assert ('name="no_trick_bid"' in page) == (preset == "taylor_king")
    saved = phone.post(hand_url(table, 1, "summary"), form)
    assert saved.status_code == 302, re.findall(r'class="field-error"[^>]*>([^<]+)', saved.content.decode())
    stored = HandSubmission.objects.get(hand__table=table)
    assert "kontra" not in stored.payload  # no Contra said: none sent
    assert ("no_trick_bid" in stored.payload) == (preset == "taylor_king")  # asked only where No Trick is


def test_a_slovenian_score_sheet_says_solo_brez_not_hungarians_solo() -> None:
    table = table_of("slovenian", "classic", 3)
    deal = services.next_deal(table, 1)
    entry = saved_by(
        table, deal.active[0], 1, {"contract": "solo", "declarer": deal.active[0], "card_points": 40}
    )
    waiting = phone_at(table, deal.active[0]).get(table_url(table, "entry-confirm-here", number=1))
    assert "Solo brez" in waiting.content.decode()  # what the confirming seat checks
    services.hand_confirm(entry, table.seats.get(position=deal.active[1]).player)
    tournament = table.round.tournament
    statistics = Client().get(f"/t/{tournament.slug}/statistics/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Solo brez" in statistics.content.decode()
    assert ">solo<" not in statistics.content.decode()


def test_a_koenigrufen_refusal_names_the_first_player_and_their_seat() -> None:
    table = table_of("koenigrufen", "wiener_tarockcup", 4)
    deal = services.next_deal(table, 1)
    first, other = deal.active[0], deal.active[1]
    name = table.seats.get(position=first).player.name
    phone = phone_at(table, other)
    answer = phone.post(
        hand_url(table, 1, "summary"),
        {"kind": "played", "contract": "rufer", "declarer": other, "won": "on", "action": "preview"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = answer.content.decode()
    assert answer.status_code == 400
    assert f"only the first player ({first}, {name}) may play Rufer" in html.replace("&#x27;", "'")


def test_a_trischaken_at_five_says_the_dealer_plays_it_and_counts_it_as_played() -> None:
    table = table_of("koenigrufen", "wiener_tarockcup", 5)
    deal = services.next_deal(table, 1)
    dealer = deal.sitting_out[0]
    page = phone_at(table, deal.active[0]).get(hand_url(table, 1, "summary"), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert f"The dealer ({dealer}" in html
    assert "plays a hand of Trischaken too" in html
    seats = [*deal.active, dealer]
    points = dict(zip(seats, [10, 12, 14, 16, 18], strict=True))
    entry = saved_by(table, deal.active[0], 1, {"kind": "trischaken", "card_points": points})
    services.hand_confirm(entry, table.seats.get(position=deal.active[1]).player)
    standings_recompute(table.round.tournament)
    dealer_id = table.seats.get(position=dealer).player_id
    assert TableResult.objects.get(table=table, player_id=dealer_id).hands_played == 1  # played it


@pytest.mark.parametrize("language", ["hu", "de"])
def test_the_rank_chart_writes_its_coordinates_with_a_point(language: str) -> None:
    tournament = TournamentFactory(game="cego", rules_preset="ichenheim")
    table = seated_table(tournament, PlayerFactory.create_batch(3))
    deal = services.next_deal(table, 1)
    entry = saved_by(
        table,
        deal.active[0],
        1,
        {"kind": "played", "contract": "solo", "declarer": deal.active[0], "card_points": 47},
    )
    services.hand_confirm(entry, table.seats.get(position=deal.active[1]).player)
    standings_recompute(tournament)
    player = table.seats.get(position="A").player
    page = Client().get(f"/t/{tournament.slug}/players/{player.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    svg = page.content.decode().split('<svg viewBox="0 0', 1)[1].split("</svg>", 1)[0]
    coordinates = re.findall(r' (?:cx|cy|x|y|x1|x2|y1|y2)="([^"]+)"', svg)
    assert coordinates
    assert all(re.fullmatch(r"-?\d+(\.\d+)?", c) for c in coordinates), coordinates  # was cx="34,0"
    for line in re.findall(r'points="([^"]+)"', svg):
        assert all(re.fullmatch(r"\d+\.\d,\d+\.\d", pair) for pair in line.split()), line
