"""The admin's share of the organizer's day (issue 21 §3): finishing a tournament through the service
(refused while a round is open), and the extra round's reason shown with the round."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.draw.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return get_user_model().objects.create_superuser("organizer", password="pw-organizer-1")


@pytest.fixture
def organizer(client: Client, user) -> Client:
    client.force_login(user)
    return client


def action(client: Client, model: str, name: str, ids: list[int]):
    url = reverse(f"admin:tournaments_{model}_changelist")
    return client.post(url, {"action": name, "_selected_action": ids}, follow=True)


def play(round_: Round) -> None:
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        services.hand_submit(
            table=table,
            number=1,
            source="payments",
            data={"payments": dict.fromkeys(positions, 0)},
            trusted=True,
        )


def test_the_admin_finishes_a_tournament_and_shows_an_extra_rounds_reason(organizer: Client, user) -> None:
    tournament = TournamentFactory(rounds_planned=1, deals_per_round_4=1, deals_per_round_5=1)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True, by=user)
    round1 = services.round_generate(tournament, seed="a", by=user)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round1, by=user)
    refused = action(organizer, "tournament", "finish", [tournament.pk])
    assert "close round 1 before finishing the tournament" in refused.content.decode()
    play(round1)
    services.round_close(round1, by=user)
    round2 = services.round_generate(tournament, seed="b", by=user, extra_reason="time for one more")
    changelist = organizer.get(reverse("admin:tournaments_round_changelist")).content.decode()
    assert "time for one more" in changelist
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round2, by=user)
    play(round2)
    services.round_close(round2, by=user)
    action(organizer, "tournament", "finish", [tournament.pk])
    tournament.refresh_from_db()
    assert tournament.finished_at is not None
    assert tournament.status == "finished"
    assert tournament.history.first().history_user == user
