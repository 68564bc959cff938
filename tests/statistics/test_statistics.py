"""Statistics from the hands: entered and confirmed through the results services as tables do, for two
games; a disputed or pending hand never counts, a voided one counts for nothing; the API, the tournament's
page and the player page's snippet show them in the reader's language."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from engine.games import game
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.results.test_results import pay, played, seat
from tournaments import services
from tournaments.results.models import Hand
from tournaments.statistics.selectors import player_statistics, tournament_statistics

pytestmark = pytest.mark.django_db


def enter(table, number, data, *, by="A", confirm="C", source="summary"):
    sub = services.hand_submit(
        table=table,
        number=number,
        source=source,
        data=data,
        submitted_by=seat(table, by),
        confirm_unusual=True,
    )
    if confirm:
        services.hand_confirm(sub, seat(table, confirm))
    return sub


def trull_hand(bid, declarer, partner, points, tricks):
    hand = played(bid, declarer, partner, points=points, tricks=tricks)
    hand["result"]["trull"] = "declarer"
    return hand


@pytest.fixture
def hungarian(django_capture_on_commit_callbacks):
    """Five hands at a Hungarian table: B wins a three with C (and a silent trull), typed payments, B
    defends against D's two (lost), B's one is confirmed and then contested (disputed), a pending hand."""
    tournament = TournamentFactory(deals_per_round_4=6, deals_per_round_5=6)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    with django_capture_on_commit_callbacks(execute=True):
        enter(table, 1, trull_hand("three", "B", "C", 60, 5))
        enter(table, 2, pay(2, -2, 2, -2), source="payments")
        enter(table, 3, played("two", "D", "A", points=30, tricks=3))
        enter(table, 4, played("one", "B", "C", points=50, tricks=5))
    return table


def test_a_players_statistics_count_confirmed_hands_only(
    hungarian, django_capture_on_commit_callbacks
) -> None:
    table = hungarian
    b = seat(table, "B")
    before = player_statistics(b)
    (g,) = before.games
    assert (g.game, g.hands, g.with_facts, g.declarer, g.declarer_won) == ("hungarian", 4, 3, 2, 2)
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_contest(Hand.objects.get(number=4), contested_by=seat(table, "D"), reason="a kontra")
        enter(table, 5, played("three", "B", "C", points=70, tricks=6), confirm=None)  # pending
    assert Hand.objects.get(number=4).status == Hand.Status.DISPUTED
    (g,) = player_statistics(b).games  # the contest shows at once: the cache key moved with the standings
    assert (g.hands, g.with_facts, g.declarer, g.declarer_won) == (3, 2, 1, 1)
    assert [(c.contract, c.played, c.won) for c in g.contracts] == [("three", 1, 1)]
    assert (g.partner, g.opponent, g.opponent_won) == (0, 1, 1)
    assert [(x.name, x.announced, x.made) for x in g.bonuses] == [("trull", 0, 1)]
    paid = [Hand.objects.get(number=n).payments["B"] for n in (1, 2, 3)]
    assert (g.payments_total, g.payments_best, g.payments_worst) == (sum(paid), max(paid), min(paid))
    assert g.payments_mean == round(sum(paid) / 3, 2)
    (c,) = player_statistics(seat(table, "C")).games
    assert (c.partner, c.partner_won, c.declarer) == (1, 1, 0)


def test_a_voided_hand_counts_as_played_for_nothing(hungarian, admin_user) -> None:
    services.hand_void(Hand.objects.get(number=3), by=admin_user, reason="misdeal")
    (g,) = player_statistics(seat(hungarian, "B")).games
    assert (g.hands, g.voided, g.opponent) == (4, 1, 0)


def test_a_players_statistics_take_two_queries_then_one(hungarian) -> None:
    b = seat(hungarian, "B")
    with CaptureQueriesContext(connection) as cold:
        player_statistics(b)
    with CaptureQueriesContext(connection) as warm:
        player_statistics(b)
    assert (len(cold), len(warm)) == (2, 1)


def test_a_private_tournament_counts_for_the_public_only_when_asked(hungarian) -> None:
    tournament = hungarian.round.tournament
    tournament.is_public = False
    tournament.save()
    b = seat(hungarian, "B")
    assert player_statistics(b).games == ()
    assert player_statistics(b, public_only=False).games[0].hands == 4


@pytest.fixture
def koenigrufen(django_capture_on_commit_callbacks):
    tournament = TournamentFactory(game="koenigrufen", rules_preset="wiener_tarockcup", deals_per_round_4=4)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    rufer = {
        "kind": "played",
        "contract": "rufer",
        "declarer": "B",
        "partner": "C",
        "won": True,
        "bonuses": {"pagat": {"side": "declarer", "announced": True, "made": True}},
    }
    fahren = {"kind": "trischaken", "card_points": {"A": 30, "B": 20, "C": 10, "D": 10}, "jungfrau": []}
    solo = {"kind": "played", "contract": "solodreier", "declarer": "A", "won": False}
    with django_capture_on_commit_callbacks(execute=True):
        enter(table, 1, rufer)
        enter(table, 2, fahren)
        enter(table, 3, solo, by="B")
        services.hand_contest(Hand.objects.get(number=3), contested_by=seat(table, "D"), reason="won")
    return table


def test_a_tournaments_distribution_leaves_out_the_disputed_hand(koenigrufen) -> None:
    stats = tournament_statistics(koenigrufen.round.tournament)
    assert (stats.hands, stats.with_facts, stats.declared) == (2, 2, 1)
    assert [(c.contract, c.played, c.won, stats.share(c)) for c in stats.contracts] == [
        ("rufer", 1, 1, 100.0)
    ]
    assert stats.other == (("trischaken", 1),)
    assert [(b.name, b.announced, b.made) for b in stats.bonuses] == [("pagat", 1, 1)]
    (a,) = player_statistics(seat(koenigrufen, "A")).games
    assert (a.game, a.hands, a.declarer, a.opponent) == ("koenigrufen", 2, 0, 1)


def test_the_api_gives_a_players_and_a_tournaments_statistics(koenigrufen, client) -> None:
    tournament = koenigrufen.round.tournament
    b = seat(koenigrufen, "B")
    body = client.get(
        f"/api/v1/players/{b.pk}/statistics/?game=koenigrufen", HTTP_ACCEPT_LANGUAGE="de"
    ).json()
    (g,) = body["games"]
    assert g["declarer"] == {"hands": 1, "won": 1}
    assert g["contracts"][0]["label"] == "Rufer"
    assert g["bonuses"][0]["name"] == "pagat"
    assert client.get(f"/api/v1/players/{b.pk}/statistics/?game=hungarian").json()["games"] == []
    bad = client.get(f"/api/v1/players/{b.pk}/statistics/?game=chess")
    assert bad.status_code == 400
    assert "game" in str(bad.json())
    assert client.get("/api/v1/players/999999/statistics/").status_code == 404
    old = PlayerFactory(merged_into=b)
    assert client.get(f"/api/v1/players/{old.pk}/statistics/").json()["player"] == b.pk
    body = client.get(f"/api/v1/tournaments/{tournament.slug}/statistics/").json()
    assert body["contracts"][0]["share_percent"] == 100.0
    assert body["other"] == {"trischaken": 1}
    tournament.is_public = False
    tournament.save()
    assert client.get(f"/api/v1/tournaments/{tournament.slug}/statistics/").status_code == 404


def test_the_tournaments_statistics_page_names_contracts_in_the_readers_language(hungarian, client) -> None:
    slug = hungarian.round.tournament.slug
    page = client.get(f"/t/{slug}/statistics/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Contracts" in html
    assert "trull" in html
    assert "three" in html
    hu = client.get(f"/t/{slug}/statistics/", HTTP_ACCEPT_LANGUAGE="hu")
    assert "három" in hu.content.decode()
    assert f"/t/{slug}/statistics/" in client.get(f"/t/{slug}/").content.decode()


def test_the_player_snippet_renders_a_players_statistics(hungarian) -> None:
    stats = player_statistics(seat(hungarian, "B"))
    with translation.override("en"):
        html = render_to_string("tournaments/players/_statistics.html", {"statistics": stats})
    assert "As declarer" in html
    assert "trull" in html
    assert "Hungarian" in html or "Tarokk" in html
    with translation.override("de"):
        assert "drei" in render_to_string("tournaments/players/_statistics.html", {"statistics": stats})
    with translation.override("en"):
        empty = render_to_string(
            "tournaments/players/_statistics.html", {"statistics": player_statistics(PlayerFactory())}
        )
    assert "No confirmed hand yet." in empty


def test_a_hand_entered_as_a_record_counts_what_its_replay_says(django_capture_on_commit_callbacks) -> None:
    tournament = TournamentFactory(deals_per_round_4=4)
    table = seated_table(tournament, PlayerFactory.create_batch(4))
    descriptor = game("hungarian")
    deal = services.next_deal(table, 1)
    rules = descriptor.resolve_rules("tournament")
    for seed in range(20):  # a hand the bots play out (not passed out), as a table would upload it
        record = descriptor.bot_record(seed, rules, list(deal.active), deal.stake)
        summary = descriptor.replay(record).summary
        if summary["kind"] == "played":
            break
    with django_capture_on_commit_callbacks(execute=True):
        enter(table, 1, record, source="record")
    (g,) = player_statistics(seat(table, summary["declarer"])).games
    assert (g.hands, g.with_facts, g.declarer) == (1, 1, 1)
    stats = tournament_statistics(tournament)
    assert [c.contract for c in stats.contracts] == [summary["bid"]]


def test_a_change_to_one_tournament_recomputes_only_its_share(
    hungarian, admin_user, django_capture_on_commit_callbacks
) -> None:
    """A player's statistics add up a share per tournament: after a change to one of their tournaments only
    that tournament's hands are read again, and the sum is what a computation from nothing gives."""
    b = seat(hungarian, "B")
    other = TournamentFactory(deals_per_round_4=4)
    table = seated_table(other, [b, *PlayerFactory.create_batch(3)])
    with django_capture_on_commit_callbacks(execute=True):
        enter(table, 1, played("two", "B", "A", points=40, tricks=4), by="C", confirm="D")
        enter(table, 2, played("three", "C", "D", points=70, tricks=6), by="A", confirm="B")
    player_statistics(b)
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_void(Hand.objects.get(table=table, number=2), by=admin_user, reason="misdeal")
    with CaptureQueriesContext(connection) as after:
        changed = player_statistics(b)
    (hands,) = [q["sql"] for q in after.captured_queries if 'FROM "tournaments_hand"' in q["sql"]]
    assert f'"table_id" IN ({table.pk})' in hands  # the other tournament's share came from the cache
    cache.clear()
    assert changed == player_statistics(b)
    (g,) = changed.games
    assert (g.hands, g.voided) == (6, 1)  # four hands of the first tournament, two of the other
