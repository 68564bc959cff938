"""``manage.py demo`` plays a whole tournament with the engine's bots through the services."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client

from tournaments.draw.models import Round, Seat
from tournaments.organizing.models import Tournament
from tournaments.results.models import Hand, HandSubmission
from tournaments.services import round_verify
from tournaments.standings.models import Standing

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit tasks run, as in a real run


def test_it_plays_a_small_demo_and_prints_the_standings(client: Client) -> None:
    out = io.StringIO()
    call_command("demo", "--players", "9", "--rounds", "2", "--deals", "4", "--seed", "t", stdout=out)
    tournament = Tournament.objects.get(slug="demo")
    rounds = list(tournament.rounds.order_by("number"))
    assert [r.status for r in rounds] == [Round.Status.CLOSED, Round.Status.CLOSED]
    assert all(round_verify(r) for r in rounds)
    assert sorted(t.seats.count() for t in rounds[0].tables.all()) == [4, 5]
    assert Hand.objects.filter(table__round__tournament=tournament).count() == 2 * (4 + 5)
    assert HandSubmission.objects.filter(source="record", status="confirmed").count() == 18
    assert Standing.objects.filter(tournament=tournament, after_round=2).count() == 9
    text = out.getvalue()
    assert "Standings of Demo Kupa 2026 after round 2" in text
    first = Standing.objects.get(tournament=tournament, after_round=2, rank=1).player.name
    assert first in text
    page = client.get("/t/demo/").content.decode()
    assert first in page
    assert Seat.objects.filter(round=rounds[1]).first().player.name in page


def test_it_publishes_each_draw_with_what_is_needed_to_check_it(client: Client) -> None:
    call_command(
        "demo", "--players", "8", "--rounds", "2", "--deals", "1", "--seed", "v", stdout=io.StringIO()
    )
    body = client.get("/t/demo/rounds/2/draw.json").json()
    assert body["method"] == "swiss"
    assert body["seed"] == "v-round-2"
    assert body["verified"] is True
    assert sorted(body["input"]["players"]) == sorted(p for t in body["tables"] for p in t["seats"].values())
    from tournaments.draw.services.rounds import compute_draw

    redraw = compute_draw(body["method"], body["input"], body["seed"])
    assert [list(t.players) for t in redraw.tables] == [
        [t["seats"][p] for p in sorted(t["seats"])] for t in body["tables"]
    ]
    assert client.get("/t/demo/rounds/9/draw.json").status_code == 404


def test_it_leaves_the_last_round_in_play_with_live(client: Client) -> None:
    call_command(
        "demo",
        "--players",
        "8",
        "--rounds",
        "2",
        "--deals",
        "4",
        "--seed",
        "l",
        "--live",
        stdout=io.StringIO(),
    )
    tournament = Tournament.objects.get(slug="demo")
    last = tournament.rounds.get(number=2)
    assert last.status == Round.Status.IN_PLAY
    assert Hand.objects.filter(table__round=last, status="confirmed").count() == 2 * 2  # half of 4 deals
    assert all(table.codes.filter(replaced_at__isnull=True).exists() for table in last.tables.all())


def test_live_demo_prints_provisional_standings_during_the_round_in_play() -> None:
    """The console standings of ``demo --live`` (and so of ``quickstart``) count the hands entered so far
    and say so: "during round 2", the round's points marked, not "after round 2"."""
    out = io.StringIO()
    call_command(
        "demo", "--players", "9", "--rounds", "2", "--deals", "4", "--seed", "p", "--live", stdout=out
    )
    text = out.getvalue()
    assert "Standings of Demo Kupa 2026 during round 2:" in text
    assert "after round 2" not in text
    assert "(provisional: round 2 is still being played; ° marks its points" in text
    tournament = Tournament.objects.get(slug="demo")
    rows = text.split("rounds        game  hands\n", 1)[1].strip().splitlines()
    assert len(rows) == 9
    for standing in Standing.objects.filter(tournament=tournament, after_round=2):
        line = next(row for row in rows if standing.player.name in row)
        scores = {entry["round"]: entry["score"] for entry in standing.rounds}
        assert f"{scores[1]:>3g} {scores[2]:>3g}°" in line  # round 1 final, round 2 provisional
