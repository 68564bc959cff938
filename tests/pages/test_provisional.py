"""Provisional points on every surface (issue 21 §2), through Django's test client: the standings, a
player's page, the projector and the printed standings. The site's tournament has round 2 in play with
nothing entered (a 5-table and a 4-table): nothing of round 2 shows, totals are those after round 1, and a
legend says the round is still being played; hands entered show with the mark; the close removes it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.site_data import finish_round, play_table
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Tournament
from tournaments.standings.models import Standing

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")

MARK = '<span class="prov-mark" aria-hidden="true">°</span>'
LEGEND = "provisional: the round is still being played."


def text(response: Any) -> str:
    assert response.status_code == 200
    return response.content.decode()


def tables(cup: Tournament) -> tuple[Table, Table]:
    """Round 2's 5-table and 4-table."""
    round2 = Round.objects.get(tournament=cup, number=2)
    five, four = sorted(round2.tables.all(), key=lambda t: -t.seats.count())
    return five, four


def names(table: Table) -> list[str]:
    return [seat.player.name for seat in table.seats.select_related("player")]


def standings_cells(page: str, name: str) -> list[tuple[str, str, str]]:
    """(class, data-v, content) of the numeric cells of ``name``'s row on the standings page."""
    row = page.split(f">{name}</a>", 1)[1].split("</tr>", 1)[0]
    return re.findall(r'<td class="([^"]+)" data-v="([^"]*)">(.*?)</td>', row)


def r2(page: str, name: str) -> tuple[str, str, str]:
    return standings_cells(page, name)[-3]  # ..., R1, R2, hands, in dispute


@pytest.fixture
def some_hands(cup: Tournament, organizer_user: Any, django_capture_on_commit_callbacks: Any) -> Table:
    """Two hands entered at round 2's 4-table; the 5-table still has none."""
    _five, four = tables(cup)
    with django_capture_on_commit_callbacks(execute=True):
        play_table(four, organizer_user, hands=2)
    return four


@pytest.fixture
def closed(cup: Tournament, organizer_user: Any, django_capture_on_commit_callbacks: Any) -> Tournament:
    with django_capture_on_commit_callbacks(execute=True):
        finish_round(Round.objects.get(tournament=cup, number=2), organizer_user)
    return cup


# --- the standings page --------------------------------------------------------------------------------


def test_standings_of_a_round_just_started_show_nothing_of_it(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/standings/"))
    after1 = text(client.get("/t/cup/standings/?after=1"))
    five, four = tables(cup)
    for name in names(five) + names(four):
        assert r2(page, name) == ("num", "-1000000000.0", "–")  # no 7 or 6.4 for a table not played
        assert standings_cells(page, name)[0] == standings_cells(after1, name)[0]  # the same total
    assert "num prov" not in page
    assert LEGEND in page  # the standings as a whole are still provisional


def test_standings_mark_the_hands_so_far_of_a_round_in_play(
    cup: Tournament, client: Any, some_hands: Table
) -> None:
    page = text(client.get("/t/cup/standings/"))
    five, four = tables(cup)
    for name in names(four):
        total, table_points, *_rest = standings_cells(page, name)
        for css, _value, shown in (r2(page, name), total, table_points):  # they count round 2 so far
            assert css == "num prov"
            assert shown.endswith(MARK)
    for name in names(five):
        assert r2(page, name)[2] == "–"
        assert standings_cells(page, name)[0][0] == "num"  # the total counts nothing of round 2
    # the 4-table's round 2 (its column and the phone's line under the name), total, table points; the legend
    assert page.count(MARK) == 4 * 4 + 1
    assert f'<p class="small legend-provisional">{MARK} {LEGEND}' in page
    assert 'title="Round 2, provisional"' in page
    assert 'title="Round 1"' in page


def test_standings_after_the_close_are_final(closed: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/standings/"))
    assert "After round 2." in page
    assert MARK not in page
    assert "num prov" not in page
    assert LEGEND not in page
    five, four = tables(closed)
    assert all(r2(page, name)[0] == "num" and r2(page, name)[2] != "–" for name in names(five) + names(four))


def test_the_legend_speaks_the_readers_language(cup: Tournament, client: Any, some_hands: Table) -> None:
    hungarian = text(client.get("/t/cup/standings/", HTTP_ACCEPT_LANGUAGE="hu"))
    german = text(client.get("/t/cup/standings/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "ideiglenes" in hungarian
    assert LEGEND not in hungarian
    assert "vorläufig" in german
    assert LEGEND not in german


# --- a player's page -----------------------------------------------------------------------------------


def player_page(client: Any, cup: Tournament, name: str) -> str:
    player_id = cup.registrations.get(player__name=name).player_id
    return text(client.get(f"/t/cup/players/{player_id}/"))


def round_row(page: str, number: int) -> str:
    body = page.split('<table class="data player-rounds" role="table">', 1)[1].split("</tbody>", 1)[0]
    return body.split(f'<span class="card-only">Round </span>{number}', 1)[1].split("</tr>", 1)[0]


def test_a_players_page_marks_the_round_in_play(cup: Tournament, client: Any, some_hands: Table) -> None:
    five, four = tables(cup)
    playing = player_page(client, cup, names(four)[0])
    row = round_row(playing, 2)
    cells = re.findall(r'<td role="cell" class="num( prov)?"[^>]*>(.*?)</td>', row)
    table_points, place, rank = cells[-3:]
    assert table_points[0] == place[0] == rank[0] == " prov"
    assert all(cell[1].endswith(MARK) for cell in (table_points, place, rank))
    assert MARK not in round_row(playing, 1)
    assert LEGEND in playing
    assert "During round 2: rank" in playing
    assert "provisional." in playing
    facts = playing.split('<dl class="card stat-facts">', 1)[1].split("</dl>", 1)[0]
    assert facts.count(MARK) == 3  # rank, total and table points

    waiting_page = player_page(client, cup, names(five)[0])
    facts = waiting_page.split('<dl class="card stat-facts">', 1)[1].split("</dl>", 1)[0]
    assert facts.count(MARK) == 1  # the rank may change; the totals count nothing of round 2
    waiting = round_row(waiting_page, 2)
    cells = re.findall(r'<td role="cell" class="num( prov)?"[^>]*>(.*?)</td>', waiting)
    table_points, place, rank = cells[-3:]
    assert table_points == place == ("", "–")  # nothing counts at the 5-table: no points, no place
    assert rank[0] == " prov"  # but the rank during the round is provisional


def test_a_players_page_after_the_close_is_final(closed: Tournament, client: Any) -> None:
    _five, four = tables(closed)
    page = player_page(client, closed, names(four)[0])
    assert MARK not in page
    assert LEGEND not in page
    assert "After round 2: rank" in page


# --- the projector and the print -------------------------------------------------------------------------


def test_projector_marks_the_round_in_play_and_says_during(
    cup: Tournament, client: Any, some_hands: Table
) -> None:
    page = text(client.get("/t/cup/projector/live/"))
    assert "during round 2" in page
    assert f'<p class="pj-legend">{MARK} {LEGEND}' in page
    assert page.count('class="num pj-r prov"') == 4  # the 4-table's players
    assert page.count('class="num pj-total prov"') == 4
    five, _four = tables(cup)
    for name in names(five):
        row = page.split(f'<th scope="row">{name}</th>', 1)[1].split("</tr>", 1)[0]
        assert re.findall(r'<td class="num pj-r[^"]*">(.*?)</td>', row)[-1] == "–"


def test_projector_after_the_close_is_final(closed: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/projector/live/"))
    assert "after round 2" in page
    assert MARK not in page
    assert "pj-legend" not in page


def test_printed_standings_mark_the_round_in_play(cup: Tournament, client: Any, some_hands: Table) -> None:
    page = text(client.get("/t/cup/print/standings/"))
    assert "during round 2" in page
    assert "after round 2" not in page
    assert page.count('class="num round prov"') == 4
    assert page.count('class="num strong prov"') == 4  # their totals
    foot = page.split('<p class="doc-foot">', 1)[1].split("</p>", 1)[0]
    assert f"{MARK} {LEGEND}" in foot
    five, _four = tables(cup)
    totals = dict(Standing.objects.filter(tournament=cup, after_round=1).values_list("player__name", "total"))
    for name in names(five):  # nothing counted at the 5-table: round 2 is "–", the total is round 1's
        row = re.split(rf'<th scope="row"[^>]*class="name">{re.escape(name)}</th>', page, maxsplit=1)[1]
        row = row.split("</tr>", 1)[0]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
        assert cells[-2] == "–"
        assert float(cells[1]) == float(totals[name])


def test_printed_standings_after_the_close_are_final(closed: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/print/standings/"))
    assert "after round 2" in page
    assert MARK not in page
    assert LEGEND not in page
    assert "Provisional" not in page
