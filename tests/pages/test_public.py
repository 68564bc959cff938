"""The public pages through Django's test client: what each shows, the 404s, the page cache never serving
a stale page, the "find my table" filter without JavaScript, standings after a round and sorted, and
query counts that do not grow with the number of players."""

from __future__ import annotations

import re
import time
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.site_data import play_table
from tournaments.draw.models import Round
from tournaments.organizing.models import Club, Tournament
from tournaments.pages.public import points
from tournaments.participants.models import Player, Registration
from tournaments.standings.models import Standing

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")


def text(response: Any) -> str:
    return response.content.decode()


def player_id(cup: Tournament, name: str) -> int:
    return cup.registrations.get(player__name=name).player_id


def table_of(cup: Tournament, number: int, table: int) -> Any:
    return Round.objects.get(tournament=cup, number=number).tables.get(number=table)


def row_names(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return re.findall(r'<th scope="row"><a [^>]*href="[^"]+">([^<]+)</a>', body)


# --- the pages show what they should ----------------------------------------------------------------


def test_list_links_the_public_tournaments(cup: Tournament, client: Any) -> None:
    Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Hidden",
        slug="hidden",
        starts_on=cup.starts_on,
        is_public=False,
    )
    page = text(client.get("/"))
    assert "Őszi Kupa 2026" in page
    assert "/t/cup/" in page
    assert "Hidden" not in page


def test_home_shows_status_format_current_round_and_links(cup: Tournament, client: Any) -> None:
    response = client.get("/t/cup/")
    page = text(response)
    assert response.status_code == 200
    assert response["ETag"]
    assert "Running" in page
    assert "3 rounds" in page
    assert "80 minutes each" in page
    assert "4 at a 4-player table, 5 at a 5-player table" in page
    assert "10 · 8 · 6 · 4 at a 4-player table" in page
    assert "Total, then Table-rank points, then Table wins" in page
    assert "Hungarian tournament rules (2018)" in page
    assert "Round 2" in page
    assert "In play" in page
    ends = Round.objects.get(tournament=cup, number=2).ends_at
    assert f'data-ends="{ends.isoformat()}"' in page or "data-ends=" in page
    for link in (
        "/t/cup/rounds/2/",
        "/t/cup/standings/",
        "/t/cup/rounds/2/draw/",
        "/t/cup/projector/",
        "/t/cup/enter/",
    ):
        assert f'href="{link}' in page, link
    assert 'aria-current="page">Őszi Kupa 2026' in page  # the nav marks home


def test_pairings_show_tables_seats_clubs_and_first_dealer(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/pairings/"))
    assert "Pairings of round 2" in page
    assert page.count("data-table") == 2
    table = table_of(cup, 2, 1)
    dealer = table.seats.get(position=table.first_dealer).player
    block = page.split('id="table-1"', 1)[1].split("</section>", 1)[0]
    for seat in table.seats.select_related("player__club"):
        assert seat.player.name in block
        assert seat.player.club.name in block
    dealer_badge = r'</a>\s*<span class="sub"><span class="badge dealer">deals first'
    assert re.search(re.escape(dealer.name) + dealer_badge, block)
    assert text(client.get("/t/cup/rounds/1/")).count("data-table") == 2
    assert "Pairings of round 1" in text(client.get("/t/cup/rounds/1/"))


def test_find_my_table_without_javascript_is_accent_insensitive(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/pairings/?q=kovacs"))
    anna_table = table_of(cup, 2, 1).seats.filter(player__name="Kovács Anna").exists()
    shown, hidden = ("table-1", "table-2") if anna_table else ("table-2", "table-1")
    assert re.search(rf'id="{shown}" aria-labelledby="{shown}-h" data-table>', page)
    assert re.search(rf'id="{hidden}" aria-labelledby="{hidden}-h" hidden data-table>', page)
    assert re.search(r'<tr data-name="Kovács Anna" class="highlight">', page)
    assert "1 table with a match." in page
    assert 'value="kovacs"' in page
    assert "No player matches." in text(client.get("/t/cup/pairings/?q=zzz"))


@pytest.mark.parametrize("typed", ["Anna Kovács", "anna kov", "kovacs", "  ANNA   kovÁcs "])
def test_find_my_table_matches_the_given_name_first_and_parts_of_names(
    cup: Tournament, client: Any, typed: str
) -> None:
    """Names are stored family name first ("Kovács Anna"); every typed word must occur in the name."""
    page = text(client.get("/t/cup/pairings/", {"q": typed}))
    assert re.findall(r'<tr data-name="([^"]+)" class="highlight">', page) == ["Kovács Anna"]
    assert "1 table with a match." in page


def test_find_my_table_needs_every_typed_word_in_one_name(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/pairings/", {"q": "anna szabo"}))  # two people's names
    assert 'class="highlight"' not in page
    assert "No player matches." in page


def test_standings_current_live_and_after_a_round(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/standings/"))
    assert "badge-live" in page
    assert "During round 2" in page
    assert "As of" in page
    assert '<span aria-hidden="true">#</span><span class="visually-hidden">Rank</span></a></th>' in page
    for header in (
        "Player",
        "Club",
        "Total",
        "Table points",
        "Game points",
        "Table wins",
        "Best single round",
        "Opponents&#x27; total",
        "Fewest hands lost",
        "R1",
        "R2",
        "Hands",
        "In dispute",
    ):
        assert f">{header}</a></th>" in page, header
    assert len(row_names(page)) == 9
    anna = player_id(cup, "Kovács Anna")
    assert f'href="/t/cup/players/{anna}/">Kovács Anna</a>' in page

    after = text(client.get("/t/cup/standings/?after=1"))
    assert "After round 1." in after
    assert "badge-live" not in after.split("<table", 1)[0].split("</h1>")[0]
    assert ">R1</a>" in after
    assert ">R2</a>" not in after
    assert 'href="?after=1" aria-current="page"' in after
    assert client.get("/t/cup/standings/?after=9").status_code == 404
    assert client.get("/t/cup/standings/?after=x").status_code == 404


def test_standings_carry_each_players_line_for_a_phone(cup: Tournament, client: Any) -> None:
    """On a phone only rank, player and total are columns: the line under the name carries each round's
    score and the game points (public.css shows it there, and the columns on a wider screen)."""
    page = text(client.get("/t/cup/standings/?after=1"))
    anna = Standing.objects.get(tournament=cup, player__name="Kovács Anna", after_round=1)
    row = page.split(">Kovács Anna</a>", 1)[1].split("</tr>", 1)[0]
    score = points(anna.rounds[0]["score"])
    game_points = points(anna.game_points)
    assert (
        f'<span class="sub line"><span>R1 <b>{score}</b></span> · <span>Game points <b>{game_points}</b>'
        in row
    )
    assert 'href="#all-columns">Show all columns</a>' in page
    assert 'href="#columns">Show fewer columns</a>' in page


def test_standings_sort_without_javascript(cup: Tournament, client: Any) -> None:
    by_rank = row_names(text(client.get("/t/cup/standings/")))
    by_name = row_names(text(client.get("/t/cup/standings/?sort=player")))
    assert by_name == sorted(by_rank, key=str.casefold)
    assert row_names(text(client.get("/t/cup/standings/?sort=-player"))) == list(reversed(by_name))
    page = text(client.get("/t/cup/standings/?sort=-total"))
    assert 'data-key="total"' in page
    assert 'aria-sort="descending"' in page
    assert row_names(text(client.get("/t/cup/standings/?sort=nonsense"))) == by_rank
    # a header link toggles the direction of the column sorted by, keeping ?after=
    page = text(client.get("/t/cup/standings/?after=1&sort=player"))
    assert 'href="?after=1&amp;sort=-player"' in page


def test_standings_count_hands_in_dispute(
    cup: Tournament, client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from tournaments import services

    table = table_of(cup, 2, 1)
    seats = {seat.position: seat.player for seat in table.seats.select_related("player")}
    with django_capture_on_commit_callbacks(execute=True):
        for by, winner in (("A", "A"), ("B", "B")):  # two seats enter different results: a dispute
            payments = {p: (6 if p == winner else -2) for p in seats}
            services.hand_submit(
                table=table, number=1, source="payments", data={"payments": payments}, submitted_by=seats[by]
            )
    assert table.hands.get(number=1).status == "disputed"
    page = text(client.get("/t/cup/standings/"))
    assert "1 hand in dispute, not counted until decided." in page
    for seat in seats.values():  # and in each of the table's players' lines
        row = page.split(f">{seat.name}</a>", 1)[1].split("</tr>", 1)[0]
        assert '<span class="badge badge-disputed">1 hand in dispute</span></span>' in row
    sheet = text(client.get("/t/cup/rounds/2/tables/1/"))
    assert "in dispute" in sheet
    assert "status-disputed" in sheet


def test_player_page_rounds_opponents_and_chart(cup: Tournament, client: Any) -> None:
    anna = player_id(cup, "Kovács Anna")
    page = text(client.get(f"/t/cup/players/{anna}/"))
    assert "<h1>Kovács Anna</h1>" in page
    assert "Budapesti Tarokk Egyesület" in page
    assert page.count('<th scope="row" role="rowheader">') >= 2  # both rounds
    seat = Round.objects.get(tournament=cup, number=1).seats.get(player_id=anna)
    assert f'href="/t/cup/rounds/1/tables/{seat.table.number}/"' in page
    for other in seat.table.seats.exclude(player_id=anna).select_related("player"):
        assert other.player.name in page
    assert '<svg viewBox="0 0 320 150" role="img"' in page
    rank = Standing.objects.get(tournament=cup, player_id=anna, after_round=1).rank
    assert f"After round 1: rank {rank}." in page  # the chart's text alternative
    assert "<polyline" in page


def test_table_page_score_sheet_and_places(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/rounds/1/tables/2/"))
    table = table_of(cup, 1, 2)
    assert page.count('<tbody class="hand status-confirmed">') == 5
    assert "5 of 5 deals counted" in page
    assert "Places" in page
    assert page.count("seat-letter") == 5
    for seat in table.seats.select_related("player"):
        assert seat.player.name in page
    open_table = text(client.get("/t/cup/rounds/2/tables/1/"))
    assert "No hands entered yet." in open_table
    assert "Places" not in open_table


def test_table_page_shows_the_engines_scored_items(cup: Tournament, client: Any, organizer_user: Any) -> None:
    from tournaments import selectors

    table = table_of(cup, 1, 1)
    sheet = selectors.score_sheet(selectors.released_table(cup, 1, 1))
    page = text(client.get("/t/cup/rounds/1/tables/1/"))
    for hand in sheet:
        for item in hand.items:
            assert str(item["value"]) in page
    assert table.hands.count() == len(sheet)


def test_draw_pages(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/rounds/2/draw/"))
    assert "site-2" in page
    assert "Swiss" in page
    assert "matches the seed" in page
    assert 'href="/t/cup/rounds/2/draw.json"' in page
    draws = text(client.get("/t/cup/draws/"))
    assert "site-1" in draws
    assert "site-2" in draws
    assert draws.count("matches the seed") == 2
    assert client.get("/t/cup/rounds/2/draw.json").json()["verified"] is True


# --- 404s --------------------------------------------------------------------------------------------


def test_not_found(cup: Tournament, client: Any) -> None:
    other = Player.objects.create(name="Outsider")
    Round.objects.create(tournament=cup, number=3, seed="secret")  # a draft: not released
    for url in (
        "/t/nope/",
        "/t/cup/rounds/3/",
        "/t/cup/rounds/3/draw/",
        "/t/cup/rounds/3/draw.json",
        "/t/cup/rounds/3/tables/1/",
        "/t/cup/rounds/9/",
        "/t/cup/rounds/1/tables/9/",
        f"/t/cup/players/{other.pk}/",
        "/t/cup/players/999999/",
    ):
        assert client.get(url).status_code == 404, url
    cup.is_public = False
    cup.save()
    for url in ("/t/cup/", "/t/cup/pairings/", "/t/cup/standings/", "/t/cup/projector/", "/t/cup/draws/"):
        assert client.get(url).status_code == 404, url


def test_a_draft_tournament_is_not_public(cup: Tournament, client: Any) -> None:
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.DRAFT)
    assert client.get("/t/cup/").status_code == 404


def test_the_score_sheet_signs_each_scored_item_and_explains_the_colours(
    cup: Tournament, client: Any, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from tournaments import services

    table = next(t for t in Round.objects.get(tournament=cup, number=2).tables.all() if t.seats.count() == 4)
    assert "Scored items:" not in text(client.get(f"/t/cup/rounds/2/tables/{table.number}/"))
    deal = services.next_deal(table, 1)
    summary = {
        "kind": "played",
        "bid": "two",
        "declarer": deal.active[1],
        "partner": deal.active[2],
        "game_kontra": 1,
        "announcements": [{"team": "opponents", "bonus": "pagat_ultimo", "kontra": 0}],
        "declarations": [],
        "result": {
            "declarer_card_points": 60,
            "declarer_tricks": 6,
            "trull": None,
            "four_kings": None,
            "pagat_last_trick": {"team": "opponents", "won": False},
            "xxi_catch": None,
        },
    }
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_submit(
            table=table, number=1, source="summary", data=summary, entered_by=organizer_user, trusted=True
        )
    page = text(client.get(f"/t/cup/rounds/2/tables/{table.number}/"))
    items = page.split('<ul class="items items-line">', 1)[1].split("</ul>", 1)[0]
    assert '<li>game (kontra) <span class="won">+4</span></li>' in items  # made: the declarer's team is paid
    assert '<li>pagátultimó <span class="team">(opponents)</span> <span class="lost">−10</span></li>' in items
    assert "<strong>Scored items:</strong>" in page  # the legend, once
    assert page.count('class="legend small"') == 1


# --- the cache never serves a stale page ------------------------------------------------------------


def test_a_confirmed_hand_shows_on_the_next_request(
    cup: Tournament, client: Any, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    table = table_of(cup, 2, 1)
    urls = ["/t/cup/rounds/2/tables/1/", "/t/cup/standings/", "/t/cup/"]
    first = {url: client.get(url) for url in urls}
    again = client.get(urls[0], HTTP_IF_NONE_MATCH=first[urls[0]]["ETag"])
    assert again.status_code == 304  # unchanged: nothing to download
    assert "No hands entered yet." in text(first[urls[0]])
    with django_capture_on_commit_callbacks(execute=True):
        play_table(table, organizer_user, hands=1)
    sheet = client.get(urls[0], HTTP_IF_NONE_MATCH=first[urls[0]]["ETag"])
    assert sheet.status_code == 200
    assert '<tbody class="hand status-confirmed">' in text(sheet)
    for url in urls[1:]:
        response = client.get(url)
        assert response["ETag"] != first[url]["ETag"], url
    # a player of the table has played one more hand now (the hands column counts it)
    seat = table.seats.select_related("player").first()
    row = text(client.get(urls[1])).split(f">{seat.player.name}</a>", 1)[1].split("</tr>", 1)[0]
    assert row.endswith('data-v="5">5</td><td class="num" data-v="0"></td>'), row  # 4 hands in round 1
    assert text(client.get(urls[1])) != text(first[urls[1]])


def test_pages_are_cached_between_changes(
    cup: Tournament, client: Any, django_assert_max_num_queries: Any
) -> None:
    client.get("/t/cup/standings/")
    with django_assert_max_num_queries(4):  # the tournament and its versions; no render
        client.get("/t/cup/standings/")


# --- bounded queries --------------------------------------------------------------------------------


def add_players(cup: Tournament, count: int) -> None:
    """``count`` more players in the latest standings (stored directly: the pages only read them)."""
    club = Club.objects.create(name="Nagy Klub")
    players = Player.objects.bulk_create(Player(name=f"Játékos {i:03d}", club=club) for i in range(count))
    Registration.objects.bulk_create(
        Registration(tournament=cup, player=p, status=Registration.Status.CHECKED_IN) for p in players
    )
    Standing.objects.bulk_create(
        Standing(
            tournament=cup,
            player=p,
            after_round=2,
            rank=10 + i,
            total=Decimal("3.5"),
            table_points=Decimal("3.5"),
            game_points=-i,
            hands_played=4,
            rounds=[{"round": 1, "score": 2.0, "bye": False}, {"round": 2, "score": 1.5, "bye": False}],
            tiebreak_values={
                "table_wins": 0,
                "best_round": 2.0,
                "opponents_total": 10.5,
                "fewest_hands_lost": 3,
            },
        )
        for i, p in enumerate(players)
    )


def count_queries(client: Any, url: str) -> int:
    from django.core.cache import cache

    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    "url", ["/t/cup/standings/", "/t/cup/standings/?sort=-tb_best_round", "/t/cup/", "/t/cup/projector/live/"]
)
def test_queries_do_not_grow_with_the_players(
    cup: Tournament, client: Any, url: str, django_assert_max_num_queries: Any
) -> None:
    few = count_queries(client, url)
    add_players(cup, 200)
    from django.core.cache import cache

    cache.clear()
    with django_assert_max_num_queries(few):
        response = client.get(url)
    assert "Játékos 199" in text(response) or url == "/t/cup/"


def test_a_200_player_standings_page_renders_fast(cup: Tournament, client: Any) -> None:
    from django.core.cache import cache

    add_players(cup, 200)
    client.get("/t/cup/standings/")  # templates compiled, connection warm
    timings = []
    for _ in range(5):
        cache.clear()
        start = time.perf_counter()
        response = client.get("/t/cup/standings/")
        timings.append(time.perf_counter() - start)
    assert len(row_names(text(response))) == 209
    print(f"cold standings render, 209 players: best {min(timings) * 1000:.1f} ms")
    assert min(timings) < 0.25  # the target is 100 ms on the benchmark machine; generous here


@pytest.mark.parametrize(
    "url",
    [
        "/t/cup/pairings/",
        "/t/cup/rounds/1/",
        "/t/cup/rounds/1/tables/2/",
        "/t/cup/rounds/1/draw/",
        "/t/cup/draws/",
    ],
)
def test_pairings_tables_and_draws_queries_are_bounded(cup: Tournament, client: Any, url: str) -> None:
    assert count_queries(client, url) <= 16
