"""Projector mode through Django's test client: the page embeds its live fragment; the fragment answers
304 to If-None-Match while nothing changed and shows a confirmed hand on the next poll."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils.timezone import localtime

from tests.site_data import play_table
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db


def text(response: Any) -> str:
    return response.content.decode()


def test_projector_page_shows_pairings_standings_and_timer(cup: Tournament, client: Any) -> None:
    page = text(client.get("/t/cup/projector/"))
    assert 'data-live-url="/t/cup/projector/live/"' in page
    assert 'class="projector"' in page
    assert "projector.js" in page
    assert "Pairings · round 2" in page
    assert page.count("pj-item pj-table") == 2
    assert "Standings" in page
    assert page.count('<tr class="pj-item">') == 9
    ends = Round.objects.get(tournament=cup, number=2).ends_at
    assert ends is not None
    assert f'<p class="timer" data-ends="{localtime(ends).isoformat()}"' in page  # includes/timer.html
    assert "timer.js" in page
    assert "Round 2 of 3" in page
    assert '<meta http-equiv="refresh" content="60">' in page  # without JavaScript it still refreshes


def test_projector_shows_only_standings_between_rounds(
    cup: Tournament, client: Any, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from tournaments import services

    round2 = Round.objects.get(tournament=cup, number=2)
    with django_capture_on_commit_callbacks(execute=True):
        for table in round2.tables.all():
            play_table(table, organizer_user)
        services.round_close(round2, by=organizer_user)
    page = text(client.get("/t/cup/projector/live/"))
    assert 'data-view="pairings"' not in page
    assert 'data-view="standings"' in page
    assert "after round 2" in page
    assert 'class="timer"' not in page


def test_fragment_304_while_unchanged_then_new_content(
    cup: Tournament, client: Any, organizer_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    first = client.get("/t/cup/projector/live/")
    assert first.status_code == 200
    assert first["ETag"]
    assert "<html" not in text(first)
    assert 'class="pj-live"' in text(first)
    assert client.get("/t/cup/projector/live/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    table = Round.objects.get(tournament=cup, number=2).tables.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        play_table(table, organizer_user, hands=2)
    second = client.get("/t/cup/projector/live/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200
    assert second["ETag"] != first["ETag"]
    version = text(first).split('data-version="', 1)[1].split('"', 1)[0]
    assert f'data-version="{version}"' not in text(second)


def test_projector_of_a_hidden_tournament_is_404(cup: Tournament, client: Any) -> None:
    Tournament.objects.filter(pk=cup.pk).update(is_public=False)
    assert client.get("/t/cup/projector/").status_code == 404
    assert client.get("/t/cup/projector/live/").status_code == 404
