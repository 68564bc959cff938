"""``manage.py demo --season``: a cup of four qualifiers and its final, end to end through the services, the
event route and the pages (what the README shows)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament
from tournaments.ratings.models import PlayerRating, RatingChange
from tournaments.series.models import MAIN_RANKING, Series, SeriesStanding

# committed: the finishes reach the series and the ratings after commit, as on a real installation
pytestmark = pytest.mark.django_db(transaction=True)


def _season(**options) -> str:
    out = StringIO()
    call_command("demo", season=True, deals=2, rounds=2, stdout=out, **options)
    return out.getvalue()


def test_a_season_runs_from_the_qualifiers_to_the_seeded_final_and_shows_on_the_pages_then_replaces(client):
    output = _season()
    series = Series.objects.get(slug="demo-kupa-2026")
    qualifiers = list(series.tournaments.order_by("starts_on"))
    assert len(qualifiers) == 4
    assert all(t.status == Tournament.Status.FINISHED for t in qualifiers)
    # the series' standings followed the finishes through the event route, and are current
    assert series.state.stale_since is None
    assert series.state.computed_version == series.state.version
    main = list(SeriesStanding.objects.filter(series=series, ranking=MAIN_RANKING).order_by("rank"))
    assert main[0].rank == 1
    assert main[0].eligible
    # best 3 of 4: nobody counts more than three results; a four-time player has one dropped
    assert all(sum(r["counted"] for r in line.results) <= 3 for line in main)
    four = [line for line in main if line.tournaments_played == 4]
    assert all(sum(not r["counted"] for r in line.results) == 1 for line in four)
    # the final: a tournament of the project, its players the qualified, seeded by their series rank
    final = series.final
    assert final.status == Tournament.Status.FINISHED
    assert final.seed_by == Tournament.SeedBy.SEEDS
    qualified = [line.player_id for line in main if line.qualified]
    seeds = dict(final.registrations.values_list("player_id", "seed"))
    assert sorted(seeds) == sorted(qualified)
    assert sorted(seeds.values()) == list(range(1, len(qualified) + 1))
    assert final.rounds.get(number=1).method == "seeded"
    assert final.rounds.filter(status=Round.Status.CLOSED).count() == 2
    # every finished tournament rated once; a player's count is the tournaments they played
    assert (
        RatingChange.objects.filter(tournament__in=[*qualifiers, final])
        .values("tournament")
        .distinct()
        .count()
        == 5
    )
    leader = main[0].player
    rated = PlayerRating.objects.get(player=leader, game=series.game)
    assert rated.tournaments == leader.registrations.count()
    # the console says it as the pages do
    assert "→ final" in output
    assert "Nők:" in output
    assert f"/series/{series.slug}/" in output

    page = client.get(f"/series/{series.slug}/")
    assert page.status_code == 200
    assert leader.name in page.content.decode()
    profile = client.get(f"/players/{leader.pk}/").content.decode()
    for section in ("Cups and series", "Rating over time", "Statistics", series.name, final.name):
        assert section in profile, section
    assert client.get(f"/ratings/{series.game}/").status_code == 200
    assert series.name in client.get(f"/clubs/{series.club.slug}/").content.decode()

    # a second season replaces the first, and the ratings forget the tournaments that went with it
    first = set(Tournament.objects.filter(slug__startswith="demo-kupa-2026-").values_list("pk", flat=True))
    _season(seed="another")
    assert Series.objects.filter(slug="demo-kupa-2026").count() == 1
    now = set(Tournament.objects.filter(slug__startswith="demo-kupa-2026-").values_list("pk", flat=True))
    assert len(now) == 5
    assert not first & now
    for rating in PlayerRating.objects.all():
        assert (
            rating.tournaments == RatingChange.objects.filter(player=rating.player, game=rating.game).count()
        )
