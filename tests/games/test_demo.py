"""``manage.py demo --game G`` builds a demo tournament of every game: its preset's format, every deal of
every table entered by the game's bots (a record) or its plausible summaries (scored by the engine),
confirmed by a second seat, and the standings printed."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from engine.games import GAMES
from tournaments.organizing.models import Tournament
from tournaments.results.models import Hand, HandSubmission

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_demo_tournament_of_every_game(game_id: str, django_capture_on_commit_callbacks: Any) -> None:
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", game=game_id, slug=f"demo-{game_id}", rounds=2, deals=2, stdout=out)
    tournament = Tournament.objects.get(slug=f"demo-{game_id}")
    assert tournament.game == game_id
    hands = Hand.objects.filter(table__round__tournament=tournament)
    assert hands.count() > 0
    assert set(hands.values_list("status", flat=True)) == {"confirmed"}
    sources = set(HandSubmission.objects.filter(hand__in=hands).values_list("source", flat=True))
    assert sources == ({"record"} if GAMES[game_id].bot_record else {"summary"})
    text = out.getvalue()
    assert "Standings of" in text
    assert "Round 2:" in text
